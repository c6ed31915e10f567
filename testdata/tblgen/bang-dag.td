// Dag values and dag operators.
// RUN: irkit tblgen %s | FileCheck %s

class OpClass;
def ops : OpClass;
def ins : OpClass;
def outs : OpClass;
class Node<int v> { int V = v; }
def n1 : Node<1>;

def Dags {
  dag plain = (ops 1, "s":$name, $only, n1:$n);
  dag named = (ops:$op 1);
  dag con = !con((ops 1:$a), (ops 2:$b), (ops));
  dag mk = !dag(ins, [1, 2], ["x", "y"]);
  dag mk2 = !dag(outs, [3], ?);
  OpClass op = !getdagop<OpClass>((ops 1));
  dag anyop = (ops (!getdagop((ins 1)) 2));
  dag setop = !setdagop((ops 1, 2), ins);
  int arg0 = !getdagarg<int>((ops 5:$a, 6:$b), 1);
  int argb = !getdagarg<int>((ops 5:$a, 6:$b), "a");
  string name1 = !getdagname((ops 5:$a, 6:$b), 1);
  dag setarg = !setdagarg((ops 5:$a, 6:$b), "b", 7);
  dag setname = !setdagname((ops 5:$a, 6:$b), 0, "z");
  dag fe = !foreach(x, (ops (ins 1), (outs 2)), x);
  int sz = !size((ops 1, 2, 3));
  bit emp = !empty((ops));
}

// CHECK-LABEL: ------------- Classes -----------------
// CHECK-LABEL: class Node<int Node:v = ?> {
// CHECK-NEXT:   int V = Node:v;
// CHECK-NEXT: }
// CHECK-LABEL: class OpClass {
// CHECK-NEXT: }
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def Dags {
// CHECK-NEXT:   dag plain = (ops 1, "s":$name, ?:$only, n1:$n);
// CHECK-NEXT:   dag named = (ops:$op 1);
// CHECK-NEXT:   dag con = (ops 1:$a, 2:$b);
// CHECK-NEXT:   dag mk = (ins 1:$x, 2:$y);
// CHECK-NEXT:   dag mk2 = (outs 3);
// CHECK-NEXT:   OpClass op = ops;
// CHECK-NEXT:   dag anyop = (ops (ins 2));
// CHECK-NEXT:   dag setop = (ins 1, 2);
// CHECK-NEXT:   int arg0 = 6;
// CHECK-NEXT:   int argb = 5;
// CHECK-NEXT:   string name1 = "b";
// CHECK-NEXT:   dag setarg = (ops 5:$a, 7:$b);
// CHECK-NEXT:   dag setname = (ops 5:$z, 6:$b);
// CHECK-NEXT:   dag fe = (ops (ins 1), (outs 2));
// CHECK-NEXT:   int sz = 3;
// CHECK-NEXT:   bit emp = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def ins {	// OpClass
// CHECK-NEXT: }
// CHECK-LABEL: def n1 {	// Node
// CHECK-NEXT:   int V = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def ops {	// OpClass
// CHECK-NEXT: }
// CHECK-LABEL: def outs {	// OpClass
// CHECK-NEXT: }
