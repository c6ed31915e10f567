// Errors of let append / let prepend point at what the user wrote and say it
// in the user's terms (issue 20, item 6): a misspelled field is reported at
// its name with a suggestion, mismatched dag operators at the `let` with a
// note where the field's value comes from. (llvm-tblgen has no `let append`
// at release 19 or 22, so there is no reference output to match; the
// "Value 'X' unknown!" wording is llvm-tblgen's own.)
//
// RUN: not irkit tblgen -DERROR1 %s 2>&1 | FileCheck %s --check-prefix=ERR1
// RUN: not irkit tblgen -DERROR2 %s 2>&1 | FileCheck %s --check-prefix=ERR2
// RUN: not irkit tblgen -DERROR3 %s 2>&1 | FileCheck %s --check-prefix=ERR3
// RUN: not irkit tblgen -DERROR4 %s 2>&1 | FileCheck %s --check-prefix=ERR4

def ins;
def outs;

class Base {
  string summary = "";
  dag arguments = (ins);
}

#ifdef ERROR1
class Bad1 : Base {
  // ERR1: errors-located.td:[[@LINE+1]]:14: error: Value 'summry' unknown!
  let append summry = "more";
}
// ERR1: errors-located.td:17:10: note: did you mean 'summary'? It is declared here
#endif

#ifdef ERROR2
// ERR2: errors-located.td:[[@LINE+1]]:13: error: Value 'argments' unknown!
let prepend argments = (ins) in
  def Bad2 : Base;
// ERR2: errors-located.td:18:7: note: did you mean 'arguments'? It is declared here
#endif

#ifdef ERROR3
class Bad3 : Base {
  // ERR3: errors-located.td:[[@LINE+1]]:7: error: cannot append '(outs 1)' to dag field 'arguments': its operator 'outs' differs from the field's 'ins' (the operators of accumulated dags must match)
  let append arguments = (outs 1);
}
// ERR3: errors-located.td:18:7: note: field 'arguments' is declared here; its value is '(ins)'
// ERR3-NOT: !con
#endif

#ifdef ERROR4
// A name with no near spelling gets no suggestion.
def Bad4 : Base {
  // ERR4: errors-located.td:[[@LINE+1]]:14: error: Value 'zzzzzzzz' unknown!
  let append zzzzzzzz = "x";
}
// ERR4-NOT: did you mean
#endif
