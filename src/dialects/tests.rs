//! Tests of the dialect loader, the op verifier and the token contract,
//! through one `check` function each. The registry is the `--dump-json`
//! output of llvm-tblgen-19 on desugared copies of `src/dialects/*.td`
//! (`testdata/dialects/desugar.py` writes it).

use super::*;
use irkit_diag::SourceMap;
use irkit_ir::{parse, ParseConfig};

const BUILTIN: &str = include_str!("../../testdata/dialects/Inputs/builtin.json");

fn no_loc(_: &str, _: u32) -> Option<Loc> {
    None
}

fn builtin() -> DialectRegistry {
    let (reg, diags) = registry_from_json(BUILTIN, &no_loc);
    assert!(diags.is_empty(), "{diags:?}");
    reg
}

/// `LINE:COL: MESSAGE` of each diagnostic (notes indented below).
fn render(map: &SourceMap, diags: &[Diagnostic]) -> Vec<String> {
    let mut res = Vec::new();
    for d in diags {
        let at = |loc: Option<Loc>| match loc {
            Some(l) => {
                let (line, col) = map.file(l.file).line_col(l.span.start);
                format!("{line}:{col}: ")
            }
            None => String::new(),
        };
        res.push(format!("{}{}", at(d.loc), d.message));
        for n in &d.notes {
            res.push(format!("  note: {}{}", at(n.loc), n.message));
        }
    }
    res
}

fn verify_text(reg: &DialectRegistry, ir: &str) -> Vec<String> {
    let mut map = SourceMap::new();
    let file = map.add("t.mlir", ir.to_string());
    let config = ParseConfig {
        loc_file_name: "t.mlir".to_string(),
        line_offset: 0,
    };
    let m = match parse(ir, file, &config) {
        Ok(m) => m,
        Err(d) => return vec![format!("parse: {}", render(&map, &[*d]).join("\n"))],
    };
    render(&map, &verify_module(&m, file, reg))
}

/// Verifies `ir` against the built-in dialects.
fn check(ir: &str, expected: &[&str]) {
    let got = verify_text(&builtin(), ir);
    assert_eq!(got, expected, "\n--- input ---\n{ir}");
}

/// Verifies `ir` against the dialects of `json` (records of a user's .td).
fn check_with(json: &str, ir: &str, expected: &[&str]) {
    let (reg, diags) = registry_from_json(json, &no_loc);
    assert!(diags.is_empty(), "{diags:?}");
    let got = verify_text(&reg, ir);
    assert_eq!(got, expected, "\n--- input ---\n{ir}");
}

/// Loads `json` and returns the loader's diagnostics.
fn check_load(json: &str, expected: &[&str]) {
    let (_, diags) = registry_from_json(json, &no_loc);
    let got: Vec<String> = diags.iter().map(|d| d.message.clone()).collect();
    assert_eq!(got, expected);
}

// ----------------------------------------------------------------- loader

#[test]
fn builtin_registry_has_all_dialects_and_ops() {
    let reg = builtin();
    let names: Vec<&str> = reg.dialects().iter().map(|d| &*d.name).collect();
    for d in [
        "arith", "builtin", "cf", "cir", "fir", "func", "scf", "test",
    ] {
        assert!(names.contains(&d), "{d} missing from {names:?}");
    }
    let cond_br = reg.get(b"cf.cond_br").expect("cf.cond_br");
    assert!(cond_br.has(Trait::AttrSizedOperandSegments) && cond_br.has(Trait::Terminator));
    assert!(cond_br.implements(Interface::BranchOpInterface));
    assert_eq!(cond_br.operands.len(), 3);
    assert_eq!(cond_br.operands[1].arity, Arity::Variadic);
    assert_eq!(
        &*cond_br.operands[1].constraint.summary,
        "variadic of any type"
    );
    assert_eq!(cond_br.successors.len(), 2);
    let addi = reg.get(b"arith.addi").expect("arith.addi");
    assert!(addi.has(Trait::Pure) && addi.has(Trait::SameOperandsAndResultType));
    assert_eq!(addi.attrs.len(), 1);
    assert!(addi.attrs[0].optional);
    assert_eq!(cond_br.inherent_attr_names(), ["operandSegmentSizes"]);
    let func = reg.get(b"func.func").expect("func.func");
    assert_eq!(
        func.inherent_attr_names(),
        [
            "arg_attrs",
            "function_type",
            "res_attrs",
            "sym_name",
            "sym_visibility"
        ]
    );
    assert!(func.has(Trait::Symbol) && func.implements(Interface::FunctionOpInterface));
    let yield_ = reg.get(b"scf.yield").expect("scf.yield");
    assert_eq!(yield_.parents.len(), 5);
}

