// `irkit abi --format=llvm` on CIR declarations for aarch64-unknown-linux-gnu. Every CHECK line
// is the `define` line clang-19 -O0 -S -emit-llvm emits for the equivalent C
// (below), with non-ABI attributes dropped and named struct types written as
// literal types.
// RUN: irkit abi --mlir-compat=19 --triple=aarch64-unknown-linux-gnu --format=llvm %s | FileCheck %s
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
// C: struct S r1(void) { struct S s = {0}; return s; }
// C: struct F3 r2(void) { struct F3 s = {0}; return s; }
// C: struct Big r3(int x) { struct Big s = {0}; return s; }
// C: _Complex long double r4(void) { return 0; }
// C: _Bool r5(void) { return 0; }
// C: __int128 r6(void) { return 0; }
// C: union U r7(void) { union U u = {0}; return u; }
// C: struct E r8(struct E e) { return e; }
// C: signed char r9(void) { return 0; }
// C: struct H4 r10(void) { struct H4 s = {0}; return s; }
// C: struct D3 r11(void) { struct D3 s = {0}; return s; }
// C: struct P r12(void) { struct P s = {0}; return s; }

!LD = !cir.long_double<!cir.f128>
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
"cir.func"() <{function_type = !cir.func<() -> !S>, sym_name = "r1"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<() -> !F3>, sym_name = "r2"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!s32i) -> !Big>, sym_name = "r3"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<() -> !cir.complex<!LD>>, sym_name = "r4"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<() -> !cir.bool>, sym_name = "r5"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<() -> !s128i>, sym_name = "r6"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<() -> !U>, sym_name = "r7"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!E) -> !E>, sym_name = "r8"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<() -> !s8i>, sym_name = "r9"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<() -> !H4>, sym_name = "r10"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<() -> !D3>, sym_name = "r11"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<() -> !P>, sym_name = "r12"}> ({}) : () -> ()

// CHECK: declare void @f(i32, [2 x i64])
// CHECK-NEXT: declare void @g(i8, i1, [3 x float] alignstack(8))
// CHECK-NEXT: declare void @h(ptr, ptr)
// CHECK-NEXT: declare void @k(ptr, i64, i64, i32)
// CHECK-NEXT: declare void @l([4 x float] alignstack(8), [3 x double] alignstack(8), ptr, i128, i16)
// CHECK-NEXT: declare void @m(double, double, double, double, double, double, double, double, double)
// CHECK-NEXT: declare void @n(i64, i64, i64, i64, i64, i64, [2 x i64], i8)
// CHECK-NEXT: declare [2 x i64] @r1()
// CHECK-NEXT: declare { float, float, float } @r2()
// CHECK-NEXT: declare void @r3(ptr sret({ [5 x double] }) align 8, i32)
// CHECK-NEXT: declare { fp128, fp128 } @r4()
// CHECK-NEXT: declare i1 @r5()
// CHECK-NEXT: declare i128 @r6()
// CHECK-NEXT: declare i32 @r7()
// CHECK-NEXT: declare void @r8()
// CHECK-NEXT: declare i8 @r9()
// CHECK-NEXT: declare { float, float, float, float } @r10()
// CHECK-NEXT: declare { double, double, double } @r11()
// CHECK-NEXT: declare i40 @r12()
