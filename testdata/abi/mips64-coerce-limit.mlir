// MIPS64 passes an aggregate as one i64 per word, so a huge struct would be
// coerced to a struct of millions of elements: past --max-coerced-elements
// (default 1048576) both `abi` and `opt --abi-lower` stop with a diagnostic.
// RUN: irkit abi --format=llvm --triple=mips64el-unknown-linux-gnuabi64 --max-coerced-elements=4 %s | FileCheck %s --check-prefix=OK
// RUN: not irkit abi --triple=mips64el-unknown-linux-gnuabi64 --max-coerced-elements=3 %s 2>&1 | FileCheck %s --check-prefix=CAP
// RUN: not irkit opt --abi-lower --triple=mips64el-unknown-linux-gnuabi64 --max-coerced-elements=3 %s 2>&1 | FileCheck %s --check-prefix=OPT

!s64i = !cir.int<s, 64>
!W4 = !cir.record<struct "W4" {!s64i, !s64i, !s64i, !s64i}>

// struct W4 { long a, b, c, d; };  void four(struct W4);  (clang-19 agrees)
// OK: declare void @four(i64 inreg, i64 inreg, i64 inreg, i64 inreg)
// CAP: mips64-coerce-limit.mlir:[[@LINE+2]]:1: error: function '@four': parameter 0 would be passed as an LLVM struct of 4 elements, over the limit of 3; raise it with --max-coerced-elements
// OPT: mips64-coerce-limit.mlir:[[@LINE+1]]:1: error: 'cir.func' op function '@four': parameter 0 would be passed as an LLVM struct of 4 elements, over the limit of 3
"cir.func"() <{function_type = !cir.func<(!W4)>, sym_name = "four"}> ({}) : () -> ()
