// 10,000 nested regions: a diagnostic, never a stack overflow.
// RUN: python3 -c "n = 10000; print('\"test.op\"() ({\n' * n + '}) : () -> ()\n' * n)" > %t.mlir
// RUN: not irkit verify %t.mlir 2>&1 | FileCheck %s
// RUN: not irkit opt --mlir-print-op-generic %t.mlir 2>&1 | FileCheck %s
// CHECK: {{.*}}.mlir:1001:14: error: nesting too deep: more than 1000 levels of regions, attributes or types
// Nested attributes and types are bounded the same way.
// RUN: python3 -c "n = 5000; print('\"test.op\"() {a = ' + '[' * n + ']' * n + '} : () -> ()')" > %t.attr.mlir
// RUN: not irkit verify %t.attr.mlir 2>&1 | FileCheck %s --check-prefix=ATTR
// ATTR: error: nesting too deep
// RUN: python3 -c "n = 5000; print('\"test.op\"() : () -> ' + 'tuple<' * n + 'i32' + '>' * n)" > %t.type.mlir
// RUN: not irkit verify %t.type.mlir 2>&1 | FileCheck %s --check-prefix=ATTR
