// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Token contract, SelectLikeOpInterface: an op that selects or merges
// values it does not understand must not produce a token.

"test.func"() <{function_type = (i1) -> (), sym_name = "select"}> ({
^bb0(%c: i1):
  %t = "test.make_token"() : () -> token
  %u = "test.make_token"() : () -> token
  // expected-error@+1 {{'test.select' op result #0 is a token; a select-like op cannot produce a token (SelectLikeOpInterface)}}
  %s = "test.select"(%c, %t, %u) : (i1, token, token) -> token
  "test.return"() : () -> ()
}) : () -> ()
