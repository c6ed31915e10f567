// `?` current values and every supported field type: list<T> (ints,
// strings, records) uses !listconcat, string and code use !strconcat (a code
// literal makes the result code), dag uses !con.
//
// The CHECK lines are the exact output of llvm-tblgen-19 on a hand-desugared
// twin of this file; they are expected to pass once irkit implements
// let append.
// RUN: irkit tblgen %s | FileCheck %s

def op;
class Trait<string n> { string name = n; }
def T1 : Trait<"t1">;
def T2 : Trait<"t2">;

class WithUnset {
  list<int> vals = ?;
  string msg = ?;
  code c = ?;
  dag d = ?;
  list<Trait> traits = ?;
}

// Appending or prepending to `?` gives the new value as is.
def AppendUnset : WithUnset {
  let append vals = [1];
  let append msg = "hi";
  let prepend c = [{ body }];
  let append d = (op 1:$x);
  let prepend traits = [T1];
}

// Then it accumulates.
def AppendUnsetTwice : WithUnset {
  let append vals = [1];
  let append vals = [2];
  let prepend msg = "b";
  let prepend msg = "a";
  let append traits = [T1];
  let append traits = [T2];
}

// A plain `let X = ?` resets, and the next append starts over.
class Filled {
  list<int> vals = [1, 2];
  string msg = "m";
}
def ResetToUnset : Filled {
  let vals = ?;
  let append vals = [3];
  let msg = ?;
  let prepend msg = "p";
}

// A top-level append on an unset field.
let append vals = [5], append msg = "top" in
  def TopUnset : WithUnset;

// Types.
class Typed {
  list<string> strs = ["a"];
  string s = "s";
  code c = [{ c }];
  dag d = (op 1:$a, "two":$b);
  list<Trait> traits = [T1];
  list<dag> dags = [(op 1)];
}
def Types : Typed {
  let append strs = ["b", "c"];
  let prepend s = [{ code first }];  // a code literal makes the string code
  let append c = " plain";           // a string literal added to code
  let prepend d = (op 0:$z);
  let append traits = [T2];
  let prepend dags = [(op 0)];
}
def EmptyLists : Typed {
  let append strs = [];
  let prepend traits = [];
}

// ---- expected: llvm-tblgen-19 --print-records on the hand-desugared twin, Defs section ----
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-NEXT: def AppendUnset { // WithUnset
// CHECK-NEXT:   list<int> vals = [1];
// CHECK-NEXT:   string msg = "hi";
// CHECK-NEXT:   code c = [{ body }];
// CHECK-NEXT:   dag d = (op 1:$x);
// CHECK-NEXT:   list<Trait> traits = [T1];
// CHECK-NEXT: }
// CHECK-NEXT: def AppendUnsetTwice { // WithUnset
// CHECK-NEXT:   list<int> vals = [1, 2];
// CHECK-NEXT:   string msg = "ab";
// CHECK-NEXT:   string c = ?;
// CHECK-NEXT:   dag d = ?;
// CHECK-NEXT:   list<Trait> traits = [T1, T2];
// CHECK-NEXT: }
// CHECK-NEXT: def EmptyLists { // Typed
// CHECK-NEXT:   list<string> strs = ["a"];
// CHECK-NEXT:   string s = "s";
// CHECK-NEXT:   code c = [{ c }];
// CHECK-NEXT:   dag d = (op 1:$a, "two":$b);
// CHECK-NEXT:   list<Trait> traits = [T1];
// CHECK-NEXT:   list<dag> dags = [(op 1)];
// CHECK-NEXT: }
// CHECK-NEXT: def ResetToUnset { // Filled
// CHECK-NEXT:   list<int> vals = [3];
// CHECK-NEXT:   string msg = "p";
// CHECK-NEXT: }
// CHECK-NEXT: def T1 { // Trait
// CHECK-NEXT:   string name = "t1";
// CHECK-NEXT: }
// CHECK-NEXT: def T2 { // Trait
// CHECK-NEXT:   string name = "t2";
// CHECK-NEXT: }
// CHECK-NEXT: def TopUnset { // WithUnset
// CHECK-NEXT:   list<int> vals = [5];
// CHECK-NEXT:   string msg = "top";
// CHECK-NEXT:   string c = ?;
// CHECK-NEXT:   dag d = ?;
// CHECK-NEXT:   list<Trait> traits = ?;
// CHECK-NEXT: }
// CHECK-NEXT: def Types { // Typed
// CHECK-NEXT:   list<string> strs = ["a", "b", "c"];
// CHECK-NEXT:   code s = [{ code first s}];
// CHECK-NEXT:   code c = [{ c  plain}];
// CHECK-NEXT:   dag d = (op 0:$z, 1:$a, "two":$b);
// CHECK-NEXT:   list<Trait> traits = [T1, T2];
// CHECK-NEXT:   list<dag> dags = [(op 0), (op 1)];
// CHECK-NEXT: }
// CHECK-NEXT: def op {
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
