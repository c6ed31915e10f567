// RUN: irkit verify --verify-diagnostics %s
// Token contract, FunctionOpInterface: token block arguments inside a
// function body (here: a region's entry argument that stands for the
// region) are fine; only the function's own signature may not name tokens.

!s32i = !cir.int<s, 32>
"builtin.module"() ({
  "test.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%a: i32):
    "test.region_token"() ({
    ^bb0(%region: token):
      "test.use_token"(%region) : (token) -> ()
      "test.terminator"(%region) : (token) -> ()
    }) : () -> ()
    "test.return"(%a) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (), sym_name = "g"}> ({
  ^bb0(%a: i32):
    %t = "test.make_token"() : () -> token
    "test.use_token"(%t) : (token) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "cir.func"() <{function_type = !cir.func<(!s32i, !cir.ptr<!s32i>)>, sym_name = "h"}> ({
  }) : () -> ()
}) : () -> ()
