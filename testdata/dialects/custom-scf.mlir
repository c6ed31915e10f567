// RUN: irkit opt %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: irkit opt --mlir-print-op-generic %s | irkit opt | FileCheck %s --match-full-lines --strict-whitespace
// scf.for / scf.if in their custom syntax, read and printed as mlir-opt-19
// prints them by default (expected output from mlir-opt-19); the second run
// goes through the generic form.

func.func @s(%n: index, %c: i1, %a: i32, %lb: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.addi %i, %i : index
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) {
    %y = arith.addi %acc, %acc : i32
    scf.yield %y : i32
  }
  %r2:2 = scf.for %j = %lb to %lb step %lb iter_args(%p = %a, %q = %a) -> (i32, i32) : i32 {
    scf.yield %q, %p : i32, i32
  }
  scf.if %c {
    %z = arith.addi %a, %a : i32
  }
  %v = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    %w = arith.muli %a, %a : i32
    scf.yield %w : i32
  }
  scf.if %c {
  } else {
    "test.x"() : () -> ()
  } {attr = 1}
  return %v : i32
}

// CHECK:module {
// CHECK-NEXT:  func.func @s(%arg0: index, %arg1: i1, %arg2: i32, %arg3: i32) -> i32 {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %arg4 = %c0 to %arg0 step %c1 {
// CHECK-NEXT:      %3 = arith.addi %arg4, %arg4 : index
// CHECK-NEXT:    }
// CHECK-NEXT:    %0 = scf.for %arg4 = %c0 to %arg0 step %c1 iter_args(%arg5 = %arg2) -> (i32) {
// CHECK-NEXT:      %3 = arith.addi %arg5, %arg5 : i32
// CHECK-NEXT:      scf.yield %3 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %1:2 = scf.for %arg4 = %arg3 to %arg3 step %arg3 iter_args(%arg5 = %arg2, %arg6 = %arg2) -> (i32, i32)  : i32 {
// CHECK-NEXT:      scf.yield %arg6, %arg5 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg1 {
// CHECK-NEXT:      %3 = arith.addi %arg2, %arg2 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = scf.if %arg1 -> (i32) {
// CHECK-NEXT:      scf.yield %arg2 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %3 = arith.muli %arg2, %arg2 : i32
// CHECK-NEXT:      scf.yield %3 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg1 {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      "test.x"() : () -> ()
// CHECK-NEXT:    } {attr = 1 : i64}
// CHECK-NEXT:    return %2 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
