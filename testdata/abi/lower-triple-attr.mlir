// An unsupported triple in the module attribute is an error at the module op.
// RUN: not irkit opt --mlir-print-op-generic --abi-lower %s 2>&1 | FileCheck %s

// CHECK: lower-triple-attr.mlir:[[@LINE+1]]:1: error: 'builtin.module' op target 'mips-unknown-linux-gnu' (MIPS) is not supported yet (supported: x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu, aarch64-apple-darwin, x86_64-pc-windows-msvc, x86_64-w64-windows-gnu, riscv64-unknown-linux-gnu, riscv32-unknown-linux-gnu, loongarch64-unknown-linux-gnu, armv7-unknown-linux-gnueabihf, arm-unknown-linux-gnueabi, i386-unknown-linux-gnu, i686-pc-windows-msvc, aarch64-pc-windows-msvc, powerpc64le-unknown-linux-gnu, s390x-unknown-linux-gnu)
"builtin.module"() ({
  "cir.func"() <{function_type = !cir.func<(!cir.int<s, 32>)>, sym_name = "h"}> ({}) : () -> ()
}) {cir.triple = "mips-unknown-linux-gnu"} : () -> ()
