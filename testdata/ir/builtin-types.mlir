// RUN: irkit opt --mlir-print-op-generic %s | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic.

// Every builtin type kind, plus opaque dialect types kept verbatim.
"test.types"() {
  a = i1, b = si8, c = ui64, d = i999, e = index, f = bf16, g = f16, h = tf32, i = f32, j = f64, k = f80, l = f128,
  m = f8E5M2, n = f8E4M3FN, o = f8E5M2FNUZ, p = f8E4M3FNUZ, q = f8E4M3B11FNUZ, r = none, s = complex<f32>,
  t = tuple<i32, f32>, t2 = tuple<>, u = vector<4xf32>, v = vector<[4]xf32>, w = vector<2x[4]x3xi8>, x = tensor<?x4xf32>,
  y = tensor<*xf32>, z = tensor<4xf32, #foo.enc>, aa = memref<4x?xf32>, ab = memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>,
  ac = memref<4xf32, 1>, ad = memref<*xf32, 2>, ae = memref<4xf32, strided<[1], offset: ?>>, af = (i32, f32) -> (i64),
  ag = () -> (), ah = (i32) -> (i32, i32), ai = !foo.bar<"x", [1, 2]>, aj = !foo<"bar baz">, ak = !llvm.ptr,
  al = !llvm.struct<(i32, ptr)>, am = tensor<0xi32>, an = vector<1xi1>, ao = memref<4xf32, "ms">,
  aq = tensor<4x?xf32, "enc">, ar = () -> i32, as = (() -> ()) -> (() -> ()),
  au = !d.x<a<b>{c}(d)[e] "s>" -> f>, av = memref<2xf32, affine_map<(d0) -> (d0)>>
} : () -> ()

// CHECK:#map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "test.types"() {a = i1, aa = memref<4x?xf32>, ab = memref<4x4xf32, #map>, ac = memref<4xf32, 1>, ad = memref<*xf32, 2>, ae = memref<4xf32, strided<[1], offset: ?>>, af = (i32, f32) -> i64, ag = () -> (), ah = (i32) -> (i32, i32), ai = !foo.bar<"x", [1, 2]>, aj = !foo<"bar baz">, ak = !llvm.ptr, al = !llvm.struct<(i32, ptr)>, am = tensor<0xi32>, an = vector<1xi1>, ao = memref<4xf32, "ms">, aq = tensor<4x?xf32, "enc">, ar = () -> i32, as = (() -> ()) -> (() -> ()), au = !d.x<a<b>{c}(d)[e] "s>" -> f>, av = memref<2xf32>, b = si8, c = ui64, d = i999, e = index, f = bf16, g = f16, h = tf32, i = f32, j = f64, k = f80, l = f128, m = f8E5M2, n = f8E4M3FN, o = f8E5M2FNUZ, p = f8E4M3FNUZ, q = f8E4M3B11FNUZ, r = none, s = complex<f32>, t = tuple<i32, f32>, t2 = tuple<>, u = vector<4xf32>, v = vector<[4]xf32>, w = vector<2x[4]x3xi8>, x = tensor<?x4xf32>, y = tensor<*xf32>, z = tensor<4xf32, #foo.enc>} : () -> ()
// CHECK-NEXT:}) : () -> ()
