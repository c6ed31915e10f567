// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// arith.cmpi/cmpf: the custom parser checks the operand type before it
// derives the i1 result (TypesMatchWith's transformer input), the verifier
// the result's shape (getI1SameShape); truncf's rounding mode is an i32
// enum property; integer widths stop at 16777215 bits.

func.func @f(%a: i32) {
  // expected-error @+1 {{custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'}}
  %r = arith.cmpf oeq, %a, %a : i32
  return
}

// -----

func.func @f(%a: tensor<?xi32>) {
  // expected-error @+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %r = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi1>
  return
}

// -----

func.func @f(%a: memref<2xi32>) {
  // expected-error @+1 {{'arith.cmpi' op operand #0 must be signless-integer-like, but got 'memref<2xi32>'}}
  %r = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (memref<2xi32>, memref<2xi32>) -> memref<2xi1>
  return
}

// -----

func.func @f(%a: vector<[4]xf32>) -> vector<[4]xi1> {
  %r = arith.cmpf olt, %a, %a : vector<[4]xf32>
  return %r : vector<[4]xi1>
}

// -----

func.func @f(%a: f64) -> f32 {
  // expected-error @+1 {{invalid properties {roundingmode = 7 : i32} for op arith.truncf: Invalid attribute `roundingmode` in property conversion: 7 : i32}}
  %r = "arith.truncf"(%a) <{roundingmode = 7 : i32}> : (f64) -> f32
  return %r : f32
}

// -----

func.func @f(%a: f64) -> f32 {
  // expected-error @+1 {{invalid properties {roundingmode = 1 : i64} for op arith.truncf: Invalid attribute `roundingmode` in property conversion: 1 : i64}}
  %r = "arith.truncf"(%a) <{roundingmode = 1 : i64}> : (f64) -> f32
  return %r : f32
}

// -----

func.func @f(%a: f64) -> f32 {
  // expected-error @+1 {{expected ':'}}
  %r = arith.truncf %a nearest : f64 to f32
  return %r : f32
}

// -----

func.func @f() {
  // expected-error @+1 {{integer bitwidth is limited to 16777215 bits}}
  %r = "arith.constant"() {value = 1} : () -> ui16777216
  return
}

// -----

func.func @f() {
  // expected-error @+1 {{invalid integer width}}
  %r = "arith.constant"() {value = 1} : () -> si4294967296
  return
}
