// The spec's multi-level and multiple-inheritance examples: accumulation
// along a chain; with several parents the last parent's value wins first and
// the append applies to that value.
//
// The CHECK lines are the exact output of llvm-tblgen-19 on a hand-desugared
// twin of this file; they are expected to pass once irkit implements
// let append.
// RUN: irkit tblgen %s | FileCheck %s

class Base {
  list<int> items = [1, 2];
}
class Middle : Base {
  let append items = [3]; // items = [1, 2, 3]
}
def Leaf : Middle {
  let append items = [4]; // items = [1, 2, 3, 4]
}

class A { list<int> items = [1, 2]; }
class B { list<int> items = [3, 4]; }
def D : A, B {
  let append items = [5]; // items = [3, 4, 5] (A's value is lost)
}

// The same with prepend, strings, and a class in the middle of the chain
// that opts out with a plain let.
class SBase { string text = "a"; list<string> names = ["x"]; }
class SMid : SBase { let append text = "b"; let prepend names = ["w"]; }
class SReset : SMid { let text = "r"; }
class SMid2 : SReset { let append text = "c"; let append names = ["y"]; }
def S1 : SMid2 { let prepend text = "0"; }
def S2 : SMid { let append text = "!"; }

// Multiple inheritance where the last parent leaves the field unset: `?`
// wins, and the append then gives the new value as is.
class U { list<int> items = ?; }
def D2 : A, U {
  let append items = [9];
}
def D3 : U, A {
  let prepend items = [9];
}

// ---- expected: llvm-tblgen-19 --print-records on the hand-desugared twin, Defs section ----
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-NEXT: def D { // A B
// CHECK-NEXT:   list<int> items = [3, 4, 5];
// CHECK-NEXT: }
// CHECK-NEXT: def D2 { // A U
// CHECK-NEXT:   list<int> items = [9];
// CHECK-NEXT: }
// CHECK-NEXT: def D3 { // U A
// CHECK-NEXT:   list<int> items = [9, 1, 2];
// CHECK-NEXT: }
// CHECK-NEXT: def Leaf { // Base Middle
// CHECK-NEXT:   list<int> items = [1, 2, 3, 4];
// CHECK-NEXT: }
// CHECK-NEXT: def S1 { // SBase SMid SReset SMid2
// CHECK-NEXT:   string text = "0rc";
// CHECK-NEXT:   list<string> names = ["w", "x", "y"];
// CHECK-NEXT: }
// CHECK-NEXT: def S2 { // SBase SMid
// CHECK-NEXT:   string text = "ab!";
// CHECK-NEXT:   list<string> names = ["w", "x"];
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
