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
