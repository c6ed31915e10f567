func.func @f(%lb: index, %ub: index, %st: index, %init: f32, %m: memref<?xf32>) -> f32 {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    %v = memref.load %m[%i] : memref<?xf32>
  }
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%init) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  } {foo}
  %r2:2 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%init, %init) -> (f32, f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%v, %v : f32, f32) {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %a : f32
    }, {
    ^bb0(%a: f32, %b: f32):
      scf.reduce.return %b : f32
    }
  }
  return %r : f32
}
