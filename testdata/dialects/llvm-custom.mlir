// RUN: irkit opt --mlir-compat=19 %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic %s | irkit opt --mlir-compat=19 | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 (its default, custom, syntax).

// The LLVM dialect in custom syntax: the declarative formats of
// src/dialects/LLVM.td and the hand-written ops of ir/src/asm/llvm.rs.

llvm.mlir.global external constant @str("hi\00") {addr_space = 0 : i32, alignment = 1 : i64, dso_local}
llvm.mlir.global internal unnamed_addr @counter(0 : i32) {addr_space = 0 : i32, alignment = 4 : i64} : i32
llvm.mlir.global private local_unnamed_addr constant @pair() {addr_space = 0 : i32} : !llvm.struct<"struct.pair", (i32, ptr)> {
  %0 = llvm.mlir.undef : !llvm.struct<"struct.pair", (i32, ptr)>
  %1 = llvm.mlir.constant(7 : i32) : i32
  %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<"struct.pair", (i32, ptr)>
  %3 = llvm.mlir.addressof @counter : !llvm.ptr
  %4 = llvm.insertvalue %3, %2[1] : !llvm.struct<"struct.pair", (i32, ptr)>
  llvm.return %4 : !llvm.struct<"struct.pair", (i32, ptr)>
}
llvm.mlir.global weak hidden thread_local @tls() : i64
llvm.func @printf(!llvm.ptr {llvm.noundef}, ...) -> i32
llvm.func internal fastcc @helper(%arg0: i32 {llvm.noundef}) -> (i32 {llvm.zeroext}) attributes {no_unwind} {
  llvm.return %arg0 : i32
}
llvm.func hidden local_unnamed_addr @all(%a: i32, %b: i64, %p: !llvm.ptr, %f: f64, %v: vector<4xi32>, %fp: !llvm.ptr) -> i32 {
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %z = llvm.mlir.zero : !llvm.ptr
  %u = llvm.mlir.poison : i64
  %0 = llvm.add %a, %c1 overflow<nsw, nuw> : i32
  %1 = llvm.sub %0, %a overflow<nsw> : i32
  %2 = llvm.mul %1, %1 : i32
  %3 = llvm.sdiv %2, %c1 : i32
  %4 = llvm.and %3, %2 {tag} : i32
  %5 = llvm.fadd %f, %f {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f64
  %6 = llvm.fneg %5 : f64
  %7 = llvm.sext %a : i32 to i64
  %8 = llvm.trunc %b : i64 to i16
  %9 = llvm.ptrtoint %p : !llvm.ptr to i64
  %10 = llvm.inttoptr %9 : i64 to !llvm.ptr
  %11 = llvm.sitofp %a : i32 to f64
  %12 = llvm.getelementptr inbounds %p[%b, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<"struct.pair", (i32, ptr)>
  %13 = llvm.getelementptr %p[-8] : (!llvm.ptr) -> !llvm.ptr, i8
  %14 = llvm.load %12 {alignment = 4 : i64} : !llvm.ptr -> i32
  %15 = llvm.load volatile %p atomic syncscope("singlethread") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
  %16 = llvm.load %p invariant : !llvm.ptr -> i64
  llvm.store %14, %13 {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store volatile %b, %p atomic release {alignment = 8 : i64} : i64, !llvm.ptr
  %17 = llvm.mlir.undef : !llvm.struct<(i32, array<2 x i64>)>
  %18 = llvm.insertvalue %b, %17[1, 0] : !llvm.struct<(i32, array<2 x i64>)>
  %19 = llvm.extractvalue %18[1] : !llvm.struct<(i32, array<2 x i64>)>
  %20 = llvm.extractvalue %18[1, 1] : !llvm.struct<(i32, array<2 x i64>)>
  %21 = llvm.extractelement %v[%a : i32] : vector<4xi32>
  %22 = llvm.insertelement %21, %v[%b : i64] : vector<4xi32>
  %23 = llvm.shufflevector %22, %v [0, 3, -1] : vector<4xi32>
  %24 = llvm.icmp "slt" %a, %21 : i32
  %25 = llvm.icmp "eq" %v, %22 : vector<4xi32>
  %26 = llvm.fcmp "olt" %f, %11 {fastmathFlags = #llvm.fastmath<fast>} : f64
  %27 = llvm.select %24, %a, %21 : i1, i32
  %28 = llvm.select %25, %v, %22 : vector<4xi1>, vector<4xi32>
  %29 = llvm.freeze %u : i64
  %30 = llvm.alloca %c1 x i64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
  %31 = llvm.alloca inalloca %c1 x !llvm.struct<"struct.pair", (i32, ptr)> : (i32) -> !llvm.ptr
  %32 = llvm.mlir.addressof @str : !llvm.ptr
  %33 = llvm.call @printf(%32, %a) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  %34 = llvm.call fastcc @helper(%a) {no_unwind} : (i32) -> i32
  %35 = llvm.call tail %fp(%a) : !llvm.ptr, (i32) -> i32
  llvm.call %fp() : !llvm.ptr, () -> ()
  llvm.fence syncscope("agent") seq_cst
  llvm.fence acquire
  %36 = llvm.intr.fabs(%f) {fastmathFlags = #llvm.fastmath<nnan>} : (f64) -> f64
  %37 = llvm.intr.umin(%a, %c1) : (i32, i32) -> i32
  %38 = llvm.intr.fshl(%a, %a, %c1) : (i32, i32, i32) -> i32
  %39 = llvm.intr.fmuladd(%f, %f, %36) : (f64, f64, f64) -> f64
  llvm.intr.lifetime.start 8, %30 : !llvm.ptr
  llvm.intr.lifetime.end 8, %30 : !llvm.ptr
  llvm.intr.vastart %30 : !llvm.ptr
  llvm.intr.vacopy %30 to %31 : !llvm.ptr, !llvm.ptr
  llvm.intr.vaend %30 : !llvm.ptr
  llvm.cond_br %24 weights([3, 5]), ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  llvm.switch %x : i32, ^bb2 [
    0: ^bb3(%x, %b : i32, i64),
    -1: ^bb2
  ]
^bb2:
  llvm.br ^bb3(%a, %7 : i32, i64) {loop_annotation = #llvm.loop_annotation<mustProgress = true>}
^bb3(%r: i32, %s: i64):
  llvm.return %r : i32
^bb4:
  llvm.unreachable
}

// CHECK:#loop_annotation = #llvm.loop_annotation<mustProgress = true>
// CHECK-NEXT:module {
// CHECK-NEXT:  llvm.mlir.global external constant @str("hi\00") {addr_space = 0 : i32, alignment = 1 : i64, dso_local}
// CHECK-NEXT:  llvm.mlir.global internal unnamed_addr @counter(0 : i32) {addr_space = 0 : i32, alignment = 4 : i64} : i32
// CHECK-NEXT:  llvm.mlir.global private local_unnamed_addr constant @pair() {addr_space = 0 : i32} : !llvm.struct<"struct.pair", (i32, ptr)> {
// CHECK-NEXT:    %0 = llvm.mlir.undef : !llvm.struct<"struct.pair", (i32, ptr)>
// CHECK-NEXT:    %1 = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT:    %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<"struct.pair", (i32, ptr)> 
// CHECK-NEXT:    %3 = llvm.mlir.addressof @counter : !llvm.ptr
// CHECK-NEXT:    %4 = llvm.insertvalue %3, %2[1] : !llvm.struct<"struct.pair", (i32, ptr)> 
// CHECK-NEXT:    llvm.return %4 : !llvm.struct<"struct.pair", (i32, ptr)>
// CHECK-NEXT:  }
// CHECK-NEXT:  llvm.mlir.global weak hidden thread_local @tls() {addr_space = 0 : i32} : i64
// CHECK-NEXT:  llvm.func @printf(!llvm.ptr {llvm.noundef}, ...) -> i32
// CHECK-NEXT:  llvm.func internal fastcc @helper(%arg0: i32 {llvm.noundef}) -> (i32 {llvm.zeroext}) attributes {no_unwind} {
// CHECK-NEXT:    llvm.return %arg0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  llvm.func hidden local_unnamed_addr @all(%arg0: i32, %arg1: i64, %arg2: !llvm.ptr, %arg3: f64, %arg4: vector<4xi32>, %arg5: !llvm.ptr) -> i32 {
// CHECK-NEXT:    %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    %1 = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:    %2 = llvm.mlir.poison : i64
// CHECK-NEXT:    %3 = llvm.add %arg0, %0 overflow<nsw, nuw> : i32
// CHECK-NEXT:    %4 = llvm.sub %3, %arg0 overflow<nsw> : i32
// CHECK-NEXT:    %5 = llvm.mul %4, %4 : i32
// CHECK-NEXT:    %6 = llvm.sdiv %5, %0  : i32
// CHECK-NEXT:    %7 = llvm.and %6, %5  {tag} : i32
// CHECK-NEXT:    %8 = llvm.fadd %arg3, %arg3  {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f64
// CHECK-NEXT:    %9 = llvm.fneg %8  : f64
// CHECK-NEXT:    %10 = llvm.sext %arg0 : i32 to i64
// CHECK-NEXT:    %11 = llvm.trunc %arg1 : i64 to i16
// CHECK-NEXT:    %12 = llvm.ptrtoint %arg2 : !llvm.ptr to i64
// CHECK-NEXT:    %13 = llvm.inttoptr %12 : i64 to !llvm.ptr
// CHECK-NEXT:    %14 = llvm.sitofp %arg0 : i32 to f64
// CHECK-NEXT:    %15 = llvm.getelementptr inbounds %arg2[%arg1, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<"struct.pair", (i32, ptr)>
// CHECK-NEXT:    %16 = llvm.getelementptr %arg2[-8] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK-NEXT:    %17 = llvm.load %15 {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:    %18 = llvm.load volatile %arg2 atomic syncscope("singlethread") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:    %19 = llvm.load %arg2 invariant : !llvm.ptr -> i64
// CHECK-NEXT:    llvm.store %17, %16 {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-NEXT:    llvm.store volatile %arg1, %arg2 atomic release {alignment = 8 : i64} : i64, !llvm.ptr
// CHECK-NEXT:    %20 = llvm.mlir.undef : !llvm.struct<(i32, array<2 x i64>)>
// CHECK-NEXT:    %21 = llvm.insertvalue %arg1, %20[1, 0] : !llvm.struct<(i32, array<2 x i64>)> 
// CHECK-NEXT:    %22 = llvm.extractvalue %21[1] : !llvm.struct<(i32, array<2 x i64>)> 
// CHECK-NEXT:    %23 = llvm.extractvalue %21[1, 1] : !llvm.struct<(i32, array<2 x i64>)> 
// CHECK-NEXT:    %24 = llvm.extractelement %arg4[%arg0 : i32] : vector<4xi32>
// CHECK-NEXT:    %25 = llvm.insertelement %24, %arg4[%arg1 : i64] : vector<4xi32>
// CHECK-NEXT:    %26 = llvm.shufflevector %25, %arg4 [0, 3, -1] : vector<4xi32> 
// CHECK-NEXT:    %27 = llvm.icmp "slt" %arg0, %24 : i32
// CHECK-NEXT:    %28 = llvm.icmp "eq" %arg4, %25 : vector<4xi32>
// CHECK-NEXT:    %29 = llvm.fcmp "olt" %arg3, %14 {fastmathFlags = #llvm.fastmath<fast>} : f64
// CHECK-NEXT:    %30 = llvm.select %27, %arg0, %24 : i1, i32
// CHECK-NEXT:    %31 = llvm.select %28, %arg4, %25 : vector<4xi1>, vector<4xi32>
// CHECK-NEXT:    %32 = llvm.freeze %2 : i64
// CHECK-NEXT:    %33 = llvm.alloca %0 x i64 {alignment = 8 : i64} : (i32) -> !llvm.ptr
// CHECK-NEXT:    %34 = llvm.alloca inalloca %0 x !llvm.struct<"struct.pair", (i32, ptr)> : (i32) -> !llvm.ptr
// CHECK-NEXT:    %35 = llvm.mlir.addressof @str : !llvm.ptr
// CHECK-NEXT:    %36 = llvm.call @printf(%35, %arg0) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
// CHECK-NEXT:    %37 = llvm.call fastcc @helper(%arg0) {no_unwind} : (i32) -> i32
// CHECK-NEXT:    %38 = llvm.call tail %arg5(%arg0) : !llvm.ptr, (i32) -> i32
// CHECK-NEXT:    llvm.call %arg5() : !llvm.ptr, () -> ()
// CHECK-NEXT:    llvm.fence syncscope("agent") seq_cst
// CHECK-NEXT:    llvm.fence acquire
// CHECK-NEXT:    %39 = llvm.intr.fabs(%arg3)  {fastmathFlags = #llvm.fastmath<nnan>} : (f64) -> f64
// CHECK-NEXT:    %40 = llvm.intr.umin(%arg0, %0)  : (i32, i32) -> i32
// CHECK-NEXT:    %41 = llvm.intr.fshl(%arg0, %arg0, %0)  : (i32, i32, i32) -> i32
// CHECK-NEXT:    %42 = llvm.intr.fmuladd(%arg3, %arg3, %39)  : (f64, f64, f64) -> f64
// CHECK-NEXT:    llvm.intr.lifetime.start 8, %33 : !llvm.ptr
// CHECK-NEXT:    llvm.intr.lifetime.end 8, %33 : !llvm.ptr
// CHECK-NEXT:    llvm.intr.vastart %33 : !llvm.ptr
// CHECK-NEXT:    llvm.intr.vacopy %33 to %34 : !llvm.ptr, !llvm.ptr
// CHECK-NEXT:    llvm.intr.vaend %33 : !llvm.ptr
// CHECK-NEXT:    llvm.cond_br %27 weights([3, 5]), ^bb1(%arg0 : i32), ^bb2
// CHECK-NEXT:  ^bb1(%43: i32):  // pred: ^bb0
// CHECK-NEXT:    llvm.switch %43 : i32, ^bb2 [
// CHECK-NEXT:      0: ^bb3(%43, %arg1 : i32, i64),
// CHECK-NEXT:      4294967295: ^bb2
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb1
// CHECK-NEXT:    llvm.br ^bb3(%arg0, %10 : i32, i64) {loop_annotation = #loop_annotation}
// CHECK-NEXT:  ^bb3(%44: i32, %45: i64):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    llvm.return %44 : i32
// CHECK-NEXT:  ^bb4:  // no predecessors
// CHECK-NEXT:    llvm.unreachable
// CHECK-NEXT:  }
// CHECK-NEXT:}
