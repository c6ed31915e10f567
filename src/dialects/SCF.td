//===- SCF.td - the scf dialect (subset) -------------------*- tablegen -*-===//
// Every op of MLIR 19's scf dialect; the custom
// syntax of scf.for and scf.if is written in Rust (ir/src/asm/custom.rs).

include "OpBase.td"

def SCF_Dialect : Dialect {
  let name = "scf";
  let summary = "Structured control flow";
}

class SCF_Op<string mnemonic, list<Trait> traits = []>
    : Op<SCF_Dialect, mnemonic, traits>;

// Ops whose regions forward values (iter-args, yields, results).
class SCF_RegionBranchOp<string mnemonic, list<Trait> traits = []>
    : SCF_Op<mnemonic, traits> {
  let append traits = [RegionBranchOpInterface];
}

def SCF_ForOp : SCF_RegionBranchOp<"for",
    [AutomaticAllocationScope, AllTypesMatch<["lowerBound", "upperBound", "step"]>,
     SingleBlockImplicitTerminator<"scf.yield">]> {
  let summary = "for operation";
  let arguments = (ins AnySignlessIntegerOrIndex:$lowerBound,
                       AnySignlessIntegerOrIndex:$upperBound,
                       AnySignlessIntegerOrIndex:$step,
                       Variadic<AnyType>:$initArgs);
  // MLIR 22: `scf.for unsigned` compares the bounds unsigned.
  let arguments22 = (ins AnySignlessIntegerOrIndex:$lowerBound,
                         AnySignlessIntegerOrIndex:$upperBound,
                         AnySignlessIntegerOrIndex:$step,
                         Variadic<AnyType>:$initArgs,
                         UnitAttr:$unsignedCmp);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion1:$region);
  let hasCustomAssemblyFormat = 1;
}

def SCF_IfOp : SCF_RegionBranchOp<"if",
    [SingleBlockImplicitTerminator<"scf.yield">, NoRegionArguments]> {
  let summary = "if-then-else operation";
  let arguments = (ins I1:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion1:$thenRegion, MaxSizedRegion1:$elseRegion);
  let hasCustomAssemblyFormat = 1;
}

def SCF_WhileOp : SCF_RegionBranchOp<"while", [SingleBlock]> {
  let summary = "a generic 'while' loop";
  let arguments = (ins Variadic<AnyType>:$inits);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion1:$before, SizedRegion1:$after);
  let hasCustomAssemblyFormat = 1;
}

def SCF_ExecuteRegionOp : SCF_RegionBranchOp<"execute_region"> {
  let summary = "operation that executes its region exactly once";
  let arguments22 = (ins UnitAttr:$no_inline);
  let results = (outs Variadic<AnyType>);
  let regions = (region AnyRegion:$region);
  let hasCustomAssemblyFormat = 1;
}

class SCF_TerminatorOp<string mnemonic, list<Trait> traits = []>
    : SCF_Op<mnemonic, traits> {
  let append traits = [Pure, Terminator, RegionBranchTerminatorOpInterface];
}

def SCF_YieldOp : SCF_TerminatorOp<"yield",
    [ReturnLike, ParentOneOf<["scf.execute_region", "scf.for", "scf.if",
                              "scf.index_switch", "scf.while"]>]> {
  let summary = "loop yield and termination operation";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

def SCF_ConditionOp : SCF_TerminatorOp<"condition", [HasParent<"scf.while">]> {
  let summary = "loop continuation condition";
  let arguments = (ins I1:$condition, Variadic<AnyType>:$args);
  let assemblyFormat = "`(` $condition `)` attr-dict ($args^ `:` type($args))?";
}

def SCF_ParallelOp : SCF_RegionBranchOp<"parallel",
    [AutomaticAllocationScope, AttrSizedOperandSegments, SingleBlockImplicitTerminator<"scf.reduce">]> {
  let summary = "parallel for operation";
  let arguments = (ins Variadic<Index>:$lowerBound,
                       Variadic<Index>:$upperBound,
                       Variadic<Index>:$step,
                       Variadic<AnyType>:$initVals);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion1:$region);
  let hasCustomAssemblyFormat = 1;
}

def SCF_ReduceOp : SCF_Op<"reduce",
    [Terminator, HasParent<"scf.parallel">, RegionBranchTerminatorOpInterface]> {
  let summary = "reduce operation for scf.parallel";
  let arguments = (ins Variadic<AnyType>:$operands);
  let regions = (region VariadicRegion<SizedRegion1>:$reductions);
  let assemblyFormat = [{
    (`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict
  }];
}

def SCF_ReduceReturnOp : SCF_Op<"reduce.return",
    [HasParent<"scf.reduce">, Pure, Terminator]> {
  let summary = "terminator for reduce operation";
  let arguments = (ins AnyType:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

// Known gap: tensors are not told apart here (any type is accepted).
def AnyRankedTensor : TypeConstraint<"any", "ranked tensor of any type values">;

def SCF_ForallOp : SCF_RegionBranchOp<"forall",
    [AttrSizedOperandSegments, AutomaticAllocationScope, SingleBlockImplicitTerminator<"scf.forall.in_parallel">]> {
  let summary = "evaluate a block multiple times in parallel";
  let arguments = (ins Variadic<Index>:$dynamicLowerBound,
                       Variadic<Index>:$dynamicUpperBound,
                       Variadic<Index>:$dynamicStep,
                       DenseI64ArrayAttr:$staticLowerBound,
                       DenseI64ArrayAttr:$staticUpperBound,
                       DenseI64ArrayAttr:$staticStep,
                       Variadic<AnyRankedTensor>:$outputs,
                       OptionalAttr<ArrayAttr>:$mapping);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion1:$region);
  let hasCustomAssemblyFormat = 1;
}

def SCF_InParallelOp : SCF_Op<"forall.in_parallel",
    [Pure, Terminator, HasParent<"scf.forall">, NoTerminator, SingleBlock]> {
  let summary = "terminates a `forall` block";
  let regions = (region SizedRegion1:$region);
  let hasCustomAssemblyFormat = 1;
}

def SCF_IndexSwitchOp : SCF_RegionBranchOp<"index_switch",
    [SingleBlockImplicitTerminator<"scf.yield">]> {
  let summary = "switch-case operation on an index argument";
  let arguments = (ins Index:$arg, DenseI64ArrayAttr:$cases);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion1:$defaultRegion,
                        VariadicRegion<SizedRegion1>:$caseRegions);
  let assemblyFormat = [{
    $arg attr-dict (`->` type($results)^)?
    custom<SwitchCases>($cases, $caseRegions) `\n`
    `` `default` $defaultRegion
  }];
}
