// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic %s | FileCheck %s
// Checked with: mlir-opt-19 --mlir-print-op-generic
// A registered op read in generic form gets the defaults of its
// DefaultValuedAttr properties (printed, as mlir-opt-19 does), inherent
// attributes written in the dictionary move into properties, and a property
// the op does not declare (`bogus`) is dropped.

"llvm.func"() <{function_type = !llvm.func<i32 (i32)>, sym_name = "f", bogus = 3 : i32}> ({
^bb0(%a: i32):
  %0 = "llvm.add"(%a, %a) : (i32, i32) -> i32
  %1 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
  %2 = "llvm.alloca"(%1) {elem_type = i32} : (i32) -> !llvm.ptr
  %3 = "llvm.load"(%2) : (!llvm.ptr) -> i32
  "llvm.store"(%3, %2) : (i32, !llvm.ptr) -> ()
  %4 = "llvm.call"(%3) <{callee = @f}> : (i32) -> i32
  "llvm.return"(%0) : (i32) -> ()
}) : () -> ()
"llvm.mlir.global"() <{global_type = i32, linkage = #llvm.linkage<internal>, sym_name = "g", value = 0 : i32}> ({
}) : () -> ()

// CHECK:   "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32)>, linkage = #llvm.linkage<external>, sym_name = "f", visibility_ = 0 : i64}> ({
// CHECK-NEXT:   ^bb0(%arg0: i32):
// CHECK-NEXT:     %0 = "llvm.add"(%arg0, %arg0) <{overflowFlags = #llvm.overflow<none>}> : (i32, i32) -> i32
// CHECK-NEXT:     %1 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:     %2 = "llvm.alloca"(%1) <{elem_type = i32}> : (i32) -> !llvm.ptr
// CHECK-NEXT:     %3 = "llvm.load"(%2) <{ordering = 0 : i64}> : (!llvm.ptr) -> i32
// CHECK-NEXT:     "llvm.store"(%3, %2) <{ordering = 0 : i64}> : (i32, !llvm.ptr) -> ()
// CHECK-NEXT:     %4 = "llvm.call"(%3) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @f, fastmathFlags = #llvm.fastmath<none>}> : (i32) -> i32
// CHECK-NEXT:     "llvm.return"(%0) : (i32) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   "llvm.mlir.global"() <{addr_space = 0 : i32, global_type = i32, linkage = #llvm.linkage<internal>, sym_name = "g", value = 0 : i32, visibility_ = 0 : i64}> ({
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
