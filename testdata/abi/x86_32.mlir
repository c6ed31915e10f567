// 32-bit x86: i386 System V and Win32 (expected lines checked with
// clang-19 and clang-22 -O0 -S -emit-llvm on the C in the comments).
// RUN: irkit abi --format=llvm --triple=i386-unknown-linux-gnu %s | FileCheck %s --check-prefix=I386
// RUN: irkit abi --format=llvm --triple=i686-linux-gnu %s | FileCheck %s --check-prefix=I386
// RUN: irkit abi --format=llvm --triple=i686-pc-windows-msvc %s | FileCheck %s --check-prefix=WIN32

!s64i = !cir.int<s, 64>
!s32i = !cir.int<s, 32>
!S = !cir.record<struct "S" {!cir.double, !s32i}>
!P = !cir.record<struct "P" {!s32i, !cir.float}>
!C = !cir.record<struct "C" {!cir.int<s, 8>}>

// struct S { double d; int i; }; long long f(struct S s, long long l);
// (12 bytes on i386, where double is 4-byte aligned: expanded; 16 on Win32)
// I386: declare i64 @f(double, i32, i64)
// WIN32: declare i64 @f(ptr byval({ double, i32 }) align 4, i64)
"cir.func"() <{function_type = !cir.func<(!S, !s64i) -> !s64i>, sym_name = "f"}> ({}) : () -> ()

// struct P { int a; float b; }; struct P pair(struct P p, char c);
// I386: declare void @pair(ptr sret({ i32, float }) align 4, i32, float, i8 signext)
// WIN32: declare i64 @pair(i32, float, i8 signext)
"cir.func"() <{function_type = !cir.func<(!P, !cir.int<s, 8>) -> !P>, sym_name = "pair"}> ({}) : () -> ()

// struct C { char c; }; struct C small(struct C c, short s);
// I386: declare void @small(ptr sret({ i8 }) align 1, ptr byval({ i8 }) align 4, i16 signext)
// WIN32: declare i8 @small(ptr byval({ i8 }) align 4, i16 signext)
"cir.func"() <{function_type = !cir.func<(!C, !cir.int<s, 16>) -> !C>, sym_name = "small"}> ({}) : () -> ()
