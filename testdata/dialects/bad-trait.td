// RUN: not irkit verify --dialect %s %S/user-dialect.mlir 2>&1 | FileCheck %s
// A bad dialect definition is a diagnostic naming the record, in the .td
// file, not a crash.

include "OpBase.td"

def Bad_Dialect : Dialect {
  let name = "bad";
}

def Fancy : Trait<"Fancy">;
def Weird : TypeConstraint<"weird", "a weird type">;

// CHECK: bad-trait.td:[[@LINE+1]]:{{[0-9]+}}: error: record 'Bad_FancyOp': unknown trait 'Fancy'
def Bad_FancyOp : Op<Bad_Dialect, "fancy", [Fancy]>;

// CHECK: bad-trait.td:[[@LINE+1]]:{{[0-9]+}}: error: record 'Bad_WeirdOp': operand 'x': 'Weird': unknown type constraint kind 'weird'
def Bad_WeirdOp : Op<Bad_Dialect, "weird"> {
  let arguments = (ins Weird:$x);
}

// CHECK: bad-trait.td:[[@LINE+1]]:{{[0-9]+}}: error: record 'Bad_DagOp': 'results' must be a (outs ...) dag, not (ins ...)
def Bad_DagOp : Op<Bad_Dialect, "dag"> {
  let results = (ins AnyType:$x);
}
