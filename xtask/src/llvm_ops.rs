//! `cargo xtask llvm-ops --mlir 19|22`: which ops of MLIR's LLVM dialect irkit
//! does not define, measured against MLIR's own op definitions.
//!
//! MLIR's side: `irkit tblgen --dump-json` over
//! `mlir/Dialect/LLVMIR/LLVMOps.td` and `LLVMIntrinsicOps.td` of release V
//! (the include tree of `libmlir-V-dev`, unpacked by
//! [`crate::tblgen_corpus::include_root`]); every record deriving from `Op`
//! whose `opDialect` is named `llvm` is an op, `llvm.` + its `opName`. Its
//! `arguments` dag is split into operands (entries deriving from
//! `TypeConstraint`) and attributes/properties (`Attr`, `Property`).
//!
//! irkit's side: the registry the `irkit` binary loads
//! ([`irkit::dialects::builtin_registry_at`] the same release), so what is
//! counted is what the verifier knows at `--mlir-compat=V`.
//!
//! Prints the figures (`defined N / M`), the missing op names (all with
//! `--list`, else the first 40), and with `--counts` the ops whose operand,
//! result, attribute, region or successor counts differ. `--max-missing N`
//! fails when more than N ops are missing (for CI).

use crate::tblgen_corpus::include_root;
use crate::util::{build_irkit, has_flag, opt_value};
use serde_json::Value;
use std::collections::BTreeMap;
use std::process::Command;

const HELP: &str = "\
cargo xtask llvm-ops [--mlir 19|22] [--list] [--counts] [--max-missing N] [--irkit PATH]";

