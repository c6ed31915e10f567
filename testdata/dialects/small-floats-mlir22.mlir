// The builtin float types MLIR 20 added (f4E2M1FN, f6E2M3FN, f6E3M2FN,
// f8E3M4, f8E8M0FNU) at --mlir-compat=22: types, float attributes (decimal
// literals rounded and saturated by APFloat's rules, hex bit patterns, NaN
// and infinity printed in hex), dense elements and the arith verifier's
// bit widths. At 19 the names are no type. Expected lines are mlir-opt-22's
// (and mlir-opt-19's) output for this file, custom and generic.
// RUN: irkit opt --mlir-compat=22 --allow-unregistered-dialect %s | FileCheck %s
// RUN: irkit opt --mlir-compat=22 --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: irkit opt --mlir-compat=22 --allow-unregistered-dialect %s | irkit opt --mlir-compat=22 --allow-unregistered-dialect --mlir-print-op-generic - | FileCheck %s --check-prefix=GEN
// RUN: not irkit opt --mlir-compat=19 --allow-unregistered-dialect %s 2>&1 | FileCheck %s --check-prefix=V19

func.func @small_floats(%a: f4E2M1FN, %b: f6E2M3FN, %c: f6E3M2FN, %d: f8E3M4, %e: f8E8M0FNU, %v: vector<4xf4E2M1FN>) -> (i4, f32, f8E8M0FNU) {
  %0 = arith.bitcast %a : f4E2M1FN to i4
  %1 = arith.extf %b : f6E2M3FN to f32
  %2 = arith.truncf %1 : f32 to f6E3M2FN
  %3 = arith.truncf %1 : f32 to f8E8M0FNU
  %4 = arith.addf %d, %d : f8E3M4
  %5 = arith.bitcast %e : f8E8M0FNU to i8
  %6 = arith.bitcast %v : vector<4xf4E2M1FN> to vector<4xi4>
  %7 = arith.constant 6.0 : f4E2M1FN
  %8 = arith.constant -0.5 : f4E2M1FN
  %9 = arith.constant 0x7 : f4E2M1FN
  %10 = arith.constant 0x3F : f6E2M3FN
  %11 = arith.constant 28.0 : f6E3M2FN
  %12 = arith.constant 0x70 : f8E3M4
  %13 = arith.constant 0xFF : f8E8M0FNU
  %14 = arith.constant 0.0 : f8E8M0FNU
  %15 = arith.constant 1.0e10 : f8E8M0FNU
  %16 = arith.constant dense<[1.0, -2.0, 0.5, 6.0]> : vector<4xf4E2M1FN>
  %17 = arith.constant dense<3.0> : tensor<2x2xf6E2M3FN>
  %18 = arith.constant dense<[[1.0, 2.0], [4.0, 0.125]]> : tensor<2x2xf8E8M0FNU>
  %19 = arith.constant dense<"0x01020304"> : tensor<4xf6E3M2FN>
  %20 = arith.constant dense<[0x7, 0xF, 0x1, 0x0]> : vector<4xf4E2M1FN>
  %21 = arith.constant dense<[0.0, 15.5, 16.0, -0.1]> : tensor<4xf8E3M4>
  %22 = arith.cmpf olt, %d, %d : f8E3M4
  %23 = arith.extf %a : f4E2M1FN to f16
  return %0, %1, %3 : i4, f32, f8E8M0FNU
}
"test.attrs"() {a = 2.0 : f4E2M1FN, b = dense<[1.5, 3.0]> : tensor<2xf6E2M3FN>, c = complex<f8E3M4>, d = tensor<1x!t.x<f6E3M2FN>>, e = [0x1 : f8E8M0FNU, 0.25 : f6E3M2FN], f = dense<"0x0102030405060708"> : tensor<8xf4E2M1FN>, g = dense<1.0> : tensor<100xf4E2M1FN>, h = dense_resource<x> : tensor<2xf8E3M4>} : () -> ()

