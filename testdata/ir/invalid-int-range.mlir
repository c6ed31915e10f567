// RUN: irkit opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Checked with: mlir-opt-19 %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Integer attribute literals against their type's range, as MLIR 19's
// buildAttributeAPInt checks them: signed types and index keep the sign
// bit clear for positive values; signless types accept either reading.

"t.ok"() {a = 255 : i8, b = -128 : si8, c = 127 : si8, d = 9223372036854775807 : index} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"t.a"() {a = 128 : si8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"t.b"() {a = 9223372036854775808 : index} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"t.c"() {a = dense<[1, 32768]> : tensor<2xsi16>} : () -> ()
