// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// llvm.atomicrmw and llvm.cmpxchg: their TypesMatchWith traits, then their
// verifiers (the value type the operation needs, then the orderings). The
// valid forms come first, in both syntaxes.

llvm.func @ok(%p : !llvm.ptr, %i : i32, %f : f32, %x : f80, %w : i128) {
  %0 = llvm.atomicrmw add %p, %i monotonic : !llvm.ptr, i32
  %1 = llvm.atomicrmw volatile fadd %p, %x syncscope("agent") seq_cst {alignment = 16 : i64} : !llvm.ptr, f80
  %2 = llvm.atomicrmw xchg %p, %w acq_rel : !llvm.ptr, i128
  %3 = llvm.atomicrmw xchg %p, %p release : !llvm.ptr, !llvm.ptr
  %4 = llvm.atomicrmw _and %p, %i acquire : !llvm.ptr, i32
  %5 = llvm.atomicrmw uinc_wrap %p, %i monotonic : !llvm.ptr, i32
  %6 = llvm.cmpxchg weak volatile %p, %i, %i acq_rel monotonic : !llvm.ptr, i32
  %7 = llvm.cmpxchg %p, %p, %p syncscope("x") seq_cst seq_cst {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
  %8 = "llvm.atomicrmw"(%p, %f) <{bin_op = 14 : i64, ordering = 2 : i64}> : (!llvm.ptr, f32) -> f32
  %9 = "llvm.cmpxchg"(%p, %w, %w) <{failure_ordering = 2 : i64, success_ordering = 2 : i64}> : (!llvm.ptr, i128, i128) -> !llvm.struct<(i128, i1)>
  llvm.return
}

// -----

llvm.func @rmw_result_type(%p : !llvm.ptr, %f : f32) {
  // expected-error @+1 {{'llvm.atomicrmw' op failed to verify that result #0 and operand #1 have the same type}}
  %0 = "llvm.atomicrmw"(%p, %f) <{bin_op = 11 : i64, ordering = 1 : i64}> : (!llvm.ptr, f32) -> i32
  llvm.return
}

// -----

llvm.func @rmw_float_op(%p : !llvm.ptr, %i : i32) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR floating point type}}
  %0 = llvm.atomicrmw fsub %p, %i unordered : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @rmw_xchg_type(%p : !llvm.ptr, %x : f80) {
  // expected-error @+1 {{'llvm.atomicrmw' op unexpected LLVM IR type for 'xchg' bin_op}}
  %0 = llvm.atomicrmw xchg %p, %x monotonic : !llvm.ptr, f80
  llvm.return
}

// -----

llvm.func @rmw_int_op(%p : !llvm.ptr, %w : i128) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR integer type}}
  %0 = llvm.atomicrmw max %p, %w monotonic : !llvm.ptr, i128
  llvm.return
}

// -----

llvm.func @rmw_int_op_on_float(%p : !llvm.ptr, %f : f32) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected LLVM IR integer type}}
  %0 = llvm.atomicrmw umin %p, %f monotonic : !llvm.ptr, f32
  llvm.return
}

// -----

llvm.func @rmw_ordering(%p : !llvm.ptr, %i : i32) {
  // expected-error @+1 {{'llvm.atomicrmw' op expected at least 'monotonic' ordering}}
  %0 = llvm.atomicrmw add %p, %i unordered : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @rmw_value_constraint(%p : !llvm.ptr, %v : vector<2xf32>) {
  // expected-error @+1 {{'llvm.atomicrmw' op operand #1 must be floating point LLVM type or LLVM pointer type or signless integer, but got 'vector<2xf32>'}}
  %0 = "llvm.atomicrmw"(%p, %v) <{bin_op = 11 : i64, ordering = 2 : i64}> : (!llvm.ptr, vector<2xf32>) -> vector<2xf32>
  llvm.return
}

// -----

llvm.func @cmpxchg_operand_types(%p : !llvm.ptr, %i : i32, %l : i64) {
  // expected-error @+1 {{'llvm.cmpxchg' op failed to verify that operand #1 and operand #2 have the same type}}
  %0 = "llvm.cmpxchg"(%p, %i, %l) <{failure_ordering = 2 : i64, success_ordering = 2 : i64}> : (!llvm.ptr, i32, i64) -> !llvm.struct<(i64, i1)>
  llvm.return
}

// -----

llvm.func @cmpxchg_result_type(%p : !llvm.ptr, %l : i64) {
  // expected-error @+1 {{'llvm.cmpxchg' op failed to verify that result #0 has an LLVM struct type consisting of the type of operand #2 and a bool}}
  %0 = "llvm.cmpxchg"(%p, %l, %l) <{failure_ordering = 2 : i64, success_ordering = 2 : i64}> : (!llvm.ptr, i64, i64) -> !llvm.struct<(i64, i64)>
  llvm.return
}

// -----

llvm.func @cmpxchg_type(%p : !llvm.ptr, %b : i7) {
  // expected-error @+1 {{'llvm.cmpxchg' op unexpected LLVM IR type}}
  %0 = llvm.cmpxchg %p, %b, %b unordered monotonic : !llvm.ptr, i7
  llvm.return
}

// -----

llvm.func @cmpxchg_success_ordering(%p : !llvm.ptr, %i : i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op ordering must be at least 'monotonic'}}
  %0 = llvm.cmpxchg %p, %i, %i not_atomic monotonic : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @cmpxchg_failure_ordering(%p : !llvm.ptr, %i : i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op ordering must be at least 'monotonic'}}
  %0 = llvm.cmpxchg %p, %i, %i seq_cst unordered : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @cmpxchg_failure_release(%p : !llvm.ptr, %i : i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op failure ordering cannot be 'release' or 'acq_rel'}}
  %0 = llvm.cmpxchg %p, %i, %i acq_rel release : !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @cmpxchg_failure_acq_rel(%p : !llvm.ptr, %i : i32) {
  // expected-error @+1 {{'llvm.cmpxchg' op failure ordering cannot be 'release' or 'acq_rel'}}
  %0 = llvm.cmpxchg %p, %i, %i seq_cst acq_rel : !llvm.ptr, i32
  llvm.return
}
