// RUN: irkit verify --verify-diagnostics --split-input-file %s
// The argument list of func.func and llvm.func (one parser, as MLIR's
// function_interface_impl is one): its errors carry the op's
// `custom op 'NAME'` prefix, as mlir-opt-19 reports them (this file passes
// `mlir-opt-19 --verify-diagnostics --split-input-file` too).

// expected-error@+1 {{custom op 'func.func' expected SSA identifier}}
func.func @f(%a: i32, i32) {
  return
}

// -----

// expected-error@+1 {{custom op 'llvm.func' expected SSA identifier}}
llvm.func @f(%a: i32, i32) {
  llvm.return
}

// -----

// expected-error@+1 {{custom op 'func.func' expected type instead of SSA identifier}}
func.func @f(i32, %a: i32) {
  return
}

// -----

// expected-error@+1 {{custom op 'llvm.func' expected type instead of SSA identifier}}
llvm.func @f(i32, %a: i32) {
  llvm.return
}

// -----

// expected-error@+1 {{expected ')'}}
llvm.func @f(%a: i32 i32) {
  llvm.return
}

// -----

// A variadic llvm.func reads and verifies.
llvm.func @v(%a: i32, ...) {
  llvm.return
}
llvm.func @w(i32, ...)
