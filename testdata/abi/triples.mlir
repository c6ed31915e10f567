// Triples are read as clang reads them: each spelling below selects the same
// convention as `clang-19 --target=SPELLING` (expected lines checked with
// clang-19 -O0 -S -emit-llvm on the C in the comments).
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=x86_64 %s | FileCheck %s --check-prefix=SYSV
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=x86_64-linux-gnu %s | FileCheck %s --check-prefix=SYSV
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=aarch64-linux-gnu %s | FileCheck %s --check-prefix=A64
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=x86_64-w64-mingw32 %s | FileCheck %s --check-prefix=WIN
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=x86_64-pc-windows-msvc %s | FileCheck %s --check-prefix=WIN
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=arm64-apple-macosx %s | FileCheck %s --check-prefix=DARWIN
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=aarch64-apple-darwin %s | FileCheck %s --check-prefix=DARWIN
// A triple whose environment changes the C ABI, and that is not implemented,
// is an error that names what is missing (never a System V answer).
// RUN: not irkit abi --mlir-compat=19 --triple=x86_64-unknown-linux-gnux32 %s 2>&1 | FileCheck %s --check-prefix=X32
// RUN: not irkit abi --mlir-compat=19 --triple=x86_64-linux-android %s 2>&1 | FileCheck %s --check-prefix=ANDROID

// X32: error: target 'x86_64-unknown-linux-gnux32' (x32: System V with 32-bit pointers and long) is not supported yet
// ANDROID: error: target 'x86_64-linux-android' (Android x86_64: IEEE quad long double) is not supported yet

!s64i = !cir.int<s, 64>
!S = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
!L = !cir.record<struct "L" {!s64i, !s64i, !s64i}>

// struct S { double d; int i; }; long long f(struct S s, long long l);
// SYSV: declare i64 @f(double, i32, i64)
// A64: declare i64 @f([2 x i64], i64)
// WIN: declare i64 @f(ptr, i64)
// DARWIN: declare i64 @f([2 x i64], i64)
"cir.func"() <{function_type = !cir.func<(!S, !s64i) -> !s64i>, sym_name = "f"}> ({}) : () -> ()

// struct L { long long a, b, c; }; struct L big(long long a, double b);
// SYSV: declare void @big(ptr sret({ i64, i64, i64 }) align 8, i64, double)
// A64: declare void @big(ptr sret({ i64, i64, i64 }) align 8, i64, double)
// WIN: declare void @big(ptr sret({ i64, i64, i64 }) align 8, i64, double)
// DARWIN: declare void @big(ptr sret({ i64, i64, i64 }) align 8, i64, double)
"cir.func"() <{function_type = !cir.func<(!s64i, !cir.double) -> !L>, sym_name = "big"}> ({}) : () -> ()

// _Bool flag(_Bool b, signed char c);
// SYSV: declare zeroext i1 @flag(i1 zeroext, i8 signext)
// A64: declare i1 @flag(i1, i8)
// WIN: declare zeroext i1 @flag(i1 zeroext, i8)
// DARWIN: declare zeroext i1 @flag(i1 zeroext, i8 signext)
"cir.func"() <{function_type = !cir.func<(!cir.bool, !cir.int<s, 8>) -> !cir.bool>, sym_name = "flag"}> ({}) : () -> ()
