//===- irkit.td - every dialect built into irkit -----------*- tablegen -*-===//
// The root crate's build script runs irkit's own TableGen (`--dump-json`) on
// this file and loads the records into the op registry (`src/dialects.rs`).

include "Builtin.td"
include "Func.td"
include "ControlFlow.td"
include "Arith.td"
include "Math.td"
include "SCF.td"
include "MemRef.td"
include "Index.td"
include "CIR.td"
include "FIR.td"
include "Test.td"
include "LLVM.td"
