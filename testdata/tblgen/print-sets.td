// --print-sets: LLVM's set theory over the defs derived from Set; checked
// against llvm-tblgen-19 and llvm-tblgen-22.
// RUN: irkit tblgen --print-sets %s | FileCheck %s
// RUN: irkit tblgen --llvm-compat=19 --print-sets %s | FileCheck %s

class Set<dag s> { dag Elements = s; }
def add; def sub; def and; def shl; def trunc; def rotl; def rotr; def decimate; def interleave; def sequence;
def a0; def a1; def a2; def a3; def a4; def a5; def a10;
def S1 : Set<(add a0, a1, a2, a3)>;
def S2 : Set<(sub S1, a1)>;
def S3 : Set<(and S1, (add a2, a3, a4))>;
def S4 : Set<(shl S1, 1)>;
def S5 : Set<(trunc S1, 2)>;
def S6 : Set<(rotl S1, 1)>;
def S7 : Set<(rotr S1, 1)>;
def S8 : Set<(decimate S1, 2)>;
def S9 : Set<(interleave (add a0, a1), (add a4, a5, a10))>;
def S10 : Set<(sequence "a%u", 0, 4, 2)>;
def S11 : Set<(sequence "a%u", 3, 1)>;
def S12 : Set<(add S11, S2)>;

// CHECK: S1 = [ a0 a1 a2 a3 ]
// CHECK-NEXT: S2 = [ a0 a2 a3 ]
// CHECK-NEXT: S3 = [ a2 a3 ]
// CHECK-NEXT: S4 = [ a1 a2 a3 ]
// CHECK-NEXT: S5 = [ a0 a1 ]
// CHECK-NEXT: S6 = [ a1 a2 a3 a0 ]
// CHECK-NEXT: S7 = [ a3 a0 a1 a2 ]
// CHECK-NEXT: S8 = [ a0 a2 ]
// CHECK-NEXT: S9 = [ a0 a4 a1 a5 a10 ]
// CHECK-NEXT: S10 = [ a0 a2 a4 ]
// CHECK-NEXT: S11 = [ a3 a2 a1 ]
// CHECK-NEXT: S12 = [ a3 a2 a1 a0 ]
