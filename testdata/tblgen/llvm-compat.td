// What differs between LLVM 19 and 22 (--llvm-compat), and 22's language.
// Every CHECK here was checked against llvm-tblgen-19 and llvm-tblgen-22.
// RUN: irkit tblgen --llvm-compat=22 -DL22 %s | FileCheck %s --check-prefixes=CHECK,L22
// RUN: irkit tblgen --llvm-compat=19 %s | FileCheck %s --check-prefixes=CHECK,L19
// RUN: irkit tblgen -DL22 %s | FileCheck %s --check-prefixes=CHECK,L22
// RUN: not irkit tblgen --llvm-compat=19 -DL22 %s 2>&1 | FileCheck %s --check-prefix=NOT19
// RUN: irkit tblgen --llvm-compat=22 --print-detailed-records %s | FileCheck %s --check-prefix=DET22
// RUN: irkit tblgen --llvm-compat=19 --print-detailed-records %s | FileCheck %s --check-prefix=DET19
// RUN: irkit tblgen --print-enums --class=Num %s | FileCheck %s --check-prefix=ENUMS
// RUN: irkit tblgen --null-backend %s | FileCheck %s --check-prefix=NULL --allow-empty
// NULL-NOT: {{.}}

class Base;
class Other;
class Sub : Base;

// 22 keeps !isa of an unrelated class unresolved until the value is
// concrete (a subclass of Base may also derive from Other); 19 folds it.
class IsA<Base b> {
  bit same = !isa<Base>(b);
  bit other = !isa<Other>(b);
}
// CHECK-LABEL: class IsA<Base IsA:b = ?> {
// CHECK-NEXT:    bit same = 1;
// L22-NEXT:      bit other = !cast<bit>(!isa<Other>(IsA:b));
// L19-NEXT:      bit other = 0;

deftype Number = int;
class Num<Number n> { Number v = n; }
def x_16 : Num<16>;
def x_2 : Num<2>;
def UseIsA : IsA<Sub<>>;

// CHECK-LABEL: def UseIsA {
// CHECK-NEXT:    bit same = 1;
// CHECK-NEXT:    bit other = 0;

// !instances lists records in LLVM's numeric-aware name order.
#ifdef L22
def ZInstances { list<Num> all = !instances<Num>(); }
#endif
// NOT19: llvm-compat.td:[[@LINE-2]]:34: error: Unknown operator
// L22-LABEL: def ZInstances {
// L22-NEXT:    list<Num> all = [x_2, x_16];

// The anonymous def is located where Sub<> was written at 22, at its class
// at 19.

// ENUMS: x_2, x_16,

// The superclass list of --print-detailed-records puts indirect ones in
// parentheses; a let moves a field's location to the let.
// DET22-LABEL: UseIsA  |llvm-compat.td:32|
// DET22-NEXT:    Superclasses: IsA
// DET22-LABEL: anonymous_0  |llvm-compat.td:32|
// DET22-NEXT:    Superclasses: (Base) Sub
// DET19-LABEL: anonymous_0  |llvm-compat.td:15|
// DET19-NEXT:    Superclasses: (Base) Sub
