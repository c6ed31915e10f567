// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// llvm.invoke's verifier (InvokeOp::verify: the variadic callee type as for
// llvm.call, an unwind destination starting with llvm.landingpad, whose
// error has no op prefix), the ODS constraints of ops and intrinsics
// defined after the first LLVM dialect work (inline_asm, the coroutine,
// invariant, trap and expect intrinsics, comdat selectors) and the C++
// verifiers of mlir.global_ctors/dtors, call_intrinsic and linker_options.

llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @f(i32) -> i32

llvm.func @no_pad(%arg0: i32) -> i32 attributes {personality = @__gxx_personality_v0} {
  // expected-error@+1 {{first operation in unwind destination should be a llvm.landingpad operation}}
  %0 = llvm.invoke @f(%arg0) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %0 : i32
^bb2:
  llvm.return %arg0 : i32
}

// -----

llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @g(i32, ...)

llvm.func @not_variadic(%arg0: i32) attributes {personality = @__gxx_personality_v0} {
  // expected-error@+1 {{'llvm.invoke' op expected var_callee_type to be a variadic function type}}
  llvm.invoke @g(%arg0) to ^bb1 unwind ^bb2 vararg(!llvm.func<void (i32)>) : (i32) -> ()
^bb1:
  llvm.return
^bb2:
  %1 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %1 : !llvm.struct<(ptr, i32)>
}

// -----

llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @g(i32, ...)

llvm.func @param_mismatch(%arg0: i64) attributes {personality = @__gxx_personality_v0} {
  // expected-error@+1 {{'llvm.invoke' op var_callee_type parameter type mismatch: 'i32' != 'i64'}}
  llvm.invoke @g(%arg0) to ^bb1 unwind ^bb2 vararg(!llvm.func<void (i32, ...)>) : (i64) -> ()
^bb1:
  llvm.return
^bb2:
  %1 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %1 : !llvm.struct<(ptr, i32)>
}

// -----

llvm.func @asm_dialect(%arg0: i32) {
  // expected-error@+1 {{invalid properties {asm_dialect = 2 : i64, asm_string = "nop", constraints = "r"} for op llvm.inline_asm: Invalid attribute `asm_dialect` in property conversion: 2 : i64}}
  "llvm.inline_asm"(%arg0) <{asm_string = "nop", constraints = "r", asm_dialect = 2 : i64}> : (i32) -> ()
  llvm.return
}

// -----

llvm.func @asm_no_string(%arg0: i32) {
  // expected-error@+1 {{'llvm.inline_asm' op requires attribute 'asm_string'}}
  "llvm.inline_asm"(%arg0) <{constraints = "r"}> : (i32) -> ()
  llvm.return
}

// -----

llvm.func @cos_int(%arg0: i32) {
  // expected-error@+1 {{'llvm.intr.cos' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i32'}}
  %0 = llvm.intr.cos(%arg0) : (i32) -> i32
  llvm.return
}

// -----

llvm.func @ubsantrap() {
  // expected-error@+1 {{'llvm.intr.ubsantrap' op attribute 'failureKind' failed to satisfy constraint: 8-bit signless integer attribute}}
  "llvm.intr.ubsantrap"() <{failureKind = 3 : i32}> : () -> ()
  llvm.return
}

// -----

llvm.func @probability(%arg0: i32) {
  // expected-error@+1 {{'llvm.intr.expect.with.probability' op attribute 'prob' failed to satisfy constraint: 64-bit float attribute}}
  %0 = "llvm.intr.expect.with.probability"(%arg0, %arg0) <{prob = 5.000000e-01 : f32}> : (i32, i32) -> i32
  llvm.return
}

// -----

llvm.func @invariant(%arg0: !llvm.ptr) {
  // expected-error@+1 {{'llvm.intr.invariant.start' op result #0 must be LLVM pointer in address space 0, but got '!llvm.ptr<1>'}}
  %0 = "llvm.intr.invariant.start"(%arg0) <{size = 4 : i64}> : (!llvm.ptr) -> !llvm.ptr<1>
  llvm.return
}

// -----

llvm.func @coro_token(%arg0: !llvm.ptr) {
  // expected-error@+1 {{'llvm.intr.coro.begin' op operand #0 must be LLVM token type, but got '!llvm.ptr'}}
  %0 = llvm.intr.coro.begin %arg0, %arg0 : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  llvm.return
}

// -----

llvm.func @stepvector() {
  // expected-error@+1 {{'llvm.intr.experimental.stepvector' op result #0 must be LLVM dialect-compatible vector of signless integer, but got 'vector<4xf32>'}}
  %0 = llvm.intr.experimental.stepvector : vector<4xf32>
  llvm.return
}

// -----

llvm.comdat @c {
  // expected-error@+1 {{invalid properties {comdat = 7 : i64, sym_name = "x"} for op llvm.comdat_selector: Invalid attribute `comdat` in property conversion: 7 : i64}}
  "llvm.comdat_selector"() <{sym_name = "x", comdat = 7 : i64}> : () -> ()
}

// -----

llvm.func @ctor() {
  llvm.return
}
// expected-error@+1 {{mismatch between the number of ctors and the number of priorities}}
llvm.mlir.global_ctors {ctors = [@ctor], priorities = []}

// -----

llvm.func @dtor() {
  llvm.return
}
// expected-error@+1 {{mismatch between the number of dtors and the number of priorities}}
llvm.mlir.global_dtors {dtors = [@dtor], priorities = [1 : i32, 2 : i32]}

// -----

llvm.func @intrinsic_name(%a: f32) -> f32 {
  // expected-error@+1 {{'llvm.call_intrinsic' op intrinsic name must start with 'llvm.'}}
  %0 = llvm.call_intrinsic "fabs.f32"(%a) : (f32) -> f32
  llvm.return %0 : f32
}

// -----

llvm.func @linker_options_in_function() {
  // expected-error@+1 {{'llvm.linker_options' op must appear at the module level}}
  llvm.linker_options ["/DEFAULTLIB:", "libcmt"]
  llvm.return
}
