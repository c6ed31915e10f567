// `irkit abi --format=llvm` on CIR declarations. Every CHECK line is the `define`
// line clang-19 -O0 -S -emit-llvm emits for the equivalent C (below), with non-ABI
// attributes dropped and named struct types written as literal types.
// RUN: irkit abi --triple=x86_64-unknown-linux-gnu --format=llvm %s | FileCheck %s --check-prefix=X86
// RUN: irkit abi --triple=aarch64-unknown-linux-gnu --format=llvm %s | FileCheck %s --check-prefix=A64
//
// C: struct S { double d; int i; };
// C: struct F3 { float a, b, c; };
// C: struct Big { double d[5]; };
// C: struct B { int a : 3; unsigned char : 0; float f __attribute__((aligned(16))); };
// C: struct Node { struct Node *n; };
// C: union U { float f; int i; };
// C: struct P { char c; int i; } __attribute__((packed));
// C: struct E {};
// C: struct H4 { float a, b, c, d; };
// C: struct D3 { double a, b, c; };
// C: struct A32 { int i; } __attribute__((aligned(32)));
// C: void f(int a, struct S s) {}
// C: void g(unsigned char c, _Bool b, struct F3 x) {}
// C: void h(struct Big b, struct B bb) {}
// C: void k(struct Node *n, union U u, struct P p, struct E e, int i) {}
// C: void l(struct H4 h, struct D3 d, struct A32 a, __int128 x, short s) {}
// C: void m(double a, double b, double c, double d, double e, double f, double g, double h, double i) {}
// C: void n(long a, long b, long c, long d, long e, long f, struct S s, signed char sc) {}

!s8i = !cir.int<s, 8>
!s16i = !cir.int<s, 16>
!s32i = !cir.int<s, 32>
!s64i = !cir.int<s, 64>
!s128i = !cir.int<s, 128>
!u8i = !cir.int<u, 8>
!S = !cir.record<struct "S" {!cir.double, !s32i}>
!F3 = !cir.record<struct "F3" {!cir.float, !cir.float, !cir.float}>
!Big = !cir.record<struct "Big" {!cir.array<!cir.double x 5>}>
!B = !cir.record<struct "B" {!s32i bits(3), !u8i bits(0) unnamed, !cir.float align(16)}>
!U = !cir.record<union "U" {!cir.float, !s32i}>
!P = !cir.record<struct "P" packed {!s8i, !s32i}>
!E = !cir.record<struct "E" {}>
!H4 = !cir.record<struct "H4" {!cir.float, !cir.float, !cir.float, !cir.float}>
!D3 = !cir.record<struct "D3" {!cir.double, !cir.double, !cir.double}>
!A32 = !cir.record<struct "A32" align(32) {!s32i}>
"cir.func"() <{function_type = !cir.func<(!s32i, !S)>, sym_name = "f"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!u8i, !cir.bool, !F3)>, sym_name = "g"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!Big, !B)>, sym_name = "h"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!cir.ptr<!cir.record<struct "Node" {!cir.ptr<!cir.record<struct "Node">>}>>, !U, !P, !E, !s32i)>, sym_name = "k"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!H4, !D3, !A32, !s128i, !s16i)>, sym_name = "l"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!cir.double, !cir.double, !cir.double, !cir.double, !cir.double, !cir.double, !cir.double, !cir.double, !cir.double)>, sym_name = "m"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!s64i, !s64i, !s64i, !s64i, !s64i, !s64i, !S, !s8i)>, sym_name = "n"}> ({}) : () -> ()

// X86: declare void @f(i32, double, i32)
// X86-NEXT: declare void @g(i8 zeroext, i1 zeroext, <2 x float>, float)
// X86-NEXT: declare void @h(ptr byval({ [5 x double] }) align 8, ptr byval({ i8, [15 x i8], float, [12 x i8] }) align 16)
// X86-NEXT: declare void @k(ptr, i32, ptr byval(<{ i8, i32 }>) align 8, i32)
// X86-NEXT: declare void @l(<2 x float>, <2 x float>, ptr byval({ double, double, double }) align 8, ptr byval({ i32, [28 x i8] }) align 32, i64, i64, i16 signext)
// X86-NEXT: declare void @m(double, double, double, double, double, double, double, double, double)
// X86-NEXT: declare void @n(i64, i64, i64, i64, i64, i64, ptr byval({ double, i32 }) align 8, i8 signext)

// A64: declare void @f(i32, [2 x i64])
// A64-NEXT: declare void @g(i8, i1, [3 x float] alignstack(8))
// A64-NEXT: declare void @h(ptr, ptr)
// A64-NEXT: declare void @k(ptr, i64, i64, i32)
// A64-NEXT: declare void @l([4 x float] alignstack(8), [3 x double] alignstack(8), ptr, i128, i16)
// A64-NEXT: declare void @m(double, double, double, double, double, double, double, double, double)
// A64-NEXT: declare void @n(i64, i64, i64, i64, i64, i64, [2 x i64], i8)
