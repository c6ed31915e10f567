func.func @f(%a: index, %b: index, %i: i32) -> index {
  %0 = index.add %a, %b
  %1 = index.constant 42
  %2 = index.constant -1
  %t = index.bool.constant true
  %f = index.bool.constant false
  %c = index.cmp slt(%a, %b)
  %c2 = index.cmp uge(%a, %b)
  %s = index.casts %i : i32 to index
  %u = index.castu %a : index to i64
  %z = index.sizeof
  %x = index.xor %0, %1
  return %x : index
}
