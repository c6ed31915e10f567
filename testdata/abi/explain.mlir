// irkit abi --explain: after each function's table, each aggregate's layout
// (members at their offsets, padding) and what the target's classifier saw,
// then the argument registers used and left. The `declare` lines are
// clang-19's for the C below; the layouts are Clang's (the LLVM memory types
// it prints for the structs), and the classes follow from the lowered types:
// x86_64 passes `{ double, i32 }` as SSE + INTEGER (double, i32), AArch64
// passes the three floats as a homogeneous aggregate ([3 x float]), and
// RISC-V flattens `{ double, i32 }` to one FPR and one GPR.
// RUN: irkit abi --explain --triple=x86_64-unknown-linux-gnu %s | FileCheck %s --check-prefix=X86
// RUN: irkit abi --explain --triple=aarch64-unknown-linux-gnu %s | FileCheck %s --check-prefix=A64
// RUN: irkit abi --explain --triple=riscv64-unknown-linux-gnu %s | FileCheck %s --check-prefix=RV64
// s390x, MIPS64, SPARC64 and wasm32 decide by size and members: each
// aggregate's line names the rule and the coerced type (the `declare`
// lines are clang-19's for the C below).
// RUN: irkit abi --explain --triple=s390x-unknown-linux-gnu %s | FileCheck %s --check-prefix=S390X
// RUN: irkit abi --explain --triple=mips64el-unknown-linux-gnuabi64 %s | FileCheck %s --check-prefix=MIPS
// RUN: irkit abi --explain --triple=sparc64-unknown-linux-gnu %s | FileCheck %s --check-prefix=SPARC
// RUN: irkit abi --explain --triple=wasm32-unknown-unknown %s | FileCheck %s --check-prefix=WASM
//
// C: struct S { double d; int i; };
// C: struct H { float a, b, c; };
// C: struct B { signed char c; int x : 3; float f; };
// C: struct S f(struct S s, struct H h, struct B b);

!S = !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>
!H = !cir.record<struct "H" {!cir.float, !cir.float, !cir.float}>
!B = !cir.record<struct "B" {!cir.int<s, 8>, !cir.int<s, 32> bits(3), !cir.float}>
"cir.func"() <{function_type = !cir.func<(!S, !H, !B) -> !S>, sym_name = "f"}> ({}) : () -> ()

// X86: @f : !cir.func<(!S, !H, !B) -> !S>
// X86-NEXT:           C type (LLVM memory form)    kind       lowered
// X86-NEXT:   return  { double, i32 }              Direct     { double, i32 }
// X86-NEXT:   arg 0   { double, i32 }              Direct     { double, i32 } (one parameter per element)
// X86-NEXT:   arg 1   { float, float, float }      Direct     { <2 x float>, float } (one parameter per element)
// X86-NEXT:   arg 2   { i8, i8, float }            Direct     i64
// X86-NEXT:   registers: 2 integer, 3 vector/fp; sret: no
// X86-NEXT:   declare { double, i32 } @f(double, i32, <2 x float>, float, i64)
// X86-NEXT:   return: { double, i32 } (16 bytes, align 8)
// X86-NEXT:     offset   size  member
// X86-NEXT:          0      8  double
// X86-NEXT:          8      4  i32
// X86-NEXT:         12      4  (tail padding)
// X86-NEXT:     eightbytes: [0, 8) SSE, [8, 16) INTEGER
// X86-NEXT:   arg 0: { double, i32 } (16 bytes, align 8)
// X86-NEXT:     offset   size  member
// X86-NEXT:          0      8  double
// X86-NEXT:          8      4  i32
// X86-NEXT:         12      4  (tail padding)
// X86-NEXT:     eightbytes: [0, 8) SSE, [8, 16) INTEGER
// X86-NEXT:   arg 1: { float, float, float } (12 bytes, align 4)
// X86-NEXT:     offset   size  member
// X86-NEXT:          0      4  float
// X86-NEXT:          4      4  float
// X86-NEXT:          8      4  float
// X86-NEXT:     eightbytes: [0, 8) SSE, [8, 12) SSE
// X86-NEXT:   arg 2: { i8, i8, float } (8 bytes, align 4)
// X86-NEXT:     offset   size  member
// X86-NEXT:          0      1  i8
// X86-NEXT:          1         i32 bit-field of 3 bits at bit 0
// X86-NEXT:          2      2  (padding)
// X86-NEXT:          4      4  float
// X86-NEXT:     eightbytes: [0, 8) INTEGER
// X86-NEXT:   registers: 2 of 6 integer and 3 of 8 vector/fp used; 4 and 5 left

