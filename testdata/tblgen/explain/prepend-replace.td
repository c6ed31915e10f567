// --explain with prepend, a plain `let` that replaces (opting out of the
// accumulated value), dags, and a bit-range `let`.
// RUN: irkit tblgen --explain R.items %s | FileCheck %s
// RUN: irkit tblgen --explain R.d %s | FileCheck %s --check-prefix=DAG
// RUN: irkit tblgen --explain R.flags %s | FileCheck %s --check-prefix=BITS
// RUN: irkit tblgen %s | FileCheck %s --check-prefix=REC

def op;
class Base {
  list<int> items = [1, 2];
  dag d = (op);
  bits<4> flags = 0;
}
class Acc : Base {
  let prepend items = [0];
  let append d = (op 3:$a);
}
class Reset : Acc {
  let items = [9];
}
def R : Reset {
  let prepend items = [5];
  let flags{1-0} = 3;
}

// CHECK:      R.items: list<int> = [5, 9]
// CHECK-NEXT:   1. Base  {{.*}}prepend-replace.td:10:13 declared [1, 2]
// CHECK-NEXT:   2. Acc   {{.*}}prepend-replace.td:15:7  prepended [0] -> [0, 1, 2]
// CHECK-NEXT:   3. Reset {{.*}}prepend-replace.td:19:7  replaced by [9]
// CHECK-NEXT:   4. R     {{.*}}prepend-replace.td:22:7  prepended [5] -> [5, 9]
// CHECK-EMPTY:

// DAG:      R.d: dag = (op 3:$a)
// DAG-NEXT:   1. Base {{.*}}prepend-replace.td:11:7 declared (op)
// DAG-NEXT:   2. Acc  {{.*}}prepend-replace.td:16:7 appended (op 3:$a) -> (op 3:$a)
// DAG-EMPTY:

// BITS:      R.flags: bits<4> = { 0, 0, 1, 1 }
// BITS-NEXT:   1. Base {{.*}}prepend-replace.td:12:11 declared { 0, 0, 0, 0 }
// BITS-NEXT:   2. R    {{.*}}prepend-replace.td:23:7  replaced bits {0, 1} with 3 -> { 0, 0, 1, 1 }
// BITS-EMPTY:

// REC-LABEL: def R {
// REC-NEXT:    list<int> items = [5, 9];
// REC-NEXT:    dag d = (op 3:$a);
// REC-NEXT:    bits<4> flags = { 0, 0, 1, 1 };
