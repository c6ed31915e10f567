func.func @g(%a: i32) -> i32 {
  return %a : i32
}
func.func @f(%a: i32, %f: (i32) -> i32) -> (i32, i64) {
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to i64
  %2:2 = builtin.unrealized_conversion_cast %0, %1 : i32, i64 to f32, f64
  %3 = builtin.unrealized_conversion_cast to i8
  %c = func.constant @g : (i32) -> i32
  return %0, %1 : i32, i64
}
func.func private @d(i32 {test.a}, f32) -> (i32 {a.b}) attributes {x}
module @inner attributes {test.a = 1} {
}
