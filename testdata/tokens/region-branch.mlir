// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Token contract, RegionBranchOpInterface: no token is forwarded into a
// region (forwarded operands, region entry arguments), yielded out of it,
// or returned as a result. `test.region_branch` forwards its variadic
// `inits`; its single `subject` operand is not forwarded.

"test.func"() <{function_type = (i32) -> (), sym_name = "forwarded_operand"}> ({
^bb0(%a: i32):
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'test.region_branch' op operand #2 is a token; a region branch op cannot forward a token into its regions (RegionBranchOpInterface)}}
  "test.region_branch"(%a, %a, %t) ({
    "test.yield"() : () -> ()
  }) : (i32, i32, token) -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() <{function_type = (i32) -> (), sym_name = "region_argument"}> ({
^bb0(%a: i32):
  "test.region_branch"(%a) ({
  // expected-error@+1 {{'test.region_branch' op region #0 argument #1 is a token; a region branch op cannot forward a token into its regions (RegionBranchOpInterface)}}
  ^bb0(%i: i32, %x: token):
    "test.yield"() : () -> ()
  }) : (i32) -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() <{function_type = (i32) -> (), sym_name = "yield"}> ({
^bb0(%a: i32):
  "test.region_branch"(%a) ({
    // expected-note@+1 {{the token is produced here}}
    %t = "test.make_token"() : () -> token
    // expected-error@+1 {{'test.yield' op operand #0 is a token; a region branch terminator cannot yield a token (RegionBranchOpInterface)}}
    "test.yield"(%t) : (token) -> ()
  }) : (i32) -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() <{function_type = (i32) -> (), sym_name = "result"}> ({
^bb0(%a: i32):
  // expected-error@+1 {{'test.region_branch' op result #1 is a token; a region branch op cannot forward a token out of its regions (RegionBranchOpInterface)}}
  %r:2 = "test.region_branch"(%a) ({
    "test.yield"() : () -> ()
  }) : (i32) -> (i32, token)
  "test.return"() : () -> ()
}) : () -> ()
