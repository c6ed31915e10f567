// The target comes from --triple, or else from the module's `cir.triple` or
// `llvm.target_triple` attribute (a bad one is an error at the module:
// lower-triple-attr.mlir).
// RUN: irkit opt --mlir-print-op-generic --abi-lower --split-input-file %s 2>&1 | FileCheck %s
//
// C: struct S { double d; int i; }; void f(struct S s) {}
// clang-19 --target=aarch64-unknown-linux-gnu: define void @f([2 x i64])
// clang-19 --target=x86_64-unknown-linux-gnu:  define void @f(double, i32)

// CHECK-LABEL: "builtin.module"() ({
// CHECK: "cir.func"() <{function_type = !cir.func<(!cir.array<!cir.int<u, 64> x 2>)>, sym_name = "f"}> ({
// CHECK: }) {abi.lowered, cir.triple = "aarch64-unknown-linux-gnu"} : () -> ()
"builtin.module"() ({
  "cir.func"() <{function_type = !cir.func<(!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>)>, sym_name = "f"}> ({}) : () -> ()
}) {cir.triple = "aarch64-unknown-linux-gnu"} : () -> ()

// -----

// CHECK-LABEL: "builtin.module"() ({
// CHECK: "cir.func"() <{function_type = !cir.func<(!cir.double, !cir.int<u, 32>)>, sym_name = "f"}> ({
// CHECK: }) {abi.lowered, llvm.target_triple = "x86_64-unknown-linux-gnu"} : () -> ()
"builtin.module"() ({
  "cir.func"() <{function_type = !cir.func<(!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>)>, sym_name = "f"}> ({}) : () -> ()
}) {llvm.target_triple = "x86_64-unknown-linux-gnu"} : () -> ()
