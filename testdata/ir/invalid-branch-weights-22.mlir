// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// MLIR 22's WeightedBranchOpInterface on cf.cond_br and llvm.cond_br,
// llvm.switch, llvm.invoke: no weights, or one per successor, not all zero.

func.func @one_weight(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 1 vs 2}}
  cf.cond_br %c weights([7]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @three_weights(%c: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  "cf.cond_br"(%c)[^bb1, ^bb2] <{branch_weights = array<i32: 1, 2, 3>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

func.func @zero_weights(%c: i1) {
  // expected-error@+1 {{branch weights cannot all be zero}}
  cf.cond_br %c weights([0, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

// The successor operands are checked first.
func.func @operands_first(%c: i1, %a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.cond_br %c weights([0, 0]), ^bb1(%a : i32), ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

// Empty, one zero, and negative weights are fine.
func.func @fine(%c: i1) {
  "cf.cond_br"(%c)[^bb1, ^bb2] <{branch_weights = array<i32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  cf.cond_br %c weights([0, 1]), ^bb2, ^bb3
^bb2:
  cf.cond_br %c weights([-1, 0]), ^bb3, ^bb3
^bb3:
  return
}

// -----

llvm.func @llvm_zero(%c: i1) {
  // expected-error@+1 {{branch weights cannot all be zero}}
  llvm.cond_br %c weights([0, 0]), ^bb1, ^bb2
^bb1:
  llvm.return
^bb2:
  llvm.return
}

// -----

// At 22 the weights are counted before the case values.
llvm.func @llvm_switch(%c: i32) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 3 vs 2}}
  "llvm.switch"(%c)[^bb1, ^bb2] <{branch_weights = array<i32: 1, 2, 3>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  llvm.return
^bb2:
  llvm.return
}

// -----

llvm.func @callee()
llvm.func @llvm_invoke() attributes {personality = @callee} {
  // expected-error@+1 {{branch weights cannot all be zero}}
  llvm.invoke @callee() to ^bb1 unwind ^bb2 {branch_weights = array<i32: 0, 0>} : () -> ()
^bb1:
  llvm.return
^bb2:
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return
}
