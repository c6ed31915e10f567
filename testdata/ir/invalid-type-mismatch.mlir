// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Annotations checked with mlir-opt-19 --allow-unregistered-dialect --verify-diagnostics --split-input-file.

"test.op"() ({
  // expected-note@+1 {{prior use here}}
  %0 = "test.y"() : () -> i32
  // expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
  "test.z"(%0) : (i64) -> ()
}) : () -> ()

// -----

"test.op"() ({
^bb0:
  %0 = "test.y"() : () -> i32
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  "cf.br"(%0)[^bb1] : (i32) -> ()
^bb1:
  "test.done"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> i32, sym_name = "ret"}> ({
  %0 = "test.y"() : () -> i64
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @ret}}
  "func.return"(%0) : (i64) -> ()
}) : () -> ()

// -----

// expected-note@+1 {{see existing symbol definition here}}
"func.func"() <{function_type = () -> (), sym_name = "dup", sym_visibility = "private"}> ({
}) : () -> ()
// expected-error@+1 {{redefinition of symbol named 'dup'}}
"func.func"() <{function_type = () -> (), sym_name = "dup", sym_visibility = "private"}> ({
}) : () -> ()
