// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Annotations checked with mlir-opt-19 --allow-unregistered-dialect --verify-diagnostics --split-input-file.

"func.func"() <{function_type = () -> i32, sym_name = "f"}> ({
  // expected-error@+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32}}
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
}) : () -> ()

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
"func.func"() <{function_type = () -> (), sym_name = "g"}> ({
^bb0:
}) : () -> ()

// -----

"test.op"() ({
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "test.br"()[^bb1] : () -> ()
  "test.other"() : () -> ()
^bb1:
  "test.done"() : () -> ()
}) : () -> ()
