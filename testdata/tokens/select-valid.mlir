// RUN: irkit verify --verify-diagnostics %s
// Token contract, SelectLikeOpInterface: selecting non-token values is fine
// next to tokens; to choose between two producers, use both tokens.

"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32, i32) -> i32, sym_name = "f"}> ({
  ^bb0(%c: i1, %a: i32, %b: i32):
    %t = "test.make_token"() : () -> token
    %u = "test.make_token"() : () -> token
    %s = "arith.select"(%c, %a, %b) : (i1, i32, i32) -> i32
    %v = "test.select"(%c, %a, %b) : (i1, i32, i32) -> i32
    "test.use_token"(%t, %u) : (token, token) -> ()
    "func.return"(%s) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
