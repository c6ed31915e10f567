// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Ops opt in to tokens (MLIR's rule since the builtin `token` landed,
// llvm/llvm-project#195640): a registered op with a token result or region
// entry argument needs `ProducesToken`, one with a token operand needs
// `ConsumesToken`, whatever its constraints admit. `test.no_token_traits`
// admits tokens everywhere and declares neither trait.

"test.func"() <{function_type = () -> (), sym_name = "producer_without_trait"}> ({
  // expected-error@+1 {{'test.no_token_traits' op result #1 is a token, but the op does not declare the ProducesToken trait}}
  %a, %t = "test.no_token_traits"() : () -> (i32, token)
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() <{function_type = (i32) -> (), sym_name = "consumer_without_trait"}> ({
^bb0(%x: i32):
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // Variadic operands: the first token among them is named.
  // expected-error@+1 {{'test.no_token_traits' op operand #2 is a token, but the op does not declare the ConsumesToken trait}}
  "test.no_token_traits"(%x, %x, %t, %t) : (i32, i32, token, token) -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

"test.func"() <{function_type = () -> (), sym_name = "region_entry_argument"}> ({
  "test.no_token_traits"() ({
  }, {
  // expected-error@+1 {{'test.no_token_traits' op region #1 argument #0 is a token, but the op does not declare the ProducesToken trait}}
  ^bb0(%t: token):
    "test.terminator"() : () -> ()
  }) : () -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

// Both traits present: making, taking and giving a region a token is legal.
"test.func"() <{function_type = () -> (), sym_name = "both_present"}> ({
  %t = "test.make_token"() : () -> token
  "test.use_token"(%t, %t) : (token, token) -> ()
  "test.region_token"() ({
  ^bb0(%r: token):
    "test.use_token"(%r, %t) : (token, token) -> ()
    "test.terminator"(%r) : (token) -> ()
  }) : () -> ()
  "test.return"() : () -> ()
}) : () -> ()

// -----

// Ops of unknown dialects have no traits to read: not checked, as upstream
// (the structural forwarding rules still apply to them).
"test.func"() <{function_type = () -> (), sym_name = "unregistered"}> ({
  %t = "x.make"() : () -> token
  "x.take"(%t) : (token) -> ()
  "x.region"() ({
  ^bb0(%r: token):
    "x.end"(%r) : (token) -> ()
  }) : () -> ()
  "test.return"() : () -> ()
}) : () -> ()
