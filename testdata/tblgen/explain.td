// --explain RECORD.FIELD: how a field's final value was built, contribution
// by contribution (irkit only; llvm-tblgen has no such option).
// RUN: irkit tblgen --explain D.items %s | FileCheck %s --check-prefix=DIAMOND
// RUN: irkit tblgen --explain E.text %s | FileCheck %s --check-prefix=TOP
// RUN: irkit tblgen --explain MM_x.items %s | FileCheck %s --check-prefix=MULTI
// RUN: irkit tblgen --explain R.items %s | FileCheck %s --check-prefix=RESET
// RUN: not irkit tblgen --explain D.nope %s 2>&1 | FileCheck %s --check-prefix=NOFIELD

class Base { list<int> items = [1]; string text = "b"; }
class Left : Base { let append items = [2]; let append text = "L"; }
class Right : Base { let append items = [3]; }

// Diamond: Right is the last parent, so Left's [2] is gone from the history.
// DIAMOND: D.items: list<int> = [1, 3, 4]
// DIAMOND-NEXT: 1. declared [1] in class Base at {{.*}}explain.td:9:24
// DIAMOND-NEXT: 2. appended [3] in class Right at {{.*}}explain.td:11:26
// DIAMOND-NEXT: 3. appended [4] in def D at {{.*}}explain.td:[[@LINE+2]]:7
def D : Left, Right {
  let append items = [4];
}

// TOP: E.text: string = "bL!"
// TOP-NEXT: 1. declared "b" in class Base at {{.*}}explain.td:9:44
// TOP-NEXT: 2. appended "L" in class Left at {{.*}}explain.td:10:49
// TOP-NEXT: 3. appended "!" in def E by a top-level let at {{.*}}explain.td:[[@LINE+1]]:5
let append text = "!" in
def E : Left;

// MULTI: MM_x.items: list<int> = [1, 9]
// MULTI-NEXT: 1. declared [1] in class Base at {{.*}}explain.td:9:24
// MULTI-NEXT: 2. appended [9] in def MM_x at {{.*}}explain.td:[[@LINE+1]]:43
multiclass M<int n> { def _x : Base { let append items = [n]; } }
defm MM : M<9>;

// RESET: R.items: list<int> = [5]
// RESET-NEXT: 1. declared [1] in class Base
// RESET-NEXT: 2. appended [2] in class Left
// RESET-NEXT: 3. replaced [5] in def R
def R : Left { let items = [5]; }

// NOFIELD: error: 'D' has no field 'nope'
