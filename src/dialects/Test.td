//===- Test.td - ops that make and consume tokens ----------*- tablegen -*-===//
// For the token contract's tests (shared/spec/token-type.txt).

include "OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let summary = "Ops for testing the token contract";
}

class Test_Op<string mnemonic, list<Trait> traits = []>
    : Op<Test_Dialect, mnemonic, traits>;

def Test_MakeTokenOp : Test_Op<"make_token"> {
  let summary = "Produces a token that points at this op";
  let results = (outs Token:$token);
}

def Test_UseTokenOp : Test_Op<"use_token"> {
  let summary = "Consumes tokens (a new use of a token is always legal)";
  let arguments = (ins Variadic<Token>:$tokens);
}

def Test_RegionTokenOp : Test_Op<"region_token", [SingleBlock]> {
  let summary = "A region whose entry block argument is a token for the region";
  let regions = (region SizedRegion1:$body);
}

def Test_AnyOperandOp : Test_Op<"any_operand"> {
  let summary = "Takes one value of any type; `token` is rejected by AnyType";
  let arguments = (ins AnyType:$value);
}

def Test_TerminatorOp : Test_Op<"terminator", [Terminator]> {
  let summary = "A terminator with no semantics";
  let arguments = (ins Variadic<AnyTypeOrToken>:$operands);
}
