include "OpBase.td"

def Bad_Dialect : Dialect {
  let name = "bad";
}

def Bad_Op : Op<Bad_Dialect, "op"> {
  let arguments = (ins AnyType:$x);
  let assemblyFormat = "$x `,` $y attr-dict";
}
