// RUN: irkit opt --mlir-print-op-generic %s --mlir-print-debuginfo | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo.

// Locations are kept and printed with --mlir-print-debuginfo, with #loc
// aliases (deferred ones after the module), as mlir-opt-19 does.
#loc1 = loc("x.c":3:4)
"a.op"(%x) ({
^bb0(%a: i32 loc("y":1:2)):
  "a.b"() : () -> () loc(callsite("f" at #loc1))
}) : (i32) -> () loc(fused<"m">["a":1:1, unknown])
%x = "a.c"() : () -> i32 loc(#loc1)
"a.d"() : () -> ()

// CHECK:#loc2 = loc("y":1:2)
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "a.op"(%0) ({
// CHECK-NEXT:  ^bb0(%arg0: i32 loc("y":1:2)):
// CHECK-NEXT:    "a.b"() : () -> () loc(#loc7)
// CHECK-NEXT:  }) : (i32) -> () loc(#loc6)
// CHECK-NEXT:  %0 = "a.c"() : () -> i32 loc(#loc4)
// CHECK-NEXT:  "a.d"() : () -> () loc(#loc5)
// CHECK-NEXT:}) : () -> () loc(#loc)
// CHECK-NEXT:#loc = loc("{{.*}}debuginfo.mlir":0:0)
// CHECK-NEXT:#loc1 = loc("a":1:1)
// CHECK-NEXT:#loc3 = loc("f")
// CHECK-NEXT:#loc4 = loc("x.c":3:4)
// CHECK-NEXT:#loc5 = loc("{{.*}}debuginfo.mlir":12:1)
// CHECK-NEXT:#loc6 = loc(fused<"m">[#loc1])
// CHECK-NEXT:#loc7 = loc(callsite(#loc3 at #loc4))
