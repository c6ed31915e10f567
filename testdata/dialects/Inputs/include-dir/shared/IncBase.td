// Found through -I: the dialect and its base op class.
include "OpBase.td"

def Inc_Dialect : Dialect {
  let name = "inc";
}

class Inc_Op<string mnemonic, list<Trait> traits = []> : Op<Inc_Dialect, mnemonic, traits>;
