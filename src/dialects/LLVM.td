//===- LLVM.td - the LLVM dialect (foundation) -------------*- tablegen -*-===//
// MLIR 19's and MLIR 22's LLVM dialect: the definitions are 19's, with
// 22's changes as `X22` fields and `mlirSince = 22` ops (see OpBase.td);
// what `mlir-translate-19/22 --import-llvm` writes
// for C code and more: operands, results, properties (with
// the defaults mlir-opt-19 fills in), traits and type constraints as MLIR
// 19's LLVMOps.td declares them. The ops' own C++ verifiers are in
// ir/src/verify/llvm.rs; the LLVM types are decoded by ir/src/llvm.rs.
//
// Custom syntax: the declarative formats below are MLIR 19's; the ops with
// `hasCustomAssemblyFormat` and the `custom<...>` directives are written in
// ir/src/asm/llvm/.
//
// Every op of MLIR 19's and 22's LLVMOps.td and LLVMIntrinsicOps.td is
// defined (`cargo xtask llvm-ops --mlir 19|22` measures it). Known gaps
// (issue 14): the
// symbol/string/i32 arrays of the module-level ops are checked as plain
// arrays; the C++
// verifiers and `PredOpTrait`s listed at the ops below are not written.

#ifndef IRKIT_LLVM_TD
#define IRKIT_LLVM_TD

include "OpBase.td"

def LLVM_Dialect : Dialect {
  let name = "llvm";
  // As MLIR 19's `LLVMDialect::initialize` does: `"llvm.foo"` verifies.
  let allowUnknownOperations = 1;
  let summary = "The LLVM IR dialect";
}

//===----------------------------------------------------------------------===//
// Type constraints (LLVMOpBase.td); the kinds are decoded by ir/src/llvm.rs.
//===----------------------------------------------------------------------===//

def LLVM_Type : TypeConstraint<"llvm_type", "LLVM dialect-compatible type">;
def LLVM_PrimitiveType : TypeConstraint<"llvm_primitive", "primitive LLVM type">;
def LLVM_LoadableType : TypeConstraint<"llvm_loadable", "LLVM type with size">;
def LLVM_AnyPointer : TypeConstraint<"llvm_pointer", "LLVM pointer type">;
def LLVM_AnyAggregate : TypeConstraint<"llvm_aggregate", "LLVM aggregate type">;
def LLVM_AnyNonAggregate
    : TypeConstraint<"llvm_non_aggregate", "LLVM-compatible non-aggregate type">;
def LLVM_AnyFloat : TypeConstraint<"llvm_float", "floating point LLVM type">;
def LLVM_AnyVector : TypeConstraint<"llvm_vector", "LLVM dialect-compatible vector type">;
def LLVM_AnyStruct : TypeConstraint<"llvm_struct", "LLVM structure type">;
def LLVM_FunctionType : TypeConstraint<"llvm_function", "LLVM function type">;
def LLVM_DefaultPointer
    : TypeConstraint<"llvm_default_pointer", "LLVM pointer in address space 0">;
def LLVM_TokenType : TypeConstraint<"llvm_token", "LLVM token type">;

class LLVM_VectorOf<TypeConstraint e>
    : TypeConstraint<"llvm_vector_of", "LLVM dialect-compatible vector of " # e.summary> {
  TypeConstraint element = e;
}
class LLVM_ScalarOrVectorOf<TypeConstraint e>
    : AnyTypeOf<[e, LLVM_VectorOf<e>],
                e.summary # " or LLVM dialect-compatible vector of " # e.summary>;

def LLVM_IntOrIntVector : LLVM_ScalarOrVectorOf<AnySignlessInteger>;
def LLVM_FloatOrFloatVector : LLVM_ScalarOrVectorOf<LLVM_AnyFloat>;
def LLVM_PtrOrPtrVector : LLVM_ScalarOrVectorOf<LLVM_AnyPointer>;
def LLVM_I1OrI1Vector : LLVM_ScalarOrVectorOf<I1>;
def LLVM_ICmpOperand
    : AnyTypeOf<[LLVM_IntOrIntVector, LLVM_PtrOrPtrVector],
                !strconcat(LLVM_IntOrIntVector.summary, " or ", LLVM_PtrOrPtrVector.summary)>;

//===----------------------------------------------------------------------===//
// Attributes (LLVMEnums.td, LLVMAttrDefs.td)
//===----------------------------------------------------------------------===//

def LLVM_LinkageAttr : DialectAttr<LLVM_Dialect, "linkage", "LLVM Linkage specification">;
def LLVM_CConvAttr
    : DialectAttr<LLVM_Dialect, "cconv", "LLVM Calling Convention specification">;
// MLIR 19's summary for it is the calling convention's too.
def LLVM_TailCallKindAttr
    : DialectAttr<LLVM_Dialect, "tailcallkind", "LLVM Calling Convention specification">;
def LLVM_FastmathFlagsAttr : DialectAttr<LLVM_Dialect, "fastmath", "LLVM fastmath flags">;
def LLVM_OverflowFlagsAttr
    : DialectAttr<LLVM_Dialect, "overflow", "LLVM integer overflow flags">;
def LLVM_FramePointerKindAttr : DialectAttr<LLVM_Dialect, "framePointerKind", "">;
def LLVM_MemoryEffectsAttr : DialectAttr<LLVM_Dialect, "memory_effects", "">;
def LLVM_LoopAnnotationAttr : DialectAttr<LLVM_Dialect, "loop_annotation", "">;
def LLVM_VScaleRangeAttr : DialectAttr<LLVM_Dialect, "vscale_range", "">;
def LLVM_TargetFeaturesAttr : DialectAttr<LLVM_Dialect, "target_features", "">;
def LLVM_TargetFeaturesAttr22
    : DialectAttr<LLVM_Dialect, "target_features", "LLVM target features attribute">;
def LLVM_UWTableKindAttr : DialectAttr<LLVM_Dialect, "uwtableKind", "">;
def LLVM_VecTypeHintAttr
    : DialectAttr<LLVM_Dialect, "vec_type_hint", "Explicit vectorization compiler hint">;
def LLVM_DIGlobalVariableExpressionAttr
    : DialectAttr<LLVM_Dialect, "di_global_variable_expression", "">;
def LLVM_FunctionTypeAttr
    : Attr<"llvm_function_type", "type attribute of LLVM function type">;

// MLIR 22: the overflow and GEP no-wrap flags are `EnumProp`s, stored as
// an i32 and printed so in the generic form.
def LLVM_IntegerOverflowFlagsProp
    : I32BitEnumProp<["0", "1", "2"], ["none", "nsw", "nuw"],
                     "LLVM integer overflow flags", ", ", "overflow">;
def LLVM_GEPNoWrapFlagsProp
    : I32BitEnumProp<["0", "1", "2", "4", "G3"],
                     ["none", "inbounds_flag", "nusw", "nuw", "inbounds"],
                     "::mlir::LLVM::GEPNoWrapFlags">;
def LLVM_DereferenceableAttr
    : DialectAttr<LLVM_Dialect, "dereferenceable", "LLVM dereferenceable attribute">;

def LLVM_AtomicOrdering
    : I64EnumAttr<["0", "1", "2", "4", "5", "6", "7"],
                  "Atomic ordering for LLVM's memory model",
                  ["not_atomic", "unordered", "monotonic", "acquire", "release",
                   "acq_rel", "seq_cst"]>;
def LLVM_ICmpPredicate
    : I64EnumAttr<["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
                  "llvm.icmp comparison predicate",
                  ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]>;
def LLVM_FCmpPredicate
    : I64EnumAttr<["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11",
                   "12", "13", "14", "15"],
                  "llvm.fcmp comparison predicate",
                  ["_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
                   "ugt", "uge", "ult", "ule", "une", "uno", "_true"]>;
def LLVM_UnnamedAddr
    : I64EnumAttr<["0", "1", "2"], "LLVM GlobalValue UnnamedAddr",
                  ["", "local_unnamed_addr", "unnamed_addr"]>;
def LLVM_Visibility
    : I64EnumAttr<["0", "1", "2"], "LLVM GlobalValue Visibility",
                  ["", "hidden", "protected"]>;

// Arrays of one LLVM attribute class (MLIR's `TypedArrayAttrBase`).
class LLVM_AttrArray<string mnemonic, string desc>
    : Attr<"dialect_attr_array", desc, ["llvm", mnemonic]>;
def LLVM_AccessGroupArrayAttr
    : LLVM_AttrArray<"access_group", "LLVM dialect access group metadata array">;
def LLVM_AliasScopeArrayAttr
    : LLVM_AttrArray<"alias_scope", "LLVM dialect alias scope array">;
def LLVM_TBAATagArrayAttr
    : LLVM_AttrArray<"tbaa_tag", "LLVM dialect TBAA tag metadata array">;
def LLVM_DIGlobalVariableExpressionArrayAttr
    : LLVM_AttrArray<"di_global_variable_expression", "an array of variable expressions">;

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

class LLVM_Op<string mnemonic, list<Trait> traits = []>
    : Op<LLVM_Dialect, mnemonic, traits>;

class LLVM_TerminatorOp<string mnemonic, list<Trait> traits = []>
    : LLVM_Op<mnemonic, traits> {
  let append traits = [Terminator];
}

class LLVM_ArithmeticOpBase<string mnemonic, TypeConstraint t, list<Trait> traits = []>
    : LLVM_Op<mnemonic, !listconcat([Pure, SameOperandsAndResultType], traits)> {
  let results = (outs t:$res);
  let assemblyFormat = "$lhs `,` $rhs custom<LLVMOpAttrs>(attr-dict) `:` type($res)";
  // MLIR 22 dropped `LLVMOpAttrs`: default-valued properties are elided by
  // `attr-dict` itself.
  let assemblyFormat22 = "$lhs `,` $rhs attr-dict `:` type($res)";
}
class LLVM_IntArithmeticOp<string mnemonic, list<Trait> traits = []>
    : LLVM_ArithmeticOpBase<mnemonic, LLVM_IntOrIntVector, traits> {
  let arguments = (ins LLVM_IntOrIntVector:$lhs, LLVM_IntOrIntVector:$rhs);
}
// MLIR 22's `exact` (udiv, sdiv, lshr, ashr) and `disjoint` (or) flags.
class LLVM_IntArithmeticOpWithFlag<string mnemonic, string flag, string keyword,
                                   list<Trait> traits = []>
    : LLVM_IntArithmeticOp<mnemonic, traits> {
  let arguments22 = !con((ins LLVM_IntOrIntVector:$lhs, LLVM_IntOrIntVector:$rhs),
                         !dag(ins, [UnitAttr], [flag]));
  let assemblyFormat22 =
      "(`" # keyword # "` $" # flag # "^)? $lhs `,` $rhs attr-dict `:` type($res)";
}
// `overflowFlags` is an `EnumProperty` in MLIR 19: always present once
// parsed, `#llvm.overflow<none>` when not written.
class LLVM_IntArithmeticOpWithOverflowFlag<string mnemonic, list<Trait> traits = []>
    : LLVM_ArithmeticOpBase<mnemonic, LLVM_IntOrIntVector, traits> {
  let arguments = (ins LLVM_IntOrIntVector:$lhs, LLVM_IntOrIntVector:$rhs,
                       DefaultValuedAttr<LLVM_OverflowFlagsAttr,
                                         "#llvm.overflow<none>">:$overflowFlags);
  let assemblyFormat = [{
    $lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags)
    `` custom<LLVMOpAttrs>(attr-dict) `:` type($res)
  }];
  let arguments22 = (ins LLVM_IntOrIntVector:$lhs, LLVM_IntOrIntVector:$rhs,
                         DefaultValuedAttr<LLVM_IntegerOverflowFlagsProp, "0 : i32">:$overflowFlags);
  let assemblyFormat22 = "$lhs `,` $rhs ($overflowFlags^)? attr-dict `:` type($res)";
}
class LLVM_FloatArithmeticOp<string mnemonic, list<Trait> traits = []>
    : LLVM_ArithmeticOpBase<mnemonic, LLVM_FloatOrFloatVector, traits> {
  let arguments = (ins LLVM_FloatOrFloatVector:$lhs, LLVM_FloatOrFloatVector:$rhs,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

def LLVM_AddOp : LLVM_IntArithmeticOpWithOverflowFlag<"add", [Commutative]>;
def LLVM_SubOp : LLVM_IntArithmeticOpWithOverflowFlag<"sub">;
def LLVM_MulOp : LLVM_IntArithmeticOpWithOverflowFlag<"mul", [Commutative]>;
def LLVM_ShlOp : LLVM_IntArithmeticOpWithOverflowFlag<"shl">;
def LLVM_UDivOp : LLVM_IntArithmeticOpWithFlag<"udiv", "isExact", "exact">;
def LLVM_SDivOp : LLVM_IntArithmeticOpWithFlag<"sdiv", "isExact", "exact">;
def LLVM_URemOp : LLVM_IntArithmeticOp<"urem">;
def LLVM_SRemOp : LLVM_IntArithmeticOp<"srem">;
def LLVM_AndOp : LLVM_IntArithmeticOp<"and">;
def LLVM_OrOp : LLVM_IntArithmeticOpWithFlag<"or", "isDisjoint", "disjoint">;
def LLVM_XOrOp : LLVM_IntArithmeticOp<"xor">;
def LLVM_LShrOp : LLVM_IntArithmeticOpWithFlag<"lshr", "isExact", "exact">;
def LLVM_AShrOp : LLVM_IntArithmeticOpWithFlag<"ashr", "isExact", "exact">;

def LLVM_FAddOp : LLVM_FloatArithmeticOp<"fadd">;
def LLVM_FSubOp : LLVM_FloatArithmeticOp<"fsub">;
def LLVM_FMulOp : LLVM_FloatArithmeticOp<"fmul">;
def LLVM_FDivOp : LLVM_FloatArithmeticOp<"fdiv">;
def LLVM_FRemOp : LLVM_FloatArithmeticOp<"frem">;
def LLVM_FNegOp : LLVM_Op<"fneg", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins LLVM_FloatOrFloatVector:$operand,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_FloatOrFloatVector:$res);
  let assemblyFormat = "$operand custom<LLVMOpAttrs>(attr-dict) `:` type($res)";
  let assemblyFormat22 = "$operand attr-dict `:` type($res)";
}

// The result's i1 shape is checked in ir/src/verify/llvm.rs (MLIR's
// `TypesMatchWith`).
def LLVM_ICmpOp : LLVM_Op<"icmp", [Pure, SameTypeOperands]> {
  let arguments = (ins LLVM_ICmpPredicate:$predicate,
                       LLVM_ICmpOperand:$lhs, LLVM_ICmpOperand:$rhs);
  let results = (outs LLVM_I1OrI1Vector:$res);
  let hasCustomAssemblyFormat = 1;
}
def LLVM_FCmpOp : LLVM_Op<"fcmp", [Pure, SameTypeOperands]> {
  let arguments = (ins LLVM_FCmpPredicate:$predicate,
                       LLVM_FloatOrFloatVector:$lhs, LLVM_FloatOrFloatVector:$rhs,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_I1OrI1Vector:$res);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

class LLVM_CastOp<string mnemonic, TypeConstraint from, TypeConstraint to>
    : LLVM_Op<mnemonic, [Pure]> {
  let arguments = (ins from:$arg);
  let results = (outs to:$res);
  let assemblyFormat = "$arg attr-dict `:` type($arg) `to` type($res)";
}
def LLVM_BitcastOp : LLVM_CastOp<"bitcast", LLVM_AnyNonAggregate, LLVM_AnyNonAggregate>;
def LLVM_AddrSpaceCastOp
    : LLVM_CastOp<"addrspacecast", LLVM_PtrOrPtrVector, LLVM_PtrOrPtrVector>;
def LLVM_IntToPtrOp : LLVM_CastOp<"inttoptr", LLVM_IntOrIntVector, LLVM_PtrOrPtrVector> {
  let arguments22 = (ins LLVM_IntOrIntVector:$arg,
                         OptionalAttr<LLVM_DereferenceableAttr>:$dereferenceable);
  let assemblyFormat22 = [{
    $arg (`dereferenceable` `` $dereferenceable^)? attr-dict `:` type($arg) `to` type($res)
  }];
}
def LLVM_PtrToIntOp : LLVM_CastOp<"ptrtoint", LLVM_PtrOrPtrVector, LLVM_IntOrIntVector>;
// MLIR 22's `nneg` flag.
class LLVM_CastOpWithNNegFlag<string mnemonic, TypeConstraint from, TypeConstraint to>
    : LLVM_CastOp<mnemonic, from, to> {
  let arguments22 = (ins from:$arg, UnitAttr:$nonNeg);
  let assemblyFormat22 = "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)";
}
def LLVM_SExtOp : LLVM_CastOp<"sext", LLVM_IntOrIntVector, LLVM_IntOrIntVector>;
def LLVM_ZExtOp : LLVM_CastOpWithNNegFlag<"zext", LLVM_IntOrIntVector, LLVM_IntOrIntVector>;
def LLVM_TruncOp : LLVM_CastOp<"trunc", LLVM_IntOrIntVector, LLVM_IntOrIntVector> {
  let arguments22 = (ins LLVM_IntOrIntVector:$arg,
                         DefaultValuedAttr<LLVM_IntegerOverflowFlagsProp, "0 : i32">:$overflowFlags);
  let assemblyFormat22 = "$arg ($overflowFlags^)? attr-dict `:` type($arg) `to` type($res)";
}
def LLVM_SIToFPOp : LLVM_CastOp<"sitofp", LLVM_IntOrIntVector, LLVM_FloatOrFloatVector>;
def LLVM_UIToFPOp
    : LLVM_CastOpWithNNegFlag<"uitofp", LLVM_IntOrIntVector, LLVM_FloatOrFloatVector>;
def LLVM_FPToSIOp : LLVM_CastOp<"fptosi", LLVM_FloatOrFloatVector, LLVM_IntOrIntVector>;
def LLVM_FPToUIOp : LLVM_CastOp<"fptoui", LLVM_FloatOrFloatVector, LLVM_IntOrIntVector>;
def LLVM_FPExtOp : LLVM_CastOp<"fpext", LLVM_FloatOrFloatVector, LLVM_FloatOrFloatVector>;
def LLVM_FPTruncOp
    : LLVM_CastOp<"fptrunc", LLVM_FloatOrFloatVector, LLVM_FloatOrFloatVector>;

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def LLVM_AllocaOp : LLVM_Op<"alloca"> {
  let arguments = (ins AnySignlessInteger:$arraySize,
                       OptionalAttr<I64Attr>:$alignment,
                       TypeAttr:$elem_type,
                       UnitAttr:$inalloca);
  let results = (outs LLVM_AnyPointer:$res);
  let hasCustomAssemblyFormat = 1;
}

def LLVM_GEPOp : LLVM_Op<"getelementptr", [Pure]> {
  let arguments = (ins LLVM_PtrOrPtrVector:$base,
                       Variadic<LLVM_IntOrIntVector>:$dynamicIndices,
                       DenseI32ArrayAttr:$rawConstantIndices,
                       TypeAttr:$elem_type,
                       UnitAttr:$inbounds);
  let results = (outs LLVM_PtrOrPtrVector:$res);
  let assemblyFormat = [{
    (`inbounds` $inbounds^)?
    $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict
    `:` functional-type(operands, results) `,` $elem_type
  }];
  let arguments22 = (ins LLVM_PtrOrPtrVector:$base,
                         Variadic<LLVM_IntOrIntVector>:$dynamicIndices,
                         DenseI32ArrayAttr:$rawConstantIndices,
                         TypeAttr:$elem_type,
                         DefaultValuedAttr<LLVM_GEPNoWrapFlagsProp, "0 : i32">:$noWrapFlags);
  let assemblyFormat22 = [{
    ($noWrapFlags^)?
    $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict
    `:` functional-type(operands, results) `,` $elem_type
  }];
}

def LLVM_LoadOp : LLVM_Op<"load"> {
  let arguments = (ins LLVM_AnyPointer:$addr,
                       OptionalAttr<I64Attr>:$alignment,
                       UnitAttr:$volatile_,
                       UnitAttr:$nontemporal,
                       UnitAttr:$invariant,
                       DefaultValuedAttr<LLVM_AtomicOrdering, "0 : i64">:$ordering,
                       OptionalAttr<StrAttr>:$syncscope,
                       OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                       OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let arguments22 = (ins LLVM_AnyPointer:$addr,
                         OptionalAttr<I64Attr>:$alignment,
                         UnitAttr:$volatile_,
                         UnitAttr:$nontemporal,
                         UnitAttr:$invariant,
                         UnitAttr:$invariantGroup,
                         DefaultValuedAttr<LLVM_AtomicOrdering, "0 : i64">:$ordering,
                         OptionalAttr<StrAttr>:$syncscope,
                         OptionalAttr<LLVM_DereferenceableAttr>:$dereferenceable,
                         OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                         OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                         OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                         OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let results = (outs LLVM_LoadableType:$res);
  let assemblyFormat = [{
    (`volatile` $volatile_^)? $addr
    (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)?
    (`invariant` $invariant^)?
    attr-dict `:` qualified(type($addr)) `->` type($res)
  }];
  let assemblyFormat22 = [{
    (`volatile` $volatile_^)? $addr
    (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)?
    (`invariant` $invariant^)?
    (`invariant_group` $invariantGroup^)?
    (`dereferenceable` `` $dereferenceable^)?
    attr-dict `:` qualified(type($addr)) `->` type($res)
  }];
}

def LLVM_StoreOp : LLVM_Op<"store"> {
  let arguments = (ins LLVM_LoadableType:$value,
                       LLVM_AnyPointer:$addr,
                       OptionalAttr<I64Attr>:$alignment,
                       UnitAttr:$volatile_,
                       UnitAttr:$nontemporal,
                       DefaultValuedAttr<LLVM_AtomicOrdering, "0 : i64">:$ordering,
                       OptionalAttr<StrAttr>:$syncscope,
                       OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                       OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let arguments22 = (ins LLVM_LoadableType:$value,
                         LLVM_AnyPointer:$addr,
                         OptionalAttr<I64Attr>:$alignment,
                         UnitAttr:$volatile_,
                         UnitAttr:$nontemporal,
                         UnitAttr:$invariantGroup,
                         DefaultValuedAttr<LLVM_AtomicOrdering, "0 : i64">:$ordering,
                         OptionalAttr<StrAttr>:$syncscope,
                         OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                         OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                         OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                         OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let assemblyFormat = [{
    (`volatile` $volatile_^)? $value `,` $addr
    (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)?
    attr-dict `:` type($value) `,` qualified(type($addr))
  }];
  let assemblyFormat22 = [{
    (`volatile` $volatile_^)? $value `,` $addr
    (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)?
    (`invariant_group` $invariantGroup^)?
    attr-dict `:` type($value) `,` qualified(type($addr))
  }];
}

//===----------------------------------------------------------------------===//
// Aggregates, vectors, select
//===----------------------------------------------------------------------===//

def LLVM_ExtractValueOp : LLVM_Op<"extractvalue", [Pure]> {
  let arguments = (ins LLVM_AnyAggregate:$container, DenseI64ArrayAttr:$position);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = [{
    $container `` $position attr-dict `:` type($container)
    custom<InsertExtractValueElementType>(type($res), ref(type($container)),
                                          ref($position))
  }];
}
def LLVM_InsertValueOp
    : LLVM_Op<"insertvalue", [Pure, AllTypesMatch<["container", "res"]>]> {
  let arguments = (ins LLVM_AnyAggregate:$container, LLVM_PrimitiveType:$value,
                       DenseI64ArrayAttr:$position);
  let results = (outs LLVM_AnyAggregate:$res);
  let assemblyFormat = [{
    $value `,` $container `` $position attr-dict `:` type($container)
    custom<InsertExtractValueElementType>(type($value), ref(type($container)),
                                          ref($position))
  }];
}
def LLVM_ExtractElementOp : LLVM_Op<"extractelement",
    [Pure, ElementTypeOf<"vector", "res", "result type matches vector element type">]> {
  let arguments = (ins LLVM_AnyVector:$vector, AnySignlessInteger:$position);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = [{
    $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)
  }];
}
def LLVM_InsertElementOp : LLVM_Op<"insertelement",
    [Pure, ElementTypeOf<"vector", "value", "argument type matches vector element type">,
     AllTypesMatch<["res", "vector"]>]> {
  let arguments = (ins LLVM_AnyVector:$vector, LLVM_PrimitiveType:$value,
                       AnySignlessInteger:$position);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = [{
    $value `,` $vector `[` $position `:` type($position) `]` attr-dict `:`
    type($vector)
  }];
}
def LLVM_ShuffleVectorOp : LLVM_Op<"shufflevector", [Pure, AllTypesMatch<["v1", "v2"]>]> {
  let arguments = (ins LLVM_AnyVector:$v1, LLVM_AnyVector:$v2,
                       DenseI32ArrayAttr:$mask);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = [{
    $v1 `,` $v2 $mask attr-dict `:` type($v1)
    custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))
  }];
}

def LLVM_SelectOp : LLVM_Op<"select",
    [Pure, AllTypesMatch<["trueValue", "falseValue", "res"]>]> {
  let arguments = (ins LLVM_I1OrI1Vector:$condition,
                       LLVM_Type:$trueValue, LLVM_Type:$falseValue,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "operands attr-dict `:` type($condition) `,` type($res)";
}
def LLVM_FreezeOp : LLVM_Op<"freeze", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins LLVM_Type:$val);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$val attr-dict `:` type($val)";
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def LLVM_BrOp : LLVM_TerminatorOp<"br", [Pure, BranchOpInterface]> {
  let arguments = (ins Variadic<LLVM_Type>:$destOperands,
                       OptionalAttr<LLVM_LoopAnnotationAttr>:$loop_annotation);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = [{
    $dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict
  }];
}
def LLVM_CondBrOp
    : LLVM_TerminatorOp<"cond_br", [AttrSizedOperandSegments, Pure, BranchOpInterface]> {
  // MLIR 22 checks `branch_weights` through WeightedBranchOpInterface.
  let traits22 = [AttrSizedOperandSegments, Pure, BranchOpInterface,
                  WeightedBranchOpInterface, Terminator];
  let arguments = (ins I1:$condition,
                       Variadic<LLVM_Type>:$trueDestOperands,
                       Variadic<LLVM_Type>:$falseDestOperands,
                       OptionalAttr<DenseI32ArrayAttr>:$branch_weights,
                       OptionalAttr<LLVM_LoopAnnotationAttr>:$loop_annotation);
  let successors = (successor AnySuccessor:$trueDest, AnySuccessor:$falseDest);
  let assemblyFormat = [{
    $condition ( `weights` `(` $branch_weights^ `)` )? `,`
    $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
    $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
    attr-dict
  }];
}
def LLVM_ReturnOp : LLVM_TerminatorOp<"return", [Pure, ReturnLike]> {
  let arguments = (ins Optional<LLVM_Type>:$arg);
  let assemblyFormat = "attr-dict ($arg^ `:` type($arg))?";
}
// `caseOperands` is MLIR's `VariadicOfVariadic` split by
// `case_operand_segments`; its custom syntax (with `SwitchOpCases`) is
// written in ir/src/asm/llvm/switch.rs.
def LLVM_SwitchOp : LLVM_TerminatorOp<"switch",
    [AttrSizedOperandSegments, BranchOpInterface, Pure]> {
  // MLIR 22 checks `branch_weights` through WeightedBranchOpInterface,
  // before `SwitchOp::verify` (19 counts them there).
  let traits22 = [AttrSizedOperandSegments, BranchOpInterface,
                  WeightedBranchOpInterface, Pure, Terminator];
  let arguments = (ins AnySignlessInteger:$value,
                       Variadic<AnyType>:$defaultOperands,
                       VariadicOfVariadic<AnyType, "case_operand_segments">:$caseOperands,
                       OptionalAttr<AnyAttr>:$case_values,
                       DenseI32ArrayAttr:$case_operand_segments,
                       OptionalAttr<DenseI32ArrayAttr>:$branch_weights);
  let successors = (successor AnySuccessor:$defaultDestination,
                              VariadicSuccessor<AnySuccessor>:$caseDestinations);
  let hasCustomAssemblyFormat = 1;
}
def LLVM_UnreachableOp : LLVM_TerminatorOp<"unreachable"> {
  let assemblyFormat = "attr-dict";
}

def LLVM_CallOp : LLVM_Op<"call", [CallOpInterface]> {
  let arguments = (ins OptionalAttr<LLVM_FunctionTypeAttr>:$var_callee_type,
                       OptionalAttr<FlatSymbolRefAttr>:$callee,
                       Variadic<LLVM_Type>:$callee_operands,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags,
                       OptionalAttr<DenseI32ArrayAttr>:$branch_weights,
                       DefaultValuedAttr<LLVM_CConvAttr, "#llvm.cconv<ccc>">:$CConv,
                       DefaultValuedAttr<LLVM_TailCallKindAttr,
                                         "#llvm.tailcallkind<none>">:$TailCallKind,
                       OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                       OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let results = (outs Optional<LLVM_Type>:$result);
  let hasCustomAssemblyFormat = 1;
  // MLIR 22: operand bundles (`op_bundle_operands` is a VariadicOfVariadic
  // split by `op_bundle_sizes`), function attributes
  // and argument/result attributes.
  let traits22 = [CallOpInterface, AttrSizedOperandSegments];
  let arguments22 = (ins OptionalAttr<LLVM_FunctionTypeAttr>:$var_callee_type,
                         OptionalAttr<FlatSymbolRefAttr>:$callee,
                         Variadic<LLVM_Type>:$callee_operands,
                         DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                           "#llvm.fastmath<none>">:$fastmathFlags,
                         DefaultValuedAttr<LLVM_CConvAttr, "#llvm.cconv<ccc>">:$CConv,
                         DefaultValuedAttr<LLVM_TailCallKindAttr,
                                           "#llvm.tailcallkind<none>">:$TailCallKind,
                         OptionalAttr<LLVM_MemoryEffectsAttr>:$memory_effects,
                         UnitAttr:$convergent,
                         UnitAttr:$no_unwind,
                         UnitAttr:$will_return,
                         VariadicOfVariadic<LLVM_Type, "op_bundle_sizes">:$op_bundle_operands,
                         VariadicOfVariadicSizes:$op_bundle_sizes,
                         OptionalAttr<ArrayAttr>:$op_bundle_tags,
                         OptionalAttr<DictArrayAttr>:$arg_attrs,
                         OptionalAttr<DictArrayAttr>:$res_attrs,
                         UnitAttr:$no_inline,
                         UnitAttr:$always_inline,
                         UnitAttr:$inline_hint,
                         OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                         OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                         OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                         OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
}

// `InvokeOp::verify` (ir/src/verify/llvm.rs): the variadic callee type as
// for `llvm.call`, and an unwind destination that starts with an
// `llvm.landingpad`. MLIR 19 does not check its callee's symbol.
def LLVM_InvokeOp : LLVM_TerminatorOp<"invoke",
    [AttrSizedOperandSegments, BranchOpInterface, CallOpInterface]> {
  let traits22 = [AttrSizedOperandSegments, BranchOpInterface, CallOpInterface,
                  WeightedBranchOpInterface, Terminator];
  let arguments = (ins OptionalAttr<LLVM_FunctionTypeAttr>:$var_callee_type,
                       OptionalAttr<FlatSymbolRefAttr>:$callee,
                       Variadic<LLVM_Type>:$callee_operands,
                       Variadic<LLVM_Type>:$normalDestOperands,
                       Variadic<LLVM_Type>:$unwindDestOperands,
                       OptionalAttr<DenseI32ArrayAttr>:$branch_weights,
                       DefaultValuedAttr<LLVM_CConvAttr, "#llvm.cconv<ccc>">:$CConv);
  let arguments22 = (ins OptionalAttr<LLVM_FunctionTypeAttr>:$var_callee_type,
                         OptionalAttr<FlatSymbolRefAttr>:$callee,
                         Variadic<LLVM_Type>:$callee_operands,
                         OptionalAttr<DictArrayAttr>:$arg_attrs,
                         OptionalAttr<DictArrayAttr>:$res_attrs,
                         Variadic<LLVM_Type>:$normalDestOperands,
                         Variadic<LLVM_Type>:$unwindDestOperands,
                         OptionalAttr<DenseI32ArrayAttr>:$branch_weights,
                         DefaultValuedAttr<LLVM_CConvAttr, "#llvm.cconv<ccc>">:$CConv,
                         VariadicOfVariadic<LLVM_Type, "op_bundle_sizes">:$op_bundle_operands,
                         VariadicOfVariadicSizes:$op_bundle_sizes,
                         OptionalAttr<ArrayAttr>:$op_bundle_tags);
  let results = (outs Optional<LLVM_Type>:$result);
  let successors = (successor AnySuccessor:$normalDest, AnySuccessor:$unwindDest);
  let hasCustomAssemblyFormat = 1;
}

def LLVM_AsmDialectAttr
    : I64EnumAttr<["0", "1"], "ATT (0) or Intel (1) asm dialect", ["att", "intel"]>;
def LLVM_InlineAsmOp : LLVM_Op<"inline_asm"> {
  let arguments = (ins Variadic<LLVM_Type>:$operands,
                       StrAttr:$asm_string,
                       StrAttr:$constraints,
                       UnitAttr:$has_side_effects,
                       UnitAttr:$is_align_stack,
                       OptionalAttr<LLVM_AsmDialectAttr>:$asm_dialect,
                       OptionalAttr<ArrayAttr>:$operand_attrs);
  let arguments22 = (ins Variadic<LLVM_Type>:$operands,
                         StrAttr:$asm_string,
                         StrAttr:$constraints,
                         UnitAttr:$has_side_effects,
                         UnitAttr:$is_align_stack,
                         DefaultValuedAttr<LLVM_TailCallKindAttr,
                                           "#llvm.tailcallkind<none>">:$tail_call_kind,
                         OptionalAttr<LLVM_AsmDialectAttr>:$asm_dialect,
                         OptionalAttr<ArrayAttr>:$operand_attrs);
  let assemblyFormat22 = [{
    (`has_side_effects` $has_side_effects^)?
    (`is_align_stack` $is_align_stack^)?
    (`tail_call_kind` `=` $tail_call_kind^)?
    (`asm_dialect` `=` $asm_dialect^)?
    (`operand_attrs` `=` $operand_attrs^)?
    attr-dict
    $asm_string `,` $constraints
    operands `:` functional-type(operands, results)
  }];
  let results = (outs Optional<LLVM_Type>:$res);
  let assemblyFormat = [{
    (`has_side_effects` $has_side_effects^)?
    (`is_align_stack` $is_align_stack^)?
    (`asm_dialect` `=` $asm_dialect^)?
    (`operand_attrs` `=` $operand_attrs^)?
    attr-dict
    $asm_string `,` $constraints
    operands `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Constants and globals
//===----------------------------------------------------------------------===//

def LLVM_ConstantOp : LLVM_Op<"mlir.constant", [Pure, ConstantLike]> {
  let arguments = (ins AnyAttr:$value);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "`(` $value `)` attr-dict `:` type($res)";
}
def LLVM_ZeroOp : LLVM_Op<"mlir.zero", [Pure, ConstantLike]> {
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
}
def LLVM_UndefOp : LLVM_Op<"mlir.undef", [Pure, ConstantLike]> {
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
}
def LLVM_PoisonOp : LLVM_Op<"mlir.poison", [Pure, ConstantLike]> {
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
}
def LLVM_AddressOfOp : LLVM_Op<"mlir.addressof", [Pure, ConstantLike]> {
  let arguments = (ins FlatSymbolRefAttr:$global_name);
  let results = (outs LLVM_AnyPointer:$res);
  let assemblyFormat = "$global_name attr-dict `:` qualified(type($res))";
}

def LLVM_GlobalOp : LLVM_Op<"mlir.global",
    [IsolatedFromAbove, SingleBlockImplicitTerminator<"llvm.return">, Symbol]> {
  let arguments = (ins TypeAttr:$global_type,
                       UnitAttr:$constant,
                       StrAttr:$sym_name,
                       LLVM_LinkageAttr:$linkage,
                       UnitAttr:$dso_local,
                       UnitAttr:$thread_local_,
                       OptionalAttr<AnyAttr>:$value,
                       OptionalAttr<I64Attr>:$alignment,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntNonNegative]>, "0 : i32">:$addr_space,
                       OptionalAttr<LLVM_UnnamedAddr>:$unnamed_addr,
                       OptionalAttr<StrAttr>:$section,
                       OptionalAttr<SymbolRefAttr>:$comdat,
                       // A `DefaultValuedAttr` whose default is the null
                       // attribute in MLIR 19: never printed when absent.
                       OptionalAttr<LLVM_DIGlobalVariableExpressionAttr>:$dbg_expr,
                       DefaultValuedAttr<LLVM_Visibility, "0 : i64">:$visibility_);
  let arguments22 = (ins TypeAttr:$global_type,
                         UnitAttr:$constant,
                         StrAttr:$sym_name,
                         LLVM_LinkageAttr:$linkage,
                         UnitAttr:$dso_local,
                         UnitAttr:$thread_local_,
                         UnitAttr:$externally_initialized,
                         OptionalAttr<AnyAttr>:$value,
                         OptionalAttr<I64Attr>:$alignment,
                         DefaultValuedAttr<ConfinedAttr<I32Attr, [IntNonNegative]>, "0 : i32">:$addr_space,
                         OptionalAttr<LLVM_UnnamedAddr>:$unnamed_addr,
                         OptionalAttr<StrAttr>:$section,
                         OptionalAttr<SymbolRefAttr>:$comdat,
                         OptionalAttr<LLVM_DIGlobalVariableExpressionArrayAttr>:$dbg_exprs,
                         DefaultValuedAttr<LLVM_Visibility, "0 : i64">:$visibility_,
                         OptionalAttr<ArrayAttr>:$target_specific_attrs);
  let regions = (region AnyRegion:$initializer);
  let hasCustomAssemblyFormat = 1;
}

def LLVM_LLVMFuncOp : LLVM_Op<"func", [AutomaticAllocationScope, IsolatedFromAbove, FunctionOpInterface, Symbol]> {
  let arguments = (ins StrAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       LLVM_FunctionTypeAttr:$function_type,
                       DefaultValuedAttr<LLVM_LinkageAttr, "#llvm.linkage<external>">:$linkage,
                       UnitAttr:$dso_local,
                       DefaultValuedAttr<LLVM_CConvAttr, "#llvm.cconv<ccc>">:$CConv,
                       OptionalAttr<SymbolRefAttr>:$comdat,
                       OptionalAttr<UnitAttr>:$convergent,
                       OptionalAttr<FlatSymbolRefAttr>:$personality,
                       OptionalAttr<StrAttr>:$garbageCollector,
                       OptionalAttr<ArrayAttr>:$passthrough,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<I64Attr>:$function_entry_count,
                       OptionalAttr<LLVM_MemoryEffectsAttr>:$memory,
                       DefaultValuedAttr<LLVM_Visibility, "0 : i64">:$visibility_,
                       OptionalAttr<UnitAttr>:$arm_streaming,
                       OptionalAttr<UnitAttr>:$arm_locally_streaming,
                       OptionalAttr<UnitAttr>:$arm_streaming_compatible,
                       OptionalAttr<UnitAttr>:$arm_new_za,
                       OptionalAttr<UnitAttr>:$arm_in_za,
                       OptionalAttr<UnitAttr>:$arm_out_za,
                       OptionalAttr<UnitAttr>:$arm_inout_za,
                       OptionalAttr<UnitAttr>:$arm_preserves_za,
                       OptionalAttr<StrAttr>:$section,
                       OptionalAttr<LLVM_UnnamedAddr>:$unnamed_addr,
                       OptionalAttr<I64Attr>:$alignment,
                       OptionalAttr<LLVM_VScaleRangeAttr>:$vscale_range,
                       OptionalAttr<LLVM_FramePointerKindAttr>:$frame_pointer,
                       OptionalAttr<StrAttr>:$target_cpu,
                       OptionalAttr<StrAttr>:$tune_cpu,
                       OptionalAttr<LLVM_TargetFeaturesAttr>:$target_features,
                       OptionalAttr<BoolAttr>:$unsafe_fp_math,
                       OptionalAttr<BoolAttr>:$no_infs_fp_math,
                       OptionalAttr<BoolAttr>:$no_nans_fp_math,
                       OptionalAttr<BoolAttr>:$approx_func_fp_math,
                       OptionalAttr<BoolAttr>:$no_signed_zeros_fp_math,
                       OptionalAttr<StrAttr>:$denormal_fp_math,
                       OptionalAttr<StrAttr>:$denormal_fp_math_f32,
                       OptionalAttr<StrAttr>:$fp_contract,
                       OptionalAttr<UnitAttr>:$no_inline,
                       OptionalAttr<UnitAttr>:$always_inline,
                       OptionalAttr<UnitAttr>:$no_unwind,
                       OptionalAttr<UnitAttr>:$will_return,
                       OptionalAttr<UnitAttr>:$optimize_none);
  let arguments22 = (ins StrAttr:$sym_name,
                         OptionalAttr<StrAttr>:$sym_visibility,
                         LLVM_FunctionTypeAttr:$function_type,
                         DefaultValuedAttr<LLVM_LinkageAttr, "#llvm.linkage<external>">:$linkage,
                         UnitAttr:$dso_local,
                         DefaultValuedAttr<LLVM_CConvAttr, "#llvm.cconv<ccc>">:$CConv,
                         OptionalAttr<SymbolRefAttr>:$comdat,
                         OptionalAttr<UnitAttr>:$convergent,
                         OptionalAttr<FlatSymbolRefAttr>:$personality,
                         OptionalAttr<StrAttr>:$garbageCollector,
                         OptionalAttr<ArrayAttr>:$passthrough,
                         OptionalAttr<DictArrayAttr>:$arg_attrs,
                         OptionalAttr<DictArrayAttr>:$res_attrs,
                         OptionalAttr<I64Attr>:$function_entry_count,
                         OptionalAttr<LLVM_MemoryEffectsAttr>:$memory_effects,
                         DefaultValuedAttr<LLVM_Visibility, "0 : i64">:$visibility_,
                         OptionalAttr<UnitAttr>:$arm_streaming,
                         OptionalAttr<UnitAttr>:$arm_locally_streaming,
                         OptionalAttr<UnitAttr>:$arm_streaming_compatible,
                         OptionalAttr<UnitAttr>:$arm_new_za,
                         OptionalAttr<UnitAttr>:$arm_in_za,
                         OptionalAttr<UnitAttr>:$arm_out_za,
                         OptionalAttr<UnitAttr>:$arm_inout_za,
                         OptionalAttr<UnitAttr>:$arm_preserves_za,
                         OptionalAttr<StrAttr>:$section,
                         OptionalAttr<LLVM_UnnamedAddr>:$unnamed_addr,
                         OptionalAttr<I64Attr>:$alignment,
                         OptionalAttr<LLVM_VScaleRangeAttr>:$vscale_range,
                         OptionalAttr<LLVM_FramePointerKindAttr>:$frame_pointer,
                         OptionalAttr<StrAttr>:$target_cpu,
                         OptionalAttr<StrAttr>:$tune_cpu,
                         OptionalAttr<StrAttr>:$reciprocal_estimates,
                         OptionalAttr<StrAttr>:$prefer_vector_width,
                         OptionalAttr<LLVM_TargetFeaturesAttr22>:$target_features,
                         OptionalAttr<BoolAttr>:$no_infs_fp_math,
                         OptionalAttr<BoolAttr>:$no_nans_fp_math,
                         OptionalAttr<BoolAttr>:$no_signed_zeros_fp_math,
                         OptionalAttr<StrAttr>:$denormal_fp_math,
                         OptionalAttr<StrAttr>:$denormal_fp_math_f32,
                         OptionalAttr<StrAttr>:$fp_contract,
                         OptionalAttr<StrAttr>:$instrument_function_entry,
                         OptionalAttr<StrAttr>:$instrument_function_exit,
                         OptionalAttr<UnitAttr>:$no_inline,
                         OptionalAttr<UnitAttr>:$always_inline,
                         OptionalAttr<UnitAttr>:$inline_hint,
                         OptionalAttr<UnitAttr>:$no_unwind,
                         OptionalAttr<UnitAttr>:$will_return,
                         OptionalAttr<UnitAttr>:$optimize_none,
                         OptionalAttr<LLVM_VecTypeHintAttr>:$vec_type_hint,
                         OptionalAttr<DenseI32ArrayAttr>:$work_group_size_hint,
                         OptionalAttr<DenseI32ArrayAttr>:$reqd_work_group_size,
                         OptionalAttr<I32Attr>:$intel_reqd_sub_group_size,
                         OptionalAttr<LLVM_UWTableKindAttr>:$uwtable_kind);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Fence
//===----------------------------------------------------------------------===//

def LLVM_FenceOp : LLVM_Op<"fence"> {
  let arguments = (ins LLVM_AtomicOrdering:$ordering, OptionalAttr<StrAttr>:$syncscope);
  let assemblyFormat = "(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict";
}

//===----------------------------------------------------------------------===//
// Exception handling (LLVMOps.td); `llvm.invoke` is still a known gap.
//===----------------------------------------------------------------------===//

def LLVM_LandingpadOp : LLVM_Op<"landingpad"> {
  let arguments = (ins UnitAttr:$cleanup, Variadic<LLVM_Type>:$clauses);
  let results = (outs LLVM_Type:$res);
  let hasCustomAssemblyFormat = 1;
}

def LLVM_ResumeOp : LLVM_TerminatorOp<"resume"> {
  let arguments = (ins LLVM_Type:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Atomic read-modify-write and compare-exchange (LLVMOps.td); their C++
// verifiers are in ir/src/verify/llvm.rs.
//===----------------------------------------------------------------------===//

def LLVM_AtomicBinOp
    : I64EnumAttr<["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11",
                   "12", "13", "14", "15", "16"],
                  "llvm.atomicrmw binary operations",
                  ["xchg", "add", "sub", "_and", "nand", "_or", "_xor", "max", "min",
                   "umax", "umin", "fadd", "fsub", "fmax", "fmin", "uinc_wrap",
                   "udec_wrap"]>;

def LLVM_AtomicRMWType
    : AnyTypeOf<[LLVM_AnyFloat, LLVM_AnyPointer, AnySignlessInteger],
                "floating point LLVM type or LLVM pointer type or signless integer">;
def LLVM_AtomicCmpXchgType
    : AnyTypeOf<[AnySignlessInteger, LLVM_AnyPointer],
                "signless integer or LLVM pointer type">;

def LLVM_AtomicRMWOp : LLVM_Op<"atomicrmw", [
      SameTypeAs<"val", "res", "result #0 and operand #1 have the same type">]> {
  let arguments = (ins LLVM_AtomicBinOp:$bin_op,
                       LLVM_AnyPointer:$ptr,
                       LLVM_AtomicRMWType:$val,
                       LLVM_AtomicOrdering:$ordering,
                       OptionalAttr<StrAttr>:$syncscope,
                       OptionalAttr<I64Attr>:$alignment,
                       UnitAttr:$volatile_,
                       OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                       OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let results = (outs LLVM_AtomicRMWType:$res);
  let assemblyFormat = [{
    (`volatile` $volatile_^)? $bin_op $ptr `,` $val
    (`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict `:`
    qualified(type($ptr)) `,` type($val)
  }];
}

def LLVM_AtomicCmpXchgOp : LLVM_Op<"cmpxchg", [
      SameTypeAs<"val", "cmp", "operand #1 and operand #2 have the same type">,
      ValAndBoolStructOf<"val", "res",
                         "result #0 has an LLVM struct type consisting of the type of operand #2 and a bool">]> {
  let arguments = (ins LLVM_AnyPointer:$ptr,
                       LLVM_AtomicCmpXchgType:$cmp,
                       LLVM_AtomicCmpXchgType:$val,
                       LLVM_AtomicOrdering:$success_ordering,
                       LLVM_AtomicOrdering:$failure_ordering,
                       OptionalAttr<StrAttr>:$syncscope,
                       OptionalAttr<I64Attr>:$alignment,
                       UnitAttr:$weak,
                       UnitAttr:$volatile_,
                       OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                       OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let results = (outs LLVM_AnyStruct:$res);
  let assemblyFormat = [{
    (`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val
    (`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering
    attr-dict `:` qualified(type($ptr)) `,` type($val)
  }];
}

//===----------------------------------------------------------------------===//
// Module-level ops and the other ops of LLVMOps.td. The C++ verifiers of
// `mlir.global_ctors`/`global_dtors` (equal lengths), `call_intrinsic` and
// `linker_options` are in ir/src/verify/llvm.rs; the ctors' and dtors'
// symbol uses, `comdat`'s region verifier and the elements of these ops'
// arrays are not checked.
//===----------------------------------------------------------------------===//

def LLVM_NoneTokenOp : LLVM_Op<"mlir.none", [Pure]> {
  let results = (outs LLVM_TokenType:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
}

def LLVM_FlatSymbolRefArrayAttr : Attr<"array", "flat symbol ref array attribute">;
def LLVM_I32ArrayAttr : Attr<"array", "32-bit integer array attribute">;
def LLVM_StrArrayAttr : Attr<"array", "string array attribute">;
def LLVM_GlobalCtorsOp : LLVM_Op<"mlir.global_ctors"> {
  let arguments = (ins LLVM_FlatSymbolRefArrayAttr:$ctors, LLVM_I32ArrayAttr:$priorities);
  let assemblyFormat = "attr-dict";
  let arguments22 = (ins LLVM_FlatSymbolRefArrayAttr:$ctors, LLVM_I32ArrayAttr:$priorities,
                         ArrayAttr:$data);
  let assemblyFormat22 = [{
    `ctors` `=` $ctors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict
  }];
}
def LLVM_GlobalDtorsOp : LLVM_Op<"mlir.global_dtors"> {
  let arguments = (ins LLVM_FlatSymbolRefArrayAttr:$dtors, LLVM_I32ArrayAttr:$priorities);
  let assemblyFormat = "attr-dict";
  let arguments22 = (ins LLVM_FlatSymbolRefArrayAttr:$dtors, LLVM_I32ArrayAttr:$priorities,
                         ArrayAttr:$data);
  let assemblyFormat22 = [{
    `dtors` `=` $dtors `,` `priorities` `=` $priorities `,` `data` `=` $data attr-dict
  }];
}

def LLVM_ComdatAttr
    : I64EnumAttr<["0", "1", "2", "3", "4"], "LLVM Comdat Types",
                  ["any", "exactmatch", "largest", "nodeduplicate", "samesize"]>;
def LLVM_ComdatSelectorOp : LLVM_Op<"comdat_selector", [Symbol]> {
  let arguments = (ins SymbolNameAttr:$sym_name, LLVM_ComdatAttr:$comdat);
  let assemblyFormat = "$sym_name $comdat attr-dict";
}
def LLVM_ComdatOp
    : LLVM_Op<"comdat", [NoTerminator, NoRegionArguments, SymbolTable, Symbol]> {
  let arguments = (ins SymbolNameAttr:$sym_name);
  let regions = (region SizedRegion1:$body);
  let assemblyFormat = "$sym_name $body attr-dict";
}

def LLVM_CallIntrinsicOp : LLVM_Op<"call_intrinsic"> {
  let arguments = (ins StrAttr:$intrin, Variadic<LLVM_Type>:$args,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let traits22 = [AttrSizedOperandSegments];
  let arguments22 = (ins StrAttr:$intrin, Variadic<LLVM_Type>:$args,
                         DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                           "#llvm.fastmath<none>">:$fastmathFlags,
                         VariadicOfVariadic<LLVM_Type, "op_bundle_sizes">:$op_bundle_operands,
                         VariadicOfVariadicSizes:$op_bundle_sizes,
                         OptionalAttr<ArrayAttr>:$op_bundle_tags,
                         OptionalAttr<DictArrayAttr>:$arg_attrs,
                         OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Optional<LLVM_Type>:$results);
  let assemblyFormat = [{
    $intrin `(` $args `)` `:` functional-type($args, $results) attr-dict
  }];
}

def LLVM_LinkerOptionsOp : LLVM_Op<"linker_options"> {
  let arguments = (ins LLVM_StrArrayAttr:$options);
  let assemblyFormat = "$options attr-dict";
}

//===----------------------------------------------------------------------===//
// Intrinsics with a declarative format (LLVMIntrinsicOps.td); the ones
// without (memcpy, memset, ctlz, abs, vector.reduce.*, ...) are further down.
//===----------------------------------------------------------------------===//

// MLIR 22's `ArgAndResultAttrsOpInterface` on the memory intrinsics.
defvar LLVM_ArgResAttrs22 = (ins OptionalAttr<DictArrayAttr>:$arg_attrs,
                                 OptionalAttr<DictArrayAttr>:$res_attrs);

class LLVM_IntrOp<string mnemonic, list<Trait> traits = []>
    : LLVM_Op<"intr." # mnemonic, traits>;

class LLVM_SameArgsIntrOpBase<string func, list<Trait> traits = []>
    : LLVM_IntrOp<func, !listconcat([Pure, SameOperandsAndResultType], traits)> {
  let assemblyFormat = "`(` operands `)` custom<LLVMOpAttrs>(attr-dict) `:` "
      "functional-type(operands, results)";
  let assemblyFormat22 = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}
class LLVM_UnaryIntrOpI<string func> : LLVM_SameArgsIntrOpBase<func> {
  let arguments = (ins LLVM_IntOrIntVector:$in);
  let results = (outs LLVM_IntOrIntVector:$res);
}
class LLVM_UnaryIntrOpF<string func> : LLVM_SameArgsIntrOpBase<func> {
  let arguments = (ins LLVM_FloatOrFloatVector:$in,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_FloatOrFloatVector:$res);
}
class LLVM_BinarySameArgsIntrOpI<string func> : LLVM_SameArgsIntrOpBase<func> {
  let arguments = (ins LLVM_IntOrIntVector:$a, LLVM_IntOrIntVector:$b);
  let results = (outs LLVM_IntOrIntVector:$res);
}
class LLVM_BinarySameArgsIntrOpF<string func> : LLVM_SameArgsIntrOpBase<func> {
  let arguments = (ins LLVM_FloatOrFloatVector:$a, LLVM_FloatOrFloatVector:$b,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_FloatOrFloatVector:$res);
}
class LLVM_TernarySameArgsIntrOpI<string func> : LLVM_SameArgsIntrOpBase<func> {
  let arguments = (ins LLVM_IntOrIntVector:$a, LLVM_IntOrIntVector:$b,
                       LLVM_IntOrIntVector:$c);
  let results = (outs LLVM_IntOrIntVector:$res);
}
class LLVM_TernarySameArgsIntrOpF<string func> : LLVM_SameArgsIntrOpBase<func> {
  let arguments = (ins LLVM_FloatOrFloatVector:$a, LLVM_FloatOrFloatVector:$b,
                       LLVM_FloatOrFloatVector:$c,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_FloatOrFloatVector:$res);
}

def LLVM_FAbsOp : LLVM_UnaryIntrOpF<"fabs">;
def LLVM_FCeilOp : LLVM_UnaryIntrOpF<"ceil">;
def LLVM_FFloorOp : LLVM_UnaryIntrOpF<"floor">;
def LLVM_SqrtOp : LLVM_UnaryIntrOpF<"sqrt">;
def LLVM_FTruncOp : LLVM_UnaryIntrOpF<"trunc">;
def LLVM_RoundOp : LLVM_UnaryIntrOpF<"round">;
def LLVM_RintOp : LLVM_UnaryIntrOpF<"rint">;
def LLVM_CopySignOp : LLVM_BinarySameArgsIntrOpF<"copysign">;
def LLVM_PowOp : LLVM_BinarySameArgsIntrOpF<"pow">;
def LLVM_MaxNumOp : LLVM_BinarySameArgsIntrOpF<"maxnum">;
def LLVM_MinNumOp : LLVM_BinarySameArgsIntrOpF<"minnum">;
def LLVM_FMAOp : LLVM_TernarySameArgsIntrOpF<"fma">;
def LLVM_FMulAddOp : LLVM_TernarySameArgsIntrOpF<"fmuladd">;
def LLVM_BitReverseOp : LLVM_UnaryIntrOpI<"bitreverse">;
def LLVM_ByteSwapOp : LLVM_UnaryIntrOpI<"bswap">;
def LLVM_CtPopOp : LLVM_UnaryIntrOpI<"ctpop">;
def LLVM_FshlOp : LLVM_TernarySameArgsIntrOpI<"fshl">;
def LLVM_FshrOp : LLVM_TernarySameArgsIntrOpI<"fshr">;
def LLVM_SMaxOp : LLVM_BinarySameArgsIntrOpI<"smax">;
def LLVM_SMinOp : LLVM_BinarySameArgsIntrOpI<"smin">;
def LLVM_UMaxOp : LLVM_BinarySameArgsIntrOpI<"umax">;
def LLVM_UMinOp : LLVM_BinarySameArgsIntrOpI<"umin">;
def LLVM_SAddSat : LLVM_BinarySameArgsIntrOpI<"sadd.sat">;
def LLVM_UAddSat : LLVM_BinarySameArgsIntrOpI<"uadd.sat">;
def LLVM_SSubSat : LLVM_BinarySameArgsIntrOpI<"ssub.sat">;
def LLVM_USubSat : LLVM_BinarySameArgsIntrOpI<"usub.sat">;

class LLVM_LifetimeBaseOp<string name> : LLVM_IntrOp<name> {
  let arguments = (ins I64Attr:$size, LLVM_AnyPointer:$ptr);
  let assemblyFormat = "$size `,` $ptr attr-dict `:` qualified(type($ptr))";
  // MLIR 22 dropped the size.
  let arguments22 = (ins LLVM_AnyPointer:$ptr);
  let assemblyFormat22 = "$ptr attr-dict `:` qualified(type($ptr))";
}
def LLVM_LifetimeStartOp : LLVM_LifetimeBaseOp<"lifetime.start">;
def LLVM_LifetimeEndOp : LLVM_LifetimeBaseOp<"lifetime.end">;

def LLVM_VaStartOp : LLVM_IntrOp<"vastart"> {
  let arguments = (ins LLVM_AnyPointer:$arg_list);
  let assemblyFormat = "$arg_list attr-dict `:` qualified(type($arg_list))";
}
def LLVM_VaCopyOp : LLVM_IntrOp<"vacopy"> {
  let arguments = (ins LLVM_AnyPointer:$dest_list, LLVM_AnyPointer:$src_list);
  let assemblyFormat = "$src_list `to` $dest_list attr-dict `:` type(operands)";
}
def LLVM_VaEndOp : LLVM_IntrOp<"vaend"> {
  let arguments = (ins LLVM_AnyPointer:$arg_list);
  let assemblyFormat = "$arg_list attr-dict `:` qualified(type($arg_list))";
}

//===----------------------------------------------------------------------===//
// Intrinsics without a format (LLVMIntrinsicOps.td): they print generic in
// MLIR 19. Their immediate arguments are `I1Attr`/`I32Attr` properties.
//===----------------------------------------------------------------------===//

class LLVM_CountZerosIntrOp<string func> : LLVM_IntrOp<func, [Pure]> {
  let arguments = (ins LLVM_IntOrIntVector:$in, I1Attr:$is_zero_poison);
  let results = (outs LLVM_Type:$res);
}
def LLVM_CountLeadingZerosOp : LLVM_CountZerosIntrOp<"ctlz">;
def LLVM_CountTrailingZerosOp : LLVM_CountZerosIntrOp<"cttz">;
def LLVM_AbsOp : LLVM_IntrOp<"abs", [Pure]> {
  let arguments = (ins LLVM_IntOrIntVector:$in, I1Attr:$is_int_min_poison);
  let results = (outs LLVM_Type:$res);
}

class LLVM_MemcpyIntrOpBase<string name> : LLVM_IntrOp<name> {
  let arguments = (ins LLVM_AnyPointer:$dst, LLVM_AnyPointer:$src,
                       AnySignlessInteger:$len, I1Attr:$isVolatile,
                       OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                       OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let arguments22 = !con(arguments, LLVM_ArgResAttrs22);
}
def LLVM_MemcpyOp : LLVM_MemcpyIntrOpBase<"memcpy">;
def LLVM_MemmoveOp : LLVM_MemcpyIntrOpBase<"memmove">;
def LLVM_MemsetOp : LLVM_IntrOp<"memset"> {
  let arguments = (ins LLVM_AnyPointer:$dst, I8:$val,
                       AnySignlessInteger:$len, I1Attr:$isVolatile,
                       OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                       OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let arguments22 = !con(arguments, LLVM_ArgResAttrs22);
}

def LLVM_AssumeOp : LLVM_IntrOp<"assume"> {
  let arguments = (ins I1:$cond);
  let arguments22 = (ins I1:$cond, VariadicOfVariadic<LLVM_Type, "op_bundle_sizes">:$op_bundle_operands,
                         VariadicOfVariadicSizes:$op_bundle_sizes,
                         OptionalAttr<ArrayAttr>:$op_bundle_tags);
  let assemblyFormat22 = [{
    $cond
    ( custom<OpBundles>($op_bundle_operands, type($op_bundle_operands),
                        $op_bundle_tags)^ )?
    `:` type($cond) attr-dict
  }];
}
def LLVM_Prefetch : LLVM_IntrOp<"prefetch"> {
  let arguments = (ins LLVM_AnyPointer:$addr, I32Attr:$rw, I32Attr:$hint, I32Attr:$cache);
}

class LLVM_ArithWithOverflowOp<string mnem>
    : LLVM_IntrOp<mnem, [Pure, SameOperandsElementType]> {
  let arguments = (ins LLVM_IntOrIntVector:$a, LLVM_IntOrIntVector:$b);
  let results = (outs LLVM_Type:$res);
}
def LLVM_SAddWithOverflowOp : LLVM_ArithWithOverflowOp<"sadd.with.overflow">;
def LLVM_UAddWithOverflowOp : LLVM_ArithWithOverflowOp<"uadd.with.overflow">;
def LLVM_SSubWithOverflowOp : LLVM_ArithWithOverflowOp<"ssub.with.overflow">;
def LLVM_USubWithOverflowOp : LLVM_ArithWithOverflowOp<"usub.with.overflow">;
def LLVM_SMulWithOverflowOp : LLVM_ArithWithOverflowOp<"smul.with.overflow">;
def LLVM_UMulWithOverflowOp : LLVM_ArithWithOverflowOp<"umul.with.overflow">;

def LLVM_AliasScopeAttr
    : DialectAttr<LLVM_Dialect, "alias_scope", "LLVM dialect alias scope">;
def LLVM_NoAliasScopeDeclOp : LLVM_IntrOp<"experimental.noalias.scope.decl"> {
  let arguments = (ins LLVM_AliasScopeAttr:$scope);
  let assemblyFormat = "$scope attr-dict";
}

class LLVM_VecReductionI<string mnem>
    : LLVM_IntrOp<"vector.reduce." # mnem, [Pure, SameOperandsAndResultElementType]> {
  let arguments = (ins LLVM_VectorOf<AnySignlessInteger>:$in);
  let results = (outs LLVM_Type:$res);
}
def LLVM_VectorReduceAddOp : LLVM_VecReductionI<"add">;
def LLVM_VectorReduceAndOp : LLVM_VecReductionI<"and">;
def LLVM_VectorReduceMulOp : LLVM_VecReductionI<"mul">;
def LLVM_VectorReduceOrOp : LLVM_VecReductionI<"or">;
def LLVM_VectorReduceSmaxOp : LLVM_VecReductionI<"smax">;
def LLVM_VectorReduceSminOp : LLVM_VecReductionI<"smin">;
def LLVM_VectorReduceUmaxOp : LLVM_VecReductionI<"umax">;
def LLVM_VectorReduceUminOp : LLVM_VecReductionI<"umin">;
def LLVM_VectorReduceXorOp : LLVM_VecReductionI<"xor">;


//===----------------------------------------------------------------------===//
// The other intrinsics of MLIR 19's LLVMIntrinsicOps.td, in its order.
//===----------------------------------------------------------------------===//

def LLVM_IsFPClass : LLVM_IntrOp<"is.fpclass", [Pure]> {
  let arguments = (ins LLVM_ScalarOrVectorOf<LLVM_AnyFloat>:$in, I32Attr:$bit);
  let results = (outs LLVM_Type:$res);
}
def LLVM_CosOp : LLVM_UnaryIntrOpF<"cos">;
def LLVM_ExpOp : LLVM_UnaryIntrOpF<"exp">;
def LLVM_Exp2Op : LLVM_UnaryIntrOpF<"exp2">;
def LLVM_Log10Op : LLVM_UnaryIntrOpF<"log10">;
def LLVM_Log2Op : LLVM_UnaryIntrOpF<"log2">;
def LLVM_LogOp : LLVM_UnaryIntrOpF<"log">;
def LLVM_SinOp : LLVM_UnaryIntrOpF<"sin">;
def LLVM_RoundEvenOp : LLVM_UnaryIntrOpF<"roundeven">;
def LLVM_NearbyintOp : LLVM_UnaryIntrOpF<"nearbyint">;
def LLVM_MaximumOp : LLVM_BinarySameArgsIntrOpF<"maximum">;
def LLVM_MinimumOp : LLVM_BinarySameArgsIntrOpF<"minimum">;
def LLVM_PowIOp : LLVM_IntrOp<"powi", [Pure]> {
  let arguments = (ins LLVM_ScalarOrVectorOf<LLVM_AnyFloat>:$val,
                       AnySignlessInteger:$power,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "`(` operands `)` custom<LLVMOpAttrs>(attr-dict) `:` "
      "functional-type(operands, results)";
  let assemblyFormat22 = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}
class LLVM_IntRoundIntrOpBase<string func> : LLVM_IntrOp<func, [Pure]> {
  let arguments = (ins LLVM_AnyFloat:$val);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "`(` operands `)` custom<LLVMOpAttrs>(attr-dict) `:` "
      "functional-type(operands, results)";
  let assemblyFormat22 = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}
def LLVM_LroundOp : LLVM_IntRoundIntrOpBase<"lround">;
def LLVM_LlroundOp : LLVM_IntRoundIntrOpBase<"llround">;
def LLVM_LrintOp : LLVM_IntRoundIntrOpBase<"lrint">;
def LLVM_LlrintOp : LLVM_IntRoundIntrOpBase<"llrint">;
def LLVM_SSHLSat : LLVM_BinarySameArgsIntrOpI<"sshl.sat">;
def LLVM_USHLSat : LLVM_BinarySameArgsIntrOpI<"ushl.sat">;

def LLVM_MemcpyInlineOp : LLVM_IntrOp<"memcpy.inline"> {
  let arguments = (ins LLVM_AnyPointer:$dst, LLVM_AnyPointer:$src,
                       APIntAttr:$len, I1Attr:$isVolatile,
                       OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                       OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa);
  let arguments22 = !con(arguments, LLVM_ArgResAttrs22);
}

def LLVM_InvariantStartOp : LLVM_IntrOp<"invariant.start"> {
  let arguments = (ins I64Attr:$size, LLVM_AnyPointer:$ptr);
  let results = (outs LLVM_DefaultPointer:$res);
  let assemblyFormat = "$size `,` $ptr attr-dict `:` qualified(type($ptr))";
}
def LLVM_InvariantEndOp : LLVM_IntrOp<"invariant.end"> {
  let arguments = (ins LLVM_DefaultPointer:$start, I64Attr:$size, LLVM_AnyPointer:$ptr);
  let assemblyFormat = "$start `,` $size `,` $ptr attr-dict `:` "
      "qualified(type($ptr))";
}

def LLVM_RoundingModeAttr
    : I64EnumAttr<["0", "1", "2", "3", "4", "7", "-1"], "LLVM Rounding Mode",
                  ["towardzero", "tonearest", "upward", "downward", "tonearestaway",
                   "dynamic", "invalid"]>;
def LLVM_FPExceptionBehaviorAttr
    : I64EnumAttr<["0", "1", "2"], "LLVM Exception Behavior",
                  ["ignore", "maytrap", "strict"]>;
// Constrained floating-point casts: one operand, a rounding mode (all but
// fpext) and an exception behaviour.
class LLVM_ConstrainedCastIntr<string mnem, bit hasRoundingMode>
    : LLVM_IntrOp<"experimental.constrained." # mnem, [Pure]> {
  let arguments = !con((ins LLVM_Type:$arg_0),
                       !if(hasRoundingMode,
                           (ins ConfinedAttr<LLVM_RoundingModeAttr, [IntMinValue<0>]>:$roundingmode),
                           (ins)),
                       (ins LLVM_FPExceptionBehaviorAttr:$fpExceptionBehavior));
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$arg_0 " # !if(hasRoundingMode, "$roundingmode ", "")
      # "$fpExceptionBehavior attr-dict `:` type($arg_0) `to` type(results)";
}
def LLVM_ConstrainedFPTruncIntr : LLVM_ConstrainedCastIntr<"fptrunc", 1>;
// New in MLIR 22.
def LLVM_ConstrainedFPExtIntr : LLVM_ConstrainedCastIntr<"fpext", 0> {
  let mlirSince = 22;
}
def LLVM_ConstrainedSIToFP : LLVM_ConstrainedCastIntr<"sitofp", 1> {
  let mlirSince = 22;
}
def LLVM_ConstrainedUIToFP : LLVM_ConstrainedCastIntr<"uitofp", 1> {
  let mlirSince = 22;
}

def LLVM_SSACopyOp : LLVM_IntrOp<"ssa.copy", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$operand);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}
def LLVM_IsConstantOp : LLVM_IntrOp<"is.constant", [Pure]> {
  let arguments = (ins LLVM_Type:$val);
  let results = (outs I1:$res);
}
def LLVM_ExpectOp : LLVM_IntrOp<"expect", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins AnySignlessInteger:$val, AnySignlessInteger:$expected);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$val `,` $expected attr-dict `:` type($val)";
}
def LLVM_ExpectWithProbabilityOp : LLVM_IntrOp<"expect.with.probability",
    [Pure, AllTypesMatch<["val", "expected", "res"]>]> {
  let arguments = (ins AnySignlessInteger:$val, AnySignlessInteger:$expected,
                       F64Attr:$prob);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$val `,` $expected `,` $prob attr-dict `:` type($val)";
}
def LLVM_ThreadlocalAddressOp : LLVM_IntrOp<"threadlocal.address", [Pure]> {
  let arguments = (ins LLVM_AnyPointer:$global);
  let results = (outs LLVM_Type:$res);
}

// Coroutines.
def LLVM_CoroIdOp : LLVM_IntrOp<"coro.id"> {
  let arguments = (ins I32:$align, LLVM_AnyPointer:$promise,
                       LLVM_AnyPointer:$coroaddr, LLVM_AnyPointer:$fnaddrs);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$align `,` $promise `,` $coroaddr `,` $fnaddrs"
    " attr-dict `:` functional-type(operands, results)";
}
def LLVM_CoroBeginOp : LLVM_IntrOp<"coro.begin"> {
  let arguments = (ins LLVM_TokenType:$token, LLVM_AnyPointer:$mem);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$token `,` $mem attr-dict `:` functional-type(operands, results)";
}
def LLVM_CoroSizeOp : LLVM_IntrOp<"coro.size"> {
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
}
def LLVM_CoroAlignOp : LLVM_IntrOp<"coro.align"> {
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
}
def LLVM_CoroSaveOp : LLVM_IntrOp<"coro.save"> {
  let arguments = (ins LLVM_AnyPointer:$handle);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$handle attr-dict `:` functional-type(operands, results)";
}
def LLVM_CoroSuspendOp : LLVM_IntrOp<"coro.suspend"> {
  let arguments = (ins LLVM_TokenType:$save, I1:$final);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$save `,` $final attr-dict `:` type($res)";
}
def LLVM_CoroEndOp : LLVM_IntrOp<"coro.end"> {
  let arguments = (ins LLVM_AnyPointer:$handle, I1:$unwind, LLVM_TokenType:$retvals);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$handle `,` $unwind `,` $retvals attr-dict `:` "
      "functional-type(operands, results)";
}
def LLVM_CoroFreeOp : LLVM_IntrOp<"coro.free"> {
  let arguments = (ins LLVM_TokenType:$id, LLVM_AnyPointer:$handle);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$id `,` $handle attr-dict `:` functional-type(operands, results)";
}
def LLVM_CoroResumeOp : LLVM_IntrOp<"coro.resume"> {
  let arguments = (ins LLVM_AnyPointer:$handle);
  let assemblyFormat = "$handle attr-dict `:` qualified(type($handle))";
}
def LLVM_CoroPromiseOp : LLVM_IntrOp<"coro.promise"> {
  let arguments = (ins LLVM_AnyPointer:$handle, I32:$align, I1:$from);
  let results = (outs LLVM_AnyPointer:$res);
  let assemblyFormat = "$handle `,` $align `,` $from attr-dict `:` "
      "functional-type(operands, results)";
}

// Debug information.
def LLVM_DILocalVariableAttr : DialectAttr<LLVM_Dialect, "di_local_variable", "">;
def LLVM_DIExpressionAttr : DialectAttr<LLVM_Dialect, "di_expression", "">;
def LLVM_DILabelAttr : DialectAttr<LLVM_Dialect, "di_label", "">;
def LLVM_DbgDeclareOp : LLVM_IntrOp<"dbg.declare"> {
  let arguments = (ins LLVM_AnyPointer:$addr, LLVM_DILocalVariableAttr:$varInfo,
                       DefaultValuedAttr<LLVM_DIExpressionAttr,
                                         "#llvm.di_expression<>">:$locationExpr);
  let assemblyFormat = [{
    qualified($varInfo) (qualified($locationExpr)^)? `=` $addr `:` qualified(type($addr))
    attr-dict
  }];
}
def LLVM_DbgValueOp : LLVM_IntrOp<"dbg.value"> {
  let arguments = (ins LLVM_Type:$value, LLVM_DILocalVariableAttr:$varInfo,
                       DefaultValuedAttr<LLVM_DIExpressionAttr,
                                         "#llvm.di_expression<>">:$locationExpr);
  let assemblyFormat = [{
    qualified($varInfo) (qualified($locationExpr)^)? `=` $value `:` qualified(type($value))
    attr-dict
  }];
}
def LLVM_DbgLabelOp : LLVM_IntrOp<"dbg.label"> {
  let arguments = (ins LLVM_DILabelAttr:$label);
  let assemblyFormat = "$label attr-dict";
}

def LLVM_EhTypeidForOp : LLVM_IntrOp<"eh.typeid.for"> {
  let arguments = (ins LLVM_AnyPointer:$type_info);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$type_info attr-dict `:` functional-type(operands, results)";
}
def LLVM_StackSaveOp : LLVM_IntrOp<"stacksave"> {
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "attr-dict `:` qualified(type($res))";
}
def LLVM_StackRestoreOp : LLVM_IntrOp<"stackrestore"> {
  let arguments = (ins LLVM_AnyPointer:$ptr);
  let assemblyFormat = "$ptr attr-dict `:` qualified(type($ptr))";
}

class LLVM_VecReductionF<string mnem>
    : LLVM_IntrOp<"vector.reduce." # mnem, [Pure, SameOperandsAndResultElementType]> {
  let arguments = (ins LLVM_VectorOf<AnyFloat>:$in,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "`(` operands `)` custom<LLVMOpAttrs>(attr-dict) `:` "
      "functional-type(operands, results)";
  let assemblyFormat22 = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}
class LLVM_VecReductionAccF<string mnem>
    : LLVM_IntrOp<"vector.reduce." # mnem, [Pure, SameOperandsAndResultElementType]> {
  let arguments = (ins AnyFloat:$start_value, LLVM_VectorOf<AnyFloat>:$input,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
}
def LLVM_VectorReduceFmaxOp : LLVM_VecReductionF<"fmax">;
def LLVM_VectorReduceFminOp : LLVM_VecReductionF<"fmin">;
def LLVM_VectorReduceFmaximumOp : LLVM_VecReductionF<"fmaximum">;
def LLVM_VectorReduceFminimumOp : LLVM_VecReductionF<"fminimum">;
def LLVM_VectorReduceFaddOp : LLVM_VecReductionAccF<"fadd">;
def LLVM_VectorReduceFmulOp : LLVM_VecReductionAccF<"fmul">;

// Matrices.
def LLVM_MatrixColumnMajorLoadOp : LLVM_IntrOp<"matrix.column.major.load"> {
  let arguments = (ins LLVM_AnyPointer:$data, AnySignlessInteger:$stride,
                       I1Attr:$isVolatile, I32Attr:$rows, I32Attr:$columns);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = "$data `,` `<` `stride` `=` $stride `>` attr-dict"
    "`:` type($res) `from` qualified(type($data)) `stride` type($stride)";
}
def LLVM_MatrixColumnMajorStoreOp : LLVM_IntrOp<"matrix.column.major.store"> {
  let arguments = (ins LLVM_AnyVector:$matrix, LLVM_AnyPointer:$data,
                       AnySignlessInteger:$stride, I1Attr:$isVolatile, I32Attr:$rows,
                       I32Attr:$columns);
  let assemblyFormat = "$matrix `,` $data `,` `<` `stride` `=` $stride `>` "
    "attr-dict`:` type($matrix) `to` qualified(type($data)) `stride` type($stride)";
}
def LLVM_MatrixMultiplyOp : LLVM_IntrOp<"matrix.multiply"> {
  let arguments = (ins LLVM_AnyVector:$lhs, LLVM_AnyVector:$rhs, I32Attr:$lhs_rows,
                       I32Attr:$lhs_columns, I32Attr:$rhs_columns);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = "$lhs `,` $rhs attr-dict "
    "`:` `(` type($lhs) `,` type($rhs) `)` `->` type($res)";
}
def LLVM_MatrixTransposeOp : LLVM_IntrOp<"matrix.transpose"> {
  let arguments = (ins LLVM_AnyVector:$matrix, I32Attr:$rows, I32Attr:$columns);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = "$matrix attr-dict `:` type($matrix) `into` type($res)";
}

// Masked vector memory access. (masked.gather's and masked.scatter's C++
// verifiers, which compare the pointer vector's shape, are not written.)
def LLVM_GetActiveLaneMaskOp : LLVM_IntrOp<"get.active.lane.mask", [Pure]> {
  let arguments = (ins AnySignlessInteger:$base, AnySignlessInteger:$n);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$base `,` $n attr-dict `:` "
    "type($base) `,` type($n) `to` type($res)";
}
def LLVM_MaskedLoadOp : LLVM_IntrOp<"masked.load"> {
  let arguments = (ins LLVM_AnyPointer:$data, LLVM_VectorOf<I1>:$mask,
                       Variadic<LLVM_AnyVector>:$pass_thru, I32Attr:$alignment);
  let arguments22 = (ins LLVM_AnyPointer:$data, LLVM_VectorOf<I1>:$mask,
                         Optional<LLVM_AnyVector>:$pass_thru, I32Attr:$alignment,
                         UnitAttr:$nontemporal);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}
def LLVM_MaskedStoreOp : LLVM_IntrOp<"masked.store"> {
  let arguments = (ins LLVM_AnyVector:$value, LLVM_AnyPointer:$data,
                       LLVM_VectorOf<I1>:$mask, I32Attr:$alignment);
  let assemblyFormat = "$value `,` $data `,` $mask attr-dict `:` "
    "type($value) `,` type($mask) `into` qualified(type($data))";
}
def LLVM_MaskedGatherOp : LLVM_IntrOp<"masked.gather"> {
  let arguments = (ins LLVM_VectorOf<LLVM_AnyPointer>:$ptrs,
                       LLVM_VectorOf<I1>:$mask, Variadic<LLVM_AnyVector>:$pass_thru,
                       I32Attr:$alignment);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}
def LLVM_MaskedScatterOp : LLVM_IntrOp<"masked.scatter"> {
  let arguments = (ins LLVM_AnyVector:$value, LLVM_VectorOf<LLVM_AnyPointer>:$ptrs,
                       LLVM_VectorOf<I1>:$mask, I32Attr:$alignment);
  let assemblyFormat = "$value `,` $ptrs `,` $mask attr-dict `:` "
    "type($value) `,` type($mask) `into` type($ptrs)";
}
def LLVM_MaskedExpandLoadOp : LLVM_IntrOp<"masked.expandload"> {
  let arguments = (ins LLVM_AnyPointer:$arg0, LLVM_VectorOf<I1>:$arg1,
                       LLVM_AnyVector:$arg2);
  let results = (outs LLVM_Type:$res);
  let arguments22 = !con(arguments, LLVM_ArgResAttrs22);
}
def LLVM_MaskedCompressStoreOp : LLVM_IntrOp<"masked.compressstore"> {
  let arguments = (ins LLVM_AnyVector:$arg0, LLVM_AnyPointer:$arg1,
                       LLVM_VectorOf<I1>:$arg2);
  let arguments22 = !con(arguments, LLVM_ArgResAttrs22);
}

// Annotations.
def LLVM_VarAnnotation : LLVM_IntrOp<"var.annotation",
    [AllTypesMatch<["annotation", "fileName", "attr"]>]> {
  let arguments = (ins LLVM_AnyPointer:$val, LLVM_AnyPointer:$annotation,
                       LLVM_AnyPointer:$fileName, I32:$line, LLVM_AnyPointer:$attr);
}
def LLVM_PtrAnnotation : LLVM_IntrOp<"ptr.annotation",
    [AllTypesMatch<["res", "ptr"]>, AllTypesMatch<["annotation", "fileName", "attr"]>]> {
  let arguments = (ins LLVM_AnyPointer:$ptr, LLVM_AnyPointer:$annotation,
                       LLVM_AnyPointer:$fileName, I32:$line, LLVM_AnyPointer:$attr);
  let results = (outs LLVM_AnyPointer:$res);
}
def LLVM_Annotation : LLVM_IntrOp<"annotation",
    [AllTypesMatch<["res", "integer"]>, AllTypesMatch<["annotation", "fileName"]>]> {
  let arguments = (ins AnySignlessInteger:$integer, LLVM_AnyPointer:$annotation,
                       LLVM_AnyPointer:$fileName, I32:$line);
  let results = (outs AnySignlessInteger:$res);
}

def LLVM_Trap : LLVM_IntrOp<"trap">;
def LLVM_DebugTrap : LLVM_IntrOp<"debugtrap">;
def LLVM_UBSanTrap : LLVM_IntrOp<"ubsantrap"> {
  let arguments = (ins I8Attr:$failureKind);
}
def LLVM_VScaleOp : LLVM_IntrOp<"vscale"> {
  let results = (outs LLVM_Type:$res);
}
class LLVM_StepVectorBase<string name> : LLVM_IntrOp<name, [Pure]> {
  let results = (outs LLVM_VectorOf<AnySignlessInteger>:$res);
  let assemblyFormat = "attr-dict `:` type($res)";
}
def LLVM_StepVectorOp : LLVM_StepVectorBase<"experimental.stepvector"> {
  let mlirUntil = 19;
}
// Renamed in MLIR 22.
def LLVM_StepVectorOp22 : LLVM_StepVectorBase<"stepvector"> {
  let mlirSince = 22;
}

// Vector insertion and extraction. (Their PredOpTraits on the vectors'
// bit widths and scalability, and interleave2's on its result, are not
// written.)
def LLVM_VectorInsertOp
    : LLVM_IntrOp<"vector.insert", [Pure, AllTypesMatch<["dstvec", "res"]>]> {
  let arguments = (ins LLVM_AnyVector:$dstvec, LLVM_AnyVector:$srcvec, I64Attr:$pos);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = "$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` "
    "type($srcvec) `into` type($res)";
}
def LLVM_VectorExtractOp : LLVM_IntrOp<"vector.extract", [Pure]> {
  let arguments = (ins LLVM_AnyVector:$srcvec, I64Attr:$pos);
  let results = (outs LLVM_AnyVector:$res);
  let assemblyFormat = "$srcvec `[` $pos `]` attr-dict `:` "
    "type($res) `from` type($srcvec)";
}
def LLVM_VectorInterleave2Op
    : LLVM_IntrOp<"vector.interleave2", [Pure, AllTypesMatch<["vec1", "vec2"]>]> {
  let arguments = (ins LLVM_AnyVector:$vec1, LLVM_AnyVector:$vec2);
  let results = (outs LLVM_Type:$res);
}
def LLVM_VectorDeinterleave2Op : LLVM_IntrOp<"vector.deinterleave2", [Pure]> {
  let arguments = (ins LLVM_AnyVector:$vec);
  let results = (outs LLVM_Type:$res);
}

// Vector predication.
class LLVM_VPBinaryBase<string mnem, TypeConstraint element>
    : LLVM_IntrOp<"vp." # mnem, [Pure]> {
  let arguments = (ins LLVM_VectorOf<element>:$lhs, LLVM_VectorOf<element>:$rhs,
                       LLVM_VectorOf<I1>:$mask, I32:$evl);
  let results = (outs LLVM_Type:$res);
}
class LLVM_VPBinaryI<string mnem> : LLVM_VPBinaryBase<mnem, AnySignlessInteger>;
class LLVM_VPBinaryF<string mnem> : LLVM_VPBinaryBase<mnem, AnyFloat>;
class LLVM_VPUnaryF<string mnem> : LLVM_IntrOp<"vp." # mnem, [Pure]> {
  let arguments = (ins LLVM_VectorOf<AnyFloat>:$op, LLVM_VectorOf<I1>:$mask, I32:$evl);
  let results = (outs LLVM_Type:$res);
}
class LLVM_VPTernaryF<string mnem> : LLVM_IntrOp<"vp." # mnem, [Pure]> {
  let arguments = (ins LLVM_VectorOf<AnyFloat>:$op1, LLVM_VectorOf<AnyFloat>:$op2,
                       LLVM_VectorOf<AnyFloat>:$op3, LLVM_VectorOf<I1>:$mask, I32:$evl);
  let results = (outs LLVM_Type:$res);
}
class LLVM_VPReductionBase<string mnem, TypeConstraint element>
    : LLVM_IntrOp<"vp.reduce." # mnem, [Pure]> {
  let arguments = (ins element:$satrt_value, LLVM_VectorOf<element>:$val,
                       LLVM_VectorOf<I1>:$mask, I32:$evl);
  let results = (outs LLVM_Type:$res);
}
class LLVM_VPReductionI<string mnem> : LLVM_VPReductionBase<mnem, AnySignlessInteger>;
class LLVM_VPReductionF<string mnem> : LLVM_VPReductionBase<mnem, AnyFloat>;
class LLVM_VPSelectBase<string mnem> : LLVM_IntrOp<"vp." # mnem, [Pure]> {
  let arguments = (ins LLVM_VectorOf<I1>:$cond, LLVM_AnyVector:$true_val,
                       LLVM_AnyVector:$false_val, I32:$evl);
  let results = (outs LLVM_Type:$res);
}
class LLVM_VPCastBase<string mnem, TypeConstraint element>
    : LLVM_IntrOp<"vp." # mnem, [Pure]> {
  let arguments = (ins LLVM_VectorOf<element>:$src, LLVM_VectorOf<I1>:$mask, I32:$evl);
  let results = (outs LLVM_Type:$res);
}
class LLVM_VPCastI<string mnem> : LLVM_VPCastBase<mnem, AnySignlessInteger>;
class LLVM_VPCastF<string mnem> : LLVM_VPCastBase<mnem, AnyFloat>;
class LLVM_VPCastPtr<string mnem> : LLVM_VPCastBase<mnem, LLVM_AnyPointer>;

