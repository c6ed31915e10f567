// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// MLIR 22's memref verifiers: power-of-two alignments (load and store have
// one too), dynamic size counts, subview's messages and bounds,
// reinterpret_cast's dynamic values, global's initial value, the 1-D
// operands of view and realloc, and the new distinct_objects.

func.func @alloc_alignment() {
  // expected-error @+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.alloc"() <{alignment = 48 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}

// -----

func.func @load_alignment(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.load"(%m, %i) <{alignment = 0 : i64}> : (memref<4xf32>, index) -> f32
  return
}

// -----

func.func @store_alignment(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.store' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  "memref.store"(%v, %m, %i) <{alignment = -8 : i64}> : (f32, memref<4xf32>, index) -> ()
  return
}

// -----

// expected-error @+1 {{'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
"memref.global"() <{alignment = 12 : i64, sym_name = "g", type = memref<2xf32>}> : () -> ()

// -----

func.func @alloc_sizes(%n: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x?xf32>
  return
}

// -----

func.func @view_sizes(%b: memref<2048xi8>, %s: index) {
  // expected-error @+1 {{'memref.view' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = "memref.view"(%b, %s) : (memref<2048xi8>, index) -> memref<?x4xf32>
  return
}

// -----

func.func @view_source(%b: memref<2048xi16>, %s: index) {
  // expected-error @+1 {{'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'memref<2048xi16>'}}
  %0 = "memref.view"(%b, %s) : (memref<2048xi16>, index) -> memref<4x4xf32>
  return
}

// -----

func.func @realloc_source(%m: memref<2x2xf32>) {
  // expected-error @+1 {{'memref.realloc' op operand #0 must be 1D memref of any type values, but got 'memref<2x2xf32>'}}
  %0 = "memref.realloc"(%m) : (memref<2x2xf32>) -> memref<8xf32>
  return
}

// -----

func.func @subview_element(%m: memref<8x16xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32', but got 'memref<8x16xi32>'}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 8, 16>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<8x16xi32>
  return
}

// -----

func.func @subview_layout(%m: memref<8x16xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x16xf32, strided<[16, 1], offset: 64>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x16xf32>'}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 4, 0>, static_sizes = array<i64: 4, 16>, static_strides = array<i64: 1, 1>}> : (memref<8x16xf32>) -> memref<4x16xf32>
  return
}

// -----

func.func @subview_offset_bounds(%m: memref<8xf32>) {
  // expected-error @+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 8>, static_sizes = array<i64: 0>, static_strides = array<i64: 1>}> : (memref<8xf32>) -> memref<0xf32, strided<[1], offset: 8>>
  return
}

// -----

func.func @subview_slice_bounds(%m: memref<8xf32>) {
  // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 8 >= 8}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 2>, static_sizes = array<i64: 4>, static_strides = array<i64: 2>}> : (memref<8xf32>) -> memref<4xf32, strided<[2], offset: 2>>
  return
}

// -----

func.func @subview_dynamic_count(%m: memref<8xf32>) {
  // expected-error @+1 {{expected the number of 'sizes' to match the number of dynamic entries in 'static_sizes' (0 vs 1)}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: -9223372036854775808>, static_strides = array<i64: 1>}> : (memref<8xf32>) -> memref<?xf32, strided<[1]>>
  return
}

// -----

func.func @reinterpret_cast_offset(%m: memref<?xf32>, %o: index) {
  // expected-error @+1 {{expected result type with offset = dynamic instead of 0}}
  %0 = memref.reinterpret_cast %m to offset: [%o], sizes: [4], strides: [1] : memref<?xf32> to memref<4xf32>
  return
}

// -----

func.func @reinterpret_cast_result(%m: memref<?xf32>) {
  // expected-error @+1 {{'memref.reinterpret_cast' op result #0 must be strided memref of any type values, but got 'memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>'}}
  %0 = "memref.reinterpret_cast"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<?xf32>) -> memref<4xf32, affine_map<(d0) -> (d0 floordiv 2)>>
  return
}

// -----

// expected-error @+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'f16'}}
"memref.global"() <{initial_value = dense<1.0> : tensor<2xf16>, sym_name = "g", type = memref<2xf32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op initial value shape expected to be 2, 3 but was 3, 2}}
"memref.global"() <{initial_value = dense<1.0> : tensor<3x2xf32>, sym_name = "g", type = memref<2x3xf32>}> : () -> ()

// -----

// An encoded initial value is fine at 22.
"memref.global"() <{initial_value = dense<1.0> : tensor<2xf32, "enc">, sym_name = "g", type = memref<2xf32>}> : () -> ()

// -----

// expected-error @+1 {{'memref.global' op attribute 'type' failed to satisfy constraint: memref type attribute}}
"memref.global"() <{sym_name = "g", type = tensor<2xf32>}> : () -> ()

// -----

memref.global @g : memref<2xf32>

func.func @get_global_static() {
  // expected-error @+1 {{'memref.get_global' op result #0 must be statically shaped memref of any type values, but got 'memref<?xf32>'}}
  %0 = "memref.get_global"() <{name = @g}> : () -> memref<?xf32>
  return
}

// -----

func.func @distinct_objects_types(%a: memref<?xf32>, %b: memref<?xi32>) {
  // expected-error @+1 {{'memref.distinct_objects' op operand types and result types must match}}
  %0, %1 = "memref.distinct_objects"(%a, %b) : (memref<?xf32>, memref<?xi32>) -> (memref<?xi32>, memref<?xf32>)
  return
}

// -----

func.func @distinct_objects_empty() {
  // expected-error @+1 {{'memref.distinct_objects' op expected at least one operand}}
  "memref.distinct_objects"() : () -> ()
  return
}

// -----

func.func @distinct_objects_custom(%a: memref<?xf32>, %b: memref<?xi32>) -> (memref<?xf32>, memref<?xi32>) {
  %0, %1 = memref.distinct_objects %a, %b : memref<?xf32>, memref<?xi32>
  return %0, %1 : memref<?xf32>, memref<?xi32>
}

// -----

// MLIR 22's kind 5 is `maxnumf` (19's `maxu`), 9 `minnumf`: any value
// type; 12 is `mulf` (19's `andi`).
func.func @atomic_rmw_kinds_22(%m: memref<4xf32>, %i: index, %v: f32) {
  %0 = "memref.atomic_rmw"(%v, %m, %i) <{kind = 5 : i64}> : (f32, memref<4xf32>, index) -> f32
  %1 = "memref.atomic_rmw"(%v, %m, %i) <{kind = 9 : i64}> : (f32, memref<4xf32>, index) -> f32
  return
}

// -----

func.func @atomic_rmw_xori(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'xori' expects an integer type}}
  %0 = memref.atomic_rmw xori %v, %m[%i] : (f32, memref<4xf32>) -> f32
  return
}

// -----

func.func @atomic_rmw_kind_16(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error @+1 {{invalid properties {kind = 16 : i64} for op memref.atomic_rmw: Invalid attribute `kind` in property conversion: 16 : i64}}
  %0 = "memref.atomic_rmw"(%v, %m, %i) <{kind = 16 : i64}> : (f32, memref<4xf32>, index) -> f32
  return
}
