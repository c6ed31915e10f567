func.func @f(%a: i32, %b: i64) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
%p, %q = "test.src"() : () -> (i32, f32)
func.func @g(%a: i32, %b: i64) -> i32 {
  %0 = arith.addi %a, %a : i32
  "test.r"() ({
    %z = arith.addi %0, %0 : i32
    "test.y"(%z) : (i32) -> ()
  }) : () -> ()
  %1 = arith.addi %0, %a : i32
  return %0 : i32
}
