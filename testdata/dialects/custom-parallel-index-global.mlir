// RUN: irkit opt %s | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 (default, custom form).
// scf.parallel/reduce, scf.forall, scf.index_switch, memref.global,
// memref.extract_strided_metadata and index ops in their custom syntax.

memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
memref.global @u : memref<2x3xi32> = uninitialized
memref.global "private" @ext : memref<4xi8>
memref.global @s : memref<i32> = dense<7>
func.func @f() -> memref<2xf32> {
  %0 = memref.get_global @c : memref<2xf32>
  return %0 : memref<2xf32>
}
func.func @par(%lb: index, %ub: index, %st: index, %init: f32, %m: memref<?xf32>) -> f32 {
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
func.func @forall(%n: index, %m: memref<?xf32>, %t: tensor<4xf32>) {
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
func.func @switch(%a: index, %c: i32) -> i32 {
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
func.func @idx(%a: index, %b: index, %i: i32) -> index {
  %0 = index.add %a, %b
  %1 = index.constant 42
  %2 = index.constant -1
  %t = index.bool.constant true
  %f = index.bool.constant false
  %c = index.cmp slt(%a, %b)
  %c2 = index.cmp uge(%a, %b)
  %s = index.casts %i : i32 to index
  %u = index.castu %a : index to i64
  %z = index.sizeof
  %x = index.xor %0, %1
  return %x : index
}
func.func @esm(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %z: memref<f32>) {
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<4x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  %b2, %o2 = memref.extract_strided_metadata %z : memref<f32> -> memref<f32>, index
  return
}

// CHECK:module {
// CHECK-NEXT:  memref.global "private" constant @c : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> {alignment = 64 : i64}
// CHECK-NEXT:  memref.global @u : memref<2x3xi32> = uninitialized
// CHECK-NEXT:  memref.global "private" @ext : memref<4xi8>
// CHECK-NEXT:  memref.global @s : memref<i32> = dense<7>
// CHECK-NEXT:  func.func @f() -> memref<2xf32> {
// CHECK-NEXT:    %0 = memref.get_global @c : memref<2xf32>
// CHECK-NEXT:    return %0 : memref<2xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @par(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<?xf32>) -> f32 {
// CHECK-NEXT:    scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT:      %2 = memref.load %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:      scf.reduce 
// CHECK-NEXT:    }
// CHECK-NEXT:    %0 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3) -> f32 {
// CHECK-NEXT:      %2 = memref.load %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:      scf.reduce(%2 : f32) {
// CHECK-NEXT:      ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:        %3 = arith.addf %arg6, %arg7 : f32
// CHECK-NEXT:        scf.reduce.return %3 : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    } {foo}
// CHECK-NEXT:    %1:2 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%arg3, %arg3) -> (f32, f32) {
// CHECK-NEXT:      %2 = memref.load %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:      scf.reduce(%2, %2 : f32, f32) {
// CHECK-NEXT:      ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:        scf.reduce.return %arg6 : f32
// CHECK-NEXT:      }, {
// CHECK-NEXT:      ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:        scf.reduce.return %arg7 : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : f32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @forall(%arg0: index, %arg1: memref<?xf32>, %arg2: tensor<4xf32>) {
// CHECK-NEXT:    scf.forall (%arg3, %arg4) in (%arg0, 8) {
// CHECK-NEXT:      %0 = memref.load %arg1[%arg3] : memref<?xf32>
// CHECK-NEXT:    } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
// CHECK-NEXT:    scf.forall (%arg3) = (2) to (%arg0) step (3) {
// CHECK-NEXT:      %0 = memref.load %arg1[%arg3] : memref<?xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.forall (%arg3) in (%arg0) {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @switch(%arg0: index, %arg1: i32) -> i32 {
// CHECK-NEXT:    %0 = scf.index_switch %arg0 -> i32 
// CHECK-NEXT:    case 2 {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    case -5 {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.index_switch %arg0 
// CHECK-NEXT:    case 1 {
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.index_switch %arg0 {foo} 
// CHECK-NEXT:    default {
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @idx(%arg0: index, %arg1: index, %arg2: i32) -> index {
// CHECK-NEXT:    %0 = index.add %arg0, %arg1
// CHECK-NEXT:    %idx42 = index.constant 42
// CHECK-NEXT:    %idx-1 = index.constant -1
// CHECK-NEXT:    %true = index.bool.constant true
// CHECK-NEXT:    %false = index.bool.constant false
// CHECK-NEXT:    %1 = index.cmp slt(%arg0, %arg1)
// CHECK-NEXT:    %2 = index.cmp uge(%arg0, %arg1)
// CHECK-NEXT:    %3 = index.casts %arg2 : i32 to index
// CHECK-NEXT:    %4 = index.castu %arg0 : index to i64
// CHECK-NEXT:    %5 = index.sizeof
// CHECK-NEXT:    %6 = index.xor %0, %idx42
// CHECK-NEXT:    return %6 : index
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @esm(%arg0: memref<4x?xf32, strided<[?, 1], offset: ?>>, %arg1: memref<f32>) {
// CHECK-NEXT:    %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg0 : memref<4x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT:    %base_buffer_0, %offset_1 = memref.extract_strided_metadata %arg1 : memref<f32> -> memref<f32>, index
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:}
// CHECK-EMPTY:
