// RUN: irkit verify --dialect %S/Inputs/token-traits.td --verify-diagnostics --split-input-file %s
// A dialect loaded with --dialect follows the opt-in rule of the token
// contract like the built-in ones (Inputs/token-traits.td).

// Both traits present.
"func.func"() <{function_type = () -> (), sym_name = "valid"}> ({
  %t = "tok.acquire"() : () -> token
  "tok.release"(%t, %t) : (token, token) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "producer"}> ({
  // expected-error@+1 {{'tok.forget' op result #0 is a token, but the op does not declare the ProducesToken trait}}
  %t = "tok.forget"() : () -> token
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "consumer"}> ({
  // expected-note@+1 {{the token is produced here}}
  %t = "tok.acquire"() : () -> token
  %c = "arith.constant"() <{value = 0 : i32}> : () -> i32
  // expected-error@+1 {{'tok.forget' op operand #1 is a token, but the op does not declare the ConsumesToken trait}}
  "tok.forget"(%c, %t) : (i32, token) -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "region"}> ({
  "tok.scope"() ({
  // expected-error@+1 {{'tok.scope' op region #0 argument #0 is a token, but the op does not declare the ProducesToken trait}}
  ^bb0(%t: token):
    "tok.end"(%t) : (token) -> ()
  }) : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
