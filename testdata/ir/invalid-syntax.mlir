// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Annotations checked with mlir-opt-19 --allow-unregistered-dialect --verify-diagnostics --split-input-file.

"test.op"() ({
  %0 = "test.y"() : () -> i32
  // expected-error@+1 {{expected ')'}}
  "test.z"(%0) : (i32 -> ()
}) : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"test.op"() {a = } : () -> ()

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%a, %b = "test.op"() : () -> i32

// -----

// expected-error@+1 {{expected function type}}
"test.op"() : i32

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"test.op"() {a = #nope} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.op"() {a = 300 : i8} : () -> ()

// -----

%0 = "test.y"() : () -> i32
// expected-error@+2 {{redefinition of SSA value '%0'}}
// expected-note@-2 {{previously defined here}}
%0 = "test.y"() : () -> i32

// -----

// expected-error@+1 {{expected non-function type}}
"test.op"() : () -> foo

// -----

// expected-error@+1 {{cannot name an operation with no results}}
%0 = "test.op"() : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"test.op"() {x = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"test.op"() {x = #foo<} : () -> ()

// -----

// expected-error@+1 {{vector types must have positive constant sizes}}
"test.op"() : () -> vector<0xi32>

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
"test.op"() : () -> memref<?xf32, 3, 4>

// -----

// expected-error@+1 {{expected '"' in string literal}}
"test.op"() {x = "abc} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"test.op"() {x = 1.5 : i32} : () -> ()

// -----

// A BoolAttr takes no type (irkit read `false : f16` as 0 : f16, whose
// printed form did not read back: found by the ir fuzz target).
// expected-error@+1 {{expected '}' in attribute dictionary}}
"test.op"() {e = false : f16} : () -> ()

// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"test.op"() {e = true : i1} : () -> ()

// -----

// The 'x' of a shape may stand apart; a missing one is reported at the end
// of the previous token.
// expected-error@+1 {{expected 'x' in dimension list}}
func.func @f(%x: memref<2 x 3 f32>) {
  return
}

// -----

// expected-error@+1 {{missing ']' closing scalable dimension}}
func.func @f(%x: vector<2 x [4 x f32>) {
  return
}
