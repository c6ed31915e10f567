//===- Arith.td - the arith dialect (subset) ---------------*- tablegen -*-===//
// Operands, results and properties as MLIR 19's arith dialect (checked with
// `mlir-opt-19 --mlir-print-op-generic` and its verifier's messages).

include "OpBase.td"

def Arith_Dialect : Dialect {
  let name = "arith";
  let summary = "Basic integer and floating point operations";
}

def Arith_IntegerOverflowAttr
    : DialectAttr<Arith_Dialect, "overflow", "Integer overflow arith flags">;
def Arith_FastMathAttr
    : DialectAttr<Arith_Dialect, "fastmath", "Floating point fast math flags">;
def Arith_CmpIPredicateAttr
    : I64EnumAttr<["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
                  "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9",
                  ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]>;

// Every arith op here is pure; the base class accumulates it with
// `let append`.
class Arith_Op<string mnemonic, list<Trait> traits = []>
    : Op<Arith_Dialect, mnemonic, traits> {
  let append traits = [Pure];
}

// Binary ops on one type.
class Arith_BinaryOp<string mnemonic, TypeConstraint t, list<Trait> traits = []>
    : Arith_Op<mnemonic, traits> {
  let append traits = [SameOperandsAndResultType];
  let arguments = (ins t:$lhs, t:$rhs);
  let results = (outs t:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}
// Integer ones that carry `overflowFlags`.
class Arith_IntBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, SignlessIntegerLike, traits> {
  let append arguments = (ins DefaultValuedAttr<Arith_IntegerOverflowAttr, "#arith.overflow<none>">:$overflowFlags);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)
  }];
}
// Float ones that carry `fastmath`.
class Arith_FloatBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, FloatLike, traits> {
  let append arguments = (ins DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

def Arith_ConstantOp : Arith_Op<"constant",
    [ConstantLike, AllTypesMatch<["value", "result"]>]> {
  let summary = "integer or floating point constant";
  let arguments = (ins TypedAttr:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value";
}

def Arith_AddIOp : Arith_IntBinaryOp<"addi", [Commutative]> { let summary = "integer addition operation"; }
def Arith_SubIOp : Arith_IntBinaryOp<"subi"> { let summary = "integer subtraction operation"; }
def Arith_MulIOp : Arith_IntBinaryOp<"muli", [Commutative]> { let summary = "integer multiplication operation"; }
def Arith_AndIOp : Arith_BinaryOp<"andi", SignlessIntegerLike, [Commutative]> { let summary = "integer binary and"; }
def Arith_OrIOp : Arith_BinaryOp<"ori", SignlessIntegerLike, [Commutative]> { let summary = "integer binary or"; }
def Arith_XOrIOp : Arith_BinaryOp<"xori", SignlessIntegerLike, [Commutative]> { let summary = "integer binary xor"; }
def Arith_AddFOp : Arith_FloatBinaryOp<"addf", [Commutative]> { let summary = "floating point addition operation"; }
def Arith_SubFOp : Arith_FloatBinaryOp<"subf"> { let summary = "floating point subtraction operation"; }
def Arith_MulFOp : Arith_FloatBinaryOp<"mulf", [Commutative]> { let summary = "floating point multiplication operation"; }

def Arith_CmpIOp : Arith_Op<"cmpi", [SameTypeOperands]> {
  let summary = "integer comparison operation";
  let arguments = (ins Arith_CmpIPredicateAttr:$predicate,
                       SignlessIntegerLike:$lhs,
                       SignlessIntegerLike:$rhs);
  let results = (outs BoolLike:$result);
  let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
}

// `arith.select` merges values it does not understand: a token result is
// forbidden by the token contract (SelectLikeOpInterface). `AnyType`
// already rejects tokens; the interface also covers a user's select op
// whose operands accept them.
def Arith_SelectOp : Arith_Op<"select",
    [SelectLikeOpInterface, AllTypesMatch<["true_value", "false_value", "result"]>]> {
  let summary = "select operation";
  let arguments = (ins BoolLike:$condition, AnyType:$true_value, AnyType:$false_value);
  let results = (outs AnyType:$result);
}
