// RUN: irkit opt --mlir-compat=19 --mlir-print-op-generic %s | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic.

// Generic form of ops from many upstream dialects (made by mlir-opt-19 from
// custom syntax): registered dialect attributes/types print verbatim.
#map = affine_map<(d0)[s0] -> (d0 + s0)>
#map1 = affine_map<(d0) -> (d0 + 1)>
#map2 = affine_map<() -> (0)>
#map3 = affine_map<() -> (10)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xf32>, index, tensor<4x4xf32>) -> f32, sym_name = "f"}> ({
  ^bb0(%arg3: memref<?xf32>, %arg4: index, %arg5: tensor<4x4xf32>):
    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
    %6 = "arith.constant"() <{value = 1 : index}> : () -> index
    %7 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %8 = "scf.for"(%5, %arg4, %6, %7) ({
    ^bb0(%arg9: index, %arg10: f32):
      %24 = "memref.load"(%arg3, %arg9) : (memref<?xf32>, index) -> f32
      %25 = "arith.addf"(%arg10, %24) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
      "scf.yield"(%25) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "affine.for"() <{lowerBoundMap = #map2, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map3}> ({
    ^bb0(%arg8: index):
      %23 = "affine.apply"(%arg8, %arg4) <{map = #map}> : (index, index) -> index
      "affine.store"(%7, %arg3, %arg8) <{map = #map1}> : (f32, memref<?xf32>, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    %9 = "tensor.extract_slice"(%arg5) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>) -> tensor<2x2xf32>
    %10 = "vector.broadcast"(%7) : (f32) -> vector<4xf32>
    %11 = "vector.reduction"(%10) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
    %12 = "arith.cmpf"(%11, %8) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
    %13 = "arith.select"(%12, %11, %8) : (i1, f32, f32) -> f32
    %14 = "complex.create"(%13, %13) : (f32, f32) -> complex<f32>
    %15 = "math.sqrt"(%13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %16 = "index.add"(%5, %6) : (index, index) -> index
    "cf.assert"(%12) <{msg = "failed \22quote\22"}> : (i1) -> ()
    %17 = "memref.alloc"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x4xf32, strided<[4, 1], offset: 8>>
    %18 = "memref.cast"(%arg3) : (memref<?xf32>) -> memref<*xf32>
    %19 = "linalg.generic"(%arg5, %arg5) <{indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32):
      %22 = "arith.mulf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%22) : (f32) -> ()
    }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %20 = "async.execute"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
      "async.yield"() : () -> ()
    }) : () -> !async.token
    %21 = "ub.poison"() <{value = #ub.poison}> : () -> i32
    "func.return"(%15) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, res_attrs = [{llvm.noundef}], sym_name = "decl", sym_visibility = "private"}> ({
  }) {llvm.linkage = #llvm.linkage<internal>} : () -> ()
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<struct<(i32, f64)> (ptr, i32)>, linkage = #llvm.linkage<external>, passthrough = ["nounwind"], sym_name = "lf", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg1: !llvm.ptr, %arg2: i32):
    %1 = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f64)>
    %2 = "llvm.insertvalue"(%1, %arg2) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f64)>, i32) -> !llvm.struct<(i32, f64)>
    %3 = "llvm.load"(%arg1) <{alignment = 4 : i64, ordering = 0 : i64}> : (!llvm.ptr) -> vector<4xi32>
    %4 = "llvm.getelementptr"(%arg1) <{elem_type = !llvm.array<4 x struct<"s", (i32)>>, inbounds, rawConstantIndices = array<i32: 1, 2>}> : (!llvm.ptr) -> !llvm.ptr
    "llvm.return"(%2) : (!llvm.struct<(i32, f64)>) -> ()
  }) : () -> ()
  "gpu.module"() <{sym_name = "kernels"}> ({
    "gpu.func"() <{function_type = (f32) -> ()}> ({
    ^bb0(%arg0: f32):
      %0 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
      "gpu.return"() : () -> ()
    }) {gpu.kernel, sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
    "gpu.module_end"() : () -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : vector<2xi64>>>} : () -> ()

// CHECK:#map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT:#map1 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT:#map2 = affine_map<() -> (0)>
// CHECK-NEXT:#map3 = affine_map<() -> (10)>
// CHECK-NEXT:#map4 = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = (memref<?xf32>, index, tensor<4x4xf32>) -> f32, sym_name = "f"}> ({
// CHECK-NEXT:  ^bb0(%arg3: memref<?xf32>, %arg4: index, %arg5: tensor<4x4xf32>):
// CHECK-NEXT:    %5 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:    %6 = "arith.constant"() <{value = 1 : index}> : () -> index
// CHECK-NEXT:    %7 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:    %8 = "scf.for"(%5, %arg4, %6, %7) ({
// CHECK-NEXT:    ^bb0(%arg9: index, %arg10: f32):
// CHECK-NEXT:      %24 = "memref.load"(%arg3, %arg9) : (memref<?xf32>, index) -> f32
// CHECK-NEXT:      %25 = "arith.addf"(%arg10, %24) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// CHECK-NEXT:      "scf.yield"(%25) : (f32) -> ()
// CHECK-NEXT:    }) : (index, index, index, f32) -> f32
// CHECK-NEXT:    "affine.for"() <{lowerBoundMap = #map2, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map3}> ({
// CHECK-NEXT:    ^bb0(%arg8: index):
// CHECK-NEXT:      %23 = "affine.apply"(%arg8, %arg4) <{map = #map}> : (index, index) -> index
// CHECK-NEXT:      "affine.store"(%7, %arg3, %arg8) <{map = #map1}> : (f32, memref<?xf32>, index) -> ()
// CHECK-NEXT:      "affine.yield"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    %9 = "tensor.extract_slice"(%arg5) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (tensor<4x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %10 = "vector.broadcast"(%7) : (f32) -> vector<4xf32>
// CHECK-NEXT:    %11 = "vector.reduction"(%10) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<4xf32>) -> f32
// CHECK-NEXT:    %12 = "arith.cmpf"(%11, %8) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
// CHECK-NEXT:    %13 = "arith.select"(%12, %11, %8) : (i1, f32, f32) -> f32
// CHECK-NEXT:    %14 = "complex.create"(%13, %13) : (f32, f32) -> complex<f32>
// CHECK-NEXT:    %15 = "math.sqrt"(%13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// CHECK-NEXT:    %16 = "index.add"(%5, %6) : (index, index) -> index
// CHECK-NEXT:    "cf.assert"(%12) <{msg = "failed \22quote\22"}> : (i1) -> ()
// CHECK-NEXT:    %17 = "memref.alloc"() <{alignment = 64 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x4xf32, strided<[4, 1], offset: 8>>
// CHECK-NEXT:    %18 = "memref.cast"(%arg3) : (memref<?xf32>) -> memref<*xf32>
// CHECK-NEXT:    %19 = "linalg.generic"(%arg5, %arg5) <{indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
// CHECK-NEXT:    ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT:      %22 = "arith.mulf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:      "linalg.yield"(%22) : (f32) -> ()
// CHECK-NEXT:    }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    %20 = "async.execute"() <{operandSegmentSizes = array<i32: 0, 0>}> ({
// CHECK-NEXT:      "async.yield"() : () -> ()
// CHECK-NEXT:    }) : () -> !async.token
// CHECK-NEXT:    %21 = "ub.poison"() <{value = #ub.poison}> : () -> i32
// CHECK-NEXT:    "func.return"(%15) : (f32) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "func.func"() <{function_type = (i32) -> i32, res_attrs = [{llvm.noundef}], sym_name = "decl", sym_visibility = "private"}> ({
// CHECK-NEXT:  }) {llvm.linkage = #llvm.linkage<internal>} : () -> ()
// CHECK-NEXT:  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<struct<(i32, f64)> (ptr, i32)>, linkage = #llvm.linkage<external>, passthrough = ["nounwind"], sym_name = "lf", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
// CHECK-NEXT:  ^bb0(%arg1: !llvm.ptr, %arg2: i32):
// CHECK-NEXT:    %1 = "llvm.mlir.undef"() : () -> !llvm.struct<(i32, f64)>
// CHECK-NEXT:    %2 = "llvm.insertvalue"(%1, %arg2) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f64)>, i32) -> !llvm.struct<(i32, f64)>
// CHECK-NEXT:    %3 = "llvm.load"(%arg1) <{alignment = 4 : i64, ordering = 0 : i64}> : (!llvm.ptr) -> vector<4xi32>
// CHECK-NEXT:    %4 = "llvm.getelementptr"(%arg1) <{elem_type = !llvm.array<4 x struct<"s", (i32)>>, inbounds, rawConstantIndices = array<i32: 1, 2>}> : (!llvm.ptr) -> !llvm.ptr
// CHECK-NEXT:    "llvm.return"(%2) : (!llvm.struct<(i32, f64)>) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "gpu.module"() <{sym_name = "kernels"}> ({
// CHECK-NEXT:    "gpu.func"() <{function_type = (f32) -> ()}> ({
// CHECK-NEXT:    ^bb0(%arg0: f32):
// CHECK-NEXT:      %0 = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
// CHECK-NEXT:      "gpu.return"() : () -> ()
// CHECK-NEXT:    }) {gpu.kernel, sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
// CHECK-NEXT:    "gpu.module_end"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : vector<2xi64>>>} : () -> ()
