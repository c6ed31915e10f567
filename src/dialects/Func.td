//===- Func.td - the func dialect --------------------------*- tablegen -*-===//
// Operands, results, properties and regions as MLIR 19's func dialect.

include "OpBase.td"

def Func_Dialect : Dialect {
  let name = "func";
  let summary = "Function definitions, calls and returns";
}

class Func_Op<string mnemonic, list<Trait> traits = []>
    : Op<Func_Dialect, mnemonic, traits>;

def Func_FuncOp : Func_Op<"func", [AutomaticAllocationScope, IsolatedFromAbove, FunctionOpInterface]> {
  let summary = "An operation with a name containing a single SSACFG region";
  let append traits = [Symbol];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       FunctionTypeAttr:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let arguments22 = !con(arguments, (ins UnitAttr:$no_inline));
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let defaultDialect = "func";
}

def Func_CallOp : Func_Op<"call", [CallOpInterface]> {
  let summary = "call operation";
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands);
  let arguments22 = !con(arguments, (ins OptionalAttr<DictArrayAttr>:$arg_attrs,
                                         OptionalAttr<DictArrayAttr>:$res_attrs,
                                         UnitAttr:$no_inline));
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def Func_CallIndirectOp : Func_Op<"call_indirect", [CallOpInterface]> {
  let summary = "indirect call operation";
  let arguments = (ins AnyFunctionType:$callee, Variadic<AnyType>:$callee_operands);
  let arguments22 = !con(arguments, (ins OptionalAttr<DictArrayAttr>:$arg_attrs,
                                         OptionalAttr<DictArrayAttr>:$res_attrs));
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $callee_operands `)` attr-dict `:` type($callee)
  }];
}

// MLIR writes its syntax by hand; this format prints and reads the same.
def Func_ConstantOp : Func_Op<"constant", [ConstantLike, Pure]> {
  let summary = "constant";
  let arguments = (ins FlatSymbolRefAttr:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";
}

def Func_ReturnOp : Func_Op<"return", [Pure, HasParent<"func.func">, ReturnLike, Terminator]> {
  let summary = "Function return operation";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}
