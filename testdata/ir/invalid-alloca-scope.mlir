// RUN: irkit opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// memref.alloca needs an ancestor with AutomaticAllocationScope (func.func,
// llvm.func, scf.for/forall/parallel, memref.alloca_scope; not
// scf.execute_region, builtin.module or an unregistered op), and
// builtin.unrealized_conversion_cast needs a result.

"test.no_scope"() ({
  // expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<1xf32>
  "test.end"() : () -> ()
}) : () -> ()

// -----

func.func @scopes(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.alloca() : memref<1xf32>
  }
  scf.execute_region {
    %1 = memref.alloca() : memref<1xf32>
    scf.yield
  }
  memref.alloca_scope {
    %2 = memref.alloca() : memref<1xf32>
  }
  return
}

llvm.func @llvm_scope() {
  %0 = memref.alloca() : memref<1xf32>
  llvm.return
}

// -----

module {
  // expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<1xf32>
}

// -----

// expected-error @+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
"builtin.unrealized_conversion_cast"() : () -> ()
