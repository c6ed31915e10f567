// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Annotations checked with mlir-opt-19 --allow-unregistered-dialect --verify-diagnostics --split-input-file.

"func.func"() <{function_type = () -> (), sym_name = "same_block"}> ({
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %0 = "test.x"(%1) : (i32) -> i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %1 = "test.y"() : () -> i32
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i1) -> (), sym_name = "other_block"}> ({
^bb0(%c: i1):
  "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %v = "test.y"() : () -> i32
  "cf.br"()[^bb3] : () -> ()
^bb2:
  "cf.br"()[^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%v) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Names defined in a nested region are not visible after it.
"func.func"() <{function_type = () -> (), sym_name = "child_region"}> ({
  "test.op"() ({
    %inner = "test.y"() : () -> i32
  }) : () -> ()
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%inner) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

%outer = "test.y"() : () -> i32
// expected-note@+1 {{required by region isolation constraints}}
"func.func"() <{function_type = () -> (), sym_name = "isolated"}> ({
  // expected-error@+1 {{'test.use' op using value defined outside the region}}
  "test.use"(%outer) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{use of undeclared SSA value name}}
"test.use"(%never) : (i32) -> ()
