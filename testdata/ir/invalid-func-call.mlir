// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// func.call against its callee, func.constant against the function it
// names, index casts, and func.func's argument/result attributes.

func.func private @two(i32, f32) -> (i32, f32)

func.func @operand_type(%a: i32) {
  // expected-error @+1 {{'func.call' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 1}}
  %0:2 = func.call @two(%a, %a) : (i32, i32) -> (i32, f32)
  return
}

// -----

func.func private @two(i32, f32) -> (i32, f32)

func.func @operand_count(%a: i32) {
  // expected-error @+1 {{'func.call' op incorrect number of operands for callee}}
  %0:2 = func.call @two(%a) : (i32) -> (i32, f32)
  return
}

// -----

func.func private @two(i32, f32) -> (i32, f32)

func.func @result_type(%a: i32, %b: f32) {
  // expected-error @+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'f32', 'f32'}}
  // expected-note @+1 {{function result types: 'i32', 'f32'}}
  %0:2 = func.call @two(%a, %b) : (i32, f32) -> (f32, f32)
  return
}

// -----

func.func @missing() {
  // expected-error @+1 {{'func.call' op 'nowhere' does not reference a valid function}}
  func.call @nowhere() : () -> ()
  return
}

// -----

func.func @constant() {
  // expected-error @+1 {{'func.constant' op reference to function with mismatched type}}
  %f = func.constant @constant : (i32) -> ()
  return
}

// -----

func.func @index_cast(%a: index) {
  // expected-error @+1 {{'index.castu' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = index.castu %a : index to index
  return
}

// -----

// expected-error @+1 {{'func.func' op results may only have dialect attributes}}
func.func private @res_attr() -> (i32 {plain = 1 : i32})

// -----

func.func @callee(%a: f32) -> f32 {
  return %a : f32
}
func.func @call_indirect_args(%a: i32) {
  %f = "func.constant"() <{value = @callee}> : () -> ((f32) -> f32)
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %r = "func.call_indirect"(%f, %a) : ((f32) -> f32, i32) -> f32
  return
}

// -----

func.func @callee(%a: f32) -> f32 {
  return %a : f32
}
func.func @call_indirect_results(%a: f32) {
  %f = "func.constant"() <{value = @callee}> : () -> ((f32) -> f32)
  // expected-error @+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %r = "func.call_indirect"(%f, %a) : ((f32) -> f32, f32) -> index
  return
}
