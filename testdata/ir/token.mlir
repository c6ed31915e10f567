// RUN: irkit opt --mlir-print-op-generic %s | FileCheck %s --match-full-lines --strict-whitespace
// Expected output: mlir-opt-19 has no token type yet; checked against its output for the same file with `none` in place of `token`.

// The builtin `token` type parses and prints like any other type.
"test.producer"() ({
^bb0(%t: token):
  %0 = "test.make_token"() : () -> token
  "test.consume"(%0, %t) : (token, token) -> ()
}) {ty = token, fn = (token) -> token, tup = tuple<token, i32>} : () -> ()

// CHECK:"builtin.module"() ({
// CHECK-NEXT:  "test.producer"() ({
// CHECK-NEXT:  ^bb0(%arg0: token):
// CHECK-NEXT:    %0 = "test.make_token"() : () -> token
// CHECK-NEXT:    "test.consume"(%0, %arg0) : (token, token) -> ()
// CHECK-NEXT:  }) {fn = (token) -> token, tup = tuple<token, i32>, ty = token} : () -> ()
// CHECK-NEXT:}) : () -> ()
