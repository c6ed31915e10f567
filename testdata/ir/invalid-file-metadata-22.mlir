// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// The file metadata dictionary where MLIR 22 differs from 19: resource
// keys may be strings, the LLVM dialect has no asm interface any more, and
// the dialects 22 dropped or added.

// A string key.
{-#
  dialect_resources: {
    builtin: {
      "quoted key": "0x0400000001020304"
    }
  },
  external_resources: {
    group: {
      "name": "text"
    }
  }
#-}

// -----

// expected-error@+4 {{unexpected 'resource' section for dialect 'llvm'}}
{-#
  dialect_resources: {
    llvm: {
      blob: "0x08000000aabb"
    }
  }
#-}

// -----

// expected-error@+3 {{dialect 'polynomial' is unknown}}
{-#
  dialect_resources: {
    polynomial: {}
  }
#-}

// -----

// expected-error@+4 {{unexpected 'resource' section for dialect 'smt'}}
{-#
  dialect_resources: {
    smt: {
      blob: "0x08000000aabb"
    }
  }
#-}
