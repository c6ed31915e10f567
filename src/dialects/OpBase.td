//===- OpBase.td - irkit's ODS-like base for dialect definitions -*- tablegen -*-===//
//
// Written for irkit from scratch. Dialects describe their ops with the
// classes below; `irkit tblgen --gen-op-defs` turns the records into Rust op
// definitions (a registry entry and a typed wrapper per op), and
// `irkit verify --dialect X.td` loads the same records at run time.
//
// Op base classes accumulate traits and extra declarations with
// `let append` (the TableGen extension irkit adds), e.g.
//
//   class MyTerminatorOp<string m> : MyOp<m> { let append traits = [Terminator]; }
//
//===----------------------------------------------------------------------===//

#ifndef IRKIT_OPBASE_TD
#define IRKIT_OPBASE_TD

//===----------------------------------------------------------------------===//
// Dialects
//===----------------------------------------------------------------------===//

class Dialect {
  // The namespace: ops are spelled `<name>.<mnemonic>`.
  string name = ?;
  string summary = "";
  string description = "";
  // Ops of this dialect that no definition names are accepted as
  // unregistered ops (MLIR's `allowUnknownOperations`); otherwise the
  // verifier rejects them, as mlir-opt does even with
  // `--allow-unregistered-dialect`.
  bit allowUnknownOperations = 0;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// A type constraint is checked by the verifier engine. `kind` selects the
// check; `params` parameterises it; `summary` is how diagnostics name it
// ("operand #1 must be <summary>, but got 'token'").
class TypeConstraint<string k, string desc, list<string> p = []> {
  string kind = k;
  list<string> params = p;
  string summary = desc;
}

// Any type except `token`: tokens must be asked for explicitly.
def AnyType : TypeConstraint<"any", "any type">;
def Token : TypeConstraint<"token", "token">;
def AnyTypeOrToken : TypeConstraint<"any_or_token", "any type or token">;
def AnyInteger : TypeConstraint<"integer", "integer">;
def AnySignlessInteger : TypeConstraint<"signless_integer", "signless integer">;
def AnySignlessIntegerOrIndex : TypeConstraint<"signless_integer_or_index", "signless integer or index">;
// Scalars, or vectors/tensors of them (MLIR's `...Like` constraints).
def SignlessIntegerLike : TypeConstraint<"signless_integer_like", "signless-integer-like">;
def FloatLike : TypeConstraint<"float_like", "floating-point-like">;
def BoolLike : TypeConstraint<"bool_like", "bool-like">;
def AnyFloat : TypeConstraint<"float", "floating-point">;
def Index : TypeConstraint<"index", "index">;
def NoneType : TypeConstraint<"none", "none type">;
class I<int width> : TypeConstraint<"int_width", width # "-bit signless integer", ["" # width]>;
def I1 : I<1>;
def I8 : I<8>;
def I32 : I<32>;
def I64 : I<64>;
def F32 : TypeConstraint<"exact", "32-bit float", ["f32"]>;
def F64 : TypeConstraint<"exact", "64-bit float", ["f64"]>;
def AnyFunctionType : TypeConstraint<"function", "function type">;
def AnyMemRef : TypeConstraint<"memref", "memref of any type values">;
def AnyStaticShapeMemRef
    : TypeConstraint<"static_shape_memref", "statically shaped memref of any type values">;
def AnyUnrankedMemRef : TypeConstraint<"unranked_memref", "unranked.memref of any type values">;
def AnyRankedOrUnrankedMemRef
    : TypeConstraint<"ranked_or_unranked_memref", "ranked or unranked memref of any type values">;

// Any type of a dialect: `!<dialect>.<mnemonic>...`.
class DialectType<Dialect d, string mnemonic, string desc>
    : TypeConstraint<"dialect_type", desc, [d.name, mnemonic]>;
// One of several constraints.
class AnyTypeOf<list<TypeConstraint> allowed, string desc>
    : TypeConstraint<"any_of", desc> {
  list<TypeConstraint> alternatives = allowed;
}

// A ranked memref whose element type satisfies `e` (MLIR's `MemRefOf`).
class MemRefOf<TypeConstraint e> : TypeConstraint<"memref_of", "memref of " # e.summary # " values"> {
  TypeConstraint element = e;
}
// The same of one rank (MLIR's `MemRefRankOf<[e], [rank]>`).
class MemRefRankOf<TypeConstraint e, int rank>
    : TypeConstraint<"memref_rank_of", rank # "D memref of " # e.summary # " values", ["" # rank]> {
  TypeConstraint element = e;
}

