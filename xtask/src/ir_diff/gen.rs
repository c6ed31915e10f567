//! A generator of random, valid-by-construction IR modules in the generic
//! syntax: unregistered ops (`"t.opN"`) with operands defined before use,
//! results of builtin types, regions with blocks, block arguments and
//! successors (graph-free: every block ends in a terminator-like
//! unregistered op, which needs no verification), and attribute
//! dictionaries over the builtin attributes (integers of every width,
//! floats, strings, arrays, dictionaries, types, unit, bools, dense
//! arrays).

pub use crate::td_diff::gen::Rng;

pub struct Gen<'a> {
    pub rng: &'a mut Rng,
    /// Values in scope with their types.
    vals: Vec<(String, String)>,
    next_val: u32,
}

const INT_TYPES: [&str; 8] = ["i1", "i8", "i16", "i32", "i64", "si32", "ui8", "index"];
const FLOAT_TYPES: [&str; 4] = ["f16", "bf16", "f32", "f64"];

impl<'a> Gen<'a> {
    pub fn new(rng: &'a mut Rng) -> Gen<'a> {
        Gen {
            rng,
            vals: Vec::new(),
            next_val: 0,
        }
    }

    fn pick<'s>(&mut self, xs: &[&'s str]) -> &'s str {
        xs[self.rng.below(xs.len())]
    }

    pub fn ty(&mut self, depth: u32) -> String {
        let k = if depth == 0 {
            self.rng.below(3)
        } else {
            self.rng.below(9)
        };
        match k {
            0 => self.pick(&INT_TYPES).into(),
            1 => self.pick(&FLOAT_TYPES).into(),
            2 => ["none", "index", "i128", "f80", "f128"][self.rng.below(5)].into(),
            3 => format!(
                "vector<{}x{}>",
                1 + self.rng.below(8),
                self.pick(&FLOAT_TYPES)
            ),
            4 => format!(
                "tensor<{}x?x{}>",
                self.rng.below(5),
                self.pick(&INT_TYPES[..5])
            ),
            5 => format!(
                "memref<{}x{}>",
                1 + self.rng.below(9),
                self.pick(&FLOAT_TYPES)
            ),
            6 => {
                let n = self.rng.below(3);
                let v: Vec<String> = (0..n).map(|_| self.ty(depth - 1)).collect();
                format!("tuple<{}>", v.join(", "))
            }
            7 => format!("complex<{}>", self.pick(&FLOAT_TYPES)),
            _ => {
                let a = self.ty(depth - 1);
                let r = self.ty(depth - 1);
                format!("({a}) -> {r}")
            }
        }
    }

    fn int_value(&mut self, ty: &str) -> String {
        let v: i128 = match ty {
            "i1" => return ["true", "false"][self.rng.below(2)].into(),
            "i8" | "ui8" => self.rng.below(256) as i128 - 128,
            "i16" => self.rng.below(65536) as i128 - 32768,
            "i32" | "si32" => match self.rng.below(3) {
                0 => i128::from(self.rng.next() as i32),
                _ => self.rng.below(2001) as i128 - 1000,
            },
            _ => match self.rng.below(4) {
                0 => i128::from(self.rng.next() as i64),
                1 => i128::from(i64::MAX),
                _ => self.rng.below(2001) as i128 - 1000,
            },
        };
        let v = if ty == "ui8" { v.abs() } else { v };
        format!("{v}")
    }

    fn float_value(&mut self) -> String {
        match self.rng.below(8) {
            0 => "0.0".into(),
            1 => "-0.0".into(),
            2 => "1.5".into(),
            3 => "0x7FC00000".into(),
            4 => format!("{}.25", self.rng.below(1000)),
            5 => format!("{}.5e{}", 1 + self.rng.below(9), self.rng.below(4)),
            6 => "-3.125".into(),
            _ => format!("{}.0", self.rng.below(100_000)),
        }
    }

    pub fn attr(&mut self, depth: u32) -> String {
        let k = if depth == 0 {
            self.rng.below(6)
        } else {
            self.rng.below(10)
        };
        match k {
            0 => {
                let t = ["i1", "i8", "i16", "i32", "i64", "index"][self.rng.below(6)];
                let v = self.int_value(t);
                if t == "i1" {
                    v
                } else {
                    format!("{v} : {t}")
                }
            }
            1 => {
                let t = ["f32", "f64", "f16", "bf16"][self.rng.below(4)];
                let v = self.float_value();
                if v.starts_with("0x") && t != "f32" {
                    return format!("1.0 : {t}");
                }
                format!("{v} : {t}")
            }
            2 => [
                "\"\"",
                "\"abc\"",
                "\"with space\"",
                "\"q\\\"uote\"",
                "\"\\0A\"",
            ][self.rng.below(5)]
            .into(),
            3 => "unit".into(),
            4 => self.ty(1),
            5 => format!("@sym{}", self.rng.below(4)),
            6 => {
                let n = self.rng.below(4);
                let v: Vec<String> = (0..n).map(|_| self.attr(depth - 1)).collect();
                format!("[{}]", v.join(", "))
            }
            7 => {
                let n = self.rng.below(3);
                let v: Vec<String> = (0..n)
                    .map(|k| format!("k{k} = {}", self.attr(depth - 1)))
                    .collect();
                format!("{{{}}}", v.join(", "))
            }
            8 => {
                let t = ["i8", "i16", "i32", "i64"][self.rng.below(4)];
                let n = self.rng.below(4);
                let v: Vec<String> = (0..n).map(|_| self.int_value(t)).collect();
                if n == 0 {
                    format!("array<{t}>")
                } else {
                    format!("array<{t}: {}>", v.join(", "))
                }
            }
            _ => {
                let t = ["i32", "i64", "i8"][self.rng.below(3)];
                let n = 1 + self.rng.below(4);
                let v: Vec<String> = (0..n).map(|_| self.int_value(t)).collect();
                if self.rng.chance(30) {
                    format!("dense<{}> : tensor<{n}x{t}>", v[0])
                } else {
                    format!("dense<[{}]> : tensor<{n}x{t}>", v.join(", "))
                }
            }
        }
    }

    fn attr_dict(&mut self) -> String {
        let n = self.rng.below(4);
        if n == 0 {
            return String::new();
        }
        let v: Vec<String> = (0..n).map(|k| format!("a{k} = {}", self.attr(2))).collect();
        format!(" {{{}}}", v.join(", "))
    }

    fn fresh(&mut self) -> String {
        self.next_val += 1;
        format!("%v{}", self.next_val)
    }

    /// One op line (and its regions) at `indent`.
    fn op(&mut self, out: &mut String, indent: usize, depth: u32) {
        let pad = " ".repeat(indent);
        let n_opnd = self.rng.below(3).min(self.vals.len());
        let mut opnds = Vec::new();
        for _ in 0..n_opnd {
            let k = self.rng.below(self.vals.len());
            opnds.push(self.vals[k].clone());
        }
        let n_res = self.rng.below(3);
        let res_tys: Vec<String> = (0..n_res).map(|_| self.ty(1)).collect();
        let res: Vec<String> = (0..n_res).map(|_| self.fresh()).collect();
        out.push_str(&pad);
        if !res.is_empty() {
            out.push_str(&res.join(", "));
            out.push_str(" = ");
        }
        let name = format!("t.op{}", self.rng.below(5));
        out.push_str(&format!(
            "\"{name}\"({})",
            opnds
                .iter()
                .map(|o| o.0.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        if depth > 0 && self.rng.chance(25) {
            out.push_str(" (");
            let n_reg = 1 + self.rng.below(2);
            for r in 0..n_reg {
                if r > 0 {
                    out.push_str(", ");
                }
                self.region(out, indent, depth - 1);
            }
            out.push(')');
        }
        let attrs = self.attr_dict();
        out.push_str(&attrs);
        out.push_str(&format!(
            " : ({}) -> ({})\n",
            opnds
                .iter()
                .map(|o| o.1.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            res_tys.join(", ")
        ));
        for (r, t) in res.into_iter().zip(res_tys) {
            self.vals.push((r, t));
        }
    }

    fn region(&mut self, out: &mut String, indent: usize, depth: u32) {
        let scope = self.vals.len();
        out.push_str("{\n");
        let n_blocks = 1 + self.rng.below(3);
        let pad = " ".repeat(indent + 2);
        for b in 0..n_blocks {
            let block_scope = self.vals.len();
            if b > 0 || self.rng.chance(30) {
                let n_args = if b == 0 {
                    self.rng.below(2)
                } else {
                    self.rng.below(3)
                };
                let mut args = Vec::new();
                for _ in 0..n_args {
                    let v = self.fresh();
                    let t = self.ty(1);
                    args.push(format!("{v}: {t}"));
                    self.vals.push((v, t));
                }
                if args.is_empty() {
                    out.push_str(&format!("{}^bb{b}:\n", " ".repeat(indent)));
                } else {
                    out.push_str(&format!(
                        "{}^bb{b}({}):\n",
                        " ".repeat(indent),
                        args.join(", ")
                    ));
                }
            }
            for _ in 0..self.rng.below(4) {
                self.op(out, indent + 2, depth);
            }
            // A terminator naming a later block (no back edges to the entry).
            if b + 1 < n_blocks {
                let to = b + 1 + self.rng.below(n_blocks - b - 1);
                out.push_str(&format!("{pad}\"t.br\"()[^bb{to}] : () -> ()\n"));
            } else {
                out.push_str(&format!("{pad}\"t.ret\"() : () -> ()\n"));
            }
            // Values of a block are not visible in its siblings.
            self.vals.truncate(block_scope);
        }
        // Blocks after the entry need arguments declared even when
        // unused; the branches above pass none, so give them none.
        out.push_str(&" ".repeat(indent));
        out.push('}');
        self.vals.truncate(scope);
    }

    /// One module: a few ops at the top level.
    pub fn module(&mut self) -> String {
        self.vals.clear();
        let mut out = String::new();
        for _ in 0..1 + self.rng.below(4) {
            self.op(&mut out, 0, 2);
        }
        out
    }
}
