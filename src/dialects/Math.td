//===- Math.td - the math dialect --------------------------*- tablegen -*-===//
// Every op of MLIR 19's and 22's math dialect with its operands, results, `fastmath`
// property and custom syntax (checked with `mlir-opt-19` and
// `cargo xtask ir-compat --custom`).

include "OpBase.td"
include "Arith.td"

def Math_Dialect : Dialect {
  let name = "math";
  let summary = "Mathematical operations";
}

// Every math op is pure and keeps its operand and result types equal.
class Math_Op<string mnemonic, list<Trait> traits = []>
    : Op<Math_Dialect, mnemonic, traits> {
  let append traits = [Pure, Elementwise];
}
class Math_IntegerUnaryOp<string mnemonic> : Math_Op<mnemonic, [SameOperandsAndResultType]> {
  let arguments = (ins SignlessIntegerLike:$operand);
  let results = (outs SignlessIntegerLike:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}
class Math_FloatUnaryOp<string mnemonic> : Math_Op<mnemonic, [SameOperandsAndResultType]> {
  let arguments = (ins FloatLike:$operand,
                       DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}
class Math_IntegerBinaryOp<string mnemonic> : Math_Op<mnemonic, [SameOperandsAndResultType]> {
  let arguments = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs);
  let results = (outs SignlessIntegerLike:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}
class Math_FloatBinaryOp<string mnemonic> : Math_Op<mnemonic, [SameOperandsAndResultType]> {
  let arguments = (ins FloatLike:$lhs, FloatLike:$rhs,
                       DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}
class Math_FloatTernaryOp<string mnemonic> : Math_Op<mnemonic, [SameOperandsAndResultType]> {
  let arguments = (ins FloatLike:$a, FloatLike:$b, FloatLike:$c,
                       DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}

def Math_AbsFOp : Math_FloatUnaryOp<"absf"> { let summary = "floating point absolute-value operation"; }
def Math_AbsIOp : Math_IntegerUnaryOp<"absi"> { let summary = "integer absolute-value operation"; }
def Math_AcoshOp : Math_FloatUnaryOp<"acosh"> { let summary = "Hyperbolic arcus cosine of the given value"; }
def Math_AsinOp : Math_FloatUnaryOp<"asin"> { let summary = "arcus sine of the given value"; }
def Math_AsinhOp : Math_FloatUnaryOp<"asinh"> { let summary = "hyperbolic arcus sine of the given value"; }
def Math_AtanOp : Math_FloatUnaryOp<"atan"> { let summary = "arcus tangent of the given value"; }
def Math_AtanhOp : Math_FloatUnaryOp<"atanh"> { let summary = "hyperbolic arcus tangent of the given value"; }
def Math_Atan2Op : Math_FloatBinaryOp<"atan2"> { let summary = "2-argument arcus tangent of the given values"; }
def Math_CbrtOp : Math_FloatUnaryOp<"cbrt"> { let summary = "cube root of the specified value"; }
def Math_CeilOp : Math_FloatUnaryOp<"ceil"> { let summary = "ceiling of the specified value"; }
def Math_CopySignOp : Math_FloatBinaryOp<"copysign"> { let summary = "A copysign operation"; }
def Math_CosOp : Math_FloatUnaryOp<"cos"> { let summary = "cosine of the specified value"; }
def Math_AcosOp : Math_FloatUnaryOp<"acos"> { let summary = "arcus cosine of the specified value"; }
def Math_CoshOp : Math_FloatUnaryOp<"cosh"> { let summary = "hyperbolic cosine of the specified value"; }
def Math_SinOp : Math_FloatUnaryOp<"sin"> { let summary = "sine of the specified value"; }
def Math_SinhOp : Math_FloatUnaryOp<"sinh"> { let summary = "hyperbolic sine of the specified value"; }
def Math_CountLeadingZerosOp : Math_IntegerUnaryOp<"ctlz"> { let summary = "counts the leading zeros an integer value"; }
def Math_CountTrailingZerosOp : Math_IntegerUnaryOp<"cttz"> { let summary = "counts the trailing zeros an integer value"; }
def Math_CtPopOp : Math_IntegerUnaryOp<"ctpop"> { let summary = "counts the number of set bits of an integer value"; }
def Math_ErfOp : Math_FloatUnaryOp<"erf"> { let summary = "error function of the specified value"; }
def Math_ExpOp : Math_FloatUnaryOp<"exp"> { let summary = "base-e exponential of the specified value"; }
def Math_Exp2Op : Math_FloatUnaryOp<"exp2"> { let summary = "base-2 exponential of the specified value"; }
def Math_ExpM1Op : Math_FloatUnaryOp<"expm1"> { let summary = "base-e exponential of the specified value minus 1"; }
def Math_FloorOp : Math_FloatUnaryOp<"floor"> { let summary = "floor of the specified value"; }
def Math_FmaOp : Math_FloatTernaryOp<"fma"> { let summary = "floating point fused multipy-add operation"; }
def Math_IPowIOp : Math_IntegerBinaryOp<"ipowi"> { let summary = "signed integer raised to the power of operation"; }
def Math_LogOp : Math_FloatUnaryOp<"log"> { let summary = "base-e logarithm of the specified value"; }
def Math_Log10Op : Math_FloatUnaryOp<"log10"> { let summary = "base-10 logarithm of the specified value"; }
def Math_Log1pOp : Math_FloatUnaryOp<"log1p"> { let summary = "Computes the natural logarithm of one plus the given value"; }
def Math_Log2Op : Math_FloatUnaryOp<"log2"> { let summary = "base-2 logarithm of the specified value"; }
def Math_PowFOp : Math_FloatBinaryOp<"powf"> { let summary = "floating point raised to the power of operation"; }
def Math_RsqrtOp : Math_FloatUnaryOp<"rsqrt"> { let summary = "reciprocal of sqrt (1 / sqrt of the specified value)"; }
def Math_SqrtOp : Math_FloatUnaryOp<"sqrt"> { let summary = "sqrt of the specified value"; }
def Math_TanOp : Math_FloatUnaryOp<"tan"> { let summary = "tangent of the specified value"; }
def Math_TanhOp : Math_FloatUnaryOp<"tanh"> { let summary = "hyperbolic tangent of the specified value"; }
def Math_RoundEvenOp : Math_FloatUnaryOp<"roundeven"> { let summary = "round of the specified value with halfway cases to even"; }
def Math_RoundOp : Math_FloatUnaryOp<"round"> { let summary = "round of the specified value"; }
def Math_TruncOp : Math_FloatUnaryOp<"trunc"> { let summary = "trunc of the specified value"; }

def Math_FPowIOp : Math_Op<"fpowi", [AllTypesMatch<["lhs", "result"]>]> {
  let summary = "floating point raised to the signed integer power";
  let arguments = (ins FloatLike:$lhs, SignlessIntegerLike:$rhs,
                       DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` type($rhs)
  }];
}

//===----------------------------------------------------------------------===//
// Ops new in MLIR 22 (`mlirSince = 22`)
//===----------------------------------------------------------------------===//

// `math.isfinite %x : T`: an i1 (or i1-shaped) classification of a float.
class Math_FloatClassificationOp<string mnemonic>
    : Math_Op<mnemonic, [I1SameShapeOf<"operand", "result",
                                       "result type has i1 element type and same shape as operands">]> {
  let mlirSince = 22;
  let arguments = (ins FloatLike:$operand,
                       DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let results = (outs BoolLike:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}

def Math_ClampFOp : Math_Op<"clampf", [SameOperandsAndResultType]> {
  let summary = "floating point clamping operation";
  let mlirSince = 22;
  let arguments = (ins FloatLike:$value, FloatLike:$min, FloatLike:$max,
                       DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let results = (outs FloatLike:$result);
  let assemblyFormat = [{
    $value `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)? attr-dict `:` type($result)
  }];
}
def Math_ErfcOp : Math_FloatUnaryOp<"erfc"> {
  let summary = "complementary error function of the specified value";
  let mlirSince = 22;
}
def Math_IsFiniteOp : Math_FloatClassificationOp<"isfinite"> {
  let summary = "returns true if the operand classifies as finite";
}
def Math_IsInfOp : Math_FloatClassificationOp<"isinf"> {
  let summary = "returns true if the operand classifies as infinite";
}
def Math_IsNaNOp : Math_FloatClassificationOp<"isnan"> {
  let summary = "returns true if the operand classifies as NaN";
}
def Math_IsNormalOp : Math_FloatClassificationOp<"isnormal"> {
  let summary = "returns true if the operand classifies as normal";
}
def Math_SincosOp : Math_Op<"sincos", [SameOperandsAndResultShape,
                                       AllTypesMatch<["operand", "sin", "cos"]>]> {
  let summary = "sine and cosine of the specified value";
  let mlirSince = 22;
  let arguments = (ins FloatLike:$operand,
                       DefaultValuedAttr<Arith_FastMathAttr, "#arith.fastmath<none>">:$fastmath);
  let results = (outs FloatLike:$sin, FloatLike:$cos);
  let assemblyFormat = [{
    $operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)
  }];
}
