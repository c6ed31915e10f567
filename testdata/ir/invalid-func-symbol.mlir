// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// The Symbol interface (declarations, the parent's SymbolTable trait)
// before FunctionOpInterface (argument/result attribute arrays, the body);
// func.func's parser refuses only the attributes its syntax infers.

func.func @nested() {
  // expected-error @+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @inner(f32) {
  ^entry(%a : i32):
    return
  }
  return
}

// -----

func.func @nested_declaration() {
  // expected-error @+1 {{'func.func' op symbol declaration cannot have public visibility}}
  func.func @inner()
  return
}

// -----

func.func @global_in_region() {
  scf.execute_region {
    // expected-error @+1 {{'memref.global' op symbol's parent must have the SymbolTable trait}}
    memref.global "private" @x : memref<2xf32>
    scf.yield
  }
  return
}

// -----

// expected-error @+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 0}}
func.func private @arg_attrs() attributes { arg_attrs = [{}] }

// -----

// expected-error @+1 {{'func.func' op arguments may only have dialect attributes}}
func.func private @plain_arg_attr(i32) attributes { arg_attrs = [{a}] }

// -----

// expected-error @+1 {{custom op 'func.func' attribute 'arg_attrs' occurs more than once in the attribute list}}
func.func private @twice(i32 {x.y}) attributes { arg_attrs = [{a.b}] }

// -----

// expected-error @+1 {{custom op 'func.func' 'sym_visibility' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @inferred() attributes { sym_visibility = "private" }
