func.func @m(%x: f32, %i: i32, %v: vector<2xf64>) -> f32 {
  %0 = math.sqrt %x : f32
  %1 = math.fma %x, %0, %x fastmath<fast> : f32
  %2 = math.fpowi %x, %i : f32, i32
  %3 = math.ctlz %i : i32
  %4 = math.ipowi %i, %3 : i32
  %5 = math.atan2 %v, %v fastmath<nnan> : vector<2xf64>
  %6 = math.absf %1 {foo} : f32
  return %6 : f32
}
