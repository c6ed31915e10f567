// !cond mixing int and `0b...` (bits<n>) values. LLVM types such a !cond
// as bits<n> and converts the chosen value to it when folding; a value that
// does not fit makes the fold return no value at all, and what follows is
// the parser's error recovery: a field left unset with no message
// (`int f = ?;`), "expected ';' after declaration" at an unrelated token
// when the !cond is an operand, exit 1 with no message in a defvar (both
// llvm-tblgen-19 and -22). irkit deliberately does not reproduce that: it
// types the !cond as int and folds to the chosen value (DEFAULT below).
// Where the chosen value fits, both agree (checked with llvm-tblgen-19/22).
// RUN: irkit tblgen %s | FileCheck %s
// RUN: irkit tblgen -DNOFIT %s | FileCheck %s --check-prefix=NOFIT

// CHECK-LABEL: def D {
// CHECK-NEXT: int f = 39;
// CHECK-NEXT: list<int> l = [3];
// CHECK-NEXT: int g = 5;
def D {
  int f = !cond(0: 1897, true: 0b100111);
  list<int> l = [!cond(1: 3, true: 0b11)];
  int g = !add(!cond(false: 0b1, true: 4), 1);
}

#ifdef NOFIT
// llvm-tblgen-19/22: `int f = ?;` with exit 0 and no message.
// NOFIT-LABEL: def A {
// NOFIT-NEXT: int f = 1897;
def A { int f = !cond(1: 1897, true: 0b100111); }
#endif
