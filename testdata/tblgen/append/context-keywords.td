// `append` and `prepend` are context-sensitive: only right after `let` and
// before a field name are they modifiers. Everywhere else they are ordinary
// identifiers (fields, classes, defs).
//
// The CHECK lines are the exact output of llvm-tblgen-19 on a hand-desugared
// twin of this file; they are expected to pass once irkit implements
// let append.
// RUN: irkit tblgen %s | FileCheck %s

class HasFields {
  list<int> append = [1, 2];
  list<int> prepend = [3, 4];
  list<int> items = [7];
}

// The first `append` is the modifier, the second the field.
def AppendToAppend : HasFields {
  let append append = [5];      // append = [1, 2, 5]
  let prepend prepend = [0];    // prepend = [0, 3, 4]
}

// A plain let of the fields named `prepend` and `append`.
def ReplacePrepend : HasFields {
  let prepend = [9];            // prepend = [9]
  let append = [8];             // append = [8]
}

// Modifier on one field, field named like the other modifier.
def Crossed : HasFields {
  let append prepend = [5];     // prepend = [3, 4, 5]
  let prepend append = [0];     // append = [0, 1, 2]
}

// At top level, `let append = ... in` sets the field named `append`.
let append = [10, 20] in {
  def TopAppendField : HasFields;
}
let append append = [30], prepend = [40], prepend items = [6] in {
  def TopMixed : HasFields;
}

// Classes and defs may be called append / prepend.
class append { string s = "class append"; }
class prepend : append { let append s = "+"; }
def prepend_def : prepend;
def append_def : append { let prepend s = ">"; }

// ---- expected: llvm-tblgen-19 --print-records on the hand-desugared twin, Defs section ----
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-NEXT: def AppendToAppend { // HasFields
// CHECK-NEXT:   list<int> append = [1, 2, 5];
// CHECK-NEXT:   list<int> prepend = [0, 3, 4];
// CHECK-NEXT:   list<int> items = [7];
// CHECK-NEXT: }
// CHECK-NEXT: def Crossed { // HasFields
// CHECK-NEXT:   list<int> append = [0, 1, 2];
// CHECK-NEXT:   list<int> prepend = [3, 4, 5];
// CHECK-NEXT:   list<int> items = [7];
// CHECK-NEXT: }
// CHECK-NEXT: def ReplacePrepend { // HasFields
// CHECK-NEXT:   list<int> append = [8];
// CHECK-NEXT:   list<int> prepend = [9];
// CHECK-NEXT:   list<int> items = [7];
// CHECK-NEXT: }
// CHECK-NEXT: def TopAppendField { // HasFields
// CHECK-NEXT:   list<int> append = [10, 20];
// CHECK-NEXT:   list<int> prepend = [3, 4];
// CHECK-NEXT:   list<int> items = [7];
// CHECK-NEXT: }
// CHECK-NEXT: def TopMixed { // HasFields
// CHECK-NEXT:   list<int> append = [1, 2, 30];
// CHECK-NEXT:   list<int> prepend = [40];
// CHECK-NEXT:   list<int> items = [6, 7];
// CHECK-NEXT: }
// CHECK-NEXT: def append_def { // append
// CHECK-NEXT:   string s = ">class append";
// CHECK-NEXT: }
// CHECK-NEXT: def prepend_def { // append prepend
// CHECK-NEXT:   string s = "class append+";
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
