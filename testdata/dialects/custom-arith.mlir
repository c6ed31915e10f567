// RUN: irkit opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: irkit opt --mlir-print-op-generic %s | irkit opt | FileCheck %s --match-full-lines --strict-whitespace
// arith ops in their custom syntax: casts, extended ops with named results,
// comparisons, select, flags (expected output from mlir-opt-19).

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

// CHECK:module {
// CHECK-NEXT:  func.func @f(%arg0: i32, %arg1: i64, %arg2: f32, %arg3: f16, %arg4: vector<4xi32>, %arg5: i1, %arg6: vector<4xi1>) {
// CHECK-NEXT:    %0 = arith.divsi %arg0, %arg0 : i32
// CHECK-NEXT:    %sum, %overflow = arith.addui_extended %arg0, %arg0 : i32, i1
// CHECK-NEXT:    %low, %high = arith.mulsi_extended %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = arith.shli %arg0, %arg0 overflow<nsw> : i32
// CHECK-NEXT:    %2 = arith.negf %arg2 fastmath<fast> : f32
// CHECK-NEXT:    %3 = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT:    %4 = arith.trunci %arg1 : i64 to i32
// CHECK-NEXT:    %5 = arith.extf %arg3 : f16 to f32
// CHECK-NEXT:    %6 = arith.truncf %arg2 fastmath<nnan> : f32 to f16
// CHECK-NEXT:    %7 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT:    %8 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:    %9 = arith.bitcast %arg0 : i32 to f32
// CHECK-NEXT:    %10 = arith.cmpf oge, %arg2, %arg2 : f32
// CHECK-NEXT:    %11 = arith.cmpf true, %arg2, %arg2 fastmath<fast> : f32
// CHECK-NEXT:    %12 = arith.select %arg5, %arg0, %arg0 : i32
// CHECK-NEXT:    %13 = arith.select %arg6, %arg4, %arg4 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT:    %14 = arith.cmpi ne, %arg4, %arg4 : vector<4xi32>
// CHECK-NEXT:    %15 = arith.maxnumf %arg2, %arg2 : f32
// CHECK-NEXT:    %16 = arith.remui %arg0, %arg0 {foo} : i32
// CHECK-NEXT:    %17 = arith.select %arg5, %arg4, %arg4 {a = 1 : i64} : vector<4xi32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:}
