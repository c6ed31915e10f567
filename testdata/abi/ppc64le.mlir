// powerpc64le ELFv2: homogeneous aggregates of up to eight registers as
// [N x T], single-float structs as the float `inreg`, other aggregates as
// iN / [N x i64], a zero-width bit-field breaking homogeneity, `unsigned int`
// extended (checked with clang-19 -O0 -S -emit-llvm
// --target=powerpc64le-unknown-linux-gnu on the C in the comments).
// RUN: irkit abi --format=llvm --triple=powerpc64le-unknown-linux-gnu %s | FileCheck %s

!s8i = !cir.int<s, 8>
!s32i = !cir.int<s, 32>
!s64i = !cir.int<s, 64>
!F1 = !cir.record<struct "F1" {!cir.float}>
!HF8 = !cir.record<struct "HF8" {!cir.array<!cir.float x 8>}>
!S3 = !cir.record<struct "S3" {!s8i, !s8i, !s8i}>
!L3 = !cir.record<struct "L3" {!s64i, !s64i, !s64i}>
!Z = !cir.record<struct "Z" {!cir.float, !s32i bits(0) unnamed, !cir.float}>

// struct F1 { float f; }; struct HF8 { float a[8]; }; struct S3 { char a, b, c; };
// struct L3 { long a, b, c; }; struct Z { float a; int : 0; float b; };
// struct HF8 ha(struct F1 a, struct HF8 b, struct S3 c, struct L3 d, struct Z z,
//               unsigned u);
// CHECK: declare [8 x float] @ha(float inreg, [8 x float], i24, [3 x i64], i64, i32 zeroext)
"cir.func"() <{function_type = !cir.func<(!F1, !HF8, !S3, !L3, !Z, !cir.int<u, 32>) -> !HF8>, sym_name = "ha"}> ({}) : () -> ()

// struct L3 big(struct L3 a);
// CHECK: declare void @big(ptr sret({ i64, i64, i64 }) align 8, [3 x i64])
"cir.func"() <{function_type = !cir.func<(!L3) -> !L3>, sym_name = "big"}> ({}) : () -> ()

// struct S3 s3(void);
// CHECK: declare i24 @s3()
"cir.func"() <{function_type = !cir.func<() -> !S3>, sym_name = "s3"}> ({}) : () -> ()
