// An inherent attribute written in the attribute dictionary of a custom
// form replaces the one the format parsed (MLIR sets the dictionary's
// inherent attributes last), at both releases. Expected lines are
// mlir-opt-22's and mlir-opt-19's (the same).
// RUN: irkit opt --mlir-compat=22 --mlir-print-op-generic %s | FileCheck %s
// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic %s | FileCheck %s

func.func @f(%a: i32) {
  %0 = arith.cmpi eq, %a, %a {predicate = 1 : i64} : i32
  %1 = arith.addi %a, %a overflow<nsw> {overflowFlags = #arith.overflow<nuw>} : i32
  return
}

// CHECK: %0 = "arith.cmpi"(%arg0, %arg0) <{predicate = 1 : i64}> : (i32, i32) -> i1
// CHECK: %1 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
