//! The generated wrappers on real IR (generic syntax as mlir-opt-19 prints
//! it), and the generated tables against the run-time registry.

use super::*;
use irkit_diag::SourceMap;
use irkit_ir::dialect::{Arity, Interface, Trait};
use irkit_ir::{parse, Module, OpId, ParseConfig};

fn module(ir: &str) -> Module {
    let mut map = SourceMap::new();
    let file = map.add("t.mlir", ir.to_string());
    let config = ParseConfig {
        loc_file_name: "t.mlir".to_string(),
        line_offset: 0,
    };
    match parse(ir, file, &config) {
        Ok(m) => m,
        Err(d) => panic!("parse error: {}", d.message),
    }
}

/// Every op named `name`, in pre-order.
fn ops_named(m: &Module, name: &str) -> Vec<OpId> {
    let mut res = Vec::new();
    let Some(top) = m.top else {
        return res;
    };
    m.walk_preorder(top, &mut |op| {
        if m.op_name(op) == name {
            res.push(op);
        }
    });
    res
}

fn first<T>(m: &Module, name: &str, cast: fn(&Module, OpId) -> Option<T>) -> T {
    let ops = ops_named(m, name);
    let Some(&op) = ops.first() else {
        panic!("no '{name}' op");
    };
    match cast(m, op) {
        Some(w) => w,
        None => panic!("'{name}' does not fit its definition"),
    }
}

fn s(m: &Module, y: Option<irkit_ir::Sym>) -> Option<String> {
    y.map(|y| m.ctx.str(y).into_owned())
}

// `mlir-opt-19 --mlir-print-op-generic` output for func/cf/arith.
const FUNC_CF: &str = r#""builtin.module"() ({
  "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: i1):
    "cf.cond_br"(%arg1, %arg0, %arg0, %arg0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, i32, i32, i32) -> ()
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2
    %1 = "func.call"(%0) <{callee = @g}> : (i32) -> i32
    %2 = "arith.constant"() <{value = -7 : i64}> : () -> i64
    "func.return"(%1) : (i32) -> ()
  ^bb2(%3: i32, %4: i32):  // pred: ^bb0
    "cf.br"(%3)[^bb1] : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "g", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()
"#;

#[test]
fn func_and_cf_wrappers() {
    let m = module(FUNC_CF);
    let funcs: Vec<func::FuncOp> = ops_named(&m, "func.func")
        .into_iter()
        .filter_map(|op| func::FuncOp::cast(&m, op))
        .collect();
    assert_eq!(funcs.len(), 2);
    let (f, g) = (funcs[0], funcs[1]);
    assert_eq!(s(&m, f.sym_name(&m)).as_deref(), Some("f"));
    assert_eq!(s(&m, g.sym_visibility(&m)).as_deref(), Some("private"));
    assert_eq!(f.sym_visibility(&m), None);
    let body = f.body(&m);
    let entry = m[body].blocks[0];
    let (arg0, arg1) = (m[entry].args[0], m[entry].args[1]);
    let fty = f.function_type(&m).map(|t| m.ctx.type_data(t).clone());
    let (ti32, ti1) = (m[arg0].ty, m[arg1].ty);
    assert_eq!(
        fty,
        Some(irkit_ir::TypeData::Function {
            inputs: vec![ti32, ti1].into(),
            results: vec![ti32].into(),
        })
    );
    assert!(m[g.body(&m)].blocks.is_empty());

    // `cf.cond_br`: operands by `operandSegmentSizes` (1, 1, 2).
    let br = first(&m, "cf.cond_br", cf::CondBranchOp::cast);
    assert_eq!(br.condition(&m), arg1);
    assert_eq!(br.true_dest_operands(&m), &[arg0][..]);
    assert_eq!(br.false_dest_operands(&m), &[arg0, arg0][..]);
    let blocks = &m[body].blocks;
    assert_eq!(br.true_dest(&m), blocks[1]);
    assert_eq!(br.false_dest(&m), blocks[2]);

    // `cf.br`: one variadic operand group, one successor.
    let jump = first(&m, "cf.br", cf::BranchOp::cast);
    assert_eq!(jump.dest(&m), blocks[1]);
    assert_eq!(jump.dest_operands(&m), &[m[blocks[2]].args[0]][..]);

    // `func.call`: the callee symbol, variadic operands, an unnamed
    // variadic result.
    let call = first(&m, "func.call", func::CallOp::cast);
    assert_eq!(s(&m, call.callee(&m)).as_deref(), Some("g"));
    assert_eq!(call.operands(&m), &[m[blocks[1]].args[0]][..]);
    assert_eq!(call.result0(&m), &m[call.0].results[..]);
    assert!(call.callee_attr(&m).is_some());

    let ret = first(&m, "func.return", func::ReturnOp::cast);
    assert_eq!(ret.operands(&m), call.result0(&m));

    let c = first(&m, "arith.constant", arith::ConstantOp::cast);
    assert_eq!(rt::int_value(&m, c.value(&m)), Some(-7));
    assert_eq!(c.result(&m), m[c.0].results[0]);
}
