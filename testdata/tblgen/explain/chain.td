// --explain on single-inheritance chains: each level's step is listed with
// its class, so accumulation across levels is visible (the spec's
// multi-level and motivation examples).
// RUN: irkit tblgen --explain Leaf.items %s | FileCheck %s
// RUN: irkit tblgen --explain MyOp.extraClassDeclaration %s | FileCheck %s --check-prefix=CODE
// RUN: irkit tblgen --explain Middle.items %s | FileCheck %s --check-prefix=CLASS
// RUN: irkit tblgen %s | FileCheck %s --check-prefix=REC

class Base {
  list<int> items = [1, 2];
}
class Middle : Base {
  let append items = [3]; // items = [1, 2, 3]
}
def Leaf : Middle {
  let append items = [4]; // items = [1, 2, 3, 4]
}

class Op {
  code extraClassDeclaration = ?;
}
class MyShared1OpClass : Op {
  let append extraClassDeclaration = [{ some generic code 1 }];
}
class MyShared2OpClass : MyShared1OpClass {
  let append extraClassDeclaration = [{ some generic code 2 }];
}
def MyOp : MyShared2OpClass {
  let append extraClassDeclaration = [{ additional specialized code }];
}

// CHECK:      Leaf.items: list<int> = [1, 2, 3, 4]
// CHECK-NEXT:   1. Base   {{.*}}chain.td:10:13 declared [1, 2]
// CHECK-NEXT:   2. Middle {{.*}}chain.td:13:7  appended [3] -> [1, 2, 3]
// CHECK-NEXT:   3. Leaf   {{.*}}chain.td:16:7  appended [4] -> [1, 2, 3, 4]
// CHECK-EMPTY:

// Appending to `?` takes the value as is.
// CODE:      MyOp.extraClassDeclaration: code = [{ some generic code 1  some generic code 2  additional specialized code }]
// CODE-NEXT:   1. Op               {{.*}}chain.td:20:8  declared ?
// CODE-NEXT:   2. MyShared1OpClass {{.*}}chain.td:23:7  appended [{ some generic code 1 }] -> [{ some generic code 1 }] (the field was ?: value taken as is)
// CODE-NEXT:   3. MyShared2OpClass {{.*}}chain.td:26:7  appended [{ some generic code 2 }] -> [{ some generic code 1  some generic code 2 }]
// CODE-NEXT:   4. MyOp             {{.*}}chain.td:29:7  appended [{ additional specialized code }] -> [{ some generic code 1  some generic code 2  additional specialized code }]
// CODE-EMPTY:

// CLASS:      Middle.items: list<int> = [1, 2, 3]
// CLASS-NEXT:   1. Base   {{.*}}chain.td:10:13 declared [1, 2]
// CLASS-NEXT:   2. Middle {{.*}}chain.td:13:7  appended [3] -> [1, 2, 3]
// CLASS-EMPTY:

// REC-LABEL: class Middle {
// REC-NEXT:    list<int> items = [1, 2, 3];
// REC-LABEL: def Leaf {
// REC-NEXT:    list<int> items = [1, 2, 3, 4];
// REC-LABEL: def MyOp {
// REC-NEXT:    code extraClassDeclaration = [{ some generic code 1  some generic code 2  additional specialized code }];
