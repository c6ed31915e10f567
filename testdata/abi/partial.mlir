// One function that cannot be classified does not lose the others: every
// other function is printed, the bad one gets a diagnostic, and the exit
// code is 1. The table's register count includes the hidden sret pointer
// (rdi on x86_64 System V, rcx on Microsoft x64).
// RUN: not irkit abi --format=llvm --triple=x86_64-unknown-linux-gnu %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: not irkit abi --triple=x86_64-unknown-linux-gnu %s 2>&1 | FileCheck %s --check-prefix=TABLE
// RUN: not irkit abi --triple=x86_64-pc-windows-msvc %s 2>&1 | FileCheck %s --check-prefix=WIN

!s64i = !cir.int<s, 64>
!L = !cir.record<struct "L" {!s64i, !s64i, !s64i}>

// C: struct L { long long a, b, c; }; struct L big(long long a, double b);
// clang-19: define void @big(ptr sret(%struct.L) align 8, i64, double)
// CHECK: declare void @big(ptr sret({ i64, i64, i64 }) align 8, i64, double)
// TABLE-LABEL: @big :
// TABLE: registers: 2 integer, 1 vector/fp; sret: yes
// WIN-LABEL: @big :
// WIN: registers: 2 integer, 1 vector/fp; sret: yes
"cir.func"() <{function_type = !cir.func<(!s64i, !cir.double) -> !L>, sym_name = "big"}> ({}) : () -> ()

// ERR: partial.mlir:[[@LINE+1]]:1: error: function '@incomplete': parameter 0 has an incomplete record type and cannot be passed by value
"cir.func"() <{function_type = !cir.func<(!cir.record<struct "Fwd" incomplete>)>, sym_name = "incomplete"}> ({}) : () -> ()

// CHECK: declare i64 @after(i64)
// TABLE-LABEL: @after :
// TABLE: registers: 1 integer, 0 vector/fp; sret: no
"cir.func"() <{function_type = !cir.func<(!s64i) -> !s64i>, sym_name = "after"}> ({}) : () -> ()
