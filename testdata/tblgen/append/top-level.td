// Top-level `let ... in` with append/prepend: several items in one let apply
// left to right; nested scopes apply outermost first; all of them apply
// after the parent classes are merged and before the record's body.
//
// The CHECK lines are the exact output of llvm-tblgen-19 on a hand-desugared
// twin of this file; they are expected to pass once irkit implements
// let append.
// RUN: irkit tblgen %s | FileCheck %s

class Base {
  list<int> items = [1, 2];
  string text = "hello";
  code body = [{ int x; }];
}

// items: [1, 2] -> [0, 1, 2] -> [0, 1, 2, 100]; text: "hello suffix".
let prepend items = [0], append items = [100], append text = " suffix" in {
  def Several : Base;
  // The body comes after the top-level items.
  def SeveralThenBody : Base {
    let append items = [200];
    let prepend text = ">";
  }
}

// Nested scopes: outer first, then inner.
let append items = [100] in {
  let append items = [200] in {
    def Nested : Base;
  }
  let prepend items = [50] in
    def NestedPrepend : Base;
  def OuterOnly : Base;
}

// A plain top-level let followed by an append in an inner scope.
let items = [7] in {
  let append items = [8], append body = [{ int y; }] in
    def ResetThenAppend : Base;
}

// A top-level let around a class applies to the class (after its parents,
// before its body), so records of the class inherit the result.
let append items = [3] in
  class Middle : Base {
    let append items = [4];
  }
def FromMiddle : Middle;
let append items = [5] in
  def FromMiddleAgain : Middle;

// Top-level let whose value is a string and code on a code field.
let append body = " // tail", prepend body = [{ /* head */ }] in
  def CodeMix : Base;

// ---- expected: llvm-tblgen-19 --print-records on the hand-desugared twin, Defs section ----
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-NEXT: def CodeMix { // Base
// CHECK-NEXT:   list<int> items = [1, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   code body = [{ /* head */  int x;  // tail}];
// CHECK-NEXT: }
// CHECK-NEXT: def FromMiddle { // Base Middle
// CHECK-NEXT:   list<int> items = [1, 2, 3, 4];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   code body = [{ int x; }];
// CHECK-NEXT: }
// CHECK-NEXT: def FromMiddleAgain { // Base Middle
// CHECK-NEXT:   list<int> items = [1, 2, 3, 4, 5];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   code body = [{ int x; }];
// CHECK-NEXT: }
// CHECK-NEXT: def Nested { // Base
// CHECK-NEXT:   list<int> items = [1, 2, 100, 200];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   code body = [{ int x; }];
// CHECK-NEXT: }
// CHECK-NEXT: def NestedPrepend { // Base
// CHECK-NEXT:   list<int> items = [50, 1, 2, 100];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   code body = [{ int x; }];
// CHECK-NEXT: }
// CHECK-NEXT: def OuterOnly { // Base
// CHECK-NEXT:   list<int> items = [1, 2, 100];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   code body = [{ int x; }];
// CHECK-NEXT: }
// CHECK-NEXT: def ResetThenAppend { // Base
// CHECK-NEXT:   list<int> items = [7, 8];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   code body = [{ int x;  int y; }];
// CHECK-NEXT: }
// CHECK-NEXT: def Several { // Base
// CHECK-NEXT:   list<int> items = [0, 1, 2, 100];
// CHECK-NEXT:   string text = "hello suffix";
// CHECK-NEXT:   code body = [{ int x; }];
// CHECK-NEXT: }
// CHECK-NEXT: def SeveralThenBody { // Base
// CHECK-NEXT:   list<int> items = [0, 1, 2, 100, 200];
// CHECK-NEXT:   string text = ">hello suffix";
// CHECK-NEXT:   code body = [{ int x; }];
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
