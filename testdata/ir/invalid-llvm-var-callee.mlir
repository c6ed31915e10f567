// RUN: irkit opt %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics
// llvm.call's var_callee_type against the call (MLIR's
// verifyCallOpVarCalleeType, in CallOp::verify): checked with the op, so
// before the callee's signature (verifySymbolUses, at the module's exit).
// The first seven splits are LLVM 19's own (mlir/test/Dialect/LLVMIR/
// invalid.mlir).

llvm.func @non_variadic(%arg: i32)

llvm.func @invalid_var_callee_type(%arg: i32)  {
  // expected-error@below {{expected var_callee_type to be a variadic function type}}
  llvm.call @non_variadic(%arg) vararg(!llvm.func<void (i32)>) : (i32) -> ()
  llvm.return
}

// -----

llvm.func @variadic(%arg: i32, ...)

llvm.func @invalid_var_callee_type_num_parameters(%arg: i32)  {
  // expected-error@below {{expected var_callee_type to have at most 1 parameters}}
  llvm.call @variadic(%arg) vararg(!llvm.func<void (i32, i64, ...)>) : (i32) -> ()
  llvm.return
}

// -----

llvm.func @invalid_var_callee_type_num_parameters_indirect(%callee : !llvm.ptr, %arg: i32)  {
  // expected-error@below {{expected var_callee_type to have at most 1 parameters}}
  llvm.call %callee(%arg) vararg(!llvm.func<void (i32, i64, ...)>) : !llvm.ptr, (i32) -> ()
  llvm.return
}

// -----

llvm.func @variadic(%arg: i32, ...)

llvm.func @invalid_var_callee_type_parameter_type_mismatch(%arg: i32)  {
  // expected-error@below {{var_callee_type parameter type mismatch: 'i64' != 'i32'}}
  llvm.call @variadic(%arg) vararg(!llvm.func<void (i64, ...)>) : (i32) -> ()
  llvm.return
}

// -----

llvm.func @invalid_var_callee_type_parameter_type_mismatch_indirect(%callee : !llvm.ptr, %arg: i32)  {
  // expected-error@below {{var_callee_type parameter type mismatch: 'i64' != 'i32'}}
  llvm.call %callee(%arg) vararg(!llvm.func<void (i64, ...)>) : !llvm.ptr, (i32) -> ()
  llvm.return
}

// -----

llvm.func @variadic(%arg: i32, ...)

llvm.func @invalid_var_callee_type_non_void(%arg: i32)  {
  // expected-error@below {{expected var_callee_type to return void}}
  llvm.call @variadic(%arg) vararg(!llvm.func<i8 (i32, ...)>) : (i32) -> ()
  llvm.return
}

// -----

llvm.func @variadic(%arg: i32, ...) -> i32

llvm.func @invalid_var_callee_type_return_type_mismatch(%arg: i32)  {
  // expected-error@below {{var_callee_type return type mismatch: 'i8' != 'i32'}}
  %0 = llvm.call @variadic(%arg) vararg(!llvm.func<i8 (i32, ...)>) : (i32) -> (i32)
  llvm.return
}

// -----

llvm.func @printf(!llvm.ptr, ...) -> i32

llvm.func @both_mismatch(%arg: !llvm.array<4 x i8>) {
  // expected-error@below {{var_callee_type parameter type mismatch: '!llvm.ptr' != '!llvm.array<4 x i8>'}}
  %0 = llvm.call @printf(%arg) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.array<4 x i8>) -> i32
  llvm.return
}
