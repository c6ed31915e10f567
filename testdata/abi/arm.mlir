// 32-bit Arm AAPCS: hard-float AAPCS-VFP (armv7 gnueabihf) passes and
// returns homogeneous float aggregates as their own type, soft-float AAPCS
// (arm gnueabi) does not; other aggregates up to 64 bytes become [N x i32]
// or [N x i64] by alignment, larger ones byval; aggregates up to 4 bytes are
// returned in an integer (checked with clang-19 and clang-22 -O0 -S
// -emit-llvm --target=armv7-unknown-linux-gnueabihf and
// --target=arm-unknown-linux-gnueabi on the C in the comments).
// RUN: irkit abi --format=llvm --triple=armv7-unknown-linux-gnueabihf %s | FileCheck %s --check-prefix=HF
// RUN: irkit abi --format=llvm --triple=arm-unknown-linux-gnueabi %s | FileCheck %s --check-prefix=SOFT
// RUN: irkit opt --abi-lower --triple=armv7-unknown-linux-gnueabihf %s | FileCheck %s --check-prefix=LOWER
// Other architecture/environment pairs change the ABI and are refused.
// RUN: not irkit abi --triple=armv7-unknown-linux-gnueabi %s 2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: error: target 'armv7-unknown-linux-gnueabi' (32-bit Arm 'armv7' with environment 'gnueabi' on OS 'linux' (implemented: armv7 gnueabihf and arm gnueabi on Linux)) is not supported yet

!s8i = !cir.int<s, 8>
!s16i = !cir.int<s, 16>
!s32i = !cir.int<s, 32>
!s64i = !cir.int<s, 64>
!FF = !cir.record<struct "FF" {!cir.float, !cir.float}>
!FA = !cir.record<struct "FA" {!cir.float align(8), !cir.float}>
!LI = !cir.record<struct "LI" {!s64i, !s32i}>
!C3 = !cir.record<struct "C3" {!cir.array<!s8i x 3>}>
!BIG = !cir.record<struct "BIG" {!cir.array<!s32i x 17>}>

// struct FF { float a, b; }; struct FA { float a __attribute__((aligned(8))); float b; };
// struct LI { long long a; int b; }; struct BIG { int a[17]; };
// struct FF hfa(struct FF a, struct FA b, struct LI c, struct BIG d);
// HF: declare { float, float } @hfa({ float, float }, { float, float } alignstack(8), [2 x i64], ptr byval({ [17 x i32] }) align 4)
// SOFT: declare void @hfa(ptr sret({ float, float }) align 4, [2 x i32], [1 x i64], [2 x i64], ptr byval({ [17 x i32] }) align 4)
// LOWER: "cir.func"() <{arg_attrs = [{}, {abi.alignstack = 8 : i64}, {}, {abi.align = 4 : i64, abi.byval = {{.*}}}], function_type = !cir.func<(!cir.record<struct {!cir.float, !cir.float}>, !cir.record<struct {!cir.float, !cir.float}>, !cir.array<!cir.int<u, 64> x 2>, !cir.ptr<{{.*}}>) -> !cir.record<struct {!cir.float, !cir.float}>>, sym_name = "hfa"}>
"cir.func"() <{function_type = !cir.func<(!FF, !FA, !LI, !BIG) -> !FF>, sym_name = "hfa"}> ({}) : () -> ()

// struct C3 { char c[3]; };
// struct C3 small(struct C3 a, _Complex float c, char ch, short s, long double ld);
// HF: declare i32 @small([1 x i32], { float, float }, i8 zeroext, i16 signext, double)
// SOFT: declare i32 @small([1 x i32], [2 x i32], i8 zeroext, i16 signext, double)
"cir.func"() <{function_type = !cir.func<(!C3, !cir.complex<!cir.float>, !cir.int<u, 8>, !s16i, !cir.long_double<!cir.double>) -> !C3>, sym_name = "small"}> ({}) : () -> ()
