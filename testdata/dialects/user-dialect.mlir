// RUN: irkit verify --dialect %S/Inputs/user-dialect.td --verify-diagnostics --split-input-file %s
// The ops of user-dialect.td are enforced: their counts, constraints and
// attributes, and the token contract through their interfaces.

"func.func"() <{function_type = () -> (), sym_name = "valid"}> ({
  %h, %t = "my.open"() <{path = "/tmp/x"}> : () -> (!my.handle, token)
  "my.close"(%h, %t) : (!my.handle, token) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "missing_path"}> ({
  // expected-error@+1 {{'my.open' op requires attribute 'path'}}
  %h, %t = "my.open"() : () -> (!my.handle, token)
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "wrong_type"}> ({
^bb0(%a: i32):
  %h, %t = "my.open"() <{path = "/tmp/x"}> : () -> (!my.handle, token)
  // expected-error@+1 {{'my.close' op operand #0 must be my handle type, but got 'i32'}}
  "my.close"(%a, %t) : (i32, token) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "invoke"}> ({
  // expected-note@+1 {{the token is produced here}}
  %h, %t = "my.open"() <{path = "/tmp/x"}> : () -> (!my.handle, token)
  // expected-error@+1 {{'my.invoke' op operand #1 is a token; a call cannot forward a token (CallOpInterface)}}
  "my.invoke"(%h, %t) <{callee = @f}> : (!my.handle, token) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i1) -> (), sym_name = "pick"}> ({
^bb0(%c: i1):
  %h, %t = "my.open"() <{path = "/tmp/x"}> : () -> (!my.handle, token)
  %h2, %u = "my.open"() <{path = "/tmp/y"}> : () -> (!my.handle, token)
  // expected-error@+1 {{'my.pick' op result #0 is a token; a select-like op cannot produce a token (SelectLikeOpInterface)}}
  %p = "my.pick"(%c, %t, %u) : (i1, token, token) -> token
  "func.return"() : () -> ()
}) : () -> ()
