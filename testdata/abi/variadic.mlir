// Variadic functions: the declaration classifies the fixed parameters, and
// each call passing variadic arguments is classified on its own (the
// arguments are given after C's default promotions, as ClangIR emits them).
// Expected lines are clang-19's for the C below (-O0 -S -emit-llvm, ABI
// attributes only), on four targets whose variadic rules differ:
// x86_64 (same classes as fixed), AAPCS-VFP (the whole variadic function
// uses base AAPCS: no homogeneous aggregates, the HFA return goes through
// sret), RISC-V (no floating-point convention for variadic arguments) and
// i686 MSVC (an over-aligned record is passed by pointer as a fixed
// parameter but byval as a variadic argument).
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=x86_64-unknown-linux-gnu %s | FileCheck %s --check-prefix=X86
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=armv7-unknown-linux-gnueabihf %s | FileCheck %s --check-prefix=ARM
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=riscv64-unknown-linux-gnu %s | FileCheck %s --check-prefix=RV64
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=i686-pc-windows-msvc %s | FileCheck %s --check-prefix=W32
// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic --abi-lower --triple=riscv64-unknown-linux-gnu %s | FileCheck %s --check-prefix=LOWER
//
// C: struct S { double d; int i; };
// C: struct H { double a, b, c; };
// C: struct __attribute__((aligned(16))) A { int x; };
// C: signed char vf(int, ...);
// C: struct H vh(struct H, ...);
// C: void va(struct A, ...);
// C: void caller(int i, struct S s, struct H h, struct A a) { vf(i, s, h, i); vh(h, h, s); va(a, a); }

!S = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
!H = !cir.record<struct "H" {!cir.double, !cir.double, !cir.double}>
!A = !cir.record<struct "A" align(16) {!cir.int<s, 32>}>
!s32i = !cir.int<s, 32>
"cir.func"() <{function_type = !cir.func<(!s32i, ...) -> !cir.int<s, 8>>, sym_name = "vf"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!H, ...) -> !H>, sym_name = "vh"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!A, ...)>, sym_name = "va"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!s32i, !S, !H, !A)>, sym_name = "caller"}> ({
^bb0(%i: !s32i, %s: !S, %h: !H, %a: !A):
  %r = "cir.call"(%i, %s, %h, %i) <{callee = @vf}> : (!s32i, !S, !H, !s32i) -> !cir.int<s, 8>
  %q = "cir.call"(%h, %h, %s) <{callee = @vh}> : (!H, !H, !S) -> !H
  "cir.call"(%a, %a) <{callee = @va}> : (!A, !A) -> ()
  "cir.return"() : () -> ()
}) : () -> ()

// X86: declare signext i8 @vf(i32, ...)
// X86-NEXT: declare void @vh(ptr sret({ double, double, double }) align 8, ptr byval({ double, double, double }) align 8, ...)
// X86-NEXT: declare void @va(i32, ...)
// X86-NEXT: declare void @caller(i32, double, i32, ptr byval({ double, double, double }) align 8, i32)
// X86-NEXT: call signext i8 (i32, ...) @vf(i32, double, i32, ptr byval({ double, double, double }) align 8, i32)
// X86-NEXT: call void (ptr, ptr, ...) @vh(ptr sret({ double, double, double }) align 8, ptr byval({ double, double, double }) align 8, ptr byval({ double, double, double }) align 8, double, i32)
// X86-NEXT: call void (i32, ...) @va(i32, i32)

// ARM: declare signext i8 @vf(i32, ...)
// ARM-NEXT: declare void @vh(ptr sret({ double, double, double }) align 8, [3 x i64], ...)
// ARM: call signext i8 (i32, ...) @vf(i32, [2 x i64], [3 x i64], i32)
// ARM-NEXT: call void (ptr, [3 x i64], ...) @vh(ptr sret({ double, double, double }) align 8, [3 x i64], [3 x i64], [2 x i64])

// RV64: declare signext i8 @vf(i32 signext, ...)
// RV64-NEXT: declare void @vh(ptr sret({ double, double, double }) align 8, ptr, ...)
// RV64: call signext i8 (i32, ...) @vf(i32 signext, [2 x i64], ptr, i32 signext)
// RV64-NEXT: call void (ptr, ptr, ...) @vh(ptr sret({ double, double, double }) align 8, ptr, ptr, [2 x i64])

// W32: declare void @va(ptr, ...)
// W32: call void (ptr, ...) @va(ptr, ptr byval({ i32, [12 x i8] }) align 4)

// The lowered declaration keeps its `...`; a call's variadic arguments are
// lowered like parameters (the `{double, int}` struct through memory as
// `[2 x i64]`, not in FP registers).
// LOWER: function_type = !cir.func<(!cir.int<s, 32>, ...) -> !cir.int<s, 8>>, res_attrs = [{abi.signext}], sym_name = "vf"
// LOWER: "cir.call"(%arg0, %{{[0-9]+}}, %{{[0-9]+}}, %arg0) <{callee = @vf}> : (!cir.int<s, 32>, !cir.array<!cir.int<u, 64> x 2>, !cir.ptr<!cir.record<struct "H" {!cir.double, !cir.double, !cir.double}>>, !cir.int<s, 32>) -> !cir.int<s, 8>