def LLVM_VPAddOp : LLVM_VPBinaryI<"add">;
def LLVM_VPSubOp : LLVM_VPBinaryI<"sub">;
def LLVM_VPMulOp : LLVM_VPBinaryI<"mul">;
def LLVM_VPSDivOp : LLVM_VPBinaryI<"sdiv">;
def LLVM_VPUDivOp : LLVM_VPBinaryI<"udiv">;
def LLVM_VPSRemOp : LLVM_VPBinaryI<"srem">;
def LLVM_VPURemOp : LLVM_VPBinaryI<"urem">;
def LLVM_VPAShrOp : LLVM_VPBinaryI<"ashr">;
def LLVM_VPLShrOp : LLVM_VPBinaryI<"lshr">;
def LLVM_VPShlOp : LLVM_VPBinaryI<"shl">;
def LLVM_VPOrOp : LLVM_VPBinaryI<"or">;
def LLVM_VPAndOp : LLVM_VPBinaryI<"and">;
def LLVM_VPXorOp : LLVM_VPBinaryI<"xor">;
def LLVM_VPFAddOp : LLVM_VPBinaryF<"fadd">;
def LLVM_VPFSubOp : LLVM_VPBinaryF<"fsub">;
def LLVM_VPFMulOp : LLVM_VPBinaryF<"fmul">;
def LLVM_VPFDivOp : LLVM_VPBinaryF<"fdiv">;
def LLVM_VPFRemOp : LLVM_VPBinaryF<"frem">;
def LLVM_VPFNegOp : LLVM_VPUnaryF<"fneg">;
def LLVM_VPFMulAddOp : LLVM_VPTernaryF<"fmuladd">;
def LLVM_VPFmaOp : LLVM_VPTernaryF<"fma">;
def LLVM_VPReduceAddOp : LLVM_VPReductionI<"add">;
def LLVM_VPReduceMulOp : LLVM_VPReductionI<"mul">;
def LLVM_VPReduceAndOp : LLVM_VPReductionI<"and">;
def LLVM_VPReduceOrOp : LLVM_VPReductionI<"or">;
def LLVM_VPReduceXorOp : LLVM_VPReductionI<"xor">;
def LLVM_VPReduceSMaxOp : LLVM_VPReductionI<"smax">;
def LLVM_VPReduceSMinOp : LLVM_VPReductionI<"smin">;
def LLVM_VPReduceUMaxOp : LLVM_VPReductionI<"umax">;
def LLVM_VPReduceUMinOp : LLVM_VPReductionI<"umin">;
def LLVM_VPReduceFAddOp : LLVM_VPReductionF<"fadd">;
def LLVM_VPReduceFMulOp : LLVM_VPReductionF<"fmul">;
def LLVM_VPReduceFMaxOp : LLVM_VPReductionF<"fmax">;
def LLVM_VPReduceFMinOp : LLVM_VPReductionF<"fmin">;
def LLVM_VPSelectMinOp : LLVM_VPSelectBase<"select">;
def LLVM_VPMergeMinOp : LLVM_VPSelectBase<"merge">;
def LLVM_VPLoadOp : LLVM_IntrOp<"vp.load"> {
  let arguments = (ins LLVM_AnyPointer:$ptr, LLVM_VectorOf<I1>:$mask, I32:$evl);
  let results = (outs LLVM_Type:$res);
}
def LLVM_VPStoreOp : LLVM_IntrOp<"vp.store"> {
  let arguments = (ins LLVM_AnyVector:$val, LLVM_AnyPointer:$ptr,
                       LLVM_VectorOf<I1>:$mask, I32:$evl);
}
def LLVM_VPStridedLoadOp : LLVM_IntrOp<"experimental.vp.strided.load"> {
  let arguments = (ins LLVM_AnyPointer:$ptr, AnySignlessInteger:$stride,
                       LLVM_VectorOf<I1>:$mask, I32:$evl);
  let results = (outs LLVM_Type:$res);
}
def LLVM_VPStridedStoreOp : LLVM_IntrOp<"experimental.vp.strided.store"> {
  let arguments = (ins LLVM_AnyVector:$val, LLVM_AnyPointer:$ptr,
                       AnySignlessInteger:$stride, LLVM_VectorOf<I1>:$mask, I32:$evl);
}
def LLVM_VPTruncOp : LLVM_VPCastI<"trunc">;
def LLVM_VPZExtOp : LLVM_VPCastI<"zext">;
def LLVM_VPSExtOp : LLVM_VPCastI<"sext">;
def LLVM_VPFPTruncOp : LLVM_VPCastF<"fptrunc">;
def LLVM_VPFPExtOp : LLVM_VPCastF<"fpext">;
def LLVM_VPFPToUIOp : LLVM_VPCastF<"fptoui">;
def LLVM_VPFPToSIOp : LLVM_VPCastF<"fptosi">;
def LLVM_VPUIToFPOp : LLVM_VPCastI<"uitofp">;
def LLVM_VPSIToFPOp : LLVM_VPCastI<"sitofp">;
def LLVM_VPPtrToIntOp : LLVM_VPCastPtr<"ptrtoint">;
def LLVM_VPIntToPtrOp : LLVM_VPCastI<"inttoptr">;

