"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %t = "arith.constant"() <{value = true}> : () -> i1
    %c = "arith.constant"() <{value = 3 : index}> : () -> index
    %f = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
    %2 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %3 = "arith.addi"(%2, %1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %4 = "arith.cmpi"(%3, %2) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %5 = "arith.andi"(%3, %2) : (i32, i32) -> i32
    %6 = "func.call"(%5, %5) <{callee = @f}> : (i32, i32) -> i32
    "cf.cond_br"(%4, %6, %5)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
  ^bb1(%a: i32):
    "cf.br"(%a)[^bb2] : (i32) -> ()
  ^bb2(%b: i32):
    "func.return"(%b) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (), sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()