// A64: @f : !cir.func<(!S, !H, !B) -> !S>
// A64-NEXT:           C type (LLVM memory form)    kind       lowered
// A64-NEXT:   return  { double, i32 }              Direct     [2 x i64]
// A64-NEXT:   arg 0   { double, i32 }              Direct     [2 x i64]
// A64-NEXT:   arg 1   { float, float, float }      Direct     [3 x float] alignstack(8)
// A64-NEXT:   arg 2   { i8, i8, float }            Direct     i64
// A64-NEXT:   registers: 3 integer, 3 vector/fp; sret: no
// A64-NEXT:   declare [2 x i64] @f([2 x i64], [3 x float] alignstack(8), i64)
// A64-NEXT:   return: { double, i32 } (16 bytes, align 8)
// A64-NEXT:     offset   size  member
// A64-NEXT:          0      8  double
// A64-NEXT:          8      4  i32
// A64-NEXT:         12      4  (tail padding)
// A64-NEXT:     not a homogeneous aggregate
// A64-NEXT:   arg 0: { double, i32 } (16 bytes, align 8)
// A64-NEXT:     offset   size  member
// A64-NEXT:          0      8  double
// A64-NEXT:          8      4  i32
// A64-NEXT:         12      4  (tail padding)
// A64-NEXT:     not a homogeneous aggregate
// A64-NEXT:   arg 1: { float, float, float } (12 bytes, align 4)
// A64-NEXT:     offset   size  member
// A64-NEXT:          0      4  float
// A64-NEXT:          4      4  float
// A64-NEXT:          8      4  float
// A64-NEXT:     homogeneous aggregate: 3 x float (one FP/SIMD register each)
// A64-NEXT:   arg 2: { i8, i8, float } (8 bytes, align 4)
// A64-NEXT:     offset   size  member
// A64-NEXT:          0      1  i8
// A64-NEXT:          1         i32 bit-field of 3 bits at bit 0
// A64-NEXT:          2      2  (padding)
// A64-NEXT:          4      4  float
// A64-NEXT:     not a homogeneous aggregate
// A64-NEXT:   registers: 3 of 8 integer and 3 of 8 vector/fp used; 5 and 5 left