//===----------------------------------------------------------------------===//
// Ops new in MLIR 22 (`mlirSince = 22`)
//===----------------------------------------------------------------------===//

class LLVM_Op22<string mnemonic, list<Trait> traits = []> : LLVM_Op<mnemonic, traits> {
  let mlirSince = 22;
}
class LLVM_IntrOp22<string mnemonic, list<Trait> traits = []>
    : LLVM_IntrOp<mnemonic, traits> {
  let mlirSince = 22;
}

def LLVM_ModuleFlagsOp : LLVM_Op22<"module_flags"> {
  let arguments = (ins ArrayAttr:$flags);
  let assemblyFormat = "$flags attr-dict";
}
def LLVM_VaArgOp : LLVM_Op22<"va_arg"> {
  let arguments = (ins LLVM_AnyPointer:$arg);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "$arg attr-dict `:` functional-type($arg, $res)";
}
def LLVM_BlockAddressAttr
    : DialectAttr<LLVM_Dialect, "blockaddress", "LLVM blockaddress attribute">;
def LLVM_BlockTagAttr : DialectAttr<LLVM_Dialect, "blocktag", "LLVM blocktag attribute">;
def LLVM_BlockAddressOp : LLVM_Op22<"blockaddress", [Pure, ConstantLike]> {
  let arguments = (ins LLVM_BlockAddressAttr:$block_addr);
  let results = (outs LLVM_AnyPointer:$res);
  let assemblyFormat = "$block_addr attr-dict `:` qualified(type($res))";
}
def LLVM_BlockTagOp : LLVM_Op22<"blocktag"> {
  let arguments = (ins LLVM_BlockTagAttr:$tag);
  let assemblyFormat = "$tag attr-dict";
}
def LLVM_DSOLocalEquivalentOp : LLVM_Op22<"dso_local_equivalent", [Pure, ConstantLike]> {
  let arguments = (ins FlatSymbolRefAttr:$function_name);
  let results = (outs LLVM_AnyPointer:$res);
  let assemblyFormat = "$function_name attr-dict `:` qualified(type($res))";
}

