// assert (passing, in records, at top level, in multiclasses) and dump.
// RUN: irkit tblgen %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DUMP --input-file=%t.err
// RUN: not irkit tblgen -DFAIL %s 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: not irkit tblgen --llvm-compat=19 -DFAIL %s 2>&1 | FileCheck %s --check-prefix=FAIL19

class Pos<int n> {
  // FAIL: assert-dump.td:[[@LINE+2]]:10: error: assertion failed: n must be positive, got 0
  // FAIL19: assert-dump.td:[[@LINE+1]]:10: error: assertion failed{{$}}
  assert !gt(n, 0), "n must be positive, got " # n;
  int N = n;
}
def P1 : Pos<1>;
assert !eq(P1.N, 1), "top-level";
multiclass MP<int n> {
  assert !lt(n, 100), "too big";
  def _p : Pos<n>;
}
defm M : MP<5>;

dump !strconcat("dumped ", !cast<string>(P1.N));
// DUMP: note: dumped 1

#ifdef FAIL
def Bad : Pos<0>;
// FAIL: assert-dump.td:[[@LINE-1]]:5: error: assertion failed in this record
// FAIL19: note: n must be positive, got 0
// FAIL19-NOT: in this record
#endif

// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def M_p {	// Pos
// CHECK-NEXT:   int N = 5;
// CHECK-NEXT: }
// CHECK-LABEL: def P1 {	// Pos
// CHECK-NEXT:   int N = 1;
// CHECK-NEXT: }
