// --explain when a value is handed down through template arguments over
// several levels (as MLIR's Op<dialect, mnemonic, traits> is): under the
// step, one line per level shows the value after that level's arguments
// were substituted, and where the arguments were given.
// RUN: irkit tblgen --explain AddOp.traits %s | FileCheck %s
// RUN: irkit tblgen --explain Sub_x.traits %s | FileCheck %s --check-prefix=DEFM
// RUN: irkit tblgen %s | FileCheck %s --check-prefix=REC

class Op<list<int> props = []> { list<int> traits = props; }
class DialectOp<list<int> t = []> : Op<!listconcat(t, [100])>;
class BinaryOp<list<int> t = []> : DialectOp<!listconcat([1], t)>;
def AddOp : BinaryOp<[7]> {
  let append traits = [200];
}
multiclass M<int n> { def _x : BinaryOp<[n]>; }
defm Sub : M<9>;

// CHECK:      AddOp.traits: list<int> = [1, 7, 100, 200]
// CHECK-NEXT:   1. Op    {{.*}}template-args.td:9:44 declared Op:props = [1, 7, 100]
// CHECK-NEXT:   = !listconcat(DialectOp:t, [100]) (arguments of Op given at {{.*}}template-args.td:10:37)
// CHECK-NEXT:   = !listconcat(!listconcat([1], BinaryOp:t), [100]) (arguments of DialectOp given at {{.*}}template-args.td:11:36)
// CHECK-NEXT:   = [1, 7, 100] (arguments of BinaryOp given at {{.*}}template-args.td:12:13)
// CHECK-NEXT:   2. AddOp {{.*}}template-args.td:13:7 appended [200] -> [1, 7, 100, 200]
// CHECK-EMPTY:

// DEFM:      Sub_x.traits: list<int> = [1, 9, 100]
// DEFM-NEXT:   1. Op {{.*}}template-args.td:9:44 declared Op:props = [1, 9, 100]
// DEFM-NEXT:   = !listconcat(DialectOp:t, [100]) (arguments of Op given at {{.*}}template-args.td:10:37)
// DEFM-NEXT:   = !listconcat(!listconcat([1], BinaryOp:t), [100]) (arguments of DialectOp given at {{.*}}template-args.td:11:36)
// DEFM-NEXT:   = [1, M::n, 100] (arguments of BinaryOp given at {{.*}}template-args.td:15:32)
// DEFM-NEXT:   = [1, 9, 100] (made into Sub_x)
// DEFM-EMPTY:

// REC-LABEL: def AddOp {
// REC-NEXT:    list<int> traits = [1, 7, 100, 200];
// REC-LABEL: def Sub_x {
// REC-NEXT:    list<int> traits = [1, 9, 100];