fn user_json(extra_op_fields: &str, extra_records: &str) -> String {
    format!(
        r#"{{
  "!instanceof": {{"Dialect": ["My_Dialect"], "Op": ["My_Op"], "Trait": ["Fancy", "Terminator"],
                   "TypeConstraint": ["AnyType", "Weird"]}},
  "!tablegen_json_version": 1,
  "My_Dialect": {{"!name": "My_Dialect", "!superclasses": ["Dialect"], "!locs": ["my.td:3"],
                  "name": "my", "summary": ""}},
  "AnyType": {{"!name": "AnyType", "!superclasses": ["TypeConstraint"], "kind": "any",
               "params": [], "summary": "any type"}},
  "Weird": {{"!name": "Weird", "!superclasses": ["TypeConstraint"], "kind": "weird",
             "params": [], "summary": "weird"}},
  "Fancy": {{"!name": "Fancy", "!superclasses": ["Trait"], "name": "Fancy"}},
  "Terminator": {{"!name": "Terminator", "!superclasses": ["Trait"], "name": "Terminator"}},
  "ins": {{"!name": "ins", "!superclasses": []}},
  "outs": {{"!name": "outs", "!superclasses": []}},
  {extra_records}
  "My_Op": {{"!name": "My_Op", "!superclasses": ["Op"], "!locs": ["my.td:7"],
             "opDialect": {{"kind": "def", "def": "My_Dialect"}}, "opName": "op",
             "summary": "", {extra_op_fields}}}
}}"#
    )
}

#[test]
fn loader_reports_unknown_trait() {
    check_load(
        &user_json(r#""traits": [{"kind": "def", "def": "Fancy"}]"#, ""),
        &["record 'My_Op' (my.td:7): unknown trait 'Fancy'"],
    );
}

#[test]
fn loader_reports_malformed_constraint() {
    check_load(
        &user_json(
            r#""traits": [], "arguments": {"kind": "dag", "operator": {"kind": "def", "def": "ins"},
                "args": [[{"kind": "def", "def": "Weird"}, "x"]]}"#,
            "",
        ),
        &["record 'My_Op' (my.td:7): operand 'x': 'Weird': unknown type constraint kind 'weird'"],
    );
}

#[test]
fn loader_reports_wrong_dag_operator() {
    check_load(
        &user_json(
            r#""traits": [], "results": {"kind": "dag", "operator": {"kind": "def", "def": "ins"},
                "args": [[{"kind": "def", "def": "AnyType"}, "x"]]}"#,
            "",
        ),
        &["record 'My_Op' (my.td:7): 'results' must be a (outs ...) dag, not (ins ...)"],
    );
}

#[test]
fn loader_reports_bad_json() {
    check_load(
        "{",
        &["dialect records: invalid JSON: EOF while parsing an object at line 1 column 1"],
    );
}