// CHECK: module {
// CHECK-NEXT:   func.func @small_floats(%arg0: f4E2M1FN, %arg1: f6E2M3FN, %arg2: f6E3M2FN, %arg3: f8E3M4, %arg4: f8E8M0FNU, %arg5: vector<4xf4E2M1FN>) -> (i4, f32, f8E8M0FNU) {
// CHECK-NEXT:     %0 = arith.bitcast %arg0 : f4E2M1FN to i4
// CHECK-NEXT:     %1 = arith.extf %arg1 : f6E2M3FN to f32
// CHECK-NEXT:     %2 = arith.truncf %1 : f32 to f6E3M2FN
// CHECK-NEXT:     %3 = arith.truncf %1 : f32 to f8E8M0FNU
// CHECK-NEXT:     %4 = arith.addf %arg3, %arg3 : f8E3M4
// CHECK-NEXT:     %5 = arith.bitcast %arg4 : f8E8M0FNU to i8
// CHECK-NEXT:     %6 = arith.bitcast %arg5 : vector<4xf4E2M1FN> to vector<4xi4>
// CHECK-NEXT:     %cst = arith.constant 6.000000e+00 : f4E2M1FN
// CHECK-NEXT:     %cst_0 = arith.constant -5.000000e-01 : f4E2M1FN
// CHECK-NEXT:     %cst_1 = arith.constant 6.000000e+00 : f4E2M1FN
// CHECK-NEXT:     %cst_2 = arith.constant -7.500000e+00 : f6E2M3FN
// CHECK-NEXT:     %cst_3 = arith.constant 2.800000e+01 : f6E3M2FN
// CHECK-NEXT:     %cst_4 = arith.constant 0x70 : f8E3M4
// CHECK-NEXT:     %cst_5 = arith.constant 0xFF : f8E8M0FNU
// CHECK-NEXT:     %cst_6 = arith.constant 5.877470e-39 : f8E8M0FNU
// CHECK-NEXT:     %cst_7 = arith.constant 8.589930e+09 : f8E8M0FNU
// CHECK-NEXT:     %cst_8 = arith.constant dense<[1.000000e+00, -2.000000e+00, 5.000000e-01, 6.000000e+00]> : vector<4xf4E2M1FN>
// CHECK-NEXT:     %cst_9 = arith.constant dense<3.000000e+00> : tensor<2x2xf6E2M3FN>
// CHECK-NEXT:     %cst_10 = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [4.000000e+00, 1.250000e-01]]> : tensor<2x2xf8E8M0FNU>
// CHECK-NEXT:     %cst_11 = arith.constant dense<[6.250000e-02, 1.250000e-01, 1.875000e-01, 2.500000e-01]> : tensor<4xf6E3M2FN>
// CHECK-NEXT:     %cst_12 = arith.constant dense<[6.000000e+00, -6.000000e+00, 5.000000e-01, 0.000000e+00]> : vector<4xf4E2M1FN>
// CHECK-NEXT:     %cst_13 = arith.constant dense<[0.000000e+00, 1.550000e+01, 0x70, -9.375000e-02]> : tensor<4xf8E3M4>
// CHECK-NEXT:     %7 = arith.cmpf olt, %arg3, %arg3 : f8E3M4
// CHECK-NEXT:     %8 = arith.extf %arg0 : f4E2M1FN to f16
// CHECK-NEXT:     return %0, %1, %3 : i4, f32, f8E8M0FNU
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.attrs"() {a = 2.000000e+00 : f4E2M1FN, b = dense<[1.500000e+00, 3.000000e+00]> : tensor<2xf6E2M3FN>, c = complex<f8E3M4>, d = tensor<1x!t.x<f6E3M2FN>>, e = [1.175490e-38 : f8E8M0FNU, 2.500000e-01 : f6E3M2FN], f = dense<[5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 6.000000e+00, -0.000000e+00]> : tensor<8xf4E2M1FN>, g = dense<1.000000e+00> : tensor<100xf4E2M1FN>, h = dense_resource<x> : tensor<2xf8E3M4>} : () -> ()
// CHECK-NEXT: }

