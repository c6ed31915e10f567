// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 and mlir-opt-19 %s --split-input-file --verify-diagnostics
// The file metadata dictionary `{-# ... #-}`: its keys, the resource
// sections, and the blobs the builtin and test dialects read.

// expected-error@+2 {{expected identifier key in file metadata dictionary}}
{-#
  "dialect_resources": {}
#-}

// -----

// expected-error@+2 {{unknown key 'resources' in file metadata dictionary}}
{-#
  resources: {}
#-}

// -----

// expected-error@+2 {{expected ',' or '#-}'}}
{-#
  dialect_resources: {} external_resources: {}
#-}

// -----

// expected-error@+3 {{expected ',' or '}'}}
{-#
  dialect_resources: {
    builtin: {} test: {}
  }
#-}

// -----

// expected-error@+4 {{unexpected 'resource' section for dialect 'arith'}}
{-#
  dialect_resources: {
    arith: {
      blob: "0x08000000aabb"
    }
  }
#-}

// -----

// expected-error@+3 {{dialect 'not_a_dialect' is unknown}}
{-#
  dialect_resources: {
    not_a_dialect: {}
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'odd'}}
{-#
  dialect_resources: {
    builtin: {
      odd: "0x080000001"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'not_hex'}}
{-#
  dialect_resources: {
    builtin: {
      not_hex: "0x0800000zz0"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'short' to encode alignment in first 4 bytes}}
{-#
  dialect_resources: {
    builtin: {
      short: "0x080000"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'badalign' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
{-#
  dialect_resources: {
    test: {
      badalign: "0x03000000aa"
    }
  }
#-}

// -----

// expected-error@+5 {{expected hex string blob for key 'second'}}
{-#
  dialect_resources: {
    builtin: {
      first: "0x08000000aabb",
      second: true
    }
  }
#-}

// -----

// Zero alignment and an empty payload make a blob too.
{-#
  dialect_resources: {
    builtin: {
      empty: "0x00000000",
      plain: "0x0400000001020304"
    }
  }
#-}

// -----

// expected-error@+3 {{expected identifier key for 'resource' entry}}
{-#
  external_resources: {
    "group": {}
  }
#-}

// -----

// expected-error@+4 {{expected identifier key for 'external_resources' entry}}
{-#
  external_resources: {
    group: {
      10: "x"
    }
  }
#-}

// -----

// expected-error@+4 {{expected string value for key 'number'}}
{-#
  external_resources: {
    group: {
      number: 10
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes}}
{-#
  external_resources: {
    group: {
      blob: "0x01"
    }
  }
#-}

// -----

// Strings, bools and blobs of any group are taken.
{-#
  external_resources: {
    group: {
      flag: true,
      name: "text",
      blob: "0x08000000aa"
    },
    other: {}
  }
#-}
