// ABI lowering of FIR (C interop): func.func definitions and declarations and
// fir.call call sites, lowered with the C calling convention of both targets.
// FIR types map to C as: i32 -> int, !fir.logical<1> -> _Bool, !fir.complex<K> ->
// _Complex of the kind-K real, !fir.type<n{a:T,...}> -> struct n { T a; ... },
// !fir.array<NxT> -> T[N]. Coerced types are builtin (iN, vector<NxT>, tuple<...>)
// or !fir.array; memory goes through fir.alloca / fir.convert / fir.load /
// fir.store, members through fir.extract_value / fir.insert_value.
// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic --abi-lower --triple=x86_64-unknown-linux-gnu %s | FileCheck %s --check-prefix=X86
// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic --abi-lower --triple=aarch64-unknown-linux-gnu %s | FileCheck %s --check-prefix=A64
//
// C: struct t1 { double a; int b; };
// C: struct big { double a[5]; };
// C: struct t1 cfun(int i, struct t1 t, _Bool l, _Complex float c) { return t; }
// C: _Complex float cbig(struct big b, _Complex double z) { return 0; }
// C: short small(short s, signed char c) { return s; }
// C: void caller(struct t1 a, struct big b, _Complex double z) {}
//
// clang-19 x86_64-unknown-linux-gnu: define { double, i32 } @cfun(i32, double, i32, i1 zeroext, <2 x float>)
// clang-19 x86_64-unknown-linux-gnu: define <2 x float> @cbig(ptr byval(%struct.big) align 8, double, double)
// clang-19 x86_64-unknown-linux-gnu: define signext i16 @small(i16 signext, i8 signext)
// clang-19 x86_64-unknown-linux-gnu: define void @caller(double, i32, ptr byval(%struct.big) align 8, double, double)
//
// clang-19 aarch64-unknown-linux-gnu: define [2 x i64] @cfun(i32, [2 x i64], i1, [2 x float] alignstack(8))
// clang-19 aarch64-unknown-linux-gnu: define { float, float } @cbig(ptr, [2 x double] alignstack(8))
// clang-19 aarch64-unknown-linux-gnu: define i16 @small(i16, i8)
// clang-19 aarch64-unknown-linux-gnu: define void @caller([2 x i64], ptr, [2 x double] alignstack(8))

"func.func"() <{function_type = (i32, !fir.type<t1{a:f64,b:i32}>, !fir.logical<1>, !fir.complex<4>) -> !fir.type<t1{a:f64,b:i32}>, sym_name = "cfun", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = (!fir.type<big{a:!fir.array<5xf64>}>, !fir.complex<8>) -> !fir.complex<4>, sym_name = "cbig", sym_visibility = "private"}> ({
}) : () -> ()
"func.func"() <{function_type = (i16, i8) -> i16, sym_name = "small"}> ({
^bb0(%s: i16, %c: i8):
  "func.return"(%s) : (i16) -> ()
}) : () -> ()
"func.func"() <{function_type = (!fir.type<t1{a:f64,b:i32}>, !fir.type<big{a:!fir.array<5xf64>}>, !fir.complex<8>) -> (), sym_name = "caller"}> ({
^bb0(%a: !fir.type<t1{a:f64,b:i32}>, %b: !fir.type<big{a:!fir.array<5xf64>}>, %z: !fir.complex<8>):
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %t = "arith.constant"() <{value = true}> : () -> i1
  %l = "fir.convert"(%t) : (i1) -> !fir.logical<1>
  %s = "fir.alloca"() <{in_type = !fir.complex<4>}> : () -> !fir.ref<!fir.complex<4>>
  %c = "fir.load"(%s) : (!fir.ref<!fir.complex<4>>) -> !fir.complex<4>
  %1 = "fir.call"(%0, %a, %l, %c) <{callee = @cfun}> : (i32, !fir.type<t1{a:f64,b:i32}>, !fir.logical<1>, !fir.complex<4>) -> !fir.type<t1{a:f64,b:i32}>
  %2 = "fir.call"(%b, %z) <{callee = @cbig}> : (!fir.type<big{a:!fir.array<5xf64>}>, !fir.complex<8>) -> !fir.complex<4>
  "func.return"() : () -> ()
}) : () -> ()

