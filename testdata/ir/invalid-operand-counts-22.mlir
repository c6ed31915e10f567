// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// An operand group's count mismatch in a custom form is reported where the
// group began, by the op's parser (`custom op 'NAME' ...`), as MLIR's
// resolveOperands does.

func.func @ret(%a: i32) -> (i32, i32) {
  // expected-error @+1 {{custom op 'func.return' number of operands and types do not match: got 2 operands and 1 types}}
  func.return %a, %a : i32
}

// -----

func.func @yield(%a: i32) {
  %0 = scf.execute_region -> i32 {
    // expected-error @+1 {{custom op 'scf.yield' number of operands and types do not match: got 2 operands and 1 types}}
    scf.yield %a, %a : i32
  }
  return
}

// -----

llvm.func @assume(%a: i1, %b: i32) {
  // expected-error @+1 {{custom op 'llvm.intr.assume' number of operands and types do not match: got 2 operands and 1 types}}
  llvm.intr.assume %a ["align"(%b, %b : i32)] : i1
  llvm.return
}

// -----

llvm.func @g()
llvm.func @bundle(%a: i32, %b: i32) {
  // MLIR's message always names bundle #0.
  // expected-error @+1 {{custom op 'llvm.call' expected 1 types for operand bundle operands for operand bundle #0, but actually got 2}}
  llvm.call @g() ["a"(%a : i32), "b"(%a : i32, i32)] : () -> ()
  llvm.return
}

// -----

llvm.func @g()
llvm.func @bundle_after_arguments(%a: i32, %b: i32) {
  // The bundles are resolved after the call's arguments.
  // expected-error @+1 {{custom op 'llvm.call' number of operands and types do not match: got 0 operands and 1 types}}
  llvm.call @g() ["tag"(%a, %b : i32)] : (i64) -> ()
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
