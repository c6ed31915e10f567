// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// A struct-typed llvm.mlir.constant is a complex number: a struct of two
// equal integer or f16/f32/f64 fields, and an array of two attributes of
// one type. The struct-shape and element-type errors have no op prefix in
// MLIR 19. The valid forms come first.

llvm.func @ok() {
  %0 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.struct<(i32, i32)>
  %1 = llvm.mlir.constant([1.0 : f32, 2.0 : f32]) : !llvm.struct<"c", (f16, f16)>
  %2 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.struct<packed (f64, f64)>
  %3 = llvm.mlir.constant(["a", "b"]) : !llvm.struct<(i1, i1)>
  %4 = llvm.mlir.constant([dense<1> : vector<2xi32>, dense<2> : vector<2xi32>]) : !llvm.struct<(i128, i128)>
  llvm.return
}

// -----

llvm.func @three_fields() {
  // expected-error @+1 {{expected struct type with two elements of the same type, the type of a complex constant}}
  %0 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.struct<"struct.ZSTD_customMem", (ptr, ptr, ptr)>
  llvm.return
}

// -----

llvm.func @different_fields() {
  // expected-error @+1 {{expected struct type with two elements of the same type, the type of a complex constant}}
  %0 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.struct<(i32, i64)>
  llvm.return
}

// -----

llvm.func @opaque() {
  // expected-error @+1 {{expected struct type with two elements of the same type, the type of a complex constant}}
  %0 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.struct<"o", opaque>
  llvm.return
}

// -----

llvm.func @not_an_array() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array attribute with two elements, representing a complex constant}}
  %0 = llvm.mlir.constant(0 : i64) : !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

llvm.func @one_element() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array attribute with two elements, representing a complex constant}}
  %0 = llvm.mlir.constant([1 : i32]) : !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

llvm.func @mixed_types() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array attribute with two elements of the same type}}
  %0 = llvm.mlir.constant([1 : i32, 2 : i64]) : !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

llvm.func @untyped() {
  // expected-error @+1 {{'llvm.mlir.constant' op expected array attribute with two elements of the same type}}
  %0 = llvm.mlir.constant([array<i32: 1>, array<i32: 2>]) : !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

llvm.func @pointer_fields() {
  // expected-error @+1 {{expected struct element types to be floating point type or integer type}}
  %0 = llvm.mlir.constant([1 : i32, 2 : i32]) : !llvm.struct<(ptr, ptr)>
  llvm.return
}

// -----

llvm.func @bf16_fields() {
  // expected-error @+1 {{expected struct element types to be floating point type or integer type}}
  %0 = llvm.mlir.constant([1.0 : bf16, 2.0 : bf16]) : !llvm.struct<(bf16, bf16)>
  llvm.return
}
