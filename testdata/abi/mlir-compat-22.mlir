// --mlir-compat=22: Clang 22's attributes. An argument passed by pointer to
// a caller-owned copy is `dead_on_return`, s390x's unextended small record
// is `noext` (checked with clang-19 and clang-22 -O0 -S -emit-llvm
// --target=s390x-unknown-linux-gnu on the C in the comments):
// clang-19: define signext i32 @sz(float, ptr, i16, ptr, i32 zeroext, ptr, ptr)
// clang-22: define signext i32 @sz(float, ptr dead_on_return, i16 noext, ptr dead_on_return, i32 zeroext, ptr dead_on_return, ptr dead_on_return)
// RUN: irkit abi --format=llvm --triple=s390x-unknown-linux-gnu --mlir-compat=19 %s | FileCheck %s --check-prefix=V19
// RUN: irkit abi --format=llvm --triple=s390x-unknown-linux-gnu --mlir-compat=22 %s | FileCheck %s --check-prefix=V22
// RUN: irkit opt --mlir-print-op-generic --abi-lower --triple=s390x-unknown-linux-gnu --mlir-compat=19 %s | FileCheck %s --check-prefix=LOWER19
// RUN: irkit opt --mlir-print-op-generic --abi-lower --triple=s390x-unknown-linux-gnu --mlir-compat=22 %s | FileCheck %s --check-prefix=LOWER22

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
// V19: declare signext i32 @sz(float, ptr, i16, ptr, i32 zeroext, ptr, ptr)
// V22: declare signext i32 @sz(float, ptr dead_on_return, i16 noext, ptr dead_on_return, i32 zeroext, ptr dead_on_return, ptr dead_on_return)
"cir.func"() <{function_type = !cir.func<(!F1, !S3, !S2, !D2, !cir.int<u, 32>, !cir.long_double<!cir.f128>, !cir.int<s, 128>) -> !cir.int<s, 32>>, sym_name = "sz"}> ({}) : () -> ()
// LOWER19: "cir.func"() <{arg_attrs = [{}, {}, {}, {}, {abi.zeroext}, {}, {}], function_type = !cir.func<(!cir.float, !cir.ptr<!cir.record<struct "S3" {!s8i, !s8i, !s8i}>>, !cir.int<u, 16>, !cir.ptr<!cir.record<struct "D2" {!cir.double, !cir.double}>>, !cir.int<u, 32>, !cir.ptr<!cir.long_double<!cir.f128>>, !cir.ptr<!cir.int<s, 128>>) -> !cir.int<s, 32>>, res_attrs = [{abi.signext}], sym_name = "sz"}>
// LOWER22: "cir.func"() <{arg_attrs = [{}, {abi.dead_on_return}, {abi.noext}, {abi.dead_on_return}, {abi.zeroext}, {abi.dead_on_return}, {abi.dead_on_return}], function_type = !cir.func<(!cir.float, !cir.ptr<!cir.record<struct "S3" {!s8i, !s8i, !s8i}>>, !cir.int<u, 16>, !cir.ptr<!cir.record<struct "D2" {!cir.double, !cir.double}>>, !cir.int<u, 32>, !cir.ptr<!cir.long_double<!cir.f128>>, !cir.ptr<!cir.int<s, 128>>) -> !cir.int<s, 32>>, res_attrs = [{abi.signext}], sym_name = "sz"}>