#[test]
fn loader_uses_locations_when_known() {
    let mut map = SourceMap::new();
    let td = map.add(
        "my.td",
        "\n\n\n\n\n\ndef My_Op : Op<My_Dialect, \"op\", [Fancy]>;\n".to_string(),
    );
    let locate = |file: &str, line: u32| {
        (file == "my.td").then(|| Loc {
            file: td,
            span: irkit_diag::Span::empty(map.file(td).line_start(line)),
        })
    };
    let (_, diags) = registry_from_json(
        &user_json(r#""traits": [{"kind": "def", "def": "Fancy"}]"#, ""),
        &locate,
    );
    assert_eq!(
        render(&map, &diags),
        ["7:1: record 'My_Op': unknown trait 'Fancy'"]
    );
}

#[test]
fn user_dialect_is_enforced() {
    let json = user_json(
        r#""traits": [{"kind": "def", "def": "Terminator"}],
           "arguments": {"kind": "dag", "operator": {"kind": "def", "def": "ins"},
                         "args": [[{"kind": "def", "def": "AnyType"}, "x"]]}"#,
        "",
    );
    check_with(
        &json,
        r#""my.op"() : () -> ()"#,
        &["1:1: 'my.op' op requires a single operand"],
    );
    check_with(
        &json,
        r#"%t = "x.tok"() : () -> token
"my.op"(%t) : (token) -> ()"#,
        // A user's op must opt in to tokens (ConsumesToken) before its
        // constraints are even looked at.
        &[
            "2:9: 'my.op' op operand #0 is a token, but the op does not declare the ConsumesToken trait",
            "  note: 1:1: the token is produced here",
        ],
    );
}

// ------------------------------------------------------------ op verifier

const FUNC_HEAD: &str = r#""func.func"() <{function_type = (i32, i1, f32) -> (), sym_name = "f"}> ({
^bb0(%a: i32, %c: i1, %f: f32):
"#;
const FUNC_TAIL: &str = r#"  "func.return"() : () -> ()
}) : () -> ()
"#;

/// `body` inside a function with arguments `%a: i32, %c: i1, %f: f32`;
/// the body starts on line 3.
fn check_body(body: &str, expected: &[&str]) {
    check(&format!("{FUNC_HEAD}{body}{FUNC_TAIL}"), expected);
}

#[test]
fn operand_counts() {
    check_body(
        "  %0 = \"arith.addi\"(%a) : (i32) -> i32\n",
        &["3:8: 'arith.addi' op expected 2 operands, but found 1"],
    );
    check_body(
        "  %0 = \"arith.addi\"(%a, %a, %a) : (i32, i32, i32) -> i32\n",
        &["3:8: 'arith.addi' op expected 2 operands, but found 3"],
    );
    check_body(
        "  \"cf.assert\"() <{msg = \"m\"}> : () -> ()\n",
        &["3:3: 'cf.assert' op requires a single operand"],
    );
}

#[test]
fn result_counts() {
    check_body(
        "  %x, %y = \"arith.addi\"(%a, %a) : (i32, i32) -> (i32, i32)\n",
        &["3:12: 'arith.addi' op requires one result"],
    );
    check_body(
        "  \"arith.addi\"(%a, %a) : (i32, i32) -> ()\n",
        &["3:3: 'arith.addi' op requires one result"],
    );
}

#[test]
fn operand_type_constraints() {
    check_body(
        "  %0 = \"arith.addi\"(%f, %f) : (f32, f32) -> f32\n",
        &["3:8: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"],
    );
    check_body(
        "  %0 = \"arith.addf\"(%a, %a) : (i32, i32) -> i32\n",
        &["3:8: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'"],
    );
    check_body(
        "  %x = \"arith.select\"(%a, %a, %a) : (i32, i32, i32) -> i32\n",
        &["3:8: 'arith.select' op operand #0 must be bool-like, but got 'i32'"],
    );
    check_body(
        "  \"cf.assert\"(%a) <{msg = \"x\"}> : (i32) -> ()\n",
        &["3:3: 'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'"],
    );
}

#[test]
fn result_type_constraints() {
    check_body(
        "  %0 = \"arith.cmpi\"(%a, %a) <{predicate = 1 : i64}> : (i32, i32) -> i32\n",
        &["3:8: 'arith.cmpi' op result #0 must be bool-like, but got 'i32'"],
    );
}

#[test]
fn token_is_not_any_type() {
    check_body(
        "  %t = \"test.make_token\"() : () -> token\n  \"test.any_operand\"(%t) : (token) -> ()\n",
        &["4:3: 'test.any_operand' op operand #0 must be any type, but got 'token'"],
    );
    check_body(
        "  %t = \"test.make_token\"() : () -> token\n  \"func.call\"(%a, %t) <{callee = @f}> : (i32, token) -> ()\n",
        // func.call does not opt in to tokens: the rule it would break is named.
        &[
            "4:19: 'func.call' op operand #1 is a token; a call cannot forward a token (CallOpInterface)",
            "  note: 3:3: the token is produced here",
        ],
    );
}

#[test]
fn required_attributes() {
    check_body(
        "  %0 = \"func.call\"(%a) : (i32) -> i32\n",
        &["3:8: 'func.call' op requires attribute 'callee'"],
    );
    check_body(
        "  %1 = \"arith.constant\"() : () -> i32\n",
        &["3:8: 'arith.constant' op requires attribute 'value'"],
    );
    check_body(
        "  \"cf.assert\"(%c) : (i1) -> ()\n",
        &["3:3: 'cf.assert' op requires attribute 'msg'"],
    );
}

#[test]
fn attribute_constraints() {
    check_body(
        "  \"cf.assert\"(%c) {msg = 3} : (i1) -> ()\n",
        &["3:3: 'cf.assert' op attribute 'msg' failed to satisfy constraint: string attribute"],
    );
    // An inherent attribute written in the attribute dictionary is checked
    // against its constraint (mlir-opt-19's wording), not converted as a
    // property.
    check_body(
        "  \"func.call\"(%a) {callee = \"g\"} : (i32) -> ()\n",
        &["3:3: 'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute"],
    );
    check(
        r#""func.func"() <{function_type = i1, sym_name = "f"}> ({
^bb0(%a: i1):
  "func.return"() : () -> ()
}) : () -> ()
"#,
        &["1:1: 'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type"],
    );
}

#[test]
fn invalid_properties() {
    check_body(
        "  %0 = \"func.call\"(%a) <{callee = \"g\"}> : (i32) -> i32\n",
        &["3:8: invalid properties {callee = \"g\"} for op func.call: Invalid attribute `callee` in property conversion: \"g\""],
    );
    check_body(
        "  \"cf.assert\"(%c) <{msg = 3}> : (i1) -> ()\n",
        &["3:3: invalid properties {msg = 3 : i64} for op cf.assert: Invalid attribute `msg` in property conversion: 3 : i64"],
    );
    check_body(
        "  %0 = \"arith.cmpi\"(%c, %c) <{predicate = 11 : i64}> : (i1, i1) -> i1\n",
        &["3:8: invalid properties {predicate = 11 : i64} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 11 : i64"],
    );
    check_body(
        "  %0 = \"arith.cmpi\"(%c, %c) <{predicate = 1 : i32}> : (i1, i1) -> i1\n",
        &["3:8: invalid properties {predicate = 1 : i32} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 1 : i32"],
    );
    check_body(
        "  %z = \"arith.addi\"(%a, %a) <{overflowFlags = 1}> : (i32, i32) -> i32\n",
        &["3:8: invalid properties {overflowFlags = 1 : i64} for op arith.addi: Invalid attribute `overflowFlags` in property conversion: 1 : i64"],
    );
    check_body(
        "  %z = \"arith.addi\"(%a, %a) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32\n",
        &[],
    );
}

const COND_BR: &str = r#""func.func"() <{function_type = (i1) -> (), sym_name = "f"}> ({
^bb0(%a: i1):
  "cf.cond_br"(%a)[^bb1, ^bb1] SEGMENTS : (i1) -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()
"#;

fn check_cond_br(segments: &str, expected: &[&str]) {
    check(&COND_BR.replace("SEGMENTS", segments), expected);
}

#[test]
fn operand_segments() {
    check_cond_br("<{operandSegmentSizes = array<i32: 1, 0, 0>}>", &[]);
    check_cond_br(
        "",
        &["3:3: 'cf.cond_br' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'"],
    );
    check_cond_br(
        "<{operandSegmentSizes = array<i32: 1, 1, 0>}>",
        &["3:3: 'cf.cond_br' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'"],
    );
    check_cond_br(
        "<{operandSegmentSizes = array<i32: 1, 0>}>",
        &["3:3: invalid properties {operandSegmentSizes = array<i32: 1, 0>} for op cf.cond_br: size mismatch in attribute conversion: 2 vs 3"],
    );
    check_cond_br(
        "<{operandSegmentSizes = array<i64: 1, 0, 0>}>",
        &["3:3: invalid properties {operandSegmentSizes = array<i64: 1, 0, 0>} for op cf.cond_br: expected DenseI32ArrayAttr for key `value`"],
    );
    check_cond_br(
        "<{operandSegmentSizes = array<i32: 1, -1, 1>}>",
        &["3:3: 'cf.cond_br' op 'operandSegmentSizes' attribute cannot have negative elements"],
    );
    check_cond_br("{operandSegmentSizes = array<i32: 1, 0, 0>}", &[]);
}

