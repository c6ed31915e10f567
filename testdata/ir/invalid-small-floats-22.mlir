// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// The float types MLIR 20 added, wrongly used: cast widths (f4E2M1FN is 4
// bits, f6* 6), hex literals wider than the type (scalar and dense), and the
// integer-literal rules every float type shares (errors at the digits).

func.func @f(%a: f4E2M1FN) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'f4E2M1FN' and result type 'i8' are cast incompatible}}
  %0 = arith.bitcast %a : f4E2M1FN to i8
  return
}
// -----
func.func @f(%a: f8E3M4) {
  // expected-error @+1 {{'arith.truncf' op operand type 'f8E3M4' and result type 'f8E8M0FNU' are cast incompatible}}
  %0 = arith.truncf %a : f8E3M4 to f8E8M0FNU
  return
}
// -----
func.func @f(%a: f6E2M3FN) {
  // expected-error @+1 {{'arith.extf' op operand type 'f6E2M3FN' and result type 'f6E3M2FN' are cast incompatible}}
  %0 = arith.extf %a : f6E2M3FN to f6E3M2FN
  return
}
// -----
func.func @f() {
  // expected-error @+1 {{hexadecimal float constant out of range for type}}
  %0 = arith.constant 0x10 : f4E2M1FN
  return
}
// -----
func.func @f() {
  // expected-error @+1 {{hexadecimal float constant out of range for type}}
  %0 = arith.constant dense<[0x40]> : tensor<1xf6E2M3FN>
  return
}
// -----
func.func @f() {
  // expected-error @+1 {{hexadecimal float literal should not have a leading minus}}
  %0 = arith.constant -0x1 : f4E2M1FN
  return
}
// -----
func.func @f() {
  // expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
  // expected-note @+1 {{add a trailing dot to make the literal a float}}
  %0 = arith.constant 1 : f8E8M0FNU
  return
}
// -----
func.func @f(%a: f6E3M2FN) {
  %0 = arith.bitcast %a : f6E3M2FN to i6
  %1 = arith.bitcast %a : f6E3M2FN to f6E2M3FN
  // expected-error @+1 {{'arith.bitcast' op operand type 'f6E3M2FN' and result type 'f8E3M4' are cast incompatible}}
  %2 = arith.bitcast %a : f6E3M2FN to f8E3M4
  return
}
// -----
func.func @f(%a: vector<2xf8E8M0FNU>) {
  %0 = arith.extf %a : vector<2xf8E8M0FNU> to vector<2xf16>
  %1 = arith.fptosi %a : vector<2xf8E8M0FNU> to vector<2xi4>
  %2 = arith.sitofp %1 : vector<2xi4> to vector<2xf4E2M1FN>
  %3 = math.absf %2 : vector<2xf4E2M1FN>
  %4 = math.isnan %3 : vector<2xf4E2M1FN>
  %5 = arith.truncf %a : vector<2xf8E8M0FNU> to vector<2xf4E2M1FN>
  return
}
