// Errors llvm-tblgen goes on from, and unset bits kept as references.
// Every CHECK here was checked against llvm-tblgen-22 and llvm-tblgen-19
// (the same RUN lines with llvm-tblgen-V in place of irkit tblgen).
// RUN: irkit tblgen %s | FileCheck %s
// RUN: irkit tblgen --llvm-compat=19 %s | FileCheck %s
// RUN: irkit tblgen --dump-json %s | FileCheck %s --check-prefix=JSON
// RUN: irkit tblgen -DDUMP %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DUMP
// RUN: not irkit tblgen -DDECL %s 2>&1 | FileCheck %s --check-prefix=DECL
// RUN: not irkit tblgen -DDECL %s 2>/dev/null | FileCheck %s --check-prefix=EMPTY --allow-empty
// EMPTY-NOT: {{.}}
// RUN: not irkit tblgen --llvm-compat=19 -DDECL %s 2>&1 >/dev/null | FileCheck %s --check-prefix=DECL19
// RUN: not irkit tblgen --llvm-compat=19 -DDECL %s 2>/dev/null | FileCheck %s --check-prefix=OUT19
// RUN: not irkit tblgen -DSUBSTR %s 2>&1 | FileCheck %s --check-prefix=SUBSTR
// RUN: not irkit tblgen -DDAGARG %s 2>&1 | FileCheck %s --check-prefix=DAGARG

// A bit whose value would be `?` stays a reference to the field it came
// from (how instruction encodings name their operands).
// CHECK-LABEL: def Enc {
// CHECK-NEXT:    bits<4> Inst = { 1, 0, P, src{0} };
// CHECK-NEXT:    bits<2> src = { ?, ? };
// CHECK-NEXT:    bit P = ?;
// CHECK-NEXT:  }
// JSON: "Inst":[{"index":0,"kind":"varbit","printable":"src{0}","var":"src"},{"kind":"var","printable":"P","var":"P"},0,1]
def Enc {
  bits<4> Inst;
  bits<2> src;
  bit P;
  let Inst{3...2} = 0b10;
  let Inst{1} = P;
  let Inst{0} = src{0};
}

// A def referring to itself among its superclasses has the type of the
// classes it has so far.
class Fa;
class Fb<Fa x> { Fa as_a = x; }
class Fc<Fb x> { Fb as_b = x; }
// CHECK-LABEL: def F0 {	// Fa Fb Fc
// CHECK-NEXT:    Fa as_a = F0;
// CHECK-NEXT:    Fb as_b = F0;
def F0 : Fa, Fb<F0>, Fc<F0>;

// An anonymous def renamed because its name is taken is renamed
// everywhere it names itself.
class G { G g = !cast<G>(NAME); }
foreach _ = [1, 2] in
  def : G;
// CHECK-LABEL: def anonymous_0 {	// G
// CHECK-NEXT:    G g = anonymous_0;
// CHECK-LABEL: def anonymous_1 {	// G
// CHECK-NEXT:    G g = anonymous_1;

#ifdef DUMP
// A top-level dump folds its message at once, finally (llvm-tblgen-19
// crashes on this one).
// DUMP: recovery.td:[[@LINE+1]]:1: note: 0
dump !repr(!exists<G>("no-such-record"));
#endif

#ifdef DECL
// A bad initializer is reported and parsing goes on; at 22 nothing is
// printed, at 19 the records are, with the field left without a value.
// DECL: recovery.td:[[@LINE+5]]:15: error: Field 'a' of type 'bits<2>' is incompatible with value '{ 0, 1, 1 }' of type bit initializer with length 3
// DECL: recovery.td:[[@LINE+5]]:31: error: expected string, got type 'int'
// DECL19: recovery.td:[[@LINE+3]]:15: error: Field 'a' of type 'bits<2>' is incompatible with value '{ 0, 1, 1 }' of type bit initializer with length 3'
// DECL19: recovery.td:[[@LINE+3]]:31: error: expected string, got type 'int'
def Bad {
  bits<2> a = 0b011;
  string s = !substr(42, 0, 3);
  int ok = 1;
}
// OUT19-LABEL: def Bad {
// OUT19-NEXT:    bits<2> a;
// OUT19-NEXT:    string s = ?;
// OUT19-NEXT:    int ok = 1;
#endif

#ifdef SUBSTR
// Both !substr mistakes are reported, and the def is still checked.
// SUBSTR: recovery.td:[[@LINE+3]]:5: error: !substr start position is out of range 0...3: 4
// SUBSTR: recovery.td:[[@LINE+2]]:5: error: !substr length must be nonnegative
// SUBSTR-NOT: could not be fully resolved
def Sub {
  string s1 = !substr("abc", 4);
  string s2 = !substr("abc", 0, -1);
}
#endif

#ifdef DAGARG
def op;
// DAGARG: recovery.td:[[@LINE+1]]:5: error: !getdagarg index -1 is negative
def Dg {
  dag d = (op 1, 2);
  int x = !getdagarg<int>(d, -1);
}
#endif
