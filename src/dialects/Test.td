//===- Test.td - ops that make and consume tokens ----------*- tablegen -*-===//
// For the token contract's tests (shared/spec/token-type.txt).
//
// Besides ops that make and consume tokens, the `test` dialect has one op
// per forwarding interface whose operands/results accept tokens
// (`AnyTypeOrToken`), the way a user's dialect might declare them: with
// them the token contract's own checks fire, not the `AnyType` constraint.
// Every op here that may make or take a token opts in with `ProducesToken` /
// `ConsumesToken`, as MLIR requires; the forwarding ops do too, so that what
// rejects their tokens is the forwarding rule itself.

include "OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  // irkit's test dialect is not MLIR's: other ops named test.* stay unregistered ops.
  let allowUnknownOperations = 1;
  let summary = "Ops for testing the token contract";
}

class Test_Op<string mnemonic, list<Trait> traits = []>
    : Op<Test_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Token producers and consumers
//===----------------------------------------------------------------------===//

def Test_MakeTokenOp : Test_Op<"make_token", [ProducesToken]> {
  let summary = "Produces a token that points at this op";
  let results = (outs Token:$token);
}

def Test_UseTokenOp : Test_Op<"use_token", [ConsumesToken]> {
  let summary = "Consumes tokens (a new use of a token is always legal)";
  let arguments = (ins Variadic<Token>:$tokens);
}

def Test_RegionTokenOp : Test_Op<"region_token", [SingleBlock, ProducesToken]> {
  let summary = "A region whose entry block argument is a token for the region";
  let regions = (region SizedRegion1:$body);
}

def Test_AnyOperandOp : Test_Op<"any_operand", [ConsumesToken]> {
  let summary = "Takes one value of any type; `token` is rejected by AnyType";
  let arguments = (ins AnyType:$value);
}

def Test_NoTokenTraitsOp : Test_Op<"no_token_traits"> {
  let summary = "Admits tokens in its constraints but does not opt in to them";
  let arguments = (ins Variadic<AnyTypeOrToken>:$operands);
  let results = (outs Variadic<AnyTypeOrToken>:$results);
  let regions = (region VariadicRegion<AnyRegion>:$bodies);
}

def Test_TerminatorOp : Test_Op<"terminator", [Terminator, ConsumesToken]> {
  let summary = "A terminator with no semantics";
  let arguments = (ins Variadic<AnyTypeOrToken>:$operands);
}

//===----------------------------------------------------------------------===//
// Forwarding ops whose constraints admit tokens
//===----------------------------------------------------------------------===//

def Test_FuncOp : Test_Op<"func", [IsolatedFromAbove, Symbol, FunctionOpInterface]> {
  let summary = "A function whose type may name any type";
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$function_type);
  let regions = (region AnyRegion:$body);
}

def Test_ReturnOp : Test_Op<"return", [Terminator, ReturnLike, ConsumesToken]> {
  let summary = "Returns any values, tokens included";
  let arguments = (ins Variadic<AnyTypeOrToken>:$operands);
}

def Test_CallOp : Test_Op<"call", [CallOpInterface, ProducesToken, ConsumesToken]> {
  let summary = "A call whose operands and results may be tokens";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyTypeOrToken>:$args);
  let results = (outs Variadic<AnyTypeOrToken>:$results);
}

def Test_BranchOp : Test_Op<"br", [Terminator, BranchOpInterface, ConsumesToken]> {
  let summary = "A branch whose successor operands may be tokens";
  let arguments = (ins Variadic<AnyTypeOrToken>:$destOperands);
  let successors = (successor AnySuccessor:$dest);
}

def Test_CondBranchOp : Test_Op<"cond_br",
    [AttrSizedOperandSegments, Terminator, BranchOpInterface, ConsumesToken]> {
  let summary = "A conditional branch whose successor operands may be tokens";
  let arguments = (ins I1:$condition,
                       Variadic<AnyTypeOrToken>:$trueDestOperands,
                       Variadic<AnyTypeOrToken>:$falseDestOperands);
  let successors = (successor AnySuccessor:$trueDest, AnySuccessor:$falseDest);
}

def Test_RegionBranchOp : Test_Op<"region_branch",
    [RegionBranchOpInterface, ProducesToken, ConsumesToken]> {
  let summary = "Forwards `inits` into its region and yielded values out of it";
  // `subject` is not forwarded (a single operand); `inits` are.
  let arguments = (ins AnyTypeOrToken:$subject, Variadic<AnyTypeOrToken>:$inits);
  let results = (outs Variadic<AnyTypeOrToken>:$results);
  let regions = (region AnyRegion:$body);
}

def Test_YieldOp : Test_Op<"yield",
    [Terminator, ReturnLike, RegionBranchTerminatorOpInterface, ConsumesToken]> {
  let summary = "Yields any values, tokens included";
  let arguments = (ins Variadic<AnyTypeOrToken>:$operands);
}

def Test_SelectOp : Test_Op<"select", [SelectLikeOpInterface, ProducesToken, ConsumesToken]> {
  let summary = "A select whose operands and result may be tokens";
  let arguments = (ins I1:$condition, AnyTypeOrToken:$true_value, AnyTypeOrToken:$false_value);
  let results = (outs AnyTypeOrToken:$result);
}
