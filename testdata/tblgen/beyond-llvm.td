// Operators newer than LLVM 19 (!match, !instances, !initialized,
// !listflatten), with the semantics current LLVM documents. llvm-tblgen-19
// rejects them, so the CHECK lines follow the LLVM documentation.
// RUN: irkit tblgen %s | FileCheck %s

class Pseudo<int n> { int N = n; }
def VADD_M1 : Pseudo<1>;
def VADD_M8 : Pseudo<8>;
def VSUB_M8 : Pseudo<8>;

// At top level, !instances sees the defs defined so far.
defvar AllPseudos = !instances<Pseudo>();
defvar M8 = !instances<Pseudo>("_M8$");

class Opt<int v> { int Maybe = v; }

def Beyond {
  list<Pseudo> all = AllPseudos;
  list<Pseudo> m8 = M8;
  bit m1 = !match("VADD_M1", "ADD");
  bit m2 = !match("VADD_M1", "^ADD");
  bit m3 = !match("abc", "a.c|x");
  int init0 = !initialized(?);
  int init1 = !initialized(5);
  list<int> flat = !listflatten([[1], [2, 3], []<int>]);
  list<int> same = !listflatten([4, 5]);
}

class Lazy<int v> { int I = !initialized(v); }
def LazyUnset : Lazy<?>;
def LazySet : Lazy<3>;

// CHECK-LABEL: def Beyond {
// CHECK-NEXT:   list<Pseudo> all = [VADD_M1, VADD_M8, VSUB_M8];
// CHECK-NEXT:   list<Pseudo> m8 = [VADD_M8, VSUB_M8];
// CHECK-NEXT:   bit m1 = 1;
// CHECK-NEXT:   bit m2 = 0;
// CHECK-NEXT:   bit m3 = 1;
// CHECK-NEXT:   int init0 = 0;
// CHECK-NEXT:   int init1 = 1;
// CHECK-NEXT:   list<int> flat = [1, 2, 3];
// CHECK-NEXT:   list<int> same = [4, 5];
// CHECK-NEXT: }
// CHECK-LABEL: def LazySet {
// CHECK-NEXT:   int I = 1;
// CHECK-LABEL: def LazyUnset {
// CHECK-NEXT:   int I = 0;
