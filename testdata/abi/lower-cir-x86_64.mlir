// ABI lowering of CIR definitions, declarations and call sites for x86_64-unknown-linux-gnu.
// Each ArgInfo kind the target uses appears once as a definition or declaration
// and once at a call site in @caller. The lowered signatures equal what
// clang-19 -O0 -S -emit-llvm emits for the C below (define lines, ABI attributes
// only); the bodies rebuild each source value through memory (alloca + stores
// through a cast pointer + load) as design.md §6 asks. Expand and
// CoerceAndExpand are never chosen for C on this target. A function whose
// lowering changes nothing (@direct) is left exactly as written.
// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic --abi-lower --triple=x86_64-unknown-linux-gnu %s | FileCheck %s --check-prefix=X86
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
// clang-19: define signext i8 @ext(i8 signext, i16 zeroext, i1 zeroext)
// clang-19: define { double, i32 } @pair(double, i32)
// clang-19: define i24 @coerce(<2 x float>, i24)
// clang-19: define void @mem(ptr sret(%struct.M) align 8, ptr byval(%struct.M) align 8)
// clang-19: define void @empty(i32)
// clang-19: define double @offset(double)
// clang-19: define x86_fp80 @quad(ptr byval(%struct.Q) align 16, i64, i64)
// clang-19: define void @caller(double, i32, ptr byval(%struct.M) align 8, <2 x float>, i24, double, ptr byval(%struct.Q) align 16)

!S = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
!F2 = !cir.record<struct "F2" {!cir.float, !cir.float}>
!C3 = !cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>
!M = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>
!E = !cir.record<struct "E" {}>
!O = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>
!Q = !cir.record<struct "Q" {!cir.long_double<!cir.f80>}>
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

