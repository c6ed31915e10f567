// RUN: irkit verify --verify-diagnostics --split-input-file %s
// `AnyType` does not accept `token`: the MLIR ops that forward values
// (func.call, func.return, cf.br, cf.cond_br, scf.for, scf.yield,
// arith.select) reject a token through their operand constraints, before
// any token rule runs.

"func.func"() <{function_type = () -> (), sym_name = "call"}> ({
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'func.call' op operand #0 must be variadic of any type, but got 'token'}}
  "func.call"(%t) <{callee = @call}> : (token) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "call_result"}> ({
  // expected-error@+1 {{'func.call' op result #0 must be variadic of any type, but got 'token'}}
  %r = "func.call"() <{callee = @call_result}> : () -> token
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "br"}> ({
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'cf.br' op operand #0 must be variadic of any type, but got 'token'}}
  "cf.br"(%t)[^bb1] : (token) -> ()
^bb1(%x: token):
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i1) -> (), sym_name = "cond_br"}> ({
^bb0(%c: i1):
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'cf.cond_br' op operand #1 must be variadic of any type, but got 'token'}}
  "cf.cond_br"(%c, %t)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, token) -> ()
^bb1(%x: token):
  "func.return"() : () -> ()
^bb2:
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (index) -> (), sym_name = "for"}> ({
^bb0(%n: index):
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'scf.for' op operand #3 must be variadic of any type, but got 'token'}}
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
    %t = "test.make_token"() : () -> token
    // expected-error@+1 {{'scf.yield' op operand #0 must be variadic of any type, but got 'token'}}
    "scf.yield"(%t) : (token) -> ()
  }, {
  }) : (i1) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i1) -> (), sym_name = "select"}> ({
^bb0(%c: i1):
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'arith.select' op operand #1 must be any type, but got 'token'}}
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
