// Classes, template arguments with defaults, superclass arguments, defs,
// anonymous defs, `field`, body `let` (whole field and bit ranges), code
// values, `?`, bits and list slicing, field access, NAME in classes.
// RUN: irkit tblgen %s | FileCheck %s

class Base<int a, string s = "dflt"> {
  int A = a;
  string S = s;
  string Name = NAME;
  bits<8> Enc = a;
  field list<int> L = [a, !add(a, 1)];
  code C = [{ return x; }];
  int U = ?;
}

class Derived<int x> : Base<!mul(x, 2)> {
  let Enc{7-4} = 0b1010;
  bit Top = Enc{7};
  bits<3> Mid = Enc{5-3};
  int Second = L[1];
}

def D1 : Derived<3>;
def D2 : Base<7, "seven"> { let U = 9; int Own = A; }
def : Base<1>;
def : Derived<2>;

class Holder<Base b> { Base B = b; int BA = b.A; }
def H : Holder<D2>;
def HAnon : Holder<Base<11>>;

class Fwd;
class Fwd { int v = 1; }
def F : Fwd;

def Sl {
  list<int> l = [10, 11, 12, 13, 14];
  list<int> s1 = l[1...3];
  list<int> s2 = l[0, 4];
  int e = l[2];
  bits<4> b = 0b0110;
  bits<2> bs = b{2-1};
  bits<4> rev = b{0-3};
}

