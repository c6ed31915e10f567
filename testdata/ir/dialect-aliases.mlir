// RUN: irkit opt --mlir-print-op-generic %s | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic.

// Registered dialect attributes that the printer aliases (#sparse).
#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8x8xf32, #sparse>) -> tensor<8x8xf32, #sparse>, sym_name = "s"}> ({
  ^bb0(%arg0: tensor<8x8xf32, #sparse>):
    "func.return"(%arg0) : (tensor<8x8xf32, #sparse>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "o"}> ({
    "omp.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0>}> ({
      "omp.terminator"() : () -> ()
    }) : () -> ()
    %0 = "spirv.Constant"() <{value = 1 : i32}> : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// CHECK:#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = (tensor<8x8xf32, #sparse>) -> tensor<8x8xf32, #sparse>, sym_name = "s"}> ({
// CHECK-NEXT:  ^bb0(%arg0: tensor<8x8xf32, #sparse>):
// CHECK-NEXT:    "func.return"(%arg0) : (tensor<8x8xf32, #sparse>) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "func.func"() <{function_type = () -> (), sym_name = "o"}> ({
// CHECK-NEXT:    "omp.parallel"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0>}> ({
// CHECK-NEXT:      "omp.terminator"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    %0 = "spirv.Constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:    "func.return"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) : () -> ()
