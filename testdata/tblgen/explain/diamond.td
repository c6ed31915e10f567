// --explain on the spec's diamond: Base's declaration is shown once, Right's
// step is marked as overriding Left's (last parent wins) and as applying to
// Base's value, so the final [1, 3, 4] is explained. The value in the
// header is the one print-records prints (REC).
// RUN: irkit tblgen --explain D.items %s | FileCheck %s
// RUN: irkit tblgen --explain E.items %s | FileCheck %s --check-prefix=E
// RUN: irkit tblgen --explain D.text %s | FileCheck %s --check-prefix=TEXT
// RUN: irkit tblgen %s | FileCheck %s --check-prefix=REC

class Base { list<int> items = [1]; string text = "b"; }
class Left : Base { let append items = [2]; let append text = "L"; } // [1, 2]
class Right : Base { let append items = [3]; }                       // [1, 3]
def D : Left, Right {
  let append items = [4]; // items = [1, 3, 4] (Left's [2] is lost)
}
def E : Right, Left {
  let prepend items = [0];
}

// CHECK:      D.items: list<int> = [1, 3, 4]
// CHECK-NEXT:   1. Base  {{.*}}diamond.td:10:24 declared [1]
// CHECK-NEXT:   2. Left  {{.*}}diamond.td:11:25 appended [2] -> [1, 2]
// CHECK-NEXT:   3. Right {{.*}}diamond.td:12:26 appended [3] -> [1, 3] (applies to #1; overrides Left: last parent wins)
// CHECK-NEXT:   4. D     {{.*}}diamond.td:14:7  appended [4] -> [1, 3, 4]
// CHECK-EMPTY:

// E:      E.items: list<int> = [0, 1, 2]
// E-NEXT:   1. Base  {{.*}}diamond.td:10:24 declared [1]
// E-NEXT:   2. Right {{.*}}diamond.td:12:26 appended [3] -> [1, 3]
// E-NEXT:   3. Left  {{.*}}diamond.td:11:25 appended [2] -> [1, 2] (applies to #1; overrides Right: last parent wins)
// E-NEXT:   4. E     {{.*}}diamond.td:17:7  prepended [0] -> [0, 1, 2]
// E-EMPTY:

// Right does not touch `text`, so D gets Base's "b" back from Right.
// TEXT:      D.text: string = "b"
// TEXT-NEXT:   1. Base  {{.*}}diamond.td:10:44 declared "b"
// TEXT-NEXT:   2. Left  {{.*}}diamond.td:11:49 appended "L" -> "bL"
// TEXT-NEXT:   3. Right {{.*}}diamond.td:13:15 inherited -> "b" (the value of #1; overrides Left: last parent wins)
// TEXT-EMPTY:

// REC-LABEL: def D {
// REC-NEXT:    list<int> items = [1, 3, 4];
// REC-NEXT:    string text = "b";
// REC-LABEL: def E {
// REC-NEXT:    list<int> items = [0, 1, 2];
// REC-NEXT:    string text = "bL";
