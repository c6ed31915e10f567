// ABI lowering of CIR definitions, declarations and call sites for aarch64-unknown-linux-gnu.
// Each ArgInfo kind the target uses appears once as a definition or declaration
// and once at a call site in @caller. The lowered signatures equal what
// clang-19 -O0 -S -emit-llvm emits for the C below (define lines, ABI attributes
// only); the bodies rebuild each source value through memory (alloca + stores
// through a cast pointer + load) as design.md §6 asks. Expand and
// CoerceAndExpand are never chosen for C on this target. A function whose
// lowering changes nothing (@direct) is left exactly as written.
// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic --abi-lower --triple=aarch64-unknown-linux-gnu %s | FileCheck %s --check-prefix=A64
//
// C: struct S { double d; int i; };
// C: struct F2 { float a, b; };
// C: struct C3 { signed char a, b, c; };
// C: struct M { long a, b, c; };
// C: struct E {};
// C: struct O { long : 64; double d; };
// C: int direct(int a, double b) { return a; }
// C: signed char ext(signed char c, unsigned short u, _Bool b) { return c; }
// C: struct S pair(struct S s) { return s; }
// C: struct C3 coerce(struct F2 f, struct C3 c) { return c; }
// C: struct M mem(struct M m) { return m; }
// C: struct E empty(struct E e, int i) { return e; }
// C: struct O offset(struct O o) { return o; }
// C: struct Q { long double x; };
// C: struct Q quad(struct Q q, __int128 w) { return q; }
// C: void caller(struct S s, struct M m, struct E e, struct F2 f, struct C3 c, struct O o, struct Q q) {}
//
// clang-19: define i32 @direct(i32, double)
// clang-19: define i8 @ext(i8, i16, i1)
// clang-19: define [2 x i64] @pair([2 x i64])
// clang-19: define i24 @coerce([2 x float] alignstack(8), i64)
// clang-19: define void @mem(ptr sret(%struct.M) align 8, ptr)
// clang-19: define void @empty(i32)
// clang-19: define [2 x i64] @offset([2 x i64])
// clang-19: define %struct.Q @quad([1 x fp128] alignstack(16), i128)
// clang-19: define void @caller([2 x i64], ptr, [2 x float] alignstack(8), i64, [2 x i64], [1 x fp128] alignstack(16))

!S = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
!F2 = !cir.record<struct "F2" {!cir.float, !cir.float}>
!C3 = !cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>
!M = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>
!E = !cir.record<struct "E" {}>
!O = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>
!Q = !cir.record<struct "Q" {!cir.long_double<!cir.f128>}>
!s32i = !cir.int<s, 32>
"cir.func"() <{function_type = !cir.func<(!s32i, !cir.double) -> !s32i>, sym_name = "direct"}> ({
^bb0(%a: !s32i, %b: !cir.double):
  "cir.return"(%a) : (!s32i) -> ()
}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!cir.int<s, 8>, !cir.int<u, 16>, !cir.bool) -> !cir.int<s, 8>>, sym_name = "ext"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!S) -> !S>, sym_name = "pair"}> ({
^bb0(%s: !S):
  "cir.return"(%s) : (!S) -> ()
}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!F2, !C3) -> !C3>, sym_name = "coerce"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!M) -> !M>, sym_name = "mem"}> ({
^bb0(%m: !M):
  "cir.return"(%m) : (!M) -> ()
}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!E, !s32i) -> !E>, sym_name = "empty"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!O) -> !O>, sym_name = "offset"}> ({
^bb0(%o: !O):
  "cir.return"(%o) : (!O) -> ()
}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!Q, !cir.int<s, 128>) -> !Q>, sym_name = "quad"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!S, !M, !E, !F2, !C3, !O, !Q)>, sym_name = "caller"}> ({
^bb0(%s: !S, %m: !M, %e: !E, %f: !F2, %c: !C3, %o: !O, %q: !Q):
  %0 = "cir.call"(%s) <{callee = @pair}> : (!S) -> !S
  %1 = "cir.call"(%m) <{callee = @mem}> : (!M) -> !M
  %i = "cir.const"() <{value = 7 : i32}> : () -> !s32i
  %2 = "cir.call"(%e, %i) <{callee = @empty}> : (!E, !s32i) -> !E
  %3 = "cir.call"(%f, %c) <{callee = @coerce}> : (!F2, !C3) -> !C3
  %4 = "cir.call"(%o) <{callee = @offset}> : (!O) -> !O
  %w = "cir.const"() <{value = 7 : i128}> : () -> !cir.int<s, 128>
  %5 = "cir.call"(%q, %w) <{callee = @quad}> : (!Q, !cir.int<s, 128>) -> !Q
  %d = "cir.const"() <{value = 1.0 : f64}> : () -> !cir.double
  %6 = "cir.call"(%i, %d) <{callee = @direct}> : (!s32i, !cir.double) -> !s32i
  "cir.return"() : () -> ()
}) : () -> ()

