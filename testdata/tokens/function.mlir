// RUN: irkit verify --verify-diagnostics --split-input-file %s
// Token contract, FunctionOpInterface: a function type must not name a
// token, as an argument or as a result.

// expected-error@+1 {{'test.func' op function type has a token argument #0; a function cannot take a token (FunctionOpInterface)}}
"test.func"() <{function_type = (token) -> (), sym_name = "token_argument"}> ({
^bb0(%t: token):
  "test.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'test.func' op function type has a token result #0; a function cannot return a token (FunctionOpInterface)}}
"test.func"() <{function_type = () -> token, sym_name = "token_result"}> ({
  // expected-note@+1 {{the token is produced here}}
  %t = "test.make_token"() : () -> token
  // expected-error@+1 {{'test.return' op operand #0 is a token; a function cannot return a token (FunctionOpInterface)}}
  "test.return"(%t) : (token) -> ()
}) : () -> ()

// -----

// A declaration (no body) is checked too.
// expected-error@+1 {{'test.func' op function type has a token argument #1; a function cannot take a token (FunctionOpInterface)}}
"test.func"() <{function_type = (i32, token, f32) -> (), sym_name = "declaration"}> ({
}) : () -> ()

// -----

// func.func: the builtin function type.
// expected-error@+1 {{'func.func' op function type has a token argument #0; a function cannot take a token (FunctionOpInterface)}}
"func.func"() <{function_type = (token) -> (), sym_name = "func_token_argument"}> ({
^bb0(%t: token):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// cir.func: a dialect function type.
!s32i = !cir.int<s, 32>
// expected-error@+1 {{'cir.func' op function type has a token argument #1; a function cannot take a token (FunctionOpInterface)}}
"cir.func"() <{function_type = !cir.func<(!s32i, token)>, sym_name = "cir_token_argument"}> ({
}) : () -> ()

// -----

!s32i = !cir.int<s, 32>
// expected-error@+1 {{'cir.func' op function type has a token result #0; a function cannot return a token (FunctionOpInterface)}}
"cir.func"() <{function_type = !cir.func<(!s32i, !cir.ptr<!s32i>) -> token>, sym_name = "cir_token_result"}> ({
}) : () -> ()

// -----

!tok = token
// A token spelled through a type alias is still a token.
// expected-error@+1 {{'cir.func' op function type has a token argument #0; a function cannot take a token (FunctionOpInterface)}}
"cir.func"() <{function_type = !cir.func<(!tok)>, sym_name = "cir_alias"}> ({
}) : () -> ()

// -----

// Only direct tokens count: a pointer to a function taking a token is not
// one (its own type is for that function's definition to reject).
// expected-error@+1 {{'cir.func' op function type has a token argument #1; a function cannot take a token (FunctionOpInterface)}}
"cir.func"() <{function_type = !cir.func<(!cir.ptr<!cir.func<(token) -> !cir.int<s, 32>>>, token)>, sym_name = "cir_nested"}> ({
}) : () -> ()
