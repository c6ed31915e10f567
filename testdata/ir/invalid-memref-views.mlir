// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// The verifiers of memref's view-like ops: layouts as strides and offset,
// the inferred subview type, expand/collapse_shape reassociations.

func.func @subview_sizes(%m: memref<8x16x4xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<8x16x4xf32, strided<[64, 4, 1], offset: 8>>' or a rank-reduced version. (mismatch of result sizes)}}
  %0 = memref.subview %m[0, 2, 0] [8, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<8x16x3xf32, strided<[64, 4, 1], offset: 8>>
  return
}

// -----

func.func @subview_layout(%m: memref<?x?xf32>, %n: index) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[?, 2], offset: ?>>' or a rank-reduced version. (mismatch of result layout)}}
  %0 = memref.subview %m[%n, 0] [4, 4] [1, 2] : memref<?x?xf32> to memref<4x4xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

func.func @subview_rank_reduced(%m: memref<8x16x4xf32>) {
  %0 = memref.subview %m[0, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32, strided<[4, 1]>>
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %1 = memref.subview %m[-1, 0, 0] [1, 16, 4] [1, 1, 1] : memref<8x16x4xf32> to memref<16x4xf32, strided<[4, 1]>>
  return
}

// -----

func.func @subview_not_strided(%m: memref<8x16xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) {
  // expected-error @+1 {{base type 'memref<8x16xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>' is not strided}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<8x16xf32, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @reinterpret_offset(%in: memref<?xf32>) {
  // expected-error @+1 {{expected result type with offset = 2 instead of 1}}
  %0 = memref.reinterpret_cast %in to offset: [2], sizes: [10], strides: [1] : memref<?xf32> to memref<10xf32, strided<[1], offset: 1>>
  return
}

// -----

func.func @reinterpret_affine(%in: memref<?xf32>) {
  // expected-error @+1 {{expected result type with stride = 3 instead of 10 in dim = 0}}
  %0 = memref.reinterpret_cast %in to offset: [0], sizes: [4, 10], strides: [3, 1] : memref<?xf32> to memref<4x10xf32, affine_map<(d0, d1) -> (d0 * 10 + d1)>>
  return
}

// -----

func.func @expand_layout(%m: memref<30x20xf32, strided<[4000, 2], offset: 100>>) {
  // expected-error @+1 {{expected expanded type to be 'memref<2x15x20xf32, strided<[60000, 4000, 2], offset: 100>>' but found 'memref<2x15x20xf32, strided<[60000, 4000, 2]>>'}}
  %0 = memref.expand_shape %m [[0, 1], [2]] output_shape [2, 15, 20] : memref<30x20xf32, strided<[4000, 2], offset: 100>> into memref<2x15x20xf32, strided<[60000, 4000, 2]>>
  return
}

// -----

func.func @collapse_group_size(%m: memref<4x5x6xf32>) {
  // expected-error @+1 {{collapsed dim size (21) must equal reassociation group size (20)}}
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<4x5x6xf32> into memref<21x6xf32>
  return
}

// -----

func.func @collapse_non_contiguous(%m: memref<4x5xf32, strided<[10, 1]>>) {
  // expected-error @+1 {{invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x5xf32, strided<[10, 1]>> into memref<20xf32>
  return
}

// -----

func.func @reshape_rank(%m: memref<4x5xf32>, %s: memref<3xindex>) {
  // expected-error @+1 {{length of shape operand differs from the result's memref rank}}
  %0 = memref.reshape %m(%s) : (memref<4x5xf32>, memref<3xindex>) -> memref<?x?xf32>
  return
}

// -----

memref.global "private" @g : memref<3xi32> = dense<0>

func.func @get_global_type() {
  // expected-error @+1 {{result type 'memref<3xf32>' does not match type 'memref<3xi32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<3xf32>
  return
}

// -----

func.func @space_zero(%m: memref<4xf32, 0>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32, 0> to memref<4xi32>
  return
}

// -----

func.func @assume(%m: memref<4xf32>) {
  // expected-error @+1 {{attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  memref.assume_alignment %m, 0 : memref<4xf32>
  return
}

// -----

func.func @metadata_space(%m: memref<4x?xf32, 3>) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'memref.extract_strided_metadata' op inferred type(s) 'memref<f32, 3>', 'index', 'index', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f32>', 'index', 'index', 'index', 'index', 'index'}}
  %b, %o, %s:2, %t:2 = memref.extract_strided_metadata %m : memref<4x?xf32, 3> -> memref<f32>, index, index, index, index, index
  return
}

// -----

func.func @metadata_rank(%m: memref<8x16x4xf32>) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{inferred type(s) 'memref<f32>', 'index', 'index', 'index', 'index', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f32>', 'index', 'index', 'index', 'index', 'index'}}
  %1:6 = "memref.extract_strided_metadata"(%m) : (memref<8x16x4xf32>) -> (memref<f32>, index, index, index, index, index)
  return
}

// -----

func.func @metadata_layout(%m: memref<4xf32>) {
  %b, %o, %s, %t = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32, affine_map<() -> ()>>, index, index, index
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'memref.extract_strided_metadata' op inferred type(s) 'memref<f32>', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f32, strided<[]>>', 'index', 'index', 'index'}}
  %b2, %o2, %s2, %t2 = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32, strided<[]>>, index, index, index
  return
}

// -----

func.func @reassociation_elements(%m: memref<1x1xi32>) {
  // expected-error @+1 {{'memref.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "memref.collapse_shape"(%m) <{reassociation = [unit]}> : (memref<1x1xi32>) -> memref<i32>
  return
}
