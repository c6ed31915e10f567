// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Errors in the custom syntax, as mlir-opt-19 reports them (this file
// passes `mlir-opt-19 --verify-diagnostics --split-input-file` too).

// expected-note@+1 {{prior use here}}
func.func @f(%a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}

// -----

func.func @g(%a: i32) -> i32 {
  // expected-error@+1 {{expected ','}}
  %0 = arith.addi %a %a : i32
  return %0 : i32
}

// -----

func.func @h(%a: i32) -> i1 {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return %0 : i1
}

// -----

func.func @k(%a: i32) -> i32 {
  // expected-error@+1 {{custom op 'arith.bogus' is unknown}}
  %0 = arith.bogus %a : i32
  return %0 : i32
}

// -----

func.func @n(%a: i32) {
  // expected-error@+1 {{custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)}}
  frobnicate %a : i32
  return
}

// -----

func.func @m(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32
  // expected-error@+1 {{'func.return' op has 1 operands, but enclosing function (@m) returns 2}}
  return %0 : i32
}
