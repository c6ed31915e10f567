// Top-level `let ... in` (single object and blocks, nested, several items,
// bit ranges with <>), and body `let` overriding them.
// RUN: irkit tblgen %s | FileCheck %s

class C { int a = 0; string s = "c"; bits<8> f = 0; list<int> l = []; }

let a = 1 in
def A : C;

let a = 2, s = "two" in {
  def B : C;
  let s = "inner" in {
    def BI : C;
    def BO : C { let s = "body"; }
  }
}

let f<3-0> = 0b1111 in
def F : C;

let l = [1, 2] in
def L : C;

multiclass MC { def _x : C; }
let a = 7 in
defm M : MC;

let s = "loop" in
foreach i = [0, 1] in
  def LP#i : C;

// CHECK-LABEL: ------------- Classes -----------------
// CHECK-LABEL: class C {
// CHECK-NEXT:   int a = 0;
// CHECK-NEXT:   string s = "c";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 0, 0, 0, 0 };
// CHECK-NEXT:   list<int> l = [];
// CHECK-NEXT: }
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def A {	// C
// CHECK-NEXT:   int a = 1;
// CHECK-NEXT:   string s = "c";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 0, 0, 0, 0 };
// CHECK-NEXT:   list<int> l = [];
// CHECK-NEXT: }
// CHECK-LABEL: def B {	// C
// CHECK-NEXT:   int a = 2;
// CHECK-NEXT:   string s = "two";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 0, 0, 0, 0 };
// CHECK-NEXT:   list<int> l = [];
// CHECK-NEXT: }
// CHECK-LABEL: def BI {	// C
// CHECK-NEXT:   int a = 2;
// CHECK-NEXT:   string s = "inner";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 0, 0, 0, 0 };
// CHECK-NEXT:   list<int> l = [];
// CHECK-NEXT: }
// CHECK-LABEL: def BO {	// C
// CHECK-NEXT:   int a = 2;
// CHECK-NEXT:   string s = "body";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 0, 0, 0, 0 };
// CHECK-NEXT:   list<int> l = [];
// CHECK-NEXT: }
// CHECK-LABEL: def F {	// C
// CHECK-NEXT:   int a = 0;
// CHECK-NEXT:   string s = "c";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 1, 1, 1, 1 };
// CHECK-NEXT:   list<int> l = [];
// CHECK-NEXT: }
// CHECK-LABEL: def L {	// C
// CHECK-NEXT:   int a = 0;
// CHECK-NEXT:   string s = "c";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 0, 0, 0, 0 };
// CHECK-NEXT:   list<int> l = [1, 2];
// CHECK-NEXT: }
// CHECK-LABEL: def LP0 {	// C
// CHECK-NEXT:   int a = 0;
// CHECK-NEXT:   string s = "loop";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 0, 0, 0, 0 };
// CHECK-NEXT:   list<int> l = [];
// CHECK-NEXT: }
// CHECK-LABEL: def LP1 {	// C
// CHECK-NEXT:   int a = 0;
// CHECK-NEXT:   string s = "loop";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 0, 0, 0, 0 };
// CHECK-NEXT:   list<int> l = [];
// CHECK-NEXT: }
// CHECK-LABEL: def M_x {	// C
// CHECK-NEXT:   int a = 7;
// CHECK-NEXT:   string s = "c";
// CHECK-NEXT:   bits<8> f = { 0, 0, 0, 0, 0, 0, 0, 0 };
// CHECK-NEXT:   list<int> l = [];
// CHECK-NEXT: }
