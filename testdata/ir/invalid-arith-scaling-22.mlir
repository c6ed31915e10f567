// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// The verifiers of MLIR 22's scaling casts: CastOpInterface on $in and $out
// (widths, compatible shapes, encodings; the message lists both operand
// types), SameInputOutputTensorDims, and the cast rule before Elementwise.
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  // expected-error @+1 {{'arith.scaling_truncf' op operand types 'f32', 'f8E8M0FNU' and result type 'f64' are cast incompatible}}
  %0 = arith.scaling_truncf %a, %s : f32, f8E8M0FNU to f64
  return
}
// -----
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  // expected-error @+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'f16' are cast incompatible}}
  %0 = arith.scaling_extf %a, %s : f32, f8E8M0FNU to f16
  return
}
// -----
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  // expected-error @+1 {{'arith.scaling_extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.scaling_extf %t, %ts : tensor<?xf32>, tensor<?xf32> to tensor<4xf64>
  return
}
// -----
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  // expected-error @+1 {{'arith.scaling_extf' op operand types 'vector<4xf16>', 'vector<4xf8E8M0FNU>' and result type 'vector<5xf32>' are cast incompatible}}
  %0 = arith.scaling_extf %v, %vs : vector<4xf16>, vector<4xf8E8M0FNU> to vector<5xf32>
  return
}
// -----
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  // expected-error @+1 {{'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'vector<1xf64>' are cast incompatible}}
  %0 = arith.scaling_extf %a, %s : f32, f8E8M0FNU to vector<1xf64>
  return
}
// -----
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  // expected-error @+1 {{'arith.scaling_extf' op expected 2 operands, but found 1}}
  %0 = "arith.scaling_extf"(%a) : (f32) -> f64
  return
}
// -----
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  // expected-error @+1 {{'arith.scaling_truncf' op operand types 'tensor<?xf32>', 'tensor<?xf32>' and result type 'tensor<?xf16, "enc">' are cast incompatible}}
  %0 = arith.scaling_truncf %t, %ts : tensor<?xf32>, tensor<?xf32> to tensor<?xf16, "enc">
  return
}
// -----
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  // expected-error @+1 {{'arith.scaling_extf' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = "arith.scaling_extf"(%a, %v) : (f32, vector<4xf16>) -> f64
  return
}
// -----
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  // expected-error @+1 {{'arith.scaling_truncf' op attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode}}
  %0 = "arith.scaling_truncf"(%a, %s) {roundingmode = 9 : i32} : (f32, f8E8M0FNU) -> f16
  return
}
// -----
func.func @f(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) {
  %c = arith.constant 1 : i8
  // expected-error @+1 {{'arith.scaling_extf' op operand #1 must be floating-point-like, but got 'i8'}}
  %0 = "arith.scaling_extf"(%a, %c) : (f32, i8) -> f64
  return
}
