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

// A CIR module as the ABI tests write it.
const CIR: &str = r#"!s32i = !cir.int<s, 32>
!S = !cir.record<struct "S" {!cir.double, !s32i}>
"cir.func"() <{function_type = !cir.func<(!S, !s32i) -> !s32i>, sym_name = "callee", calling_conv = "c"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!S, !cir.ptr<!cir.func<(!s32i) -> !s32i>>) -> !s32i>, sym_name = "caller"}> ({
^bb0(%s: !S, %fp: !cir.ptr<!cir.func<(!s32i) -> !s32i>>):
  %slot = "cir.alloca"() <{allocaType = !S, alignment = 8 : i64, name = "tmp"}> : () -> !cir.ptr<!S>
  "cir.store"(%s, %slot) : (!S, !cir.ptr<!S>) -> ()
  %m = "cir.get_member"(%slot) <{index = 1 : i64, name = "i"}> : (!cir.ptr<!S>) -> !cir.ptr<!s32i>
  %i = "cir.load"(%m) : (!cir.ptr<!s32i>) -> !s32i
  %r = "cir.call"(%s, %i) <{callee = @callee}> : (!S, !s32i) -> !s32i
  %q = "cir.call"(%fp, %r) : (!cir.ptr<!cir.func<(!s32i) -> !s32i>>, !s32i) -> !s32i
  "cir.call"(%fp, %q) : (!cir.ptr<!cir.func<(!s32i) -> !s32i>>, !s32i) -> ()
  "cir.return"(%q) : (!s32i) -> ()
}) : () -> ()
"#;

#[test]
fn cir_wrappers() {
    let m = module(CIR);
    let funcs: Vec<cir::FuncOp> = ops_named(&m, "cir.func")
        .into_iter()
        .filter_map(|op| cir::FuncOp::cast(&m, op))
        .collect();
    assert_eq!(funcs.len(), 2);
    let (callee, caller) = (funcs[0], funcs[1]);
    assert_eq!(s(&m, callee.sym_name(&m)).as_deref(), Some("callee"));
    assert_eq!(s(&m, callee.calling_conv(&m)).as_deref(), Some("c"));
    assert_eq!(caller.calling_conv(&m), None);
    assert_eq!(caller.arg_attrs(&m), None);
    // `!cir.func<...>` is a dialect type: the accessor hands out its id.
    let fty = callee.function_type(&m);
    assert!(matches!(
        fty.map(|t| m.ctx.type_data(t)),
        Some(irkit_ir::TypeData::Dialect { .. })
    ));
    assert_ne!(fty, caller.function_type(&m));
    let entry = m[caller.body(&m)].blocks[0];
    let (arg_s, arg_fp) = (m[entry].args[0], m[entry].args[1]);

    let alloca = first(&m, "cir.alloca", cir::AllocaOp::cast);
    assert_eq!(alloca.alignment(&m), Some(8));
    assert_eq!(s(&m, alloca.name(&m)).as_deref(), Some("tmp"));
    assert_eq!(alloca.alloca_type(&m), Some(m[arg_s].ty));
    let slot = alloca.addr(&m);

    let store = first(&m, "cir.store", cir::StoreOp::cast);
    assert_eq!((store.value(&m), store.addr(&m)), (arg_s, slot));
    assert_eq!(store.alignment(&m), None);

    let member = first(&m, "cir.get_member", cir::GetMemberOp::cast);
    assert_eq!(member.addr(&m), slot);
    assert_eq!(member.index(&m), Some(1));
    let load = first(&m, "cir.load", cir::LoadOp::cast);
    assert_eq!(load.addr(&m), member.result(&m));

    let Some(top) = m.top else {
        panic!("no top-level op");
    };
    let calls = rt::collect::<cir::CallOp>(&m, top);
    assert_eq!(calls.len(), 3);
    assert_eq!(rt::Wrapper::id(calls[0]), ops_named(&m, "cir.call")[0]);
    assert_eq!(<cir::CallOp as rt::Wrapper>::DEF.name, "cir.call");
    // Direct: `callee` names the function, every operand is an argument.
    assert_eq!(s(&m, calls[0].callee(&m)).as_deref(), Some("callee"));
    assert_eq!(calls[0].args(&m), &[arg_s, load.result(&m)][..]);
    assert_eq!(calls[0].result(&m).len(), 1);
    // Indirect: no callee; the first operand is the function pointer.
    assert_eq!(calls[1].callee(&m), None);
    assert_eq!(calls[1].callee_attr(&m), None);
    assert_eq!(calls[1].args(&m)[0], arg_fp);
    assert!(calls[2].result(&m).is_empty());

    let ret = first(&m, "cir.return", cir::ReturnOp::cast);
    assert_eq!(ret.input(&m), calls[1].result(&m));
}