// X86: "builtin.module"() ({
// X86-LABEL: "func.func"() <{arg_attrs = [{}, {}, {}, {abi.zeroext}, {}], function_type = (i32, f64, i32, !fir.logical<1>, vector<2xf32>) -> tuple<f64, i32>, sym_name = "cfun", sym_visibility = "private"}> ({
// X86-NEXT: }) : () -> ()
// X86-LABEL: "func.func"() <{arg_attrs = [{abi.align = 8 : i64, abi.byval = !fir.type<big{a:!fir.array<5xf64>}>}, {}, {}], function_type = (!fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>, f64, f64) -> vector<2xf32>, sym_name = "cbig", sym_visibility = "private"}> ({
// X86-NEXT: }) : () -> ()
// X86-LABEL: "func.func"() <{arg_attrs = [{abi.signext}, {abi.signext}], function_type = (i16, i8) -> i16, res_attrs = [{abi.signext}], sym_name = "small"}> ({
// X86-NEXT: ^bb0(%[[V0:[a-z0-9]+]]: i16, %[[V1:[a-z0-9]+]]: i8):
// X86-NEXT: "func.return"(%[[V0]]) : (i16) -> ()
// X86-NEXT: }) : () -> ()
// X86-LABEL: "func.func"() <{arg_attrs = [{}, {}, {abi.align = 8 : i64, abi.byval = !fir.type<big{a:!fir.array<5xf64>}>}, {}, {}], function_type = (f64, i32, !fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>, f64, f64) -> (), sym_name = "caller"}> ({
// X86-NEXT: ^bb0(%[[V2:[a-z0-9]+]]: f64, %[[V3:[a-z0-9]+]]: i32, %[[V4:[a-z0-9]+]]: !fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>, %[[V5:[a-z0-9]+]]: f64, %[[V6:[a-z0-9]+]]: f64):
// X86-NEXT: %[[V7:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.type<t1{a:f64,b:i32}>}> : () -> !fir.ref<!fir.type<t1{a:f64,b:i32}>>
// X86-NEXT: %[[V8:[a-z0-9]+]] = "fir.convert"(%[[V7]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.ref<tuple<f64, i32>>
// X86-NEXT: %[[V9:[a-z0-9]+]] = "fir.load"(%[[V8]]) : (!fir.ref<tuple<f64, i32>>) -> tuple<f64, i32>
// X86-NEXT: %[[V10:[a-z0-9]+]] = "fir.insert_value"(%[[V9]], %[[V2]]) <{coor = [0 : index]}> : (tuple<f64, i32>, f64) -> tuple<f64, i32>
// X86-NEXT: %[[V11:[a-z0-9]+]] = "fir.insert_value"(%[[V10]], %[[V3]]) <{coor = [1 : index]}> : (tuple<f64, i32>, i32) -> tuple<f64, i32>
// X86-NEXT: "fir.store"(%[[V11]], %[[V8]]) : (tuple<f64, i32>, !fir.ref<tuple<f64, i32>>) -> ()
// X86-NEXT: %[[V12:[a-z0-9]+]] = "fir.load"(%[[V7]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.type<t1{a:f64,b:i32}>
// X86-NEXT: %[[V13:[a-z0-9]+]] = "fir.load"(%[[V4]]) : (!fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>) -> !fir.type<big{a:!fir.array<5xf64>}>
// X86-NEXT: %[[V14:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<8>}> : () -> !fir.ref<!fir.complex<8>>
// X86-NEXT: %[[V15:[a-z0-9]+]] = "fir.convert"(%[[V14]]) : (!fir.ref<!fir.complex<8>>) -> !fir.ref<tuple<f64, f64>>
// X86-NEXT: %[[V16:[a-z0-9]+]] = "fir.load"(%[[V15]]) : (!fir.ref<tuple<f64, f64>>) -> tuple<f64, f64>
// X86-NEXT: %[[V17:[a-z0-9]+]] = "fir.insert_value"(%[[V16]], %[[V5]]) <{coor = [0 : index]}> : (tuple<f64, f64>, f64) -> tuple<f64, f64>
// X86-NEXT: %[[V18:[a-z0-9]+]] = "fir.insert_value"(%[[V17]], %[[V6]]) <{coor = [1 : index]}> : (tuple<f64, f64>, f64) -> tuple<f64, f64>
// X86-NEXT: "fir.store"(%[[V18]], %[[V15]]) : (tuple<f64, f64>, !fir.ref<tuple<f64, f64>>) -> ()
// X86-NEXT: %[[V19:[a-z0-9]+]] = "fir.load"(%[[V14]]) : (!fir.ref<!fir.complex<8>>) -> !fir.complex<8>
// X86-NEXT: %[[V20:[a-z0-9]+]] = "arith.constant"() <{value = 1 : i32}> : () -> i32
// X86-NEXT: %[[V21:[a-z0-9]+]] = "arith.constant"() <{value = true}> : () -> i1
// X86-NEXT: %[[V22:[a-z0-9]+]] = "fir.convert"(%[[V21]]) : (i1) -> !fir.logical<1>
// X86-NEXT: %[[V23:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<4>}> : () -> !fir.ref<!fir.complex<4>>
// X86-NEXT: %[[V24:[a-z0-9]+]] = "fir.load"(%[[V23]]) : (!fir.ref<!fir.complex<4>>) -> !fir.complex<4>
// X86-NEXT: %[[V25:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.type<t1{a:f64,b:i32}>}> : () -> !fir.ref<!fir.type<t1{a:f64,b:i32}>>
// X86-NEXT: "fir.store"(%[[V12]], %[[V25]]) : (!fir.type<t1{a:f64,b:i32}>, !fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> ()
// X86-NEXT: %[[V26:[a-z0-9]+]] = "fir.convert"(%[[V25]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.ref<tuple<f64, i32>>
// X86-NEXT: %[[V27:[a-z0-9]+]] = "fir.load"(%[[V26]]) : (!fir.ref<tuple<f64, i32>>) -> tuple<f64, i32>
// X86-NEXT: %[[V28:[a-z0-9]+]] = "fir.extract_value"(%[[V27]]) <{coor = [0 : index]}> : (tuple<f64, i32>) -> f64
// X86-NEXT: %[[V29:[a-z0-9]+]] = "fir.extract_value"(%[[V27]]) <{coor = [1 : index]}> : (tuple<f64, i32>) -> i32
// X86-NEXT: %[[V30:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<4>}> : () -> !fir.ref<!fir.complex<4>>
// X86-NEXT: "fir.store"(%[[V24]], %[[V30]]) : (!fir.complex<4>, !fir.ref<!fir.complex<4>>) -> ()
// X86-NEXT: %[[V31:[a-z0-9]+]] = "fir.convert"(%[[V30]]) : (!fir.ref<!fir.complex<4>>) -> !fir.ref<vector<2xf32>>
// X86-NEXT: %[[V32:[a-z0-9]+]] = "fir.load"(%[[V31]]) : (!fir.ref<vector<2xf32>>) -> vector<2xf32>
// X86-NEXT: %[[V33:[a-z0-9]+]] = "fir.call"(%[[V20]], %[[V28]], %[[V29]], %[[V22]], %[[V32]]) <{callee = @cfun}> : (i32, f64, i32, !fir.logical<1>, vector<2xf32>) -> tuple<f64, i32>
// X86-NEXT: %[[V34:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.type<t1{a:f64,b:i32}>}> : () -> !fir.ref<!fir.type<t1{a:f64,b:i32}>>
// X86-NEXT: %[[V35:[a-z0-9]+]] = "fir.convert"(%[[V34]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.ref<tuple<f64, i32>>
// X86-NEXT: "fir.store"(%[[V33]], %[[V35]]) : (tuple<f64, i32>, !fir.ref<tuple<f64, i32>>) -> ()
// X86-NEXT: %[[V36:[a-z0-9]+]] = "fir.load"(%[[V34]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.type<t1{a:f64,b:i32}>
// X86-NEXT: %[[V37:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.type<big{a:!fir.array<5xf64>}>}> : () -> !fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>
// X86-NEXT: "fir.store"(%[[V13]], %[[V37]]) : (!fir.type<big{a:!fir.array<5xf64>}>, !fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>) -> ()
// X86-NEXT: %[[V38:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<8>}> : () -> !fir.ref<!fir.complex<8>>
// X86-NEXT: "fir.store"(%[[V19]], %[[V38]]) : (!fir.complex<8>, !fir.ref<!fir.complex<8>>) -> ()
// X86-NEXT: %[[V39:[a-z0-9]+]] = "fir.convert"(%[[V38]]) : (!fir.ref<!fir.complex<8>>) -> !fir.ref<tuple<f64, f64>>
// X86-NEXT: %[[V40:[a-z0-9]+]] = "fir.load"(%[[V39]]) : (!fir.ref<tuple<f64, f64>>) -> tuple<f64, f64>
// X86-NEXT: %[[V41:[a-z0-9]+]] = "fir.extract_value"(%[[V40]]) <{coor = [0 : index]}> : (tuple<f64, f64>) -> f64
// X86-NEXT: %[[V42:[a-z0-9]+]] = "fir.extract_value"(%[[V40]]) <{coor = [1 : index]}> : (tuple<f64, f64>) -> f64
// X86-NEXT: %[[V43:[a-z0-9]+]] = "fir.call"(%[[V37]], %[[V41]], %[[V42]]) <{callee = @cbig}> : (!fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>, f64, f64) -> vector<2xf32>
// X86-NEXT: %[[V44:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<4>}> : () -> !fir.ref<!fir.complex<4>>
// X86-NEXT: %[[V45:[a-z0-9]+]] = "fir.convert"(%[[V44]]) : (!fir.ref<!fir.complex<4>>) -> !fir.ref<vector<2xf32>>
// X86-NEXT: "fir.store"(%[[V43]], %[[V45]]) : (vector<2xf32>, !fir.ref<vector<2xf32>>) -> ()
// X86-NEXT: %[[V46:[a-z0-9]+]] = "fir.load"(%[[V44]]) : (!fir.ref<!fir.complex<4>>) -> !fir.complex<4>
// X86-NEXT: "func.return"() : () -> ()
// X86-NEXT: }) : () -> ()
// X86-NEXT: }) {abi.lowered} : () -> ()

