// The preprocessor (#define, #ifdef, #ifndef, #else, #endif, -D) and
// include with -I.
// RUN: irkit tblgen -I %S/Inputs %s | FileCheck %s
// RUN: irkit tblgen -I %S/Inputs -DEXTRA %s | FileCheck %s --check-prefix=EXTRA

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

// EXTRA: def WithExtra {
// EXTRA-NOT: def NoExtra

// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def FromInclude {	// Common
// CHECK-NEXT:   int Value = 0;
// CHECK-NEXT: }
// CHECK-LABEL: def Local {	// Common
// CHECK-NEXT:   int Value = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def NoExtra {	// Common
// CHECK-NEXT:   int Value = 2;
// CHECK-NEXT: }
