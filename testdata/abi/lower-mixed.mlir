// One module mixing CIR and FIR functions: the rewrite context is chosen per
// op by its dialect (cir.func/cir.call/cir.return: CIR; func.func/fir.call/
// func.return: FIR), and both lower with the same classification.
// RUN: irkit opt --mlir-print-op-generic --abi-lower --triple=x86_64-unknown-linux-gnu %s | FileCheck %s
//
// C: struct P { float x, y, z; };  struct P cmake(float x);  struct P fmake(float x);
// clang-19: define { <2 x float>, float } @cmake(float)

"cir.func"() <{function_type = !cir.func<(!cir.float) -> !cir.record<struct "P" {!cir.float, !cir.float, !cir.float}>>, sym_name = "cmake"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!cir.float)>, sym_name = "cuse"}> ({
^bb0(%x: !cir.float):
  %p = "cir.call"(%x) <{callee = @cmake}> : (!cir.float) -> !cir.record<struct "P" {!cir.float, !cir.float, !cir.float}>
  "cir.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = (f32) -> !fir.type<P{x:f32,y:f32,z:f32}>, sym_name = "fmake", sym_visibility = "private"}> ({}) : () -> ()
"func.func"() <{function_type = (f32) -> (), sym_name = "fuse"}> ({
^bb0(%x: f32):
  %p = "fir.call"(%x) <{callee = @fmake}> : (f32) -> !fir.type<P{x:f32,y:f32,z:f32}>
  "func.return"() : () -> ()
}) : () -> ()

// CHECK-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.float) -> !cir.record<struct {!cir.vector<!cir.float x 2>, !cir.float}>>, sym_name = "cmake"}> ({
// CHECK-LABEL: sym_name = "cuse"
// CHECK: %[[C:[a-z0-9]+]] = "cir.call"(%{{[a-z0-9]+}}) <{callee = @cmake}> : (!cir.float) -> !cir.record<struct {!cir.vector<!cir.float x 2>, !cir.float}>
// The coerced type (16 bytes) is larger than P (12 bytes), so it is the slot.
// CHECK-NEXT: %[[S:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct {!cir.vector<!cir.float x 2>, !cir.float}>}>
// CHECK-NEXT: "cir.store"(%[[C]], %[[S]])
// CHECK-NEXT: %[[Q:[a-z0-9]+]] = "cir.cast"(%[[S]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct {!cir.vector<!cir.float x 2>, !cir.float}>>) -> !cir.ptr<!cir.record<struct "P" {!cir.float, !cir.float, !cir.float}>>
// CHECK-NEXT: "cir.load"(%[[Q]]) : (!cir.ptr<!cir.record<struct "P" {!cir.float, !cir.float, !cir.float}>>) -> !cir.record<struct "P" {!cir.float, !cir.float, !cir.float}>
// CHECK-LABEL: "func.func"() <{function_type = (f32) -> tuple<vector<2xf32>, f32>, sym_name = "fmake", sym_visibility = "private"}> ({
// CHECK-LABEL: sym_name = "fuse"
// CHECK: %[[F:[a-z0-9]+]] = "fir.call"(%{{[a-z0-9]+}}) <{callee = @fmake}> : (f32) -> tuple<vector<2xf32>, f32>
// CHECK-NEXT: %[[T:[a-z0-9]+]] = "fir.alloca"() <{in_type = tuple<vector<2xf32>, f32>}>
// CHECK-NEXT: "fir.store"(%[[F]], %[[T]])
// CHECK-NEXT: %[[R:[a-z0-9]+]] = "fir.convert"(%[[T]]) : (!fir.ref<tuple<vector<2xf32>, f32>>) -> !fir.ref<!fir.type<P{x:f32,y:f32,z:f32}>>
// CHECK-NEXT: "fir.load"(%[[R]]) : (!fir.ref<!fir.type<P{x:f32,y:f32,z:f32}>>) -> !fir.type<P{x:f32,y:f32,z:f32}>
// CHECK: }) {abi.lowered} : () -> ()
