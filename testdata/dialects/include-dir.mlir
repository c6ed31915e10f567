// RUN: irkit verify --dialect %S/Inputs/include-dir/uses-include.td -I %S/Inputs/include-dir/shared --verify-diagnostics --split-input-file %s
// RUN: irkit opt --mlir-print-op-generic --dialect %S/Inputs/include-dir/uses-include.td -I %S/Inputs/include-dir/shared --verify-diagnostics --split-input-file %s | FileCheck %s
// `--dialect` takes `-I`: a dialect .td can include its own files from
// another directory.

// CHECK: "inc.widget"() : () -> i32
// CHECK-NEXT: }) : () -> ()
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NOT: inc.widget
%0 = "inc.widget"() : () -> i32

// -----

// expected-error@+1 {{'inc.widget' op result #0 must be 32-bit signless integer, but got 'i64'}}
%1 = "inc.widget"() : () -> i64
