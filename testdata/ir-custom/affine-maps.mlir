// Affine maps and integer sets are simplified when parsed and printed with
// their dimensions renamed, as MLIR builds and prints them.
#m0 = affine_map<(i, j)[s] -> (4 + i, j * 2 * 3, s - i, (i + j) + 5, i + (j + 5))>
#m1 = affine_map<(i) -> (i - (i floordiv 4) * 4, (i * 128) floordiv 64, (i * 128) mod 64, i ceildiv 1)>
#m2 = affine_map<(i, j)[M] -> (-(i + j), i * -3 + M, (i mod 35) mod 5, 7 floordiv -2)>
#s0 = affine_set<(i, j)[N] : (i >= 0, N - i >= j, i == 2 * j, i <= 10)>
#s1 = affine_set<() : ()>
func.func @f(%a: memref<4x4xf32, affine_map<(i, j)[s] -> (i, j)>>,
             %b: memref<4x4xf32, affine_map<(i, j) -> (j * 4 + i)>>) {
  "test.unregistered"() {a = #m0, b = #m1, c = #m2, d = #s0, e = #s1} : () -> ()
  return
}
