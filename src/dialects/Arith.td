//===- Arith.td - the arith dialect ------------------------*- tablegen -*-===//
// Every op of MLIR 19's arith dialect: operands, results, properties, traits
// and custom syntax (`assemblyFormat`) as MLIR 19 defines them (checked with
// `mlir-opt-19`, generic and custom, and `cargo xtask ir-compat --custom`).
// Known gaps: the cast ops' width checks are
// not verified yet; `index_cast`/`bitcast` accept no memrefs.

#ifndef IRKIT_ARITH_TD
#define IRKIT_ARITH_TD

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
def Arith_RoundingModeAttr
    : I32EnumAttr<["0", "1", "2", "3", "4"],
                  "Floating point rounding mode",
                  ["to_nearest_even", "downward", "upward", "toward_zero",
                   "to_nearest_away"]>;
def Arith_CmpFPredicateAttr
    : I64EnumAttr<["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11",
                   "12", "13", "14", "15"],
                  "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15",
                  ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
                   "ugt", "uge", "ult", "ule", "une", "uno", "true"]>;

def SignlessFixedWidthIntegerLike
    : TypeConstraint<"signless_fixed_width_integer_like", "signless-fixed-width-integer-like">;
def Arith_IndexCastType
    : AnyTypeOf<[SignlessIntegerLike],
                "signless-integer-like or memref of signless-integer">;
def Arith_BitcastType
    : AnyTypeOf<[SignlessIntegerLike, FloatLike],
                "signless-integer-or-float-like or memref of signless-integer or float">;
// MLIR 22's `SignlessIntegerOrFloatLike` no longer takes index.
def Arith_BitcastType22
    : AnyTypeOf<[SignlessFixedWidthIntegerLike, FloatLike], Arith_BitcastType.summary>;

// Every arith op here is pure and elementwise (MLIR's
// `ElementwiseMappable`); the base class accumulates them with `let append`,
// after the op's own traits, as MLIR lists them. Subclasses pass their
// traits as template arguments to keep that order.
class Arith_Op<string mnemonic, list<Trait> traits = []>
    : Op<Arith_Dialect, mnemonic, traits> {
  let append traits = [Pure, Elementwise];
}

// Binary ops on one type.
class Arith_BinaryOp<string mnemonic, TypeConstraint t, list<Trait> traits = []>
    : Arith_Op<mnemonic, traits # [SameOperandsAndResultType]> {
  let arguments = (ins t:$lhs, t:$rhs);
  let results = (outs t:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}
class Arith_IntBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, SignlessIntegerLike, traits>;
// Integer ones that carry `overflowFlags`.
class Arith_IntBinaryOpWithOverflowFlags<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, SignlessIntegerLike, traits> {
  let append arguments = (ins DefaultValuedAttr<Arith_IntegerOverflowAttr, "#arith.overflow<none>">:$overflowFlags);
  let assemblyFormat = [{
    $lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)
  }];
}
// MLIR 22's `exact` flag (divui, divsi, shrui, shrsi).
class Arith_IntBinaryOpWithExactFlag<string mnemonic, list<Trait> traits = []>
    : Arith_IntBinaryOp<mnemonic, traits> {
  let arguments22 = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs,
                         UnitAttr:$isExact);
  let assemblyFormat22 = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)";
}
// Float ones that carry `fastmath`.
class Arith_FloatBinaryOp<string mnemonic, list<Trait> traits = []>
    : Arith_BinaryOp<mnemonic, FloatLike, traits> {
  let append arguments = (ins DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

// Casts: one operand, one result, `$in : T to U`.
class Arith_CastOp<string mnemonic, TypeConstraint from, TypeConstraint to>
    : Arith_Op<mnemonic, [SameOperandsAndResultShape, CastOpInterface]> {
  let arguments = (ins from:$in);
  let results = (outs to:$out);
  let assemblyFormat = "$in attr-dict `:` type($in) `to` type($out)";
}

// Comparisons: `$predicate, $lhs, $rhs : T`; the result is i1 shaped like T.
class Arith_CompareOp<string mnemonic, TypeConstraint t, Attr predicate>
    : Arith_Op<mnemonic, [SameTypeOperands,
                          I1SameShapeOf<"lhs", "result",
                                        "result type has i1 element type and same shape as operands">]> {
  let arguments = (ins predicate:$predicate, t:$lhs, t:$rhs);
  let results = (outs BoolLike:$result);
  let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
}

// Not an Arith_Op in MLIR: not elementwise.
def Arith_ConstantOp : Op<Arith_Dialect, "constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "integer or floating point constant";
  let arguments = (ins TypedAttr:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value";
}

def Arith_AddIOp : Arith_IntBinaryOpWithOverflowFlags<"addi", [Commutative]> { let summary = "integer addition operation"; }
def Arith_SubIOp : Arith_IntBinaryOpWithOverflowFlags<"subi"> { let summary = "integer subtraction operation"; }
def Arith_MulIOp : Arith_IntBinaryOpWithOverflowFlags<"muli", [Commutative]> { let summary = "integer multiplication operation"; }
def Arith_ShLIOp : Arith_IntBinaryOpWithOverflowFlags<"shli"> { let summary = "integer left-shift"; }

def Arith_AddUIExtendedOp : Arith_Op<"addui_extended",
    [Commutative, AllTypesMatch<["lhs", "rhs", "sum"]>]> {
  let summary = "extended unsigned integer addition operation returning sum and overflow bit";
  let arguments = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs);
  let results = (outs SignlessIntegerLike:$sum, BoolLike:$overflow);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)";
}
class Arith_MulExtendedOp<string mnemonic, string desc>
    : Arith_Op<mnemonic, [Commutative, AllTypesMatch<["lhs", "rhs", "low", "high"]>]> {
  let summary = desc;
  let arguments = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs);
  let results = (outs SignlessIntegerLike:$low, SignlessIntegerLike:$high);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}
