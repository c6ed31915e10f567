//===- CIR.td - the CIR-like dialect -----------------------*- tablegen -*-===//
// Types are spelled as upstream ClangIR spells them (design.md §5); ops are
// written in generic syntax. These are the ops the ABI lowering pass reads
// and the CIR rewrite context creates.

include "OpBase.td"

def CIR_Dialect : Dialect {
  let name = "cir";
  // a subset of ClangIR: its other ops stay unregistered ops.
  let allowUnknownOperations = 1;
  let summary = "A ClangIR-like dialect for C";
}

def CIR_AnyType : DialectType<CIR_Dialect, "", "CIR type">;
def CIR_PointerType : DialectType<CIR_Dialect, "ptr", "CIR pointer type">;
def CIR_FuncType : DialectType<CIR_Dialect, "func", "CIR function type">;

class CIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<CIR_Dialect, mnemonic, traits>;

def CIR_FuncOp : CIR_Op<"func", [AutomaticAllocationScope, IsolatedFromAbove, Symbol, FunctionOpInterface]> {
  let summary = "A function: a declaration when its region is empty";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       DialectFunctionTypeAttr:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<StrAttr>:$calling_conv,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
}

// As upstream ClangIR: without `callee` the call is indirect and its first
// operand is the function pointer.
def CIR_CallOp : CIR_Op<"call", [CallOpInterface]> {
  let summary = "A direct or indirect call";
  let arguments = (ins OptionalAttr<FlatSymbolRefAttr>:$callee, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$result);
}

def CIR_ReturnOp : CIR_Op<"return", [Terminator, ReturnLike, HasParent<"cir.func">]> {
  let summary = "Return from a function";
  let arguments = (ins Variadic<AnyType>:$input);
}

def CIR_AllocaOp : CIR_Op<"alloca"> {
  let summary = "Stack slot of `allocaType`, returns a pointer to it";
  let arguments = (ins TypeAttr:$allocaType,
                       OptionalAttr<StrAttr>:$name,
                       OptionalAttr<I64Attr>:$alignment);
  let results = (outs CIR_PointerType:$addr);
}

def CIR_LoadOp : CIR_Op<"load"> {
  let summary = "Load a value through a pointer";
  let arguments = (ins CIR_PointerType:$addr, OptionalAttr<I64Attr>:$alignment);
  let results = (outs AnyType:$result);
}

def CIR_StoreOp : CIR_Op<"store"> {
  let summary = "Store a value through a pointer";
  let arguments = (ins AnyType:$value, CIR_PointerType:$addr, OptionalAttr<I64Attr>:$alignment);
}

def CIR_GetMemberOp : CIR_Op<"get_member"> {
  let summary = "Pointer to member `index` of the record `addr` points to";
  let arguments = (ins CIR_PointerType:$addr, I64Attr:$index, OptionalAttr<StrAttr>:$name);
  let results = (outs CIR_PointerType:$result);
}

def CIR_CastOp : CIR_Op<"cast"> {
  let summary = "Conversion between types (`kind`: bitcast, reinterpret, ...)";
  let arguments = (ins AnyType:$src, StrAttr:$kind);
  let results = (outs AnyType:$result);
}

def CIR_ConstantOp : CIR_Op<"const", [ConstantLike, Pure]> {
  let summary = "A constant";
  let arguments = (ins TypedAttr:$value);
  let results = (outs AnyType:$res);
}
