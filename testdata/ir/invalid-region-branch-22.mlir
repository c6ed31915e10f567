// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 %s --split-input-file --verify-diagnostics
// MLIR 22's RegionBranchOpInterface verifier: one check per edge from each
// branch point (the op, or a region's terminator), naming the terminator.

func.func @if_yield_count(%c: i1, %x: f32) {
  // expected-error @+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = "scf.if"(%c) ({
    // expected-note @+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }, {
    "scf.yield"(%x) : (f32) -> ()
  }) : (i1) -> f32
  return
}

// -----

func.func @while_condition_type(%x: i64) {
  // expected-error @+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i64' should match successor input type #0 'f32'}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: i64):
    %c = arith.constant true
    // expected-note @+1 {{region branch point}}
    "scf.condition"(%c, %a) : (i1, i64) -> ()
  }, {
  ^bb0(%b: f32):
    %y = arith.constant 0 : i64
    "scf.yield"(%y) : (i64) -> ()
  }) : (i64) -> i64
  return
}

// -----

func.func @while_entry(%x: i32) {
  // expected-error @+2 {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  // expected-note @+1 {{region branch point}}
  %r = "scf.while"(%x) ({
  ^bb0(%a: i64):
    %c = arith.constant true
    "scf.condition"(%c, %a) : (i1, i64) -> ()
  }, {
  ^bb0(%b: i64):
    "scf.yield"(%b) : (i64) -> ()
  }) : (i32) -> i64
  return
}

// -----

func.func @execute_region_blocks(%x: i32, %y: f32) {
  // expected-error @+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = "scf.execute_region"() ({
    cf.br ^bb1
  ^bb1:
    "scf.yield"(%x) : (i32) -> ()
  ^bb2:
    // expected-note @+1 {{region branch point}}
    "scf.yield"(%y) : (f32) -> ()
  }) : () -> i32
  return
}