// Operand/result multiplicity wrappers.
class Variadic<TypeConstraint t> : TypeConstraint<t.kind, "variadic of " # t.summary, t.params> {
  TypeConstraint base = t;
}
// A variadic group split into groups by the dense i32 array attribute
// `sizes` (MLIR's `VariadicOfVariadic`; the verifier checks their sum).
class VariadicOfVariadic<TypeConstraint t, string sizes> : Variadic<t> {
  string segmentAttrName = sizes;
}
// MLIR's `Optional` keeps the summary of the type it wraps.
class Optional<TypeConstraint t> : TypeConstraint<t.kind, t.summary, t.params> {
  TypeConstraint base = t;
}

//===----------------------------------------------------------------------===//
// Attribute and property constraints
//===----------------------------------------------------------------------===//

// Inherent attributes; MLIR 19 stores them as properties (`<{...}>`).
// `kind` selects the check, `params` parameterise it (enum cases, dialect
// attribute names), `summary` is how diagnostics name it ("attribute 'msg'
// failed to satisfy constraint: string attribute").
class Attr<string k, string desc, list<string> p = []> {
  string kind = k;
  list<string> params = p;
  string summary = desc;
  bit optional = 0;
  // An enum's keywords (see I64EnumAttr); kept by OptionalAttr and
  // DefaultValuedAttr.
  list<string> caseNames = [];
  // The least and greatest integer values accepted (ConfinedAttr's
  // IntMinValue / IntMaxValue); empty: no bound.
  string minValue = "";
  string maxValue = "";
  // Only powers of two are accepted (ConfinedAttr's IntPowerOf2).
  bit powerOfTwo = 0;
  // A bit enum's keyword separator and `NamedEnumProp` mnemonic (see
  // I32BitEnumProp).
  string separator = "";
  string enumMnemonic = "";
  // The sizes of a VariadicOfVariadic operand group (see
  // VariadicOfVariadicSizes).
  bit segmentSizes = 0;
}
// An attribute of a dialect: `#<dialect>.<mnemonic><...>`.
class DialectAttr<Dialect d, string mnemonic, string desc>
    : Attr<"dialect_attr", desc, [d.name, mnemonic]>;
// A 64-bit signless integer attribute whose value is one of `cases`;
// `names` are the keywords a format prints for them (one per case).
class I64EnumAttr<list<string> cases, string desc, list<string> names = []>
    : Attr<"i64_enum", desc, cases> {
  let caseNames = names;
}
// The same with a 32-bit signless integer.
class I32EnumAttr<list<string> cases, string desc, list<string> names = []>
    : Attr<"i32_enum", desc, cases> {
  let caseNames = names;
}
// A bit enum property (MLIR's `EnumProp` of an `I32BitEnum`), stored as a
// 32-bit signless integer: `cases` are the case values (a group of bits
// written `G<value>`, e.g. "G3"), `names` their keywords; a format prints
// the set bits' keywords joined by `sep`, groups first, inside
// `mnemonic<...>` when `mnemonic` is set (`NamedEnumProp`).
class I32BitEnumProp<list<string> cases, list<string> names, string desc,
                     string sep = "|", string mnemonic = "">
    : Attr<"i32_bit_enum", desc, cases> {
  let caseNames = names;
  let separator = sep;
  let enumMnemonic = mnemonic;
}
// The sizes of a `VariadicOfVariadic` operand group (e.g. MLIR 22's
// `op_bundle_sizes`); the group itself is declared `Variadic` and checked
// as one. `attr-dict` never prints it; the custom parser sets it from the
// groups it read (empty when none).
def VariadicOfVariadicSizes : Attr<"dense_i32_array", "i32 dense array attribute"> {
  let segmentSizes = 1;
}
def AnyAttr : Attr<"any", "any attribute">;
// Optional by nature, as MLIR's: absent means false.
def UnitAttr : Attr<"unit", "unit attribute"> { let optional = 1; }
def BoolAttr : Attr<"bool", "bool attribute">;
def StrAttr : Attr<"string", "string attribute">;
def SymbolNameAttr : Attr<"symbol_name", "string attribute">;
def FlatSymbolRefAttr : Attr<"flat_symbol_ref", "flat symbol reference attribute">;
def SymbolRefAttr : Attr<"symbol_ref", "symbol reference attribute">;
def TypeAttr : Attr<"type", "any type attribute">;
def FunctionTypeAttr : Attr<"function_type", "type attribute of function type">;
def DialectFunctionTypeAttr : Attr<"type", "type attribute of a dialect function type">;
def I64Attr : Attr<"int64", "64-bit signless integer attribute">;
def I32Attr : Attr<"int32", "32-bit signless integer attribute">;
def I1Attr : Attr<"int1", "1-bit signless integer attribute">;
def APIntAttr : Attr<"integer", "arbitrary integer attribute">;
def I8Attr : Attr<"int8", "8-bit signless integer attribute">;
def F64Attr : Attr<"float64", "64-bit float attribute">;
def ArrayAttr : Attr<"array", "array attribute">;
def DictArrayAttr : Attr<"dict_array", "Array of dictionary attributes">;
def DenseI32ArrayAttr : Attr<"dense_i32_array", "i32 dense array attribute">;
def DenseI64ArrayAttr : Attr<"dense_i64_array", "i64 dense array attribute">;
def TypedAttr : Attr<"typed", "TypedAttr instance">;
def AffineMapAttr : Attr<"affine_map", "AffineMap attribute">;