// RV64: @f : !cir.func<(!S, !H, !B) -> !S>
// RV64-NEXT:           C type (LLVM memory form)    kind       lowered
// RV64-NEXT:   return  { double, i32 }              CoerceExp  { double, i32 } (in memory { double, i32 })
// RV64-NEXT:   arg 0   { double, i32 }              CoerceExp  { double, i32 } (in memory { double, i32 })
// RV64-NEXT:   arg 1   { float, float, float }      Direct     [2 x i64]
// RV64-NEXT:   arg 2   { i8, i8, float }            Direct     i64
// RV64-NEXT:   registers: 4 integer, 1 vector/fp; sret: no
// RV64-NEXT:   declare { double, i32 } @f(double, i32, [2 x i64], i64)
// RV64-NEXT:   return: { double, i32 } (16 bytes, align 8)
// RV64-NEXT:     offset   size  member
// RV64-NEXT:          0      8  double
// RV64-NEXT:          8      4  i32
// RV64-NEXT:         12      4  (tail padding)
// RV64-NEXT:     flattens for the FP convention to: double at 0 (FPR), i32 at 8 (GPR) (if registers remain)
// RV64-NEXT:   arg 0: { double, i32 } (16 bytes, align 8)
// RV64-NEXT:     offset   size  member
// RV64-NEXT:          0      8  double
// RV64-NEXT:          8      4  i32
// RV64-NEXT:         12      4  (tail padding)
// RV64-NEXT:     flattens for the FP convention to: double at 0 (FPR), i32 at 8 (GPR) (if registers remain)
// RV64-NEXT:   arg 1: { float, float, float } (12 bytes, align 4)
// RV64-NEXT:     offset   size  member
// RV64-NEXT:          0      4  float
// RV64-NEXT:          4      4  float
// RV64-NEXT:          8      4  float
// RV64-NEXT:     not eligible for the FP convention: integer convention
// RV64-NEXT:   arg 2: { i8, i8, float } (8 bytes, align 4)
// RV64-NEXT:     offset   size  member
// RV64-NEXT:          0      1  i8
// RV64-NEXT:          1         i32 bit-field of 3 bits at bit 0
// RV64-NEXT:          2      2  (padding)
// RV64-NEXT:          4      4  float
// RV64-NEXT:     not eligible for the FP convention: integer convention
// RV64-NEXT:   registers: 4 of 8 integer and 1 of 8 vector/fp used; 4 and 7 left


// S390X: declare void @f(ptr sret({ double, i32 }) align 8, ptr, ptr, i64)
// S390X: return: { double, i32 } (16 bytes, align 8)
// S390X: not a record of 1, 2, 4 or 8 bytes, nor one of a single floating-point or vector element: returned through a hidden sret pointer
// S390X: arg 0: { double, i32 } (16 bytes, align 8)
// S390X: not a record of 1, 2, 4 or 8 bytes, nor one of a single floating-point or vector element: passed by pointer to a caller-made copy
// S390X: arg 2: { i8, i8, float } (8 bytes, align 4)
// S390X: 8 bytes: in one 64-bit integer register as i64

// MIPS: declare inreg { i64, i64 } @f(double inreg, i64 inreg, i64 inreg, i32 inreg, i64 inreg)
// MIPS: return: { double, i32 } (16 bytes, align 8)
// MIPS: at most 16 bytes: returned in registers as { i64, i64 }
// MIPS: arg 0: { double, i32 } (16 bytes, align 8)
// MIPS: one 64-bit register or stack slot per word (doubles at 8-byte aligned offsets stay double): { double, i64 }, inreg
// MIPS: arg 1: { float, float, float } (12 bytes, align 4)
// MIPS: one 64-bit register or stack slot per word (doubles at 8-byte aligned offsets stay double): { i64, i32 }, inreg

// SPARC: declare { double, i64 } @f(double, i64, float inreg, float inreg, float inreg, i32 inreg, i32 inreg, float inreg)
// SPARC: return: { double, i32 } (16 bytes, align 8)
// SPARC: floats at their natural offsets in FP registers, the rest in 64-bit integer words: { double, i64 }
// SPARC: arg 1: { float, float, float } (12 bytes, align 4)
// SPARC: floats at their natural offsets in FP registers, the rest in 64-bit integer words: { float, float, float, i32 }; inreg (a float takes half a double register)
// SPARC: arg 2: { i8, i8, float } (8 bytes, align 4)
// SPARC: floats at their natural offsets in FP registers, the rest in 64-bit integer words: { i32, float }; inreg (a float takes half a double register)

// WASM: declare void @f(ptr sret({ double, i32 }) align 8, ptr byval({ double, i32 }) align 8, ptr byval({ float, float, float }) align 4, ptr byval({ i8, i8, float }) align 4)
// WASM: return: { double, i32 } (16 bytes, align 8)
// WASM: not a single-element record: returned through a hidden sret pointer
// WASM: arg 0: { double, i32 } (16 bytes, align 8)
// WASM: not a single-element record: passed by pointer to a copy (byval)
