// An unsupported triple in the module attribute is an error at the module op.
// RUN: not irkit opt --mlir-print-op-generic --abi-lower %s 2>&1 | FileCheck %s

// CHECK: lower-triple-attr.mlir:[[@LINE+1]]:1: error: 'builtin.module' op unknown target triple 'mips-unknown-linux-gnu' (supported: x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu)
"builtin.module"() ({
  "cir.func"() <{function_type = !cir.func<(!cir.int<s, 32>)>, sym_name = "h"}> ({}) : () -> ()
}) {cir.triple = "mips-unknown-linux-gnu"} : () -> ()
