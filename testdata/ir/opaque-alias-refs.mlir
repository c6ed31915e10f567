// RUN: irkit opt --mlir-print-op-generic %s | FileCheck %s
// RUN: irkit opt --mlir-print-op-generic %s | irkit opt --mlir-print-op-generic - | FileCheck %s
// RUN: irkit opt %s > %t.1 && irkit opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: irkit abi --triple=x86_64-unknown-linux-gnu --format=llvm %s | FileCheck %s --check-prefix=ABI
// RUN: irkit opt %s | irkit abi --triple=x86_64-unknown-linux-gnu --format=llvm - | FileCheck %s --check-prefix=ABI
// The bodies of CIR types keep the alias names the input wrote
// (`!cir.func<(!s32i, !S)>`); the output defines the aliases they still name,
// in the input's order, so it parses again and means the same. An alias no
// printed body names is not printed (mlir-opt prints none of them).

!s32i = !cir.int<s, 32>
!u64i = !cir.int<u, 64>
!S = !cir.record<struct "S" {!s32i, !s32i, !s32i, !s32i, !s32i}>
!unused = !cir.int<s, 8>
// Named only by an alias nothing uses: not printed either, so printing is
// stable (found by the ir fuzz target).
!u8i = !cir.int<u, 8>
!B = !cir.record<struct "B" {!u8i}>

// CHECK: !s32i = !cir.int<s, 32>
// CHECK-NEXT: !S = !cir.record<struct "S" {!s32i, !s32i, !s32i, !s32i, !s32i}>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "cir.func"() <{function_type = !cir.func<(!s32i, !S)>, sym_name = "f"}> ({
// CHECK-NOT: !unused
// CHECK-NOT: !u64i
// CHECK-NOT: !u8i
// CHECK-NOT: !B
// ABI: declare void @f(i32, ptr byval({ i32, i32, i32, i32, i32 }) align 8)
"cir.func"() <{function_type = !cir.func<(!s32i, !S)>, sym_name = "f"}> ({
}) : () -> ()
