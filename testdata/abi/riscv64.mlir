// RISC-V LP64D: structs of one float and one integer (or two floats) are
// passed CoerceAndExpand, as their fields (checked with clang-19
// --target=riscv64-unknown-linux-gnu on the C in the comments).
// RUN: irkit abi --format=llvm --triple=riscv64-unknown-linux-gnu %s | FileCheck %s
// --abi-lower reinterprets memory as the unpadded fields; a struct whose
// second field is not at its natural offset is refused, never lowered wrongly.
// RUN: not irkit opt --abi-lower --triple=riscv64-linux-gnu %s 2>&1 | FileCheck %s --check-prefix=LOWER

!s32i = !cir.int<s, 32>
!s64i = !cir.int<s, 64>
!FI = !cir.record<struct "FI" {!cir.float, !s32i}>
!A = !cir.record<struct "A" {!cir.float, !s64i align(16)}>

// struct FI { float f; int i; }; struct FI h(struct FI a);
// CHECK: declare { float, i32 } @h(float, i32)
"cir.func"() <{function_type = !cir.func<(!FI) -> !FI>, sym_name = "h"}> ({}) : () -> ()

// struct A { float f; long long l __attribute__((aligned(16))); }; struct A g(struct A a);
// CHECK: declare { float, i64 } @g(float, i64)
// LOWER: riscv64.mlir:[[@LINE+1]]:1: error: 'cir.func' op function '@g': not supported yet: a CoerceAndExpand value whose fields are not at their natural offsets (padding in the coerced struct)
"cir.func"() <{function_type = !cir.func<(!A) -> !A>, sym_name = "g"}> ({}) : () -> ()
