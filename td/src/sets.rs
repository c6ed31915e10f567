//! `--print-sets`: LLVM's set theory over the defs derived from class `Set`
//! (whose `Elements` field is a set expression), printed as
//! `Name = [ a b c ]`.
//!
//! Supported operators: `add`, `sub`, `and`, `shl`, `trunc`, `rotl`,
//! `rotr`, `decimate`, `interleave` and `sequence` (with `%u`/`%d`
//! formats); a def that is itself a `Set` expands to its elements, a list
//! to the union of its elements.

use crate::model::{Ctx, Init, InitId, RecId};
use rustc_hash::FxHashMap;

struct Sets<'a> {
    cx: &'a Ctx,
    set_class: Option<RecId>,
    memo: FxHashMap<RecId, Vec<RecId>>,
    depth: u32,
}

/// The whole `--print-sets` output, or the error that stopped it.
pub fn print_sets(cx: &Ctx, out: &mut String) -> Result<(), String> {
    let set_class = cx
        .classes
        .iter()
        .find(|(&y, _)| cx.strs.str(y) == "Set")
        .map(|(_, &c)| c);
    let mut s = Sets {
        cx,
        set_class,
        memo: FxHashMap::default(),
        depth: 0,
    };
    let Some(c) = set_class else {
        return Ok(());
    };
    let mut defs: Vec<(&str, RecId)> = crate::printer::sorted(cx, false)
        .into_iter()
        .filter(|&(_, d)| cx.rec(d).is_subclass_of(c))
        .collect();
    defs.sort_by(|a, b| crate::resolve::compare_numeric(a.0.as_bytes(), b.0.as_bytes()));
    for (name, d) in defs {
        let elts = s.expand_def(d)?;
        out.push_str(name);
        out.push_str(" = [");
        for e in elts {
            out.push(' ');
            out.push_str(&cx.rec_name_cow(e));
        }
        out.push_str(" ]\n");
    }
    Ok(())
}

