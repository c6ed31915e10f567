// An unsupported triple in the module attribute is an error at the module op.
// RUN: not irkit opt --mlir-print-op-generic --abi-lower %s 2>&1 | FileCheck %s

// CHECK: lower-triple-attr.mlir:[[@LINE+1]]:1: error: 'builtin.module' op target 'mips-unknown-linux-gnu' (MIPS 'mips' (only mips64el N64)) is not supported yet (supported: x86_64-unknown-linux-gnu, {{.*}}, wasm32-unknown-unknown{{.*}})
"builtin.module"() ({
  "cir.func"() <{function_type = !cir.func<(!cir.int<s, 32>)>, sym_name = "h"}> ({}) : () -> ()
}) {cir.triple = "mips-unknown-linux-gnu"} : () -> ()
