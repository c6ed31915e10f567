// RISC-V ILP32D (XLEN 32, FLEN 64): `double` goes in an FPR, and a struct of
// one double and one int is passed CoerceAndExpand as its fields; 8-byte
// aggregates become [2 x i32]; `unsigned int` is not extended; `long double`
// is fp128 (checked with clang-19 and clang-22 -O0 -S -emit-llvm
// --target=riscv32-unknown-linux-gnu on the C in the comments).
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=riscv32-unknown-linux-gnu %s | FileCheck %s
// RUN: irkit opt --mlir-compat=19 --abi-lower --triple=riscv32-linux-gnu %s | FileCheck %s --check-prefix=LOWER

!s8i = !cir.int<s, 8>
!s32i = !cir.int<s, 32>
!u32i = !cir.int<u, 32>
!s64i = !cir.int<s, 64>
!u64i = !cir.int<u, 64>
!DI = !cir.record<struct "DI" {!cir.double, !s32i}>
!DL = !cir.record<struct "DL" {!cir.double, !s64i}>
!II = !cir.record<struct "II" {!s32i, !s32i}>
!FI = !cir.record<struct "FI" {!cir.float, !s32i}>
!LD = !cir.long_double<!cir.f128>

// struct DI { double d; int i; }; struct DL { double d; long long l; };
// struct II { int a, b; };
// struct DI fdi(struct DI a, struct DL b, struct II c);
// CHECK: declare { double, i32 } @fdi(double, i32, ptr, [2 x i32])
// LOWER: "cir.func"() <{function_type = !cir.func<(!cir.double, !cir.int<u, 32>, !cir.ptr<!cir.record<struct "DL" {{.*}}>>, !cir.array<!cir.int<u, 32> x 2>) -> !cir.record<struct {!cir.double, !cir.int<u, 32>}>>, sym_name = "fdi"}>
"cir.func"() <{function_type = !cir.func<(!DI, !DL, !II) -> !DI>, sym_name = "fdi"}> ({}) : () -> ()

// unsigned long long ext(unsigned u, unsigned short us, signed char c,
//                        long l, long long ll, void *p);
// CHECK: declare i64 @ext(i32, i16 zeroext, i8 signext, i32, i64, ptr)
"cir.func"() <{function_type = !cir.func<(!u32i, !cir.int<u, 16>, !s8i, !s32i, !s64i, !cir.ptr<!cir.void>) -> !u64i>, sym_name = "ext"}> ({}) : () -> ()

// long double ld(long double a, _Complex double c, _Complex long double cl);
// CHECK: declare fp128 @ld(fp128, double, double, ptr)
"cir.func"() <{function_type = !cir.func<(!LD, !cir.complex<!cir.double>, !cir.complex<!LD>) -> !LD>, sym_name = "ld"}> ({}) : () -> ()

// Once fa0-fa7 are taken, a double goes in two GPRs and struct FI takes the
// integer convention.
// struct FI { float f; int i; };
// void fpr(double a0, double a1, double a2, double a3, double a4, double a5,
//          double a6, double a7, double s, struct FI t);
// CHECK: declare void @fpr(double, double, double, double, double, double, double, double, double, [2 x i32])
"cir.func"() <{function_type = !cir.func<(!cir.double, !cir.double, !cir.double, !cir.double, !cir.double, !cir.double, !cir.double, !cir.double, !cir.double, !FI)>, sym_name = "fpr"}> ({}) : () -> ()