#[test]
fn scf_and_fir_wrappers() {
    // `mlir-opt-19 --mlir-print-op-generic` of an scf.for with an iter-arg
    // and an scf.if with two regions.
    let m = module(
        r#""builtin.module"() ({
  "func.func"() <{function_type = (index, index, i32, i1) -> i32, sym_name = "loop"}> ({
  ^bb0(%arg0: index, %arg1: index, %arg2: i32, %arg3: i1):
    %0 = "scf.for"(%arg0, %arg1, %arg0, %arg2) ({
    ^bb0(%arg4: index, %arg5: i32):
      "scf.yield"(%arg5) : (i32) -> ()
    }) : (index, index, index, i32) -> i32
    %1 = "scf.if"(%arg3) ({
      "scf.yield"(%0) : (i32) -> ()
    }, {
      "scf.yield"(%arg2) : (i32) -> ()
    }) : (i1) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
  %2 = "fir.call"() <{callee = @m::@f}> : () -> i32
}) : () -> ()
"#,
    );
    let f = first(&m, "func.func", func::FuncOp::cast);
    let entry = m[f.body(&m)].blocks[0];
    let args = &m[entry].args;
    let lp = first(&m, "scf.for", scf::ForOp::cast);
    assert_eq!(lp.lower_bound(&m), args[0]);
    assert_eq!(lp.upper_bound(&m), args[1]);
    assert_eq!(lp.step(&m), args[0]);
    assert_eq!(lp.init_args(&m), &[args[2]][..]);
    assert_eq!(lp.results(&m).len(), 1);
    assert_eq!(m[lp.region(&m)].blocks.len(), 1);
    let iff = first(&m, "scf.if", scf::IfOp::cast);
    assert_eq!(iff.condition(&m), args[3]);
    assert_ne!(iff.then_region(&m), iff.else_region(&m));
    let yields: Vec<scf::YieldOp> = ops_named(&m, "scf.yield")
        .into_iter()
        .filter_map(|op| scf::YieldOp::cast(&m, op))
        .collect();
    assert_eq!(yields.len(), 3);
    assert_eq!(yields[1].results(&m), lp.results(&m));

    // `fir.call`'s callee is a (possibly nested) SymbolRefAttr.
    let call = first(&m, "fir.call", fir::CallOp::cast);
    let path: Vec<String> = call
        .callee(&m)
        .unwrap_or(&[])
        .iter()
        .map(|&y| m.ctx.str(y).into_owned())
        .collect();
    assert_eq!(path, ["m", "f"]);
    assert_eq!(call.args(&m), &[][..]);
    assert_eq!(call.result0(&m).len(), 1);
}

#[test]
fn cast_checks_name_and_shape() {
    let m = module(
        r#""builtin.module"() ({
^bb0(%a: i1, %b: i32, %p: !cir.ptr<!cir.int<s, 32>>):
  "cf.cond_br"(%a, %b, %b) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 2>}> : (i1, i32, i32) -> ()
^bb1:
  "cf.cond_br"(%a, %b, %b) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i32, i32) -> ()
^bb2:
  "cf.cond_br"(%a, %b, %b) [^bb1, ^bb1] <{operandSegmentSizes = array<i32: 0, 3, 0>}> : (i1, i32, i32) -> ()
^bb3:
  "cf.cond_br"(%a, %b, %b) [^bb1, ^bb1] <{operandSegmentSizes = array<i64: 1, 2, 0>}> : (i1, i32, i32) -> ()
^bb4:
  "cf.cond_br"(%a, %b, %b) [^bb1, ^bb1] : (i1, i32, i32) -> ()
