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
