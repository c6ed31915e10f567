// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// The file metadata dictionary where MLIR 19 differs from 22: resource
// keys are keywords only, and the LLVM and sparse_tensor dialects have an
// asm interface that declines every key.

// expected-error@+4 {{expected identifier key for 'resource' entry}}
{-#
  dialect_resources: {
    builtin: {
      "quoted key": "0x0400000001020304"
    }
  }
#-}

// -----

// expected-error@+4 {{expected identifier key for 'external_resources' entry}}
{-#
  external_resources: {
    group: {
      "name": "text"
    }
  }
#-}

// -----

// expected-error@+4 {{unknown 'resource' key 'blob' for dialect 'llvm'}}
{-#
  dialect_resources: {
    llvm: {
      blob: "0x08000000aabb"
    }
  }
#-}

// -----

// expected-error@+4 {{unknown 'resource' key 'blob' for dialect 'sparse_tensor'}}
{-#
  dialect_resources: {
    sparse_tensor: {
      blob: "0x08000000aabb"
    }
  }
#-}

// -----

// expected-error@+4 {{unexpected 'resource' section for dialect 'polynomial'}}
{-#
  dialect_resources: {
    polynomial: {
      blob: "0x08000000aabb"
    }
  }
#-}

// -----

// expected-error@+3 {{dialect 'smt' is unknown}}
{-#
  dialect_resources: {
    smt: {}
  }
#-}