// A64: "builtin.module"() ({
// A64-LABEL: "cir.func"() <{function_type = !cir.func<(!s32i, !cir.double) -> !s32i>, sym_name = "direct"}> ({
// A64-NEXT: ^bb0(%[[V0:[a-z0-9]+]]: !cir.int<s, 32>, %[[V1:[a-z0-9]+]]: !cir.double):
// A64-NEXT: "cir.return"(%[[V0]]) : (!cir.int<s, 32>) -> ()
// A64-NEXT: }) : () -> ()
// A64-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.int<s, 8>, !cir.int<u, 16>, !cir.bool) -> !cir.int<s, 8>>, sym_name = "ext"}> ({
// A64-NEXT: }) : () -> ()
// A64-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.array<!cir.int<u, 64> x 2>) -> !cir.array<!cir.int<u, 64> x 2>>, sym_name = "pair"}> ({
// A64-NEXT: ^bb0(%[[V2:[a-z0-9]+]]: !cir.array<!cir.int<u, 64> x 2>):
// A64-NEXT: %[[V3:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// A64-NEXT: %[[V4:[a-z0-9]+]] = "cir.cast"(%[[V3]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: "cir.store"(%[[V2]], %[[V4]]) : (!cir.array<!cir.int<u, 64> x 2>, !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> ()
// A64-NEXT: %[[V5:[a-z0-9]+]] = "cir.load"(%[[V3]]) : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
// A64-NEXT: %[[V6:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// A64-NEXT: "cir.store"(%[[V5]], %[[V6]]) : (!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>, !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> ()
// A64-NEXT: %[[V7:[a-z0-9]+]] = "cir.cast"(%[[V6]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: %[[V8:[a-z0-9]+]] = "cir.load"(%[[V7]]) : (!cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> !cir.array<!cir.int<u, 64> x 2>
// A64-NEXT: "cir.return"(%[[V8]]) : (!cir.array<!cir.int<u, 64> x 2>) -> ()
// A64-NEXT: }) : () -> ()
// A64-LABEL: "cir.func"() <{arg_attrs = [{abi.alignstack = 8 : i64}, {}], function_type = !cir.func<(!cir.array<!cir.float x 2>, !cir.int<u, 64>) -> !cir.int<u, 24>>, sym_name = "coerce"}> ({
// A64-NEXT: }) : () -> ()
// A64-LABEL: "cir.func"() <{arg_attrs = [{abi.align = 8 : i64, abi.sret = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>}, {}], function_type = !cir.func<(!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>)>, sym_name = "mem"}> ({
// A64-NEXT: ^bb0(%[[V9:[a-z0-9]+]]: !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, %[[V10:[a-z0-9]+]]: !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>):
// A64-NEXT: %[[V11:[a-z0-9]+]] = "cir.load"(%[[V10]]) : (!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>
// A64-NEXT: "cir.store"(%[[V11]], %[[V9]]) : (!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> ()
// A64-NEXT: "cir.return"() : () -> ()
// A64-NEXT: }) : () -> ()
// A64-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.int<s, 32>)>, sym_name = "empty"}> ({
// A64-NEXT: }) : () -> ()
// A64-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.array<!cir.int<u, 64> x 2>) -> !cir.array<!cir.int<u, 64> x 2>>, sym_name = "offset"}> ({
// A64-NEXT: ^bb0(%[[V12:[a-z0-9]+]]: !cir.array<!cir.int<u, 64> x 2>):
// A64-NEXT: %[[V13:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// A64-NEXT: %[[V14:[a-z0-9]+]] = "cir.cast"(%[[V13]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: "cir.store"(%[[V12]], %[[V14]]) : (!cir.array<!cir.int<u, 64> x 2>, !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> ()
// A64-NEXT: %[[V15:[a-z0-9]+]] = "cir.load"(%[[V13]]) : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>
// A64-NEXT: %[[V16:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// A64-NEXT: "cir.store"(%[[V15]], %[[V16]]) : (!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>, !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> ()
// A64-NEXT: %[[V17:[a-z0-9]+]] = "cir.cast"(%[[V16]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: %[[V18:[a-z0-9]+]] = "cir.load"(%[[V17]]) : (!cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> !cir.array<!cir.int<u, 64> x 2>
// A64-NEXT: "cir.return"(%[[V18]]) : (!cir.array<!cir.int<u, 64> x 2>) -> ()
// A64-NEXT: }) : () -> ()
// A64-LABEL: "cir.func"() <{arg_attrs = [{abi.alignstack = 16 : i64}, {}], function_type = !cir.func<(!cir.array<!cir.f128 x 1>, !cir.int<s, 128>) -> !cir.record<struct {!cir.f128}>>, sym_name = "quad"}> ({
// A64-NEXT: }) : () -> ()
// A64-LABEL: "cir.func"() <{arg_attrs = [{}, {}, {abi.alignstack = 8 : i64}, {}, {}, {abi.alignstack = 16 : i64}], function_type = !cir.func<(!cir.array<!cir.int<u, 64> x 2>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, !cir.array<!cir.float x 2>, !cir.int<u, 64>, !cir.array<!cir.int<u, 64> x 2>, !cir.array<!cir.f128 x 1>)>, sym_name = "caller"}> ({
// A64-NEXT: ^bb0(%[[V19:[a-z0-9]+]]: !cir.array<!cir.int<u, 64> x 2>, %[[V20:[a-z0-9]+]]: !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, %[[V21:[a-z0-9]+]]: !cir.array<!cir.float x 2>, %[[V22:[a-z0-9]+]]: !cir.int<u, 64>, %[[V23:[a-z0-9]+]]: !cir.array<!cir.int<u, 64> x 2>, %[[V24:[a-z0-9]+]]: !cir.array<!cir.f128 x 1>):
// A64-NEXT: %[[V25:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// A64-NEXT: %[[V26:[a-z0-9]+]] = "cir.cast"(%[[V25]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: "cir.store"(%[[V19]], %[[V26]]) : (!cir.array<!cir.int<u, 64> x 2>, !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> ()
// A64-NEXT: %[[V27:[a-z0-9]+]] = "cir.load"(%[[V25]]) : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
// A64-NEXT: %[[V28:[a-z0-9]+]] = "cir.load"(%[[V20]]) : (!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>
// A64-NEXT: %[[V29:[a-z0-9]+]] = "cir.alloca"() <{alignment = 1 : i64, allocaType = !cir.record<struct "E" {}>}> : () -> !cir.ptr<!cir.record<struct "E" {}>>
// A64-NEXT: %[[V30:[a-z0-9]+]] = "cir.load"(%[[V29]]) : (!cir.ptr<!cir.record<struct "E" {}>>) -> !cir.record<struct "E" {}>
// A64-NEXT: %[[V31:[a-z0-9]+]] = "cir.alloca"() <{alignment = 4 : i64, allocaType = !cir.record<struct "F2" {!cir.float, !cir.float}>}> : () -> !cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>
// A64-NEXT: %[[V32:[a-z0-9]+]] = "cir.cast"(%[[V31]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>) -> !cir.ptr<!cir.array<!cir.float x 2>>
// A64-NEXT: "cir.store"(%[[V21]], %[[V32]]) : (!cir.array<!cir.float x 2>, !cir.ptr<!cir.array<!cir.float x 2>>) -> ()
// A64-NEXT: %[[V33:[a-z0-9]+]] = "cir.load"(%[[V31]]) : (!cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>) -> !cir.record<struct "F2" {!cir.float, !cir.float}>
// A64-NEXT: %[[V34:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.int<u, 64>}> : () -> !cir.ptr<!cir.int<u, 64>>
// A64-NEXT: "cir.store"(%[[V22]], %[[V34]]) : (!cir.int<u, 64>, !cir.ptr<!cir.int<u, 64>>) -> ()
// A64-NEXT: %[[V35:[a-z0-9]+]] = "cir.cast"(%[[V34]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.int<u, 64>>) -> !cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>
// A64-NEXT: %[[V36:[a-z0-9]+]] = "cir.load"(%[[V35]]) : (!cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>) -> !cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>
// A64-NEXT: %[[V37:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// A64-NEXT: %[[V38:[a-z0-9]+]] = "cir.cast"(%[[V37]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: "cir.store"(%[[V23]], %[[V38]]) : (!cir.array<!cir.int<u, 64> x 2>, !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> ()
// A64-NEXT: %[[V39:[a-z0-9]+]] = "cir.load"(%[[V37]]) : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>
// A64-NEXT: %[[V40:[a-z0-9]+]] = "cir.alloca"() <{alignment = 16 : i64, allocaType = !cir.record<struct "Q" {!cir.long_double<!cir.f128>}>}> : () -> !cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>>
// A64-NEXT: %[[V41:[a-z0-9]+]] = "cir.cast"(%[[V40]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>>) -> !cir.ptr<!cir.array<!cir.f128 x 1>>
// A64-NEXT: "cir.store"(%[[V24]], %[[V41]]) : (!cir.array<!cir.f128 x 1>, !cir.ptr<!cir.array<!cir.f128 x 1>>) -> ()
// A64-NEXT: %[[V42:[a-z0-9]+]] = "cir.load"(%[[V40]]) : (!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>>) -> !cir.record<struct "Q" {!cir.long_double<!cir.f128>}>
// A64-NEXT: %[[V43:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// A64-NEXT: "cir.store"(%[[V27]], %[[V43]]) : (!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>, !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> ()
// A64-NEXT: %[[V44:[a-z0-9]+]] = "cir.cast"(%[[V43]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: %[[V45:[a-z0-9]+]] = "cir.load"(%[[V44]]) : (!cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> !cir.array<!cir.int<u, 64> x 2>
// A64-NEXT: %[[V46:[a-z0-9]+]] = "cir.call"(%[[V45]]) <{callee = @pair}> : (!cir.array<!cir.int<u, 64> x 2>) -> !cir.array<!cir.int<u, 64> x 2>
// A64-NEXT: %[[V47:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// A64-NEXT: %[[V48:[a-z0-9]+]] = "cir.cast"(%[[V47]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: "cir.store"(%[[V46]], %[[V48]]) : (!cir.array<!cir.int<u, 64> x 2>, !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> ()
// A64-NEXT: %[[V49:[a-z0-9]+]] = "cir.load"(%[[V47]]) : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
// A64-NEXT: %[[V50:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>}> : () -> !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>
// A64-NEXT: %[[V51:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>}> : () -> !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>
// A64-NEXT: "cir.store"(%[[V28]], %[[V51]]) : (!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> ()
// A64-NEXT: "cir.call"(%[[V50]], %[[V51]]) <{callee = @mem}> : (!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> ()
// A64-NEXT: %[[V52:[a-z0-9]+]] = "cir.load"(%[[V50]]) : (!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>
// A64-NEXT: %[[V53:[a-z0-9]+]] = "cir.const"() <{value = 7 : i32}> : () -> !cir.int<s, 32>
// A64-NEXT: "cir.call"(%[[V53]]) <{callee = @empty}> : (!cir.int<s, 32>) -> ()
// A64-NEXT: %[[V54:[a-z0-9]+]] = "cir.alloca"() <{alignment = 4 : i64, allocaType = !cir.record<struct "F2" {!cir.float, !cir.float}>}> : () -> !cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>
// A64-NEXT: "cir.store"(%[[V33]], %[[V54]]) : (!cir.record<struct "F2" {!cir.float, !cir.float}>, !cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>) -> ()
// A64-NEXT: %[[V55:[a-z0-9]+]] = "cir.cast"(%[[V54]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>) -> !cir.ptr<!cir.array<!cir.float x 2>>
// A64-NEXT: %[[V56:[a-z0-9]+]] = "cir.load"(%[[V55]]) : (!cir.ptr<!cir.array<!cir.float x 2>>) -> !cir.array<!cir.float x 2>
// A64-NEXT: %[[V57:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.int<u, 64>}> : () -> !cir.ptr<!cir.int<u, 64>>
// A64-NEXT: %[[V58:[a-z0-9]+]] = "cir.cast"(%[[V57]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.int<u, 64>>) -> !cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>
// A64-NEXT: "cir.store"(%[[V36]], %[[V58]]) : (!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>, !cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>) -> ()
// A64-NEXT: %[[V59:[a-z0-9]+]] = "cir.load"(%[[V57]]) : (!cir.ptr<!cir.int<u, 64>>) -> !cir.int<u, 64>
// A64-NEXT: %[[V60:[a-z0-9]+]] = "cir.call"(%[[V56]], %[[V59]]) <{callee = @coerce}> : (!cir.array<!cir.float x 2>, !cir.int<u, 64>) -> !cir.int<u, 24>
// A64-NEXT: %[[V61:[a-z0-9]+]] = "cir.alloca"() <{alignment = 4 : i64, allocaType = !cir.int<u, 24>}> : () -> !cir.ptr<!cir.int<u, 24>>
// A64-NEXT: "cir.store"(%[[V60]], %[[V61]]) : (!cir.int<u, 24>, !cir.ptr<!cir.int<u, 24>>) -> ()
// A64-NEXT: %[[V62:[a-z0-9]+]] = "cir.cast"(%[[V61]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.int<u, 24>>) -> !cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>
// A64-NEXT: %[[V63:[a-z0-9]+]] = "cir.load"(%[[V62]]) : (!cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>) -> !cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>
// A64-NEXT: %[[V64:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// A64-NEXT: "cir.store"(%[[V39]], %[[V64]]) : (!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>, !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> ()
// A64-NEXT: %[[V65:[a-z0-9]+]] = "cir.cast"(%[[V64]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: %[[V66:[a-z0-9]+]] = "cir.load"(%[[V65]]) : (!cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> !cir.array<!cir.int<u, 64> x 2>
// A64-NEXT: %[[V67:[a-z0-9]+]] = "cir.call"(%[[V66]]) <{callee = @offset}> : (!cir.array<!cir.int<u, 64> x 2>) -> !cir.array<!cir.int<u, 64> x 2>
// A64-NEXT: %[[V68:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// A64-NEXT: %[[V69:[a-z0-9]+]] = "cir.cast"(%[[V68]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>
// A64-NEXT: "cir.store"(%[[V67]], %[[V69]]) : (!cir.array<!cir.int<u, 64> x 2>, !cir.ptr<!cir.array<!cir.int<u, 64> x 2>>) -> ()
// A64-NEXT: %[[V70:[a-z0-9]+]] = "cir.load"(%[[V68]]) : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>
// A64-NEXT: %[[V71:[a-z0-9]+]] = "cir.const"() <{value = 7 : i128}> : () -> !cir.int<s, 128>
// A64-NEXT: %[[V72:[a-z0-9]+]] = "cir.alloca"() <{alignment = 16 : i64, allocaType = !cir.record<struct "Q" {!cir.long_double<!cir.f128>}>}> : () -> !cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>>
// A64-NEXT: "cir.store"(%[[V42]], %[[V72]]) : (!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>, !cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>>) -> ()
// A64-NEXT: %[[V73:[a-z0-9]+]] = "cir.cast"(%[[V72]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>>) -> !cir.ptr<!cir.array<!cir.f128 x 1>>
// A64-NEXT: %[[V74:[a-z0-9]+]] = "cir.load"(%[[V73]]) : (!cir.ptr<!cir.array<!cir.f128 x 1>>) -> !cir.array<!cir.f128 x 1>
// A64-NEXT: %[[V75:[a-z0-9]+]] = "cir.call"(%[[V74]], %[[V71]]) <{callee = @quad}> : (!cir.array<!cir.f128 x 1>, !cir.int<s, 128>) -> !cir.record<struct {!cir.f128}>
// A64-NEXT: %[[V76:[a-z0-9]+]] = "cir.alloca"() <{alignment = 16 : i64, allocaType = !cir.record<struct "Q" {!cir.long_double<!cir.f128>}>}> : () -> !cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>>
// A64-NEXT: %[[V77:[a-z0-9]+]] = "cir.cast"(%[[V76]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>>) -> !cir.ptr<!cir.record<struct {!cir.f128}>>
// A64-NEXT: "cir.store"(%[[V75]], %[[V77]]) : (!cir.record<struct {!cir.f128}>, !cir.ptr<!cir.record<struct {!cir.f128}>>) -> ()
// A64-NEXT: %[[V78:[a-z0-9]+]] = "cir.load"(%[[V76]]) : (!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f128>}>>) -> !cir.record<struct "Q" {!cir.long_double<!cir.f128>}>
// A64-NEXT: %[[V79:[a-z0-9]+]] = "cir.const"() <{value = 1.000000e+00 : f64}> : () -> !cir.double
// A64-NEXT: %[[V80:[a-z0-9]+]] = "cir.call"(%[[V53]], %[[V79]]) <{callee = @direct}> : (!cir.int<s, 32>, !cir.double) -> !cir.int<s, 32>
// A64-NEXT: "cir.return"() : () -> ()
// A64-NEXT: }) : () -> ()
// A64-NEXT: }) {abi.lowered} : () -> ()
