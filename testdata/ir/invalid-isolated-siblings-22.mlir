// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// MLIR 22 verifies every IsolatedFromAbove child of an op (each up to its
// first failure) before the op fails; 19 stops at the first failure
// (invalid-isolated-siblings-19.mlir).

func.func @verify_fail_1() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %r = "arith.constant"() {value = -1 : si32} : () -> si32
  // A second failure in the same function is not reached.
  %s = "arith.constant"() {value = -2 : si32} : () -> si32
  return
}
func.func @verify_fail_2() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %r = "arith.constant"() {value = "hi" : i32} : () -> i32
  return
}
module {
  func.func @nested() {
    // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
    %r = "arith.constant"() {value = -3 : si32} : () -> si32
    return
  }
}
