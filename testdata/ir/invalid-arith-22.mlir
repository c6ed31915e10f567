// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// MLIR 22's arith.bitcast no longer takes index; a scalable vector constant
// must be a splat, and a cast keeps a ranked tensor's encoding.

func.func @bitcast_to_index(%x: i64) -> index {
  // expected-error @+1 {{'arith.bitcast' op result #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = "arith.bitcast"(%x) : (i64) -> index
  return %0 : index
}

// -----

func.func @bitcast_vector_to_index(%x: vector<3xi32>) -> index {
  // expected-error @+1 {{'arith.bitcast' op result #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'}}
  %0 = "arith.bitcast"(%x) : (vector<3xi32>) -> index
  return %0 : index
}

// -----

func.func @bitcast_from_index_tensor(%x: tensor<2xindex>) -> tensor<2xi64> {
  // expected-error @+1 {{'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'tensor<2xindex>'}}
  %0 = "arith.bitcast"(%x) : (tensor<2xindex>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @scalable_constant() {
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = "arith.constant"() <{value = dense<[1, 2]> : vector<[2]xi32>}> : () -> vector<[2]xi32>
  return
}

// -----

func.func @scalable_splat() {
  %0 = "arith.constant"() <{value = dense<[3, 3]> : vector<[2]xi32>}> : () -> vector<[2]xi32>
  return
}

// -----

func.func @cast_encoding(%x: tensor<2xi32, "a">) {
  // expected-error @+1 {{'arith.extsi' op operand type 'tensor<2xi32, "a">' and result type 'tensor<2xi64, "b">' are cast incompatible}}
  %0 = "arith.extsi"(%x) : (tensor<2xi32, "a">) -> tensor<2xi64, "b">
  return
}
