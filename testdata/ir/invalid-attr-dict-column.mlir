// RUN: not irkit opt %s 2>&1 | FileCheck %s
// The column of a wrong token in an attribute dictionary is the end of the
// previous token, as mlir-opt-19 reports it (checked with
// `not mlir-opt-19 --allow-unregistered-dialect %s 2>&1 | FileCheck-19 %s`).
// A BoolAttr takes no `: type`: the `:` is the wrong token.

// CHECK: invalid-attr-dict-column.mlir:[[# @LINE + 1]]:23: error: expected '}' in attribute dictionary
"test.op"() {e = false : f16} : () -> ()
