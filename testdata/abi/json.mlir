// irkit abi --format=json: one object per line per function, then one per
// call of a variadic function with variadic arguments; field names are
// documented in docs/abi-input.md. The `llvm` lines are clang-19's (as in
// variadic.mlir and cir-declare-x86_64.mlir).
// RUN: irkit abi --format=json --triple=x86_64-unknown-linux-gnu %s | FileCheck %s
//
// C: struct S { double d; int i; };
// C: signed char vf(int, ...);
// C: struct S pair(struct S s, _Bool b);
// C: void caller(int i, struct S s) { vf(i, s); }

!S = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
!s32i = !cir.int<s, 32>
"cir.func"() <{function_type = !cir.func<(!s32i, ...) -> !cir.int<s, 8>>, sym_name = "vf"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!S, !cir.bool) -> !S>, sym_name = "pair"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!s32i, !S)>, sym_name = "caller"}> ({
^bb0(%c: !s32i, %s: !S):
  %r = "cir.call"(%c, %s) <{callee = @vf}> : (!s32i, !S) -> !cir.int<s, 8>
  "cir.return"() : () -> ()
}) : () -> ()

// CHECK: {"args":[{"alignstack":null,"flatten":true,"inreg":false,"ir":["i32"],"offset":0,"padding":null,"pass":"direct","type":"i32","variadic":false}],"kind":"function","llvm":"declare signext i8 @vf(i32, ...)","llvm_cc":"ccc","name":"vf","registers":{"int":1,"vector":0},"return":{"inreg":false,"ir":["i8"],"padding":null,"pass":"extend","signed":true,"type":"i8","variadic":false},"sret":false,"triple":"x86_64-unknown-linux-gnu","variadic":1}
// CHECK-NEXT: {"args":[{"alignstack":null,"flatten":true,"inreg":false,"ir":["double","i32"],"offset":0,"padding":null,"pass":"direct","type":"{ double, i32 }","variadic":false},{"inreg":false,"ir":["i1"],"padding":null,"pass":"extend","signed":false,"type":"i8","variadic":false}],"kind":"function","llvm":"declare { double, i32 } @pair(double, i32, i1 zeroext)","llvm_cc":"ccc","name":"pair","registers":{"int":2,"vector":1},"return":{"alignstack":null,"flatten":false,"inreg":false,"ir":["{ double, i32 }"],"offset":0,"padding":null,"pass":"direct","type":"{ double, i32 }","variadic":false},"sret":false,"triple":"x86_64-unknown-linux-gnu","variadic":null}
// CHECK-NEXT: {"args"
// CHECK-SAME: "name":"caller"
// CHECK-NEXT: {"args":[{{.*}}"pass":"direct","type":"i32","variadic":false},{"alignstack":null,"flatten":true,"inreg":false,"ir":["double","i32"],"offset":0,"padding":null,"pass":"direct","type":"{ double, i32 }","variadic":true}],"kind":"call","llvm":"call signext i8 (i32, ...) @vf(i32, double, i32)"