#[test]
fn successor_counts() {
    check(
        r#""func.func"() <{function_type = (i1) -> (), sym_name = "f"}> ({
^bb0(%a: i1):
  "cf.cond_br"(%a)[^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()
"#,
        &["3:3: 'cf.cond_br' op requires 2 successors but found 1"],
    );
    check(
        r#""func.func"() <{function_type = (i1) -> (), sym_name = "f"}> ({
^bb0(%a: i1):
  "func.return"()[^bb1] : () -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()
"#,
        &["3:3: 'func.return' op requires 0 successors but found 1"],
    );
}

#[test]
fn region_counts_and_constraints() {
    check_body(
        "  \"scf.if\"(%c) ({ \"scf.yield\"() : () -> ()}) : (i1) -> ()\n",
        &["3:3: 'scf.if' op expected 2 regions"],
    );
    check_body(
        "  \"scf.if\"(%c) ({}, {}) : (i1) -> ()\n",
        &["3:3: 'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks"],
    );
    check(
        r#""func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
}, {}) : () -> ()
"#,
        &["1:1: 'func.func' op requires one region"],
    );
}

#[test]
fn traits() {
    check_body(
        "  %0 = \"arith.addi\"(%c, %c) : (i1, i1) -> i32\n",
        &["3:8: 'arith.addi' op requires the same type for all operands and results"],
    );
    check(
        r#""func.func"() <{function_type = (i32, i64) -> (), sym_name = "f"}> ({
^bb0(%a: i32, %b: i64):
  %x = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1
  "func.return"() : () -> ()
}) : () -> ()
"#,
        &["3:8: 'arith.cmpi' op requires all operands to have the same type"],
    );
    check_body(
        "  \"func.return\"() : () -> ()\n",
        &["3:3: 'func.return' op must be the last operation in the parent block"],
    );
    check_body(
        "  \"scf.yield\"() : () -> ()\n",
        &["3:3: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'"],
    );
    check(
        r#""builtin.module"() ({
  "func.return"() : () -> ()
}) : () -> ()
"#,
        &["2:3: 'func.return' op expects parent op 'func.func'"],
    );
}

#[test]
fn all_types_match() {
    check_body(
        "  %x = \"arith.constant\"() <{value = 1 : i64}> : () -> i32\n",
        &["3:8: 'arith.constant' op failed to verify that all of {value, result} have same type"],
    );
    // A string attribute is typed: its type is `none`.
    check_body(
        "  %x = \"arith.constant\"() <{value = \"s\"}> : () -> i32\n",
        &["3:8: 'arith.constant' op failed to verify that all of {value, result} have same type"],
    );
    // arith.constant's own verifier (ir/src/verify/arith.rs), as mlir-opt-19.
    check_body(
        "  %x = \"arith.constant\"() <{value = \"s\"}> : () -> none\n",
        &["3:8: 'arith.constant' op value must be an integer, float, or elements attribute"],
    );
    check(
        r#""func.func"() <{function_type = (i1, i32, i64) -> (), sym_name = "f"}> ({
^bb0(%c: i1, %a: i32, %b: i64):
  %x = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  "func.return"() : () -> ()
}) : () -> ()
"#,
        &["3:8: 'arith.select' op failed to verify that all of {true_value, false_value, result} have same type"],
    );
}

#[test]
fn single_block_regions() {
    check(
        r#""func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  %c = "arith.constant"() <{value = 0 : index}> : () -> index
  "scf.for"(%c, %c, %c) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  "func.return"() : () -> ()
}) : () -> ()
"#,
        // SingleBlock is a structural trait: checked before the region constraint.
        &["3:3: 'scf.for' op expects region #0 to have 0 or 1 blocks"],
    );
}

