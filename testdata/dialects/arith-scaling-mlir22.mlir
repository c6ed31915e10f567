// MLIR 22's arith.scaling_extf / arith.scaling_truncf (OCP MXFP casts) at
// --mlir-compat=22: custom syntax with the optional rounding mode and
// fastmath, generic form with properties. Expected lines are mlir-opt-22's
// output for this file, custom and generic; at 19 the ops are unknown.
// RUN: irkit opt --mlir-compat=22 %s | FileCheck %s
// RUN: irkit opt --mlir-compat=22 --mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// RUN: irkit opt --mlir-compat=22 %s | irkit opt --mlir-compat=22 --mlir-print-op-generic - | FileCheck %s --check-prefix=GEN
// RUN: not irkit opt --mlir-compat=19 %s 2>&1 | FileCheck %s --check-prefix=V19

func.func @scaling(%a: f32, %s: f8E8M0FNU, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>, %t: tensor<?xf32>, %ts: tensor<?xf32>) -> vector<4xf16> {
  %0 = arith.scaling_truncf %a, %s : f32, f8E8M0FNU to f4E2M1FN
  %1 = arith.scaling_truncf %v, %vs to_nearest_even fastmath<fast> : vector<4xf16>, vector<4xf8E8M0FNU> to vector<4xf6E3M2FN>
  %2 = arith.scaling_extf %0, %s : f4E2M1FN, f8E8M0FNU to f32
  %3 = arith.scaling_extf %1, %vs fastmath<nnan> : vector<4xf6E3M2FN>, vector<4xf8E8M0FNU> to vector<4xf16>
  %4 = arith.scaling_truncf %t, %ts {foo} : tensor<?xf32>, tensor<?xf32> to tensor<?xf16>
  %5 = "arith.scaling_truncf"(%a, %a) <{roundingmode = 1 : i32}> : (f32, f32) -> f16
  return %3 : vector<4xf16>
}

// CHECK: module {
// CHECK-NEXT:   func.func @scaling(%arg0: f32, %arg1: f8E8M0FNU, %arg2: vector<4xf16>, %arg3: vector<4xf8E8M0FNU>, %arg4: tensor<?xf32>, %arg5: tensor<?xf32>) -> vector<4xf16> {
// CHECK-NEXT:     %0 = arith.scaling_truncf %arg0, %arg1 : f32, f8E8M0FNU to f4E2M1FN
// CHECK-NEXT:     %1 = arith.scaling_truncf %arg2, %arg3 to_nearest_even fastmath<fast> : vector<4xf16>, vector<4xf8E8M0FNU> to vector<4xf6E3M2FN>
// CHECK-NEXT:     %2 = arith.scaling_extf %0, %arg1 : f4E2M1FN, f8E8M0FNU to f32
// CHECK-NEXT:     %3 = arith.scaling_extf %1, %arg3 fastmath<nnan> : vector<4xf6E3M2FN>, vector<4xf8E8M0FNU> to vector<4xf16>
// CHECK-NEXT:     %4 = arith.scaling_truncf %arg4, %arg5 {foo} : tensor<?xf32>, tensor<?xf32> to tensor<?xf16>
// CHECK-NEXT:     %5 = arith.scaling_truncf %arg0, %arg0 downward : f32, f32 to f16
// CHECK-NEXT:     return %3 : vector<4xf16>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// GEN: "builtin.module"() ({
// GEN-NEXT:   "func.func"() <{function_type = (f32, f8E8M0FNU, vector<4xf16>, vector<4xf8E8M0FNU>, tensor<?xf32>, tensor<?xf32>) -> vector<4xf16>, sym_name = "scaling"}> ({
// GEN-NEXT:   ^bb0(%arg0: f32, %arg1: f8E8M0FNU, %arg2: vector<4xf16>, %arg3: vector<4xf8E8M0FNU>, %arg4: tensor<?xf32>, %arg5: tensor<?xf32>):
// GEN-NEXT:     %0 = "arith.scaling_truncf"(%arg0, %arg1) : (f32, f8E8M0FNU) -> f4E2M1FN
// GEN-NEXT:     %1 = "arith.scaling_truncf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>, roundingmode = 0 : i32}> : (vector<4xf16>, vector<4xf8E8M0FNU>) -> vector<4xf6E3M2FN>
// GEN-NEXT:     %2 = "arith.scaling_extf"(%0, %arg1) : (f4E2M1FN, f8E8M0FNU) -> f32
// GEN-NEXT:     %3 = "arith.scaling_extf"(%1, %arg3) <{fastmath = #arith.fastmath<nnan>}> : (vector<4xf6E3M2FN>, vector<4xf8E8M0FNU>) -> vector<4xf16>
// GEN-NEXT:     %4 = "arith.scaling_truncf"(%arg4, %arg5) {foo} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf16>
// GEN-NEXT:     %5 = "arith.scaling_truncf"(%arg0, %arg0) <{roundingmode = 1 : i32}> : (f32, f32) -> f16
// GEN-NEXT:     "func.return"(%3) : (vector<4xf16>) -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT: }) : () -> ()

// V19: arith-scaling-mlir22.mlir:10:32: error: expected non-function type
