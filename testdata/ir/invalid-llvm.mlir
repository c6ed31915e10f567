// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// The LLVM dialect's op definitions (src/dialects/LLVM.td) and the ops' own
// verifiers (ir/src/verify/llvm.rs), in generic form.
"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.load' op unsupported ordering 'release'}}
  %0 = "llvm.load"(%p) <{ordering = 5 : i64}> : (!llvm.ptr) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.load' op expected alignment for atomic access}}
  %0 = "llvm.load"(%p) <{ordering = 2 : i64}> : (!llvm.ptr) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.load' op expected syncscope to be null for non-atomic access}}
  %0 = "llvm.load"(%p) <{syncscope = "x"}> : (!llvm.ptr) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.load' op operand #0 must be LLVM pointer type, but got 'i32'}}
  %0 = "llvm.load"(%i) : (i32) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.store' op unsupported ordering 'acquire'}}
  "llvm.store"(%i, %p) <{ordering = 4 : i64, alignment = 4 : i64}> : (i32, !llvm.ptr) -> ()
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.getelementptr' op type 'i8' cannot be indexed (index #1)}}
  %0 = "llvm.getelementptr"(%p, %i) <{elem_type = i8, rawConstantIndices = array<i32: -2147483648, 0>}> : (!llvm.ptr, i32) -> !llvm.ptr
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.getelementptr' op expected as many dynamic indices as specified in 'rawConstantIndices'}}
  %0 = "llvm.getelementptr"(%p) <{elem_type = i8, rawConstantIndices = array<i32: -2147483648>}> : (!llvm.ptr) -> !llvm.ptr
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.getelementptr' op expected index 1 indexing a struct to be constant}}
  %0 = "llvm.getelementptr"(%p, %i) <{elem_type = !llvm.struct<(i32, f32)>, rawConstantIndices = array<i32: 0, -2147483648>}> : (!llvm.ptr, i32) -> !llvm.ptr
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.getelementptr' op index 1 indexing a struct is out of bounds}}
  %0 = "llvm.getelementptr"(%p) <{elem_type = !llvm.struct<(i32, f32)>, rawConstantIndices = array<i32: 0, 5>}> : (!llvm.ptr) -> !llvm.ptr
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.extractvalue' op position out of bounds: 2}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 2>}> : (!llvm.struct<(i32, f32)>) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(i32, f32)>' should produce 'f32' but this op returns 'i32'}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.insertvalue' op Type mismatch: cannot insert 'i32' into '!llvm.struct<(i32, f32)>'}}
  %0 = "llvm.insertvalue"(%s, %i) <{position = array<i64: 1>}> : (!llvm.struct<(i32, f32)>, i32) -> !llvm.struct<(i32, f32)>
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.call' op operand type mismatch for operand 1: '!llvm.ptr' != 'i32'}}
  %0 = "llvm.call"(%p, %p) <{callee = @f}> : (!llvm.ptr, !llvm.ptr) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.call' op result type mismatch: 'i64' != 'i32'}}
  %0 = "llvm.call"(%p, %i) <{callee = @f}> : (!llvm.ptr, i32) -> i64
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.call' op incorrect number of operands (1) for callee (expecting: 2)}}
  "llvm.call"(%p) <{callee = @f}> : (!llvm.ptr) -> ()
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.call' op missing var_callee_type attribute for vararg call}}
  %0 = "llvm.call"(%i) <{callee = @v}> : (i32) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.call' op indirect call expects a pointer as callee: 'i32'}}
  %0 = "llvm.call"(%i) : (i32) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.icmp' op requires all operands to have the same type}}
  %0 = "llvm.icmp"(%p, %i) <{predicate = 0 : i64}> : (!llvm.ptr, i32) -> i1
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.add' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got '!llvm.ptr'}}
  %0 = "llvm.add"(%p, %p) : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = "llvm.zext"(%i) : (i32) -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.mlir.constant' op expected array type of 2 i8 elements for the string constant}}
  %0 = "llvm.mlir.constant"() <{value = "ab"}> : () -> i32
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.mlir.addressof' op must reference a global defined by 'llvm.mlir.global' or 'llvm.func'}}
  %0 = "llvm.mlir.addressof"() <{global_name = @zz}> : () -> !llvm.ptr
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()

// -----

"llvm.func"() <{function_type = !llvm.func<i32 (ptr, i32)>, sym_name = "f"}> ({
^bb0(%p: !llvm.ptr, %i: i32):
  %s = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f32)>
  // expected-error @+1 {{'llvm.alloca' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute}}
  %0 = "llvm.alloca"(%i) <{elem_type = i32, alignment = 4 : i32}> : (i32) -> !llvm.ptr
  "llvm.return"(%i) : (i32) -> ()
}) : () -> ()
"llvm.func"() <{function_type = !llvm.func<i32 (i32, ...)>, sym_name = "v"}> ({
}) : () -> ()
