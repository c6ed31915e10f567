//===- Arith.td - the arith dialect (subset) ---------------*- tablegen -*-===//
// Operands, results and properties as MLIR 19's arith dialect.

include "OpBase.td"

def Arith_Dialect : Dialect {
  let name = "arith";
  let summary = "Basic integer and floating point operations";
}

class Arith_Op<string mnemonic, list<Trait> traits = []>
    : Op<Arith_Dialect, mnemonic, traits> {
  let append traits = [Pure];
}

// Binary ops on one type; integer ones carry `overflowFlags`.
class Arith_BinaryOp<string mnemonic, TypeConstraint t, list<Trait> traits = []>
    : Arith_Op<mnemonic, traits> {
  let append traits = [SameOperandsAndResultType];
  let arguments = (ins t:$lhs, t:$rhs);
  let results = (outs t:$result);
}
class Arith_IntBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, AnySignlessIntegerOrIndex, traits> {
  let append arguments = (ins DefaultValuedAttr<IntegerOverflowFlagsAttr, "none">:$overflowFlags);
}

def Arith_ConstantOp : Arith_Op<"constant", [ConstantLike]> {
  let summary = "integer or floating point constant";
  let arguments = (ins TypedAttr:$value);
  let results = (outs AnyType:$result);
}

def Arith_AddIOp : Arith_IntBinaryOp<"addi", [Commutative]> { let summary = "integer addition operation"; }
def Arith_SubIOp : Arith_IntBinaryOp<"subi"> { let summary = "integer subtraction operation"; }
def Arith_MulIOp : Arith_IntBinaryOp<"muli", [Commutative]> { let summary = "integer multiplication operation"; }
def Arith_AndIOp : Arith_BinaryOp<"andi", AnySignlessIntegerOrIndex, [Commutative]> { let summary = "integer binary and"; }
def Arith_OrIOp : Arith_BinaryOp<"ori", AnySignlessIntegerOrIndex, [Commutative]> { let summary = "integer binary or"; }
def Arith_XOrIOp : Arith_BinaryOp<"xori", AnySignlessIntegerOrIndex, [Commutative]> { let summary = "integer binary xor"; }
def Arith_AddFOp : Arith_BinaryOp<"addf", AnyFloat, [Commutative]> { let summary = "floating point addition operation"; }
def Arith_MulFOp : Arith_BinaryOp<"mulf", AnyFloat, [Commutative]> { let summary = "floating point multiplication operation"; }

def Arith_CmpIOp : Arith_Op<"cmpi", [SameTypeOperands]> {
  let summary = "integer comparison operation";
  let arguments = (ins CmpIPredicateAttr:$predicate,
                       AnySignlessIntegerOrIndex:$lhs,
                       AnySignlessIntegerOrIndex:$rhs);
  let results = (outs I1:$result);
}

// `arith.select` merges values it does not understand: a token result is
// forbidden by the token contract (SelectLikeOpInterface).
def Arith_SelectOp : Arith_Op<"select", [SelectLikeOpInterface]> {
  let summary = "select operation";
  let arguments = (ins I1:$condition, AnyType:$true_value, AnyType:$false_value);
  let results = (outs AnyType:$result);
}
