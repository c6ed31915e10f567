// RUN: irkit verify --verify-diagnostics %s
// Token contract, RegionBranchOpInterface: tokens may be used inside the
// regions (defined outside or inside), and a non-forwarded operand may be
// a token; only non-token values are forwarded.

"builtin.module"() ({
  "func.func"() <{function_type = (i1, index) -> (), sym_name = "f"}> ({
  ^bb0(%c: i1, %n: index):
    %t = "test.make_token"() : () -> token
    %zero = "arith.constant"() <{value = 0 : index}> : () -> index
    %sum = "scf.for"(%zero, %n, %n, %zero) ({
    ^bb0(%i: index, %acc: index):
      "test.use_token"(%t) : (token) -> ()
      %inner = "test.make_token"() : () -> token
      "test.use_token"(%inner, %t) : (token, token) -> ()
      "scf.yield"(%acc) : (index) -> ()
    }) : (index, index, index, index) -> index
    %r = "scf.if"(%c) ({
      "test.use_token"(%t) : (token) -> ()
      "scf.yield"(%sum) : (index) -> ()
    }, {
      "scf.yield"(%zero) : (index) -> ()
    }) : (i1) -> index
    %s = "test.region_branch"(%t, %r) ({
    ^bb0(%x: index):
      "test.use_token"(%t) : (token) -> ()
      "test.yield"(%x) : (index) -> ()
    }) : (token, index) -> index
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
