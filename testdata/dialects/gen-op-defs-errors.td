// RUN: not irkit tblgen --gen-op-defs %s 2>&1 | FileCheck %s
// Bad op definitions are diagnostics at the record (every bad op is
// reported), never a panic, and nothing is generated.

include "OpBase.td"

def Bad_Dialect : Dialect {
  let name = "bad";
}

// CHECK-NOT: pub mod
// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Shouting_Dialect': dialects 'bad' and 'BAD' would both be Rust module 'bad'
def Shouting_Dialect : Dialect {
  let name = "BAD";
}

def Fancy : Trait<"Fancy">;
def Weird : TypeConstraint<"weird", "a weird type">;
def OddAttr : Attr<"odd", "an odd attribute">;

// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Bad_FancyOp': unknown trait 'Fancy'
def Bad_FancyOp : Op<Bad_Dialect, "fancy", [Fancy]>;

// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Bad_WeirdOp': operand 'x': 'Weird': unknown type constraint kind 'weird'
def Bad_WeirdOp : Op<Bad_Dialect, "weird"> {
  let arguments = (ins Weird:$x);
}

// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Bad_DagOp': 'results' must be a (outs ...) dag, not (ins ...)
def Bad_DagOp : Op<Bad_Dialect, "dag"> {
  let results = (ins AnyType:$x);
}

// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Bad_NamelessOp': an attribute argument has no name
def Bad_NamelessOp : Op<Bad_Dialect, "nameless"> {
  let arguments = (ins StrAttr);
}

// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Bad_OddOp': attribute 'a': unknown attribute kind 'odd' (OddAttr)
def Bad_OddOp : Op<Bad_Dialect, "odd"> {
  let arguments = (ins OddAttr:$a);
}

// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Bad_TraitArgOp': argument 't' (Pure) is neither a TypeConstraint nor an Attr
def Bad_TraitArgOp : Op<Bad_Dialect, "trait_arg"> {
  let arguments = (ins Pure:$t);
}

// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Bad_NestedOp': operand 'v': nested Variadic/Optional
def Bad_NestedOp : Op<Bad_Dialect, "nested"> {
  let arguments = (ins Variadic<Optional<AnyType>>:$v);
}

// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Bad_RegionOp': region 'r' is not a RegionConstraint
def Bad_RegionOp : Op<Bad_Dialect, "region"> {
  let regions = (region AnyType:$r);
}

def Bad_OkOp : Op<Bad_Dialect, "ok">;
// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Bad_AgainOp': op 'bad.ok' is already defined by record 'Bad_OkOp'
def Bad_AgainOp : Op<Bad_Dialect, "ok">;

// CHECK: gen-op-defs-errors.td:[[@LINE+1]]:5: error: record 'Other_OkOp': wrapper name 'OkOp' is already used by record 'Bad_OkOp' in dialect 'bad'
def Other_OkOp : Op<Bad_Dialect, "other_ok">;
// CHECK-NOT: error:
