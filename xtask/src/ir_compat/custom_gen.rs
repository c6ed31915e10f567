//! Random modules in the custom syntax of builtin, func, arith, math, scf and cf (with
//! a few unregistered ops), for `ir-compat --custom`. Deterministic per seed.
//! The text is written as people write it (named values, optional flags,
//! attribute dictionaries); mlir-opt-19 decides what it means.

use std::fmt::Write as _;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

const INT_TYPES: &[&str] = &["i1", "i8", "i16", "i32", "i64", "index"];
const FLOAT_TYPES: &[&str] = &["f16", "f32", "f64", "bf16"];
const PREDICATES: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
const OVERFLOW: &[&str] = &["nsw", "nuw", "nsw, nuw"];
const FASTMATH: &[&str] = &[
    "fast",
    "nnan",
    "ninf",
    "contract",
    "nnan,ninf",
    "reassoc,contract",
    "afn",
];

/// Values in scope, by type.
struct Scope {
    vals: Vec<(String, &'static str)>,
    next: usize,
}

impl Scope {
    fn of(&self, rng: &mut Rng, ty: &str) -> Option<String> {
        let c: Vec<&String> = self
            .vals
            .iter()
            .filter(|v| v.1 == ty)
            .map(|v| &v.0)
            .collect();
        if c.is_empty() {
            None
        } else {
            Some(c[rng.below(c.len())].clone())
        }
    }
    fn fresh(&mut self, rng: &mut Rng) -> String {
        self.next += 1;
        match rng.below(4) {
            0 => format!("%v{}", self.next),
            1 => format!("%{}", self.next + 100),
            2 => format!("%tmp_{}", self.next),
            _ => format!("%x{}", self.next),
        }
    }
}

/// A module: declarations, then functions calling them.
pub fn module(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut out = String::new();
    let wrap = rng.below(3);
    let ind = if wrap == 0 { "" } else { "  " };
    match wrap {
        0 => {}
        1 => out.push_str("module {\n"),
        _ => {
            let _ = writeln!(
                out,
                "module @m{} attributes {{test.flag, test.n = {} : i32}} {{",
                rng.below(9),
                rng.below(100)
            );
        }
    }
    // Declarations.
    let mut decls: Vec<(String, Vec<&'static str>, Vec<&'static str>)> = Vec::new();
    for k in 0..rng.below(3) {
        let ins: Vec<&'static str> = (0..rng.below(3)).map(|_| *rng.pick(INT_TYPES)).collect();
        let outs: Vec<&'static str> = (0..rng.below(3)).map(|_| *rng.pick(INT_TYPES)).collect();
        let name = format!("ext{k}");
        let _ = write!(out, "{ind}func.func private @{name}(");
        for (i, t) in ins.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(t);
            if rng.chance(20) {
                out.push_str(" {test.arg}");
            }
        }
        out.push(')');
        match outs.len() {
            0 => {}
            1 => {
                let _ = write!(out, " -> {}", outs[0]);
            }
            _ => {
                let _ = write!(out, " -> ({})", outs.join(", "));
            }
        }
        if rng.chance(20) {
            out.push_str(" attributes {test.decl}");
        }
        out.push('\n');
        decls.push((name, ins, outs));
    }
    for f in 0..1 + rng.below(3) {
        function(&mut rng, &mut out, ind, f, &decls);
    }
    if wrap != 0 {
        out.push_str("}\n");
    }
    out
}

