// List operators.
// RUN: irkit tblgen %s | FileCheck %s

def Lists {
  list<int> cat = !listconcat([1, 2], [3], [4, 5]);
  list<int> paste = [1] # [2, 3];
  list<string> splat = !listsplat("x", 3);
  list<int> rem = !listremove([1, 2, 3, 2], [2]);
  int head = !head([7, 8]);
  list<int> tail = !tail([7, 8, 9]);
  int size = !size([1, 2, 3]);
  bit empty = !empty([]<int>);
  list<int> fe = !foreach(x, [1, 2, 3], !mul(x, x));
  list<int> flt = !filter(x, [1, 2, 3, 4], !eq(!and(x, 1), 0));
  int sum = !foldl(0, [1, 2, 3, 4], acc, x, !add(acc, x));
  list<int> r1 = !range(4);
  list<int> r2 = !range(2, 5);
  list<int> r3 = !range(10, 0, -3);
  list<int> r4 = !range(["a", "b"]);
  string il = !interleave([1, 2, 3], ", ");
  string is = !interleave(["a", "b"], "-");
  list<list<int>> nested = [[1], [2, 3]];
}

// CHECK-LABEL: ------------- Classes -----------------
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def Lists {
// CHECK-NEXT:   list<int> cat = [1, 2, 3, 4, 5];
// CHECK-NEXT:   list<int> paste = [1, 2, 3];
// CHECK-NEXT:   list<string> splat = ["x", "x", "x"];
// CHECK-NEXT:   list<int> rem = [1, 3];
// CHECK-NEXT:   int head = 7;
// CHECK-NEXT:   list<int> tail = [8, 9];
// CHECK-NEXT:   int size = 3;
// CHECK-NEXT:   bit empty = 1;
// CHECK-NEXT:   list<int> fe = [1, 4, 9];
// CHECK-NEXT:   list<int> flt = [2, 4];
// CHECK-NEXT:   int sum = 10;
// CHECK-NEXT:   list<int> r1 = [0, 1, 2, 3];
// CHECK-NEXT:   list<int> r2 = [2, 3, 4];
// CHECK-NEXT:   list<int> r3 = [10, 7, 4, 1];
// CHECK-NEXT:   list<int> r4 = [0, 1];
// CHECK-NEXT:   string il = "1, 2, 3";
// CHECK-NEXT:   string is = "a-b";
// CHECK-NEXT:   list<list<int>> nested = {{\[\[}}1], [2, 3]];
// CHECK-NEXT: }
