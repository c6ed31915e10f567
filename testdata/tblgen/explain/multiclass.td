// --explain on records made by defm and foreach (asked for by their final
// names), with template arguments, loop variables and NAME in the values:
// each step shows the value as written and what it resolved to.
// RUN: irkit tblgen --explain X_a.items %s | FileCheck %s
// RUN: irkit tblgen --explain X_a.text %s | FileCheck %s --check-prefix=NAME
// RUN: irkit tblgen --explain X_b.items %s | FileCheck %s --check-prefix=INHERIT
// RUN: irkit tblgen --explain L2.items %s | FileCheck %s --check-prefix=LOOP
// RUN: irkit tblgen --explain T.items %s | FileCheck %s --check-prefix=TARG
// RUN: irkit tblgen --explain C.items %s | FileCheck %s --check-prefix=CLASS
// RUN: irkit tblgen %s | FileCheck %s --check-prefix=REC

class Base { list<int> items = [1]; string text = "t"; }
class C<list<int> x> : Base {
  let append items = x;
  let append text = NAME;
}
def T : C<[7, 8]>;

multiclass M<int n> {
  def _a : C<[n]> {
    let append items = [!add(n, 1)];
  }
  def _b : Base;
}
class Extra { list<int> items = [50]; }
let append items = [60] in
defm X : M<40>, Extra;

foreach i = [1, 2] in
  def L#i : Base { let prepend items = [i]; }

// CHECK:      X_a.items: list<int> = [50, 60]
// CHECK-NEXT:   1. Base  {{.*}}multiclass.td:12:24 declared [1]
// CHECK-NEXT:   2. C     {{.*}}multiclass.td:14:7  appended C:x = [40] -> [1, 40]
// CHECK-NEXT:                 = [M::n] (arguments of C given at {{.*}}multiclass.td:20:12)
// CHECK-NEXT:                 = [40] (made into X_a)
// CHECK-NEXT:   3. X_a   {{.*}}multiclass.td:21:9  appended [!add(M::n, 1)] = [41] -> [1, 40, 41]
// CHECK-NEXT:   4. Extra {{.*}}multiclass.td:25:25 declared [50] (overrides X_a: last parent wins)
// CHECK-NEXT:   5. X_a   {{.*}}multiclass.td:26:5  appended [60] -> [50, 60] (top-level let … in)
// CHECK-EMPTY:

// NAME:      X_a.text: string = "tX_a"
// NAME-NEXT:   1. Base {{.*}}multiclass.td:12:44 declared "t"
// NAME-NEXT:   2. C    {{.*}}multiclass.td:15:7  appended C:NAME = "X_a" -> "tX_a"
// NAME-NEXT:               = !strconcat(M::NAME, "_a") (arguments of C given at {{.*}}multiclass.td:20:12)
// NAME-NEXT:               = "X_a" (made into X_a)
// NAME-EMPTY:

// INHERIT:      X_b.items: list<int> = [50, 60]
// INHERIT-NEXT:   1. Base  {{.*}}multiclass.td:12:24 declared [1]
// INHERIT-NEXT:   2. Extra {{.*}}multiclass.td:25:25 declared [50] (overrides Base: last parent wins)
// INHERIT-NEXT:   3. X_b   {{.*}}multiclass.td:26:5  appended [60] -> [50, 60] (top-level let … in)
// INHERIT-EMPTY:

// LOOP:      L2.items: list<int> = [2, 1]
// LOOP-NEXT:   1. Base {{.*}}multiclass.td:12:24 declared [1]
// LOOP-NEXT:   2. L2   {{.*}}multiclass.td:30:24 prepended [i] = [2] -> [2, 1]
// LOOP-EMPTY:

// TARG:      T.items: list<int> = [1, 7, 8]
// TARG-NEXT:   1. Base {{.*}}multiclass.td:12:24 declared [1]
// TARG-NEXT:   2. C    {{.*}}multiclass.td:14:7  appended C:x = [7, 8] -> [1, 7, 8]
// TARG-EMPTY:

// CLASS:      C.items: list<int> = !listconcat([1], C:x)
// CLASS-NEXT:   1. Base {{.*}}multiclass.td:12:24 declared [1]
// CLASS-NEXT:   2. C    {{.*}}multiclass.td:14:7  appended C:x -> !listconcat([1], C:x)
// CLASS-EMPTY:

// REC-LABEL: def L1 {
// REC-NEXT:    list<int> items = [1, 1];
// REC-LABEL: def L2 {
// REC-NEXT:    list<int> items = [2, 1];
// REC-LABEL: def T {
// REC-NEXT:    list<int> items = [1, 7, 8];
// REC-NEXT:    string text = "tT";
// REC-LABEL: def X_a {
// REC-NEXT:    list<int> items = [50, 60];
// REC-NEXT:    string text = "tX_a";
// REC-LABEL: def X_b {
// REC-NEXT:    list<int> items = [50, 60];