impl Sets<'_> {
    /// A `Set` def's elements (memoized); any other def is itself.
    fn expand_def(&mut self, d: RecId) -> Result<Vec<RecId>, String> {
        let is_set = self
            .set_class
            .is_some_and(|c| self.cx.rec(d).is_subclass_of(c));
        if !is_set {
            return Ok(vec![d]);
        }
        if let Some(v) = self.memo.get(&d) {
            return Ok(v.clone());
        }
        let elements = self.cx.strs.get("Elements");
        let Some(v) = elements
            .and_then(|y| self.cx.rec(d).value(y))
            .map(|v| v.value)
        else {
            return Err(format!(
                "Record `{}` does not have a field named `Elements`!",
                self.cx.rec_name(d)
            ));
        };
        let mut res = OSet::default();
        self.eval(v, &mut res)?;
        self.memo.insert(d, res.v.clone());
        Ok(res.v)
    }

    fn eval(&mut self, v: InitId, out: &mut OSet) -> Result<(), String> {
        self.depth += 1;
        if self.depth > 1000 {
            return Err("set expression nested too deep".to_string());
        }
        let r = self.eval_inner(v, out);
        self.depth -= 1;
        r
    }

    fn eval_inner(&mut self, v: InitId, out: &mut OSet) -> Result<(), String> {
        let cx = self.cx;
        match cx.init(v) {
            Init::Def(d) => {
                for e in self.expand_def(*d)? {
                    out.insert(e);
                }
                Ok(())
            }
            Init::List(elems, _) => {
                for &e in elems.iter() {
                    self.eval(e, out)?;
                }
                Ok(())
            }
            Init::Dag(op, _, args) => {
                let Init::Def(opd) = cx.init(*op) else {
                    return Err(format!("Bad set expression: {}", cx.init_str(v)));
                };
                let args: Vec<InitId> = args.iter().map(|a| a.0).collect();
                self.apply(&cx.rec_name(*opd), &args, v, out)
            }
            _ => Err(format!("Couldn't expand set: {}", cx.init_str(v))),
        }
    }

    fn int_arg(&self, args: &[InitId], k: usize, expr: InitId) -> Result<i64, String> {
        match args.get(k).map(|&a| self.cx.init(a)) {
            Some(Init::Int(n)) => Ok(*n),
            _ => Err(format!(
                "Expected integer argument: {}",
                self.cx.init_str(expr)
            )),
        }
    }

    fn apply(
        &mut self,
        op: &str,
        args: &[InitId],
        expr: InitId,
        out: &mut OSet,
    ) -> Result<(), String> {
        let cx = self.cx;
        let set_arg = |s: &mut Self, k: usize| -> Result<Vec<RecId>, String> {
            let mut v = OSet::default();
            if let Some(&a) = args.get(k) {
                s.eval(a, &mut v)?;
            }
            Ok(v.v)
        };
        match op {
            "add" => {
                for &a in args {
                    self.eval(a, out)?;
                }
            }
            "sub" => {
                if args.len() < 2 {
                    return Err(format!(
                        "Set difference needs at least two arguments: {}",
                        cx.init_str(expr)
                    ));
                }
                let first = set_arg(self, 0)?;
                let mut rest = rustc_hash::FxHashSet::default();
                for k in 1..args.len() {
                    rest.extend(set_arg(self, k)?);
                }
                for e in first.into_iter().filter(|e| !rest.contains(e)) {
                    out.insert(e);
                }
            }
            "and" => {
                if args.len() != 2 {
                    return Err(format!(
                        "Set intersection requires two arguments: {}",
                        cx.init_str(expr)
                    ));
                }
                let a = set_arg(self, 0)?;
                let b: rustc_hash::FxHashSet<RecId> = set_arg(self, 1)?.into_iter().collect();
                for e in a.into_iter().filter(|e| b.contains(e)) {
                    out.insert(e);
                }
            }
            "shl" | "trunc" | "rotl" | "rotr" | "decimate" => {
                if args.len() != 2 {
                    return Err(format!(
                        "Operator requires (Op Set, Int) arguments: {}",
                        cx.init_str(expr)
                    ));
                }
                let set = set_arg(self, 0)?;
                let n = self.int_arg(args, 1, expr)?;
                let len = set.len() as i64;
                let pick: Vec<RecId> = match op {
                    "shl" => set.into_iter().skip(n.max(0) as usize).collect(),
                    "trunc" => set.into_iter().take(n.max(0) as usize).collect(),
                    "decimate" => {
                        if n <= 0 {
                            return Err(format!("Positive stride required: {}", cx.init_str(expr)));
                        }
                        set.into_iter().step_by(n as usize).collect()
                    }
                    _ => {
                        if len == 0 {
                            Vec::new()
                        } else {
                            let k = if op == "rotl" { n } else { -n };
                            let k = k.rem_euclid(len) as usize;
                            set[k..].iter().chain(set[..k].iter()).copied().collect()
                        }
                    }
                };
                for e in pick {
                    out.insert(e);
                }
            }
            "interleave" => {
                let mut sets = Vec::new();
                for k in 0..args.len() {
                    sets.push(set_arg(self, k)?);
                }
                let longest = sets.iter().map(Vec::len).max().unwrap_or(0);
                for i in 0..longest {
                    for s in &sets {
                        if let Some(&e) = s.get(i) {
                            out.insert(e);
                        }
                    }
                }
            }
            "sequence" => {
                if args.len() != 3 && args.len() != 4 {
                    return Err(format!(
                        "Bad args to (sequence \"Format\", From, To): {}",
                        cx.init_str(expr)
                    ));
                }
                let fmt = match cx.init(args[0]) {
                    Init::Str(y, _) => cx.strs.str(*y).to_string(),
                    _ => return Err(format!("Format must be a string: {}", cx.init_str(expr))),
                };
                let from = self.int_arg(args, 1, expr)?;
                let to = self.int_arg(args, 2, expr)?;
                let step = if args.len() == 4 {
                    self.int_arg(args, 3, expr)?
                } else {
                    1
                };
                if step <= 0 {
                    return Err(format!("Stride must be positive: {}", cx.init_str(expr)));
                }
                let step = if from <= to { step } else { -step };
                let mut i = from;
                while (step > 0 && i <= to) || (step < 0 && i >= to) {
                    let name =
                        fmt.replacen("%u", &i.to_string(), 1)
                            .replacen("%d", &i.to_string(), 1);
                    let rec = cx.strs.get(&name).and_then(|y| cx.defs.get(&y).copied());
                    let Some(r) = rec else {
                        return Err(format!("No def named '{name}': {}", cx.init_str(expr)));
                    };
                    for e in self.expand_def(r)? {
                        out.insert(e);
                    }
                    i += step;
                }
            }
            _ => return Err(format!("Unknown set operator: {}", cx.init_str(expr))),
        }
        Ok(())
    }
}

/// An insertion-ordered set of records (LLVM's SetVector).
#[derive(Default)]
struct OSet {
    v: Vec<RecId>,
    seen: rustc_hash::FxHashSet<RecId>,
}

impl OSet {
    fn insert(&mut self, e: RecId) {
        if self.seen.insert(e) {
            self.v.push(e);
        }
    }
}