#[test]
fn implicit_terminators_and_region_arguments() {
    check_body(
        "  \"scf.if\"(%c) ({\n  ^bb0(%x: i32):\n    \"scf.yield\"() : () -> ()\n  }, {\n  }) : (i1) -> ()\n",
        &["3:3: 'scf.if' op region #0 should have no arguments"],
    );
    check_body(
        "  \"scf.if\"(%c) ({\n    \"x.foo\"() : () -> ()\n  }, {\n  }) : (i1) -> ()\n",
        &[
            "3:3: 'scf.if' op expects regions to end with 'scf.yield', found 'x.foo'",
            "  note: 3:3: in custom textual format, the absence of terminator implies 'scf.yield'",
        ],
    );
    // The nested op is verified before the region's terminator is.
    check_body(
        "  \"scf.if\"(%c) ({\n    \"func.return\"() : () -> ()\n  }, {\n  }) : (i1) -> ()\n",
        &["4:5: 'func.return' op expects parent op 'func.func'"],
    );
}

#[test]
fn module_region_has_no_arguments() {
    check(
        "\"builtin.module\"() ({\n^bb0(%a: i32):\n}) : () -> ()\n",
        &["1:1: 'builtin.module' op region should have no arguments"],
    );
}

#[test]
fn symbol_visibility() {
    check(
        r#""func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "foo"}> ({
  "func.return"() : () -> ()
}) : () -> ()
"#,
        &["1:1: 'func.func' op visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"foo\""],
    );
}

#[test]
fn symbol_and_symbol_table() {
    check(
        r#""builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"#,
        &[
            "5:3: redefinition of symbol named 'f'",
            "  note: 2:3: see existing symbol definition here",
        ],
    );
}

#[test]
fn valid_mlir_programs_verify() {
    // Printed by `mlir-opt-19 --mlir-print-op-generic` from custom syntax.
    check(
        r#""builtin.module"() ({
  "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: i1):
    %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %2 = "arith.cmpi"(%1, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %3 = "arith.select"(%2, %1, %0) : (i1, i32, i32) -> i32
    "cf.cond_br"(%arg1, %3)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
  ^bb1(%4: i32):
    "cf.br"()[^bb2] : () -> ()
  ^bb2:
    %5 = "func.call"(%arg0, %arg1) <{callee = @f}> : (i32, i1) -> i32
    %6 = "scf.if"(%arg1) ({
      "scf.yield"(%5) : (i32) -> ()
    }, {
      "scf.yield"(%0) : (i32) -> ()
    }) : (i1) -> i32
    "func.return"(%6) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"#,
        &[],
    );
}

// ------------------------------------------- testdata/tokens, in-process

/// One `// expected-error@+N {{text}}` annotation.
#[derive(Debug)]
struct Expected {
    line: u32,
    text: String,
    seen: bool,
}

/// The annotations of `chunk` (MLIR's `--verify-diagnostics` syntax:
/// `@+N`, `@-N`, `@above`, `@below`, or the annotation's own line).
fn expectations(chunk: &str) -> Vec<Expected> {
    let mut res = Vec::new();
    for (i, line) in chunk.lines().enumerate() {
        let here = i as u32 + 1;
        let Some(at) = line.find("expected-error") else {
            continue;
        };
        let rest = &line[at + "expected-error".len()..];
        let (target, rest) = match rest.strip_prefix('@') {
            Some(r) => {
                let end = r
                    .find(|c: char| c.is_whitespace() || c == '{')
                    .unwrap_or(r.len());
                let spec = &r[..end];
                let target = match spec {
                    "above" => here - 1,
                    "below" => here + 1,
                    _ => match spec.strip_prefix('+') {
                        Some(n) => here + n.parse::<u32>().unwrap_or(0),
                        None => here - spec.trim_start_matches('-').parse::<u32>().unwrap_or(0),
                    },
                };
                (target, &r[end..])
            }
            None => (here, rest),
        };
        let (Some(open), Some(close)) = (rest.find("{{"), rest.rfind("}}")) else {
            continue;
        };
        res.push(Expected {
            line: target,
            text: rest[open + 2..close].to_string(),
            seen: false,
        });
    }
    res
}

/// Runs one lit file of `testdata/tokens` the way its RUN line asks
/// (`irkit verify [--verify-diagnostics] [--split-input-file]`); returns the
/// mismatches.
fn run_token_file(reg: &DialectRegistry, name: &str, text: &str) -> Vec<String> {
    let run = text.lines().find(|l| l.contains("RUN:")).unwrap_or("");
    let verify_diags = run.contains("--verify-diagnostics");
    let split = run.contains("--split-input-file");
    // Each chunk is padded with newlines so line numbers stay the file's.
    let mut chunks = vec![String::new()];
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if split && line.trim_end() == "// -----" {
            chunks.push("\n".repeat(i + 1));
        } else if let Some(last) = chunks.last_mut() {
            last.push_str(line);
        }
    }
    let mut problems = Vec::new();
    for chunk in &chunks {
        let mut map = SourceMap::new();
        let file = map.add(name.to_string(), chunk.clone());
        let config = ParseConfig {
            loc_file_name: name.to_string(),
            line_offset: 0,
        };
        let diags = match parse(chunk, file, &config) {
            Ok(m) => verify_module(&m, file, reg),
            Err(d) => vec![*d],
        };
        let mut expected = if verify_diags {
            expectations(chunk)
        } else {
            Vec::new()
        };
        for d in &diags {
            let line = d
                .loc
                .map_or(0, |l| map.file(l.file).line_col(l.span.start).0);
            match expected
                .iter_mut()
                .find(|e| !e.seen && e.line == line && d.message.contains(&e.text))
            {
                Some(e) => e.seen = true,
                None => problems.push(format!("{name}:{line}: unexpected error: {}", d.message)),
            }
        }
        for e in expected.iter().filter(|e| !e.seen) {
            problems.push(format!(
                "{name}:{}: expected error not produced: {}",
                e.line, e.text
            ));
        }
    }
    problems
}

