// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Checked with: mlir-opt-22 and mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Parser messages about single tokens, placed where MLIR's parser puts
// them: lexer errors first, wrong tokens after the previous token.

// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func.func @dots(i32, ..)

// -----

func.func @dot_operand() {
  // expected-error@+1 {{expected three consecutive dots for an ellipsis}}
  "test.op"(.) : () -> ()
  return
}

// -----

func.func @second_result() {
  // expected-error@+1 {{expected valid ssa identifier}}
  %0, 1 = "test.op"() : () -> (i32, i32)
  return
}

// -----

func.func @result_count() {
  // expected-error@+1 {{expected integer number of results}}
  %0:x = "test.op"() : () -> (i32, i32)
  return
}

// -----

func.func @not_a_terminator(%a: i32) {
  // expected-error@+1 {{successors in non-terminator}}
  "arith.constant"()[^bb1] {value = 1 : i32} : () -> i32
^bb1:
  return
}

// -----

// Unregistered ops may be terminators.
func.func @unknown_op_successors(%a: i32) {
  "test.br"()[^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @type_after_comma(%c: i1, %a: i32) {
  // expected-error@+1 {{expected non-function type}}
  cf.cond_br %c, ^bb1(%a : i32, ), ^bb1(%a : i32)
^bb1(%x: i32):
  return
}

// -----

func.func @operand_not_value(%a: i32) {
  // expected-error@+1 {{expected SSA operand}}
  "test.op"(%a,
  ) : (i32) -> ()
  return
}

// -----

func.func @symbol_kind() {
  // expected-error@+1 {{invalid kind of attribute specified}}
  %f = func.constant "f" : () -> ()
  return
}

// -----

func.func @nested_symbol() {
  // expected-error@+1 {{invalid kind of attribute specified}}
  %f = func.constant @a::@b : () -> ()
  return
}

// -----

// expected-error@+2 {{no expression inside parentheses}}
// expected-error@+1 {{missing operand of negation}}
#map = affine_map<(d0) -> (d0 + -())>

// -----

// expected-error-re@+1 {{use of undeclared SSA value {{name|value}}}}
"test.op"(%missing) : (i32) -> ()

// -----

// expected-error@+1 {{expected SSA operand}}
func.func @eof(){^b(
