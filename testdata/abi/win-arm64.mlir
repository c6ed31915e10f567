// Windows on Arm64 (AArch64ABIKind::Win64): composites coerced by their
// alignment (at least i64), HFAs without alignstack, small integers not
// extended, `long` 32 bits and `long double` = `double` (checked with clang-19
// -O0 -S -emit-llvm --target=aarch64-pc-windows-msvc on the C in the comments;
// aarch64-unknown-linux-gnu gives `[3 x float] alignstack(8)` and `i64` for
// the `long`).
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=aarch64-pc-windows-msvc %s | FileCheck %s

!s8i = !cir.int<s, 8>
!s16i = !cir.int<s, 16>
!s32i = !cir.int<s, 32>
!S3 = !cir.record<struct "S3" {!s8i, !s8i, !s8i}>
!HF = !cir.record<struct "HF" {!cir.float, !cir.float, !cir.float}>
!P = !cir.record<struct "P" {!cir.ptr<!cir.void>, !cir.ptr<!cir.void>}>

// struct S3 { char a, b, c; }; struct HF { float a, b, c; };
// struct S3 f3(struct S3 a, struct HF b, char c, short d, long e, long double f);
// CHECK: declare i24 @f3(i64, [3 x float], i8, i16, i32, double)
"cir.func"() <{function_type = !cir.func<(!S3, !HF, !s8i, !s16i, !s32i, !cir.long_double<!cir.double>) -> !S3>, sym_name = "f3"}> ({}) : () -> ()

// struct P { void *p, *q; };
// struct HF hf(struct P p, __int128 i);
// CHECK: declare { float, float, float } @hf([2 x i64], i128)
"cir.func"() <{function_type = !cir.func<(!P, !cir.int<s, 128>) -> !HF>, sym_name = "hf"}> ({}) : () -> ()
