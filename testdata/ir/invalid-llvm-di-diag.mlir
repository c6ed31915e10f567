// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// Attributes in diagnostics are printed without aliases; a parameter of an
// LLVM attribute whose declared type is a concrete attribute class
// (di_local_variable's `file`, di_subprogram's `file` and `type`,
// alias_scope's `domain`) is then printed stripped, as mlir-opt-19 prints
// it, while an interface-typed one (`scope`, a variable's `type`) keeps its
// prefix.

#file = #llvm.di_file<"a.c" in "/tmp">
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#fty = #llvm.di_subroutine_type<types = #int>
#sp = #llvm.di_subprogram<scope = #file, name = "f", file = #file, line = 1, subprogramFlags = Optimized, type = #fty>
#var = #llvm.di_local_variable<scope = #sp, name = "x", file = #file, line = 2, type = #int>

llvm.func @f(%v: i32) {
  // expected-error@+1 {{invalid properties {locationExpr = 3 : i32, varInfo = #llvm.di_local_variable<scope = #llvm.di_subprogram<scope = #llvm.di_file<"a.c" in "/tmp">, name = "f", file = <"a.c" in "/tmp">, line = 1, subprogramFlags = Optimized, type = <types = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>>>, name = "x", file = <"a.c" in "/tmp">, line = 2, type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>>} for op llvm.intr.dbg.value: Invalid attribute `locationExpr` in property conversion: 3 : i32}}
  "llvm.intr.dbg.value"(%v) <{varInfo = #var, locationExpr = 3 : i32}> : (i32) -> ()
  llvm.return
}

// -----

#domain = #llvm.alias_scope_domain<id = distinct[1]<>, description = "domain">
#scope = #llvm.alias_scope<id = distinct[0]<>, domain = #domain>

llvm.func @g(%p: !llvm.ptr, %n: i64) {
  // expected-error@+1 {{invalid properties {alias_scopes = [#llvm.alias_scope<id = distinct[0]<>, domain = <id = distinct[1]<>, description = "domain">>], isVolatile = "x"} for op llvm.intr.memcpy: Invalid attribute `isVolatile` in property conversion: "x"}}
  "llvm.intr.memcpy"(%p, %p, %n) <{isVolatile = "x", alias_scopes = [#scope]}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  llvm.return
}
