// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic %s | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic.

// Inherent attributes of registered ops written in the attribute dictionary
// move into properties, as mlir-opt-19's parser does.
%f = "test.f"() : () -> f32
%i = "test.i"() : () -> i32
%c = "test.c"() : () -> i1
%0 = "arith.cmpf"(%f, %f) {predicate = 1 : i64, fastmath = #arith.fastmath<none>} : (f32, f32) -> i1
%1 = "arith.shli"(%i, %i) {overflowFlags = #arith.overflow<none>} : (i32, i32) -> i32
%2 = "arith.negf"(%f) {fastmath = #arith.fastmath<none>} : (f32) -> f32
%3 = "arith.extf"(%f) {fastmath = #arith.fastmath<none>} : (f32) -> f64
%4 = "arith.truncf"(%3) {fastmath = #arith.fastmath<none>} : (f64) -> f32
%5 = "func.constant"() {value = @g} : () -> ((i32) -> ())
"func.call"(%i) {callee = @g, arg_attrs = [{}]} : (i32) -> ()
"cf.assert"(%c) {msg = "m"} : (i1) -> ()
"func.func"() ({
^bb0(%a: i1):
  "cf.cond_br"(%a)[^bb1, ^bb1] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  "func.return"() : () -> ()
}) {sym_name = "g2", function_type = (i1) -> ()} : () -> ()
"func.func"() ({}) {sym_name = "g", function_type = (i32) -> (), sym_visibility = "private"} : () -> ()
%6 = "arith.maximumf"(%f, %f) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
%7 = "arith.sitofp"(%i) : (i32) -> f32
%8 = "arith.muli"(%i, %i) {overflowFlags = #arith.overflow<nuw>} : (i32, i32) -> i32
%9 = "arith.divsi"(%i, %i) {x = 1} : (i32, i32) -> i32
%x1 = "arith.addi"(%i, %i) {overflowFlags = #arith.overflow<nsw>, other = 1} : (i32, i32) -> i32
%x2 = "arith.cmpi"(%i, %i) {predicate = 0 : i64} : (i32, i32) -> i1
"scf.if"(%x2) ({
  "scf.yield"() : () -> ()
}, {
}) : (i1) -> ()
%x4 = "arith.addf"(%f, %f) {fastmath = #arith.fastmath<fast>} : (f32, f32) -> f32
%x5 = "arith.select"(%x2, %i, %i) : (i1, i32, i32) -> i32

// CHECK:"builtin.module"() ({
// CHECK-NEXT:  %0 = "test.f"() : () -> f32
// CHECK-NEXT:  %1 = "test.i"() : () -> i32
// CHECK-NEXT:  %2 = "test.c"() : () -> i1
// CHECK-NEXT:  %3 = "arith.cmpf"(%0, %0) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:  %4 = "arith.shli"(%1, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT:  %5 = "arith.negf"(%0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT:  %6 = "arith.extf"(%0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f64
// CHECK-NEXT:  %7 = "arith.truncf"(%6) <{fastmath = #arith.fastmath<none>}> : (f64) -> f32
// CHECK-NEXT:  %8 = "func.constant"() <{value = @g}> : () -> ((i32) -> ())
// CHECK-NEXT:  "func.call"(%1) <{callee = @g}> {arg_attrs = [{}]} : (i32) -> ()
// CHECK-NEXT:  "cf.assert"(%2) <{msg = "m"}> : (i1) -> ()
// CHECK-NEXT:  "func.func"() <{function_type = (i1) -> (), sym_name = "g2"}> ({
// CHECK-NEXT:  ^bb0(%arg0: i1):
// CHECK-NEXT:    "cf.cond_br"(%arg0)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
// CHECK-NEXT:  ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    "func.return"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "func.func"() <{function_type = (i32) -> (), sym_name = "g", sym_visibility = "private"}> ({
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  %9 = "arith.maximumf"(%0, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:  %10 = "arith.sitofp"(%1) : (i32) -> f32
// CHECK-NEXT:  %11 = "arith.muli"(%1, %1) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
// CHECK-NEXT:  %12 = "arith.divsi"(%1, %1) {x = 1 : i64} : (i32, i32) -> i32
// CHECK-NEXT:  %13 = "arith.addi"(%1, %1) <{overflowFlags = #arith.overflow<nsw>}> {other = 1 : i64} : (i32, i32) -> i32
// CHECK-NEXT:  %14 = "arith.cmpi"(%1, %1) <{predicate = 0 : i64}> : (i32, i32) -> i1
// CHECK-NEXT:  "scf.if"(%14) ({
// CHECK-NEXT:    "scf.yield"() : () -> ()
// CHECK-NEXT:  }, {
// CHECK-NEXT:  }) : (i1) -> ()
// CHECK-NEXT:  %15 = "arith.addf"(%0, %0) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// CHECK-NEXT:  %16 = "arith.select"(%14, %1, %1) : (i1, i32, i32) -> i32
// CHECK-NEXT:}) : () -> ()
