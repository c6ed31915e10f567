func.func @f(%n: index, %m: memref<?xf32>, %t: tensor<4xf32>) {
  scf.forall (%i, %j) in (%n, 8) {
    %v = memref.load %m[%i] : memref<?xf32>
  } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
  scf.forall (%i) = (2) to (%n) step (3) {
    %v = memref.load %m[%i] : memref<?xf32>
  }
  scf.forall (%i) = (0) to (%n) step (1) {
  }
  return
}
func.func @g(%a: index, %c: i32) -> i32 {
  %0 = scf.index_switch %a -> i32
  case 2 {
    scf.yield %c : i32
  }
  case -5 {
    scf.yield %c : i32
  }
  default {
    scf.yield %c : i32
  }
  scf.index_switch %a
  case 1 {
    scf.yield
  }
  default {
  }
  scf.index_switch %a {foo}
  default {
  }
  return %0 : i32
}
