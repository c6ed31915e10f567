// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// The verifiers and parsers of the math ops new in MLIR 22: the i1-shaped
// result of the classifications, sincos's {operand, sin, cos} type match,
// clampf's `to [min, max]` syntax and same-type rule.

func.func @isfinite_i32(%f: f32) {
  // expected-error @+1 {{'math.isfinite' op result #0 must be bool-like, but got 'i32'}}
  %0 = "math.isfinite"(%f) <{fastmath = #arith.fastmath<none>}> : (f32) -> i32
  return
}
// -----
func.func @isnan_shape(%v: vector<4xf32>) {
  // expected-error @+1 {{'math.isnan' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isnan"(%v) <{fastmath = #arith.fastmath<none>}> : (vector<4xf32>) -> i1
  return
}
// -----
func.func @isinf_int(%i: i32) {
  // expected-error @+1 {{custom op 'math.isinf' 'operand' must be floating-point-like, but got 'i32'}}
  %0 = math.isinf %i : i32
  return
}
// -----
func.func @isnormal_vec_shape(%v: vector<4xf32>) {
  // expected-error @+1 {{'math.isnormal' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "math.isnormal"(%v) : (vector<4xf32>) -> vector<3xi1>
  return
}
// -----
func.func @sincos_types(%f: f32) {
  // expected-error @+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %0:2 = "math.sincos"(%f) <{fastmath = #arith.fastmath<none>}> : (f32) -> (f32, f64)
  return
}
// -----
func.func @sincos_int(%i: i32) {
  // expected-error @+1 {{'math.sincos' op operand #0 must be floating-point-like, but got 'i32'}}
  %0:2 = "math.sincos"(%i) : (i32) -> (i32, i32)
  return
}
// -----
func.func @clampf_types(%f: f32, %d: f64) {
  // expected-error @+1 {{'math.clampf' op requires the same type for all operands and results}}
  %0 = "math.clampf"(%f, %d, %f) <{fastmath = #arith.fastmath<none>}> : (f32, f64, f32) -> f32
  return
}
// -----
func.func @clampf_syntax(%f: f32) {
  // expected-error @+1 {{custom op 'math.clampf' expected 'to'}}
  %0 = math.clampf %f [%f, %f] : f32
  return
}
// -----
func.func @erfc_int(%i: i32) {
  // expected-error @+1 {{'math.erfc' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.erfc %i : i32
  return
}
// -----
func.func @sincos_mixed(%v: vector<4xf32>, %f: f32) {
  // expected-error @+1 {{'math.sincos' op failed to verify that all of {operand, sin, cos} have same type}}
  %0:2 = "math.sincos"(%v) : (vector<4xf32>) -> (vector<4xf32>, f32)
  return
}
