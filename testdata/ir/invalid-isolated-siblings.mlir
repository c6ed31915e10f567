// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// One failure per function: the first function's error is all both
// releases report when no other function fails.

func.func @bad() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %r = "arith.constant"() {value = -1 : si32} : () -> si32
  return
}
func.func @good() {
  %r = arith.constant 1 : i32
  return
}
