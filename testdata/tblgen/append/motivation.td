// The Motivation example of the spec (shared/spec/tablegen-let-append-prepend.txt):
// the manual workaround and the proposed `let append` form give the same
// extraClassDeclaration.
//
// The CHECK lines are the exact output of llvm-tblgen-19 on a hand-desugared
// twin of this file (every append/prepend written out as the value the spec
// prescribes); they are expected to pass once irkit implements let append.
// RUN: irkit tblgen %s | FileCheck %s

// The workaround, valid in llvm-tblgen-19 as it is.
class OldOp {
  code extraClassDeclaration = ?;
}
class OldShared1OpClass : OldOp {
  code shared1ExtraClassDeclaration = [{ some generic code 1 }];
}
class OldShared2OpClass : OldShared1OpClass {
  code shared2ExtraClassDeclaration = [{ some generic code 2 }];
}
def OldMyOp : OldShared2OpClass {
  let extraClassDeclaration =
      shared1ExtraClassDeclaration
    # shared2ExtraClassDeclaration
    # [{ additional specialized code }];
}

// The proposal.
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

// ---- expected: llvm-tblgen-19 --print-records on the hand-desugared twin, Defs section ----
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-NEXT: def MyOp { // Op MyShared1OpClass MyShared2OpClass
// CHECK-NEXT:   code extraClassDeclaration = [{ some generic code 1  some generic code 2  additional specialized code }];
// CHECK-NEXT: }
// CHECK-NEXT: def OldMyOp { // OldOp OldShared1OpClass OldShared2OpClass
// CHECK-NEXT:   code extraClassDeclaration = [{ some generic code 1  some generic code 2  additional specialized code }];
// CHECK-NEXT:   code shared1ExtraClassDeclaration = [{ some generic code 1 }];
// CHECK-NEXT:   code shared2ExtraClassDeclaration = [{ some generic code 2 }];
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
