// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// scf.for (loop-carried values, after its body), scf.if, scf.while,
// scf.execute_region and scf.index_switch verifiers.

func.func @for_results(%lb: index, %x: f32) {
  // expected-error @+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: f32):
    "scf.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32) -> ()
  return
}

// -----

func.func @for_yield_type(%lb: index, %x: f32, %y: i32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %r = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (f32) {
    scf.yield %y : i32
  }
  return
}

// -----

func.func @for_iv_type(%lb: i32) {
  // expected-error @+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (i32, i32, i32) -> ()
  return
}

// -----

func.func @if_no_else(%c: i1) {
  // expected-error @+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    %x = arith.constant 1 : i32
    "scf.yield"(%x) : (i32) -> ()
  }, {}) : (i1) -> i32
  return
}

// -----

func.func @while_before(%x: i32) {
  // expected-error @+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  "scf.while"(%x) ({
  ^bb0(%a: i32):
    // expected-note @+1 {{terminator here}}
    "scf.yield"(%a) : (i32) -> ()
  }, {
  ^bb0(%a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (i32) -> ()
  return
}

// -----

func.func @execute_region_args() {
  // expected-error @+1 {{'scf.execute_region' op region cannot have any arguments}}
  "scf.execute_region"() ({
  ^bb0(%a: i32):
    "scf.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @switch_duplicate(%i: index) {
  // expected-error @+1 {{'scf.index_switch' op has duplicate case value: 2}}
  scf.index_switch %i
  case 2 {
    scf.yield
  }
  case 2 {
    scf.yield
  }
  default {
  }
  return
}

// -----

func.func @switch_result(%i: index, %x: i32) -> index {
  // expected-error @+1 {{'scf.index_switch' op expected result #0 of each region to be 'index'}}
  %0 = scf.index_switch %i -> index
  default {
    // expected-note @+1 {{default region returns 'i32' here}}
    scf.yield %x : i32
  }
  return %0 : index
}
