// A !foreach body meets the same item in many records; its result is reused
// only when nothing in it reads the records made so far (!exists, !cast).
// Checked against llvm-tblgen-22 and llvm-tblgen-19 (same output).
// RUN: irkit tblgen %s | FileCheck %s
// RUN: irkit tblgen --llvm-compat=19 %s | FileCheck %s

class Foo { int v = 1; }
defvar names = ["X", "Y"];
class C<string s> {
  list<int> ex = !foreach(n, names, !exists<Foo>(n));
  list<int> pure = !foreach(n, names, !size(n # s));
}
def A : C<"a">;
def X : Foo;
def B : C<"a">;
def Y : Foo;
def D : C<"a"> {
  list<int> vs = !foreach(n, names, !cast<Foo>(n).v);
}

// CHECK-LABEL: ------------- Defs -----------------
// CHECK-NEXT: def A {	// C
// CHECK-NEXT:   list<int> ex = [0, 0];
// CHECK-NEXT:   list<int> pure = [2, 2];
// CHECK-NEXT: }
// CHECK-NEXT: def B {	// C
// CHECK-NEXT:   list<int> ex = [1, 0];
// CHECK-NEXT:   list<int> pure = [2, 2];
// CHECK-NEXT: }
// CHECK-NEXT: def D {	// C
// CHECK-NEXT:   list<int> ex = [1, 1];
// CHECK-NEXT:   list<int> pure = [2, 2];
// CHECK-NEXT:   list<int> vs = [1, 1];
// CHECK-NEXT: }
// CHECK-NEXT: def X {	// Foo
// CHECK-NEXT:   int v = 1;
// CHECK-NEXT: }
// CHECK-NEXT: def Y {	// Foo
// CHECK-NEXT:   int v = 1;
// CHECK-NEXT: }
