//===- MemRef.td - the memref dialect (subset) -------------*- tablegen -*-===//
// Operands, results, properties and custom syntax as MLIR 19's memref
// dialect, for the ops defined here (checked with `mlir-opt-19` and
// `cargo xtask ir-compat --mlir-tests`); their own C++ verifiers are in
// ir/src/verify/memref.rs.

include "OpBase.td"

def MemRef_Dialect : Dialect {
  let name = "memref";
  let summary = "The memref dialect";
}

class MemRef_Op<string mnemonic, list<Trait> traits = []>
    : Op<MemRef_Dialect, mnemonic, traits>;

def AnyNon0RankedOrUnrankedMemRef
    : TypeConstraint<"non0_ranked_or_unranked_memref",
                     "unranked.memref of any type values or non-0-ranked.memref of any type values">;

// MLIR 22 accepts only power-of-two alignments (`IntValidAlignment`), on
// load and store too.
defvar MemRef_Alignment = ConfinedAttr<OptionalAttr<I64Attr>, [IntMinValue<0>]>;
defvar MemRef_Alignment22 = OptionalAttr<IntValidAlignment<I64Attr>>;

class MemRef_AllocLikeOp<string mnemonic> : MemRef_Op<mnemonic, [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<Index>:$dynamicSizes,
                       Variadic<Index>:$symbolOperands,
                       MemRef_Alignment:$alignment);
  let arguments22 = (ins Variadic<Index>:$dynamicSizes,
                         Variadic<Index>:$symbolOperands,
                         MemRef_Alignment22:$alignment);
  let results = (outs AnyMemRef:$memref);
  let assemblyFormat = [{
    `(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)
  }];
}

def MemRef_AllocOp : MemRef_AllocLikeOp<"alloc"> { let summary = "memory allocation operation"; }
def MemRef_AllocaOp : MemRef_AllocLikeOp<"alloca"> { let summary = "stack memory allocation operation"; }

def MemRef_DeallocOp : MemRef_Op<"dealloc"> {
  let summary = "memory deallocation operation";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$memref);
  let assemblyFormat = "$memref attr-dict `:` type($memref)";
}

def MemRef_LoadOp : MemRef_Op<"load",
    [ElementTypeOf<"memref", "result", "result type matches element type of 'memref'">]> {
  let summary = "load operation";
  let arguments = (ins AnyMemRef:$memref, Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal);
  let arguments22 = !con(arguments, (ins MemRef_Alignment22:$alignment));
  let results = (outs AnyType:$result);
  let assemblyFormat = "$memref `[` $indices `]` attr-dict `:` type($memref)";
}

def MemRef_StoreOp : MemRef_Op<"store",
    [ElementTypeOf<"memref", "value", "type of 'value' matches element type of 'memref'">]> {
  let summary = "store operation";
  let arguments = (ins AnyType:$value, AnyMemRef:$memref, Variadic<Index>:$indices,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$nontemporal);
  let arguments22 = !con(arguments, (ins MemRef_Alignment22:$alignment));
  let assemblyFormat = [{
    $value `,` $memref `[` $indices `]` attr-dict `:` type($memref)
  }];
}

def MemRef_DimOp : MemRef_Op<"dim"> {
  let summary = "dimension index operation";
  let arguments = (ins AnyNon0RankedOrUnrankedMemRef:$source, Index:$index);
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict $source `,` $index `:` type($source)";
}

def MemRef_RankOp : MemRef_Op<"rank", [Pure]> {
  let summary = "rank operation";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$memref);
  let results = (outs Index);
  let assemblyFormat = "$memref attr-dict `:` type($memref)";
}

def MemRef_CastOp : MemRef_Op<"cast", [Pure]> {
  let summary = "memref cast operation";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source);
  let results = (outs AnyRankedOrUnrankedMemRef:$dest);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($dest)";
}

def MemRef_MemorySpaceCastOp : MemRef_Op<"memory_space_cast", [Pure]> {
  let summary = "memref memory space cast operation";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source);
  let results = (outs AnyRankedOrUnrankedMemRef:$dest);
  let assemblyFormat = "$source attr-dict `:` type($source) `to` type($dest)";
}

def MemRef_CopyOp : MemRef_Op<"copy"> {
  let summary = "copies the data from the source to the destination memref";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source,
                       AnyRankedOrUnrankedMemRef:$target);
  let assemblyFormat = [{
    $source `,` $target attr-dict `:` type($source) `to` type($target)
  }];
}

def MemRef_GetGlobalOp : MemRef_Op<"get_global", [Pure]> {
  let summary = "get the memref pointing to a global variable";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs AnyStaticShapeMemRef:$result);
  let assemblyFormat = "$name `:` type($result) attr-dict";
}

def MemRef_ReallocOp : MemRef_Op<"realloc"> {
  let summary = "memory reallocation operation";
  let arguments = (ins MemRefRankOf<AnyType, 1>:$source, Optional<Index>:$dynamicResultSize,
                       MemRef_Alignment:$alignment);
  let arguments22 = (ins MemRefRankOf<AnyType, 1>:$source, Optional<Index>:$dynamicResultSize,
                         MemRef_Alignment22:$alignment);
  let results = (outs MemRefRankOf<AnyType, 1>);
  let assemblyFormat = [{
    $source (`(` $dynamicResultSize^ `)`)? attr-dict
    `:` type($source) `to` type(results)
  }];
}

def MemRef_ExtractAlignedPointerAsIndexOp
    : MemRef_Op<"extract_aligned_pointer_as_index", [Pure]> {
  let summary = "Extracts a memref's underlying aligned pointer as an index";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source);
  let results = (outs Index:$aligned_pointer);
  let assemblyFormat = "$source `:` type($source) `->` type(results) attr-dict";
}

def MemRef_AtomicRMWKindAttr : I64EnumAttr<
    ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14"],
    "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14",
    ["addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu",
     "mulf", "muli", "ori", "andi", "maxnumf", "minnumf"]>;

// MLIR 22 renumbered the kinds (alphabetical) and added `xori`.
def MemRef_AtomicRMWKindAttr22 : I64EnumAttr<
    ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15"],
    "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15",
    ["addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf",
     "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori"]>;

def MemRef_AtomicRMWOp : MemRef_Op<"atomic_rmw",
    [AllTypesMatch<["value", "result"]>,
     ElementTypeOf<"memref", "value", "value type matches element type of memref">]> {
  let summary = "atomic read-modify-write operation";
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, AnyFloat], "signless integer or floating-point">:$value,
                       AnyMemRef:$memref, Variadic<Index>:$indices,
                       MemRef_AtomicRMWKindAttr:$kind);
  let arguments22 = (ins AnyTypeOf<[AnySignlessInteger, AnyFloat], "signless integer or floating-point">:$value,
                         AnyMemRef:$memref, Variadic<Index>:$indices,
                         MemRef_AtomicRMWKindAttr22:$kind);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat], "signless integer or floating-point">:$result);
  let assemblyFormat = [{
    $kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,`
    type($memref) `)` `->` type($result)
  }];
}

