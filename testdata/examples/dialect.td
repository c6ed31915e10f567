// A small op hierarchy that accumulates traits and declarations with
// `let append` — the TableGen extension irkit adds. Run:
//   irkit tblgen testdata/examples/dialect.td
//
// The expected records below were checked against llvm-tblgen-19 on the
// hand-desugared equivalent (each accumulated value written out in full).
// RUN: irkit tblgen %s | FileCheck %s

class Trait<string n> { string name = n; }
def Pure : Trait<"Pure">;
def Terminator : Trait<"Terminator">;
def ReturnLike : Trait<"ReturnLike">;

class Op<string mnemonic, list<Trait> props = []> {
  string opName = mnemonic;
  list<Trait> traits = props;
  code extraClassDeclaration = ?;
}

// Every op of the dialect is pure and gets a shared declaration.
class My_Op<string mnemonic, list<Trait> props = []> : Op<mnemonic, props> {
  let append traits = [Pure];
  let append extraClassDeclaration = [{ static StringRef dialect(); }];
}

// Terminators add a trait and a declaration on top of that.
class My_TerminatorOp<string mnemonic> : My_Op<mnemonic> {
  let append traits = [Terminator];
  let append extraClassDeclaration = [{ bool isTerminator(); }];
}

// CHECK-LABEL: def AddOp {
// CHECK-NEXT:    string opName = "add";
// CHECK-NEXT:    list<Trait> traits = [Pure];
// CHECK-NEXT:    code extraClassDeclaration = [{ static StringRef dialect(); }];
def AddOp : My_Op<"add">;

// CHECK-LABEL: def ReturnOp {
// CHECK-NEXT:    string opName = "return";
// CHECK-NEXT:    list<Trait> traits = [ReturnLike, Pure, Terminator];
// CHECK-NEXT:    code extraClassDeclaration = [{ static StringRef dialect();  bool isTerminator(); }];
def ReturnOp : My_TerminatorOp<"return"> {
  let prepend traits = [ReturnLike];
}
