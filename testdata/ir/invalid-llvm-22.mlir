// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// MLIR 22's LLVM-dialect verifiers for ops and attributes new since 19:
// aliases, ifuncs, dereferenceable loads, calls to ifuncs.

// expected-error @+1 {{'llvm.mlir.alias' op expects type to be a valid element type for an LLVM global alias}}
llvm.mlir.alias external @a : !llvm.void {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

// expected-error @+1 {{'llvm.mlir.alias' op 'common' linkage not supported in aliases, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, external or available_externally}}
llvm.mlir.alias common @a : i32 {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

// expected-error @+1 {{'llvm.mlir.alias' op initializer region must always return a pointer}}
llvm.mlir.alias external @a : i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}

// -----

llvm.mlir.global external @g(1 : i32) : i32
llvm.mlir.alias external @a : i32 {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  // expected-error @+1 {{ops with side effects are not allowed in alias initializers}}
  %1 = llvm.load %0 : !llvm.ptr -> !llvm.ptr
  llvm.return %1 : !llvm.ptr
}

// -----

llvm.mlir.alias external @a : i32 {
  %0 = llvm.mlir.zero : !llvm.ptr<1>
  llvm.return %0 : !llvm.ptr<1>
}
llvm.func @f() {
  // expected-error @+1 {{'llvm.mlir.addressof' op pointer address space must match address space of the referenced global or alias}}
  %0 = llvm.mlir.addressof @a : !llvm.ptr
  llvm.return
}

// -----

llvm.func @f() {
  // expected-error @+1 {{'llvm.mlir.addressof' op must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'}}
  %0 = llvm.mlir.addressof @nowhere : !llvm.ptr
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.mlir.ifunc' op 'available_externally' linkage not supported in ifuncs, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage}}
llvm.mlir.ifunc available_externally @i : !llvm.func<void ()>, !llvm.ptr @r
llvm.func @r() -> !llvm.ptr

// -----

// expected-error @+1 {{'llvm.mlir.ifunc' op resolver must be a definition}}
llvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr @r
llvm.func @r() -> !llvm.ptr

// -----

// expected-error @+1 {{'llvm.mlir.ifunc' op must have a function resolver}}
llvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr @g
llvm.mlir.global external @g(1 : i32) : i32

// -----

// expected-error @+1 {{'llvm.mlir.ifunc' op resolver must return a pointer}}
llvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr @r
llvm.func @r() -> i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}

// -----

// expected-error @+1 {{'llvm.mlir.ifunc' op resolver has incorrect type}}
llvm.mlir.ifunc external @i : !llvm.func<void ()>, !llvm.ptr<1> @r
llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}

// -----

llvm.mlir.ifunc external @i : i32, !llvm.ptr @r
llvm.func @r() -> !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.func @f() {
  // expected-error @+1 {{'llvm.call' op callee does not have a functional type: 'i32'}}
  llvm.call @i() : () -> ()
  llvm.return
}

// -----

llvm.mlir.global external @g(1 : i32) : i32
llvm.func @f() {
  // expected-error @+1 {{'llvm.call' op 'g' does not reference a valid LLVM function or IFunc}}
  llvm.call @g() : () -> ()
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.load' op expected op to return a single LLVM pointer type}}
  %0 = llvm.load %p dereferenceable<bytes = 8> : !llvm.ptr -> i64
  llvm.return
}

// -----

llvm.func @f(%a: i32) -> i32 {
  %0 = llvm.mlir.zero : !llvm.ptr
  // expected-error @+1 {{'llvm.indirectbr' op succOperands count (1) does not match with the total size (2) specified in attribute 'indbr_operand_segments'}}
  "llvm.indirectbr"(%0, %a) [^bb1] <{indbr_operand_segments = array<i32: 2>}> : (!llvm.ptr, i32) -> ()
^bb1(%1: i32):
  llvm.return %1 : i32
}

// -----

llvm.func @f(%a: i32) -> i32 {
  %0 = llvm.mlir.zero : !llvm.ptr
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  llvm.indirectbr %0 : !llvm.ptr, [
    ^bb1(%a : i32)
  ]
^bb1(%1: i64):
  llvm.return %a : i32
}

// -----

llvm.func @f(%c: i1, %p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.intr.assume' op op_bundle_operands count (1) does not match with the total size (2) specified in attribute 'op_bundle_sizes'}}
  "llvm.intr.assume"(%c, %p) <{op_bundle_sizes = array<i32: 2>, op_bundle_tags = ["align"]}> : (i1, !llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @g()
llvm.func @f(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.call' op 'op_bundle_sizes' attribute cannot have negative elements}}
  "llvm.call"(%p) <{callee = @g, CConv = #llvm.cconv<ccc>, TailCallKind = #llvm.tailcallkind<none>, fastmathFlags = #llvm.fastmath<none>, op_bundle_sizes = array<i32: -1>, operandSegmentSizes = array<i32: 0, 1>}> : (!llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @f(%a: i32) {
  // expected-error @+1 {{'llvm.switch' op caseOperands count (1) does not match with the total size (2) specified in attribute 'case_operand_segments'}}
  "llvm.switch"(%a, %a) [^bb1, ^bb1] <{case_operand_segments = array<i32: 2>, case_values = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
^bb1:
  llvm.return
}

// -----

// The dictionary's `indbr_operand_segments` replaces the parsed one.
llvm.func @indirectbr_segments_in_dict(%p: !llvm.ptr, %x: i32) {
  // expected-error @+1 {{'llvm.indirectbr' op succOperands count (1) does not match with the total size (0) specified in attribute 'indbr_operand_segments'}}
  llvm.indirectbr %p : !llvm.ptr, [
  ^bb1(%x : i32)
  ] {indbr_operand_segments = array<i32: 0>}
^bb1(%y: i32):
  llvm.return
}