def LLVM_AliasOp : LLVM_Op22<"mlir.alias",
    [IsolatedFromAbove, SingleBlockImplicitTerminator<"llvm.return">, Symbol]> {
  let arguments = (ins TypeAttr:$alias_type,
                       StrAttr:$sym_name,
                       LLVM_LinkageAttr:$linkage,
                       UnitAttr:$dso_local,
                       UnitAttr:$thread_local_,
                       OptionalAttr<LLVM_UnnamedAddr>:$unnamed_addr,
                       DefaultValuedAttr<LLVM_Visibility, "0 : i64">:$visibility_);
  let regions = (region SizedRegion1:$initializer);
  let hasCustomAssemblyFormat = 1;
}
// The successor list is written in ir/src/asm/llvm/switch.rs (MLIR's
// `custom<IndirectBrOpSucessors>`).
def LLVM_IndirectBrOp : LLVM_TerminatorOp<"indirectbr",
    [BranchOpInterface, Pure]> {
  let mlirSince = 22;
  let arguments = (ins LLVM_AnyPointer:$addr,
                       VariadicOfVariadic<AnyType, "indbr_operand_segments">:$succOperands,
                       DenseI32ArrayAttr:$indbr_operand_segments);
  let successors = (successor VariadicSuccessor<AnySuccessor>:$successors);
  let hasCustomAssemblyFormat = 1;
}
def LLVM_IFuncOp : LLVM_Op22<"mlir.ifunc", [IsolatedFromAbove, Symbol]> {
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttr:$i_func_type,
                       FlatSymbolRefAttr:$resolver,
                       TypeAttr:$resolver_type,
                       LLVM_LinkageAttr:$linkage,
                       UnitAttr:$dso_local,
                       DefaultValuedAttr<ConfinedAttr<I32Attr, [IntNonNegative]>, "0 : i32">:$address_space,
                       DefaultValuedAttr<LLVM_UnnamedAddr, "0 : i64">:$unnamed_addr,
                       DefaultValuedAttr<LLVM_Visibility, "0 : i64">:$visibility_);
  let assemblyFormat = [{
    custom<LLVMLinkage>($linkage) ($visibility_^)? ($unnamed_addr^)?
    $sym_name `:` $i_func_type `,` $resolver_type $resolver attr-dict
  }];
}
class LLVM_UnaryIntrOpF22<string func> : LLVM_UnaryIntrOpF<func> {
  let mlirSince = 22;
}
def LLVM_ACosOp : LLVM_UnaryIntrOpF22<"acos">;
def LLVM_ASinOp : LLVM_UnaryIntrOpF22<"asin">;
def LLVM_ATanOp : LLVM_UnaryIntrOpF22<"atan">;
def LLVM_CoshOp : LLVM_UnaryIntrOpF22<"cosh">;
def LLVM_SinhOp : LLVM_UnaryIntrOpF22<"sinh">;
def LLVM_TanOp : LLVM_UnaryIntrOpF22<"tan">;
def LLVM_TanhOp : LLVM_UnaryIntrOpF22<"tanh">;
def LLVM_Exp10Op : LLVM_UnaryIntrOpF22<"exp10">;
def LLVM_ATan2Op : LLVM_BinarySameArgsIntrOpF<"atan2"> {
  let mlirSince = 22;
}
class LLVM_FloatValIntrOp22<string func> : LLVM_IntrOp22<func, [Pure]> {
  let arguments = (ins LLVM_FloatOrFloatVector:$val,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}
def LLVM_FractionExpOp : LLVM_FloatValIntrOp22<"frexp">;
def LLVM_SincosOp : LLVM_FloatValIntrOp22<"sincos">;
def LLVM_LoadExpOp : LLVM_IntrOp22<"ldexp", [Pure]> {
  let arguments = (ins LLVM_FloatOrFloatVector:$val, AnySignlessInteger:$power,
                       DefaultValuedAttr<LLVM_FastmathFlagsAttr,
                                         "#llvm.fastmath<none>">:$fastmathFlags);
  let results = (outs LLVM_Type:$res);
  let assemblyFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}
class LLVM_CmpIntrOp22<string func> : LLVM_IntrOp22<func, [Pure, SameTypeOperands]> {
  let arguments = (ins LLVM_IntOrIntVector:$a, LLVM_IntOrIntVector:$b);
  let results = (outs LLVM_IntOrIntVector:$res);
  let assemblyFormat = "`(` operands `)` attr-dict `:` functional-type(operands, results)";
}
def LLVM_SCmpOp : LLVM_CmpIntrOp22<"scmp">;
def LLVM_UCmpOp : LLVM_CmpIntrOp22<"ucmp">;
def LLVM_PtrMaskOp
    : LLVM_IntrOp22<"ptrmask", [Pure, AllTypesMatch<["ptr", "res"]>]> {
  let arguments = (ins LLVM_PtrOrPtrVector:$ptr,
                       LLVM_ScalarOrVectorOf<AnyInteger>:$mask);
  let results = (outs LLVM_PtrOrPtrVector:$res);
  let assemblyFormat = "$ptr `,` $mask attr-dict `:` functional-type(operands, results)";
}
class LLVM_InvariantGroupOp22<string func>
    : LLVM_IntrOp22<func, [SameOperandsAndResultType]> {
  let arguments = (ins LLVM_AnyPointer:$ptr);
  let results = (outs LLVM_AnyPointer:$res);
  let assemblyFormat = "$ptr attr-dict `:` qualified(type($ptr))";
}
def LLVM_LaunderInvariantGroupOp : LLVM_InvariantGroupOp22<"launder.invariant.group">;
def LLVM_StripInvariantGroupOp : LLVM_InvariantGroupOp22<"strip.invariant.group">;
def LLVM_MemsetInlineOp : LLVM_IntrOp22<"memset.inline"> {
  let arguments = (ins LLVM_AnyPointer:$dst, I8:$val, APIntAttr:$len, I1Attr:$isVolatile,
                       OptionalAttr<LLVM_AccessGroupArrayAttr>:$access_groups,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$alias_scopes,
                       OptionalAttr<LLVM_AliasScopeArrayAttr>:$noalias_scopes,
                       OptionalAttr<LLVM_TBAATagArrayAttr>:$tbaa,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
}
class LLVM_VPBinaryI22<string mnem> : LLVM_VPBinaryI<mnem> {
  let mlirSince = 22;
}
def LLVM_VPSMaxOp : LLVM_VPBinaryI22<"smax">;
def LLVM_VPSMinOp : LLVM_VPBinaryI22<"smin">;
def LLVM_VPUMaxOp : LLVM_VPBinaryI22<"umax">;
def LLVM_VPUMinOp : LLVM_VPBinaryI22<"umin">;

#endif // IRKIT_LLVM_TD
