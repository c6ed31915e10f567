// RUN: irkit opt --mlir-compat=22 %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// MLIR 22's elements literal rules: a complex literal's count is checked,
// a float element follows the scalar float literal rules, non-numeric
// elements must be strings, i1 arrays take only true/false, literal errors
// point at the `dense`/`sparse` keyword, and a vector type is checked after
// its `>` at its keyword, element type first.

// expected-error@+1 {{parsed 1 elements, but type ('complex<i64>') expected 2 elements}}
#attr = dense<0> : tensor<2xcomplex<i64>>

// -----

// expected-error@+1 {{parsed 3 elements, but type ('tensor<2xcomplex<i64>>') expected 4 elements}}
#attr = dense<[0, (0, 1)]> : tensor<2xcomplex<i64>>

// -----

func.func @decimal_int_in_float_tensor() {
  // expected-error@below {{unexpected decimal integer literal for a floating point value}}
  // expected-note@below {{add a trailing dot to make the literal a float}}
  "foo"() {bar = dense<[42, 42.0]> : tensor<2xf32>} : () -> ()
  return
}

// -----

func.func @bool_in_float_tensor() {
  // expected-error @+1 {{expected floating point literal}}
  "foo"() {bar = dense<[42.0, true]> : tensor<2xf32>} : () -> ()
  return
}

// -----

func.func @expect_to_parse_literal() {
  // expected-error@below {{expected string token, got 23}}
  %0 = arith.constant dense<[23]> : tensor<1x!unknown<>>
  return
}

// -----

func.func @print_error_on_correct_line() {
  %0 = arith.constant
    // expected-error@below {{elements literal must be a shaped type}}
    sparse<
     [[0, 1], [1, 1]],
     [1, 1] > : i32
  return
}

// -----

// tf32 is 19 bits wide at 22 (32 at 19).
// expected-error@below {{element type bitwidth must be a multiple of 8}}
#attr = array<tf32: 1024.0>

// -----

// expected-error@below {{expected 'true' or 'false' values for i1 type}}
#attr = array<i1: 0>

// -----

// expected-error@+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
func.func @vectors(vector<1 x vector<1xi32>>, vector<2x4xf32>)

// -----

// expected-error @+1 {{vector types must have positive constant sizes but got 1, 0}}
func.func @zero_in_vector_type() -> vector<1x0xi32>

// -----

// expected-error @+1 {{vector types must have positive constant sizes but got 2, 0, 3}}
func.func @zero_in_scalable() -> vector<2x0x[3]xi32>
