// MIPS64 N64, SPARC V9 and wasm32 on one pair of declarations (checked with
// clang-19 and clang-22 -O0 -S -emit-llvm --target=T on the C in the
// comments; both releases agree here).
// RUN: irkit abi --format=llvm --triple=mips64el-unknown-linux-gnuabi64 %s | FileCheck %s --check-prefix=MIPS
// RUN: irkit abi --format=llvm --triple=sparc64-unknown-linux-gnu %s | FileCheck %s --check-prefix=SPARC
// RUN: irkit abi --format=llvm --triple=wasm32-unknown-unknown %s | FileCheck %s --check-prefix=WASM
// RUN: irkit opt --abi-lower --triple=mips64el-unknown-linux-gnuabi64 %s | FileCheck %s --check-prefix=LOWER

!s8i = !cir.int<s, 8>
!s32i = !cir.int<s, 32>
!C = !cir.record<struct "C" {!s8i}>
!F = !cir.record<struct "F" {!cir.float, !s32i}>

// struct C { char c; };
// long double pad(int a, long double b, struct C c, unsigned u);
// MIPS: declare fp128 @pad(i32 signext, i64, fp128, i8 inreg, i32 signext)
// SPARC: declare fp128 @pad(i32 signext, fp128, i64, i32 zeroext)
// WASM: declare fp128 @pad(i32, fp128, i8, i32)
// The padding parameter (i64) comes before the long double it aligns.
// LOWER: "cir.func"() <{arg_attrs = [{abi.signext}, {}, {}, {abi.inreg}, {abi.signext}], function_type = !cir.func<(!cir.int<s, 32>, !cir.int<u, 64>, !cir.long_double<!cir.f128>, !cir.int<u, 8>, !cir.int<u, 32>) -> !cir.long_double<!cir.f128>>, sym_name = "pad"}>
"cir.func"() <{function_type = !cir.func<(!s32i, !cir.long_double<!cir.f128>, !C, !cir.int<u, 32>) -> !cir.long_double<!cir.f128>>, sym_name = "pad"}> ({}) : () -> ()

// struct F { float f; int i; };
// struct F fl(struct F a, struct C c);
// MIPS: declare inreg { i64 } @fl(i64 inreg, i8 inreg)
// SPARC: declare inreg { float, i32 } @fl(float inreg, i32 inreg, i64)
// WASM: declare void @fl(ptr sret({ float, i32 }) align 4, ptr byval({ float, i32 }) align 4, i8)
// LOWER: "cir.func"() <{arg_attrs = [{abi.inreg}, {abi.inreg}], function_type = !cir.func<(!cir.int<u, 64>, !cir.int<u, 8>) -> !cir.record<struct {!cir.int<u, 64>}>>, res_attrs = [{abi.inreg}], sym_name = "fl"}>
"cir.func"() <{function_type = !cir.func<(!F, !C) -> !F>, sym_name = "fl"}> ({}) : () -> ()
