// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// SameOperandsAndResultType asks for compatible shapes (an unranked tensor
// passes it), Elementwise for one kind of vector/tensor, the casts'
// SameInputOutputTensorDims predicate comes before SameOperandsAndResultShape,
// which also rejects mixing scalable and fixed vectors.

func.func @f(%a: vector<4xf32>, %b: tensor<4xf32>, %c: f32) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
  %r = "arith.addf"(%a, %a) : (vector<4xf32>, vector<4xf32>) -> f32
  return
}

// -----

func.func @f(%a: vector<4xf32>, %b: tensor<4xf32>, %c: f32) {
  // expected-error @+1 {{'arith.addf' op requires the same type for all operands and results}}
  %r = "arith.addf"(%c, %c) : (f32, f32) -> vector<4xf32>
  return
}

// -----

func.func @f(%a: vector<4xi1>, %b: tensor<4xf32>, %c: f32) {
  // expected-error @+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.select"(%a, %b, %b) : (vector<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: vector<4xf32>) {
  // expected-error @+1 {{'math.absf' op requires the same type for all operands and results}}
  %r = "math.absf"(%a) : (vector<4xf32>) -> vector<5xf32>
  return
}

// -----

func.func @f(%a: tensor<*xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
  %r = "arith.addf"(%a, %b) : (tensor<*xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error @+1 {{'arith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %r = arith.extf %a : tensor<2xf32> to tensor<3xf64>
  return
}

// -----

func.func @f(%a: vector<2xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %r:2 = "arith.addui_extended"(%a, %a) : (vector<2xi32>, vector<2xi32>) -> (vector<2xi32>, i1)
  return
}

// -----

func.func @f(%a: vector<2xf32>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %r = arith.extf %a : vector<2xf32> to f64
  return
}

// -----

func.func @f(%a: vector<[4]xf32>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %r = arith.extf %a : vector<[4]xf32> to vector<4xf64>
  return
}
