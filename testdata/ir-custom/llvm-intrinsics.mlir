// The LLVM dialect's exception-handling call, inline assembly and the
// intrinsics of MLIR 19's LLVMIntrinsicOps.td beyond what C code imports
// most: custom forms (invoke's hand-written syntax, the declarative
// formats) and the generic form of the intrinsics without a format.

llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @may_throw(i32) -> i32
llvm.func @vararg_callee(i32, ...)

llvm.func @invokes(%arg0: i32, %fn: !llvm.ptr) -> i32 attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.invoke @may_throw(%arg0) to ^bb1 unwind ^bb3 : (i32) -> i32
^bb1:
  %3 = llvm.invoke %fn(%1) to ^bb2 unwind ^bb3 : !llvm.ptr, (i32) -> i32
^bb2:
  llvm.invoke fastcc @vararg_callee(%3, %0) to ^bb4 unwind ^bb3 vararg(!llvm.func<void (i32, ...)>) {branch_weights = array<i32: 10, 1>} : (i32, i32) -> ()
^bb3:
  %4 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %4 : !llvm.struct<(ptr, i32)>
^bb4:
  llvm.return %3 : i32
}

llvm.func @asm(%arg0: i32, %arg1: !llvm.ptr) -> i32 {
  %0 = llvm.inline_asm has_side_effects asm_dialect = intel operand_attrs = [{elementtype = i32}] "mov $0, $1", "=r,r" %arg0 : (i32) -> i32
  llvm.inline_asm "nop", "" : () -> ()
  llvm.inline_asm is_align_stack asm_dialect = att "", "~{memory}" : () -> ()
  %1 = "llvm.inline_asm"(%arg0, %arg1) <{asm_string = "x", constraints = "=r,r,*m"}> : (i32, !llvm.ptr) -> i32
  llvm.return %0 : i32
}

llvm.func @float_math(%a: f32, %b: f64, %v: vector<4xf32>, %i: i32) {
  %0 = llvm.intr.cos(%a) : (f32) -> f32
  %1 = llvm.intr.sin(%b) {fastmathFlags = #llvm.fastmath<fast>} : (f64) -> f64
  %2 = llvm.intr.exp(%v) : (vector<4xf32>) -> vector<4xf32>
  %3 = llvm.intr.exp2(%a) : (f32) -> f32
  %4 = llvm.intr.log(%a) : (f32) -> f32
  %5 = llvm.intr.log10(%b) : (f64) -> f64
  %6 = llvm.intr.log2(%a) : (f32) -> f32
  %7 = llvm.intr.roundeven(%a) : (f32) -> f32
  %8 = llvm.intr.nearbyint(%b) : (f64) -> f64
  %9 = llvm.intr.maximum(%a, %a) : (f32, f32) -> f32
  %10 = llvm.intr.minimum(%v, %v) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  %11 = llvm.intr.powi(%a, %i) : (f32, i32) -> f32
  %12 = llvm.intr.lround(%a) : (f32) -> i64
  %13 = llvm.intr.llround(%b) : (f64) -> i64
  %14 = llvm.intr.lrint(%a) : (f32) -> i32
  %15 = llvm.intr.llrint(%b) : (f64) -> i64
  %16 = "llvm.intr.is.fpclass"(%a) <{bit = 3 : i32}> : (f32) -> i1
  %17 = llvm.intr.sshl.sat(%i, %i) : (i32, i32) -> i32
  %18 = llvm.intr.ushl.sat(%i, %i) : (i32, i32) -> i32
  %19 = llvm.intr.experimental.constrained.fptrunc %b towardzero ignore : f64 to f32
  %20 = llvm.intr.vector.reduce.fmax(%v) : (vector<4xf32>) -> f32
  %21 = llvm.intr.vector.reduce.fminimum(%v) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<4xf32>) -> f32
  %22 = "llvm.intr.vector.reduce.fadd"(%a, %v) <{fastmathFlags = #llvm.fastmath<reassoc>}> : (f32, vector<4xf32>) -> f32
  %23 = "llvm.intr.vector.reduce.fmul"(%a, %v) : (f32, vector<4xf32>) -> f32
  llvm.return
}

llvm.func @misc(%p: !llvm.ptr, %q: !llvm.ptr, %i: i32, %n: i64, %c: i1) {
  "llvm.intr.trap"() : () -> ()
  "llvm.intr.debugtrap"() : () -> ()
  "llvm.intr.ubsantrap"() <{failureKind = 3 : i8}> : () -> ()
  %0 = llvm.intr.expect %i, %i : i32
  %1 = llvm.intr.expect.with.probability %i, %i, 5.000000e-01 : i32
  %2 = "llvm.intr.is.constant"(%i) : (i32) -> i1
  %3 = "llvm.intr.threadlocal.address"(%p) : (!llvm.ptr) -> !llvm.ptr
  %4 = llvm.intr.stacksave : !llvm.ptr
  llvm.intr.stackrestore %4 : !llvm.ptr
  %5 = llvm.intr.ssa.copy %i : i32
  %6 = llvm.intr.invariant.start 4, %p : !llvm.ptr
  llvm.intr.invariant.end %6, 4, %p : !llvm.ptr
  "llvm.intr.memcpy.inline"(%p, %q) <{isVolatile = false, len = 16 : i64}> : (!llvm.ptr, !llvm.ptr) -> ()
  %7 = "llvm.intr.vscale"() : () -> i64
  %8 = llvm.intr.experimental.stepvector : vector<4xi32>
  %9 = llvm.intr.eh.typeid.for %p : (!llvm.ptr) -> i32
  "llvm.intr.var.annotation"(%p, %q, %q, %i, %q) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> ()
  %10 = "llvm.intr.ptr.annotation"(%p, %q, %q, %i, %q) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32, !llvm.ptr) -> !llvm.ptr
  %11 = "llvm.intr.annotation"(%n, %q, %q, %i) : (i64, !llvm.ptr, !llvm.ptr, i32) -> i64
  llvm.return
}

