func.func @f(%a: i32, %b: i64, %x: f32, %y: f16, %v: vector<4xi32>, %c: i1, %vc: vector<4xi1>) {
  %0 = arith.divsi %a, %a : i32
  %1:2 = arith.addui_extended %a, %a : i32, i1
  %2:2 = arith.mulsi_extended %a, %a : i32
  %3 = arith.shli %a, %a overflow<nsw> : i32
  %4 = arith.negf %x fastmath<fast> : f32
  %5 = arith.extsi %a : i32 to i64
  %6 = arith.trunci %b : i64 to i32
  %7 = arith.extf %y : f16 to f32
  %8 = arith.truncf %x fastmath<nnan> : f32 to f16
  %9 = arith.sitofp %a : i32 to f32
  %10 = arith.index_cast %a : i32 to index
  %11 = arith.bitcast %a : i32 to f32
  %12 = arith.cmpf oge, %x, %x : f32
  %13 = arith.cmpf true, %x, %x fastmath<fast> : f32
  %14 = arith.select %c, %a, %a : i32
  %15 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xi32>
  %16 = arith.cmpi ne, %v, %v : vector<4xi32>
  %17 = arith.maxnumf %x, %x : f32
  %18 = arith.remui %a, %a {foo} : i32
  %19 = arith.select %c, %v, %v {a = 1} : vector<4xi32>
  return
}
