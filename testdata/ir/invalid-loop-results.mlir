// RUN: irkit opt --mlir-compat=22 %s --split-input-file --verify-diagnostics
// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics
// Checked with: mlir-opt-22 and mlir-opt-19 %s --split-input-file --verify-diagnostics
// Two first errors found by verify-diff mutants: LoopLikeOpInterface names
// every iter_arg/result mismatch the 0-th (MLIR's counter is bumped outside
// its loop), and collapse_shape's expected type prints its memory space as
// the type does (`3`, not `3 : i64`).

func.func @for_result_1(%lb: index, %ub: index, %st: index, %a: i32) {
  // expected-error @+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'index'}}
  %0:2 = "scf.for"(%lb, %ub, %st, %a, %a) ({
  ^bb0(%i: index, %x: i32, %y: i32):
    "scf.yield"(%x, %y) : (i32, i32) -> ()
  }) : (index, index, index, i32, i32) -> (i32, index)
  return
}

// -----

func.func @collapse_space(%m: memref<?x?xf32, 3>) {
  // expected-error @+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<?xf32, 3>' but found 'memref<?xf32, strided<[1]>, 3>'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<?x?xf32, 3> into memref<?xf32, strided<[1]>, 3>
  return
}