^bb5:
  "cf.cond_br"(%a) [^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb6:
  %x = "cir.load"(%p, %p) : (!cir.ptr<!cir.int<s, 32>>, !cir.ptr<!cir.int<s, 32>>) -> !cir.int<s, 32>
  %y = "cir.load"(%p) : (!cir.ptr<!cir.int<s, 32>>) -> !cir.int<s, 32>
  "cir.store"(%y) : (!cir.int<s, 32>) -> ()
  "cf.br"() [^bb1, ^bb2] : () -> ()
}) : () -> ()
"#,
    );
    let fits: Vec<bool> = ops_named(&m, "cf.cond_br")
        .into_iter()
        .map(|op| cf::CondBranchOp::cast(&m, op).is_some())
        .collect();
    // Sizes wrong in count, a single operand sized 0, an i64 array, no
    // sizes at all, one successor: only the second fits.
    assert_eq!(fits, [false, true, false, false, false, false]);
    let good = ops_named(&m, "cf.cond_br")[1];
    let br = cf::CondBranchOp(good);
    assert_eq!(br.true_dest_operands(&m).len(), 2);
    assert!(br.false_dest_operands(&m).is_empty());
    // A wrapper made without `cast` around a misfit: variadic accessors are
    // empty rather than out of range.
    let bad = cf::CondBranchOp(ops_named(&m, "cf.cond_br")[0]);
    assert!(bad.true_dest_operands(&m).is_empty());

    let loads: Vec<bool> = ops_named(&m, "cir.load")
        .into_iter()
        .map(|op| cir::LoadOp::cast(&m, op).is_some())
        .collect();
    assert_eq!(loads, [false, true]);
    assert!(ops_named(&m, "cir.store")
        .into_iter()
        .all(|op| cir::StoreOp::cast(&m, op).is_none()));
    assert!(ops_named(&m, "cf.br")
        .into_iter()
        .all(|op| cf::BranchOp::cast(&m, op).is_none()));
    // By name only.
    let load = ops_named(&m, "cir.load")[0];
    assert!(cir::LoadOp::matches(&m, load));
    assert!(!cir::StoreOp::matches(&m, load));
    assert!(cir::StoreOp::cast(&m, load).is_none());
}

#[test]
fn plain_segments_follow_mlir_rule() {
    use rt::Arity::{Optional as O, Single as S, Variadic as V};
    // Single ones take one value, the others share the rest equally.
    assert_eq!(rt::plain_range([S, V, S].into_iter(), 5, 1), Some(1..4));
    assert_eq!(rt::plain_range([S, V, S].into_iter(), 5, 2), Some(4..5));
    assert_eq!(rt::plain_range([V, V].into_iter(), 4, 1), Some(2..4));
    assert_eq!(rt::plain_range([V, V].into_iter(), 3, 0), None);
    assert_eq!(rt::plain_range([S, O].into_iter(), 1, 1), Some(1..1));
    assert_eq!(rt::plain_range([S, O].into_iter(), 2, 1), Some(1..2));
    assert_eq!(rt::plain_range([S, O].into_iter(), 3, 1), None);
    assert_eq!(rt::plain_range([S, S].into_iter(), 1, 0), None);
    assert_eq!(rt::plain_range([S, S].into_iter(), 3, 0), None);
    assert_eq!(rt::plain_range([].into_iter(), 0, 0), None);
}

