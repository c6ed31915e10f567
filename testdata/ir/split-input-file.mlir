// RUN: irkit opt --mlir-print-op-generic %s --split-input-file | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic --split-input-file.

// Each split chunk is parsed, verified and printed on its own; value
// and alias numbering restart per chunk.
#m = affine_map<(d0) -> (d0 + 1)>
"test.a"() {m = #m} : () -> ()

// -----

%0 = "test.b"() : () -> i32
"test.c"(%0) {m = affine_map<(d0) -> (d0 * 3)>} : (i32) -> ()

// CHECK:#map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "test.a"() {m = #map} : () -> ()
// CHECK-NEXT:}) : () -> ()
// CHECK-EMPTY:
// CHECK-NEXT:// -----
// CHECK-NEXT:#map = affine_map<(d0) -> (d0 * 3)>
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  %0 = "test.b"() : () -> i32
// CHECK-NEXT:  "test.c"(%0) {m = #map} : (i32) -> ()
// CHECK-NEXT:}) : () -> ()
