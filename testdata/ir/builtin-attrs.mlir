// RUN: irkit opt --mlir-print-op-generic %s | FileCheck %s --match-full-lines --strict-whitespace
// Expected output checked against mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic.

// Builtin attributes: integers of any width, floats (decimal and hex), strings
// with escapes, unit, arrays, dictionaries (sorted), symbol references, dense
// and array attributes, affine maps/sets (aliased), opaque dialect attributes.
"test.attrs"() {
  a = 1, b = -1 : i8, c = 1 : i1, d = true, e = false, f = 1.0, g = 2.5 : f32, h = 0x7FC00000 : f32, i = "s\n\"\\x\01é",
  j = unit, k = [1, "a", [2]], l = {z = 1, a = 2, "b c" = 3}, m = i32, n = @foo, o = @foo::@bar::@baz,
  p = dense<1> : tensor<4xi32>, q = dense<[1, 2, 3]> : tensor<3xi32>, r = dense<[[1.0, 2.0]]> : tensor<1x2xf32>,
  s = dense<"0x01020304"> : tensor<4xi8>, t = array<i32: 1, 2, 3>, u = array<f32: 1.0, 2.0>, v = array<i64>,
  w = affine_map<(d0) -> (d0)>, x = affine_set<(d0) : (d0 >= 0)>, z = #foo<"opaque">, aa = 1.0e10, ab = 0.1 : f64,
  ac = 1.0e-5 : f16, ad = 0x7FF0000000000000, ae = -0.0, af = 123456789.0 : f64, ag = 1.5 : bf16, ah = 100000.0, ai = 1.0e100 : f64,
  aj = dense<true> : tensor<2xi1>, ak = dense<[true, false]> : tensor<2xi1>, al = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>,
  am = dense<> : tensor<0xi32>, an = "\00", ao = 0x10 : i32, ap = -0x10, aq = array<i1: true, false>, ar = @"quoted sym",
  as = dense<["a", "b"]> : tensor<2x!foo.str>, au = 18446744073709551615 : i64,
  av = 340282366920938463463374607431768211455 : i128, ax = 255 : ui8, ay = 3.0 : f80, az = 0.1 : f128,
  bb = [], bc = {}, bd = distinct[0]<1 : i32>, be = 1.0e-300 : f64, bf = dense<[1, 1, 1]> : tensor<3xi16>,
  bg = 123 : index, bh = "typed" : i32, bi = -170141183460469231731687303715884105728 : i128, bj = 3 : si4, bk = 1.0 : tf32,
  bl = dense<[1.5, 2.5]> : vector<2xf64>, bm = #foo.bar<[1, affine_map<(d0) -> (d0)>]>
} : () -> ()

// CHECK:#distinct = distinct[0]<1 : i32>
// CHECK-NEXT:#map = affine_map<(d0) -> (d0)>
// CHECK-NEXT:#set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "test.attrs"() {a = 1 : i64, aa = 1.000000e+10 : f64, ab = 1.000000e-01 : f64, ac = 1.001360e-05 : f16, ad = 9218868437227405312 : i64, ae = -0.000000e+00 : f64, af = 0x419D6F3454000000 : f64, ag = 1.500000e+00 : bf16, ah = 1.000000e+05 : f64, ai = 1.000000e+100 : f64, aj = dense<true> : tensor<2xi1>, ak = dense<[true, false]> : tensor<2xi1>, al = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>, am = dense<> : tensor<0xi32>, an = "\00", ao = 16 : i32, ap = -16 : i64, aq = array<i1: true, false>, ar = @"quoted sym", as = dense<["a", "b"]> : tensor<2x!foo.str>, au = -1 : i64, av = -1 : i128, ax = 255 : ui8, ay = 3.000000e+00 : f80, az = 0.100000000000000005551115123125782702 : f128, b = -1 : i8, bb = [], bc = {}, bd = #distinct, be = 1.000000e-300 : f64, bf = dense<1> : tensor<3xi16>, bg = 123 : index, bh = "typed" : i32, bi = -170141183460469231731687303715884105728 : i128, bj = 3 : si4, bk = 1.000000e+00 : tf32, bl = dense<[1.500000e+00, 2.500000e+00]> : vector<2xf64>, bm = #foo.bar<[1, affine_map<(d0) -> (d0)>]>, c = true, d = true, e = false, f = 1.000000e+00 : f64, g = 2.500000e+00 : f32, h = 0x7FC00000 : f32, i = "s\0A\22\\x\01\C3\A9", j, k = [1, "a", [2]], l = {a = 2 : i64, "b c" = 3 : i64, z = 1 : i64}, m = i32, n = @foo, o = @foo::@bar::@baz, p = dense<1> : tensor<4xi32>, q = dense<[1, 2, 3]> : tensor<3xi32>, r = dense<{{\[\[}}1.000000e+00, 2.000000e+00]]> : tensor<1x2xf32>, s = dense<[1, 2, 3, 4]> : tensor<4xi8>, t = array<i32: 1, 2, 3>, u = array<f32: 1.000000e+00, 2.000000e+00>, v = array<i64>, w = #map, x = #set, z = #foo<"opaque">} : () -> ()
// CHECK-NEXT:}) : () -> ()