#[test]
fn tables_match_the_runtime_registry() {
    use irkit_ir::dialect::MlirRelease;
    // The generated tables hold every definition in its base form (the
    // `X` fields, not `X22`): each belongs to the MLIR 19 or the 22
    // registry, every op of either has one, and the 19 registry's ops
    // (whose base form is theirs) match field by field.
    let reg = crate::dialects::builtin_registry_at(MlirRelease::V19);
    let reg22 = crate::dialects::builtin_registry_at(MlirRelease::V22);
    for info in OPS {
        assert!(
            reg.lookup(info.name.as_bytes()).is_some()
                || reg22.lookup(info.name.as_bytes()).is_some(),
            "generated op '{}' is in neither release",
            info.name
        );
    }
    for def in reg22.ops() {
        assert!(
            lookup(&def.name).is_some(),
            "no generated op '{}'",
            def.name
        );
    }
    assert_eq!(
        DIALECTS.iter().map(|d| d.ops.len()).sum::<usize>(),
        OPS.len()
    );
    for def in reg.ops() {
        let Some(info) = lookup(&def.name) else {
            panic!("no generated op '{}'", def.name);
        };
        let what = &*def.name;
        assert_eq!(info.name, what);
        assert_eq!(info.summary, &*def.summary, "{what}");
        for (gen, reg) in [(info.operands, &def.operands), (info.results, &def.results)] {
            assert_eq!(gen.len(), reg.len(), "{what}");
            for (g, r) in gen.iter().zip(reg.iter()) {
                assert_eq!(g.name, r.name.as_deref(), "{what}");
                assert_eq!(g.arity, r.arity, "{what}");
                assert_eq!(g.summary, &*r.constraint.summary, "{what}");
            }
        }
        assert_eq!(info.attrs.len(), def.attrs.len(), "{what}");
        for (g, r) in info.attrs.iter().zip(def.attrs.iter()) {
            assert_eq!(
                (g.name, g.optional, g.summary),
                (&*r.name, r.optional, &*r.summary),
                "{what}"
            );
        }
        assert_eq!(info.regions.len(), def.regions.len(), "{what}");
        for (g, r) in info.regions.iter().zip(def.regions.iter()) {
            assert_eq!(
                (g.name, g.variadic, g.summary),
                (r.name.as_deref(), r.variadic, &*r.summary),
                "{what}"
            );
        }
        assert_eq!(info.successors.len(), def.successors.len(), "{what}");
        for (g, r) in info.successors.iter().zip(def.successors.iter()) {
            assert_eq!(
                (g.name, g.variadic),
                (r.name.as_deref(), r.variadic),
                "{what}"
            );
        }
        assert_eq!(info.traits, &*def.trait_order, "{what}");
        let ifaces: Vec<Interface> = def.interfaces.iter().collect();
        let mut gen_ifaces = info.interfaces.to_vec();
        gen_ifaces.sort_by_key(|&i| i as u32);
        assert_eq!(gen_ifaces, ifaces, "{what}");
        let parents: Vec<&str> = def.parents.iter().map(|p| &**p).collect();
        assert_eq!(info.parents, &parents[..], "{what}");
        assert_eq!(
            info.implicit_terminator,
            def.implicit_terminator.as_deref(),
            "{what}"
        );
        let groups: Vec<Vec<&str>> = def
            .same_type_groups
            .iter()
            .map(|g| g.iter().map(|n| &**n).collect())
            .collect();
        let gen_groups: Vec<Vec<&str>> = info.same_type_groups.iter().map(|g| g.to_vec()).collect();
        assert_eq!(gen_groups, groups, "{what}");
        assert_eq!(
            info.has(Trait::AttrSizedOperandSegments),
            def.has(Trait::AttrSizedOperandSegments)
        );
    }
    // The lookup finds every op in the table, and nothing else.
    for info in OPS {
        assert_eq!(lookup(info.name).map(|i| i.record), Some(info.record));
    }
    assert!(lookup("cir.nope").is_none());
}

#[test]
fn backend_lists_match_the_ir_crate() {
    let traits: Vec<&str> = Trait::ALL.iter().map(|t| t.name()).collect();
    assert_eq!(irkit_td::op_defs::TRAITS, &traits[..]);
    let ifaces: Vec<&str> = Interface::ALL.iter().map(|i| i.name()).collect();
    assert_eq!(irkit_td::op_defs::INTERFACES, &ifaces[..]);
    let _ = Arity::Single;
}

/// The generated file is what `irkit tblgen --gen-op-defs` prints for
/// `src/dialects/irkit.td`: the build script and the command agree.
#[test]
fn build_output_is_the_command_output() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/dialects");
    let root = format!("{dir}/irkit.td");
    let text = match std::fs::read_to_string(&root) {
        Ok(t) => t,
        Err(e) => panic!("{root}: {e}"),
    };
    let mut map = SourceMap::new();
    let file = map.add(root, text);
    let opts = irkit_td::Options {
        include_dirs: &[dir.to_string()],
        defines: &[],
        builtin_includes: &[],
        report_timing: false,
        leak_model: false,
        early_diags: None,
        warn_unused_template_args: false,
        rules: irkit_td::compat::newest(),
        limits: irkit_td::Limits::DEFAULT,
        action: irkit_td::Action::GenOpDefs,
    };
    let out = irkit_td::run(&mut map, file, &opts);
    assert!(out.diags.is_empty());
    assert_eq!(
        out.output.as_deref(),
        Some(include_str!(concat!(env!("OUT_DIR"), "/ops.rs")))
    );
}
