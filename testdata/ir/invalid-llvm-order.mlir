// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// Which error mlir-opt-19 reports first, and how it prints attributes in
// a diagnostic. A block without a terminator is reported on leaving the
// block, before its op's SingleBlockImplicitTerminator check. A property
// conversion error prints the properties without aliases: a tbaa_tag's
// base_type and access_type (declared TBAATypeDescriptorAttr) are printed
// stripped, its members' type descriptors (TBAANodeAttr) in full.

llvm.mlir.global internal constant @g() {addr_space = 0 : i32} : !llvm.struct<(i32, i32)> {
  %0 = llvm.mlir.undef : !llvm.struct<(i32, i32)>
  %1 = llvm.mlir.constant(1 : i32) : i32
  // expected-error @+1 {{block with no terminator, has %2 = "llvm.insertvalue"(%0, %1) <{position = array<i64: 0>}> : (!llvm.struct<(i32, i32)>, i32) -> !llvm.struct<(i32, i32)>}}
  %2 = llvm.insertvalue %1, %0[0] : !llvm.struct<(i32, i32)>
}

// -----

#root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#char = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#root, 0>}>
#long = #llvm.tbaa_type_desc<id = "long", members = {<#char, 0>}>
#tag = #llvm.tbaa_tag<base_type = #long, access_type = #long, offset = 0>

llvm.func @f(%p: !llvm.ptr) {
  // expected-error @+1 {{invalid properties {alignment = "x", ordering = 0 : i64, tbaa = [#llvm.tbaa_tag<base_type = <id = "long", members = {<#llvm.tbaa_type_desc<id = "omnipotent char", members = {<#llvm.tbaa_root<id = "Simple C/C++ TBAA">, 0>}>, 0>}>, access_type = <id = "long", members = {<#llvm.tbaa_type_desc<id = "omnipotent char", members = {<#llvm.tbaa_root<id = "Simple C/C++ TBAA">, 0>}>, 0>}>, offset = 0>]} for op llvm.load: Invalid attribute `alignment` in property conversion: "x"}}
  %0 = "llvm.load"(%p) <{alignment = "x", ordering = 0 : i64, tbaa = [#tag]}> : (!llvm.ptr) -> i64
  llvm.return
}
