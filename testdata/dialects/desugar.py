#!/usr/bin/env python3
"""Writes llvm-tblgen-19 compatible copies of src/dialects/*.td and their
`--dump-json` records, for the dialect loader's tests until `irkit tblgen`
(which understands `let append`) produces them at build time.

Each `let append` of our dialect files is rewritten below by hand, with the
value it appends to spelled out (template arguments, or the inherited list),
so the records equal what `let append` gives. A rewrite whose text is not
found is an error: update this table when a .td file changes.

Also writes Inputs/user-dialect.json and Inputs/bad-trait.json (records of
the test dialects of this directory, which need no rewriting).

Usage: testdata/dialects/desugar.py [OUT.json]   (default: Inputs/builtin.json)
"""
import os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "..", "src", "dialects")

# In a class body a field shadows the template argument of the same name,
# so the classes' `traits` argument is renamed `traits_` where its body
# needs it.
REWRITES = {
    "Func.td": [
        ('def Func_FuncOp : Func_Op<"func", [IsolatedFromAbove, FunctionOpInterface]> {',
         'def Func_FuncOp : Func_Op<"func", [IsolatedFromAbove, FunctionOpInterface]> {\n'
         '  let traits = [IsolatedFromAbove, FunctionOpInterface, Symbol];'),
        ("  let append traits = [Symbol];\n", ""),
    ],
    "ControlFlow.td": [
        ("class CF_BranchOp<string mnemonic, list<Trait> traits = []>\n"
         "    : Op<CF_Dialect, mnemonic, traits> {\n"
         "  let append traits = [Terminator, BranchOpInterface, Pure];",
         "class CF_BranchOp<string mnemonic, list<Trait> traits_ = []>\n"
         "    : Op<CF_Dialect, mnemonic, traits_> {\n"
         "  let traits = !listconcat(traits_, [Terminator, BranchOpInterface, Pure]);"),
    ],
    "Arith.td": [
        ("class Arith_Op<string mnemonic, list<Trait> traits = []>\n"
         "    : Op<Arith_Dialect, mnemonic, traits> {\n"
         "  let append traits = [Pure];",
         "class Arith_Op<string mnemonic, list<Trait> traits_ = []>\n"
         "    : Op<Arith_Dialect, mnemonic, traits_> {\n"
         "  let traits = !listconcat(traits_, [Pure]);"),
        ("class Arith_BinaryOp<string mnemonic, TypeConstraint t, list<Trait> traits = []>\n"
         "    : Arith_Op<mnemonic, traits> {\n"
         "  let append traits = [SameOperandsAndResultType];",
         "class Arith_BinaryOp<string mnemonic, TypeConstraint t, list<Trait> traits_ = []>\n"
         "    : Arith_Op<mnemonic, traits_> {\n"
         "  let traits = !listconcat(traits_, [Pure], [SameOperandsAndResultType]);"),
        ("  let append arguments = (ins DefaultValuedAttr<Arith_IntegerOverflowAttr, \"none\">:$overflowFlags);",
         "  let arguments = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs,\n"
         "                       DefaultValuedAttr<Arith_IntegerOverflowAttr, \"none\">:$overflowFlags);"),
        ("  let append arguments = (ins DefaultValuedAttr<Arith_FastMathAttr, \"none\">:$fastmath);",
         "  let arguments = (ins FloatLike:$lhs, FloatLike:$rhs,\n"
         "                       DefaultValuedAttr<Arith_FastMathAttr, \"none\">:$fastmath);"),
    ],
    "SCF.td": [
        ("class SCF_RegionBranchOp<string mnemonic, list<Trait> traits = []>\n"
         "    : SCF_Op<mnemonic, traits> {\n"
         "  let append traits = [RegionBranchOpInterface];",
         "class SCF_RegionBranchOp<string mnemonic, list<Trait> traits_ = []>\n"
         "    : SCF_Op<mnemonic, traits_> {\n"
         "  let traits = !listconcat(traits_, [RegionBranchOpInterface]);"),
        ("class SCF_TerminatorOp<string mnemonic, list<Trait> traits = []>\n"
         "    : SCF_Op<mnemonic, traits> {\n"
         "  let append traits = [Pure, Terminator, RegionBranchTerminatorOpInterface];",
         "class SCF_TerminatorOp<string mnemonic, list<Trait> traits_ = []>\n"
         "    : SCF_Op<mnemonic, traits_> {\n"
         "  let traits = !listconcat(traits_, [Pure, Terminator, RegionBranchTerminatorOpInterface]);"),
    ],
}

ALL = ["Builtin.td", "Func.td", "ControlFlow.td", "Arith.td", "SCF.td", "CIR.td", "FIR.td", "Test.td"]


def main():
    inputs = os.path.join(HERE, "Inputs")
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(inputs, "builtin.json")
    with tempfile.TemporaryDirectory() as tmp:
        for name in os.listdir(SRC):
            if not name.endswith(".td"):
                continue
            text = open(os.path.join(SRC, name)).read()
            for old, new in REWRITES.get(name, []):
                if old not in text:
                    sys.exit(f"desugar.py: {name}: text to rewrite not found: {old!r}")
                text = text.replace(old, new)
            code = "\n".join(l.split("//")[0] for l in text.splitlines())
            if "let append" in code:
                sys.exit(f"desugar.py: {name}: a `let append` has no rewrite")
            open(os.path.join(tmp, name), "w").write(text)
        all_td = os.path.join(tmp, "All.td")
        open(all_td, "w").write("".join(f'include "{n}"\n' for n in ALL))
        json_text = subprocess.run(["llvm-tblgen-19", "--dump-json", "-I", tmp, all_td],
                                   capture_output=True, text=True)
        if json_text.returncode != 0:
            sys.exit("desugar.py: llvm-tblgen-19 failed:\n" + json_text.stderr)
        json_text = json_text.stdout
    open(out, "w").write(json_text)
    # Test dialects written by users (no `let append`): their records as-is.
    for td in ["Inputs/user-dialect.td", "bad-trait.td"]:
        res = subprocess.run(["llvm-tblgen-19", "--dump-json", "-I", SRC, os.path.join(HERE, td)],
                             capture_output=True, text=True)
        if res.returncode != 0:
            sys.exit(f"desugar.py: llvm-tblgen-19 failed on {td}:\n" + res.stderr)
        name = os.path.basename(td).replace(".td", ".json")
        open(os.path.join(inputs, name), "w").write(res.stdout)


main()
