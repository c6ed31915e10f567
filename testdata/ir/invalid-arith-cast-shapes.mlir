// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// A size mismatch of vectors is a shape error, of tensors a dimension error
// (the ODS predicate of the arith casts looks at tensors only).

func.func @vector_extf(%a: vector<2xf32>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %a : vector<2xf32> to vector<3xf64>
  return
}

// -----

func.func @vector_rank(%a: vector<2xi32>) {
  // expected-error @+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : vector<2xi32> to vector<2x1xi64>
  return
}

// -----

func.func @vector_index_cast(%a: vector<2xi32>) {
  // expected-error @+1 {{'arith.index_cast' op requires the same shape for all operands and results}}
  %0 = arith.index_cast %a : vector<2xi32> to vector<3xindex>
  return
}

// -----

func.func @tensor_extf(%a: tensor<2xf32>) {
  // expected-error @+1 {{'arith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extf %a : tensor<2xf32> to tensor<3xf64>
  return
}

// -----

func.func @tensor_index_cast(%a: tensor<2xi32>) {
  // expected-error @+1 {{'arith.index_cast' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.index_cast %a : tensor<2xi32> to tensor<?xindex>
  return
}
