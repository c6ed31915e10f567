// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// memref.transpose, dma_start/dma_wait, prefetch and generic_atomic_rmw:
// their parsers' and verifiers' messages.

func.func @dma_few_operands(%m: memref<2xf32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected at least 4 operands}}
  "memref.dma_start"(%m, %i) : (memref<2xf32>, index) -> ()
  return
}

// -----

func.func @dma_src_not_memref(%f: f32, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op expected source to be of memref type}}
  "memref.dma_start"(%f, %i, %i, %i) : (f32, index, index, index) -> ()
  return
}

// -----

func.func @dma_src_index(%m: memref<2xf32>, %t: memref<1xi32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.dma_start' op expected source indices to be of index type}}
  "memref.dma_start"(%m, %f, %m, %i, %i, %t, %i) : (memref<2xf32>, f32, memref<2xf32>, index, index, memref<1xi32>, index) -> ()
  return
}

// -----

func.func @dma_operand_count(%m: memref<2xf32>, %t: memref<1xi32>, %i: index) {
  // expected-error@+1 {{'memref.dma_start' op incorrect number of operands}}
  "memref.dma_start"(%m, %i, %m, %i, %i, %t, %i, %i) : (memref<2xf32>, index, memref<2xf32>, index, index, memref<1xi32>, index, index) -> ()
  return
}

// -----

func.func @dma_stride_type(%m: memref<2xf32>, %t: memref<1xi32>, %i: index, %f: f32) {
  // expected-error@+1 {{'memref.dma_start' op expected stride and num elements per stride to be of type index}}
  "memref.dma_start"(%m, %i, %m, %i, %i, %t, %i, %i, %f) : (memref<2xf32>, index, memref<2xf32>, index, index, memref<1xi32>, index, index, f32) -> ()
  return
}

// -----

func.func @dma_one_stride(%m: memref<2xf32>, %t: memref<1xi32>, %i: index) {
  // expected-error@+1 {{expected two stride related operands}}
  memref.dma_start %m[%i], %m[%i], %i, %t[%i], %i : memref<2xf32>, memref<2xf32>, memref<1xi32>
  return
}

// -----

func.func @dma_types(%m: memref<2xf32>, %t: memref<1xi32>, %i: index) {
  // expected-error@+1 {{fewer/more types expected}}
  memref.dma_start %m[%i], %m[%i], %i, %t[%i] : memref<2xf32>, memref<2xf32>
  return
}

// -----

func.func @dma_wait_rank(%t: memref<2x2xi32>, %i: index) {
  // expected-error@+1 {{expected tagIndices to have the same number of elements as the tagMemRef rank, expected 2, but got 1}}
  memref.dma_wait %t[%i], %i : memref<2x2xi32>
  return
}

// -----

func.func @prefetch_rw(%m: memref<2xf32>, %i: index) {
  // expected-error@+1 {{rw specifier has to be 'read' or 'write'}}
  memref.prefetch %m[%i], rw, locality<1>, data : memref<2xf32>
  return
}

// -----

func.func @prefetch_locality(%m: memref<2xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  memref.prefetch %m[%i], read, locality<4>, data : memref<2xf32>
  return
}

// -----

func.func @prefetch_indices(%m: memref<2x2xf32>, %i: index) {
  // expected-error@+1 {{'memref.prefetch' op too few indices}}
  memref.prefetch %m[%i], read, locality<1>, data : memref<2x2xf32>
  return
}

// -----

func.func @transpose_not_permutation(%m: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map}}
  %t = memref.transpose %m (i, j) -> (i, i) : memref<2x3xf32> to memref<2x3xf32>
  return
}

// -----

func.func @transpose_rank(%m: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.transpose' op expected a permutation map of same rank as the input}}
  %t = memref.transpose %m (i) -> (i) : memref<2x3xf32> to memref<2x3xf32>
  return
}

// -----

func.func @transpose_type(%m: memref<2x3xf32>) {
  // expected-error@+1 {{'memref.transpose' op result type 'memref<3x2xf32>' is not equivalent to the canonical transposed input type 'memref<3x2xf32, affine_map<(d0, d1) -> (d0 + d1 * 3)>>'}}
  %t = memref.transpose %m (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32>
  return
}

// -----

func.func @transpose_map_type(%v: memref<?x?xf32, affine_map<(i, j)[off, M] -> (off + M * i + j)>>) {
  // expected-error@+1 {{result type 'memref<?x?xf32, affine_map<(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)>>' is not equivalent to the canonical transposed input type 'memref<?x?xf32, affine_map<(d0, d1)[s0, s1] -> (d0 + s0 + d1 * s1)>>'}}
  memref.transpose %v (i, j) -> (j, i) : memref<?x?xf32, affine_map<(i, j)[off, M] -> (off + M * i + j)>> to memref<?x?xf32, affine_map<(i, j)[off, M] -> (off + M * i + j)>>
  return
}

// -----

func.func @atomic_args(%m: memref<10xf32>, %i: index) {
  // expected-error@+1 {{expected single number of entry block arguments}}
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: f32, %b: f32):
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @atomic_effects(%m: memref<10xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: f32):
    // expected-error@+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
    memref.store %a, %m[%i] : memref<10xf32>
    memref.atomic_yield %a : f32
  }
  return
}

// -----

func.func @atomic_yield_type(%m: memref<10xf32>, %i: index) {
  %x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {
  ^bb0(%a: f32):
    %c = arith.constant 1 : i32
    // expected-error@+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
    memref.atomic_yield %c : i32
  }
  return
}

// -----

// expected-error@+1 {{expected '->' or ':'}}
#bad = affine_map<(d0) (d0)>

// -----

// expected-error@+1 {{use of undeclared identifier}}
#bad = affine_map<(d0) -> (d1)>

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
#bad = affine_map<(d0, d1) -> (d0 * d1)>

// -----

// expected-error@+1 {{expected AffineMap, but got IntegerSet}}
#bad = affine_map<(d0) : (d0 >= 0)>

// -----

// expected-error@+1 {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
#bad = affine_set<(d0) : (d0 > 0)>

// -----

// expected-error@+1 {{expected '=' in attribute alias definition}}
#bad affine_map<(d0) -> (d0)>
