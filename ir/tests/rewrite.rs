//! The rewriting API the ABI pass relies on: insert/erase ops, replace all
//! uses, change block argument types. Checked through the printed IR.

use irkit_diag::SourceMap;
use irkit_ir::{parse, print_module, verify, OpSpec, ParseConfig, PrintOptions, TypeData};

fn parse_text(text: &str) -> (irkit_ir::Module, irkit_diag::FileId) {
    let mut map = SourceMap::new();
    let file = map.add("t.mlir", text.to_string());
    let cfg = ParseConfig {
        loc_file_name: "t.mlir".into(),
        line_offset: 0,
    };
    (parse(text, file, &cfg).expect("parses"), file)
}

fn printed(m: &irkit_ir::Module) -> String {
    String::from_utf8(print_module(m, PrintOptions::default())).expect("utf8")
}

#[test]
fn rauw_insert_erase_and_retype() {
    let (mut m, file) = parse_text(
        r#""func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%a: i32):
  %0 = "test.old"(%a) : (i32) -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()"#,
    );
    let top = m.top.expect("top");
    let func = m.blocks[m.regions[m.ops[top].regions[0]].blocks[0]].ops[0];
    let entry = m.regions[m.ops[func].regions[0]].blocks[0];
    let old = m.blocks[entry].ops[0];
    let arg = m.blocks[entry].args[0];
    let i32t = m.values[arg].ty;
    // Insert a new op before the old one and move all uses over.
    let name = m.ctx.sym_str("test.new");
    let attrs = m.ctx.empty_dict();
    let loc = m.ctx.unknown_loc();
    let new = m.create_op(OpSpec {
        name,
        operands: vec![arg, arg],
        result_types: vec![i32t],
        successors: vec![],
        num_regions: 0,
        properties: None,
        attrs,
        loc,
    });
    m.insert_op(entry, 0, new);
    let old_res = m.ops[old].results[0];
    let new_res = m.ops[new].results[0];
    m.replace_all_uses(old_res, new_res);
    assert!(m.values[old_res].uses.is_empty());
    m.erase_op(old);
    assert_eq!(m.values[arg].uses.len(), 2, "only the new op uses %a");
    verify::verify(&m, file).expect("still verifies");
    assert_eq!(
        printed(&m),
        r#""builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "test.new"(%arg0, %arg0) : (i32, i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

"#
    );
    // Change the block argument type: the verifier now sees the mismatch
    // with the function signature.
    let i64t = m.ctx.ty(TypeData::Integer {
        width: 64,
        signedness: irkit_ir::Signedness::Signless,
    });
    m.set_value_type(arg, i64t);
    let errs = verify::verify(&m, file).expect_err("signature mismatch");
    assert!(
        errs[0]
            .message
            .contains("type of entry block argument #0('i64')"),
        "{}",
        errs[0].message
    );
}