fn function(
    rng: &mut Rng,
    out: &mut String,
    ind: &str,
    f: usize,
    decls: &[(String, Vec<&'static str>, Vec<&'static str>)],
) {
    let mut scope = Scope {
        vals: Vec::new(),
        next: 0,
    };
    let n_args = rng.below(4);
    let mut args = Vec::new();
    for a in 0..n_args {
        let ty = if rng.chance(70) {
            *rng.pick(INT_TYPES)
        } else {
            *rng.pick(FLOAT_TYPES)
        };
        let name = format!("%a{a}");
        args.push(format!(
            "{name}: {ty}{}",
            if rng.chance(15) {
                " {test.noalias}"
            } else {
                ""
            }
        ));
        scope.vals.push((name, ty));
    }
    let ret: Vec<&'static str> = (0..rng.below(3)).map(|_| *rng.pick(INT_TYPES)).collect();
    let vis = if rng.chance(20) { "public " } else { "" };
    let _ = write!(out, "{ind}func.func {vis}@f{f}({})", args.join(", "));
    match ret.len() {
        0 => {}
        1 => {
            let _ = write!(out, " -> {}", ret[0]);
        }
        _ => {
            let _ = write!(out, " -> ({})", ret.join(", "));
        }
    }
    if rng.chance(15) {
        out.push_str(" attributes {test.fn = \"yes\"}");
    }
    out.push_str(" {\n");
    let body = format!("{ind}  ");
    let n_ops = 2 + rng.below(12);
    for _ in 0..n_ops {
        op(rng, out, &body, &mut scope, decls);
    }
    // Optionally branch through two blocks that pass a value along.
    let branch = rng.chance(35);
    if branch {
        let c = cond(rng, out, &body, &mut scope);
        let ty = *rng.pick(&INT_TYPES[1..]);
        let v = value(rng, out, &body, &mut scope, ty);
        let w = value(rng, out, &body, &mut scope, ty);
        let _ = writeln!(out, "{body}cf.cond_br {c}, ^bb1({v} : {ty}), ^bb2");
        let _ = writeln!(out, "{ind}^bb1(%p: {ty}):");
        let _ = writeln!(out, "{body}cf.br ^bb2");
        let _ = writeln!(out, "{ind}^bb2:");
        let _ = w;
        scope.vals.retain(|v| v.0.starts_with("%a"));
    }
    let mut rets = Vec::new();
    for t in &ret {
        rets.push(value(rng, out, &body, &mut scope, t));
    }
    if ret.is_empty() {
        let _ = writeln!(out, "{body}return");
    } else {
        let _ = writeln!(out, "{body}return {} : {}", rets.join(", "), ret.join(", "));
    }
    let _ = writeln!(out, "{ind}}}");
}

/// A value of type `ty`: an existing one or a new constant.
fn value(
    rng: &mut Rng,
    out: &mut String,
    ind: &str,
    scope: &mut Scope,
    ty: &'static str,
) -> String {
    if rng.chance(60) {
        if let Some(v) = scope.of(rng, ty) {
            return v;
        }
    }
    constant(rng, out, ind, scope, ty)
}

fn constant(
    rng: &mut Rng,
    out: &mut String,
    ind: &str,
    scope: &mut Scope,
    ty: &'static str,
) -> String {
    let name = scope.fresh(rng);
    let lit = match ty {
        "i1" => {
            if rng.chance(50) {
                "true".to_string()
            } else {
                "false".to_string()
            }
        }
        "f16" | "f32" | "f64" | "bf16" => {
            let v = *rng.pick(&["0.0", "1.0", "-2.5", "3.140000e+00", "1.0e10", "0.5"]);
            format!("{v} : {ty}")
        }
        _ => {
            let v = *rng.pick(&[0i64, 1, 2, -1, 42, -128, 255, 1000]);
            let v = match ty {
                "i8" => v.clamp(-128, 127),
                _ => v,
            };
            format!("{v} : {ty}")
        }
    };
    let _ = writeln!(out, "{ind}{name} = arith.constant {lit}");
    scope.vals.push((name.clone(), ty));
    name
}

fn cond(rng: &mut Rng, out: &mut String, ind: &str, scope: &mut Scope) -> String {
    let ty = *rng.pick(&INT_TYPES[1..]);
    let a = value(rng, out, ind, scope, ty);
    let b = value(rng, out, ind, scope, ty);
    let name = scope.fresh(rng);
    let p = rng.pick(PREDICATES);
    let _ = writeln!(out, "{ind}{name} = arith.cmpi {p}, {a}, {b} : {ty}");
    scope.vals.push((name.clone(), "i1"));
    name
}

