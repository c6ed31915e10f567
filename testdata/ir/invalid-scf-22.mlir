// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// MLIR 22's scf.reduce checks its region count first; scf.while's blocks
// must not be empty (its SingleBlock trait); a custom parser's operand and
// type lists of different lengths get resolveOperands' new message.

func.func @reduce_too_many_operands(%lb: index, %ub: index, %st: index, %init: f32) {
  %r = "scf.parallel"(%lb, %ub, %st, %init) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.reduce' op expects number of reduction regions: 1 to be the same as number of reduction operands: 2}}
    "scf.reduce"(%init, %init) ({
    ^bb0(%a: f32, %b: f32):
      "scf.reduce.return"(%a) : (f32) -> ()
    }) : (f32, f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @reduce_no_operand(%lb: index, %ub: index, %st: index, %init: f32) {
  %r = "scf.parallel"(%lb, %ub, %st, %init) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> ({
  ^bb0(%i: index):
    // expected-error @+1 {{'scf.reduce' op expects number of reduction regions: 1 to be the same as number of reduction operands: 0}}
    "scf.reduce"() ({
    ^bb0(%a: f32, %b: f32):
      "scf.reduce.return"(%a) : (f32) -> ()
    }) : () -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @while_empty_blocks() {
  // expected-error @+1 {{'scf.while' op expects a non-empty block}}
  "scf.while"() ({
  ^bb0:
  }, {
  ^bb0:
  }) : () -> ()
  return
}

// -----

func.func @parallel_results(%lb: index, %ub: index, %st: index) {
  // expected-error @+1 {{'scf.parallel' number of operands and types do not match: got 0 operands and 1 types}}
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @return_types(%a: i32) -> (i32, i32) {
  // expected-error @+1 {{number of operands and types do not match: got 1 operands and 2 types}}
  return %a : i32, i32
}
