// s390x: single-float structs as the float, 1/2/4/8-byte records as iN,
// other sizes, `long double` and `__int128` by pointer, records returned
// through sret; with +vector (the vector ABI of -march=z13 and later) a
// 16-byte vector is passed and returned in a register (checked with clang-19
// -O0 -S -emit-llvm --target=s390x-unknown-linux-gnu, and with
// -Xclang -target-feature -Xclang +vector, on the C in the comments).
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=s390x-unknown-linux-gnu %s | FileCheck %s
// RUN: irkit abi --mlir-compat=19 --format=llvm --triple=s390x-unknown-linux-gnu --target-features=+vector %s | FileCheck %s --check-prefix=VEC

!s8i = !cir.int<s, 8>
!s16i = !cir.int<s, 16>
!F1 = !cir.record<struct "F1" {!cir.float}>
!S3 = !cir.record<struct "S3" {!s8i, !s8i, !s8i}>
!S2 = !cir.record<struct "S2" {!s16i}>
!D2 = !cir.record<struct "D2" {!cir.double, !cir.double}>

// struct F1 { float f; }; struct S3 { char a, b, c; }; struct S2 { short s; };
// struct D2 { double a, b; };
// int sz(struct F1 a, struct S3 b, struct S2 c, struct D2 d, unsigned u,
//        long double ld, __int128 i);
// CHECK: declare signext i32 @sz(float, ptr, i16, ptr, i32 zeroext, ptr, ptr)
// VEC: declare signext i32 @sz(float, ptr, i16, ptr, i32 zeroext, ptr, ptr)
"cir.func"() <{function_type = !cir.func<(!F1, !S3, !S2, !D2, !cir.int<u, 32>, !cir.long_double<!cir.f128>, !cir.int<s, 128>) -> !cir.int<s, 32>>, sym_name = "sz"}> ({}) : () -> ()

// struct F1 rf(void);
// CHECK: declare void @rf(ptr sret({ float }) align 4)
"cir.func"() <{function_type = !cir.func<() -> !F1>, sym_name = "rf"}> ({}) : () -> ()

// typedef int v4i __attribute__((vector_size(16))); v4i vec(v4i a);
// CHECK: declare void @vec(ptr sret(<4 x i32>) align 16, ptr)
// VEC: declare <4 x i32> @vec(<4 x i32>)
"cir.func"() <{function_type = !cir.func<(!cir.vector<!cir.int<s, 32> x 4>) -> !cir.vector<!cir.int<s, 32> x 4>>, sym_name = "vec"}> ({}) : () -> ()
