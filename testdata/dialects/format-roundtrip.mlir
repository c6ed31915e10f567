// RUN: irkit opt --dialect %S/Inputs/format-dialect.td %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: irkit opt --dialect %S/Inputs/format-dialect.td --mlir-print-op-generic %s | irkit opt --dialect %S/Inputs/format-dialect.td | FileCheck %s --match-full-lines --strict-whitespace
// RUN: not irkit opt --dialect %S/Inputs/bad-format.td %s 2>&1 | FileCheck %s --check-prefix=BAD
// A user dialect's `assemblyFormat`s: its ops are read and printed in their
// custom syntax, mixed with generic ones, and the custom form survives a
// trip through the generic form. The spacing, SSA numbering and default
// dialect rules are mlir-opt-19's (checked on builtin/func/arith/cf with
// `cargo xtask ir-compat --custom`).

func.func @f(%a: i32, %b: i64) -> i32 {
  %0 = fmt.add %a, %a : i32
  %1 = fmt.add %0, %a exact {note = "x"} : i32
  %2 = "fmt.add"(%1, %1) <{exact}> : (i32, i32) -> i32
  return %2 : i32
}
fmt.scope @s fast {
^bb0(%x: i8):
  %0 = add %x, %x : i8
}
%p, %q = "test.src"() : () -> (i32, f32)
fmt.scope @t slow(%p, %q : i32, f32) attributes {k = 1 : i32} {
}

// CHECK:module {
// CHECK-NEXT:  func.func @f(%arg0: i32, %arg1: i64) -> i32 {
// CHECK-NEXT:    %1 = fmt.add %arg0, %arg0 : i32
// CHECK-NEXT:    %2 = fmt.add %1, %arg0 exact {note = "x"} : i32
// CHECK-NEXT:    %3 = fmt.add %2, %2 exact : i32
// CHECK-NEXT:    return %3 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  fmt.scope @s fast {
// CHECK-NEXT:  ^bb0(%arg0: i8):
// CHECK-NEXT:    %1 = add %arg0, %arg0 : i8
// CHECK-NEXT:  }
// CHECK-NEXT:  %0:2 = "test.src"() : () -> (i32, f32)
// CHECK-NEXT:  fmt.scope @t slow(%0#0, %0#1 : i32, f32) attributes {k = 1 : i32} {
// CHECK-NEXT:  }
// CHECK-NEXT:}


// A malformed format is reported at its column in the `.td`:
// BAD: bad-format.td:9:32: error: record 'Bad_Op': expected variable to refer to an argument, region, result, or successor (no '$y' in 'bad.op')
// BAD-NEXT:   let assemblyFormat = "$x `,` $y attr-dict";
// BAD-NEXT:                                ^
