// RISC-V LP64D: structs of one float and one integer (or two floats) are
// passed CoerceAndExpand, as their fields (checked with clang-19
// --target=riscv64-unknown-linux-gnu on the C in the comments).
// RUN: irkit abi --format=llvm --triple=riscv64-unknown-linux-gnu %s | FileCheck %s
// --abi-lower reads the fields through the padded coerced struct
// ({ float, [8 x i8], i64 } for @g: the i64 is at offset 16) and returns the
// unpadded { float, i64 }.
// RUN: irkit opt --abi-lower --triple=riscv64-linux-gnu %s | FileCheck %s --check-prefix=LOWER

!s32i = !cir.int<s, 32>
!s64i = !cir.int<s, 64>
!FI = !cir.record<struct "FI" {!cir.float, !s32i}>
!A = !cir.record<struct "A" {!cir.float, !s64i align(16)}>

// struct FI { float f; int i; }; struct FI h(struct FI a);
// CHECK: declare { float, i32 } @h(float, i32)
// LOWER: "cir.func"() <{function_type = !cir.func<(!cir.float, !cir.int<u, 32>) -> !cir.record<struct {!cir.float, !cir.int<u, 32>}>>, sym_name = "h"}>
"cir.func"() <{function_type = !cir.func<(!FI) -> !FI>, sym_name = "h"}> ({}) : () -> ()

// struct A { float f; long long l __attribute__((aligned(16))); }; struct A g(struct A a);
// CHECK: declare { float, i64 } @g(float, i64)
// LOWER: "cir.func"() <{function_type = !cir.func<(!cir.float, !cir.int<u, 64>) -> !cir.record<struct {!cir.float, !cir.int<u, 64>}>>, sym_name = "g"}> ({
// LOWER: "cir.get_member"(%{{.*}}) <{index = 2 : i64}> : (!cir.ptr<!cir.record<struct {!cir.float, !cir.array<!cir.int<u, 8> x 8>, !cir.int<u, 64>}>>) -> !cir.ptr<!cir.int<u, 64>>
// LOWER: "cir.return"(%{{.*}}) : (!cir.record<struct {!cir.float, !cir.int<u, 64>}>) -> ()
"cir.func"() <{function_type = !cir.func<(!A) -> !A>, sym_name = "g"}> ({
^bb0(%arg0: !A):
  "cir.return"(%arg0) : (!A) -> ()
}) : () -> ()
