// --explain with multiple inheritance: parents are merged left to right and
// the last parent's value wins; `let append` then applies to that value
// (the spec's example). A plain redeclaration replaces the value.
// RUN: irkit tblgen --explain D.items %s | FileCheck %s
// RUN: irkit tblgen --explain Q.items %s | FileCheck %s --check-prefix=REDECL
// RUN: irkit tblgen %s | FileCheck %s --check-prefix=REC

class A { list<int> items = [1, 2]; }
class B { list<int> items = [3, 4]; }
def D : A, B {
  let append items = [5]; // items = [3, 4, 5] (A's value is lost)
}
class R : A { list<int> items = [9]; }
def Q : R;

// CHECK:      D.items: list<int> = [3, 4, 5]
// CHECK-NEXT:   1. A {{.*}}multiple-inheritance.td:8:21  declared [1, 2]
// CHECK-NEXT:   2. B {{.*}}multiple-inheritance.td:9:21  declared [3, 4] (overrides A: last parent wins)
// CHECK-NEXT:   3. D {{.*}}multiple-inheritance.td:11:7  appended [5] -> [3, 4, 5]
// CHECK-EMPTY:

// REDECL:      Q.items: list<int> = [9]
// REDECL-NEXT:   1. A {{.*}}multiple-inheritance.td:8:21  declared [1, 2]
// REDECL-NEXT:   2. R {{.*}}multiple-inheritance.td:13:25 redeclared [9]
// REDECL-EMPTY:

// REC-LABEL: def D {
// REC-NEXT:    list<int> items = [3, 4, 5];
// REC-LABEL: def Q {
// REC-NEXT:    list<int> items = [9];
