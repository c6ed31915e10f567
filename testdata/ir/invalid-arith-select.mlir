// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// arith.select: BooleanConditionOrMatchingShape (an ODS predicate, before
// the Elementwise trait), then the op's verifier (getI1SameShape keeps a
// tensor's encoding and a vector's scalable dimensions).

func.func @dynamic_dim(%c: tensor<4xi1>, %x: tensor<?xi32>) -> tensor<?xi32> {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %x, %x : tensor<4xi1>, tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @kinds(%c: tensor<4xi1>, %x: vector<4xi32>) -> vector<4xi32> {
  // expected-error @+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.select %c, %x, %x : tensor<4xi1>, vector<4xi32>
  return %0 : vector<4xi32>
}

// -----

func.func @encoding(%c: tensor<8xi1, "bar">, %x: tensor<8xi32, "foo">) -> tensor<8xi32, "foo"> {
  // expected-error @+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<8xi1, "foo">', but got 'tensor<8xi1, "bar">'}}
  %0 = arith.select %c, %x, %x : tensor<8xi1, "bar">, tensor<8xi32, "foo">
  return %0 : tensor<8xi32, "foo">
}

// -----

func.func @fine(%c: vector<[4]xi1>, %x: vector<[4]xi32>, %u: tensor<*xi1>, %y: tensor<*xf32>) -> vector<[4]xi32> {
  %0 = arith.select %c, %x, %x : vector<[4]xi1>, vector<[4]xi32>
  %1 = arith.select %u, %y, %y : tensor<*xi1>, tensor<*xf32>
  return %0 : vector<[4]xi32>
}
