// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// An operand group's count mismatch in a custom form is reported where the
// group began, by the op's parser (`custom op 'NAME' ...`), as MLIR's
// resolveOperands does.

func.func @ret(%a: i32) -> (i32, i32) {
  // expected-error @+1 {{custom op 'func.return' 2 operands present, but expected 1}}
  func.return %a, %a : i32
}

// -----

func.func @yield(%a: i32) {
  %0 = scf.execute_region -> i32 {
    // expected-error @+1 {{custom op 'scf.yield' 2 operands present, but expected 1}}
    scf.yield %a, %a : i32
  }
  return
}

// -----

llvm.func @g()
llvm.func @call_not_function(%a: i32) {
  // expected-error @+1 {{custom op 'llvm.call' expected trailing function type}}
  llvm.call @g() : i32
  llvm.return
}

// -----

llvm.func @g()
llvm.func @call_two_types(%p: !llvm.ptr) {
  // expected-error @+1 {{custom op 'llvm.call' expected direct call to have 1 trailing type}}
  llvm.call @g() : !llvm.ptr, () -> ()
  llvm.return
}

// -----

llvm.func @g()
llvm.func @call_signature(%a: i32) {
  // expected-error @+1 {{custom op 'llvm.call' expected function with 0 or 1 result}}
  %0:2 = llvm.call @g() : () -> (i32, i32)
  llvm.return
}

// -----

llvm.func @g()
llvm.func @call_void(%a: i32) {
  // expected-error @+1 {{custom op 'llvm.call' expected a non-void result type}}
  llvm.call @g() : () -> !llvm.void
  llvm.return
}

// -----

llvm.func @call_indirect(%p: !llvm.ptr) {
  // expected-error @+1 {{custom op 'llvm.call' expected indirect call to have 2 trailing types}}
  llvm.call %p() : () -> ()
  llvm.return
}
