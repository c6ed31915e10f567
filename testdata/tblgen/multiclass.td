// multiclass / defm: template arguments, NAME, nested defm, multiclass
// inheritance, defm with trailing classes, anonymous defm, defm in foreach.
// RUN: irkit tblgen %s | FileCheck %s

class Inst<string n, int op> {
  string Name = n;
  int Opcode = op;
  string Rec = NAME;
}
class Flag { bit IsFlagged = 1; }

multiclass Arith<int base> {
  def _rr : Inst<NAME # "_rr", base>;
  def _ri : Inst<NAME # "_ri", !add(base, 1)>;
  def NAME#_m : Inst<"mem", !add(base, 2)>;
}

multiclass Both<int b> {
  defm A : Arith<b>;
  defm B : Arith<!add(b, 16)>;
  def Extra : Inst<"extra", b>;
}

multiclass Derived<int b> : Arith<b> {
  def _d : Inst<"derived", b>;
}

defm ADD : Arith<0>;
defm SUB : Arith<4>, Flag;
defm MUL : Both<32>;
defm DIV : Derived<64>;
defm : Arith<100>;

foreach i = [1, 2] in
  defm LOOP#i : Arith<!mul(i, 8)>;

multiclass WithAnon<int v> {
  def : Inst<"anon", v>;
}
defm WA : WithAnon<5>;

