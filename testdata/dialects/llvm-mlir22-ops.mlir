// LLVM-dialect ops and attributes new in MLIR 22 (besides those in
// llvm-mlir22.mlir): aliases, ifuncs, indirectbr, constrained casts,
// invariant_group/dereferenceable loads and stores, masked.load's
// nontemporal. Expected lines are mlir-opt-22's output for this file.
// RUN: irkit opt --mlir-compat=22 %s | FileCheck %s
// RUN: irkit opt --mlir-compat=22 --mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: irkit opt --mlir-compat=22 --mlir-print-op-generic %s | irkit opt --mlir-compat=22 - | FileCheck %s
// RUN: not irkit opt --mlir-compat=19 %s 2>&1 | FileCheck %s --check-prefix=V19

llvm.mlir.global external @g(1 : i32) {addr_space = 0 : i32} : i32
llvm.mlir.alias linkonce_odr hidden thread_local unnamed_addr @glob {dso_local} : !llvm.array<32 x i32> {
  %0 = llvm.mlir.constant(1234 : i64) : i64
  %1 = llvm.mlir.addressof @g : !llvm.ptr
  %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
  %3 = llvm.add %2, %0 : i64
  %4 = llvm.inttoptr %3 : i64 to !llvm.ptr
  llvm.return %4 : !llvm.ptr
}
llvm.mlir.alias private @"quoted name" : i32 {
  %0 = llvm.mlir.addressof @glob : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.ifunc external @foo: !llvm.func<f32 (i64)>, !llvm.ptr @resolve_alias
llvm.mlir.ifunc weak hidden unnamed_addr @foo3 : !llvm.func<void ()>, !llvm.ptr @resolve_foo {dso_local}
llvm.mlir.alias external @resolve_alias : !llvm.func<ptr ()> {
  %0 = llvm.mlir.addressof @resolve_foo : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @resolve_foo() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @glob : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @use(%p: !llvm.ptr, %m: vector<4xi1>, %v: vector<4xf32>, %i: i32, %f: f32) -> f32 {
  %c = llvm.mlir.constant(1 : i64) : i64
  %r = llvm.call @foo(%c) : (i64) -> f32
  %a = llvm.mlir.addressof @foo : !llvm.ptr
  %0 = llvm.intr.experimental.constrained.sitofp %i towardzero ignore : i32 to f64
  %1 = llvm.intr.experimental.constrained.uitofp %i dynamic strict : i32 to f32
  %2 = llvm.intr.experimental.constrained.fpext %f maytrap : f32 to f64
  %3 = llvm.load %p invariant_group dereferenceable<bytes = 8> : !llvm.ptr -> !llvm.ptr
  %4 = llvm.load volatile %p atomic monotonic invariant invariant_group {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %4, %p invariant_group : i32, !llvm.ptr
  %5 = llvm.intr.masked.load %p, %m, %v {alignment = 4 : i32, nontemporal} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  llvm.return %r : f32
}
llvm.func @g2(%arg0: i32, %arg1: i32) -> i32 {
  %dest = llvm.blockaddress <function = @g2, tag = <id = 0>> : !llvm.ptr
  llvm.indirectbr %dest : !llvm.ptr, [
    ^head(%arg0 : i32),
    ^tail(%arg1, %arg0 : i32, i32),
    ^empty
  ]
^head(%r0 : i32):
  llvm.blocktag <id = 0>
  llvm.return %r0 : i32
^tail(%r1 : i32, %r2 : i32):
  llvm.return %r1 : i32
^empty:
  llvm.indirectbr %dest : !llvm.ptr, []
}

// CHECK: module {
// CHECK-NEXT:   llvm.mlir.global external @g(1 : i32) {addr_space = 0 : i32} : i32
// CHECK-NEXT:   llvm.mlir.alias linkonce_odr hidden thread_local unnamed_addr @glob {dso_local} : !llvm.array<32 x i32> {
// CHECK-NEXT:     %0 = llvm.mlir.constant(1234 : i64) : i64
// CHECK-NEXT:     %1 = llvm.mlir.addressof @g : !llvm.ptr
// CHECK-NEXT:     %2 = llvm.ptrtoint %1 : !llvm.ptr to i64
// CHECK-NEXT:     %3 = llvm.add %2, %0 : i64
// CHECK-NEXT:     %4 = llvm.inttoptr %3 : i64 to !llvm.ptr
// CHECK-NEXT:     llvm.return %4 : !llvm.ptr
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.mlir.alias private @"quoted name" : i32 {
// CHECK-NEXT:     %0 = llvm.mlir.addressof @glob : !llvm.ptr
// CHECK-NEXT:     llvm.return %0 : !llvm.ptr
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.mlir.ifunc external @foo : !llvm.func<f32 (i64)>, !llvm.ptr @resolve_alias
// CHECK-NEXT:   llvm.mlir.ifunc weak hidden unnamed_addr @foo3 : !llvm.func<void ()>, !llvm.ptr @resolve_foo {dso_local}
// CHECK-NEXT:   llvm.mlir.alias external @resolve_alias : !llvm.func<ptr ()> {
// CHECK-NEXT:     %0 = llvm.mlir.addressof @resolve_foo : !llvm.ptr
// CHECK-NEXT:     llvm.return %0 : !llvm.ptr
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.func @resolve_foo() -> !llvm.ptr {
// CHECK-NEXT:     %0 = llvm.mlir.addressof @glob : !llvm.ptr
// CHECK-NEXT:     llvm.return %0 : !llvm.ptr
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.func @use(%arg0: !llvm.ptr, %arg1: vector<4xi1>, %arg2: vector<4xf32>, %arg3: i32, %arg4: f32) -> f32 {
// CHECK-NEXT:     %0 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT:     %1 = llvm.call @foo(%0) : (i64) -> f32
// CHECK-NEXT:     %2 = llvm.mlir.addressof @foo : !llvm.ptr
// CHECK-NEXT:     %3 = llvm.intr.experimental.constrained.sitofp %arg3 towardzero ignore : i32 to f64
// CHECK-NEXT:     %4 = llvm.intr.experimental.constrained.uitofp %arg3 dynamic strict : i32 to f32
// CHECK-NEXT:     %5 = llvm.intr.experimental.constrained.fpext %arg4 maytrap : f32 to f64
// CHECK-NEXT:     %6 = llvm.load %arg0 invariant_group dereferenceable<bytes = 8> : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:     %7 = llvm.load volatile %arg0 atomic monotonic invariant invariant_group {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:     llvm.store %7, %arg0 invariant_group : i32, !llvm.ptr
// CHECK-NEXT:     %8 = llvm.intr.masked.load %arg0, %arg1, %arg2 {alignment = 4 : i32, nontemporal} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT:     llvm.return %1 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   llvm.func @g2(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:     %0 = llvm.blockaddress <function = @g2, tag = <id = 0>> : !llvm.ptr
// CHECK-NEXT:     llvm.indirectbr %0 : !llvm.ptr, [
// CHECK-NEXT:     ^bb1(%arg0 : i32),
// CHECK-NEXT:     ^bb2(%arg1, %arg0 : i32, i32),
// CHECK-NEXT:     ^bb3
// CHECK-NEXT:     ]
// CHECK-NEXT:   ^bb1(%1: i32):  // pred: ^bb0
// CHECK-NEXT:     llvm.blocktag <id = 0>
// CHECK-NEXT:     llvm.return %1 : i32
// CHECK-NEXT:   ^bb2(%2: i32, %3: i32):  // pred: ^bb0
// CHECK-NEXT:     llvm.return %2 : i32
// CHECK-NEXT:   ^bb3:  // pred: ^bb0
// CHECK-NEXT:     llvm.indirectbr %0 : !llvm.ptr, []
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GEN: "builtin.module"() ({
// GEN-NEXT:   "llvm.mlir.global"() <{addr_space = 0 : i32, global_type = i32, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, value = 1 : i32, visibility_ = 0 : i64}> ({
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT:   "llvm.mlir.alias"() <{alias_type = !llvm.array<32 x i32>, dso_local, linkage = #llvm.linkage<linkonce_odr>, sym_name = "glob", thread_local_, unnamed_addr = 2 : i64, visibility_ = 1 : i64}> ({
// GEN-NEXT:     %16 = "llvm.mlir.constant"() <{value = 1234 : i64}> : () -> i64
// GEN-NEXT:     %17 = "llvm.mlir.addressof"() <{global_name = @g}> : () -> !llvm.ptr
// GEN-NEXT:     %18 = "llvm.ptrtoint"(%17) : (!llvm.ptr) -> i64
// GEN-NEXT:     %19 = "llvm.add"(%18, %16) <{overflowFlags = 0 : i32}> : (i64, i64) -> i64
// GEN-NEXT:     %20 = "llvm.inttoptr"(%19) : (i64) -> !llvm.ptr
// GEN-NEXT:     "llvm.return"(%20) : (!llvm.ptr) -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT:   "llvm.mlir.alias"() <{alias_type = i32, linkage = #llvm.linkage<private>, sym_name = "quoted name", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
// GEN-NEXT:     %15 = "llvm.mlir.addressof"() <{global_name = @glob}> : () -> !llvm.ptr
// GEN-NEXT:     "llvm.return"(%15) : (!llvm.ptr) -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT:   "llvm.mlir.ifunc"() <{address_space = 0 : i32, i_func_type = !llvm.func<f32 (i64)>, linkage = #llvm.linkage<external>, resolver = @resolve_alias, resolver_type = !llvm.ptr, sym_name = "foo", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> : () -> ()
// GEN-NEXT:   "llvm.mlir.ifunc"() <{address_space = 0 : i32, dso_local, i_func_type = !llvm.func<void ()>, linkage = #llvm.linkage<weak>, resolver = @resolve_foo, resolver_type = !llvm.ptr, sym_name = "foo3", unnamed_addr = 2 : i64, visibility_ = 1 : i64}> : () -> ()
// GEN-NEXT:   "llvm.mlir.alias"() <{alias_type = !llvm.func<ptr ()>, linkage = #llvm.linkage<external>, sym_name = "resolve_alias", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
// GEN-NEXT:     %14 = "llvm.mlir.addressof"() <{global_name = @resolve_foo}> : () -> !llvm.ptr
// GEN-NEXT:     "llvm.return"(%14) : (!llvm.ptr) -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT:   "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<ptr ()>, linkage = #llvm.linkage<external>, sym_name = "resolve_foo", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
// GEN-NEXT:     %13 = "llvm.mlir.addressof"() <{global_name = @glob}> : () -> !llvm.ptr
// GEN-NEXT:     "llvm.return"(%13) : (!llvm.ptr) -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT:   "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<f32 (ptr, vector<4xi1>, vector<4xf32>, i32, f32)>, linkage = #llvm.linkage<external>, sym_name = "use", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
// GEN-NEXT:   ^bb0(%arg2: !llvm.ptr, %arg3: vector<4xi1>, %arg4: vector<4xf32>, %arg5: i32, %arg6: f32):
// GEN-NEXT:     %4 = "llvm.mlir.constant"() <{value = 1 : i64}> : () -> i64
// GEN-NEXT:     %5 = "llvm.call"(%4) <{CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, callee = @foo, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 1, 0>}> : (i64) -> f32
// GEN-NEXT:     %6 = "llvm.mlir.addressof"() <{global_name = @foo}> : () -> !llvm.ptr
// GEN-NEXT:     %7 = "llvm.intr.experimental.constrained.sitofp"(%arg5) <{fpExceptionBehavior = 0 : i64, roundingmode = 0 : i64}> : (i32) -> f64
// GEN-NEXT:     %8 = "llvm.intr.experimental.constrained.uitofp"(%arg5) <{fpExceptionBehavior = 2 : i64, roundingmode = 7 : i64}> : (i32) -> f32
// GEN-NEXT:     %9 = "llvm.intr.experimental.constrained.fpext"(%arg6) <{fpExceptionBehavior = 1 : i64}> : (f32) -> f64
// GEN-NEXT:     %10 = "llvm.load"(%arg2) <{dereferenceable = #llvm.dereferenceable<bytes = 8>, invariantGroup, ordering = 0 : i64}> : (!llvm.ptr) -> !llvm.ptr
// GEN-NEXT:     %11 = "llvm.load"(%arg2) <{alignment = 4 : i64, invariant, invariantGroup, ordering = 2 : i64, volatile_}> : (!llvm.ptr) -> i32
// GEN-NEXT:     "llvm.store"(%11, %arg2) <{invariantGroup, ordering = 0 : i64}> : (i32, !llvm.ptr) -> ()
// GEN-NEXT:     %12 = "llvm.intr.masked.load"(%arg2, %arg3, %arg4) <{alignment = 4 : i32, nontemporal}> : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// GEN-NEXT:     "llvm.return"(%5) : (f32) -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT:   "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32, i32)>, linkage = #llvm.linkage<external>, sym_name = "g2", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
// GEN-NEXT:   ^bb0(%arg0: i32, %arg1: i32):
// GEN-NEXT:     %0 = "llvm.blockaddress"() <{block_addr = #llvm.blockaddress<function = @g2, tag = <id = 0>>}> : () -> !llvm.ptr
// GEN-NEXT:     "llvm.indirectbr"(%0, %arg0, %arg1, %arg0)[^bb1, ^bb2, ^bb3] <{indbr_operand_segments = array<i32: 1, 2, 0>}> : (!llvm.ptr, i32, i32, i32) -> ()
// GEN-NEXT:   ^bb1(%1: i32):  // pred: ^bb0
// GEN-NEXT:     "llvm.blocktag"() <{tag = #llvm.blocktag<id = 0>}> : () -> ()
// GEN-NEXT:     "llvm.return"(%1) : (i32) -> ()
// GEN-NEXT:   ^bb2(%2: i32, %3: i32):  // pred: ^bb0
// GEN-NEXT:     "llvm.return"(%2) : (i32) -> ()
// GEN-NEXT:   ^bb3:  // pred: ^bb0
// GEN-NEXT:     "llvm.indirectbr"(%0) <{indbr_operand_segments = array<i32>}> : (!llvm.ptr) -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT: }) : () -> ()

// V19: error: custom op 'llvm.mlir.alias' is unknown
