// --explain errors: an unknown record or field is an error (exit 1); a
// malformed RECORD.FIELD is a usage error (exit 2); errors in the file are
// reported as usual instead of an explanation; template arguments are not
// fields.
// RUN: not irkit tblgen --explain Nope.items %s 2>&1 | FileCheck %s --check-prefix=NOREC
// RUN: not irkit tblgen --explain D.nope %s 2>&1 | FileCheck %s --check-prefix=NOFIELD
// RUN: not irkit tblgen --explain C.x %s 2>&1 | FileCheck %s --check-prefix=TARG
// RUN: not irkit tblgen --explain D %s 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not irkit tblgen --explain D.items -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD

class C<int x> { list<int> items = [x]; int count = 1; }
def D : C<1>;
#ifdef BAD
def E : C<2> { let append count = 2; }
#endif

// NOREC: error: no record named 'Nope'
// NOFIELD: error: record 'D' has no field 'nope'
// TARG: error: record 'C' has no field 'x'
// USAGE: error: --explain expects RECORD.FIELD, got 'D'
// BAD: errors.td:14:20: error: Cannot append to field 'count' of type 'int' (expected list, string, code, or dag)
