// arith.truncf's optional rounding mode: a bare keyword in the custom form,
// an i32 enum property in the generic one; cmpf/cmpi derive their i1
// results in the operands' shape.
func.func @rounding(%arg0: f64, %v: vector<[4]xf32>, %t: tensor<?x2xi8>) -> (f32, f32, f32) {
  %0 = arith.truncf %arg0 to_nearest_even : f64 to f32
  %1 = arith.truncf %arg0 downward fastmath<fast> : f64 to f32
  %2 = arith.truncf %arg0 to_nearest_away : f64 to f32
  %3 = arith.truncf %v toward_zero : vector<[4]xf32> to vector<[4]xf16>
  %4 = arith.cmpf olt, %v, %v : vector<[4]xf32>
  %5 = arith.cmpi ult, %t, %t : tensor<?x2xi8>
  return %0, %1, %2 : f32, f32, f32
}
