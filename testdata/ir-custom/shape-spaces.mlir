// Shapes written with spaces: `x` is a token of its own in MLIR's lexer, so
// `2 x 32 x f32` is the shape 2x32 of f32 (as in mlir/test/Dialect/SCF).
func.func @shapes(%x: memref<2 x 32 x f32>, %y: tensor<4 x ? x i8>, %z: vector<2 x [4] x f32>, %w: memref<  3x4 x f32>, %u: memref<* x f32>, %v: tensor< 2 x2x f16 >, %s: vector<[ 4 ]x[8 ] x i1>) {
  return
}