// CHECK-LABEL: ------------- Classes -----------------
// CHECK-LABEL: class Flag {
// CHECK-NEXT:   bit IsFlagged = 1;
// CHECK-NEXT: }
// CHECK-LABEL: class Inst<string Inst:n = ?, int Inst:op = ?> {
// CHECK-NEXT:   string Name = Inst:n;
// CHECK-NEXT:   int Opcode = Inst:op;
// CHECK-NEXT:   string Rec = Inst:NAME;
// CHECK-NEXT: }
// CHECK-LABEL: ------------- Defs -----------------
// CHECK-LABEL: def ADD_m {	// Inst
// CHECK-NEXT:   string Name = "mem";
// CHECK-NEXT:   int Opcode = 2;
// CHECK-NEXT:   string Rec = "ADD_m";
// CHECK-NEXT: }
// CHECK-LABEL: def ADD_ri {	// Inst
// CHECK-NEXT:   string Name = "ADD_ri";
// CHECK-NEXT:   int Opcode = 1;
// CHECK-NEXT:   string Rec = "ADD_ri";
// CHECK-NEXT: }
// CHECK-LABEL: def ADD_rr {	// Inst
// CHECK-NEXT:   string Name = "ADD_rr";
// CHECK-NEXT:   int Opcode = 0;
// CHECK-NEXT:   string Rec = "ADD_rr";
// CHECK-NEXT: }
// CHECK-LABEL: def DIV_d {	// Inst
// CHECK-NEXT:   string Name = "derived";
// CHECK-NEXT:   int Opcode = 64;
// CHECK-NEXT:   string Rec = "DIV_d";
// CHECK-NEXT: }
// CHECK-LABEL: def DIV_m {	// Inst
// CHECK-NEXT:   string Name = "mem";
// CHECK-NEXT:   int Opcode = 66;
// CHECK-NEXT:   string Rec = "DIV_m";
// CHECK-NEXT: }
// CHECK-LABEL: def DIV_ri {	// Inst
// CHECK-NEXT:   string Name = "DIV_ri";
// CHECK-NEXT:   int Opcode = 65;
// CHECK-NEXT:   string Rec = "DIV_ri";
// CHECK-NEXT: }
// CHECK-LABEL: def DIV_rr {	// Inst
// CHECK-NEXT:   string Name = "DIV_rr";
// CHECK-NEXT:   int Opcode = 64;
// CHECK-NEXT:   string Rec = "DIV_rr";
// CHECK-NEXT: }
// CHECK-LABEL: def LOOP1_m {	// Inst
// CHECK-NEXT:   string Name = "mem";
// CHECK-NEXT:   int Opcode = 10;
// CHECK-NEXT:   string Rec = "LOOP1_m";
// CHECK-NEXT: }
// CHECK-LABEL: def LOOP1_ri {	// Inst
// CHECK-NEXT:   string Name = "LOOP1_ri";
// CHECK-NEXT:   int Opcode = 9;
// CHECK-NEXT:   string Rec = "LOOP1_ri";
// CHECK-NEXT: }
// CHECK-LABEL: def LOOP1_rr {	// Inst
// CHECK-NEXT:   string Name = "LOOP1_rr";
// CHECK-NEXT:   int Opcode = 8;
// CHECK-NEXT:   string Rec = "LOOP1_rr";
// CHECK-NEXT: }
// CHECK-LABEL: def LOOP2_m {	// Inst
// CHECK-NEXT:   string Name = "mem";
// CHECK-NEXT:   int Opcode = 18;
// CHECK-NEXT:   string Rec = "LOOP2_m";
// CHECK-NEXT: }
// CHECK-LABEL: def LOOP2_ri {	// Inst
// CHECK-NEXT:   string Name = "LOOP2_ri";
// CHECK-NEXT:   int Opcode = 17;
// CHECK-NEXT:   string Rec = "LOOP2_ri";
// CHECK-NEXT: }
// CHECK-LABEL: def LOOP2_rr {	// Inst
// CHECK-NEXT:   string Name = "LOOP2_rr";
// CHECK-NEXT:   int Opcode = 16;
// CHECK-NEXT:   string Rec = "LOOP2_rr";
// CHECK-NEXT: }
// CHECK-LABEL: def MULA_m {	// Inst
// CHECK-NEXT:   string Name = "mem";
// CHECK-NEXT:   int Opcode = 34;
// CHECK-NEXT:   string Rec = "MULA_m";
// CHECK-NEXT: }
// CHECK-LABEL: def MULA_ri {	// Inst
// CHECK-NEXT:   string Name = "MULA_ri";
// CHECK-NEXT:   int Opcode = 33;
// CHECK-NEXT:   string Rec = "MULA_ri";
// CHECK-NEXT: }
// CHECK-LABEL: def MULA_rr {	// Inst
// CHECK-NEXT:   string Name = "MULA_rr";
// CHECK-NEXT:   int Opcode = 32;
// CHECK-NEXT:   string Rec = "MULA_rr";
// CHECK-NEXT: }
// CHECK-LABEL: def MULB_m {	// Inst
// CHECK-NEXT:   string Name = "mem";
// CHECK-NEXT:   int Opcode = 50;
// CHECK-NEXT:   string Rec = "MULB_m";
// CHECK-NEXT: }
// CHECK-LABEL: def MULB_ri {	// Inst
// CHECK-NEXT:   string Name = "MULB_ri";
// CHECK-NEXT:   int Opcode = 49;
// CHECK-NEXT:   string Rec = "MULB_ri";
// CHECK-NEXT: }
// CHECK-LABEL: def MULB_rr {	// Inst
// CHECK-NEXT:   string Name = "MULB_rr";
// CHECK-NEXT:   int Opcode = 48;
// CHECK-NEXT:   string Rec = "MULB_rr";
// CHECK-NEXT: }
// CHECK-LABEL: def MULExtra {	// Inst
// CHECK-NEXT:   string Name = "extra";
// CHECK-NEXT:   int Opcode = 32;
// CHECK-NEXT:   string Rec = "MULExtra";
// CHECK-NEXT: }
// CHECK-LABEL: def SUB_m {	// Inst Flag
// CHECK-NEXT:   string Name = "mem";
// CHECK-NEXT:   int Opcode = 6;
// CHECK-NEXT:   string Rec = "SUB_m";
// CHECK-NEXT:   bit IsFlagged = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def SUB_ri {	// Inst Flag
// CHECK-NEXT:   string Name = "SUB_ri";
// CHECK-NEXT:   int Opcode = 5;
// CHECK-NEXT:   string Rec = "SUB_ri";
// CHECK-NEXT:   bit IsFlagged = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def SUB_rr {	// Inst Flag
// CHECK-NEXT:   string Name = "SUB_rr";
// CHECK-NEXT:   int Opcode = 4;
// CHECK-NEXT:   string Rec = "SUB_rr";
// CHECK-NEXT:   bit IsFlagged = 1;
// CHECK-NEXT: }
// CHECK-LABEL: def anonymous_0_m {	// Inst
// CHECK-NEXT:   string Name = "mem";
// CHECK-NEXT:   int Opcode = 102;
// CHECK-NEXT:   string Rec = "anonymous_0_m";
// CHECK-NEXT: }
// CHECK-LABEL: def anonymous_0_ri {	// Inst
// CHECK-NEXT:   string Name = "anonymous_0_ri";
// CHECK-NEXT:   int Opcode = 101;
// CHECK-NEXT:   string Rec = "anonymous_0_ri";
// CHECK-NEXT: }
// CHECK-LABEL: def anonymous_0_rr {	// Inst
// CHECK-NEXT:   string Name = "anonymous_0_rr";
// CHECK-NEXT:   int Opcode = 100;
// CHECK-NEXT:   string Rec = "anonymous_0_rr";
// CHECK-NEXT: }
// CHECK-LABEL: def anonymous_1 {	// Inst
// CHECK-NEXT:   string Name = "anon";
// CHECK-NEXT:   int Opcode = 5;
// CHECK-NEXT:   string Rec = "anonymous_1";
// CHECK-NEXT: }