def AnyStridedMemRef : TypeConstraint<"strided_memref", "strided memref of any type values">;
class AnyStridedMemRefOfRank<int rank>
    : TypeConstraint<"strided_memref_rank", AnyStridedMemRef.summary # " of rank " # rank, ["" # rank]>;

def IndexListArrayAttr : Attr<"i64_array_array", "Array of 64-bit integer array attributes">;

def MemRef_SubViewOp : MemRef_Op<"subview", [AttrSizedOperandSegments, Pure]> {
  let summary = "memref subview operation";
  let arguments = (ins AnyMemRef:$source,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyMemRef:$result);
  let assemblyFormat = [{
    $source ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
}

def MemRef_ReinterpretCastOp
    : MemRef_Op<"reinterpret_cast", [AttrSizedOperandSegments, Pure]> {
  let summary = "memref reinterpret cast operation";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source,
                       Variadic<Index>:$offsets,
                       Variadic<Index>:$sizes,
                       Variadic<Index>:$strides,
                       DenseI64ArrayAttr:$static_offsets,
                       DenseI64ArrayAttr:$static_sizes,
                       DenseI64ArrayAttr:$static_strides);
  let results = (outs AnyMemRef:$result);
  let results22 = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $source `to` `offset` `` `:`
    custom<DynamicIndexList>($offsets, $static_offsets)
    `` `,` `sizes` `` `:`
    custom<DynamicIndexList>($sizes, $static_sizes)
    `` `,` `strides` `` `:`
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `to` type($result)
  }];
}

