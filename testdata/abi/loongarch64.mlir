// LoongArch LP64D: the RISC-V LP64D rules, except that a zero-width
// bit-field does not stop a struct from being passed as its float and int
// fields, and `char` is signed (checked with clang-19 and clang-22 -O0 -S
// -emit-llvm --target=loongarch64-unknown-linux-gnu on the C in the comments;
// riscv64 gives `i64 @fz(i64, ...)` and `zeroext i8 @ext(i8 zeroext, ...)`).
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=loongarch64-unknown-linux-gnu %s | FileCheck %s
// RUN: irkit opt --mlir-compat=19 --abi-lower --triple=loongarch64-linux-gnu %s | FileCheck %s --check-prefix=LOWER

!s8i = !cir.int<s, 8>
!s32i = !cir.int<s, 32>
!s64i = !cir.int<s, 64>
!FZI = !cir.record<struct "FZI" {!cir.float, !s32i bits(0) unnamed, !s32i}>
!DD = !cir.record<struct "DD" {!cir.double, !cir.double}>
!L3 = !cir.record<struct "L3" {!s64i, !s64i, !s64i}>

// struct FZI { float f; int : 0; int i; }; struct DD { double a, b; };
// struct L3 { long a, b, c; };
// struct FZI fz(struct FZI a, struct DD b, struct L3 c);
// CHECK: declare { float, i32 } @fz(float, i32, double, double, ptr)
// LOWER: "cir.func"() <{function_type = !cir.func<(!cir.float, !cir.int<u, 32>, !cir.double, !cir.double, !cir.ptr<{{.*}}>) -> !cir.record<struct {!cir.float, !cir.int<u, 32>}>>, sym_name = "fz"}>
"cir.func"() <{function_type = !cir.func<(!FZI, !DD, !L3) -> !FZI>, sym_name = "fz"}> ({}) : () -> ()

// char ext(char c, unsigned u, unsigned short us, _Bool b, __int128 i,
//          long double ld);
// CHECK: declare signext i8 @ext(i8 signext, i32 signext, i16 zeroext, i1 zeroext, i128, fp128)
"cir.func"() <{function_type = !cir.func<(!s8i, !cir.int<u, 32>, !cir.int<u, 16>, !cir.bool, !cir.int<s, 128>, !cir.long_double<!cir.f128>) -> !s8i>, sym_name = "ext"}> ({}) : () -> ()