fn op(
    rng: &mut Rng,
    out: &mut String,
    ind: &str,
    scope: &mut Scope,
    decls: &[(String, Vec<&'static str>, Vec<&'static str>)],
) {
    match rng.below(16) {
        0 => {
            let ty = *rng.pick(INT_TYPES);
            constant(rng, out, ind, scope, ty);
        }
        1 | 2 => {
            let ty = *rng.pick(INT_TYPES);
            let a = value(rng, out, ind, scope, ty);
            let b = value(rng, out, ind, scope, ty);
            let name = scope.fresh(rng);
            let opn = *rng.pick(&[
                "addi",
                "subi",
                "muli",
                "andi",
                "ori",
                "xori",
                "divui",
                "divsi",
                "ceildivui",
                "ceildivsi",
                "floordivsi",
                "remui",
                "remsi",
                "shli",
                "shrui",
                "shrsi",
                "maxsi",
                "maxui",
                "minsi",
                "minui",
            ]);
            let flags = if matches!(opn, "addi" | "subi" | "muli" | "shli") && rng.chance(30) {
                format!(" overflow<{}>", rng.pick(OVERFLOW))
            } else {
                String::new()
            };
            let attrs = if rng.chance(10) {
                " {test.tag = \"t\"}"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "{ind}{name} = arith.{opn} {a}, {b}{flags}{attrs} : {ty}"
            );
            scope.vals.push((name, ty));
        }
        3 => {
            let ty = *rng.pick(FLOAT_TYPES);
            let a = value(rng, out, ind, scope, ty);
            let b = value(rng, out, ind, scope, ty);
            let name = scope.fresh(rng);
            let opn = *rng.pick(&[
                "addf", "subf", "mulf", "divf", "remf", "maximumf", "maxnumf", "minimumf",
                "minnumf",
            ]);
            let flags = if rng.chance(30) {
                format!(" fastmath<{}>", rng.pick(FASTMATH))
            } else {
                String::new()
            };
            let _ = writeln!(out, "{ind}{name} = arith.{opn} {a}, {b}{flags} : {ty}");
            scope.vals.push((name, ty));
        }
        4 => {
            cond(rng, out, ind, scope);
        }
        5 if !decls.is_empty() => {
            let (callee, ins, outs) = &decls[rng.below(decls.len())];
            let args: Vec<String> = ins.iter().map(|t| value(rng, out, ind, scope, t)).collect();
            let names: Vec<String> = outs.iter().map(|_| scope.fresh(rng)).collect();
            let lhs = match names.len() {
                0 => String::new(),
                1 => format!("{} = ", names[0]),
                n => format!("{}:{n} = ", names[0]),
            };
            let res = match outs.len() {
                1 => outs[0].to_string(),
                _ => format!("({})", outs.join(", ")),
            };
            let _ = writeln!(
                out,
                "{ind}{lhs}func.call @{callee}({}) : ({}) -> {res}",
                args.join(", "),
                ins.join(", ")
            );
            if outs.len() == 1 {
                scope.vals.push((names[0].clone(), outs[0]));
            } else if let Some(first) = names.first() {
                for (k, t) in outs.iter().enumerate() {
                    scope.vals.push((format!("{first}#{k}"), t));
                }
            }
        }
        6 => {
            let ty = *rng.pick(INT_TYPES);
            let a = value(rng, out, ind, scope, ty);
            let name = scope.fresh(rng);
            let _ = writeln!(
                out,
                "{ind}{name} = \"test.unregistered\"({a}) {{k = {} : i64}} : ({ty}) -> {ty}",
                rng.below(5)
            );
            scope.vals.push((name, ty));
        }
        8 => {
            // Casts between a source and a destination type.
            let (opn, from, to) = *rng.pick(&[
                ("extsi", "i8", "i32"),
                ("extui", "i16", "i64"),
                ("extsi", "i1", "i8"),
                ("trunci", "i64", "i16"),
                ("trunci", "i32", "i1"),
                ("sitofp", "i32", "f32"),
                ("uitofp", "i64", "f64"),
                ("fptosi", "f32", "i32"),
                ("fptoui", "f64", "i8"),
                ("extf", "f16", "f32"),
                ("extf", "bf16", "f64"),
                ("truncf", "f64", "f32"),
                ("index_cast", "i32", "index"),
                ("index_castui", "index", "i64"),
                ("bitcast", "i32", "f32"),
                ("bitcast", "f16", "i16"),
                ("bitcast", "i64", "f64"),
            ]);
            let a = value(rng, out, ind, scope, from);
            let name = scope.fresh(rng);
            let flags = if matches!(opn, "extf" | "truncf") && rng.chance(30) {
                format!(" fastmath<{}>", rng.pick(FASTMATH))
            } else {
                String::new()
            };
            let _ = writeln!(out, "{ind}{name} = arith.{opn} {a}{flags} : {from} to {to}");
            scope.vals.push((name, to));
        }
        9 => {
            let ty = *rng.pick(FLOAT_TYPES);
            let a = value(rng, out, ind, scope, ty);
            let b = value(rng, out, ind, scope, ty);
            let name = scope.fresh(rng);
            let p = *rng.pick(&[
                "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge",
                "ult", "ule", "une", "uno", "true",
            ]);
            let flags = if rng.chance(20) {
                " fastmath<fast>"
            } else {
                ""
            };
            let _ = writeln!(out, "{ind}{name} = arith.cmpf {p}, {a}, {b}{flags} : {ty}");
            scope.vals.push((name, "i1"));
            if rng.chance(50) {
                let v = scope.fresh(rng);
                let _ = writeln!(out, "{ind}{v} = arith.negf {a} : {ty}");
                scope.vals.push((v, ty));
            }
        }
        10 => {
            let ty = if rng.chance(70) {
                *rng.pick(INT_TYPES)
            } else {
                *rng.pick(FLOAT_TYPES)
            };
            let c = value(rng, out, ind, scope, "i1");
            let a = value(rng, out, ind, scope, ty);
            let b = value(rng, out, ind, scope, ty);
            let name = scope.fresh(rng);
            let _ = writeln!(out, "{ind}{name} = arith.select {c}, {a}, {b} : {ty}");
            scope.vals.push((name, ty));
        }
        11 => {
            let ty = *rng.pick(&INT_TYPES[1..]);
            let a = value(rng, out, ind, scope, ty);
            let b = value(rng, out, ind, scope, ty);
            let x = scope.fresh(rng);
            let y = scope.fresh(rng);
            if rng.chance(50) {
                let _ = writeln!(
                    out,
                    "{ind}{x}, {y} = arith.addui_extended {a}, {b} : {ty}, i1"
                );
                scope.vals.push((x, ty));
                scope.vals.push((y, "i1"));
            } else {
                let opn = *rng.pick(&["mulsi_extended", "mului_extended"]);
                let _ = writeln!(out, "{ind}{x}, {y} = arith.{opn} {a}, {b} : {ty}");
                scope.vals.push((x, ty));
                scope.vals.push((y, ty));
            }
        }
        12 => {
            let ty = *rng.pick(FLOAT_TYPES);
            let a = value(rng, out, ind, scope, ty);
            let name = scope.fresh(rng);
            let flags = if rng.chance(25) {
                format!(" fastmath<{}>", rng.pick(FASTMATH))
            } else {
                String::new()
            };
            match rng.below(3) {
                0 => {
                    let opn = *rng.pick(&[
                        "absf",
                        "acosh",
                        "asin",
                        "asinh",
                        "atan",
                        "atanh",
                        "cbrt",
                        "ceil",
                        "cos",
                        "acos",
                        "cosh",
                        "sin",
                        "sinh",
                        "erf",
                        "exp",
                        "exp2",
                        "expm1",
                        "floor",
                        "log",
                        "log10",
                        "log1p",
                        "log2",
                        "rsqrt",
                        "sqrt",
                        "tan",
                        "tanh",
                        "roundeven",
                        "round",
                        "trunc",
                    ]);
                    let _ = writeln!(out, "{ind}{name} = math.{opn} {a}{flags} : {ty}");
                }
                1 => {
                    let b = value(rng, out, ind, scope, ty);
                    let opn = *rng.pick(&["atan2", "copysign", "powf"]);
                    let _ = writeln!(out, "{ind}{name} = math.{opn} {a}, {b}{flags} : {ty}");
                }
                _ => {
                    let b = value(rng, out, ind, scope, ty);
                    let _ = writeln!(out, "{ind}{name} = math.fma {a}, {b}, {a}{flags} : {ty}");
                }
            }
            scope.vals.push((name, ty));
        }
        13 => {
            let ty = *rng.pick(&INT_TYPES[1..5]);
            let a = value(rng, out, ind, scope, ty);
            let name = scope.fresh(rng);
            if rng.chance(50) {
                let opn = *rng.pick(&["absi", "ctlz", "cttz", "ctpop"]);
                let _ = writeln!(out, "{ind}{name} = math.{opn} {a} : {ty}");
                scope.vals.push((name, ty));
            } else if rng.chance(50) {
                let b = value(rng, out, ind, scope, ty);
                let _ = writeln!(out, "{ind}{name} = math.ipowi {a}, {b} : {ty}");
                scope.vals.push((name, ty));
            } else {
                let f = *rng.pick(FLOAT_TYPES);
                let x = value(rng, out, ind, scope, f);
                let _ = writeln!(out, "{ind}{name} = math.fpowi {x}, {a} : {f}, {ty}");
                scope.vals.push((name, f));
            }
        }
        14 => {
            // scf.if with or without results; the regions see the values in
            // scope, their own values stay inside.
            let ty = *rng.pick(&INT_TYPES[1..5]);
            let c = value(rng, out, ind, scope, "i1");
            let a = value(rng, out, ind, scope, ty);
            let inner = format!("{ind}  ");
            let saved = scope.vals.len();
            if rng.chance(50) {
                let name = scope.fresh(rng);
                let _ = writeln!(out, "{ind}{name} = scf.if {c} -> ({ty}) {{");
                let x = scope.fresh(rng);
                let _ = writeln!(out, "{inner}{x} = arith.addi {a}, {a} : {ty}");
                let _ = writeln!(out, "{inner}scf.yield {x} : {ty}");
                let _ = writeln!(out, "{ind}}} else {{");
                let _ = writeln!(out, "{inner}scf.yield {a} : {ty}");
                let _ = writeln!(out, "{ind}}}");
                scope.vals.truncate(saved);
                scope.vals.push((name, ty));
            } else {
                let _ = writeln!(out, "{ind}scf.if {c} {{");
                let x = scope.fresh(rng);
                let _ = writeln!(out, "{inner}{x} = arith.muli {a}, {a} : {ty}");
                let _ = writeln!(out, "{ind}}}");
                scope.vals.truncate(saved);
            }
        }
        15 => {
            let ty = *rng.pick(&INT_TYPES[1..5]);
            let init = value(rng, out, ind, scope, ty);
            let lb = constant(rng, out, ind, scope, "index");
            let ub = value(rng, out, ind, scope, "index");
            let st = constant(rng, out, ind, scope, "index");
            let inner = format!("{ind}  ");
            let iv = scope.fresh(rng);
            let acc = scope.fresh(rng);
            let name = scope.fresh(rng);
            let _ = writeln!(
                out,
                "{ind}{name} = scf.for {iv} = {lb} to {ub} step {st} iter_args({acc} = {init}) -> ({ty}) {{"
            );
            let x = scope.fresh(rng);
            let _ = writeln!(out, "{inner}{x} = arith.addi {acc}, {init} : {ty}");
            let _ = writeln!(out, "{inner}scf.yield {x} : {ty}");
            let _ = writeln!(out, "{ind}}}");
            scope.vals.push((name, ty));
        }
        _ => {
            let ty = *rng.pick(INT_TYPES);
            let a = value(rng, out, ind, scope, ty);
            let b = value(rng, out, ind, scope, ty);
            let name = scope.fresh(rng);
            let _ = writeln!(
                out,
                "{ind}{name} = \"arith.addi\"({a}, {b}) <{{overflowFlags = #arith.overflow<none>}}> : ({ty}, {ty}) -> {ty}"
            );
            scope.vals.push((name, ty));
        }
    }
}
