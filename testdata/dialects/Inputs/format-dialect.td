// A user dialect whose ops declare custom syntax (see format-roundtrip.mlir).
include "OpBase.td"

def Fmt_Dialect : Dialect {
  let name = "fmt";
}

// The format of MLIR's `arith.addi` with a unit flag in place of the
// overflow flags.
def Fmt_AddOp : Op<Fmt_Dialect, "add", [SameOperandsAndResultType]> {
  let arguments = (ins AnyInteger:$lhs, AnyInteger:$rhs, OptionalAttr<UnitAttr>:$exact);
  let results = (outs AnyInteger:$res);
  let assemblyFormat = "$lhs `,` $rhs (`exact` $exact^)? attr-dict `:` type($res)";
}

// A symbol name, an enum keyword, an optional operand list with its types,
// and a region with its own default dialect.
def Fmt_ScopeOp : Op<Fmt_Dialect, "scope", [IsolatedFromAbove, NoTerminator, SingleBlock]> {
  let arguments = (ins SymbolNameAttr:$sym_name,
                       I64EnumAttr<["0", "1"], "mode", ["fast", "slow"]>:$mode,
                       Variadic<AnyType>:$inputs);
  let regions = (region SizedRegion1:$body);
  let assemblyFormat = [{
    $sym_name $mode (`(` $inputs^ `:` type($inputs) `)`)? attr-dict-with-keyword $body
  }];
  let defaultDialect = "fmt";
}
