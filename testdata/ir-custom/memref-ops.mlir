func.func @f(%n: index, %v: f32, %m: memref<4x?xf32>, %u: memref<*xf32>) {
  %0 = memref.alloc(%n) : memref<4x?xf32>
  %1 = memref.alloca(%n) {alignment = 64} : memref<4x?xf32>
  %2 = memref.load %0[%n, %n] : memref<4x?xf32>
  memref.store %v, %0[%n, %n] {nontemporal = true} : memref<4x?xf32>
  %3 = memref.dim %0, %n : memref<4x?xf32>
  %4 = memref.rank %u : memref<*xf32>
  %5 = memref.cast %0 : memref<4x?xf32> to memref<?x?xf32>
  memref.copy %0, %1 : memref<4x?xf32> to memref<4x?xf32>
  %6 = memref.memory_space_cast %0 : memref<4x?xf32> to memref<4x?xf32, 1>
  %10 = memref.atomic_rmw addf %v, %0[%n, %n] : (f32, memref<4x?xf32>) -> f32
  %11 = memref.extract_aligned_pointer_as_index %0 : memref<4x?xf32> -> index
  memref.dealloc %0 : memref<4x?xf32>
  return
}
