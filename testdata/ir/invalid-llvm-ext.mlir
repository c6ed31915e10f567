// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// llvm.zext/llvm.sext (MLIR 19's verifyExtOp): a vector extends to a vector
// of as many elements, an integer to an integer, always wider. The errors
// have no op prefix.

llvm.func @ok(%v: vector<8xi16>, %i: i16) {
  %0 = llvm.zext %v : vector<8xi16> to vector<8xi32>
  %1 = llvm.sext %i : i16 to i64
  llvm.return
}

// -----

llvm.func @vector_to_integer(%v: vector<8xi16>) {
  // expected-error @+1 {{input type is a vector but output type is an integer}}
  %0 = llvm.zext %v : vector<8xi16> to i64
  llvm.return
}

// -----

llvm.func @integer_to_vector(%i: i16) {
  // expected-error @+1 {{input type is an integer but output type is a vector}}
  %0 = llvm.sext %i : i16 to vector<8xi32>
  llvm.return
}

// -----

llvm.func @shapes(%v: vector<8xi16>) {
  // expected-error @+1 {{input and output vectors are of incompatible shape}}
  %0 = llvm.zext %v : vector<8xi16> to vector<4xi32>
  llvm.return
}

// -----

llvm.func @narrower(%v: vector<8xi16>) {
  // expected-error @+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = llvm.sext %v : vector<8xi16> to vector<8xi8>
  llvm.return
}
