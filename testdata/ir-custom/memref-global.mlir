memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
memref.global @u : memref<2x3xi32> = uninitialized
memref.global "private" @ext : memref<4xi8>
memref.global @s : memref<i32> = dense<7>
func.func @f() -> memref<2xf32> {
  %0 = memref.get_global @c : memref<2xf32>
  return %0 : memref<2xf32>
}
func.func @esm(%m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %z: memref<f32>) {
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %m : memref<4x?xf32, strided<[?, 1], offset: ?>> -> memref<f32>, index, index, index, index, index
  %b2, %o2 = memref.extract_strided_metadata %z : memref<f32> -> memref<f32>, index
  return
}
func.func @scope(%m: memref<4xf32>) -> f32 {
  memref.assume_alignment %m, 16 : memref<4xf32>
  %r = memref.alloca_scope -> (f32) {
    %c = arith.constant 1.0 : f32
    memref.alloca_scope.return %c : f32
  }
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
  }
  return %r : f32
}
