// RUN: not irkit verify --verify-diagnostics %s 2>&1 | FileCheck %s
// Unmet expectations are reported at the annotation, unexpected diagnostics
// as "unexpected <kind>: <message>", as mlir-opt-19 -verify-diagnostics does.

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{this text is not in the message}}
  %0 = "test.x"(%1) : (i32) -> i32
  %1 = "test.y"() : () -> i32
  "func.return"() : () -> ()
}) : () -> ()

// CHECK-DAG: verify-diagnostics-mismatch.mlir:7:8: error: unexpected error: operand #0 does not dominate this use
// CHECK-DAG: verify-diagnostics-mismatch.mlir:8:8: error: unexpected note: operand defined here (op in the same block)
// CHECK-DAG: verify-diagnostics-mismatch.mlir:6:6: error: expected error "this text is not in the message" was not produced