/// The shape of one op definition: counts of its operands, results,
/// attributes (properties included), regions and successors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape {
    operands: usize,
    results: usize,
    attrs: usize,
    regions: usize,
    successors: usize,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        println!("{HELP}");
        return Ok(());
    }
    let mlir_release = crate::mlir_release::MlirRelease::from_args(args)?;
    let release = mlir_release.number();
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => p.into(),
        None => build_irkit()?,
    };
    let root = include_root(release)?;
    let mut mlir: BTreeMap<String, Shape> = BTreeMap::new();
    for file in ["LLVMOps.td", "LLVMIntrinsicOps.td"] {
        let path = root.join("mlir/Dialect/LLVMIR").join(file);
        let out = Command::new(&irkit)
            .arg("tblgen")
            .arg("--dump-json")
            .arg("-I")
            .arg(&root)
            .arg("-I")
            .arg(root.join("mlir/Dialect/LLVMIR"))
            .arg(&path)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", irkit.display()))?;
        if !out.status.success() {
            return Err(format!(
                "irkit tblgen --dump-json {} failed:\n{}",
                path.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let json: Value = serde_json::from_slice(&out.stdout)
            .map_err(|e| format!("{}: bad JSON from irkit tblgen: {e}", path.display()))?;
        collect_ops(&json, &mut mlir)?;
    }
    let reg = irkit::dialects::builtin_registry_at(match mlir_release {
        crate::mlir_release::MlirRelease::V19 => irkit_ir::dialect::MlirRelease::V19,
        crate::mlir_release::MlirRelease::V22 => irkit_ir::dialect::MlirRelease::V22,
    });
    let mut missing = Vec::new();
    let mut differ = Vec::new();
    for (name, theirs) in &mlir {
        match reg.get(name.as_bytes()) {
            None => missing.push(name.as_str()),
            Some(def) => {
                let ours = Shape {
                    operands: def.operands.len(),
                    results: def.results.len(),
                    attrs: def.attrs.len(),
                    regions: def.regions.len(),
                    successors: def.successors.len(),
                };
                if ours != *theirs {
                    differ.push((name.as_str(), ours, *theirs));
                }
            }
        }
    }
    let extra: Vec<&str> = reg
        .ops()
        .iter()
        .map(|d| &*d.name)
        .filter(|n| n.starts_with("llvm.") && !mlir.contains_key(*n))
        .collect();
    let (intr_total, intr_missing) = (
        mlir.keys().filter(|n| n.starts_with("llvm.intr.")).count(),
        missing
            .iter()
            .filter(|n| n.starts_with("llvm.intr."))
            .count(),
    );
    println!(
        "llvm-ops (MLIR {release}): defined {} / {} ops of the LLVM dialect \
         ({} / {} llvm.intr.*); missing {}; counts differ {}",
        mlir.len() - missing.len(),
        mlir.len(),
        intr_total - intr_missing,
        intr_total,
        missing.len(),
        differ.len()
    );
    let show = if has_flag(args, "--list") {
        usize::MAX
    } else {
        40
    };
    if !missing.is_empty() {
        println!("missing:");
        for n in missing.iter().take(show) {
            println!("  {n}");
        }
        if missing.len() > show {
            println!("  ... {} more (--list)", missing.len() - show);
        }
    }
    if has_flag(args, "--counts") && !differ.is_empty() {
        println!("counts differ (operands/results/attributes/regions/successors, irkit vs MLIR):");
        for (n, o, t) in &differ {
            println!(
                "  {n}: {}/{}/{}/{}/{} vs {}/{}/{}/{}/{}",
                o.operands,
                o.results,
                o.attrs,
                o.regions,
                o.successors,
                t.operands,
                t.results,
                t.attrs,
                t.regions,
                t.successors
            );
        }
    }
    if !extra.is_empty() {
        println!(
            "defined by irkit but not by MLIR {release}: {}",
            extra.join(", ")
        );
    }
    if let Some(max) = opt_value(args, "--max-missing") {
        let max: usize = max
            .parse()
            .map_err(|_| format!("--max-missing expects a number, got '{max}'"))?;
        if missing.len() > max {
            return Err(format!("{} ops missing, more than {max}", missing.len()));
        }
    }
    Ok(())
}

/// Adds every op of the `llvm` dialect in a `--dump-json` output to `ops`.
fn collect_ops(json: &Value, ops: &mut BTreeMap<String, Shape>) -> Result<(), String> {
    let obj = json
        .as_object()
        .ok_or("dump-json output is not an object")?;
    let names = json["!instanceof"]["Op"]
        .as_array()
        .ok_or("dump-json output lists no instance of Op")?;
    // An `Arg<constraint, ...>` (a described or effect-carrying argument)
    // is what its `constraint` is.
    let derives = |def: &str, class: &str| {
        let mut def = def;
        for _ in 0..8 {
            let Some(rec) = obj.get(def) else {
                return false;
            };
            let supers = rec["!superclasses"].as_array();
            if supers.is_some_and(|s| s.iter().any(|c| c.as_str() == Some(class))) {
                return true;
            }
            match rec["constraint"]["def"].as_str() {
                Some(inner) => def = inner,
                None => return false,
            }
        }
        false
    };
    for name in names.iter().filter_map(Value::as_str) {
        let rec = &obj[name];
        let Some(dialect) = rec["opDialect"]["def"].as_str() else {
            continue;
        };
        if obj[dialect]["name"].as_str() != Some("llvm") {
            continue;
        }
        let Some(mnemonic) = rec["opName"].as_str() else {
            return Err(format!("{name}: no opName"));
        };
        let dag_args = |field: &str| -> Vec<&str> {
            rec[field]["args"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|e| e[0]["def"].as_str())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        };
        let args = dag_args("arguments");
        let operands = args.iter().filter(|d| derives(d, "TypeConstraint")).count();
        let attrs = args
            .iter()
            .filter(|d| derives(d, "Attr") || derives(d, "Property"))
            .count();
        let shape = Shape {
            operands,
            results: dag_args("results").len(),
            attrs,
            regions: dag_args("regions").len(),
            successors: dag_args("successors").len(),
        };
        ops.insert(format!("llvm.{mnemonic}"), shape);
    }
    Ok(())
}
