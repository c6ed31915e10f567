// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// llvm.landingpad's verifier (a personality, a clause or cleanup, constant
// catch clauses) and llvm.func's check that landingpads and resumes agree
// on one type. The pads here are not unwind destinations (MLIR 19 does not
// require it; llvm.invoke's checks are in invalid-llvm-invoke.mlir). The errors of the
// landingpad verifier have no op prefix. The valid forms come first.

llvm.mlir.global external constant @_ZTIi() : !llvm.ptr
llvm.func @__gxx_personality_v0(...) -> i32

llvm.func @ok(%arg0: i32) -> i32 attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.mlir.addressof @_ZTIi : !llvm.ptr
  %1 = llvm.mlir.zero : !llvm.ptr
  %2 = llvm.bitcast %0 : !llvm.ptr to !llvm.ptr
  %3 = llvm.mlir.undef : !llvm.array<1 x i8>
  llvm.br ^bb1
^bb1:
  %4 = llvm.landingpad cleanup (catch %0 : !llvm.ptr) (catch %1 : !llvm.ptr) (catch %2 : !llvm.ptr) (filter %3 : !llvm.array<1 x i8>) : !llvm.struct<(ptr, i32)>
  %5 = llvm.landingpad (catch %0 : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  %6 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  %7 = "llvm.landingpad"() <{cleanup}> {a = 1 : i32} : () -> !llvm.struct<(ptr, i32)>
  llvm.resume %4 : !llvm.struct<(ptr, i32)>
}

// -----

llvm.func @__gxx_personality_v0(...) -> i32

llvm.func @not_constant(%arg0: !llvm.ptr) attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.mlir.constant(2 : i32) : i32
  // expected-error @+1 {{clause #0 is not a known constant - null, addressof, bitcast}}
  %1 = llvm.landingpad cleanup (catch %0 : i32) (catch %arg0 : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.return
}

// -----

llvm.func @__gxx_personality_v0(...) -> i32

llvm.func @second_clause(%arg0: !llvm.ptr) attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.mlir.zero : !llvm.ptr
  // expected-error @+1 {{clause #1 is not a known constant - null, addressof, bitcast}}
  %1 = llvm.landingpad (catch %0 : !llvm.ptr) (catch %arg0 : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.return
}

// -----

llvm.func @__gxx_personality_v0(...) -> i32

llvm.func @bitcast_of_alloca() attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.alloca %0 x !llvm.ptr : (i32) -> !llvm.ptr
  // expected-note @+1 {{global addresses expected as operand to bitcast used in clauses for landingpad}}
  %2 = llvm.bitcast %1 : !llvm.ptr to !llvm.ptr
  // expected-error @+1 {{constant clauses expected}}
  %3 = llvm.landingpad (catch %2 : !llvm.ptr) : !llvm.struct<(ptr, i32)>
  llvm.return
}

// -----

llvm.func @__gxx_personality_v0(...) -> i32

llvm.func @no_clause() attributes {personality = @__gxx_personality_v0} {
  // expected-error @+1 {{landingpad instruction expects at least one clause or cleanup attribute}}
  %0 = llvm.landingpad : !llvm.struct<(ptr, i32)>
  llvm.return
}

// -----

llvm.func @no_personality() {
  // expected-error @+1 {{llvm.landingpad needs to be in a function with a personality}}
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %0 : !llvm.struct<(ptr, i32)>
}

// -----

llvm.func @__gxx_personality_v0(...) -> i32

// expected-error @+1 {{'llvm.landingpad' should have a consistent result type inside a function}}
llvm.func @pad_types() attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.br ^bb1
^bb1:
  %1 = llvm.landingpad cleanup : i32
  llvm.resume %1 : i32
}

// -----

llvm.func @__gxx_personality_v0(...) -> i32

// expected-error @+1 {{'llvm.resume' should have a consistent input type inside a function}}
llvm.func @resume_type(%arg0: i32) attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %arg0 : i32
}
