// RUN: irkit opt --mlir-print-op-generic %s | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic.

// Unregistered ops with operands, successors, properties, regions, blocks
// with arguments, forward references and multiple results.
"test.graph"() ({
  %0:2 = "test.pair"() : () -> (i32, f32)
  "test.use"(%0#1, %0#0, %fwd) : (f32, i32, i64) -> ()
  %fwd = "test.late"() : () -> i64
}) : () -> ()
"func.func"() ({
^bb0(%arg0: i1, %arg1: i32):
  "cf.cond_br"(%arg0, %arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
^bb1(%x: i32):
  "cf.br"(%x)[^bb3] : (i32) -> ()
^bb2:
  %c = "arith.constant"() <{value = 7 : i32}> : () -> i32
  "cf.br"(%c)[^bb3] : (i32) -> ()
^bb3(%r: i32):
  "func.return"(%r) : (i32) -> ()
^bb4:
  "func.return"(%arg1) : (i32) -> ()
}) {sym_name = "branches", function_type = (i1, i32) -> i32} : () -> ()
"test.regions"() ({
  "test.a"() : () -> ()
}, {
^bb0:
}, {
}) {"quoted key" = 1, unit_key} : () -> ()
"test.nested"() ({
  %a = "test.def"() : () -> index
  "test.inner"() ({
  ^bb0(%y: index):
    "test.use"(%a, %y) : (index, index) -> ()
  }) : () -> ()
}) : () -> ()

// CHECK:"builtin.module"() ({
// CHECK-NEXT:  "test.graph"() ({
// CHECK-NEXT:    %4:2 = "test.pair"() : () -> (i32, f32)
// CHECK-NEXT:    "test.use"(%4#1, %4#0, %5) : (f32, i32, i64) -> ()
// CHECK-NEXT:    %5 = "test.late"() : () -> i64
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "func.func"() <{function_type = (i1, i32) -> i32, sym_name = "branches"}> ({
// CHECK-NEXT:  ^bb0(%arg1: i1, %arg2: i32):
// CHECK-NEXT:    "cf.cond_br"(%arg1, %arg2)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
// CHECK-NEXT:  ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT:    "cf.br"(%1)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    %2 = "arith.constant"() <{value = 7 : i32}> : () -> i32
// CHECK-NEXT:    "cf.br"(%2)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb3(%3: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    "func.return"(%3) : (i32) -> ()
// CHECK-NEXT:  ^bb4:  // no predecessors
// CHECK-NEXT:    "func.return"(%arg2) : (i32) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "test.regions"() ({
// CHECK-NEXT:    "test.a"() : () -> ()
// CHECK-NEXT:  }, {
// CHECK-NEXT:  ^bb0:
// CHECK-NEXT:  }, {
// CHECK-NEXT:  }) {"quoted key" = 1 : i64, unit_key} : () -> ()
// CHECK-NEXT:  "test.nested"() ({
// CHECK-NEXT:    %0 = "test.def"() : () -> index
// CHECK-NEXT:    "test.inner"() ({
// CHECK-NEXT:    ^bb0(%arg0: index):
// CHECK-NEXT:      "test.use"(%0, %arg0) : (index, index) -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) : () -> ()