// CHECK-LABEL: ------------- Classes -----------------
// CHECK-LABEL: class Base<int Base:a = ?, string Base:s = "dflt"> {
// CHECK-NEXT:   field list<int> L = [Base:a, !add(Base:a, 1)];
// CHECK-NEXT:   int A = Base:a;
// CHECK-NEXT:   string S = Base:s;
// CHECK-NEXT:   string Name = Base:NAME;
// CHECK-NEXT:   bits<8> Enc = { !cast<bits<8>>(Base:a){7}, !cast<bits<8>>(Base:a){6}, !cast<bits<8>>(Base:a){5}, !cast<bits<8>>(Base:a){4}, !cast<bits<8>>(Base:a){3}, !cast<bits<8>>(Base:a){2}, !cast<bits<8>>(Base:a){1}, !cast<bits<8>>(Base:a){0} };
// CHECK-NEXT:   code C = [{ return x; }];
// CHECK-NEXT:   int U = ?;
// CHECK-NEXT: }
// CHECK-LABEL: class Derived<int Derived:x = ?> {	// Base
// CHECK-NEXT:   field list<int> L = [!mul(Derived:x, 2), !add(!mul(Derived:x, 2), 1)];
// CHECK-NEXT:   int A = !mul(Derived:x, 2);
// CHECK-NEXT:   string S = "dflt";
// CHECK-NEXT:   string Name = Derived:NAME;
// CHECK-NEXT:   bits<8> Enc = { 1, 0, 1, 0, !cast<bits<8>>(!mul(Derived:x, 2)){3}, !cast<bits<8>>(!mul(Derived:x, 2)){2}, !cast<bits<8>>(!mul(Derived:x, 2)){1}, !cast<bits<8>>(!mul(Derived:x, 2)){0} };
// CHECK-NEXT:   code C = [{ return x; }];
// CHECK-NEXT:   int U = ?;
// CHECK-NEXT:   bit Top = Enc{7};
// CHECK-NEXT:   bits<3> Mid = { Enc{5}, Enc{4}, Enc{3} };
// CHECK-NEXT:   int Second = L[1];
// CHECK-NEXT: }
// CHECK-LABEL: class Fwd {
// CHECK-NEXT:   int v = 1;
// CHECK-NEXT: }
// CHECK-LABEL: class Holder<Base Holder:b = ?> {
// CHECK-NEXT:   Base B = Holder:b;
// CHECK-NEXT:   int BA = Holder:b.A;
// CHECK-NEXT: }
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def D1 {	// Base Derived
// CHECK-NEXT:   field list<int> L = [6, 7];
// CHECK-NEXT:   int A = 6;
// CHECK-NEXT:   string S = "dflt";
// CHECK-NEXT:   string Name = "D1";
// CHECK-NEXT:   bits<8> Enc = { 1, 0, 1, 0, 0, 1, 1, 0 };
// CHECK-NEXT:   code C = [{ return x; }];
// CHECK-NEXT:   int U = ?;
// CHECK-NEXT:   bit Top = 1;
// CHECK-NEXT:   bits<3> Mid = { 1, 0, 0 };
// CHECK-NEXT:   int Second = 7;
// CHECK-NEXT: }
// CHECK-LABEL: def D2 {	// Base
// CHECK-NEXT:   field list<int> L = [7, 8];
// CHECK-NEXT:   int A = 7;
// CHECK-NEXT:   string S = "seven";
// CHECK-NEXT:   string Name = "D2";
// CHECK-NEXT:   bits<8> Enc = { 0, 0, 0, 0, 0, 1, 1, 1 };
// CHECK-NEXT:   code C = [{ return x; }];
// CHECK-NEXT:   int U = 9;
// CHECK-NEXT:   int Own = 7;
// CHECK-NEXT: }
// CHECK-LABEL: def F {	// Fwd
// CHECK-NEXT:   int v = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def H {	// Holder
// CHECK-NEXT:   Base B = D2;
// CHECK-NEXT:   int BA = 7;
// CHECK-NEXT: }
// CHECK-LABEL: def HAnon {	// Holder
// CHECK-NEXT:   Base B = anonymous_2;
// CHECK-NEXT:   int BA = 11;
// CHECK-NEXT: }
// CHECK-LABEL: def Sl {
// CHECK-NEXT:   list<int> l = [10, 11, 12, 13, 14];
// CHECK-NEXT:   list<int> s1 = [11, 12, 13];
// CHECK-NEXT:   list<int> s2 = [10, 14];
// CHECK-NEXT:   int e = 12;
// CHECK-NEXT:   bits<4> b = { 0, 1, 1, 0 };
// CHECK-NEXT:   bits<2> bs = { 1, 1 };
// CHECK-NEXT:   bits<4> rev = { 0, 1, 1, 0 };
// CHECK-NEXT: }
// CHECK-LABEL: def anonymous_0 {	// Base
// CHECK-NEXT:   field list<int> L = [1, 2];
// CHECK-NEXT:   int A = 1;
// CHECK-NEXT:   string S = "dflt";
// CHECK-NEXT:   string Name = "anonymous_0";
// CHECK-NEXT:   bits<8> Enc = { 0, 0, 0, 0, 0, 0, 0, 1 };
// CHECK-NEXT:   code C = [{ return x; }];
// CHECK-NEXT:   int U = ?;
// CHECK-NEXT: }
// CHECK-LABEL: def anonymous_1 {	// Base Derived
// CHECK-NEXT:   field list<int> L = [4, 5];
// CHECK-NEXT:   int A = 4;
// CHECK-NEXT:   string S = "dflt";
// CHECK-NEXT:   string Name = "anonymous_1";
// CHECK-NEXT:   bits<8> Enc = { 1, 0, 1, 0, 0, 1, 0, 0 };
// CHECK-NEXT:   code C = [{ return x; }];
// CHECK-NEXT:   int U = ?;
// CHECK-NEXT:   bit Top = 1;
// CHECK-NEXT:   bits<3> Mid = { 1, 0, 0 };
// CHECK-NEXT:   int Second = 5;
// CHECK-NEXT: }
// CHECK-LABEL: def anonymous_2 {	// Base
// CHECK-NEXT:   field list<int> L = [11, 12];
// CHECK-NEXT:   int A = 11;
// CHECK-NEXT:   string S = "dflt";
// CHECK-NEXT:   string Name = Base:NAME;
// CHECK-NEXT:   bits<8> Enc = { 0, 0, 0, 0, 1, 0, 1, 1 };
// CHECK-NEXT:   code C = [{ return x; }];
// CHECK-NEXT:   int U = ?;
// CHECK-NEXT: }