llvm.func @coro(%p: !llvm.ptr, %i: i32, %c: i1) {
  %0 = llvm.mlir.none : !llvm.token
  %1 = llvm.intr.coro.id %i, %p, %p, %p : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> !llvm.token
  %2 = llvm.intr.coro.size : i64
  %3 = llvm.intr.coro.align : i64
  %4 = llvm.intr.coro.begin %1, %p : (!llvm.token, !llvm.ptr) -> !llvm.ptr
  %5 = llvm.intr.coro.save %4 : (!llvm.ptr) -> !llvm.token
  %6 = llvm.intr.coro.suspend %5, %c : i8
  %7 = llvm.intr.coro.end %4, %c, %0 : (!llvm.ptr, i1, !llvm.token) -> i1
  %8 = llvm.intr.coro.free %1, %4 : (!llvm.token, !llvm.ptr) -> !llvm.ptr
  llvm.intr.coro.resume %4 : !llvm.ptr
  %9 = llvm.intr.coro.promise %4, %i, %c : (!llvm.ptr, i32, i1) -> !llvm.ptr
  llvm.return
}

llvm.func @vectors(%p: !llvm.ptr, %v: vector<8xi32>, %w: vector<4xi32>, %m: vector<8xi1>, %f: vector<8xf32>, %ps: !llvm.vec<8 x ptr>, %e: i32, %s: i64, %vs: vector<[4]xi32>) {
  %0 = llvm.intr.masked.load %p, %m, %v {alignment = 4 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xi32>) -> vector<8xi32>
  %1 = llvm.intr.masked.load %p, %m {alignment = 4 : i32} : (!llvm.ptr, vector<8xi1>) -> vector<8xi32>
  llvm.intr.masked.store %v, %p, %m {alignment = 4 : i32} : vector<8xi32>, vector<8xi1> into !llvm.ptr
  %2 = llvm.intr.masked.gather %ps, %m, %f {alignment = 4 : i32} : (!llvm.vec<8 x ptr>, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
  llvm.intr.masked.scatter %f, %ps, %m {alignment = 4 : i32} : vector<8xf32>, vector<8xi1> into !llvm.vec<8 x ptr>
  %3 = "llvm.intr.masked.expandload"(%p, %m, %v) : (!llvm.ptr, vector<8xi1>, vector<8xi32>) -> vector<8xi32>
  "llvm.intr.masked.compressstore"(%v, %p, %m) : (vector<8xi32>, !llvm.ptr, vector<8xi1>) -> ()
  %4 = llvm.intr.get.active.lane.mask %s, %s : i64, i64 to vector<8xi1>
  %5 = llvm.intr.vector.insert %w, %v[4] : vector<4xi32> into vector<8xi32>
  %6 = llvm.intr.vector.extract %v[0] : vector<4xi32> from vector<8xi32>
  %7 = "llvm.intr.vector.interleave2"(%w, %w) : (vector<4xi32>, vector<4xi32>) -> vector<8xi32>
  %8 = "llvm.intr.vector.deinterleave2"(%v) : (vector<8xi32>) -> !llvm.struct<(vector<4xi32>, vector<4xi32>)>
  %9 = llvm.intr.matrix.column.major.load %p, <stride = %s> {isVolatile = false, rows = 2 : i32, columns = 4 : i32} : vector<8xf32> from !llvm.ptr stride i64
  llvm.intr.matrix.column.major.store %f, %p, <stride = %s> {isVolatile = false, rows = 2 : i32, columns = 4 : i32} : vector<8xf32> to !llvm.ptr stride i64
  %10 = llvm.intr.matrix.multiply %f, %f {lhs_rows = 2 : i32, lhs_columns = 4 : i32, rhs_columns = 2 : i32} : (vector<8xf32>, vector<8xf32>) -> vector<4xf32>
  %11 = llvm.intr.matrix.transpose %f {rows = 2 : i32, columns = 4 : i32} : vector<8xf32> into vector<8xf32>
  %12 = "llvm.intr.vp.add"(%v, %v, %m, %e) : (vector<8xi32>, vector<8xi32>, vector<8xi1>, i32) -> vector<8xi32>
  %13 = "llvm.intr.vp.fneg"(%f, %m, %e) : (vector<8xf32>, vector<8xi1>, i32) -> vector<8xf32>
  %14 = "llvm.intr.vp.fma"(%f, %f, %f, %m, %e) : (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xi1>, i32) -> vector<8xf32>
  %15 = "llvm.intr.vp.reduce.smax"(%e, %v, %m, %e) : (i32, vector<8xi32>, vector<8xi1>, i32) -> i32
  %16 = "llvm.intr.vp.select"(%m, %v, %v, %e) : (vector<8xi1>, vector<8xi32>, vector<8xi32>, i32) -> vector<8xi32>
  %17 = "llvm.intr.vp.load"(%p, %m, %e) : (!llvm.ptr, vector<8xi1>, i32) -> vector<8xi32>
  "llvm.intr.vp.store"(%v, %p, %m, %e) : (vector<8xi32>, !llvm.ptr, vector<8xi1>, i32) -> ()
  %18 = "llvm.intr.experimental.vp.strided.load"(%p, %s, %m, %e) : (!llvm.ptr, i64, vector<8xi1>, i32) -> vector<8xi32>
  "llvm.intr.experimental.vp.strided.store"(%v, %p, %s, %m, %e) : (vector<8xi32>, !llvm.ptr, i64, vector<8xi1>, i32) -> ()
  %19 = "llvm.intr.vp.sitofp"(%v, %m, %e) : (vector<8xi32>, vector<8xi1>, i32) -> vector<8xf32>
  %20 = "llvm.intr.vp.ptrtoint"(%ps, %m, %e) : (!llvm.vec<8 x ptr>, vector<8xi1>, i32) -> vector<8xi64>
  llvm.return
}

llvm.func @ctor() {
  llvm.return
}
llvm.mlir.global_ctors {ctors = [@ctor], priorities = [65535 : i32]}
llvm.mlir.global_dtors {dtors = [@ctor], priorities = [0 : i32]}
llvm.comdat @__llvm_comdat {
  llvm.comdat_selector @any any
  llvm.comdat_selector @big largest
}
llvm.linker_options ["/DEFAULTLIB:", "libcmt"]

llvm.func @call_intr(%a: f32) -> f32 {
  %0 = llvm.call_intrinsic "llvm.fabs.f32"(%a) : (f32) -> f32
  %1 = llvm.call_intrinsic "llvm.fma.f32"(%a, %a, %0) : (f32, f32, f32) -> f32 {fastmathFlags = #llvm.fastmath<fast>}
  llvm.call_intrinsic "llvm.donothing"() : () -> ()
  llvm.return %1 : f32
}
