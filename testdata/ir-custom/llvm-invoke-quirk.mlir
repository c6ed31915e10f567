// MLIR 19's llvm.invoke printer writes every operand after the callee in
// the argument list, the destinations' operands too (`getOperands()`), and
// their types in the function type; reading that back makes them call
// arguments, so print -> parse -> print is not stable in mlir-opt-19
// either. irkit prints and reads it as 19 does (cli/tests/roundtrip.rs
// leaves this file out of its stability check).

llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @may_throw(i32) -> i32

llvm.func @dest_operands(%arg0: i32, %fn: !llvm.ptr) -> i32 attributes {personality = @__gxx_personality_v0} {
  %0 = llvm.invoke @may_throw(%arg0) to ^bb1(%arg0 : i32) unwind ^bb2 : (i32) -> i32
^bb1(%1: i32):
  %2 = llvm.invoke %fn(%1) to ^bb3(%1, %0 : i32, i32) unwind ^bb2 : !llvm.ptr, (i32) -> i32
^bb2:
  %3 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %3 : !llvm.struct<(ptr, i32)>
^bb3(%4: i32, %5: i32):
  llvm.return %4 : i32
}
