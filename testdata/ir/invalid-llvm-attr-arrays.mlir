// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// The LLVM dialect's arrays of one attribute class (MLIR's
// TypedArrayAttrBase: TBAA tags, alias scopes, access groups) are checked
// element by element; an array of the wrong kind fails the constraint, in
// the properties and in the attribute dictionary alike.

#root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#char = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#root, 0>}>
#tag = #llvm.tbaa_tag<base_type = #char, access_type = #char, offset = 0>
#domain = #llvm.alias_scope_domain<id = distinct[0]<>>
#scope = #llvm.alias_scope<id = distinct[1]<>, domain = #domain>
#group = #llvm.access_group<id = distinct[2]<>>

llvm.func @ok(%p: !llvm.ptr) {
  %0 = llvm.load %p {access_groups = [#group], alias_scopes = [#scope], noalias_scopes = [#scope], tbaa = [#tag]} : !llvm.ptr -> i32
  "llvm.store"(%0, %p) <{tbaa = [#tag], alias_scopes = [#scope]}> : (i32, !llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @tbaa_property(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op attribute 'tbaa' failed to satisfy constraint: LLVM dialect TBAA tag metadata array}}
  %0 = "llvm.load"(%p) <{tbaa = [1 : i32]}> : (!llvm.ptr) -> i32
  llvm.return
}

// -----

llvm.func @tbaa_dictionary(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op attribute 'tbaa' failed to satisfy constraint: LLVM dialect TBAA tag metadata array}}
  %0 = "llvm.load"(%p) {tbaa = [1 : i32]} : (!llvm.ptr) -> i32
  llvm.return
}

// -----

#domain = #llvm.alias_scope_domain<id = distinct[0]<>>
#scope = #llvm.alias_scope<id = distinct[1]<>, domain = #domain>

llvm.func @scope_not_tag(%p: !llvm.ptr, %v: i32) {
  // expected-error@+1 {{'llvm.store' op attribute 'tbaa' failed to satisfy constraint: LLVM dialect TBAA tag metadata array}}
  "llvm.store"(%v, %p) <{tbaa = [#scope]}> : (i32, !llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @scopes_not_array(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op attribute 'alias_scopes' failed to satisfy constraint: LLVM dialect alias scope array}}
  %0 = "llvm.load"(%p) {alias_scopes = 3 : i32} : (!llvm.ptr) -> i32
  llvm.return
}

// -----

llvm.func @memcpy_groups(%p: !llvm.ptr, %n: i64) {
  // expected-error@+1 {{'llvm.intr.memcpy' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array}}
  "llvm.intr.memcpy"(%p, %p, %n) <{isVolatile = false, access_groups = ["x"]}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  llvm.return
}
