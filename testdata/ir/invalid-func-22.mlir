// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// MLIR 22 checks func.constant as a symbol use: after every op of the
// symbol table, so another op's own error comes first.

func.func @identity(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

func.func @user(%x: tensor<f32>) -> tensor<f32> {
  %f = "func.constant"() <{value = @identity}> : () -> tensor<f32>
  // expected-error @+1 {{'func.call_indirect' op operand #0 must be function type, but got 'tensor<f32>'}}
  %r = "func.call_indirect"(%f, %x) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @identity(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}

func.func @user() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %f = "func.constant"() <{value = @identity}> : () -> ((i32) -> i32)
  return
}

// -----

func.func @user() {
  // expected-error @+1 {{'func.constant' op reference to undefined function 'missing'}}
  %f = "func.constant"() <{value = @missing}> : () -> ((i32) -> i32)
  return
}