def MemRef_ViewOp : MemRef_Op<"view", [Pure]> {
  let summary = "memref view operation";
  let arguments = (ins MemRefRankOf<I8, 1>:$source, Index:$byte_shift, Variadic<Index>:$sizes);
  let results = (outs AnyMemRef);
  let assemblyFormat = [{
    $source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict
    `:` type($source) `to` type(results)
  }];
}

def MemRef_ReshapeOp : MemRef_Op<"reshape", [Pure]> {
  let summary = "memref reshape operation";
  let arguments = (ins AnyRankedOrUnrankedMemRef:$source, AnyMemRef:$shape);
  let results = (outs AnyRankedOrUnrankedMemRef:$result);
  let assemblyFormat = [{
    $source `(` $shape `)` attr-dict `:` functional-type(operands, results)
  }];
}


def MemRef_ExpandShapeOp : MemRef_Op<"expand_shape", [Pure]> {
  let summary = "operation to produce a memref with a higher rank.";
  let arguments = (ins AnyStridedMemRef:$src, IndexListArrayAttr:$reassociation,
                       Variadic<Index>:$output_shape,
                       DenseI64ArrayAttr:$static_output_shape);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $src $reassociation `output_shape`
    custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:`
    type($src) `into` type($result)
  }];
}

def MemRef_CollapseShapeOp : MemRef_Op<"collapse_shape", [Pure]> {
  let summary = "operation to produce a memref with a smaller rank.";
  let arguments = (ins AnyStridedMemRef:$src, IndexListArrayAttr:$reassociation);
  let results = (outs AnyStridedMemRef:$result);
  let assemblyFormat = [{
    $src $reassociation attr-dict `:` type($src) `into` type($result)
  }];
}

// Its results share the rest of the values equally (MLIR's
// `SameVariadicResultSize`, which the engine applies to any op with several
// variadic results).
def MemRef_ExtractStridedMetadataOp : MemRef_Op<"extract_strided_metadata", [Pure]> {
  let summary = "Extracts a buffer base with offset and strides";
  let arguments = (ins AnyStridedMemRef:$source);
  let results = (outs AnyStridedMemRefOfRank<0>:$base_buffer, Index:$offset,
                      Variadic<Index>:$sizes, Variadic<Index>:$strides);
  let assemblyFormat = [{
    $source `:` type($source) `->` type(results) attr-dict
  }];
}

def MemRefTypeAttr : Attr<"memref_type", "memref type attribute">;

def MemRef_GlobalOp : MemRef_Op<"global", [Symbol]> {
  let summary = "declare or define a global memref variable";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       MemRefTypeAttr:$type,
                       OptionalAttr<AnyAttr>:$initial_value,
                       UnitAttr:$constant,
                       OptionalAttr<I64Attr>:$alignment);
  let arguments22 = (ins SymbolNameAttr:$sym_name,
                         OptionalAttr<StrAttr>:$sym_visibility,
                         MemRefTypeAttr:$type,
                         OptionalAttr<AnyAttr>:$initial_value,
                         UnitAttr:$constant,
                         MemRef_Alignment22:$alignment);
  let assemblyFormat = [{
       ($sym_visibility^)?
       (`constant` $constant^)?
       $sym_name `:`
       custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value)
       attr-dict
  }];
}

def MemRef_AssumeAlignmentOp : MemRef_Op<"assume_alignment"> {
  let summary = "assertion that gives alignment information to the input memref";
  let arguments = (ins AnyMemRef:$memref, ConfinedAttr<I32Attr, [IntPositive]>:$alignment);
  let assemblyFormat = "$memref `,` $alignment attr-dict `:` type($memref)";
  // MLIR 22 returns the memref (a view of it).
  let results22 = (outs AnyMemRef:$result);
  let traits22 = [Pure, SameOperandsAndResultType];
}

def MemRef_DistinctObjectsOp : MemRef_Op<"distinct_objects", [Pure, InferResultsFromOperands]> {
  let mlirSince = 22;
  let summary = "assumption that acesses to specific memrefs will never alias";
  let arguments = (ins Variadic<AnyMemRef>:$operands);
  let results = (outs Variadic<AnyMemRef>:$results);
  let assemblyFormat = "$operands attr-dict `:` type($operands)";
}

def MemRef_AllocaScopeOp : MemRef_Op<"alloca_scope",
    [AutomaticAllocationScope, RegionBranchOpInterface, SingleBlockImplicitTerminator<"memref.alloca_scope.return">,
     NoRegionArguments]> {
  let summary = "explicitly delimited scope for stack allocation";
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion1:$bodyRegion);
  let hasCustomAssemblyFormat = 1;
}

def MemRef_AllocaScopeReturnOp : MemRef_Op<"alloca_scope.return",
    [HasParent<"memref.alloca_scope">, Pure, ReturnLike, Terminator]> {
  let summary = "terminator for alloca_scope operation";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

def MemRef_TransposeOp : MemRef_Op<"transpose", [Pure]> {
  let summary = "`transpose` produces a new strided memref (metadata-only)";
  let arguments = (ins AnyStridedMemRef:$in, AffineMapAttr:$permutation);
  let results = (outs AnyStridedMemRef);
  let hasCustomAssemblyFormat = 1;
}

// The operands are read by position (source, its indices, destination, its
// indices, the element count, tag, its indices, and an optional stride
// pair), as MLIR's `DmaStartOp` does.
def MemRef_DmaStartOp : MemRef_Op<"dma_start"> {
  let summary = "non-blocking DMA operation that starts a transfer";
  let arguments = (ins Variadic<AnyType>:$operands);
  let hasCustomAssemblyFormat = 1;
}

def MemRef_DmaWaitOp : MemRef_Op<"dma_wait"> {
  let summary = "blocking DMA operation that waits for transfer completion";
  let arguments = (ins AnyMemRef:$tagMemRef, Variadic<Index>:$tagIndices, Index:$numElements);
  let assemblyFormat = [{
    $tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)
  }];
}

def MemRef_PrefetchOp : MemRef_Op<"prefetch"> {
  let summary = "prefetch operation";
  let arguments = (ins AnyMemRef:$memref, Variadic<Index>:$indices,
                       BoolAttr:$isWrite,
                       ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>:$localityHint,
                       BoolAttr:$isDataCache);
  let hasCustomAssemblyFormat = 1;
}

def MemRef_GenericAtomicRMWOp : MemRef_Op<"generic_atomic_rmw", [
    SingleBlockImplicitTerminator<"memref.atomic_yield">,
    ElementTypeOf<"memref", "result", "result type matches element type of memref">]> {
  let summary = "atomic read-modify-write operation with a region";
  let arguments = (ins MemRefOf<AnyTypeOf<[AnySignlessInteger, AnyFloat], "signless integer or floating-point">>:$memref,
                       Variadic<Index>:$indices);
  let results = (outs AnyTypeOf<[AnySignlessInteger, AnyFloat], "signless integer or floating-point">:$result);
  let regions = (region AnyRegion:$atomic_body);
  let hasCustomAssemblyFormat = 1;
}

def MemRef_AtomicYieldOp : MemRef_Op<"atomic_yield",
    [HasParent<"memref.generic_atomic_rmw">, Pure, Terminator]> {
  let summary = "yield operation for GenericAtomicRMWOp";
  let arguments = (ins AnyType:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}
