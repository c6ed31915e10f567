// --explain with top-level `let … in`: several items of one let apply left
// to right, nested scopes outermost first, all after the parents are merged
// and before the record's body; each step says it came from a top-level let.
// RUN: irkit tblgen --explain Nested.items %s | FileCheck %s
// RUN: irkit tblgen --explain Several.items %s | FileCheck %s --check-prefix=SEVERAL
// RUN: irkit tblgen --explain Several.text %s | FileCheck %s --check-prefix=TEXT
// RUN: irkit tblgen --explain InClass.items %s | FileCheck %s --check-prefix=CLASS
// RUN: irkit tblgen %s | FileCheck %s --check-prefix=REC

class Base {
  list<int> items = [1, 2];
  string text = "hello";
}

let append items = [100] in {
  let append items = [200] in {
    def Nested : Base {
      let append items = [300];
    }
  }
}

let prepend items = [0], append items = [100], append text = " suffix" in
def Several : Base {
  let prepend text = ">";
}

// A top-level let around a class is part of the class's chain.
let append items = [7] in
class WithLet : Base;
def InClass : WithLet {
  let append items = [8];
}

// CHECK:      Nested.items: list<int> = [1, 2, 100, 200, 300]
// CHECK-NEXT:   1. Base   {{.*}}top-level.td:11:13 declared [1, 2]
// CHECK-NEXT:   2. Nested {{.*}}top-level.td:15:5  appended [100] -> [1, 2, 100] (top-level let … in)
// CHECK-NEXT:   3. Nested {{.*}}top-level.td:16:7  appended [200] -> [1, 2, 100, 200] (top-level let … in)
// CHECK-NEXT:   4. Nested {{.*}}top-level.td:18:11 appended [300] -> [1, 2, 100, 200, 300]
// CHECK-EMPTY:

// SEVERAL:      Several.items: list<int> = [0, 1, 2, 100]
// SEVERAL-NEXT:   1. Base    {{.*}}top-level.td:11:13 declared [1, 2]
// SEVERAL-NEXT:   2. Several {{.*}}top-level.td:23:5  prepended [0] -> [0, 1, 2] (top-level let … in)
// SEVERAL-NEXT:   3. Several {{.*}}top-level.td:23:26 appended [100] -> [0, 1, 2, 100] (top-level let … in)
// SEVERAL-EMPTY:

// TEXT:      Several.text: string = ">hello suffix"
// TEXT-NEXT:   1. Base    {{.*}}top-level.td:12:10 declared "hello"
// TEXT-NEXT:   2. Several {{.*}}top-level.td:23:48 appended " suffix" -> "hello suffix" (top-level let … in)
// TEXT-NEXT:   3. Several {{.*}}top-level.td:25:7  prepended ">" -> ">hello suffix"
// TEXT-EMPTY:

// CLASS:      InClass.items: list<int> = [1, 2, 7, 8]
// CLASS-NEXT:   1. Base    {{.*}}top-level.td:11:13 declared [1, 2]
// CLASS-NEXT:   2. WithLet {{.*}}top-level.td:29:5  appended [7] -> [1, 2, 7] (top-level let … in)
// CLASS-NEXT:   3. InClass {{.*}}top-level.td:32:7  appended [8] -> [1, 2, 7, 8]
// CLASS-EMPTY:

// REC-LABEL: def InClass {
// REC-NEXT:    list<int> items = [1, 2, 7, 8];
// REC-LABEL: def Nested {
// REC-NEXT:    list<int> items = [1, 2, 100, 200, 300];
// REC-LABEL: def Several {
// REC-NEXT:    list<int> items = [0, 1, 2, 100];
// REC-NEXT:    string text = ">hello suffix";
