// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// cf.switch's verifier and its case-list syntax.

func.func @flag_type(%flag: i32) {
  // expected-error @+1 {{'cf.switch' op 'flag' type ('i32') should match case value type ('i64')}}
  "cf.switch"(%flag) [^bb1, ^bb1] <{case_values = dense<[1]> : vector<1xi64>, case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @case_count(%flag: i32) {
  // expected-error @+1 {{'cf.switch' op number of case values (1) should match number of case destinations (2)}}
  "cf.switch"(%flag) [^bb1, ^bb1, ^bb1] <{case_values = dense<[1]> : vector<1xi32>, case_operand_segments = array<i32: 0, 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @no_default(%flag: i32) {
  // expected-error @+2 {{custom op 'cf.switch' expected 'default'}}
  cf.switch %flag : i32, [
    1: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @unclosed(%flag: i32) {
  // expected-error @+2 {{expected ']'}}
  cf.switch %flag : i32, [
    default: ^bb1
  ^bb1:
  return
}

// -----

func.func @case_operand_segments(%a: i32) {
  // expected-error @+1 {{'cf.switch' op caseOperands count (1) does not match with the total size (2) specified in attribute 'case_operand_segments'}}
  "cf.switch"(%a, %a) [^bb1, ^bb1] <{case_operand_segments = array<i32: 2>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:
  return
}
