// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Token contract, CallOpInterface: a call must not take or return a token.
// `test.call` admits tokens in its signature (AnyTypeOrToken), as a user's
// call op might, so the token rule itself is what rejects them.

"test.func"() <{function_type = () -> (), sym_name = "token_operand"}> ({
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'test.call' op operand #0 is a token; a call cannot forward a token (CallOpInterface)}}
  "test.call"(%t) <{callee = @g}> : (token) -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() <{function_type = (i32) -> (), sym_name = "token_operand_after_others"}> ({
^bb0(%a: i32):
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'test.call' op operand #1 is a token; a call cannot forward a token (CallOpInterface)}}
  %r = "test.call"(%a, %t, %a) <{callee = @g}> : (i32, token, i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() <{function_type = () -> (), sym_name = "token_result"}> ({
  // expected-error@+1 {{'test.call' op result #0 is a token; a call cannot forward a token (CallOpInterface)}}
  %r = "test.call"() <{callee = @g}> : () -> token
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() <{function_type = () -> (), sym_name = "second_token_result"}> ({
  // expected-error@+1 {{'test.call' op result #1 is a token; a call cannot forward a token (CallOpInterface)}}
  %r:2 = "test.call"() <{callee = @g}> : () -> (i32, token)
  "test.return"() : () -> ()
}) : () -> ()