// MLIR's attribute constraints that bound an integer.
class AttrConstraint<string desc, string min, string max = "", bit pow2 = 0> {
  string summary = desc;
  string minValue = min;
  string maxValue = max;
  bit powerOfTwo = pow2;
}
class IntMinValue<int n> : AttrConstraint<"whose minimum value is " # n, !cast<string>(n)>;
class IntMaxValue<int n> : AttrConstraint<"whose maximum value is " # n, "", !cast<string>(n)>;
def IntNonNegative : AttrConstraint<"whose value is non-negative", "0">;
def IntPositive : AttrConstraint<"whose value is positive", "1">;
// MLIR 22's `IntPositivePowerOf2` (an `AllAttrOf`, whose summary joins its
// parts' with "and") and `IntValidAlignment`.
def IntPositivePowerOf2
    : AttrConstraint<"whose value is positive and whose value is a power of two > 0", "1", "", 1>;
// `attr` further constrained; the summary gains each constraint's, as in
// MLIR ("32-bit signless integer attribute whose value is positive").
class ConfinedAttr<Attr a, list<AttrConstraint> c>
    : Attr<a.kind, !foldl(a.summary, c, prev, cur, prev # " " # cur.summary), a.params> {
  let optional = a.optional;
  let caseNames = a.caseNames;
  let separator = a.separator;
  let enumMnemonic = a.enumMnemonic;
  let minValue = !foldl(a.minValue, c, prev, cur, !if(!empty(cur.minValue), prev, cur.minValue));
  let maxValue = !foldl(a.maxValue, c, prev, cur, !if(!empty(cur.maxValue), prev, cur.maxValue));
  let powerOfTwo = !foldl(a.powerOfTwo, c, prev, cur, !if(cur.powerOfTwo, cur.powerOfTwo, prev));
}
class IntValidAlignment<Attr a> : ConfinedAttr<a, [IntPositivePowerOf2]>;
class OptionalAttr<Attr a> : Attr<a.kind, a.summary, a.params> {
  let optional = 1;
  let caseNames = a.caseNames;
  let separator = a.separator;
  let enumMnemonic = a.enumMnemonic;
  let minValue = a.minValue;
  let maxValue = a.maxValue;
  let powerOfTwo = a.powerOfTwo;
}
// `v` is the default as MLIR attribute text (`#arith.overflow<none>`): the
// custom syntax elides an attribute equal to it, and parsing fills it in.
class DefaultValuedAttr<Attr a, string v> : Attr<a.kind, a.summary, a.params> {
  let optional = 1;
  let caseNames = a.caseNames;
  let separator = a.separator;
  let enumMnemonic = a.enumMnemonic;
  let minValue = a.minValue;
  let maxValue = a.maxValue;
  let powerOfTwo = a.powerOfTwo;
  string defaultValue = v;
  // The custom parser stores the default when the attribute is not written.
  bit defaultFilled = 1;
}
// Elided when equal to `v`, but never filled in (the op treats absence as `v`).
class DefaultValuedOptionalAttr<Attr a, string v> : DefaultValuedAttr<a, v> {
  let defaultFilled = 0;
}