// X86: "builtin.module"() ({
// X86-LABEL: "cir.func"() <{function_type = !cir.func<(!s32i, !cir.double) -> !s32i>, sym_name = "direct"}> ({
// X86-NEXT: ^bb0(%[[V0:[a-z0-9]+]]: !cir.int<s, 32>, %[[V1:[a-z0-9]+]]: !cir.double):
// X86-NEXT: "cir.return"(%[[V0]]) : (!cir.int<s, 32>) -> ()
// X86-NEXT: }) : () -> ()
// X86-LABEL: "cir.func"() <{arg_attrs = [{abi.signext}, {abi.zeroext}, {abi.zeroext}], function_type = !cir.func<(!cir.int<s, 8>, !cir.int<u, 16>, !cir.bool) -> !cir.int<s, 8>>, res_attrs = [{abi.signext}], sym_name = "ext"}> ({
// X86-NEXT: }) : () -> ()
// X86-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.double, !cir.int<u, 32>) -> !cir.record<struct {!cir.double, !cir.int<u, 32>}>>, sym_name = "pair"}> ({
// X86-NEXT: ^bb0(%[[V2:[a-z0-9]+]]: !cir.double, %[[V3:[a-z0-9]+]]: !cir.int<u, 32>):
// X86-NEXT: %[[V4:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// X86-NEXT: %[[V5:[a-z0-9]+]] = "cir.cast"(%[[V4]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>
// X86-NEXT: %[[V6:[a-z0-9]+]] = "cir.get_member"(%[[V5]]) <{index = 0 : i64}> : (!cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>) -> !cir.ptr<!cir.double>
// X86-NEXT: "cir.store"(%[[V2]], %[[V6]]) : (!cir.double, !cir.ptr<!cir.double>) -> ()
// X86-NEXT: %[[V7:[a-z0-9]+]] = "cir.get_member"(%[[V5]]) <{index = 1 : i64}> : (!cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>) -> !cir.ptr<!cir.int<u, 32>>
// X86-NEXT: "cir.store"(%[[V3]], %[[V7]]) : (!cir.int<u, 32>, !cir.ptr<!cir.int<u, 32>>) -> ()
// X86-NEXT: %[[V8:[a-z0-9]+]] = "cir.load"(%[[V4]]) : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
// X86-NEXT: %[[V9:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// X86-NEXT: "cir.store"(%[[V8]], %[[V9]]) : (!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>, !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> ()
// X86-NEXT: %[[V10:[a-z0-9]+]] = "cir.cast"(%[[V9]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>
// X86-NEXT: %[[V11:[a-z0-9]+]] = "cir.load"(%[[V10]]) : (!cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>) -> !cir.record<struct {!cir.double, !cir.int<u, 32>}>
// X86-NEXT: "cir.return"(%[[V11]]) : (!cir.record<struct {!cir.double, !cir.int<u, 32>}>) -> ()
// X86-NEXT: }) : () -> ()
// X86-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.vector<!cir.float x 2>, !cir.int<u, 24>) -> !cir.int<u, 24>>, sym_name = "coerce"}> ({
// X86-NEXT: }) : () -> ()
// X86-LABEL: "cir.func"() <{arg_attrs = [{abi.align = 8 : i64, abi.sret = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>}, {abi.align = 8 : i64, abi.byval = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>}], function_type = !cir.func<(!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>)>, sym_name = "mem"}> ({
// X86-NEXT: ^bb0(%[[V12:[a-z0-9]+]]: !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, %[[V13:[a-z0-9]+]]: !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>):
// X86-NEXT: %[[V14:[a-z0-9]+]] = "cir.load"(%[[V13]]) : (!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>
// X86-NEXT: "cir.store"(%[[V14]], %[[V12]]) : (!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> ()
// X86-NEXT: "cir.return"() : () -> ()
// X86-NEXT: }) : () -> ()
// X86-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.int<s, 32>)>, sym_name = "empty"}> ({
// X86-NEXT: }) : () -> ()
// X86-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.double) -> !cir.double>, sym_name = "offset"}> ({
// X86-NEXT: ^bb0(%[[V15:[a-z0-9]+]]: !cir.double):
// X86-NEXT: %[[V16:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// X86-NEXT: %[[V17:[a-z0-9]+]] = "cir.cast"(%[[V16]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>
// X86-NEXT: %[[V18:[a-z0-9]+]] = "cir.get_member"(%[[V17]]) <{index = 1 : i64}> : (!cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>) -> !cir.ptr<!cir.double>
// X86-NEXT: "cir.store"(%[[V15]], %[[V18]]) : (!cir.double, !cir.ptr<!cir.double>) -> ()
// X86-NEXT: %[[V19:[a-z0-9]+]] = "cir.load"(%[[V16]]) : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>
// X86-NEXT: %[[V20:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// X86-NEXT: "cir.store"(%[[V19]], %[[V20]]) : (!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>, !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> ()
// X86-NEXT: %[[V21:[a-z0-9]+]] = "cir.cast"(%[[V20]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>
// X86-NEXT: %[[V22:[a-z0-9]+]] = "cir.get_member"(%[[V21]]) <{index = 1 : i64}> : (!cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>) -> !cir.ptr<!cir.double>
// X86-NEXT: %[[V23:[a-z0-9]+]] = "cir.load"(%[[V22]]) : (!cir.ptr<!cir.double>) -> !cir.double
// X86-NEXT: "cir.return"(%[[V23]]) : (!cir.double) -> ()
// X86-NEXT: }) : () -> ()
// X86-LABEL: "cir.func"() <{arg_attrs = [{abi.align = 16 : i64, abi.byval = !cir.record<struct "Q" {!cir.long_double<!cir.f80>}>}, {}, {}], function_type = !cir.func<(!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>, !cir.int<u, 64>, !cir.int<u, 64>) -> !cir.long_double<!cir.f80>>, sym_name = "quad"}> ({
// X86-NEXT: }) : () -> ()
// X86-LABEL: "cir.func"() <{arg_attrs = [{}, {}, {abi.align = 8 : i64, abi.byval = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>}, {}, {}, {}, {abi.align = 16 : i64, abi.byval = !cir.record<struct "Q" {!cir.long_double<!cir.f80>}>}], function_type = !cir.func<(!cir.double, !cir.int<u, 32>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, !cir.vector<!cir.float x 2>, !cir.int<u, 24>, !cir.double, !cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>)>, sym_name = "caller"}> ({
// X86-NEXT: ^bb0(%[[V24:[a-z0-9]+]]: !cir.double, %[[V25:[a-z0-9]+]]: !cir.int<u, 32>, %[[V26:[a-z0-9]+]]: !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, %[[V27:[a-z0-9]+]]: !cir.vector<!cir.float x 2>, %[[V28:[a-z0-9]+]]: !cir.int<u, 24>, %[[V29:[a-z0-9]+]]: !cir.double, %[[V30:[a-z0-9]+]]: !cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>):
// X86-NEXT: %[[V31:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// X86-NEXT: %[[V32:[a-z0-9]+]] = "cir.cast"(%[[V31]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>
// X86-NEXT: %[[V33:[a-z0-9]+]] = "cir.get_member"(%[[V32]]) <{index = 0 : i64}> : (!cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>) -> !cir.ptr<!cir.double>
// X86-NEXT: "cir.store"(%[[V24]], %[[V33]]) : (!cir.double, !cir.ptr<!cir.double>) -> ()
// X86-NEXT: %[[V34:[a-z0-9]+]] = "cir.get_member"(%[[V32]]) <{index = 1 : i64}> : (!cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>) -> !cir.ptr<!cir.int<u, 32>>
// X86-NEXT: "cir.store"(%[[V25]], %[[V34]]) : (!cir.int<u, 32>, !cir.ptr<!cir.int<u, 32>>) -> ()
// X86-NEXT: %[[V35:[a-z0-9]+]] = "cir.load"(%[[V31]]) : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
// X86-NEXT: %[[V36:[a-z0-9]+]] = "cir.load"(%[[V26]]) : (!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>
// X86-NEXT: %[[V37:[a-z0-9]+]] = "cir.alloca"() <{alignment = 1 : i64, allocaType = !cir.record<struct "E" {}>}> : () -> !cir.ptr<!cir.record<struct "E" {}>>
// X86-NEXT: %[[V38:[a-z0-9]+]] = "cir.load"(%[[V37]]) : (!cir.ptr<!cir.record<struct "E" {}>>) -> !cir.record<struct "E" {}>
// X86-NEXT: %[[V39:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "F2" {!cir.float, !cir.float}>}> : () -> !cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>
// X86-NEXT: %[[V40:[a-z0-9]+]] = "cir.cast"(%[[V39]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>) -> !cir.ptr<!cir.vector<!cir.float x 2>>
// X86-NEXT: "cir.store"(%[[V27]], %[[V40]]) : (!cir.vector<!cir.float x 2>, !cir.ptr<!cir.vector<!cir.float x 2>>) -> ()
// X86-NEXT: %[[V41:[a-z0-9]+]] = "cir.load"(%[[V39]]) : (!cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>) -> !cir.record<struct "F2" {!cir.float, !cir.float}>
// X86-NEXT: %[[V42:[a-z0-9]+]] = "cir.alloca"() <{alignment = 4 : i64, allocaType = !cir.int<u, 24>}> : () -> !cir.ptr<!cir.int<u, 24>>
// X86-NEXT: "cir.store"(%[[V28]], %[[V42]]) : (!cir.int<u, 24>, !cir.ptr<!cir.int<u, 24>>) -> ()
// X86-NEXT: %[[V43:[a-z0-9]+]] = "cir.cast"(%[[V42]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.int<u, 24>>) -> !cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>
// X86-NEXT: %[[V44:[a-z0-9]+]] = "cir.load"(%[[V43]]) : (!cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>) -> !cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>
// X86-NEXT: %[[V45:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// X86-NEXT: %[[V46:[a-z0-9]+]] = "cir.cast"(%[[V45]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>
// X86-NEXT: %[[V47:[a-z0-9]+]] = "cir.get_member"(%[[V46]]) <{index = 1 : i64}> : (!cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>) -> !cir.ptr<!cir.double>
// X86-NEXT: "cir.store"(%[[V29]], %[[V47]]) : (!cir.double, !cir.ptr<!cir.double>) -> ()
// X86-NEXT: %[[V48:[a-z0-9]+]] = "cir.load"(%[[V45]]) : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>
// X86-NEXT: %[[V49:[a-z0-9]+]] = "cir.load"(%[[V30]]) : (!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>) -> !cir.record<struct "Q" {!cir.long_double<!cir.f80>}>
// X86-NEXT: %[[V50:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// X86-NEXT: "cir.store"(%[[V35]], %[[V50]]) : (!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>, !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> ()
// X86-NEXT: %[[V51:[a-z0-9]+]] = "cir.cast"(%[[V50]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>
// X86-NEXT: %[[V52:[a-z0-9]+]] = "cir.get_member"(%[[V51]]) <{index = 0 : i64}> : (!cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>) -> !cir.ptr<!cir.double>
// X86-NEXT: %[[V53:[a-z0-9]+]] = "cir.load"(%[[V52]]) : (!cir.ptr<!cir.double>) -> !cir.double
// X86-NEXT: %[[V54:[a-z0-9]+]] = "cir.get_member"(%[[V51]]) <{index = 1 : i64}> : (!cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>) -> !cir.ptr<!cir.int<u, 32>>
// X86-NEXT: %[[V55:[a-z0-9]+]] = "cir.load"(%[[V54]]) : (!cir.ptr<!cir.int<u, 32>>) -> !cir.int<u, 32>
// X86-NEXT: %[[V56:[a-z0-9]+]] = "cir.call"(%[[V53]], %[[V55]]) <{callee = @pair}> : (!cir.double, !cir.int<u, 32>) -> !cir.record<struct {!cir.double, !cir.int<u, 32>}>
// X86-NEXT: %[[V57:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>}> : () -> !cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>
// X86-NEXT: %[[V58:[a-z0-9]+]] = "cir.cast"(%[[V57]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>
// X86-NEXT: "cir.store"(%[[V56]], %[[V58]]) : (!cir.record<struct {!cir.double, !cir.int<u, 32>}>, !cir.ptr<!cir.record<struct {!cir.double, !cir.int<u, 32>}>>) -> ()
// X86-NEXT: %[[V59:[a-z0-9]+]] = "cir.load"(%[[V57]]) : (!cir.ptr<!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>>) -> !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
// X86-NEXT: %[[V60:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>}> : () -> !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>
// X86-NEXT: %[[V61:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>}> : () -> !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>
// X86-NEXT: "cir.store"(%[[V36]], %[[V61]]) : (!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> ()
// X86-NEXT: "cir.call"(%[[V60]], %[[V61]]) <{callee = @mem}> : (!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>, !cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> ()
// X86-NEXT: %[[V62:[a-z0-9]+]] = "cir.load"(%[[V60]]) : (!cir.ptr<!cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>>) -> !cir.record<struct "M" {!cir.int<s, 64>, !cir.int<s, 64>, !cir.int<s, 64>}>
// X86-NEXT: %[[V63:[a-z0-9]+]] = "cir.const"() <{value = 7 : i32}> : () -> !cir.int<s, 32>
// X86-NEXT: "cir.call"(%[[V63]]) <{callee = @empty}> : (!cir.int<s, 32>) -> ()
// X86-NEXT: %[[V64:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "F2" {!cir.float, !cir.float}>}> : () -> !cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>
// X86-NEXT: "cir.store"(%[[V41]], %[[V64]]) : (!cir.record<struct "F2" {!cir.float, !cir.float}>, !cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>) -> ()
// X86-NEXT: %[[V65:[a-z0-9]+]] = "cir.cast"(%[[V64]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "F2" {!cir.float, !cir.float}>>) -> !cir.ptr<!cir.vector<!cir.float x 2>>
// X86-NEXT: %[[V66:[a-z0-9]+]] = "cir.load"(%[[V65]]) : (!cir.ptr<!cir.vector<!cir.float x 2>>) -> !cir.vector<!cir.float x 2>
// X86-NEXT: %[[V67:[a-z0-9]+]] = "cir.alloca"() <{alignment = 4 : i64, allocaType = !cir.int<u, 24>}> : () -> !cir.ptr<!cir.int<u, 24>>
// X86-NEXT: %[[V68:[a-z0-9]+]] = "cir.cast"(%[[V67]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.int<u, 24>>) -> !cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>
// X86-NEXT: "cir.store"(%[[V44]], %[[V68]]) : (!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>, !cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>) -> ()
// X86-NEXT: %[[V69:[a-z0-9]+]] = "cir.load"(%[[V67]]) : (!cir.ptr<!cir.int<u, 24>>) -> !cir.int<u, 24>
// X86-NEXT: %[[V70:[a-z0-9]+]] = "cir.call"(%[[V66]], %[[V69]]) <{callee = @coerce}> : (!cir.vector<!cir.float x 2>, !cir.int<u, 24>) -> !cir.int<u, 24>
// X86-NEXT: %[[V71:[a-z0-9]+]] = "cir.alloca"() <{alignment = 4 : i64, allocaType = !cir.int<u, 24>}> : () -> !cir.ptr<!cir.int<u, 24>>
// X86-NEXT: "cir.store"(%[[V70]], %[[V71]]) : (!cir.int<u, 24>, !cir.ptr<!cir.int<u, 24>>) -> ()
// X86-NEXT: %[[V72:[a-z0-9]+]] = "cir.cast"(%[[V71]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.int<u, 24>>) -> !cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>
// X86-NEXT: %[[V73:[a-z0-9]+]] = "cir.load"(%[[V72]]) : (!cir.ptr<!cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>>) -> !cir.record<struct "C3" {!cir.int<s, 8>, !cir.int<s, 8>, !cir.int<s, 8>}>
// X86-NEXT: %[[V74:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// X86-NEXT: "cir.store"(%[[V48]], %[[V74]]) : (!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>, !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> ()
// X86-NEXT: %[[V75:[a-z0-9]+]] = "cir.cast"(%[[V74]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>
// X86-NEXT: %[[V76:[a-z0-9]+]] = "cir.get_member"(%[[V75]]) <{index = 1 : i64}> : (!cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>) -> !cir.ptr<!cir.double>
// X86-NEXT: %[[V77:[a-z0-9]+]] = "cir.load"(%[[V76]]) : (!cir.ptr<!cir.double>) -> !cir.double
// X86-NEXT: %[[V78:[a-z0-9]+]] = "cir.call"(%[[V77]]) <{callee = @offset}> : (!cir.double) -> !cir.double
// X86-NEXT: %[[V79:[a-z0-9]+]] = "cir.alloca"() <{alignment = 8 : i64, allocaType = !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>}> : () -> !cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>
// X86-NEXT: %[[V80:[a-z0-9]+]] = "cir.cast"(%[[V79]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>
// X86-NEXT: %[[V81:[a-z0-9]+]] = "cir.get_member"(%[[V80]]) <{index = 1 : i64}> : (!cir.ptr<!cir.record<struct {!cir.array<!cir.int<u, 8> x 8>, !cir.double}>>) -> !cir.ptr<!cir.double>
// X86-NEXT: "cir.store"(%[[V78]], %[[V81]]) : (!cir.double, !cir.ptr<!cir.double>) -> ()
// X86-NEXT: %[[V82:[a-z0-9]+]] = "cir.load"(%[[V79]]) : (!cir.ptr<!cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>>) -> !cir.record<struct "O" {!cir.int<s, 64> bits(64) unnamed, !cir.double}>
// X86-NEXT: %[[V83:[a-z0-9]+]] = "cir.const"() <{value = 7 : i128}> : () -> !cir.int<s, 128>
// X86-NEXT: %[[V84:[a-z0-9]+]] = "cir.alloca"() <{alignment = 16 : i64, allocaType = !cir.record<struct "Q" {!cir.long_double<!cir.f80>}>}> : () -> !cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>
// X86-NEXT: "cir.store"(%[[V49]], %[[V84]]) : (!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>, !cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>) -> ()
// X86-NEXT: %[[V85:[a-z0-9]+]] = "cir.alloca"() <{alignment = 16 : i64, allocaType = !cir.int<s, 128>}> : () -> !cir.ptr<!cir.int<s, 128>>
// X86-NEXT: "cir.store"(%[[V83]], %[[V85]]) : (!cir.int<s, 128>, !cir.ptr<!cir.int<s, 128>>) -> ()
// X86-NEXT: %[[V86:[a-z0-9]+]] = "cir.cast"(%[[V85]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.int<s, 128>>) -> !cir.ptr<!cir.record<struct {!cir.int<u, 64>, !cir.int<u, 64>}>>
// X86-NEXT: %[[V87:[a-z0-9]+]] = "cir.get_member"(%[[V86]]) <{index = 0 : i64}> : (!cir.ptr<!cir.record<struct {!cir.int<u, 64>, !cir.int<u, 64>}>>) -> !cir.ptr<!cir.int<u, 64>>
// X86-NEXT: %[[V88:[a-z0-9]+]] = "cir.load"(%[[V87]]) : (!cir.ptr<!cir.int<u, 64>>) -> !cir.int<u, 64>
// X86-NEXT: %[[V89:[a-z0-9]+]] = "cir.get_member"(%[[V86]]) <{index = 1 : i64}> : (!cir.ptr<!cir.record<struct {!cir.int<u, 64>, !cir.int<u, 64>}>>) -> !cir.ptr<!cir.int<u, 64>>
// X86-NEXT: %[[V90:[a-z0-9]+]] = "cir.load"(%[[V89]]) : (!cir.ptr<!cir.int<u, 64>>) -> !cir.int<u, 64>
// X86-NEXT: %[[V91:[a-z0-9]+]] = "cir.call"(%[[V84]], %[[V88]], %[[V90]]) <{callee = @quad}> : (!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>, !cir.int<u, 64>, !cir.int<u, 64>) -> !cir.long_double<!cir.f80>
// X86-NEXT: %[[V92:[a-z0-9]+]] = "cir.alloca"() <{alignment = 16 : i64, allocaType = !cir.record<struct "Q" {!cir.long_double<!cir.f80>}>}> : () -> !cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>
// X86-NEXT: %[[V93:[a-z0-9]+]] = "cir.cast"(%[[V92]]) <{kind = "bitcast"}> : (!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>) -> !cir.ptr<!cir.long_double<!cir.f80>>
// X86-NEXT: "cir.store"(%[[V91]], %[[V93]]) : (!cir.long_double<!cir.f80>, !cir.ptr<!cir.long_double<!cir.f80>>) -> ()
// X86-NEXT: %[[V94:[a-z0-9]+]] = "cir.load"(%[[V92]]) : (!cir.ptr<!cir.record<struct "Q" {!cir.long_double<!cir.f80>}>>) -> !cir.record<struct "Q" {!cir.long_double<!cir.f80>}>
// X86-NEXT: %[[V95:[a-z0-9]+]] = "cir.const"() <{value = 1.000000e+00 : f64}> : () -> !cir.double
// X86-NEXT: %[[V96:[a-z0-9]+]] = "cir.call"(%[[V63]], %[[V95]]) <{callee = @direct}> : (!cir.int<s, 32>, !cir.double) -> !cir.int<s, 32>
// X86-NEXT: "cir.return"() : () -> ()
// X86-NEXT: }) : () -> ()
// X86-NEXT: }) {abi.lowered} : () -> ()
