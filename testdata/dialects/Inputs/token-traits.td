// A user's dialect whose ops make and take tokens: `tok.acquire` and
// `tok.release` opt in with ProducesToken/ConsumesToken, `tok.forget` and
// `tok.scope` admit tokens in their constraints but do not opt in.

include "OpBase.td"

def Tok_Dialect : Dialect {
  let name = "tok";
}

class Tok_Op<string mnemonic, list<Trait> traits = []> : Op<Tok_Dialect, mnemonic, traits>;

def Tok_AcquireOp : Tok_Op<"acquire", [ProducesToken]> {
  let results = (outs Token:$token);
}

def Tok_ReleaseOp : Tok_Op<"release", [ConsumesToken]> {
  let arguments = (ins Variadic<Token>:$tokens);
}

def Tok_ForgetOp : Tok_Op<"forget"> {
  let arguments = (ins Variadic<AnyTypeOrToken>:$values);
  let results = (outs Variadic<AnyTypeOrToken>:$results);
}

def Tok_ScopeOp : Tok_Op<"scope"> {
  let regions = (region AnyRegion:$body);
}

def Tok_EndOp : Tok_Op<"end", [Terminator, ConsumesToken]> {
  let arguments = (ins Variadic<AnyTypeOrToken>:$values);
}
