// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Token contract, BranchOpInterface: no token successor operands, and no
// token arguments on a successor block (any non-entry block).

"test.func"() <{function_type = () -> (), sym_name = "successor_operand"}> ({
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'test.br' op operand #0 is a token; a branch cannot forward a token to successor #0 (BranchOpInterface)}}
  "test.br"(%t)[^bb1] : (token) -> ()
// expected-error@+1 {{block argument #0 of a non-entry block is a token; a successor block cannot take a token (BranchOpInterface)}}
^bb1(%x: token):
  "test.return"() : () -> ()
}) : () -> ()

// -----

// A successor block argument is rejected even with no branch to it.
"test.func"() <{function_type = () -> (), sym_name = "block_argument"}> ({
  "test.return"() : () -> ()
// expected-error@+1 {{block argument #1 of a non-entry block is a token; a successor block cannot take a token (BranchOpInterface)}}
^bb1(%a: i32, %x: token):
  "test.return"() : () -> ()
}) : () -> ()

// -----

// cf.cond_br: the operands of each successor are checked in their segment.
"test.func"() <{function_type = (i1, i32) -> (), sym_name = "cond_br"}> ({
^bb0(%c: i1, %a: i32):
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'test.cond_br' op operand #2 is a token; a branch cannot forward a token to successor #1 (BranchOpInterface)}}
  "test.cond_br"(%c, %a, %t)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, token) -> ()
^bb1(%x: i32):
  "test.return"() : () -> ()
// expected-error@+1 {{block argument #0 of a non-entry block is a token; a successor block cannot take a token (BranchOpInterface)}}
^bb2(%y: token):
  "test.return"() : () -> ()
}) : () -> ()

// -----

// An unregistered op with successors forwards its trailing operands too.
"test.func"() <{function_type = () -> (), sym_name = "unregistered"}> ({
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'x.branch' op operand #1 is a token; a branch cannot forward a token to successor #0 (BranchOpInterface)}}
  "x.branch"(%t, %t)[^bb1] : (token, token) -> ()
// expected-error@+1 {{block argument #0 of a non-entry block is a token; a successor block cannot take a token (BranchOpInterface)}}
^bb1(%x: token):
  "test.return"() : () -> ()
}) : () -> ()

// -----

// ... also in a region of an unregistered op.
"x.op"() ({
  "x.yield"() : () -> ()
// expected-error@+1 {{block argument #0 of a non-entry block is a token; a successor block cannot take a token (BranchOpInterface)}}
^bb1(%x: token):
  "x.yield"() : () -> ()
}) : () -> ()
