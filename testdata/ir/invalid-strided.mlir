// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// The strided layout attribute's syntax and verifier, as MLIR 19's
// parseStridedLayoutAttr reports them.

// expected-error @below {{expected '['}}
func.func private @no_list() -> memref<4xf32, strided<4>>

// -----

// expected-error @below {{expected a 64-bit signed integer or '?'}}
func.func private @too_big() -> memref<4xf32, strided<[9223372036854775808]>>

// -----

// expected-error @below {{expected 'offset' after comma}}
func.func private @no_offset_word() -> memref<4xf32, strided<[1], 3>>

// -----

// expected-error @below {{expected ':' after 'offset'}}
func.func private @no_colon() -> memref<4xf32, strided<[1], offset 3>>

// -----

// expected-error @below {{expected '>'}}
func.func private @unclosed() -> memref<4xf32, strided<[1], offset: 3]>

// -----

// expected-error @below {{strides must not be zero}}
func.func private @zero() -> memref<4x4xf32, strided<[4, 0]>>

// -----

// expected-error @below {{expected the number of strides to match the rank}}
func.func private @rank() -> memref<4x4xf32, strided<[1]>>
