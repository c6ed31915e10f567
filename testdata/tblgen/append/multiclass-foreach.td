// let append/prepend in multiclass, defm and foreach bodies, with template
// arguments, loop variables and NAME in the value (values that are not yet
// resolved when the let applies).
//
// Where a top-level let applies to a defm: the multiclass's defs are built
// when the multiclass is defined (parents, then the lets around the def,
// then its body); at the defm, the extra classes after the multiclass are
// added, then the lets around the defm apply, as for a plain let.
//
// The CHECK lines are the exact output of llvm-tblgen-19 on a hand-desugared
// twin of this file (defms written out as the defs they generate); they are
// expected to pass once irkit implements let append.
// RUN: irkit tblgen %s | FileCheck %s

class Base {
  list<int> items = [1, 2];
  string text = "hello";
  list<string> names = ["n"];
}

// Template arguments in the appended value.
class Parameterized<list<int> init> {
  list<int> items = init;
}
class Twice<int x> : Parameterized<[x]> {
  let append items = [x];
}
def FromTemplateArg : Parameterized<[1, 2]> {
  let append items = [3];
}
def FromTwice : Twice<5> {
  let prepend items = [4];
}
class Named<string n> : Base {
  let append text = n;
  let prepend names = [n, NAME];
}
def WithName : Named<" there">;

// A multiclass whose defs append the multiclass argument and NAME.
multiclass MC<list<int> extra> {
  def _a : Base {
    let append items = extra;
    let append names = [NAME];
  }
  def _b : Base {
    let prepend items = extra;
  }
}
defm MCTest : MC<[10, 20]>;

// A let around a defm applies after the multiclass bodies.
let append items = [99], prepend text = "defm:" in
  defm Around : MC<[10]>;

// An extra class after the multiclass overrides the body's value first,
// then the let around the defm appends to that.
class Extra { list<int> items = [42]; }
defm WithExtra : MC<[7]>, Extra;
let append items = [43] in
  defm WithExtraAround : MC<[7]>, Extra;

// Lets inside the multiclass body, and a foreach in it.
multiclass MC2<int v> {
  let append items = [v] in
    def _x : Base;
  foreach j = [1, 2] in
    def _y#j : Base {
      let prepend items = [j, v];
    }
}
defm Two : MC2<5>;

// A let around the multiclass definition applies to its defs.
let append text = "!" in
  multiclass MC3 {
    def _z : Base {
      let append text = "?";
    }
  }
defm Three : MC3;

// foreach bodies: body-level and top-level lets using the loop variable.
foreach i = [1, 2] in {
  def F#i : Base {
    let append items = [i];
  }
  let prepend items = [!mul(i, 10)] in
    def G#i : Base;
}

// ---- expected: llvm-tblgen-19 --print-records on the hand-desugared twin, Defs section ----
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-NEXT: def Around_a { // Base
// CHECK-NEXT:   list<int> items = [1, 2, 10, 99];
// CHECK-NEXT:   string text = "defm:hello";
// CHECK-NEXT:   list<string> names = ["n", "Around"];
// CHECK-NEXT: }
// CHECK-NEXT: def Around_b { // Base
// CHECK-NEXT:   list<int> items = [10, 1, 2, 99];
// CHECK-NEXT:   string text = "defm:hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def F1 { // Base
// CHECK-NEXT:   list<int> items = [1, 2, 1];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def F2 { // Base
// CHECK-NEXT:   list<int> items = [1, 2, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def FromTemplateArg { // Parameterized
// CHECK-NEXT:   list<int> items = [1, 2, 3];
// CHECK-NEXT: }
// CHECK-NEXT: def FromTwice { // Parameterized Twice
// CHECK-NEXT:   list<int> items = [4, 5, 5];
// CHECK-NEXT: }
// CHECK-NEXT: def G1 { // Base
// CHECK-NEXT:   list<int> items = [10, 1, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def G2 { // Base
// CHECK-NEXT:   list<int> items = [20, 1, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def MCTest_a { // Base
// CHECK-NEXT:   list<int> items = [1, 2, 10, 20];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n", "MCTest"];
// CHECK-NEXT: }
// CHECK-NEXT: def MCTest_b { // Base
// CHECK-NEXT:   list<int> items = [10, 20, 1, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def Three_z { // Base
// CHECK-NEXT:   list<int> items = [1, 2];
// CHECK-NEXT:   string text = "hello!?";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def Two_x { // Base
// CHECK-NEXT:   list<int> items = [1, 2, 5];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def Two_y1 { // Base
// CHECK-NEXT:   list<int> items = [1, 5, 1, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def Two_y2 { // Base
// CHECK-NEXT:   list<int> items = [2, 5, 1, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def WithExtraAround_a { // Base Extra
// CHECK-NEXT:   list<int> items = [42, 43];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n", "WithExtraAround"];
// CHECK-NEXT: }
// CHECK-NEXT: def WithExtraAround_b { // Base Extra
// CHECK-NEXT:   list<int> items = [42, 43];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def WithExtra_a { // Base Extra
// CHECK-NEXT:   list<int> items = [42];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n", "WithExtra"];
// CHECK-NEXT: }
// CHECK-NEXT: def WithExtra_b { // Base Extra
// CHECK-NEXT:   list<int> items = [42];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   list<string> names = ["n"];
// CHECK-NEXT: }
// CHECK-NEXT: def WithName { // Base Named
// CHECK-NEXT:   list<int> items = [1, 2];
// CHECK-NEXT:   string text = "hello there";
// CHECK-NEXT:   list<string> names = [" there", "WithName", "n"];
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
