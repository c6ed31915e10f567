// String operators and the paste operator.
// RUN: irkit tblgen %s | FileCheck %s

class Named<string n> { string N = n # "_sfx"; string P = "pre_" # n; }
def Strings : Named<"nm"> {
  string cat = !strconcat("a", "b", "c");
  string subst = !subst("o", "0", "foo boo");
  string substr = !substr("abcdef", 1, 3);
  string substr2 = !substr("abcdef", 2);
  int find = !find("abcabc", "c", 3);
  int nofind = !find("abc", "z");
  string lower = !tolower("MiXeD");
  string upper = !toupper("MiXeD");
  string repr = !repr([1, 2]);
  string castint = !cast<string>(42);
  string adjacent = "one" "two";
  code codecat = [{ a }] # [{ b }];
  string mixed = "s" # [{ c }];
  string numpaste = "r" # 5;
}
def Self { string me = !repr(Strings); }

// CHECK-LABEL: ------------- Classes -----------------
// CHECK-LABEL: class Named<string Named:n = ?> {
// CHECK-NEXT:   string N = !strconcat(Named:n, "_sfx");
// CHECK-NEXT:   string P = !strconcat("pre_", Named:n);
// CHECK-NEXT: }
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def Self {
// CHECK-NEXT:   string me = "Strings {	// Named
// CHECK-NEXT:   string N = "nm_sfx";
// CHECK-NEXT:   string P = "pre_nm";
// CHECK-NEXT:   string cat = "abc";
// CHECK-NEXT:   string subst = "f00 b00";
// CHECK-NEXT:   string substr = "bcd";
// CHECK-NEXT:   string substr2 = "cdef";
// CHECK-NEXT:   int find = 5;
// CHECK-NEXT:   int nofind = -1;
// CHECK-NEXT:   string lower = "mixed";
// CHECK-NEXT:   string upper = "MIXED";
// CHECK-NEXT:   string repr = "[1, 2]";
// CHECK-NEXT:   string castint = "42";
// CHECK-NEXT:   string adjacent = "onetwo";
// CHECK-NEXT:   code codecat = [{ a  b }];
// CHECK-NEXT:   code mixed = [{s c }];
// CHECK-NEXT:   string numpaste = "r5";
// CHECK-NEXT: }
// CHECK-NEXT: ";
// CHECK-NEXT: }
// CHECK-LABEL: def Strings {	// Named
// CHECK-NEXT:   string N = "nm_sfx";
// CHECK-NEXT:   string P = "pre_nm";
// CHECK-NEXT:   string cat = "abc";
// CHECK-NEXT:   string subst = "f00 b00";
// CHECK-NEXT:   string substr = "bcd";
// CHECK-NEXT:   string substr2 = "cdef";
// CHECK-NEXT:   int find = 5;
// CHECK-NEXT:   int nofind = -1;
// CHECK-NEXT:   string lower = "mixed";
// CHECK-NEXT:   string upper = "MIXED";
// CHECK-NEXT:   string repr = "[1, 2]";
// CHECK-NEXT:   string castint = "42";
// CHECK-NEXT:   string adjacent = "onetwo";
// CHECK-NEXT:   code codecat = [{ a  b }];
// CHECK-NEXT:   code mixed = [{s c }];
// CHECK-NEXT:   string numpaste = "r5";
// CHECK-NEXT: }
