// RUN: irkit verify --verify-diagnostics %s
// Token contract, BranchOpInterface: a token defined in a dominating block
// is used directly in successor blocks; branches forward only other values.
// An op with successors may still take a token operand that it does not
// forward (the successors take no arguments for it).

"builtin.module"() ({
  "func.func"() <{function_type = (i1, i32) -> (), sym_name = "f"}> ({
  ^bb0(%c: i1, %a: i32):
    %t = "test.make_token"() : () -> token
    "cf.cond_br"(%c, %a)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
  ^bb1(%x: i32):
    "test.use_token"(%t) : (token) -> ()
    "cf.br"(%x)[^bb3] : (i32) -> ()
  ^bb2:
    "test.use_token"(%t) : (token) -> ()
    "test.br"(%a)[^bb3] : (i32) -> ()
  ^bb3(%y: i32):
    "x.branch_on_token"(%t)[^bb4] : (token) -> ()
  ^bb4:
    "test.use_token"(%t, %t) : (token, token) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
