// RUN: irkit verify --verify-diagnostics %s
// Token contract, CallOpInterface: calls of non-token values next to
// tokens that are made and used locally verify.

"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "g"}> ({
  ^bb0(%a: i32):
    "func.return"(%a) : (i32) -> ()
  }) : () -> ()
  "test.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%a: i32):
    %t = "test.make_token"() : () -> token
    %r = "test.call"(%a) <{callee = @g}> : (i32) -> i32
    "test.use_token"(%t) : (token) -> ()
    %s = "func.call"(%r) <{callee = @g}> : (i32) -> i32
    "test.use_token"(%t, %t) : (token, token) -> ()
    "test.return"(%s) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