#[test]
fn token_lit_files() {
    let reg = builtin();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/tokens");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("testdata/tokens")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    names.sort();
    assert!(names.len() >= 10, "{names:?}");
    let mut problems = Vec::new();
    for path in &names {
        let text = std::fs::read_to_string(path).expect("readable test file");
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        problems.extend(run_token_file(&reg, &name, &text));
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

// ------------------------------------------------ a user's dialect (.td)

fn testdata(path: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(path);
    std::fs::read_to_string(p).expect("test data file")
}

#[test]
fn user_dialect_lit_file() {
    let mut reg = builtin();
    let (user, diags) = registry_from_json(&testdata("dialects/Inputs/user-dialect.json"), &no_loc);
    assert!(diags.is_empty(), "{diags:?}");
    reg.extend(user);
    assert!(reg.get(b"my.invoke").is_some());
    let problems = run_token_file(
        &reg,
        "user-dialect.mlir",
        &testdata("dialects/user-dialect.mlir"),
    );
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn bad_dialect_definitions_point_into_the_td_file() {
    let mut map = SourceMap::new();
    map.add(
        "testdata/dialects/bad-trait.td",
        testdata("dialects/bad-trait.td"),
    );
    let (reg, diags) = registry_from_json(
        &testdata("dialects/Inputs/bad-trait.json"),
        &locate_in(&map),
    );
    assert_eq!(
        render(&map, &diags),
        [
            "15:1: record 'Bad_FancyOp': unknown trait 'Fancy'",
            "18:1: record 'Bad_WeirdOp': operand 'x': 'Weird': unknown type constraint kind 'weird'",
            "23:1: record 'Bad_DagOp': 'results' must be a (outs ...) dag, not (ins ...)",
        ]
    );
    // The dialect itself loads; the bad ops are left out.
    assert!(reg.has_dialect(b"bad") && reg.ops().is_empty());
}

/// One field of one record replaced (or removed), without copying the rest.
struct Damaged<'a> {
    inner: &'a JsonRecords<'a>,
    rec: &'a str,
    field: &'a str,
    value: Option<&'a serde_json::Value>,
}

impl Records for Damaged<'_> {
    fn instances_of(&self, class: &str) -> Vec<&str> {
        self.inner.instances_of(class)
    }
    fn is_a(&self, rec: &str, class: &str) -> bool {
        self.inner.is_a(rec, class)
    }
    fn field(&self, rec: &str, field: &str) -> Option<Value<'_>> {
        if rec == self.rec && field == self.field {
            return self.value.map(json_value);
        }
        self.inner.field(rec, field)
    }
    fn loc(&self, rec: &str) -> Option<Loc> {
        self.inner.loc(rec)
    }
    fn loc_text(&self, rec: &str) -> Option<String> {
        self.inner.loc_text(rec)
    }
}

