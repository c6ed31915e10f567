// The LLVM dialect's custom syntax (ir/src/asm/llvm.rs and the formats of
// src/dialects/LLVM.td), as mlir-translate-19 writes it for C code.

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

// -----

// LLVM's own vectors: element types from !llvm.vec<N x T>.
llvm.func @f(%p: !llvm.ptr, %v: !llvm.vec<4 x ptr>, %i: i32) -> !llvm.ptr {
  %0 = llvm.insertelement %p, %v[%i : i32] : !llvm.vec<4 x ptr>
  %1 = llvm.extractelement %0[%i : i32] : !llvm.vec<4 x ptr>
  %2 = llvm.shufflevector %0, %v [0, 1] : !llvm.vec<4 x ptr>
  llvm.return %1 : !llvm.ptr
}

// icmp on !llvm.vec gives a builtin vector<Nxi1>; the intrinsics without a
// format print generic; noalias.scope.decl prints its scope's alias.
#dom = #llvm.alias_scope_domain<id = distinct[0]<>, description = "d">
#scope = #llvm.alias_scope<id = distinct[1]<>, domain = #dom, description = "s">
llvm.func @vec_icmp(%v: !llvm.vec<4 x ptr>, %d: !llvm.ptr, %n: i64, %x: i32) -> i4 {
  %0 = llvm.icmp "eq" %v, %v : !llvm.vec<4 x ptr>
  %1 = llvm.bitcast %0 : vector<4xi1> to i4
  "llvm.intr.memcpy"(%d, %d, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %2 = "llvm.intr.abs"(%x) <{is_int_min_poison = true}> : (i32) -> i32
  llvm.intr.experimental.noalias.scope.decl #scope
  llvm.return %1 : i4
}