//===----------------------------------------------------------------------===//
// Regions and successors
//===----------------------------------------------------------------------===//

class RegionConstraint<string k, string desc> {
  string kind = k;
  string summary = desc;
}
def AnyRegion : RegionConstraint<"any", "any region">;
def SizedRegion1 : RegionConstraint<"sized1", "region with 1 blocks">;
def MaxSizedRegion1 : RegionConstraint<"max_sized1", "region with at most 1 blocks">;
class VariadicRegion<RegionConstraint r> : RegionConstraint<r.kind, "variadic of " # r.summary> {
  RegionConstraint base = r;
}

class SuccessorConstraint<string desc> {
  string summary = desc;
}
def AnySuccessor : SuccessorConstraint<"any successor">;
class VariadicSuccessor<SuccessorConstraint s> : SuccessorConstraint<"variadic of " # s.summary> {
  SuccessorConstraint base = s;
}

// Markers for the dags of an op definition: `(ins ...)`, `(outs ...)`,
// `(region ...)`, `(successor ...)`.
def ins;
def outs;
def region;
def successor;

//===----------------------------------------------------------------------===//
// Traits and interfaces
//===----------------------------------------------------------------------===//

// A trait the verifier engine knows by `name`.
class Trait<string n> {
  string name = n;
}
// An interface: a trait with its own verifier hooks (the token contract's
// rules are keyed on these).
class Interface<string n> : Trait<n>;

def Terminator : Trait<"Terminator">;
def NoTerminator : Trait<"NoTerminator">;
def SingleBlock : Trait<"SingleBlock">;
def IsolatedFromAbove : Trait<"IsolatedFromAbove">;
def Symbol : Trait<"Symbol">;
def SymbolTable : Trait<"SymbolTable">;
def SameOperandsAndResultType : Trait<"SameOperandsAndResultType">;
def SameTypeOperands : Trait<"SameTypeOperands">;
def SameOperandsElementType : Trait<"SameOperandsElementType">;
def SameOperandsAndResultElementType : Trait<"SameOperandsAndResultElementType">;
def GraphRegion : Trait<"GraphRegion">;
def AttrSizedOperandSegments : Trait<"AttrSizedOperandSegments">;
def Pure : Trait<"Pure">;
def ConstantLike : Trait<"ConstantLike">;
def Commutative : Trait<"Commutative">;
// The token contract (shared/spec/token-type.txt; MLIR's builtin `token`
// type, llvm/llvm-project#195640): an op whose result (or region entry
// argument) is a token must declare `ProducesToken`, and an op with a token
// operand must declare `ConsumesToken`. A token-typed constraint alone is
// not enough; the verifier rejects a registered op that lacks the trait.
def ProducesToken : Trait<"ProducesToken">;
def ConsumesToken : Trait<"ConsumesToken">;
class HasParent<string op> : Trait<"HasParent"> {
  string parentOp = op;
}
class ParentOneOf<list<string> ops> : Trait<"ParentOneOf"> {
  list<string> parentOps = ops;
}
// Regions have one block that ends with `op` (implies SingleBlock).
class SingleBlockImplicitTerminator<string op> : Trait<"SingleBlockImplicitTerminator"> {
  string terminatorOp = op;
}
// Regions' entry blocks take no arguments.
// All operands and results have compatible shapes (`verifyCompatibleShapes`).
def SameOperandsAndResultShape : Trait<"SameOperandsAndResultShape">;
// MLIR's `Elementwise` (of `ElementwiseMappable`): vector/tensor operands and
// results go together, of one kind and compatible shapes.
def Elementwise : Trait<"Elementwise">;
// Allocas (`memref.alloca`) inside are freed when the op's region is left;
// an alloca needs an ancestor with it.
def AutomaticAllocationScope : Trait<"AutomaticAllocationScope">;
// The op's `InferTypeOpInterface` gives its results the types of its
// operands (`memref.distinct_objects`): the custom parser infers them.
def InferResultsFromOperands : Trait<"InferResultsFromOperands">;
// MLIR's `CastOpInterface` verifier (`verifyCastInterfaceOp`), at its place
// among the traits: a result, and operand and result types the op's
// `areCastCompatible` accepts (the arith and index casts' rules).
def CastOpInterface : Trait<"CastOpInterface">;
def NoRegionArguments : Trait<"NoRegionArguments">;
// The named operands, results and (typed) attributes all have one type.
class AllTypesMatch<list<string> names> : Trait<"AllTypesMatch"> {
  list<string> values = names;
}