/// Every field of every record of the built-in dialects removed, or
/// replaced by a value of another shape: loading never panics, and a damaged
/// op is reported by name, never half-loaded.
#[test]
fn loader_survives_damaged_records() {
    let Ok(serde_json::Value::Object(root)) = serde_json::from_str::<serde_json::Value>(BUILTIN)
    else {
        panic!("builtin.json is an object");
    };
    let src = JsonRecords::from_map(root.clone(), &no_loc);
    let replacements = [
        serde_json::Value::Null,
        serde_json::json!(7),
        serde_json::json!("x"),
        serde_json::json!([{"kind": "def", "def": "NoSuchRecord"}, 3]),
        serde_json::json!({"kind": "dag", "operator": {"kind": "def", "def": "outs"}, "args": [[1, 2]]}),
        serde_json::json!({"kind": "def", "def": "Arith_AddIOp"}),
    ];
    // Each (record, field) gets one damage, rotating through removal and
    // the replacements (all of them on every field would take a minute).
    let mut runs = 0usize;
    for (name, rec) in root.iter() {
        let Some(fields) = rec.as_object() else {
            continue;
        };
        for field in fields.keys() {
            let value = (runs % (replacements.len() + 1))
                .checked_sub(1)
                .map(|i| &replacements[i]);
            {
                let damaged = Damaged {
                    inner: &src,
                    rec: name,
                    field,
                    value,
                };
                let (reg, diags) = load_registry(&damaged);
                runs += 1;
                assert!(
                    diags.iter().all(|d| d.message.starts_with("record '")),
                    "{diags:?}"
                );
                assert!(!reg.ops().is_empty());
            }
        }
    }
    assert!(runs > 500, "{runs}");
}

// Messages checked against mlir-opt-19 on the same bodies.
/// `body` in the function of [`check_body`], against the dialects built
/// from `src/dialects/*.td`.
fn check_td_body(body: &str, expected: &[&str]) {
    let ir = format!("{FUNC_HEAD}{body}{FUNC_TAIL}");
    let got = verify_text(&super::builtin_registry(), &ir);
    assert_eq!(got, expected, "\n--- input ---\n{ir}");
}

#[test]
fn unknown_op_of_a_loaded_dialect() {
    check_td_body(
        "  %0 = \"arith.foo\"(%a) : (i32) -> i32\n",
        &["3:8: unregistered operation 'arith.foo' found in dialect ('arith') that does not allow unknown operations"],
    );
}

#[test]
fn arith_casts_are_width_checked() {
    check_td_body(
        "  %0 = \"arith.extsi\"(%a) : (i32) -> i16\n",
        &["3:8: 'arith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible"],
    );
    check_td_body(
        "  %0 = \"arith.trunci\"(%a) : (i32) -> i64\n",
        &["3:8: 'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible"],
    );
    check_td_body(
        "  %0 = \"arith.bitcast\"(%a) : (i32) -> f64\n",
        &["3:8: 'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible"],
    );
    check_td_body("  %0 = \"arith.extf\"(%f) : (f32) -> f64\n", &[]);
}

#[test]
fn arith_constant_value_rules() {
    check_td_body(
        "  %0 = \"arith.constant\"() <{value = \"s\" : i1}> : () -> i1\n",
        &["3:8: 'arith.constant' op value must be an integer, float, or elements attribute"],
    );
}
