func.func @f(%a: i32, %b: f32) -> i32 {
  %0 = arith.addi %a, %a overflow<nuw,nsw> : i32
  %1 = arith.addf %b, %b fastmath<ninf,nnan> : f32
  %2 = arith.addf %b, %b fastmath<fast> : f32
  %3 = arith.addf %b, %b fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %c = arith.constant -5 : i8
  %d = arith.constant 0.0 : f16
  %e = arith.constant 7 : index
  return %0 : i32
}
