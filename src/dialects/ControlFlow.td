//===- ControlFlow.td - the cf dialect ---------------------*- tablegen -*-===//
// Operands, properties and successors as MLIR 19's cf dialect.

include "OpBase.td"

def CF_Dialect : Dialect {
  let name = "cf";
  let summary = "Unstructured control flow";
}

// Every cf op here is a branching terminator; the base class accumulates
// the traits with `let append`.
class CF_BranchOp<string mnemonic, list<Trait> traits = []>
    : Op<CF_Dialect, mnemonic, traits> {
  let append traits = [Terminator, BranchOpInterface, Pure];
}

def CF_BranchOp_ : CF_BranchOp<"br"> {
  let summary = "branch operation";
  let arguments = (ins Variadic<AnyType>:$destOperands);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = [{
    $dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict
  }];
}

def CF_CondBranchOp : CF_BranchOp<"cond_br", [AttrSizedOperandSegments]> {
  let summary = "conditional branch operation";
  let arguments = (ins I1:$condition,
                       Variadic<AnyType>:$trueDestOperands,
                       Variadic<AnyType>:$falseDestOperands);
  let successors = (successor AnySuccessor:$trueDest, AnySuccessor:$falseDest);
  let assemblyFormat = [{
    $condition `,`
    $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
    $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
    attr-dict
  }];
  // MLIR 22: branch weights.
  let traits22 = [AttrSizedOperandSegments, Terminator, BranchOpInterface,
                  WeightedBranchOpInterface, Pure];
  let arguments22 = (ins I1:$condition,
                         Variadic<AnyType>:$trueDestOperands,
                         Variadic<AnyType>:$falseDestOperands,
                         OptionalAttr<DenseI32ArrayAttr>:$branch_weights);
  let assemblyFormat22 = [{
    $condition (`weights` `(` $branch_weights^ `)` )? `,`
    $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
    $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
    attr-dict
  }];
}

def CF_AssertOp : Op<CF_Dialect, "assert"> {
  let summary = "Assert operation with message attribute";
  let arguments = (ins I1:$arg, StrAttr:$msg);
  let assemblyFormat = "$arg `,` $msg attr-dict";
}

// Its case operands are split by `case_operand_segments` (MLIR's
// VariadicOfVariadic); a hand-written syntax (MLIR's
// `custom<SwitchOpCases>` of the cf dialect).
def CF_SwitchOp : CF_BranchOp<"switch", [AttrSizedOperandSegments]> {
  let summary = "switch operation";
  let arguments = (ins AnyInteger:$flag,
                       Variadic<AnyType>:$defaultOperands,
                       VariadicOfVariadic<AnyType, "case_operand_segments">:$caseOperands,
                       OptionalAttr<AnyAttr>:$case_values,
                       DenseI32ArrayAttr:$case_operand_segments);
  let successors = (successor AnySuccessor:$defaultDestination,
                              VariadicSuccessor<AnySuccessor>:$caseDestinations);
  let hasCustomAssemblyFormat = 1;
}
