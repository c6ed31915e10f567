// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// The LLVM intrinsics that print generic (memcpy/memset/abs/ctlz/...), the
// FunctionOpInterface's argument/result attribute arrays of llvm.func, the
// i1 shape of an icmp on !llvm.vec, the EnumProperty error of
// overflowFlags, and BranchOpInterface's check in op order.

llvm.func @f(%d: !llvm.ptr, %s: !llvm.ptr, %n: i64) {
  // expected-error @+1 {{'llvm.intr.memcpy' op requires attribute 'isVolatile'}}
  "llvm.intr.memcpy"(%d, %s, %n) : (!llvm.ptr, !llvm.ptr, i64) -> ()
  llvm.return
}

// -----

llvm.func @f(%d: !llvm.ptr, %v: i8, %n: i64) {
  // expected-error @+1 {{'llvm.intr.memset' op attribute 'isVolatile' failed to satisfy constraint: 1-bit signless integer attribute}}
  "llvm.intr.memset"(%d, %v, %n) <{isVolatile = 0 : i32}> : (!llvm.ptr, i8, i64) -> ()
  llvm.return
}

// -----

llvm.func @f(%d: !llvm.ptr, %v: i32, %n: i64) {
  // expected-error @+1 {{'llvm.intr.memset' op operand #1 must be 8-bit signless integer, but got 'i32'}}
  "llvm.intr.memset"(%d, %v, %n) <{isVolatile = false}> : (!llvm.ptr, i32, i64) -> ()
  llvm.return
}

// -----

llvm.func @f(%d: !llvm.ptr, %n: f32) {
  // expected-error @+1 {{'llvm.intr.memmove' op operand #2 must be signless integer, but got 'f32'}}
  "llvm.intr.memmove"(%d, %d, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, f32) -> ()
  llvm.return
}

// -----

llvm.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{'llvm.intr.abs' op requires attribute 'is_int_min_poison'}}
  %0 = "llvm.intr.abs"(%a) : (i32) -> i32
  llvm.return %0 : i32
}

// -----

llvm.func @f(%a: f32) -> f32 {
  // expected-error @+1 {{'llvm.intr.ctlz' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = "llvm.intr.ctlz"(%a) <{is_zero_poison = false}> : (f32) -> f32
  llvm.return %0 : f32
}

// -----

llvm.func @f(%a: vector<4xi32>) -> i64 {
  // expected-error @+1 {{'llvm.intr.vector.reduce.add' op requires the same element type for all operands and results}}
  %0 = "llvm.intr.vector.reduce.add"(%a) : (vector<4xi32>) -> i64
  llvm.return %0 : i64
}

// -----

llvm.func @f(%a: i32, %b: i64) {
  // expected-error @+1 {{'llvm.intr.umul.with.overflow' op requires the same element type for all operands}}
  %0 = "llvm.intr.umul.with.overflow"(%a, %b) : (i32, i64) -> !llvm.struct<(i32, i1)>
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr) {
  // expected-error @+1 {{'llvm.intr.prefetch' op requires attribute 'cache'}}
  "llvm.intr.prefetch"(%p) <{hint = 3 : i32, rw = 0 : i32}> : (!llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @f(%c: i32) {
  // expected-error @+1 {{'llvm.intr.assume' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "llvm.intr.assume"(%c) : (i32) -> ()
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 0, but expected 1}}
llvm.func @f(%arg0: i32) attributes {arg_attrs = []} {
  llvm.return
}

// -----

// expected-error @+1 {{'llvm.func' op expects result attribute array to have the same number of elements as the number of function results, got 1, but expected 0}}
"llvm.func"() <{function_type = !llvm.func<void (i32)>, sym_name = "f", res_attrs = [{llvm.noundef}]}> ({
^bb0(%a: i32):
  "llvm.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{'llvm.func' op arguments may only have dialect attributes}}
"llvm.func"() <{function_type = !llvm.func<void (i32)>, sym_name = "f", arg_attrs = [{foo}]}> ({
^bb0(%a: i32):
  "llvm.return"() : () -> ()
}) : () -> ()

// -----

llvm.func @f(%a: !llvm.vec<4 x ptr>) {
  // expected-error @+1 {{'llvm.icmp' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "llvm.icmp"(%a, %a) <{predicate = 0 : i64}> : (!llvm.vec<4 x ptr>, !llvm.vec<4 x ptr>) -> vector<2xi1>
  llvm.return
}

// -----

llvm.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{invalid properties {overflowFlags = 1 : i64} for op llvm.add: expected 'overflowFlags' attribute to be an IntegerOverflowFlagsAttr, but got 1 : i64}}
  %0 = "llvm.add"(%a, %a) <{overflowFlags = 1 : i64}> : (i32, i32) -> i32
  llvm.return %0 : i32
}

// -----

llvm.func @g() -> i32
llvm.func @f() {
  // expected-error @+1 {{'llvm.call' op result #0 must be LLVM dialect-compatible type, but got 'index'}}
  %0 = "llvm.call"() <{callee = @g, fastmathFlags = #llvm.fastmath<none>}> : () -> index
  llvm.return
}

// -----

llvm.func @f(%a: i32) -> i32 {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  "llvm.br"(%a) [^bb1] : (i32) -> ()
^bb1(%b: i64):
  %0 = "llvm.add"(%b, %a) : (i64, i32) -> i32
  llvm.return %0 : i32
}