// A64: "builtin.module"() ({
// A64-LABEL: "func.func"() <{arg_attrs = [{}, {}, {}, {abi.alignstack = 8 : i64}], function_type = (i32, !fir.array<2xi64>, !fir.logical<1>, !fir.array<2xf32>) -> !fir.array<2xi64>, sym_name = "cfun", sym_visibility = "private"}> ({
// A64-NEXT: }) : () -> ()
// A64-LABEL: "func.func"() <{arg_attrs = [{}, {abi.alignstack = 8 : i64}], function_type = (!fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>, !fir.array<2xf64>) -> tuple<f32, f32>, sym_name = "cbig", sym_visibility = "private"}> ({
// A64-NEXT: }) : () -> ()
// A64-LABEL: "func.func"() <{function_type = (i16, i8) -> i16, sym_name = "small"}> ({
// A64-NEXT: ^bb0(%[[V0:[a-z0-9]+]]: i16, %[[V1:[a-z0-9]+]]: i8):
// A64-NEXT: "func.return"(%[[V0]]) : (i16) -> ()
// A64-NEXT: }) : () -> ()
// A64-LABEL: "func.func"() <{arg_attrs = [{}, {}, {abi.alignstack = 8 : i64}], function_type = (!fir.array<2xi64>, !fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>, !fir.array<2xf64>) -> (), sym_name = "caller"}> ({
// A64-NEXT: ^bb0(%[[V2:[a-z0-9]+]]: !fir.array<2xi64>, %[[V3:[a-z0-9]+]]: !fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>, %[[V4:[a-z0-9]+]]: !fir.array<2xf64>):
// A64-NEXT: %[[V5:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.type<t1{a:f64,b:i32}>}> : () -> !fir.ref<!fir.type<t1{a:f64,b:i32}>>
// A64-NEXT: %[[V6:[a-z0-9]+]] = "fir.convert"(%[[V5]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.ref<!fir.array<2xi64>>
// A64-NEXT: "fir.store"(%[[V2]], %[[V6]]) : (!fir.array<2xi64>, !fir.ref<!fir.array<2xi64>>) -> ()
// A64-NEXT: %[[V7:[a-z0-9]+]] = "fir.load"(%[[V5]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.type<t1{a:f64,b:i32}>
// A64-NEXT: %[[V8:[a-z0-9]+]] = "fir.load"(%[[V3]]) : (!fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>) -> !fir.type<big{a:!fir.array<5xf64>}>
// A64-NEXT: %[[V9:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<8>}> : () -> !fir.ref<!fir.complex<8>>
// A64-NEXT: %[[V10:[a-z0-9]+]] = "fir.convert"(%[[V9]]) : (!fir.ref<!fir.complex<8>>) -> !fir.ref<!fir.array<2xf64>>
// A64-NEXT: "fir.store"(%[[V4]], %[[V10]]) : (!fir.array<2xf64>, !fir.ref<!fir.array<2xf64>>) -> ()
// A64-NEXT: %[[V11:[a-z0-9]+]] = "fir.load"(%[[V9]]) : (!fir.ref<!fir.complex<8>>) -> !fir.complex<8>
// A64-NEXT: %[[V12:[a-z0-9]+]] = "arith.constant"() <{value = 1 : i32}> : () -> i32
// A64-NEXT: %[[V13:[a-z0-9]+]] = "arith.constant"() <{value = true}> : () -> i1
// A64-NEXT: %[[V14:[a-z0-9]+]] = "fir.convert"(%[[V13]]) : (i1) -> !fir.logical<1>
// A64-NEXT: %[[V15:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<4>}> : () -> !fir.ref<!fir.complex<4>>
// A64-NEXT: %[[V16:[a-z0-9]+]] = "fir.load"(%[[V15]]) : (!fir.ref<!fir.complex<4>>) -> !fir.complex<4>
// A64-NEXT: %[[V17:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.type<t1{a:f64,b:i32}>}> : () -> !fir.ref<!fir.type<t1{a:f64,b:i32}>>
// A64-NEXT: "fir.store"(%[[V7]], %[[V17]]) : (!fir.type<t1{a:f64,b:i32}>, !fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> ()
// A64-NEXT: %[[V18:[a-z0-9]+]] = "fir.convert"(%[[V17]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.ref<!fir.array<2xi64>>
// A64-NEXT: %[[V19:[a-z0-9]+]] = "fir.load"(%[[V18]]) : (!fir.ref<!fir.array<2xi64>>) -> !fir.array<2xi64>
// A64-NEXT: %[[V20:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<4>}> : () -> !fir.ref<!fir.complex<4>>
// A64-NEXT: "fir.store"(%[[V16]], %[[V20]]) : (!fir.complex<4>, !fir.ref<!fir.complex<4>>) -> ()
// A64-NEXT: %[[V21:[a-z0-9]+]] = "fir.convert"(%[[V20]]) : (!fir.ref<!fir.complex<4>>) -> !fir.ref<!fir.array<2xf32>>
// A64-NEXT: %[[V22:[a-z0-9]+]] = "fir.load"(%[[V21]]) : (!fir.ref<!fir.array<2xf32>>) -> !fir.array<2xf32>
// A64-NEXT: %[[V23:[a-z0-9]+]] = "fir.call"(%[[V12]], %[[V19]], %[[V14]], %[[V22]]) <{callee = @cfun}> : (i32, !fir.array<2xi64>, !fir.logical<1>, !fir.array<2xf32>) -> !fir.array<2xi64>
// A64-NEXT: %[[V24:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.type<t1{a:f64,b:i32}>}> : () -> !fir.ref<!fir.type<t1{a:f64,b:i32}>>
// A64-NEXT: %[[V25:[a-z0-9]+]] = "fir.convert"(%[[V24]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.ref<!fir.array<2xi64>>
// A64-NEXT: "fir.store"(%[[V23]], %[[V25]]) : (!fir.array<2xi64>, !fir.ref<!fir.array<2xi64>>) -> ()
// A64-NEXT: %[[V26:[a-z0-9]+]] = "fir.load"(%[[V24]]) : (!fir.ref<!fir.type<t1{a:f64,b:i32}>>) -> !fir.type<t1{a:f64,b:i32}>
// A64-NEXT: %[[V27:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.type<big{a:!fir.array<5xf64>}>}> : () -> !fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>
// A64-NEXT: "fir.store"(%[[V8]], %[[V27]]) : (!fir.type<big{a:!fir.array<5xf64>}>, !fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>) -> ()
// A64-NEXT: %[[V28:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<8>}> : () -> !fir.ref<!fir.complex<8>>
// A64-NEXT: "fir.store"(%[[V11]], %[[V28]]) : (!fir.complex<8>, !fir.ref<!fir.complex<8>>) -> ()
// A64-NEXT: %[[V29:[a-z0-9]+]] = "fir.convert"(%[[V28]]) : (!fir.ref<!fir.complex<8>>) -> !fir.ref<!fir.array<2xf64>>
// A64-NEXT: %[[V30:[a-z0-9]+]] = "fir.load"(%[[V29]]) : (!fir.ref<!fir.array<2xf64>>) -> !fir.array<2xf64>
// A64-NEXT: %[[V31:[a-z0-9]+]] = "fir.call"(%[[V27]], %[[V30]]) <{callee = @cbig}> : (!fir.ref<!fir.type<big{a:!fir.array<5xf64>}>>, !fir.array<2xf64>) -> tuple<f32, f32>
// A64-NEXT: %[[V32:[a-z0-9]+]] = "fir.alloca"() <{in_type = !fir.complex<4>}> : () -> !fir.ref<!fir.complex<4>>
// A64-NEXT: %[[V33:[a-z0-9]+]] = "fir.convert"(%[[V32]]) : (!fir.ref<!fir.complex<4>>) -> !fir.ref<tuple<f32, f32>>
// A64-NEXT: "fir.store"(%[[V31]], %[[V33]]) : (tuple<f32, f32>, !fir.ref<tuple<f32, f32>>) -> ()
// A64-NEXT: %[[V34:[a-z0-9]+]] = "fir.load"(%[[V32]]) : (!fir.ref<!fir.complex<4>>) -> !fir.complex<4>
// A64-NEXT: "func.return"() : () -> ()
// A64-NEXT: }) : () -> ()
// A64-NEXT: }) {abi.lowered} : () -> ()
