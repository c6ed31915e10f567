// RUN: irkit opt --mlir-print-op-generic %s | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic.

// Printer-created aliases: tuples with more than 16 elements, affine maps
// (including memref layouts); input aliases are resolved, not kept.
#unused = affine_map<(d0) -> (d0 * 2)>
!unused_t = i32
%x = "a.def"() : () -> tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i3>
"a.op"(%x) <{p = affine_map<(d0) -> (d0 + 1)>}> ({
  ^bb0(%y: tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i2>):
  "a.b"() {x = affine_map<(d0) -> (d0 + 2)>} : () -> ()
}) {y = affine_map<(d0) -> (d0 + 3)>} : (tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i3>) -> tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i4>
"a.c"() <{p = affine_map<(d0) -> (d0 + 4)>}> {y = affine_map<(d0) -> (d0 + 5)>} : () -> ()
"a.d"() {y = [affine_map<(d0) -> (d0 + 6)>, #foo.bar<affine_map<(d0) -> (d0 + 7)>>]} : () -> ()
"a.e"() {y = dense<1> : tensor<2xi32>, z = dense<[1,2]> : tensor<2xi32>, w = dense<[[1,2],[3,4]]> : tensor<2x2xi8>} : () -> ()

// CHECK:!tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i3>
// CHECK-NEXT:!tuple1 = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i2>
// CHECK-NEXT:!tuple2 = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i4>
// CHECK-NEXT:#map = affine_map<(d0) -> (d0 + 2)>
// CHECK-NEXT:#map1 = affine_map<(d0) -> (d0 + 3)>
// CHECK-NEXT:#map2 = affine_map<(d0) -> (d0 + 5)>
// CHECK-NEXT:#map3 = affine_map<(d0) -> (d0 + 6)>
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  %0 = "a.def"() : () -> !tuple
// CHECK-NEXT:  %1 = "a.op"(%0) <{p = affine_map<(d0) -> (d0 + 1)>}> ({
// CHECK-NEXT:  ^bb0(%arg0: !tuple1):
// CHECK-NEXT:    "a.b"() {x = #map} : () -> ()
// CHECK-NEXT:  }) {y = #map1} : (!tuple) -> !tuple2
// CHECK-NEXT:  "a.c"() <{p = affine_map<(d0) -> (d0 + 4)>}> {y = #map2} : () -> ()
// CHECK-NEXT:  "a.d"() {y = [#map3, #foo.bar<affine_map<(d0) -> (d0 + 7)>>]} : () -> ()
// CHECK-NEXT:  "a.e"() {w = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi8>, y = dense<1> : tensor<2xi32>, z = dense<[1, 2]> : tensor<2xi32>} : () -> ()
// CHECK-NEXT:}) : () -> ()
