// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// scf.parallel's, scf.reduce's and scf.reduce.return's own verifiers, and
// the custom parser's operand counts.

func.func @no_tuple(%a: index) {
  // expected-error @+1 {{'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step}}
  "scf.parallel"() ({
    "scf.reduce"() : () -> ()
  }) {operandSegmentSizes = array<i32: 0, 0, 0, 0>} : () -> ()
  return
}

// -----

func.func @zero_step(%a: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%a) to (%a) step (%c0) {
  }
  return
}

// -----

func.func @iv_count(%a: index) {
  // expected-error @+1 {{'scf.parallel' op expects the same number of induction variables: 2 as bound and step values: 1}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index, %j: index):
    "scf.reduce"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @iv_type(%a: index) {
  // expected-error @+1 {{'scf.parallel' op expects arguments for the induction variable to be of index type}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: i32):
    "scf.reduce"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @not_reduce(%a: index) {
  // expected-error @+1 {{'scf.parallel' op expects body to terminate with 'scf.reduce'}}
  "scf.parallel"(%a, %a, %a) ({
  ^bb0(%i: index):
    // expected-note @+1 {{terminator here}}
    "scf.yield"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  return
}

// -----

func.func @bound_count(%a: index) {
  // expected-error @+1 {{custom op 'scf.parallel' expected 2 operands}}
  scf.parallel (%i, %j) = (%a) to (%a, %a) step (%a, %a) {
  }
  return
}

// -----

func.func @results_vs_reductions(%a: index, %x: f32) {
  // expected-error @+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
  }
  return
}

// -----

func.func @reduction_type(%a: index, %x: f32, %y: i32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'i32' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%y : i32) {
    ^bb0(%l: i32, %r: i32):
      scf.reduce.return %l : i32
    }
  }
  return
}

// -----

func.func @reduce_args(%a: index, %x: f32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    // expected-error @+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%x : f32) {
    ^bb0(%l: f32):
      scf.reduce.return %l : f32
    }
  }
  return
}

// -----

func.func @reduce_return_type(%a: index, %x: f32, %y: i32) {
  %r = scf.parallel (%i) = (%a) to (%a) step (%a) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      // expected-error @+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %y : i32
    }
  }
  return
}

// -----

// expected-error @+1 {{@ identifier expected to start with letter or '_'}}
func.func @$bad_name()

// -----

// expected-error @+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
func.func @types_only_body(i32) {
^bb0:
  return
}

// -----

func.func @types_only_named(i32,
                            %a: i32) { // expected-error {{expected type instead of SSA identifier}}
  return
}
