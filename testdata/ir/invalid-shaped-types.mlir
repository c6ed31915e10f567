// RUN: irkit opt --mlir-compat=19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Element types of vector/tensor/memref/complex (isValidElementType), memref
// memory spaces (isSupportedMemorySpace), layouts against the rank, and the
// order of layout and memory space.

// expected-error @+1 {{vector elements must be int/index/float type}}
"foo"() {t = vector<4x!llvm.ptr>} : () -> ()

// -----

// expected-error @+1 {{invalid tensor element type}}
"foo"() {t = tensor<4xtuple<i32>>} : () -> ()

// -----

// expected-error @+1 {{invalid memref element type}}
"foo"() {t = memref<4x!llvm.ptr>} : () -> ()

// -----

// expected-error @+1 {{invalid memref element type}}
"foo"() {t = memref<*xnone>} : () -> ()

// -----

// expected-error @+1 {{invalid element type for complex}}
"foo"() {t = complex<index>} : () -> ()

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"foo"() {t = memref<2xi8, [1]>} : () -> ()

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"foo"() {t = memref<*xi8, i8>} : () -> ()

// -----

// expected-error @+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
"foo"() {t = memref<2xi8, affine_map<(d0, d1) -> (d0)>>} : () -> ()

// -----

// expected-error @+1 {{expected the number of strides to match the rank}}
"foo"() {t = memref<2xi8, strided<[1, 2]>>} : () -> ()

// -----

// expected-error @+1 {{expected memory space to be last in memref type}}
"foo"() {t = memref<2xi8, 1, affine_map<(d0) -> (d0)>>} : () -> ()

// -----

// expected-error @+1 {{expected list element}}
"foo"() {t = memref<2xi8, >} : () -> ()

// -----

// Accepted: a tensor of dialect types, string and dictionary memory
// spaces, a later layout replacing an earlier one, `<=` in an integer set.
"foo"() {a = tensor<4x!llvm.ptr>, b = memref<2xi8, "x">, c = memref<2xi8, {a}>,
         d = memref<2xi8, strided<[1]>, strided<[3]>>,
         e = affine_set<(i) : (i <= 0)>} : () -> ()
