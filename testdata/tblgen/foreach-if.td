// foreach over lists, ranges and !range; nested foreach; if/then/else at
// top level and in multiclasses; defvar at all levels; defset.
// RUN: irkit tblgen %s | FileCheck %s

class R<int v> { int V = v; }

foreach i = [1, 3] in
  def L#i : R<i>;

foreach i = 0-2 in
  foreach j = {4, 6} in
    def N#i#_#j : R<!add(!mul(i, 10), j)>;

foreach s = ["a", "b"] in {
  defvar up = !toupper(s);
  def S_#up : R<!size(s)>;
}

foreach i = !range(2) in def Rg#i : R<i>;
foreach i = 5...6 in def Dot#i : R<i>;

defvar Limit = 3;
if !gt(Limit, 2) then
  def Big : R<Limit>;
else
  def Small : R<Limit>;

if !eq(Limit, 0) then {
  def Zero : R<0>;
} else {
  def NonZero : R<1>;
}

multiclass M<int n> {
  if !lt(n, 2) then
    def _small : R<n>;
  else
    def _big : R<n>;
  foreach k = !range(n) in def _k#k : R<k>;
}
defm MA : M<1>;
defm MB : M<3>;

defset list<R> AllSets = {
  def Set1 : R<1>;
  foreach i = [2, 3] in def Set#i : R<i>;
}
def Collected { list<R> All = AllSets; int N = !size(AllSets); }

def Locals {
  defvar x = 4;
  int Sq = !mul(x, x);
}

// CHECK-LABEL: ------------- Classes -----------------
// CHECK-LABEL: class R<int R:v = ?> {
// CHECK-NEXT:   int V = R:v;
// CHECK-NEXT: }
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def Big {	// R
// CHECK-NEXT:   int V = 3;
// CHECK-NEXT: }
// CHECK-LABEL: def Collected {
// CHECK-NEXT:   list<R> All = [Set1, Set2, Set3];
// CHECK-NEXT:   int N = 3;
// CHECK-NEXT: }
// CHECK-LABEL: def Dot5 {	// R
// CHECK-NEXT:   int V = 5;
// CHECK-NEXT: }
// CHECK-LABEL: def Dot6 {	// R
// CHECK-NEXT:   int V = 6;
// CHECK-NEXT: }
// CHECK-LABEL: def L1 {	// R
// CHECK-NEXT:   int V = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def L3 {	// R
// CHECK-NEXT:   int V = 3;
// CHECK-NEXT: }
// CHECK-LABEL: def Locals {
// CHECK-NEXT:   int Sq = 16;
// CHECK-NEXT: }
// CHECK-LABEL: def MA_k0 {	// R
// CHECK-NEXT:   int V = 0;
// CHECK-NEXT: }
// CHECK-LABEL: def MA_small {	// R
// CHECK-NEXT:   int V = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def MB_big {	// R
// CHECK-NEXT:   int V = 3;
// CHECK-NEXT: }
// CHECK-LABEL: def MB_k0 {	// R
// CHECK-NEXT:   int V = 0;
// CHECK-NEXT: }
// CHECK-LABEL: def MB_k1 {	// R
// CHECK-NEXT:   int V = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def MB_k2 {	// R
// CHECK-NEXT:   int V = 2;
// CHECK-NEXT: }
// CHECK-LABEL: def N0_4 {	// R
// CHECK-NEXT:   int V = 4;
// CHECK-NEXT: }
// CHECK-LABEL: def N0_6 {	// R
// CHECK-NEXT:   int V = 6;
// CHECK-NEXT: }
// CHECK-LABEL: def N1_4 {	// R
// CHECK-NEXT:   int V = 14;
// CHECK-NEXT: }
// CHECK-LABEL: def N1_6 {	// R
// CHECK-NEXT:   int V = 16;
// CHECK-NEXT: }
// CHECK-LABEL: def N2_4 {	// R
// CHECK-NEXT:   int V = 24;
// CHECK-NEXT: }
// CHECK-LABEL: def N2_6 {	// R
// CHECK-NEXT:   int V = 26;
// CHECK-NEXT: }
// CHECK-LABEL: def NonZero {	// R
// CHECK-NEXT:   int V = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def Rg0 {	// R
// CHECK-NEXT:   int V = 0;
// CHECK-NEXT: }
// CHECK-LABEL: def Rg1 {	// R
// CHECK-NEXT:   int V = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def S_A {	// R
// CHECK-NEXT:   int V = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def S_B {	// R
// CHECK-NEXT:   int V = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def Set1 {	// R
// CHECK-NEXT:   int V = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def Set2 {	// R
// CHECK-NEXT:   int V = 2;
// CHECK-NEXT: }
// CHECK-LABEL: def Set3 {	// R
// CHECK-NEXT:   int V = 3;
// CHECK-NEXT: }
