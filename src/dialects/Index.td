//===- Index.td - the index dialect ------------------------*- tablegen -*-===//
// Operands, results, properties and custom syntax as MLIR 19's index
// dialect (checked with `mlir-opt-19`).

include "OpBase.td"

def Index_Dialect : Dialect {
  let name = "index";
  let summary = "The Index dialect";
}

class IndexOp<string mnemonic, list<Trait> traits = []>
    : Op<Index_Dialect, mnemonic, traits>;

class IndexBinaryOp<string mnemonic, list<Trait> traits = []>
    : IndexOp<mnemonic, traits> {
  let arguments = (ins Index:$lhs, Index:$rhs);
  let results = (outs Index:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}

def Index_AddOp : IndexBinaryOp<"add", [Commutative, Pure]> { let summary = "index addition"; }
def Index_SubOp : IndexBinaryOp<"sub", [Pure]> { let summary = "index subtraction"; }
def Index_MulOp : IndexBinaryOp<"mul", [Commutative, Pure]> { let summary = "index multiplication"; }
def Index_DivSOp : IndexBinaryOp<"divs"> { let summary = "index signed division"; }
def Index_DivUOp : IndexBinaryOp<"divu"> { let summary = "index unsigned division"; }
def Index_CeilDivSOp : IndexBinaryOp<"ceildivs"> { let summary = "index signed ceil division"; }
def Index_CeilDivUOp : IndexBinaryOp<"ceildivu"> { let summary = "index unsigned ceil division"; }
def Index_FloorDivSOp : IndexBinaryOp<"floordivs"> { let summary = "index signed floor division"; }
def Index_RemSOp : IndexBinaryOp<"rems"> { let summary = "index signed remainder"; }
def Index_RemUOp : IndexBinaryOp<"remu"> { let summary = "index unsigned remainder"; }
def Index_MaxSOp : IndexBinaryOp<"maxs", [Commutative, Pure]> { let summary = "index signed maximum"; }
def Index_MaxUOp : IndexBinaryOp<"maxu", [Commutative, Pure]> { let summary = "index unsigned maximum"; }
def Index_MinSOp : IndexBinaryOp<"mins", [Commutative, Pure]> { let summary = "index signed minimum"; }
def Index_MinUOp : IndexBinaryOp<"minu", [Commutative, Pure]> { let summary = "index unsigned minimum"; }
def Index_ShlOp : IndexBinaryOp<"shl", [Pure]> { let summary = "index shift left"; }
def Index_ShrSOp : IndexBinaryOp<"shrs", [Pure]> { let summary = "signed index shift right"; }
def Index_ShrUOp : IndexBinaryOp<"shru", [Pure]> { let summary = "unsigned index shift right"; }
def Index_AndOp : IndexBinaryOp<"and", [Commutative, Pure]> { let summary = "index bitwise and"; }
def Index_OrOp : IndexBinaryOp<"or", [Commutative, Pure]> { let summary = "index bitwise or"; }
def Index_XOrOp : IndexBinaryOp<"xor", [Commutative, Pure]> { let summary = "index bitwise xor"; }

def IntegerOrIndex : AnyTypeOf<[AnyInteger, Index], "integer or index">;

def Index_CastSOp : IndexOp<"casts", [Pure, CastOpInterface]> {
  let summary = "index signed cast";
  let arguments = (ins IntegerOrIndex:$input);
  let results = (outs IntegerOrIndex:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
}

def Index_CastUOp : IndexOp<"castu", [Pure, CastOpInterface]> {
  let summary = "index unsigned cast";
  let arguments = (ins IntegerOrIndex:$input);
  let results = (outs IntegerOrIndex:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
}

def IndexCmpPredicateAttr
    : DialectAttr<Index_Dialect, "cmp_predicate", "index comparison predicate kind">;

def Index_CmpOp : IndexOp<"cmp", [Pure]> {
  let summary = "index compare";
  let arguments = (ins IndexCmpPredicateAttr:$pred, Index:$lhs, Index:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "`` $pred `(` $lhs `,` $rhs `)` attr-dict";
}

def Index_SizeOfOp : IndexOp<"sizeof", [Pure]> {
  let summary = "size in bits of the index type";
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict";
}

def IndexAttr : Attr<"index_int", "index attribute">;

def Index_ConstantOp : IndexOp<"constant", [ConstantLike, Pure]> {
  let summary = "index constant";
  let arguments = (ins IndexAttr:$value);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict $value";
}

def Index_BoolConstantOp : IndexOp<"bool.constant", [ConstantLike, Pure]> {
  let summary = "boolean constant";
  let arguments = (ins BoolAttr:$value);
  let results = (outs I1:$result);
  let assemblyFormat = "attr-dict $value";
}