// GEN: "builtin.module"() ({
// GEN-NEXT:   "func.func"() <{function_type = (f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E3M4, f8E8M0FNU, vector<4xf4E2M1FN>) -> (i4, f32, f8E8M0FNU), sym_name = "small_floats"}> ({
// GEN-NEXT:   ^bb0(%arg0: f4E2M1FN, %arg1: f6E2M3FN, %arg2: f6E3M2FN, %arg3: f8E3M4, %arg4: f8E8M0FNU, %arg5: vector<4xf4E2M1FN>):
// GEN-NEXT:     %0 = "arith.bitcast"(%arg0) : (f4E2M1FN) -> i4
// GEN-NEXT:     %1 = "arith.extf"(%arg1) : (f6E2M3FN) -> f32
// GEN-NEXT:     %2 = "arith.truncf"(%1) : (f32) -> f6E3M2FN
// GEN-NEXT:     %3 = "arith.truncf"(%1) : (f32) -> f8E8M0FNU
// GEN-NEXT:     %4 = "arith.addf"(%arg3, %arg3) <{fastmath = #arith.fastmath<none>}> : (f8E3M4, f8E3M4) -> f8E3M4
// GEN-NEXT:     %5 = "arith.bitcast"(%arg4) : (f8E8M0FNU) -> i8
// GEN-NEXT:     %6 = "arith.bitcast"(%arg5) : (vector<4xf4E2M1FN>) -> vector<4xi4>
// GEN-NEXT:     %7 = "arith.constant"() <{value = 6.000000e+00 : f4E2M1FN}> : () -> f4E2M1FN
// GEN-NEXT:     %8 = "arith.constant"() <{value = -5.000000e-01 : f4E2M1FN}> : () -> f4E2M1FN
// GEN-NEXT:     %9 = "arith.constant"() <{value = 6.000000e+00 : f4E2M1FN}> : () -> f4E2M1FN
// GEN-NEXT:     %10 = "arith.constant"() <{value = -7.500000e+00 : f6E2M3FN}> : () -> f6E2M3FN
// GEN-NEXT:     %11 = "arith.constant"() <{value = 2.800000e+01 : f6E3M2FN}> : () -> f6E3M2FN
// GEN-NEXT:     %12 = "arith.constant"() <{value = 0x70 : f8E3M4}> : () -> f8E3M4
// GEN-NEXT:     %13 = "arith.constant"() <{value = 0xFF : f8E8M0FNU}> : () -> f8E8M0FNU
// GEN-NEXT:     %14 = "arith.constant"() <{value = 5.877470e-39 : f8E8M0FNU}> : () -> f8E8M0FNU
// GEN-NEXT:     %15 = "arith.constant"() <{value = 8.589930e+09 : f8E8M0FNU}> : () -> f8E8M0FNU
// GEN-NEXT:     %16 = "arith.constant"() <{value = dense<[1.000000e+00, -2.000000e+00, 5.000000e-01, 6.000000e+00]> : vector<4xf4E2M1FN>}> : () -> vector<4xf4E2M1FN>
// GEN-NEXT:     %17 = "arith.constant"() <{value = dense<3.000000e+00> : tensor<2x2xf6E2M3FN>}> : () -> tensor<2x2xf6E2M3FN>
// GEN-NEXT:     %18 = "arith.constant"() <{value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [4.000000e+00, 1.250000e-01]]> : tensor<2x2xf8E8M0FNU>}> : () -> tensor<2x2xf8E8M0FNU>
// GEN-NEXT:     %19 = "arith.constant"() <{value = dense<[6.250000e-02, 1.250000e-01, 1.875000e-01, 2.500000e-01]> : tensor<4xf6E3M2FN>}> : () -> tensor<4xf6E3M2FN>
// GEN-NEXT:     %20 = "arith.constant"() <{value = dense<[6.000000e+00, -6.000000e+00, 5.000000e-01, 0.000000e+00]> : vector<4xf4E2M1FN>}> : () -> vector<4xf4E2M1FN>
// GEN-NEXT:     %21 = "arith.constant"() <{value = dense<[0.000000e+00, 1.550000e+01, 0x70, -9.375000e-02]> : tensor<4xf8E3M4>}> : () -> tensor<4xf8E3M4>
// GEN-NEXT:     %22 = "arith.cmpf"(%arg3, %arg3) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f8E3M4, f8E3M4) -> i1
// GEN-NEXT:     %23 = "arith.extf"(%arg0) : (f4E2M1FN) -> f16
// GEN-NEXT:     "func.return"(%0, %1, %3) : (i4, f32, f8E8M0FNU) -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT:   "test.attrs"() {a = 2.000000e+00 : f4E2M1FN, b = dense<[1.500000e+00, 3.000000e+00]> : tensor<2xf6E2M3FN>, c = complex<f8E3M4>, d = tensor<1x!t.x<f6E3M2FN>>, e = [1.175490e-38 : f8E8M0FNU, 2.500000e-01 : f6E3M2FN], f = dense<[5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 6.000000e+00, -0.000000e+00]> : tensor<8xf4E2M1FN>, g = dense<1.000000e+00> : tensor<100xf4E2M1FN>, h = dense_resource<x> : tensor<2xf8E3M4>} : () -> ()
// GEN-NEXT: }) : () -> ()

// V19: small-floats-mlir22.mlir:12:28: error: expected non-function type