// MLIR's `TypesMatchWith` for an element type: the operand/result `e`
// has the element type of the shaped operand/result `c` (the custom
// parser infers it); the verifier says "failed to verify that <desc>".
class ElementTypeOf<string c, string e, string d> : Trait<"ElementTypeOf"> {
  string from = c;
  string to = e;
  string desc = d;
}
// MLIR's `TypesMatchWith<d, f, t, "::getI1SameShape($_self)">`: the
// operand/result `t` is `i1`, or `f`'s shaped type with `i1` elements (the
// custom parser infers it, after checking `f`'s own constraint).
class I1SameShapeOf<string f, string t, string d> : Trait<"I1SameShapeOf"> {
  string from = f;
  string to = t;
  string desc = d;
}

// MLIR's `TypesMatchWith<d, f, t, "$_self">`: the operand/result `t` has
// the type of `f` (the custom parser infers it).
class SameTypeAs<string f, string t, string d> : Trait<"SameTypeAs"> {
  string from = f;
  string to = t;
  string desc = d;
}
// MLIR's `TypesMatchWith<d, f, t, "getValAndBoolStructType($_self)">`
// (`llvm.cmpxchg`): `t` is the literal struct of `f`'s type and `i1`.
class ValAndBoolStructOf<string f, string t, string d>
    : Trait<"ValAndBoolStructOf"> {
  string from = f;
  string to = t;
  string desc = d;
}

def CallOpInterface : Interface<"CallOpInterface">;
def FunctionOpInterface : Interface<"FunctionOpInterface">;
def BranchOpInterface : Interface<"BranchOpInterface">;
def WeightedBranchOpInterface : Interface<"WeightedBranchOpInterface">;
def RegionBranchOpInterface : Interface<"RegionBranchOpInterface">;
def RegionBranchTerminatorOpInterface : Interface<"RegionBranchTerminatorOpInterface">;
def SelectLikeOpInterface : Interface<"SelectLikeOpInterface">;
def ReturnLike : Interface<"ReturnLike">;

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class Op<Dialect d, string mnemonic, list<Trait> props = []> {
  Dialect opDialect = d;
  string opName = mnemonic;
  list<Trait> traits = props;
  dag arguments = (ins);
  dag results = (outs);
  dag regions = (region);
  dag successors = (successor);
  string summary = "";
  string description = "";
  // Extra Rust items for the generated wrapper; base classes accumulate them
  // with `let append`.
  code extraClassDeclaration = ?;
  // The custom syntax: a declarative format (MLIR's `assemblyFormat`
  // grammar), or `hasCustomAssemblyFormat = 1` for an op whose parser and
  // printer are written in Rust (registered under the op's name). Neither:
  // the op always prints in the generic form.
  string assemblyFormat = ?;
  bit hasCustomAssemblyFormat = 0;
  // Ops nested in this op's regions may drop this dialect's prefix in the
  // custom syntax (MLIR's `OpAsmOpInterface::getDefaultDialect`).
  string defaultDialect = "";
  // The MLIR releases this definition belongs to (`--mlir-compat`): from
  // `mlirSince` through `mlirUntil`, 0 meaning no bound. An op whose form
  // changed between releases has one definition per form, sharing a base
  // class, e.g. `let mlirUntil = 19;` on the old one and `let mlirSince =
  // 22;` on the new one.
  int mlirSince = 0;
  int mlirUntil = 0;
  // An op whose form changed only in part between releases keeps one
  // definition: at `--mlir-compat=22` the loader reads `X22` in place of
  // field `X` when it is set (usually in a base class, so one `let` changes
  // a whole family of ops).
  dag arguments22 = ?;
  dag results22 = ?;
  list<Trait> traits22 = ?;
  string assemblyFormat22 = ?;
  bit hasCustomAssemblyFormat22 = ?;
}

#endif // IRKIT_OPBASE_TD
