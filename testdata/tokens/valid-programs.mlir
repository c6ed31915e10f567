// RUN: irkit verify --verify-diagnostics %s
// Valid token programs: a producer op and consumer ops in several blocks
// and nested regions; unregistered ops may make and use tokens freely.

"builtin.module"() ({
  "func.func"() <{function_type = (i1, index) -> (), sym_name = "producer_consumers"}> ({
  ^bb0(%c: i1, %n: index):
    %t = "test.make_token"() : () -> token
    "test.use_token"(%t) : (token) -> ()
    "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:
    "test.use_token"(%t) : (token) -> ()
    "scf.if"(%c) ({
      "test.use_token"(%t) : (token) -> ()
      "test.region_token"() ({
      ^bb0(%r: token):
        "test.use_token"(%r, %t) : (token, token) -> ()
        "test.terminator"() : () -> ()
      }) : () -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "cf.br"()[^bb3] : () -> ()
  ^bb2:
    %u = "test.make_token"() : () -> token
    "test.use_token"(%t, %u) : (token, token) -> ()
    "cf.br"()[^bb3] : () -> ()
  ^bb3:
    "test.use_token"(%t) : (token) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "unregistered"}> ({
    %t = "x.make"() : () -> token
    %v:2 = "x.consume_and_make"(%t) : (token) -> (i32, token)
    "x.region"(%t) ({
    ^bb0(%arg: token):
      "x.use"(%arg, %v#1) : (token, token) -> ()
      "x.end"() : () -> ()
    }) : (token) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
