// RUN: irkit verify --verify-diagnostics --split-input-file %s
// The MLIR ops that forward values (func.call, func.return, cf.br,
// cf.cond_br, scf.for, scf.yield, arith.select) do not opt in to tokens
// (`ConsumesToken`/`ProducesToken`), and their `AnyType` constraints do not
// accept `token` either; what is reported is the forwarding rule they would
// break, with a note at the token's producer. `AnyType` itself rejects a
// token where an op does opt in (`test.any_operand`).

"func.func"() <{function_type = () -> (), sym_name = "call"}> ({
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'func.call' op operand #0 is a token; a call cannot forward a token (CallOpInterface)}}
  "func.call"(%t) <{callee = @call}> : (token) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "call_result"}> ({
  // expected-error@+1 {{'func.call' op result #0 is a token; a call cannot forward a token (CallOpInterface)}}
  %r = "func.call"() <{callee = @call_result}> : () -> token
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "br"}> ({
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'cf.br' op operand #0 is a token; a branch cannot forward a token to successor #0 (BranchOpInterface)}}
  "cf.br"(%t)[^bb1] : (token) -> ()
^bb1(%x: token):
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i1) -> (), sym_name = "cond_br"}> ({
^bb0(%c: i1):
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'cf.cond_br' op operand #1 is a token; a branch cannot forward a token to successor #0 (BranchOpInterface)}}
  "cf.cond_br"(%c, %t)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, token) -> ()
^bb1(%x: token):
  "func.return"() : () -> ()
^bb2:
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (index) -> (), sym_name = "for"}> ({
^bb0(%n: index):
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'scf.for' op operand #3 is a token; a region branch op cannot forward a token into its regions (RegionBranchOpInterface)}}
  %r = "scf.for"(%n, %n, %n, %t) ({
  ^bb0(%i: index, %x: token):
    "scf.yield"(%x) : (token) -> ()
  }) : (index, index, index, token) -> token
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i1) -> (), sym_name = "yield"}> ({
^bb0(%c: i1):
  "scf.if"(%c) ({
    // expected-note@+1 {{the token is produced here}}
    %t = "test.make_token"() : () -> token
    // expected-error@+1 {{'scf.yield' op operand #0 is a token; a region branch terminator cannot yield a token (RegionBranchOpInterface)}}
    "scf.yield"(%t) : (token) -> ()
  }, {
  }) : (i1) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i1) -> (), sym_name = "select"}> ({
^bb0(%c: i1):
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'arith.select' op result #0 is a token; a select-like op cannot produce a token (SelectLikeOpInterface)}}
  %s = "arith.select"(%c, %t, %t) : (i1, token, token) -> token
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "any_operand"}> ({
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'test.any_operand' op operand #0 must be any type, but got 'token'}}
  "test.any_operand"(%t) : (token) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "use_token"}> ({
  %c = "arith.constant"() <{value = 1 : i32}> : () -> i32
  // expected-error@+1 {{'test.use_token' op operand #0 must be variadic of token, but got 'i32'}}
  "test.use_token"(%c) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "return"}> ({
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'func.return' op operand #0 is a token; a function cannot return a token (FunctionOpInterface)}}
  "func.return"(%t) : (token) -> ()
}) : () -> ()
