// Error cases: llvm-tblgen-19's messages and positions, exit code 1.
// RUN: not irkit tblgen -DERROR1 %s 2>&1 | FileCheck %s --check-prefix=ERROR1
// RUN: not irkit tblgen -DERROR2 %s 2>&1 | FileCheck %s --check-prefix=ERROR2
// RUN: not irkit tblgen -DERROR3 %s 2>&1 | FileCheck %s --check-prefix=ERROR3
// RUN: not irkit tblgen -DERROR4 %s 2>&1 | FileCheck %s --check-prefix=ERROR4
// RUN: not irkit tblgen -DERROR5 %s 2>&1 | FileCheck %s --check-prefix=ERROR5
// RUN: not irkit tblgen --llvm-compat=19 -DERROR5 %s 2>&1 | FileCheck %s --check-prefix=ERROR5-19
// RUN: not irkit tblgen -DERROR6 %s 2>&1 | FileCheck %s --check-prefix=ERROR6
// RUN: not irkit tblgen --llvm-compat=19 -DERROR6 %s 2>&1 | FileCheck %s --check-prefix=ERROR6-19
// RUN: not irkit tblgen -DERROR7 %s 2>&1 | FileCheck %s --check-prefix=ERROR7
// RUN: not irkit tblgen -DERROR8 %s 2>&1 | FileCheck %s --check-prefix=ERROR8
// RUN: not irkit tblgen -DERROR9 %s 2>&1 | FileCheck %s --check-prefix=ERROR9
// RUN: not irkit tblgen --llvm-compat=19 -DERROR9 %s 2>&1 | FileCheck %s --check-prefix=ERROR9-19
// RUN: not irkit tblgen -DERROR10 %s 2>&1 | FileCheck %s --check-prefix=ERROR10
// RUN: not irkit tblgen -DERROR11 %s 2>&1 | FileCheck %s --check-prefix=ERROR11
// RUN: not irkit tblgen --llvm-compat=19 -DERROR11 %s 2>&1 | FileCheck %s --check-prefix=ERROR11-19
// RUN: not irkit tblgen -DERROR12 %s 2>&1 | FileCheck %s --check-prefix=ERROR12
// RUN: not irkit tblgen -DERROR13 %s 2>&1 | FileCheck %s --check-prefix=ERROR13
// RUN: not irkit tblgen -DERROR14 %s 2>&1 | FileCheck %s --check-prefix=ERROR14
// RUN: not irkit tblgen -DERROR15 %s 2>&1 | FileCheck %s --check-prefix=ERROR15
// RUN: not irkit tblgen -DERROR16 %s 2>&1 | FileCheck %s --check-prefix=ERROR16
// RUN: not irkit tblgen -DERROR17 %s 2>&1 | FileCheck %s --check-prefix=ERROR17
// RUN: not irkit tblgen -DERROR18 %s 2>&1 | FileCheck %s --check-prefix=ERROR18
// RUN: not irkit tblgen -DERROR19 %s 2>&1 | FileCheck %s --check-prefix=ERROR19
// RUN: not irkit tblgen -DERROR20 %s 2>&1 | FileCheck %s --check-prefix=ERROR20
// RUN: not irkit tblgen --llvm-compat=19 -DERROR20 %s 2>&1 | FileCheck %s --check-prefix=ERROR20-19
// RUN: not irkit tblgen -DERROR21 %s 2>&1 | FileCheck %s --check-prefix=ERROR21
// RUN: not irkit tblgen -DERROR22 %s 2>&1 | FileCheck %s --check-prefix=ERROR22
// RUN: not irkit tblgen -DERROR23 %s 2>&1 | FileCheck %s --check-prefix=ERROR23
// RUN: not irkit tblgen -DERROR24 %s 2>&1 | FileCheck %s --check-prefix=ERROR24

class C<int x> { int X = x; }
def Ok : C<1>;

#ifdef ERROR1
// ERROR1: errors.td:[[@LINE+1]]:9: error: Couldn't find class 'Nope'
def E : Nope;
#endif

#ifdef ERROR2
// ERROR2: errors.td:[[@LINE+1]]:17: error: Variable not defined: 'b'
def E { int a = b; }
#endif

#ifdef ERROR3
// ERROR3: errors.td:[[@LINE+1]]:17: error: Field 'a' of type 'int' is incompatible with value '"s"' of type 'string'
def E { int a = "s"; }
#endif

