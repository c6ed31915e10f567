// Resource limits (irkit only: llvm-tblgen-19 has none and runs these until
// memory runs out). Each bomb stops at once with a diagnostic that names the
// limit and the flag raising it, and exit code 1.
// RUN: not irkit tblgen -DRANGE %s 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not irkit tblgen -DRANGE3 %s 2>&1 | FileCheck %s --check-prefix=RANGE3
// RUN: not irkit tblgen -DSPLAT %s 2>&1 | FileCheck %s --check-prefix=SPLAT
// RUN: not irkit tblgen -DBITS --max-list-len 16384 %s 2>&1 | FileCheck %s --check-prefix=BITS
// RUN: not irkit tblgen -DFOREACH %s 2>&1 | FileCheck %s --check-prefix=FOREACH
// RUN: not irkit tblgen -DNESTED %s 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not irkit tblgen -DNESTDEF %s 2>&1 | FileCheck %s --check-prefix=NESTDEF
// RUN: not irkit tblgen -DLISTCAT %s 2>&1 | FileCheck %s --check-prefix=LISTCAT
// RUN: not irkit tblgen -DSTRCAT %s 2>&1 | FileCheck %s --check-prefix=STRCAT
// RUN: not irkit tblgen -DSUBST %s 2>&1 | FileCheck %s --check-prefix=SUBST
// RUN: not irkit tblgen -DFLATTEN %s 2>&1 | FileCheck %s --check-prefix=FLATTEN
// RUN: not irkit tblgen -DFOLD --max-total-values 100000 %s 2>&1 | FileCheck %s --check-prefix=FOLD
// RUN: not irkit tblgen -DDEFM --max-records 1000 %s 2>&1 | FileCheck %s --check-prefix=DEFM
// RUN: not irkit tblgen -DDEFVAR %s 2>&1 | FileCheck %s --check-prefix=DEFVAR
// RUN: not irkit tblgen -DDEFVAR2 %s 2>&1 | FileCheck %s --check-prefix=DEFVAR2
// RUN: not irkit tblgen -DLOOPLIST %s 2>&1 | FileCheck %s --check-prefix=LOOPLIST
// The flags raise (or lower) each limit; at the limit a value is still fine.
// RUN: irkit tblgen -DSMALL --max-list-len 10 %s | FileCheck %s --check-prefix=SMALL
// RUN: not irkit tblgen -DSMALL -DOVER --max-list-len 10 %s 2>&1 | FileCheck %s --check-prefix=OVER

#ifdef RANGE
// RANGE: limits.td:[[@LINE+1]]:5: error: list length (1000000000) exceeds the limit of 4194304; raise it with --max-list-len
def R { list<int> l = !range(1000000000); }
#endif

#ifdef RANGE3
// RANGE3: limits.td:[[@LINE+1]]:5: error: list length (4611686018427387904) exceeds the limit of 4194304; raise it with --max-list-len
def R { list<int> l = !range(-9223372036854775808, 9223372036854775807, 4); }
#endif

#ifdef SPLAT
// SPLAT: limits.td:[[@LINE+1]]:5: error: list length (1000000000) exceeds the limit of 4194304; raise it with --max-list-len
def R { list<string> l = !listsplat("x", 1000000000); }
#endif

#ifdef BITS
// A bits<n> type counts against the list cap (the fuzz harness's 16384
// found a bits<1000000> field that took 10 s under instrumentation).
// BITS: limits.td:[[@LINE+1]]:37: error: bits width (1000000) exceeds the limit of 16384; raise it with --max-list-len
class Lazy<int n> { int v = n; bits<1000000> vb = n; }
def K { Lazy L = Lazy<1>; }
#endif

#ifdef FOREACH
// FOREACH: limits.td:[[@LINE+1]]:34: error: list length (5000002) exceeds the limit of 4194304; raise it with --max-list-len
foreach i = {0-2500000, 0-2500000} in def X#i;
#endif

#ifdef NESTED
// A nested loop is refused on entry when the loops around it would run it
// past the cap (here 10000 x 10000), before a single iteration.
// NESTED: limits.td:[[@LINE+1]]:30: error: foreach iterations (100000000) exceeds the limit of 16777216; raise it with --max-loop-iterations
foreach i = !range(10000) in foreach j = !range(10000) in foreach k = !range(10000) in defvar x = k;
#endif

#ifdef NESTDEF
// Likewise when the body defines records (10^12 of them).
// NESTDEF: limits.td:[[@LINE+1]]:28: error: foreach iterations (1000002000001) exceeds the limit of 16777216; raise it with --max-loop-iterations
foreach i = 0...1000000 in foreach j = 0...1000000 in def R#i#_#j;
#endif

