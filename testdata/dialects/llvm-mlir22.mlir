// The LLVM dialect at --mlir-compat=22: flags that became properties or
// keywords in MLIR 22, call signatures with argument/result attributes,
// operand bundles, vectors of pointers, new ops. Expected lines are
// mlir-opt-22's output for this file, custom and generic.
// RUN: irkit opt --mlir-compat=22 %s | FileCheck %s
// RUN: irkit opt --mlir-compat=22 --mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: irkit opt --mlir-compat=22 %s | irkit opt --mlir-compat=22 --mlir-print-op-generic - | FileCheck %s --check-prefix=GEN

llvm.func @callee(i32, !llvm.ptr) -> i16
llvm.func @f(%a: i32, %p: !llvm.ptr, %c: i1, %v: vector<2x!llvm.ptr>) -> i32 {
  %0 = llvm.add %a, %a overflow<nsw, nuw> : i32
  %1 = llvm.sub %0, %a overflow<nuw> : i32
  %2 = llvm.udiv exact %1, %a : i32
  %3 = llvm.or disjoint %2, %a : i32
  %4 = llvm.zext nneg %3 : i32 to i64
  %5 = llvm.trunc %4 overflow<nsw> : i64 to i16
  %6 = llvm.getelementptr inbounds|nuw %p[1] : (!llvm.ptr) -> !llvm.ptr, i8
  %7 = llvm.getelementptr nusw %p[%4] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.intr.lifetime.start %p : !llvm.ptr
  %8 = llvm.call @callee(%a, %p) : (i32 {llvm.noundef}, !llvm.ptr {llvm.nonnull}) -> (i16 {llvm.zeroext})
  %9 = llvm.call tail @callee(%a, %6) {no_unwind} : (i32, !llvm.ptr) -> i16
  llvm.intr.assume %c ["align"(%p, %4 : !llvm.ptr, i64)] : i1
  llvm.intr.assume %c : i1
  %f = llvm.sitofp %a : i32 to f64
  %10 = llvm.fadd %f, %f : f64
  llvm.switch %a : i32, ^bb1 [
    -1: ^bb1,
    7: ^bb1
  ]
^bb1:
  llvm.return %a : i32
}
llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>]

// CHECK: module {
// CHECK-NEXT:   llvm.func @callee(i32, !llvm.ptr) -> i16
// CHECK-NEXT:   llvm.func @f(%arg0: i32, %arg1: !llvm.ptr, %arg2: i1, %arg3: vector<2x!llvm.ptr>) -> i32 {
// CHECK-NEXT:     %0 = llvm.add %arg0, %arg0 overflow<nsw, nuw> : i32
// CHECK-NEXT:     %1 = llvm.sub %0, %arg0 overflow<nuw> : i32
// CHECK-NEXT:     %2 = llvm.udiv exact %1, %arg0 : i32
// CHECK-NEXT:     %3 = llvm.or disjoint %2, %arg0 : i32
// CHECK-NEXT:     %4 = llvm.zext nneg %3 : i32 to i64
// CHECK-NEXT:     %5 = llvm.trunc %4 overflow<nsw> : i64 to i16
// CHECK-NEXT:     %6 = llvm.getelementptr inbounds|nuw %arg1[1] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT:     %7 = llvm.getelementptr nusw %arg1[%4] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT:     llvm.intr.lifetime.start %arg1 : !llvm.ptr
// CHECK-NEXT:     %8 = llvm.call @callee(%arg0, %arg1) : (i32 {llvm.noundef}, !llvm.ptr {llvm.nonnull}) -> (i16 {llvm.zeroext})
// CHECK-NEXT:     %9 = llvm.call tail @callee(%arg0, %6) {no_unwind} : (i32, !llvm.ptr) -> i16
// CHECK-NEXT:     llvm.intr.assume %arg2 ["align"(%arg1, %4 : !llvm.ptr, i64)] : i1
// CHECK-NEXT:     llvm.intr.assume %arg2 : i1
// CHECK-NEXT:     %10 = llvm.sitofp %arg0 : i32 to f64
// CHECK-NEXT:     %11 = llvm.fadd %10, %10 : f64
// CHECK-NEXT:     llvm.switch %arg0 : i32, ^bb1 [
// CHECK-NEXT:       -1: ^bb1,
// CHECK-NEXT:       7: ^bb1
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1:  // 3 preds: ^bb0, ^bb0, ^bb0
// CHECK-NEXT:     llvm.return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.module_flags [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>]
// CHECK-NEXT: }
// CHECK-EMPTY:

// GEN: %0 = "llvm.add"(%arg0, %arg0) <{overflowFlags = 3 : i32}> : (i32, i32) -> i32
// GEN: %1 = "llvm.sub"(%0, %arg0) <{overflowFlags = 2 : i32}> : (i32, i32) -> i32
// GEN: %2 = "llvm.udiv"(%1, %arg0) <{isExact}> : (i32, i32) -> i32
// GEN: %3 = "llvm.or"(%2, %arg0) <{isDisjoint}> : (i32, i32) -> i32
// GEN: %4 = "llvm.zext"(%3) <{nonNeg}> : (i32) -> i64
// GEN: %5 = "llvm.trunc"(%4) <{overflowFlags = 1 : i32}> : (i64) -> i16
// GEN: %6 = "llvm.getelementptr"(%arg1) <{elem_type = i8, noWrapFlags = 7 : i32, rawConstantIndices = array<i32: 1>}> : (!llvm.ptr) -> !llvm.ptr
// GEN: %7 = "llvm.getelementptr"(%arg1, %4) <{elem_type = i32, noWrapFlags = 2 : i32, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr, i64) -> !llvm.ptr
// GEN: "llvm.intr.lifetime.start"(%arg1) : (!llvm.ptr) -> ()
// GEN: %8 = "llvm.call"(%arg0, %arg1) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, arg_attrs = [{llvm.noundef}, {llvm.nonnull}], callee = @callee, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>, res_attrs = [{llvm.zeroext}]}> : (i32, !llvm.ptr) -> i16
// GEN: %9 = "llvm.call"(%arg0, %6) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<tail>, callee = @callee, fastmathFlags = #llvm.fastmath<none>, no_unwind, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>}> : (i32, !llvm.ptr) -> i16
// GEN: "llvm.intr.assume"(%arg2, %arg1, %4) <{op_bundle_sizes = array<i32: 2>, op_bundle_tags = ["align"]}> : (i1, !llvm.ptr, i64) -> ()
// GEN: "llvm.intr.assume"(%arg2) <{op_bundle_sizes = array<i32>}> : (i1) -> ()
// GEN: "llvm.switch"(%arg0)[^bb1, ^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[-1, 7]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
// GEN: "llvm.module_flags"() <{flags = [#llvm.mlir.module_flag<error, "wchar_size", 4 : i32>]}> : () -> ()
