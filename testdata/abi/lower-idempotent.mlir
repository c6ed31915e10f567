// Running the pass on its own output changes nothing: the module carries
// `abi.lowered` after the first run. --target-features=+avx widens the vector
// registers, so a 256-bit vector is passed directly instead of byval.
// RUN: irkit opt --mlir-print-op-generic --abi-lower --triple=x86_64-unknown-linux-gnu %s | irkit opt --mlir-print-op-generic --abi-lower --triple=x86_64-unknown-linux-gnu | FileCheck %s
// RUN: irkit opt --mlir-print-op-generic --abi-lower --triple=x86_64-unknown-linux-gnu --target-features=+avx %s | FileCheck %s --check-prefix=AVX
//
// C: typedef float v8 __attribute__((vector_size(32)));
// C: v8 vec(v8 x, int i) { return x; }
// clang-19:       define <8 x float> @vec(ptr byval(<8 x float>) align 32, i32)
// clang-19 +avx:  define <8 x float> @vec(<8 x float>, i32)

"cir.func"() <{function_type = !cir.func<(!cir.vector<!cir.float x 8>, !cir.int<s, 32>) -> !cir.vector<!cir.float x 8>>, sym_name = "vec"}> ({
^bb0(%x: !cir.vector<!cir.float x 8>, %i: !cir.int<s, 32>):
  "cir.return"(%x) : (!cir.vector<!cir.float x 8>) -> ()
}) : () -> ()

// CHECK-LABEL: "cir.func"() <{arg_attrs = [{abi.align = 32 : i64, abi.byval = !cir.vector<!cir.float x 8>}, {}], function_type = !cir.func<(!cir.ptr<!cir.vector<!cir.float x 8>>, !cir.int<s, 32>) -> !cir.vector<!cir.float x 8>>, sym_name = "vec"}> ({
// CHECK-NEXT: ^bb0(%[[P:[a-z0-9]+]]: !cir.ptr<!cir.vector<!cir.float x 8>>, %{{[a-z0-9]+}}: !cir.int<s, 32>):
// CHECK-NEXT: %[[X:[a-z0-9]+]] = "cir.load"(%[[P]]) : (!cir.ptr<!cir.vector<!cir.float x 8>>) -> !cir.vector<!cir.float x 8>
// CHECK-NEXT: "cir.return"(%[[X]]) : (!cir.vector<!cir.float x 8>) -> ()
// CHECK-NEXT: }) : () -> ()
// CHECK-NEXT: }) {abi.lowered} : () -> ()

// AVX-LABEL: "cir.func"() <{function_type = !cir.func<(!cir.vector<!cir.float x 8>, !cir.int<s, 32>) -> !cir.vector<!cir.float x 8>>, sym_name = "vec"}> ({
// AVX-NEXT: ^bb0(%[[X:[a-z0-9]+]]: !cir.vector<!cir.float x 8>, %{{[a-z0-9]+}}: !cir.int<s, 32>):
// AVX-NEXT: "cir.return"(%[[X]]) : (!cir.vector<!cir.float x 8>) -> ()
