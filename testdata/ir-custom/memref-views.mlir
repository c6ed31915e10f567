func.func @f(%n: index, %m: memref<8x?xf32>, %b: memref<2048xi8>, %s: memref<2xindex>, %u: memref<?xf32>) {
  %0 = memref.subview %m[%n, 4] [2, %n] [1, 1] : memref<8x?xf32> to memref<2x?xf32, strided<[?, 1], offset: ?>>
  %1 = memref.reinterpret_cast %m to offset: [0], sizes: [%n, 4], strides: [4, 1] : memref<8x?xf32> to memref<?x4xf32>
  %2 = memref.view %b[%n][%n] : memref<2048xi8> to memref<?x4xf32>
  %3 = memref.reshape %u(%s) : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf32>
  %4 = memref.expand_shape %u [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %5 = memref.collapse_shape %4 [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  return
}