#ifdef LISTCAT
defvar l0 = !range(65536);
defvar l1 = !listconcat(l0, l0);
defvar l2 = !listconcat(l1, l1);
defvar l3 = !listconcat(l2, l2);
defvar l4 = !listconcat(l3, l3);
defvar l5 = !listconcat(l4, l4);
defvar l6 = !listconcat(l5, l5);
// LISTCAT: limits.td:[[@LINE+1]]:13: error: list length (8388608) exceeds the limit of 4194304; raise it with --max-list-len
defvar l7 = !listconcat(l6, l6);
def X { list<int> l = l7; }
#endif

#ifdef STRCAT
defvar s0 = !interleave(!listsplat("abcdefgh", 1048576), "");
defvar s1 = !strconcat(s0, s0);
// STRCAT: limits.td:[[@LINE+1]]:13: error: string length (33554432) exceeds the limit of 16777216; raise it with --max-string-len
defvar s2 = !strconcat(s1, s1);
def X { string s = s2; }
#endif

#ifdef SUBST
// SUBST: limits.td:[[@LINE+1]]:5: error: string length ({{[0-9]+}}) exceeds the limit of 16777216; raise it with --max-string-len
def X { string s = !subst("a", "bbbbbbbbbbbbbbbb", !interleave(!listsplat("a", 4000000), "")); }
#endif

#ifdef FLATTEN
// FLATTEN: limits.td:[[@LINE+1]]:5: error: list length (4200000) exceeds the limit of 4194304; raise it with --max-list-len
def X { list<int> l = !listflatten(!listsplat(!range(100000), 100)); }
#endif

#ifdef FOLD
// FOLD: limits.td:[[@LINE+1]]:1: error: total size of the values built ({{[0-9]+}}) exceeds the limit of 100000; raise it with --max-total-values
def X { string s = !foldl("", !range(100000), acc, x, !strconcat(acc, "x")); }
#endif

#ifdef DEFM
multiclass M0 { def _a; def _b; }
multiclass M1 { defm _a : M0; defm _b : M0; }
multiclass M2 { defm _a : M1; defm _b : M1; }
multiclass M3 { defm _a : M2; defm _b : M2; }
multiclass M4 { defm _a : M3; defm _b : M3; }
multiclass M5 { defm _a : M4; defm _b : M4; }
multiclass M6 { defm _a : M5; defm _b : M5; }
multiclass M7 { defm _a : M6; defm _b : M6; }
multiclass M8 { defm _a : M7; defm _b : M7; }
multiclass M9 { defm _a : M8; defm _b : M8; }
multiclass M10 { defm _a : M9; defm _b : M9; }
multiclass M11 { defm _a : M10; defm _b : M10; }
multiclass M12 { defm _a : M11; defm _b : M11; }
multiclass M13 { defm _a : M12; defm _b : M12; }
multiclass M14 { defm _a : M13; defm _b : M13; }
multiclass M15 { defm _a : M14; defm _b : M14; }
multiclass M16 { defm _a : M15; defm _b : M15; }
multiclass M17 { defm _a : M16; defm _b : M16; }
multiclass M18 { defm _a : M17; defm _b : M17; }
multiclass M19 { defm _a : M18; defm _b : M18; }
multiclass M20 { defm _a : M19; defm _b : M19; }
// DEFM: limits.td:{{[0-9]+}}:{{[0-9]+}}: error: number of records (1001) exceeds the limit of 1000; raise it with --max-records
defm X : M20;
#endif

#ifdef DEFVAR
// A limit hit in a defvar's value points at the value.
// DEFVAR: limits.td:[[@LINE+1]]:28: error: list length (1000000000) exceeds the limit of 4194304; raise it with --max-list-len
defvar big = 1; defvar l = !range(1000000000);
#endif

#ifdef DEFVAR2
// In a record body, at the record.
class C { defvar s = !listsplat("x", 1000000000); string t = s[0]; }
// DEFVAR2: limits.td:[[@LINE-1]]:7: error: list length (1000000000) exceeds the limit of 4194304; raise it with --max-list-len
#endif

#ifdef LOOPLIST
// LOOPLIST: limits.td:[[@LINE+1]]:13: error: list length (1000000000) exceeds the limit of 4194304; raise it with --max-list-len
foreach i = !range(1000000000) in def X#i;
#endif

#ifdef SMALL
// SMALL: list<int> l = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
def X { list<int> l = !range(10); }
#endif

#ifdef OVER
// OVER: limits.td:[[@LINE+1]]:5: error: list length (11) exceeds the limit of 10; raise it with --max-list-len
def Y { list<int> l = !range(11); }
#endif
