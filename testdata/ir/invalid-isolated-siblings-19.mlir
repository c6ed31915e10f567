// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// MLIR 19 stops verifying at the first failure: the second function's error
// is never reported (22 reports it: invalid-isolated-siblings-22.mlir).

func.func @verify_fail_1() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %r = "arith.constant"() {value = -1 : si32} : () -> si32
  return
}
func.func @verify_fail_2() {
  %r = "arith.constant"() {value = "hi" : i32} : () -> i32
  return
}
