// Unsupported input gives a diagnostic at the function, never a wrong answer.
// RUN: not irkit abi --triple=x86_64-unknown-linux-gnu %s 2>&1 | FileCheck %s
// RUN: not irkit abi --triple=sparc-sun-solaris %s 2>&1 | FileCheck %s --check-prefix=TRIPLE

// TRIPLE: error: target 'sparc-sun-solaris' (32-bit SPARC) is not supported yet

!s32i = !cir.int<s, 32>

// CHECK: cir-errors.mlir:[[@LINE+1]]:1: error: function '@incomplete': parameter 0 has an incomplete record type and cannot be passed by value
"cir.func"() <{function_type = !cir.func<(!cir.record<struct "Fwd" incomplete>)>, sym_name = "incomplete"}> ({}) : () -> ()

// CHECK: cir-errors.mlir:[[@LINE+1]]:1: error: function '@odd': cannot map type '!cir.func<(!cir.int<s, 24>)>' to a C ABI type: no C integer type is 24 bits wide
"cir.func"() <{function_type = !cir.func<(!cir.int<s, 24>)>, sym_name = "odd"}> ({}) : () -> ()

// CHECK: cir-errors.mlir:[[@LINE+1]]:1: error: function '@tok': cannot map type '!cir.func<(!cir.ptr<!s32i>, token)>' to a C ABI type: a token has no C equivalent
"cir.func"() <{function_type = !cir.func<(!cir.ptr<!s32i>, token)>, sym_name = "tok"}> ({}) : () -> ()