#ifdef ERROR4
def Dup;
// ERROR4: errors.td:[[@LINE+2]]:5: error: def already exists: Dup
// ERROR4: note: location of previous definition
def Dup;
#endif

#ifdef ERROR5
// ERROR5: errors.td:[[@LINE+2]]:13: error: Value 'nope' unknown!
// ERROR5-19: errors.td:[[@LINE+1]]:20: error: Value 'nope' unknown!
def E { let nope = 1; }
#endif

#ifdef ERROR6
// ERROR6: errors.td:[[@LINE+2]]:9: error: could not find include file 'does-not-exist.td'
// ERROR6-19: errors.td:[[@LINE+1]]:9: error: Could not find include file 'does-not-exist.td'
include "does-not-exist.td"
#endif

#ifdef ERROR7
// ERROR7: errors.td:[[@LINE+1]]:9: error: value not specified for template argument 'C:x'
def E : C;
#endif

#ifdef ERROR8
// ERROR8: errors.td:[[@LINE+1]]:14: error: Too many template arguments: 2
def E : C<1, 2>;
#endif

#ifdef ERROR9
// ERROR9: errors.td:[[@LINE+2]]:11: error: Value specified for template argument 'C:x' is of type string; expected type int: "s"
// ERROR9-19: errors.td:[[@LINE+1]]:9: error: Value specified for template argument 'C:x' is of type string; expected type int: "s"
def E : C<"s">;
#endif

#ifdef ERROR10
// ERROR10: errors.td:[[@LINE+1]]:24: error: Recursion / self-assignment forbidden
def E { int a = 1; let a = a; }
#endif

#ifdef ERROR11
// ERROR11: errors.td:[[@LINE+2]]:17: error: unknown operator
// ERROR11-19: errors.td:[[@LINE+1]]:17: error: Unknown operator
def E { int a = !nope(1); }
#endif

#ifdef ERROR12
class Twice;
class Twice { int a; }
// ERROR12: errors.td:[[@LINE+1]]:7: error: Class 'Twice' already defined
class Twice { int b; }
#endif

#ifdef ERROR13
// ERROR13: errors.td:[[@LINE+1]]:19: error: expected ';' after declaration
def E { int a = 1 }
#endif

#ifdef ERROR14
// ERROR14: errors.td:[[@LINE+1]]:5: error: Illegal operation: division by zero
def E { int a = !div(1, 0); }
#endif

#ifdef ERROR15
// ERROR15: errors.td:[[@LINE+1]]:24: error: expected list type argument in unary operator
def E { int a = !head(1); }
#endif

#ifdef ERROR16
// ERROR16: errors.td:[[@LINE+1]]:22: error: expected value of type 'int', got '{{[{]}}}'
def E { int a = !add(E:x, 1); }
#endif

#ifdef ERROR17
// ERROR17: errors.td:[[@LINE+1]]:38: error: Variable not defined: 'x'
def E { bits<4> b = 0; bits<2> c = b{x}; }
#endif

#ifdef ERROR18
// ERROR18: errors.td:[[@LINE+1]]:21: error: Expected a class name, got 'Missing'
def E { int a = 1 # Missing<1>; }
#endif

#ifdef ERROR19
multiclass MC { def _a; }
// ERROR19: errors.td:[[@LINE+1]]:9: error: Couldn't find class 'MC'. Use 'defm' if you meant to use multiclass 'MC'
def E : MC;
#endif

#ifdef ERROR21
// ERROR21: errors.td:[[@LINE+1]]:42: error: left !foldl variable '"a"' already defined
class F1 { int a; int x = !foldl(0, [1], a, e, !add(a, e)); }
#endif

#ifdef ERROR22
// ERROR22: errors.td:[[@LINE+1]]:32: error: third argument of !foldl must be an identifier
def E { int x = !foldl(0, [1], 3, e, e); }
#endif

#ifdef ERROR23
// ERROR23: errors.td:[[@LINE+1]]:47: error: right !foldl variable '"e"' already defined
class F2 { int e; int x = !foldl(0, [1], acc, e, acc); }
#endif

#ifdef ERROR24
// ERROR24: errors.td:[[@LINE+1]]:37: error: fourth argument of !foldl must be an identifier
def E { int x = !foldl(0, [1], acc, 4, acc); }
#endif

#ifdef ERROR20
// ERROR20: errors.td:[[@LINE+2]]:18: error: unterminated code block
// ERROR20-19: errors.td:[[@LINE+1]]:18: error: Unterminated code block
def E { code c = [{ never closed
#endif
