// RUN: irkit opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// An op's trailing `loc(...)` says "in location", an attribute's
// `loc(...)` "in inline location"; an alias that is no location is printed.

func.func @later_alias() {
  // expected-error @+1 {{expected location, but found 'true'}}
  return loc(#non_loc)
}
#non_loc = true

// -----

#nl = 5 : i32
func.func @earlier_alias() {
  // expected-error @+1 {{expected location, but found '5 : i32'}}
  return loc(#nl)
}

// -----

func.func @dialect_alias() {
  // expected-error @+1 {{expected location, but found dialect attribute: '#foo.bar'}}
  return loc(#foo.bar)
}

// -----

func.func @missing_l_paren() {
^bb:
  return loc) // expected-error {{expected '(' in location}}
}

// -----

func.func @missing_r_paren() {
  return loc(unknown // expected-error {{expected ')' in location}}
}

// -----

func.func @attribute() {
  %0 = "foo.x"() {a = loc(unknown} : () -> i32 // expected-error {{expected ')' in inline location}}
  return
}
