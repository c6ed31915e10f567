//===- Builtin.td - the builtin dialect --------------------*- tablegen -*-===//
// Matches MLIR 19's `builtin.module` and `builtin.unrealized_conversion_cast`.

include "OpBase.td"

def Builtin_Dialect : Dialect {
  let name = "builtin";
  let summary = "The builtin dialect: modules and casts every dialect may use";
}

def Builtin_ModuleOp : Op<Builtin_Dialect, "module",
    [IsolatedFromAbove, NoRegionArguments, SymbolTable, Symbol, NoTerminator,
     SingleBlock, GraphRegion]> {
  let summary = "A top level container operation";
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let regions = (region SizedRegion1:$bodyRegion);
  let assemblyFormat = "($sym_name^)? attr-dict-with-keyword $bodyRegion";
  let defaultDialect = "builtin";
}

def Builtin_UnrealizedConversionCastOp : Op<Builtin_Dialect, "unrealized_conversion_cast", [Pure]> {
  let summary = "An unrealized conversion from one set of types to another";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict";
}
