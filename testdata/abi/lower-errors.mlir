// Bad input to --abi-lower: a diagnostic at the offending op, exit 1, and
// nothing printed (the pass checks everything before it rewrites anything).
// RUN: not irkit opt --mlir-print-op-generic --abi-lower --triple=x86_64-unknown-linux-gnu --split-input-file %s 2>&1 | FileCheck %s
// RUN: not irkit opt --mlir-print-op-generic --abi-lower --triple=x86_64-unknown-linux-gnu --split-input-file %s 2>/dev/null | FileCheck %s --check-prefix=NOOUT --allow-empty
// RUN: not irkit opt --mlir-print-op-generic --abi-lower --triple=sparc-sun-solaris --split-input-file %s 2>&1 | FileCheck %s --check-prefix=TRIPLE
// RUN: not irkit opt --mlir-print-op-generic --abi-lower --split-input-file %s 2>&1 | FileCheck %s --check-prefix=NOTRIPLE

// TRIPLE: error: target 'sparc-sun-solaris' (32-bit SPARC) is not supported yet (supported: x86_64-unknown-linux-gnu, {{.*}}, wasm32-unknown-unknown{{.*}})
// NOTRIPLE: error: --abi-lower needs a target: pass --triple=T or set a 'cir.triple' module attribute
// NOOUT-NOT: builtin.module

!s32i = !cir.int<s, 32>
"cir.func"() <{function_type = !cir.func<(!s32i)>, sym_name = "f"}> ({
^bb0(%a: !s32i):
// CHECK: lower-errors.mlir:[[@LINE+1]]:3: error: 'cir.call' op callee '@missing' is not a function of this module
  "cir.call"(%a) <{callee = @missing}> : (!s32i) -> ()
  "cir.return"() : () -> ()
}) : () -> ()

// -----

!s32i = !cir.int<s, 32>
!S = !cir.record<struct "S" {!cir.double, !s32i}>
"cir.func"() <{function_type = !cir.func<(!S)>, sym_name = "takes_s"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!s32i)>, sym_name = "g"}> ({
^bb0(%a: !s32i):
// CHECK: lower-errors.mlir:[[@LINE+1]]:3: error: 'cir.call' op call to '@takes_s' does not match the callee's signature: the call passes (!cir.int<s, 32>) -> (), '@takes_s' takes (!cir.record<struct "S" {!cir.double, !s32i}>) -> ()
  "cir.call"(%a) <{callee = @takes_s}> : (!s32i) -> ()
  "cir.return"() : () -> ()
}) : () -> ()

// -----

// CHECK: lower-errors.mlir:[[@LINE+1]]:1: error: 'cir.func' op function '@odd': cannot map type '!cir.int<s, 24>' to a C ABI type: no C integer type is 24 bits wide
"cir.func"() <{function_type = !cir.func<(!cir.int<s, 24>)>, sym_name = "odd"}> ({}) : () -> ()

// -----

// CHECK: lower-errors.mlir:[[@LINE+1]]:1: error: 'cir.func' op function '@incomplete': parameter 0 has an incomplete record type and cannot be passed by value
"cir.func"() <{function_type = !cir.func<(!cir.record<struct "Fwd" incomplete>)>, sym_name = "incomplete"}> ({}) : () -> ()

// -----

// CHECK: lower-errors.mlir:[[@LINE+1]]:1: error: 'cir.func' op function '@twice' is already ABI-lowered (it has the argument attribute 'abi.signext'); the pass never rewrites twice
"cir.func"() <{arg_attrs = [{abi.signext}], function_type = !cir.func<(!cir.int<s, 8>)>, sym_name = "twice"}> ({}) : () -> ()

// -----

// CHECK: lower-errors.mlir:[[@LINE+1]]:1: error: 'cir.func' op the entry block's arguments do not match the function type
"cir.func"() <{function_type = !cir.func<(!cir.int<s, 32>)>, sym_name = "wrong_entry"}> ({
^bb0(%a: !cir.double):
  "cir.return"() : () -> ()
}) : () -> ()