def Arith_MulSIExtendedOp : Arith_MulExtendedOp<"mulsi_extended", "extended signed integer multiplication operation">;
def Arith_MulUIExtendedOp : Arith_MulExtendedOp<"mului_extended", "extended unsigned integer multiplication operation">;

def Arith_DivUIOp : Arith_IntBinaryOpWithExactFlag<"divui"> { let summary = "unsigned integer division operation"; }
def Arith_DivSIOp : Arith_IntBinaryOpWithExactFlag<"divsi"> { let summary = "signed integer division operation"; }
def Arith_CeilDivUIOp : Arith_IntBinaryOp<"ceildivui"> { let summary = "unsigned ceil integer division operation"; }
def Arith_CeilDivSIOp : Arith_IntBinaryOp<"ceildivsi"> { let summary = "signed ceil integer division operation"; }
def Arith_FloorDivSIOp : Arith_IntBinaryOp<"floordivsi"> { let summary = "signed floor integer division operation"; }
def Arith_RemUIOp : Arith_IntBinaryOp<"remui"> { let summary = "unsigned integer division remainder operation"; }
def Arith_RemSIOp : Arith_IntBinaryOp<"remsi"> { let summary = "signed integer division remainder operation"; }
def Arith_AndIOp : Arith_IntBinaryOp<"andi", [Commutative]> { let summary = "integer binary and"; }
def Arith_OrIOp : Arith_IntBinaryOp<"ori", [Commutative]> { let summary = "integer binary or"; }
def Arith_XOrIOp : Arith_IntBinaryOp<"xori", [Commutative]> { let summary = "integer binary xor"; }
def Arith_ShRUIOp : Arith_IntBinaryOpWithExactFlag<"shrui"> { let summary = "unsigned integer right-shift"; }
def Arith_ShRSIOp : Arith_IntBinaryOpWithExactFlag<"shrsi"> { let summary = "signed integer right-shift"; }
def Arith_MaxSIOp : Arith_IntBinaryOp<"maxsi", [Commutative]> { let summary = "signed integer maximum operation"; }
def Arith_MaxUIOp : Arith_IntBinaryOp<"maxui", [Commutative]> { let summary = "unsigned integer maximum operation"; }
def Arith_MinSIOp : Arith_IntBinaryOp<"minsi", [Commutative]> { let summary = "signed integer minimum operation"; }
def Arith_MinUIOp : Arith_IntBinaryOp<"minui", [Commutative]> { let summary = "unsigned integer minimum operation"; }

