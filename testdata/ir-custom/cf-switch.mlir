func.func @f(%flag: i32, %a: i32, %b: i64) {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    42: ^bb2(%a, %b : i32, i64),
    -1: ^bb3
  ]
^bb1(%x: i32):
  return
^bb2(%y: i32, %z: i64):
  return
^bb3:
  cf.switch %flag : i32, [
    default: ^bb3
  ]
}
