// --dump-json: every value kind, !instanceof, !fields, !superclasses,
// !anonymous and !name.
// RUN: irkit tblgen --dump-json %s | FileCheck %s

class Op;
def ops : Op;
class Base<int n> { int N = n; field bits<3> F = n; }
def J : Base<5> {
  bit b = 1;
  string s = "quote\" tab\t";
  code c = [{ x }];
  list<int> l = [1, 2];
  dag d = (ops 1:$a, ?:$b);
  Op o = ops;
  int u = ?;
}
def : Base<2>;
class Lazy<int n> { int v = n; bits<2> vb = n; }
def K { Lazy L = Lazy<1>; }
// CHECK: "!instanceof":{"Base":["J","anonymous_0"],"Lazy":["anonymous_1"],"Op":["ops"]}
// CHECK-SAME: "!tablegen_json_version":1

// CHECK-DAG: "!anonymous":false
// CHECK-DAG: "!fields":["F"]
// CHECK-DAG: "!name":"J"
// CHECK-DAG: "!superclasses":["Base"]
// CHECK-DAG: "F":[1,0,1]
// CHECK-DAG: "N":5
// CHECK-DAG: "b":1
// CHECK-DAG: "c":" x "
// CHECK-DAG: "d":{"args":{{\[\[}}1,"a"],[null,"b"]],"kind":"dag","operator":{"def":"ops","kind":"def","printable":"ops"},"printable":"(ops 1:$a, ?:$b)"}
// CHECK-DAG: "l":[1,2]
// CHECK-DAG: "o":{"def":"ops","kind":"def","printable":"ops"}
// CHECK-DAG: "s":"quote\" tab\t"
// CHECK-DAG: "u":null
// CHECK-DAG: "!anonymous":false
// CHECK-DAG: "!fields":[]
// CHECK-DAG: "!name":"K"
// CHECK-DAG: "!superclasses":[]
// CHECK-DAG: "L":{"def":"anonymous_1","kind":"def","printable":"anonymous_1"}
// CHECK-DAG: "!anonymous":true
// CHECK-DAG: "!fields":["F"]
// CHECK-DAG: "!name":"anonymous_0"
// CHECK-DAG: "!superclasses":["Base"]
// CHECK-DAG: "F":[0,1,0]
// CHECK-DAG: "N":2
// CHECK-DAG: "!anonymous":true
// CHECK-DAG: "!fields":[]
// CHECK-DAG: "!name":"anonymous_1"
// CHECK-DAG: "!superclasses":["Lazy"]
// CHECK-DAG: "v":1
// CHECK-DAG: "vb":[1,0]
// CHECK-DAG: "!anonymous":false
// CHECK-DAG: "!fields":[]
// CHECK-DAG: "!name":"ops"
// CHECK-DAG: "!superclasses":["Op"]
