// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Annotations checked with mlir-opt-19 --allow-unregistered-dialect --verify-diagnostics --split-input-file.

"test.op"() ({
  %0 = "test.y"() : () -> i32
  // expected-error@+1 {{expected operation name in quotes}}
  "test.z"(%0) : (i32) -> ()
) : () -> ()

// -----

"test.op"() ({
  "test.z"() : () -> ()
  // expected-error {{expected operation name in quotes}}
