// A user's dialect, not compiled into irkit: `irkit verify --dialect` loads
// it at run time and enforces it with the same engine as the built-in
// dialects (../user-dialect.mlir is its test).

include "OpBase.td"

def My_Dialect : Dialect {
  let name = "my";
  let summary = "A user dialect with its own call, branch and select ops";
}

def My_HandleType : DialectType<My_Dialect, "handle", "my handle type">;

class My_Op<string mnemonic, list<Trait> traits = []> : Op<My_Dialect, mnemonic, traits>;

def My_OpenOp : My_Op<"open", [ProducesToken]> {
  let summary = "Opens a handle; the result token points at this op";
  let arguments = (ins StrAttr:$path);
  let results = (outs My_HandleType:$handle, Token:$opened);
}

def My_CloseOp : My_Op<"close", [ConsumesToken]> {
  let summary = "Closes a handle opened by the op its token points at";
  let arguments = (ins My_HandleType:$handle, Token:$opened);
}

// A call whose operand constraint admits tokens: the token contract
// (CallOpInterface) still rejects them.
def My_InvokeOp : My_Op<"invoke", [CallOpInterface, ProducesToken, ConsumesToken]> {
  let summary = "Calls a function";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyTypeOrToken>:$args);
  let results = (outs Variadic<AnyTypeOrToken>:$results);
}

def My_PickOp : My_Op<"pick", [SelectLikeOpInterface, ProducesToken, ConsumesToken]> {
  let summary = "Picks one of two values";
  let arguments = (ins I1:$cond, AnyTypeOrToken:$a, AnyTypeOrToken:$b);
  let results = (outs AnyTypeOrToken:$res);
}

def My_DoneOp : My_Op<"done", [Terminator]> {
  let summary = "Ends a block";
}
