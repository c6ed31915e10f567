//===- FIR.td - the FIR-like dialect (C interop subset) ----*- tablegen -*-===//
// Builtin integer/float types plus `!fir.type<name{a:T,b:T}>`, `!fir.ref<T>`,
// `!fir.complex<K>`, `!fir.logical<K>`, `!fir.array<NxT>` (design.md §5).
// Functions are `func.func`; calls to C functions are `fir.call`.

include "OpBase.td"

def FIR_Dialect : Dialect {
  let name = "fir";
  // a subset of FIR: its other ops stay unregistered ops.
  let allowUnknownOperations = 1;
  let summary = "A Fortran-IR-like dialect for calling C";
}

def FIR_ReferenceType : DialectType<FIR_Dialect, "ref", "reference to an entity type">;

class FIR_Op<string mnemonic, list<Trait> traits = []>
    : Op<FIR_Dialect, mnemonic, traits>;

def FIR_CallOp : FIR_Op<"call", [CallOpInterface]> {
  let summary = "call a procedure";
  let arguments = (ins OptionalAttr<SymbolRefAttr>:$callee, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>);
}

def FIR_AllocaOp : FIR_Op<"alloca"> {
  let summary = "allocate storage for a temporary on the stack";
  let arguments = (ins TypeAttr:$in_type, OptionalAttr<StrAttr>:$uniq_name,
                       OptionalAttr<StrAttr>:$bindc_name);
  let results = (outs FIR_ReferenceType);
}

def FIR_LoadOp : FIR_Op<"load"> {
  let summary = "load a value from a memory reference";
  let arguments = (ins FIR_ReferenceType:$memref);
  let results = (outs AnyType);
}

def FIR_StoreOp : FIR_Op<"store"> {
  let summary = "store an SSA-value to a memory location";
  let arguments = (ins AnyType:$value, FIR_ReferenceType:$memref);
}

def FIR_ConvertOp : FIR_Op<"convert", [Pure]> {
  let summary = "encapsulates all Fortran entity type conversions";
  let arguments = (ins AnyType:$value);
  let results = (outs AnyType:$res);
}

def FIR_ExtractValueOp : FIR_Op<"extract_value", [Pure]> {
  let summary = "Extract a value from an aggregate SSA-value";
  let arguments = (ins AnyType:$adt, ArrayAttr:$coor);
  let results = (outs AnyType:$res);
}

def FIR_InsertValueOp : FIR_Op<"insert_value", [Pure]> {
  let summary = "insert a new sub-value into a copy of an existing aggregate";
  let arguments = (ins AnyType:$adt, AnyType:$val, ArrayAttr:$coor);
  let results = (outs AnyType:$result);
}
