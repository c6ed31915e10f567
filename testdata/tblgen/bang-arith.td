// Integer, bit and comparison operators.
// RUN: irkit tblgen %s | FileCheck %s

def Arith {
  int add = !add(1, 2, 3);
  int sub = !sub(10, 3);
  int mul = !mul(2, 3, 4);
  int div = !div(-7, 2);
  int and_ = !and(12, 10);
  int or_ = !or(12, 10, 1);
  int xor = !xor(12, 10);
  int shl = !shl(1, 10);
  int sra = !sra(-16, 2);
  int srl = !srl(16, 2);
  int not0 = !not(0);
  int log = !logtwo(1025);
  bit eq = !eq(1, 1);
  bit ne = !ne(1, 2);
  bit le = !le(2, 2);
  bit lt = !lt(2, 2);
  bit ge = !ge("b", "a");
  bit gt = !gt(3, 2);
  bits<4> fromint = 5;
  int frombits = !add(0b1010, 0);
  int neg = -5;
  int hex = 0xff;
  bit t = true;
  bit f = false;
}

class Lazy<int n> {
  int twice = !add(n, n);
  bit small = !lt(n, 10);
}
def Lz : Lazy<4>;

// CHECK-LABEL: ------------- Classes -----------------
// CHECK-LABEL: class Lazy<int Lazy:n = ?> {
// CHECK-NEXT:   int twice = !add(Lazy:n, Lazy:n);
// CHECK-NEXT:   bit small = !lt(Lazy:n, 10);
// CHECK-NEXT: }
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def Arith {
// CHECK-NEXT:   int add = 6;
// CHECK-NEXT:   int sub = 7;
// CHECK-NEXT:   int mul = 24;
// CHECK-NEXT:   int div = -3;
// CHECK-NEXT:   int and_ = 8;
// CHECK-NEXT:   int or_ = 15;
// CHECK-NEXT:   int xor = 6;
// CHECK-NEXT:   int shl = 1024;
// CHECK-NEXT:   int sra = -4;
// CHECK-NEXT:   int srl = 4;
// CHECK-NEXT:   int not0 = 1;
// CHECK-NEXT:   int log = 10;
// CHECK-NEXT:   bit eq = 1;
// CHECK-NEXT:   bit ne = 1;
// CHECK-NEXT:   bit le = 1;
// CHECK-NEXT:   bit lt = 0;
// CHECK-NEXT:   bit ge = 1;
// CHECK-NEXT:   bit gt = 1;
// CHECK-NEXT:   bits<4> fromint = { 0, 1, 0, 1 };
// CHECK-NEXT:   int frombits = 10;
// CHECK-NEXT:   int neg = -5;
// CHECK-NEXT:   int hex = 255;
// CHECK-NEXT:   bit t = 1;
// CHECK-NEXT:   bit f = 0;
// CHECK-NEXT: }
// CHECK-LABEL: def Lz {	// Lazy
// CHECK-NEXT:   int twice = 8;
// CHECK-NEXT:   bit small = 1;
// CHECK-NEXT: }
