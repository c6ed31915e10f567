//===- SCF.td - the scf dialect (subset) -------------------*- tablegen -*-===//
// Operands, results and regions as MLIR 19's scf dialect; the custom
// syntax of scf.for and scf.if is written in Rust (ir/src/asm/custom.rs).

include "OpBase.td"

def SCF_Dialect : Dialect {
  let name = "scf";
  // until every scf op of MLIR 19 is defined here.
  let allowUnknownOperations = 1;
  let summary = "Structured control flow";
}

class SCF_Op<string mnemonic, list<Trait> traits = []>
    : Op<SCF_Dialect, mnemonic, traits>;

// Ops whose regions forward values (iter-args, yields, results).
class SCF_RegionBranchOp<string mnemonic, list<Trait> traits = []>
    : SCF_Op<mnemonic, traits> {
  let append traits = [RegionBranchOpInterface];
}

def SCF_ForOp : SCF_RegionBranchOp<"for", [SingleBlockImplicitTerminator<"scf.yield">]> {
  let summary = "for operation";
  let arguments = (ins AnySignlessIntegerOrIndex:$lowerBound,
                       AnySignlessIntegerOrIndex:$upperBound,
                       AnySignlessIntegerOrIndex:$step,
                       Variadic<AnyType>:$initArgs);
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

def SCF_WhileOp : SCF_RegionBranchOp<"while"> {
  let summary = "a generic 'while' loop";
  let arguments = (ins Variadic<AnyType>:$inits);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion1:$before, SizedRegion1:$after);
  let hasCustomAssemblyFormat = 1;
}

def SCF_ExecuteRegionOp : SCF_RegionBranchOp<"execute_region"> {
  let summary = "operation that executes its region exactly once";
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
