// RUN: irkit opt --mlir-compat=19 %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// MLIR 19's elements literal rules: a literal that does not fit the type
// it reads is reported at the `:` or at the token after the type, a
// decimal integer in a float literal is the wrong kind of element, and a
// vector's sizes are checked before its element type is read.

// expected-error@+2 {{expected floating-point elements, but parsed integer}}
"foo"() {bar = dense<[42, 42.0]>
  : tensor<2xf32>} : () -> ()

// -----

// expected-error@+2 {{inferred shape of elements literal ([3]) does not match type ([2])}}
"foo"() {bar = dense<[1, 2, 3]>
  : tensor<2xi32>} : () -> ()

// -----

func.func @print_error_after_the_type() {
  %0 = arith.constant
    sparse<
     [[0, 1], [1, 1]],
     [1, 1] > : i32
  // expected-error@+1 {{elements literal must be a shaped type}}
  return
}

// -----

// expected-error@below {{expected integer or floating point literal}}
#attr = array<f32: true>

// -----

// expected-error @+1 {{vector elements must be int/index/float type}}
func.func @vectors(vector<1 x vector<1xi32>>, vector<2x4xf32>)

// -----

// expected-error @+1 {{vector types must have positive constant sizes}}
func.func @zero_in_vector_type() -> vector<1x0xi32>
