// The Design example of the spec: each of the five lets on its own (the
// values the spec's comments state), then all five in one body, where they
// apply in order.
//
// The CHECK lines are the exact output of llvm-tblgen-19 on a hand-desugared
// twin of this file; they are expected to pass once irkit implements
// let append.
// RUN: irkit tblgen %s | FileCheck %s

def op;

class Base {
  list<int> items = [1, 2];
  string text = "hello";
  dag d = (op);
}

def AppendItems : Base {
  let append items = [3, 4]; // items = [1, 2, 3, 4]
}
def PrependItems : Base {
  let prepend items = [0]; // items = [0, 1, 2]
}
def AppendText : Base {
  let append text = " world"; // text = "hello world"
}
def PrependText : Base {
  let prepend text = "say "; // text = "say hello"
}
def AppendDag : Base {
  let append d = (op 3:$a); // d = (op 3:$a)
}
def PrependDag : Base {
  let prepend d = (op 0:$z);
}

// All five in one body, in order: items [1, 2] -> [1, 2, 3, 4] -> [0, 1, 2, 3, 4].
def Example : Base {
  let append items = [3, 4];
  let prepend items = [0];
  let append text = " world";
  let prepend text = "say ";
  let append d = (op 3:$a);
}

// A plain let still replaces, also after an append.
def OverrideAfterAppend : Base {
  let append items = [3];
  let items = [10];
}

// ---- expected: llvm-tblgen-19 --print-records on the hand-desugared twin, Defs section ----
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-NEXT: def AppendDag { // Base
// CHECK-NEXT:   list<int> items = [1, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   dag d = (op 3:$a);
// CHECK-NEXT: }
// CHECK-NEXT: def AppendItems { // Base
// CHECK-NEXT:   list<int> items = [1, 2, 3, 4];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   dag d = (op);
// CHECK-NEXT: }
// CHECK-NEXT: def AppendText { // Base
// CHECK-NEXT:   list<int> items = [1, 2];
// CHECK-NEXT:   string text = "hello world";
// CHECK-NEXT:   dag d = (op);
// CHECK-NEXT: }
// CHECK-NEXT: def Example { // Base
// CHECK-NEXT:   list<int> items = [0, 1, 2, 3, 4];
// CHECK-NEXT:   string text = "say hello world";
// CHECK-NEXT:   dag d = (op 3:$a);
// CHECK-NEXT: }
// CHECK-NEXT: def OverrideAfterAppend { // Base
// CHECK-NEXT:   list<int> items = [10];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   dag d = (op);
// CHECK-NEXT: }
// CHECK-NEXT: def PrependDag { // Base
// CHECK-NEXT:   list<int> items = [1, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   dag d = (op 0:$z);
// CHECK-NEXT: }
// CHECK-NEXT: def PrependItems { // Base
// CHECK-NEXT:   list<int> items = [0, 1, 2];
// CHECK-NEXT:   string text = "hello";
// CHECK-NEXT:   dag d = (op);
// CHECK-NEXT: }
// CHECK-NEXT: def PrependText { // Base
// CHECK-NEXT:   list<int> items = [1, 2];
// CHECK-NEXT:   string text = "say hello";
// CHECK-NEXT:   dag d = (op);
// CHECK-NEXT: }
// CHECK-NEXT: def op {
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
