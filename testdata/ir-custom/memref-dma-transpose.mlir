// memref.transpose (its permutation printed inline), dma_start/dma_wait,
// prefetch and generic_atomic_rmw with their hand-written syntax.
func.func @f(%m: memref<2x3xf32>, %d: memref<?x?xf32>, %i: index, %n: index) -> f32 {
  %t = memref.transpose %m (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %u = memref.transpose %d (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d1 * s0 + d0)>>
  %src = memref.alloc() : memref<256xf32>
  %dst = memref.alloc() : memref<256xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  memref.dma_start %src[%i], %dst[%i], %n, %tag[%i] : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
  memref.dma_start %src[%i], %dst[%i], %n, %tag[%i], %n, %n : memref<256xf32>, memref<256xf32, 1>, memref<1xi32>
  memref.dma_wait %tag[%i], %n : memref<1xi32>
  memref.prefetch %m[%i, %i], read, locality<3>, data : memref<2x3xf32>
  memref.prefetch %m[%i, %i], write, locality<0>, instr : memref<2x3xf32>
  %x = memref.generic_atomic_rmw %m[%i, %i] : memref<2x3xf32> {
  ^bb0(%cur: f32):
    %c1 = arith.constant 1.0 : f32
    %s = arith.addf %cur, %c1 : f32
    memref.atomic_yield %s : f32
  }
  return %x : f32
}
