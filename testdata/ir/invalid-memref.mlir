// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// The memref ops' own verifiers (ir/src/verify/memref.rs) and the
// element-type rule of load/store (`ElementTypeOf`).

func.func @alloc_dynamic(%n: index) {
  // expected-error @+1 {{'memref.alloc' op dimension operand count does not equal memref dynamic dimension count}}
  %0 = memref.alloc(%n, %n) : memref<4x?xf32>
  return
}

// -----

func.func @load_indices(%m: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = "memref.load"(%m, %i) : (memref<4x4xf32>, index) -> f32
  return
}

// -----

func.func @load_elem(%m: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %i) : (memref<4xf32>, index) -> i32
  return
}

// -----

func.func @store_indices(%m: memref<4x4xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  "memref.store"(%v, %m, %i) : (f32, memref<4x4xf32>, index) -> ()
  return
}

// -----

func.func @cast_incompatible(%m: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<8xf32>
  return
}

// -----

func.func @atomic_kind(%m: memref<4xi32>, %v: i32, %i: index) {
  // expected-error @+1 {{'memref.atomic_rmw' op with kind 'addf' expects a floating-point type}}
  %0 = memref.atomic_rmw addf %v, %m[%i] : (i32, memref<4xi32>) -> i32
  return
}
