// !if, !cond, !isa, !exists, !cast to records, record equality, !initialized
// is not in LLVM 19 (see the beyond-LLVM tests).
// RUN: irkit tblgen %s | FileCheck %s

class A { int Kind = 1; }
class B : A { let Kind = 2; }
def a1 : A;
def b1 : B;

class Pick<int n> {
  string word = !cond(!eq(n, 0): "zero", !lt(n, 10): "small", true: "big");
  int sel = !if(!gt(n, 5), 100, 200);
  A rec = !cast<A>(!if(!eq(n, 0), "a1", "b1"));
}
def P0 : Pick<0>;
def P7 : Pick<7>;
def P50 : Pick<50>;

def Misc {
  bit isaB = !isa<B>(b1);
  bit isaBofA = !isa<B>(a1);
  bit existsA = !exists<A>("a1");
  bit existsNo = !exists<A>("nope");
  bit existsB = !exists<B>("a1");
  bit eqrec = !eq(a1, a1);
  bit nerec = !ne(a1, b1);
  int kind = !cast<A>("b1").Kind;
  int fld = b1.Kind;
}

// CHECK-LABEL: ------------- Classes -----------------
// CHECK-LABEL: class A {
// CHECK-NEXT:   int Kind = 1;
// CHECK-NEXT: }
// CHECK-LABEL: class B {	// A
// CHECK-NEXT:   int Kind = 2;
// CHECK-NEXT: }
// CHECK-LABEL: class Pick<int Pick:n = ?> {
// CHECK-NEXT:   string word = !cond(!eq(Pick:n, 0): "zero", !lt(Pick:n, 10): "small", 1: "big");
// CHECK-NEXT:   int sel = !if(!gt(Pick:n, 5), 100, 200);
// CHECK-NEXT:   A rec = !cast<A>(!if(!eq(Pick:n, 0), "a1", "b1"));
// CHECK-NEXT: }
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def Misc {
// CHECK-NEXT:   bit isaB = 1;
// CHECK-NEXT:   bit isaBofA = 0;
// CHECK-NEXT:   bit existsA = 1;
// CHECK-NEXT:   bit existsNo = 0;
// CHECK-NEXT:   bit existsB = 0;
// CHECK-NEXT:   bit eqrec = 1;
// CHECK-NEXT:   bit nerec = 1;
// CHECK-NEXT:   int kind = 2;
// CHECK-NEXT:   int fld = 2;
// CHECK-NEXT: }
// CHECK-LABEL: def P0 {	// Pick
// CHECK-NEXT:   string word = "zero";
// CHECK-NEXT:   int sel = 200;
// CHECK-NEXT:   A rec = a1;
// CHECK-NEXT: }
// CHECK-LABEL: def P50 {	// Pick
// CHECK-NEXT:   string word = "big";
// CHECK-NEXT:   int sel = 100;
// CHECK-NEXT:   A rec = b1;
// CHECK-NEXT: }
// CHECK-LABEL: def P7 {	// Pick
// CHECK-NEXT:   string word = "small";
// CHECK-NEXT:   int sel = 100;
// CHECK-NEXT:   A rec = b1;
// CHECK-NEXT: }
// CHECK-LABEL: def a1 {	// A
// CHECK-NEXT:   int Kind = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def b1 {	// A B
// CHECK-NEXT:   int Kind = 2;
// CHECK-NEXT: }
