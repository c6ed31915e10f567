// Behaviours LLVM's own TableGen tests (cargo xtask tblgen-tests) check,
// each checked against llvm-tblgen-22 and, where it differs, llvm-tblgen-19.
// RUN: not irkit tblgen -DPREP_TAIL %s 2>&1 | FileCheck %s --check-prefix=PREP_TAIL
// RUN: not irkit tblgen --llvm-compat=19 -DPREP_TAIL %s 2>&1 | FileCheck %s --check-prefix=PREP_TAIL19
// RUN: not irkit tblgen %S/Inputs/prep-else.td 2>&1 | FileCheck %s --check-prefix=PREP_ELSE
// RUN: not irkit tblgen %S/Inputs/prep-double-else.td 2>&1 | FileCheck %s --check-prefix=PREP_DOUBLE
// RUN: not irkit tblgen -DPREP_DUP %s 2>&1 | FileCheck %s --check-prefix=PREP_DUP
// RUN: not irkit tblgen -DNUMBER %s 2>&1 | FileCheck %s --check-prefix=NUMBER
// RUN: not irkit tblgen --llvm-compat=19 -DNUMBER %s 2>&1 | FileCheck %s --check-prefix=NUMBER19
// RUN: not irkit tblgen -DFOREACH %s 2>&1 | FileCheck %s --check-prefix=FOREACH
// RUN: not irkit tblgen -DSEMI %s 2>&1 | FileCheck %s --check-prefix=SEMI
// RUN: not irkit tblgen -DSHIFT %s 2>&1 | FileCheck %s --check-prefix=SHIFT
// RUN: not irkit tblgen -DSPLAT %s 2>&1 | FileCheck %s --check-prefix=SPLAT
// RUN: not irkit tblgen -DNAME %s 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not irkit tblgen -DLET %s 2>&1 | FileCheck %s --check-prefix=LET
// RUN: not irkit tblgen --llvm-compat=19 -DLET %s 2>&1 | FileCheck %s --check-prefix=LET19
// RUN: not irkit tblgen -DMAC=1 %s 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: irkit tblgen %s | FileCheck %s
// RUN: irkit tblgen --llvm-compat=19 -DV19 %s | FileCheck %s --check-prefix=V19

#ifdef PREP_TAIL
#define X /*
*/ def A;
// PREP_TAIL: llvm-tests.td:[[@LINE-1]]:4: error: only comments are supported after #define NAME
// PREP_TAIL19: llvm-tests.td:[[@LINE-2]]:4: error: Only comments are supported after #define NAME
#endif

// A skipped region's directives are checked too, so these are in Inputs/.
// PREP_ELSE: prep-else.td:2:7: error: only comments are supported after #else
// PREP_DOUBLE: prep-double-else.td:3:2: error: double #else
// PREP_DOUBLE: prep-double-else.td:2:2: error: previous #else is here

#ifdef PREP_DUP
#define D1
#define D1
// PREP_DUP: llvm-tests.td:[[@LINE-1]]:9: warning: duplicate definition of macro: D1
def Stray
#endif

#ifdef NUMBER
def N { int i = -9223372036854775809; }
// NUMBER: llvm-tests.td:[[@LINE-1]]:17: error: number out of range
// NUMBER19: llvm-tests.td:[[@LINE-2]]:17: error: Number out of range
#endif

#ifdef FOREACH
foreach i = "a" - 1 in {}
// FOREACH: llvm-tests.td:[[@LINE-1]]:17: error: expected integer or bitrange
// FOREACH-NEXT: foreach
// FOREACH-NEXT: ^
// FOREACH-NEXT: llvm-tests.td:[[@LINE-4]]:17: error: expected declaration in for
#endif

#ifdef SEMI
class Semi {};
// SEMI: llvm-tests.td:[[@LINE-1]]:14: error: A class or def body should not end with a semicolon
// SEMI: note: Semicolon ignored; remove to eliminate this error
def AfterSemi { int x = "s"; }
// SEMI: llvm-tests.td:[[@LINE-1]]:25: error: Field 'x' of type 'int' is incompatible with value '"s"' of type 'string'
#endif

#ifdef SHIFT
def Shift { int s = !shl(1, 64); }
// SHIFT: llvm-tests.td:[[@LINE-1]]:5: error: Illegal operation: out of bounds shift
#endif

#ifdef SPLAT
defvar Splat = !listsplat(1, -1);
// SPLAT: error: !listsplat count -1 is negative
#endif

#ifdef NAME
def true;
// NAME: llvm-tests.td:[[@LINE-1]]:1: error: Record name '1' is not a string!
#endif

#ifdef LET
def L { let missing = 1; }
// LET: llvm-tests.td:[[@LINE-1]]:13: error: Value 'missing' unknown!
// LET19: llvm-tests.td:[[@LINE-2]]:23: error: Value 'missing' unknown!
#endif

#ifdef MAC
// MACRO: error: invalid macro name `MAC=1` specified on command line
#endif

def op;
def op2;
def Dags {
  dag d = !con((op:$lhs 1), (op:$rhs 2));
  dag e = !foreach(x, (op:$n op), !subst(op, op2, x));
  dag f = (op:$n 1);
  dag u = (? 1);
}
// CHECK-LABEL: def Dags {
// CHECK-NEXT:   dag d = (op:$lhs 1, 2);
// CHECK-NEXT:   dag e = (op2:$n op2);
// CHECK-NEXT:   dag f = (op:$n 1);
// CHECK-NEXT:   dag u = (? 1);
// V19-LABEL: def Dags {
// V19-NEXT:   dag d = (op 1, 2);
// V19-NEXT:   dag e = (op2 op2);
// V19-NEXT:   dag f = (op:n 1);
// V19-NEXT:   dag u = (? 1);

#ifndef V19
// llvm-tblgen-19 crashes on this (!head of an empty list).
class Short<list<int> seq = []> {
  bit v = !and(false, !head(seq));
  int w = !or(-1, !head(seq));
}
def ShortDef : Short<[]>;
// CHECK-LABEL: def ShortDef {
// CHECK-NEXT:   bit v = 0;
// CHECK-NEXT:   int w = -1;
#endif