def Arith_NegFOp : Arith_Op<"negf", [SameOperandsAndResultType]> {
  let summary = "floating point negation";
  let arguments = (ins FloatLike:$operand,
                       DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}
def Arith_AddFOp : Arith_FloatBinaryOp<"addf", [Commutative]> { let summary = "floating point addition operation"; }
def Arith_SubFOp : Arith_FloatBinaryOp<"subf"> { let summary = "floating point subtraction operation"; }
def Arith_MulFOp : Arith_FloatBinaryOp<"mulf", [Commutative]> { let summary = "floating point multiplication operation"; }
def Arith_DivFOp : Arith_FloatBinaryOp<"divf"> { let summary = "floating point division operation"; }
def Arith_RemFOp : Arith_FloatBinaryOp<"remf"> { let summary = "floating point division remainder operation"; }
def Arith_MaximumFOp : Arith_FloatBinaryOp<"maximumf", [Commutative]> { let summary = "floating-point maximum operation"; }
def Arith_MaxNumFOp : Arith_FloatBinaryOp<"maxnumf", [Commutative]> { let summary = "floating-point maximum operation"; }
def Arith_MinimumFOp : Arith_FloatBinaryOp<"minimumf", [Commutative]> { let summary = "floating-point minimum operation"; }
def Arith_MinNumFOp : Arith_FloatBinaryOp<"minnumf", [Commutative]> { let summary = "floating-point minimum operation"; }

def Arith_ExtUIOp : Arith_CastOp<"extui", SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike> { let summary = "integer zero extension operation"; }
def Arith_ExtSIOp : Arith_CastOp<"extsi", SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike> { let summary = "integer sign extension operation"; }
def Arith_TruncIOp : Arith_CastOp<"trunci", SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike> {
  let summary = "integer truncation operation";
  // MLIR 22 added overflow flags.
  let arguments22 = (ins SignlessFixedWidthIntegerLike:$in,
                         DefaultValuedAttr<Arith_IntegerOverflowAttr,
                                           "#arith.overflow<none>">:$overflowFlags);
  let assemblyFormat22 = [{
    $in (`overflow` `` $overflowFlags^)? attr-dict `:` type($in) `to` type($out)
  }];
}
def Arith_UIToFPOp : Arith_CastOp<"uitofp", SignlessFixedWidthIntegerLike, FloatLike> { let summary = "cast from unsigned integer type to floating-point"; }
def Arith_SIToFPOp : Arith_CastOp<"sitofp", SignlessFixedWidthIntegerLike, FloatLike> { let summary = "cast from integer type to floating-point"; }
def Arith_FPToUIOp : Arith_CastOp<"fptoui", FloatLike, SignlessFixedWidthIntegerLike> { let summary = "cast from floating-point type to integer type"; }
def Arith_FPToSIOp : Arith_CastOp<"fptosi", FloatLike, SignlessFixedWidthIntegerLike> { let summary = "cast from floating-point type to integer type"; }
def Arith_IndexCastOp : Arith_CastOp<"index_cast", Arith_IndexCastType, Arith_IndexCastType> { let summary = "cast between index and integer types"; }
def Arith_IndexCastUIOp : Arith_CastOp<"index_castui", Arith_IndexCastType, Arith_IndexCastType> { let summary = "unsigned cast between index and integer types"; }
def Arith_BitcastOp : Arith_CastOp<"bitcast", Arith_BitcastType, Arith_BitcastType> {
  let summary = "bitcast between values of equal bit width";
  let arguments22 = (ins Arith_BitcastType22:$in);
  let results22 = (outs Arith_BitcastType22:$out);
}
def Arith_ExtFOp : Arith_CastOp<"extf", FloatLike, FloatLike> {
  let summary = "cast from floating-point to wider floating-point";
  let append arguments = (ins OptionalAttr<Arith_FastMathAttr>:$fastmath);
  let assemblyFormat = [{
    $in (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)
  }];
}
def Arith_TruncFOp : Arith_CastOp<"truncf", FloatLike, FloatLike> {
  let summary = "cast from floating-point to narrower floating-point";
  let append arguments = (ins OptionalAttr<Arith_RoundingModeAttr>:$roundingmode,
                              OptionalAttr<Arith_FastMathAttr>:$fastmath);
  let assemblyFormat = [{
    $in ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($in) `to` type($out)
  }];
}

// MLIR 22's OCP MXFP casts: `$in` scaled by `$scale`, then widened or
// narrowed. Their cast rule (`CastOpInterface`: `$in` to `$out`, the scale
// takes no part) and `SameInputOutputTensorDims` are the other casts'; with
// no `SameOperandsAndResultShape`, the cast rule checks the shapes, before
// `Elementwise` does.
def Arith_ScalingExtFOp : Arith_Op<"scaling_extf", [CastOpInterface]> {
  let summary = "Upcasts input floats using provided scales values following OCP MXFP Spec";
  let mlirSince = 22;
  let arguments = (ins FloatLike:$in, FloatLike:$scale,
                       OptionalAttr<Arith_FastMathAttr>:$fastmath);
  let results = (outs FloatLike:$out);
  let assemblyFormat = [{
    $in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:`
    type($in) `,` type($scale) `to` type($out)
  }];
}
def Arith_ScalingTruncFOp : Arith_Op<"scaling_truncf", [CastOpInterface]> {
  let summary = "Downcasts input floating point values using provided scales values following OCP MXFP Spec";
  let mlirSince = 22;
  let arguments = (ins FloatLike:$in, FloatLike:$scale,
                       OptionalAttr<Arith_RoundingModeAttr>:$roundingmode,
                       OptionalAttr<Arith_FastMathAttr>:$fastmath);
  let results = (outs FloatLike:$out);
  let assemblyFormat = [{
    $in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)? attr-dict `:`
    type($in) `,` type($scale) `to` type($out)
  }];
}

def Arith_CmpIOp : Arith_CompareOp<"cmpi", SignlessIntegerLike, Arith_CmpIPredicateAttr> {
  let summary = "integer comparison operation";
}
def Arith_CmpFOp : Arith_CompareOp<"cmpf", FloatLike, Arith_CmpFPredicateAttr> {
  let summary = "floating-point comparison operation";
  let append arguments = (ins DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let assemblyFormat = [{
    $predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs)
  }];
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
  let hasCustomAssemblyFormat = 1;
}

#endif // IRKIT_ARITH_TD
