// The math ops new in MLIR 22 at --mlir-compat=22: the float classifications
// (isfinite, isinf, isnan, isnormal), clampf, erfc and the two-result sincos
// (its results named sin and cos). Expected lines are mlir-opt-22's output
// for this file, custom and generic; at 19 the ops are unknown.
// RUN: irkit opt --mlir-compat=22 %s | FileCheck %s
// RUN: irkit opt --mlir-compat=22 --mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: irkit opt --mlir-compat=22 %s | irkit opt --mlir-compat=22 --mlir-print-op-generic - | FileCheck %s --check-prefix=GEN
// RUN: not irkit opt --mlir-compat=19 %s 2>&1 | FileCheck %s --check-prefix=V19

func.func @math22(%f: f32, %v: vector<4xf32>, %t: tensor<2x?xf64>, %h: f16) -> (i1, vector<4xi1>) {
  %0 = math.isfinite %f : f32
  %1 = math.isinf %v : vector<4xf32>
  %2 = math.isnan %t : tensor<2x?xf64>
  %3 = math.isnormal %h : f16
  %4 = math.isnan %f {fastmath = #arith.fastmath<nnan>} : f32
  %5 = math.clampf %f to [%f, %f] : f32
  %6 = math.clampf %v to [%v, %v] fastmath<fast> : vector<4xf32>
  %7 = math.erfc %f : f32
  %8 = math.erfc %v fastmath<nnan,ninf> : vector<4xf32>
  %9:2 = math.sincos %f : f32
  %10, %11 = math.sincos %v fastmath<afn> : vector<4xf32>
  return %0, %1 : i1, vector<4xi1>
}

// CHECK: module {
// CHECK-NEXT:   func.func @math22(%arg0: f32, %arg1: vector<4xf32>, %arg2: tensor<2x?xf64>, %arg3: f16) -> (i1, vector<4xi1>) {
// CHECK-NEXT:     %0 = math.isfinite %arg0 : f32
// CHECK-NEXT:     %1 = math.isinf %arg1 : vector<4xf32>
// CHECK-NEXT:     %2 = math.isnan %arg2 : tensor<2x?xf64>
// CHECK-NEXT:     %3 = math.isnormal %arg3 : f16
// CHECK-NEXT:     %4 = math.isnan %arg0 {fastmath = #arith.fastmath<nnan>} : f32
// CHECK-NEXT:     %5 = math.clampf %arg0 to [%arg0, %arg0] : f32
// CHECK-NEXT:     %6 = math.clampf %arg1 to [%arg1, %arg1] fastmath<fast> : vector<4xf32>
// CHECK-NEXT:     %7 = math.erfc %arg0 : f32
// CHECK-NEXT:     %8 = math.erfc %arg1 fastmath<nnan,ninf> : vector<4xf32>
// CHECK-NEXT:     %sin, %cos = math.sincos %arg0 : f32
// CHECK-NEXT:     %sin_0, %cos_1 = math.sincos %arg1 fastmath<afn> : vector<4xf32>
// CHECK-NEXT:     return %0, %1 : i1, vector<4xi1>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GEN: "builtin.module"() ({
// GEN-NEXT:   "func.func"() <{function_type = (f32, vector<4xf32>, tensor<2x?xf64>, f16) -> (i1, vector<4xi1>), sym_name = "math22"}> ({
// GEN-NEXT:   ^bb0(%arg0: f32, %arg1: vector<4xf32>, %arg2: tensor<2x?xf64>, %arg3: f16):
// GEN-NEXT:     %0 = "math.isfinite"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> i1
// GEN-NEXT:     %1 = "math.isinf"(%arg1) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> vector<4xi1>
// GEN-NEXT:     %2 = "math.isnan"(%arg2) <{fastmath = #arith.fastmath<none>}> : (tensor<2x?xf64>) -> tensor<2x?xi1>
// GEN-NEXT:     %3 = "math.isnormal"(%arg3) <{fastmath = #arith.fastmath<none>}> : (f16) -> i1
// GEN-NEXT:     %4 = "math.isnan"(%arg0) <{fastmath = #arith.fastmath<nnan>}> : (f32) -> i1
// GEN-NEXT:     %5 = "math.clampf"(%arg0, %arg0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
// GEN-NEXT:     %6 = "math.clampf"(%arg1, %arg1, %arg1) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// GEN-NEXT:     %7 = "math.erfc"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:     %8 = "math.erfc"(%arg1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (vector<4xf32>) -> vector<4xf32>
// GEN-NEXT:     %9:2 = "math.sincos"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> (f32, f32)
// GEN-NEXT:     %10:2 = "math.sincos"(%arg1) <{fastmath = #arith.fastmath<afn>}> : (vector<4xf32>) -> (vector<4xf32>, vector<4xf32>)
// GEN-NEXT:     "func.return"(%0, %1) : (i1, vector<4xi1>) -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT: }) : () -> ()

// V19: math-mlir22.mlir:11:8: error: custom op 'math.isfinite' is unknown
