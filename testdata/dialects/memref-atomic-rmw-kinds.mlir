// memref.atomic_rmw's kind enum differs by release: MLIR 22 renumbered the
// cases (alphabetical) and added `xori`, so the same keywords give other
// integers in the generic form; `maxnumf`/`minnumf` take any value type at
// both releases. Expected lines are mlir-opt-22's and mlir-opt-19's.
// RUN: irkit opt --mlir-compat=22 --mlir-print-op-generic %s | FileCheck %s --check-prefix=V22
// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic %s | FileCheck %s --check-prefix=V19
// RUN: irkit opt --mlir-compat=22 %s | irkit opt --mlir-compat=22 --mlir-print-op-generic - | FileCheck %s --check-prefix=V22

func.func @rmw(%F: memref<10xf32>, %I: memref<10xi32>, %f: f32, %i: i32, %x: index) {
  %0 = memref.atomic_rmw addf %f, %F[%x] : (f32, memref<10xf32>) -> f32
  %1 = memref.atomic_rmw maximumf %f, %F[%x] : (f32, memref<10xf32>) -> f32
  %2 = memref.atomic_rmw maxnumf %i, %I[%x] : (i32, memref<10xi32>) -> i32
  %3 = memref.atomic_rmw minnumf %f, %F[%x] : (f32, memref<10xf32>) -> f32
  %4 = memref.atomic_rmw andi %i, %I[%x] : (i32, memref<10xi32>) -> i32
  %5 = memref.atomic_rmw assign %f, %F[%x] : (f32, memref<10xf32>) -> f32
  %6 = memref.atomic_rmw ori %i, %I[%x] : (i32, memref<10xi32>) -> i32
  %7 = memref.atomic_rmw minu %i, %I[%x] : (i32, memref<10xi32>) -> i32
  return
}

// V22: %0 = "memref.atomic_rmw"(%arg2, %arg0, %arg4) <{kind = 0 : i64}> : (f32, memref<10xf32>, index) -> f32
// V22-NEXT: %1 = "memref.atomic_rmw"(%arg2, %arg0, %arg4) <{kind = 4 : i64}> : (f32, memref<10xf32>, index) -> f32
// V22-NEXT: %2 = "memref.atomic_rmw"(%arg3, %arg1, %arg4) <{kind = 5 : i64}> : (i32, memref<10xi32>, index) -> i32
// V22-NEXT: %3 = "memref.atomic_rmw"(%arg2, %arg0, %arg4) <{kind = 9 : i64}> : (f32, memref<10xf32>, index) -> f32
// V22-NEXT: %4 = "memref.atomic_rmw"(%arg3, %arg1, %arg4) <{kind = 2 : i64}> : (i32, memref<10xi32>, index) -> i32
// V22-NEXT: %5 = "memref.atomic_rmw"(%arg2, %arg0, %arg4) <{kind = 3 : i64}> : (f32, memref<10xf32>, index) -> f32
// V22-NEXT: %6 = "memref.atomic_rmw"(%arg3, %arg1, %arg4) <{kind = 14 : i64}> : (i32, memref<10xi32>, index) -> i32
// V22-NEXT: %7 = "memref.atomic_rmw"(%arg3, %arg1, %arg4) <{kind = 11 : i64}> : (i32, memref<10xi32>, index) -> i32

// V19: %0 = "memref.atomic_rmw"(%arg2, %arg0, %arg4) <{kind = 0 : i64}> : (f32, memref<10xf32>, index) -> f32
// V19-NEXT: %1 = "memref.atomic_rmw"(%arg2, %arg0, %arg4) <{kind = 3 : i64}> : (f32, memref<10xf32>, index) -> f32
// V19-NEXT: %2 = "memref.atomic_rmw"(%arg3, %arg1, %arg4) <{kind = 13 : i64}> : (i32, memref<10xi32>, index) -> i32
// V19-NEXT: %3 = "memref.atomic_rmw"(%arg2, %arg0, %arg4) <{kind = 14 : i64}> : (f32, memref<10xf32>, index) -> f32
// V19-NEXT: %4 = "memref.atomic_rmw"(%arg3, %arg1, %arg4) <{kind = 12 : i64}> : (i32, memref<10xi32>, index) -> i32
// V19-NEXT: %5 = "memref.atomic_rmw"(%arg2, %arg0, %arg4) <{kind = 2 : i64}> : (f32, memref<10xf32>, index) -> f32
// V19-NEXT: %6 = "memref.atomic_rmw"(%arg3, %arg1, %arg4) <{kind = 11 : i64}> : (i32, memref<10xi32>, index) -> i32
// V19-NEXT: %7 = "memref.atomic_rmw"(%arg3, %arg1, %arg4) <{kind = 8 : i64}> : (i32, memref<10xi32>, index) -> i32
