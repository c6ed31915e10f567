// Error messages that differ between releases or were added with 22's
// language; each checked against llvm-tblgen-19 and llvm-tblgen-22.
// RUN: not irkit tblgen --llvm-compat=22 -DBITS %s 2>&1 | FileCheck %s --check-prefix=BITS22
// RUN: not irkit tblgen --llvm-compat=19 -DBITS %s 2>&1 | FileCheck %s --check-prefix=BITS19
// RUN: not irkit tblgen -DTOP %s 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: not irkit tblgen -DALIAS %s 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: irkit tblgen --llvm-compat=19 -DUNUSED %s 2>&1 >/dev/null | FileCheck %s --check-prefix=UNUSED
// RUN: irkit tblgen -DUNUSED --no-warn-on-unused-template-args %s 2>&1 >/dev/null | FileCheck %s --check-prefix=NOWARN --allow-empty

#ifdef BITS
def A { bits<2> b = { 0, 1, 1 }; }
// BITS22: llvm-compat-errors.td:[[@LINE-1]]:21: error: Field 'b' of type 'bits<2>' is incompatible with value '{ 0, 1, 1 }' of type bit initializer with length 3{{$}}
// BITS19: llvm-compat-errors.td:[[@LINE-2]]:21: error: Field 'b' of type 'bits<2>' is incompatible with value '{ 0, 1, 1 }' of type bit initializer with length 3'{{$}}
#endif

#ifdef TOP
stray
// TOP: llvm-compat-errors.td:[[@LINE-1]]:1: error: Unexpected token at top level
#endif

#ifdef ALIAS
deftype T = int;
class T;
// ALIAS: llvm-compat-errors.td:[[@LINE-1]]:7: error: there is already a defined type alias 'T'
#endif

#ifdef UNUSED
class U<int used, int unused> { int x = used; }
// UNUSED: llvm-compat-errors.td:[[@LINE-1]]:23: warning: unused template argument: U:unused
// NOWARN-NOT: warning
#endif
