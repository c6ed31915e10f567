// The preprocessor (#define, #ifdef, #ifndef, #else, #endif, -D) and
// include with -I.
// RUN: irkit tblgen -I %S/Inputs %s | FileCheck %s
// RUN: irkit tblgen -I %S/Inputs -DEXTRA %s | FileCheck %s --check-prefix=EXTRA

include "common.td"
// Included again: the include guard in common.td skips its body.
include "common.td"

#define LOCAL
#ifdef LOCAL
def Local : Common<1>;
#else
def NotLocal : Common<0>;
#endif

#ifndef EXTRA
def NoExtra : Common<2>;
#else
def WithExtra : Common<3>;
#endif

#ifdef UNDEFINED_MACRO
def Never : Common<4>;
#endif

// In a skipped region only a line's start can hold a directive, as in LLVM:
// the comment opened mid-line does not hide the #endif below it, while the
// one opened at a line's start does hide its #else.
#ifdef UNDEFINED_MACRO
def Skipped1 : Common<5>; /* not a comment here
#endif
#ifdef UNDEFINED_MACRO
  /* a comment
#else
  */
def Skipped2 : Common<6>;
#else
def AfterComment : Common<7>;
#endif

// EXTRA: def WithExtra {
// EXTRA-NOT: def NoExtra
// CHECK-NOT: def Skipped

// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def AfterComment {	// Common
// CHECK-NEXT:   int Value = 7;
// CHECK-NEXT: }
// CHECK-LABEL: def FromInclude {	// Common
// CHECK-NEXT:   int Value = 0;
// CHECK-NEXT: }
// CHECK-LABEL: def Local {	// Common
// CHECK-NEXT:   int Value = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def NoExtra {	// Common
// CHECK-NEXT:   int Value = 2;
// CHECK-NEXT: }
