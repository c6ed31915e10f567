// !and whose first operand becomes 0, !or whose first operand becomes -1,
// once a template argument or loop variable is substituted: llvm-tblgen-22
// gives that value at once, llvm-tblgen-19 keeps the operator (checked with
// both). Written as parsed, `!and(0, a)` stays in both. Found by td-diff.
// RUN: irkit tblgen %s | FileCheck %s --check-prefixes=CHECK,V22
// RUN: irkit tblgen --llvm-compat=19 %s | FileCheck %s --check-prefixes=CHECK,V19

class G<int a> {
  list<int> x = !foreach(v, [0], !and(v, a));
  list<int> y = !foreach(v, [0], !and(a, v));
  list<int> z = !foreach(v, [-1], !or(v, a));
  list<int> w = !foreach(v, [0], !mul(v, a));
  int f = !foldl(a, !range(3), acc, e, !and(e, acc));
}
class H<int a> { int x = !and(0, a); }
class I<int a> : H<a>;
class J<int a, int b> { int x = !or(b, a); }
class K<int a> : J<a, -1>;

// CHECK-LABEL: class G<int G:a = ?> {
// V22-NEXT:   list<int> x = [0];
// V19-NEXT:   list<int> x = [!and(0, G:a)];
// CHECK-NEXT:   list<int> y = [!and(G:a, 0)];
// V22-NEXT:   list<int> z = [-1];
// V19-NEXT:   list<int> z = [!or(-1, G:a)];
// CHECK-NEXT:   list<int> w = [!mul(0, G:a)];
// V22-NEXT:   int f = 0;
// V19-NEXT:   int f = !and(2, !and(1, !and(0, G:a)));
// CHECK-LABEL: class H<int H:a = ?> {
// CHECK-NEXT:   int x = !and(0, H:a);
// CHECK-LABEL: class I<int I:a = ?> {
// V22-NEXT:   int x = 0;
// V19-NEXT:   int x = !and(0, I:a);
// CHECK-LABEL: class K<int K:a = ?> {
// V22-NEXT:   int x = -1;
// V19-NEXT:   int x = !or(-1, K:a);
