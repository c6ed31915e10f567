// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Annotations checked with mlir-opt-19 --allow-unregistered-dialect --verify-diagnostics --split-input-file.

"test.op"() ({
  // expected-error@+1 {{reference to an undefined block}}
  "cf.br"()[^bb7] : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
"test.op"() ({
^bb0:
  "cf.br"()[^bb0] : () -> ()
}) : () -> ()

// -----

"test.op"() ({
^bb0:
  "test.a"() : () -> ()
^bb1:
  "test.a"() : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  "test.a"() : () -> ()
}) : () -> ()

// -----

// A successor at the top level (the implicit module's block) is checked too
// (found by the `ir` fuzz target: it printed as INVALIDBLOCK).
// expected-error@+1 {{reference to an undefined block}}
"x.branch"()[^bb1] : () -> ()
