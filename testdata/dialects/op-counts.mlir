// RUN: irkit verify --verify-diagnostics --split-input-file %s
// The count checks of registered ops, with mlir-opt-19's messages.
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'func.return' op requires zero results}}
  "func.return"() : () -> i32
}) : () -> ()
// -----
"func.func"() <{function_type = (i32) -> (), sym_name = "g"}> ({
^bb0(%a: i32):
  // expected-error@+1 {{'arith.addi' op requires one result}}
  "arith.addi"(%a, %a) : (i32, i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = (i1) -> (), sym_name = "h"}> ({
^bb0(%c: i1):
  // expected-error@+1 {{'scf.if' op expected 2 regions}}
  "scf.if"(%c) ({ "scf.yield"() : () -> () }) : (i1) -> ()
  "func.return"() : () -> ()
}) : () -> ()
// -----
// expected-error@+1 {{'func.func' op requires one region}}
"func.func"() <{function_type = () -> (), sym_name = "x"}> ({
  "func.return"() : () -> ()
}, {
  "func.return"() : () -> ()
}) : () -> ()
