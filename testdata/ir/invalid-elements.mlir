// RUN: irkit opt --mlir-compat=22 %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// RUN: irkit opt --mlir-compat=19 %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --allow-unregistered-dialect --split-input-file --verify-diagnostics
// Elements literals read as MLIR's TensorLiteralParser reads them: the
// tokens and nested list sizes first (these errors point at the token),
// then the shape, the count and each token against the type; the errors
// both releases place alike.

func.func @ranks() {
  // expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  "foo"() {bar = dense<[4, [5]]> : tensor<2xi32>} : () -> ()
  return
}

// -----

func.func @sibling_sizes() {
  // expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
  "foo"() {bar = dense<[[1], [2, 3]]> : tensor<2x1xi32>} : () -> ()
  return
}

// -----

func.func @bad_token() {
  // expected-error@+1 {{expected element literal of primitive type}}
  "foo"() {bar = dense<[tf_opaque]> : tensor<1xi32>} : () -> ()
  return
}

// -----

func.func @empty_complex() {
  // expected-error@+1 {{expected element literal of primitive type}}
  "foo"() {bar = dense<[()]> : tensor<complex<i64>>} : () -> ()
  return
}

// -----

func.func @complex_comma() {
  // expected-error@+1 {{expected ',' between complex elements}}
  "foo"() {bar = dense<[(10)]> : tensor<complex<i64>>} : () -> ()
  return
}

// -----

func.func @complex_paren() {
  // expected-error@+1 {{expected ')' after complex elements}}
  "foo"() {bar = dense<[(10,10]> : tensor<complex<i64>>} : () -> ()
  return
}

// -----

func.func @minus() {
  // expected-error@+1 {{expected integer or floating point literal}}
  "foo"() {bar = dense<[-true]> : tensor<1xi32>} : () -> ()
  return
}

// -----

// expected-error@+1 {{parsed zero elements, but type ('tensor<i64>') expected at least 1}}
#attr = dense<> : tensor<i64>

// -----

// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
#attr = dense<[1, 2, 3]> : tensor<2xi32>

// -----

func.func @negative_unsigned() {
  // expected-error@+1 {{expected unsigned integer elements, but parsed negative value}}
  "foo"() {bar = dense<[5, -5]> : vector<2xui32>} : () -> ()
  return
}

// -----

func.func @float_in_int() {
  // expected-error@+1 {{expected integer elements, but parsed floating-point}}
  "foo"() {bar = dense<[5, 5.0]> : tensor<2xi8>} : () -> ()
  return
}

// -----

func.func @bool_in_int() {
  // expected-error@+1 {{expected i1 type for 'true' or 'false' values}}
  "foo"() {bar = dense<[5, true]> : tensor<2xi8>} : () -> ()
  return
}

// -----

func.func @out_of_range() {
  // expected-error@+1 {{integer constant out of range for type}}
  "foo"() {bar = dense<[5, 256]> : tensor<2xi8>} : () -> ()
  return
}

// -----

func.func @hex_digits() {
  // expected-error@+1 {{expected string containing hex digits starting with `0x`}}
  "foo"() {bar = dense<"abc"> : tensor<1xi32>} : () -> ()
  return
}

// -----

func.func @hex_size() {
  // expected-error@+1 {{elements hex data size is invalid for provided type: 'tensor<3xi8>'}}
  "foo"() {bar = dense<"0x0102"> : tensor<3xi8>} : () -> ()
  return
}

// -----

func.func @sparse_values_rank() {
  // expected-error @+1 {{expected 1-d tensor for sparse element values}}
  "foof16"() {bar = sparse<[[0, 0, 0]],  [[-2.0]]> : vector<1x1x1xf16>} : () -> ()
  return
}

// -----

func.func @sparse_index() {
  // expected-error @+1 {{sparse index #0 is not contained within the value shape, with index=[1, 1], and type='tensor<1x1xi16>'}}
  "fooi16"() {bar = sparse<1, 10> : tensor<1x1xi16>} : () -> ()
  return
}

// -----

func.func @sparse_index_list() {
  // expected-error @+1 {{sparse index #1 is not contained within the value shape, with index=[0, 2], and type='tensor<2x2xi16>'}}
  "fooi16"() {bar = sparse<[[1, 1], [0, 2]], [1, 2]> : tensor<2x2xi16>} : () -> ()
  return
}

// -----

func.func @sparse_shapes() {
  // expected-error @+1 {{expected shape ([2, 2]); inferred shape of indices literal ([1, 3]); inferred shape of values literal ([1])}}
  "fooi16"() {bar = sparse<[[1, 1, 0]], [1]> : tensor<2x2xi16>} : () -> ()
  return
}

// -----

func.func @sparse_bad_token() {
  // expected-error @+1 {{expected element literal of primitive type}}
  "fooi64"() {bar = sparse<vector<1xi64>, [1]> : tensor<1xi64>} : () -> ()
  return
}

// -----

// expected-error@+1 {{`dense_resource` expected a shaped type}}
#attr = dense_resource<resource> : i32

// -----

// expected-error@below {{element type bitwidth must be a multiple of 8}}
#attr = array<i7>

// -----

// expected-error@below {{expected ':' after dense array type}}
#attr = array<i8)

// -----

// expected-error@below {{expected integer literal}}
#attr = array<i8: 1.5>

// -----

// expected-error@below {{expected attribute}}
#attr = distinct[8]<attribute
