//! A generator of random, valid-by-construction TableGen values: typed
//! expression trees over the bang operators of LLVM 19 (arithmetic, bit
//! logic, comparisons, strings, lists, dags, `!foreach`, `!filter`,
//! `!foldl`, `!cond`, `!if`, casts), with loop and fold variables in scope.
//! Every operator is applied only where LLVM defines it (no division by
//! zero, no `!head` of an empty list, shift amounts in range), so both tools
//! must accept every program and print the same records.

pub use crate::util::Rng;

/// The value types the generator builds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ty {
    Bit,
    Int,
    Str,
    IntList,
    StrList,
    Dag,
}

impl Ty {
    pub fn spelling(self) -> &'static str {
        match self {
            Ty::Bit => "bit",
            Ty::Int => "int",
            Ty::Str => "string",
            Ty::IntList => "list<int>",
            Ty::StrList => "list<string>",
            Ty::Dag => "dag",
        }
    }
    pub const ALL: [Ty; 6] = [Ty::Bit, Ty::Int, Ty::Str, Ty::IntList, Ty::StrList, Ty::Dag];
}

/// Generation state: the random source and the variables in scope.
pub struct Gen<'a> {
    pub rng: &'a mut Rng,
    /// Write some integers as `0b...` literals, which are `bits<n>` values
    /// (see the module doc of `td_diff` for the differences they show).
    pub bits_literals: bool,
    vars: Vec<(String, Ty)>,
    fresh: u32,
}

const WORDS: [&str; 8] = ["a", "bc", "X", "", "foo", "a_b", "Zz9", "hello world"];

impl<'a> Gen<'a> {
    pub fn new(rng: &'a mut Rng) -> Gen<'a> {
        Gen {
            rng,
            bits_literals: false,
            vars: Vec::new(),
            fresh: 0,
        }
    }

    fn var_of(&mut self, ty: Ty) -> Option<String> {
        let c: Vec<&String> = self
            .vars
            .iter()
            .filter(|v| v.1 == ty)
            .map(|v| &v.0)
            .collect();
        if c.is_empty() {
            return None;
        }
        Some(c[self.rng.below(c.len())].clone())
    }

    fn fresh_name(&mut self) -> String {
        self.fresh += 1;
        format!("v{}", self.fresh)
    }

    /// An expression of type `ty`, at most `depth` operators deep.
    pub fn expr(&mut self, ty: Ty, depth: u32) -> String {
        if depth > 0 && self.rng.chance(30) {
            if let Some(v) = self.var_of(ty) {
                return v;
            }
        }
        if depth == 0 || self.rng.chance(15) {
            return self.leaf(ty);
        }
        let d = depth - 1;
        match ty {
            Ty::Int => self.int_expr(d),
            Ty::Bit => self.bit_expr(d),
            Ty::Str => self.str_expr(d),
            Ty::IntList => self.int_list_expr(d),
            Ty::StrList => self.str_list_expr(d),
            Ty::Dag => self.dag_expr(d),
        }
    }

    fn int_lit(&mut self) -> String {
        match self.rng.below(10) {
            0 => "9223372036854775807".into(),
            1 => "-9223372036854775807".into(),
            2 => format!("{}", self.rng.next() as i64 >> self.rng.below(64)),
            3 => format!("0x{:x}", self.rng.below(1 << 16)),
            4 if self.bits_literals => format!("0b{:b}", self.rng.below(64)),
            _ => format!("{}", self.rng.below(41) as i64 - 20),
        }
    }

    fn str_lit(&mut self) -> String {
        let w = WORDS[self.rng.below(WORDS.len())];
        if self.rng.chance(15) {
            format!("[{{{w}}}]")
        } else {
            format!("\"{w}\"")
        }
    }

    fn leaf(&mut self, ty: Ty) -> String {
        if let Some(v) = self.var_of(ty) {
            if self.rng.chance(50) {
                return v;
            }
        }
        match ty {
            Ty::Bit => ["0", "1", "true", "false"][self.rng.below(4)].into(),
            Ty::Int => self.int_lit(),
            Ty::Str => self.str_lit(),
            Ty::IntList => {
                let n = self.rng.below(4);
                let v: Vec<String> = (0..n).map(|_| self.int_lit()).collect();
                if n == 0 {
                    "[]<int>".into()
                } else {
                    format!("[{}]", v.join(", "))
                }
            }
            Ty::StrList => {
                let n = self.rng.below(4);
                let v: Vec<String> = (0..n)
                    .map(|_| format!("\"{}\"", WORDS[self.rng.below(8)]))
                    .collect();
                if n == 0 {
                    "[]<string>".into()
                } else {
                    format!("[{}]", v.join(", "))
                }
            }
            Ty::Dag => {
                let n = self.rng.below(3);
                let mut args = Vec::new();
                for k in 0..n {
                    let v = if self.rng.chance(50) {
                        self.int_lit()
                    } else {
                        self.str_lit()
                    };
                    args.push(if self.rng.chance(50) {
                        format!("{v}:$n{k}")
                    } else {
                        v
                    });
                }
                format!("(ops {})", args.join(", "))
            }
        }
    }

    /// A non-empty literal list (for `!head`, `!tail`).
    fn nonempty_int_list(&mut self) -> String {
        let n = 1 + self.rng.below(3);
        let v: Vec<String> = (0..n).map(|_| self.int_lit()).collect();
        format!("[{}]", v.join(", "))
    }

    fn int_expr(&mut self, d: u32) -> String {
        match self.rng.below(16) {
            0 | 1 => {
                let op = ["add", "mul", "and", "or", "xor"][self.rng.below(5)];
                let n = 2 + self.rng.below(2);
                let a: Vec<String> = (0..n).map(|_| self.expr(Ty::Int, d)).collect();
                format!("!{op}({})", a.join(", "))
            }
            2 => format!("!sub({}, {})", self.expr(Ty::Int, d), self.expr(Ty::Int, d)),
            3 => {
                let op = ["shl", "sra", "srl"][self.rng.below(3)];
                format!("!{op}({}, {})", self.expr(Ty::Int, d), self.rng.below(64))
            }
            4 => format!("!div({}, {})", self.expr(Ty::Int, d), 1 + self.rng.below(9)),
            5 => format!("!size({})", self.expr(Ty::IntList, d)),
            6 => format!("!size({})", self.expr(Ty::StrList, d)),
            7 => format!(
                "!if({}, {}, {})",
                self.expr(Ty::Bit, d),
                self.expr(Ty::Int, d),
                self.expr(Ty::Int, d)
            ),
            8 => format!(
                "!cond({}: {}, true: {})",
                self.expr(Ty::Bit, d),
                self.expr(Ty::Int, d),
                self.expr(Ty::Int, d)
            ),
            9 => {
                let (acc, x) = (self.fresh_name(), self.fresh_name());
                let init = self.expr(Ty::Int, d);
                let list = self.expr(Ty::IntList, d);
                self.vars.push((acc.clone(), Ty::Int));
                self.vars.push((x.clone(), Ty::Int));
                let body = self.expr(Ty::Int, d);
                self.vars.truncate(self.vars.len() - 2);
                format!("!foldl({init}, {list}, {acc}, {x}, {body})")
            }
            10 => format!(
                "!find({}, {})",
                self.expr(Ty::Str, d),
                self.expr(Ty::Str, d)
            ),
            11 => format!("!head({})", self.nonempty_int_list()),
            12 => format!("!logtwo({})", 1 + self.rng.below(1 << 20)),
            13 => format!("!not({})", self.expr(Ty::Int, d)),
            14 => format!("!getdagarg<int>((ops {}), 0)", self.expr(Ty::Int, d)),
            _ => format!("!cast<int>({})", self.expr(Ty::Bit, d)),
        }
    }

    fn bit_expr(&mut self, d: u32) -> String {
        match self.rng.below(8) {
            0..=2 => {
                let op = ["eq", "ne", "lt", "le", "gt", "ge"][self.rng.below(6)];
                format!(
                    "!{op}({}, {})",
                    self.expr(Ty::Int, d),
                    self.expr(Ty::Int, d)
                )
            }
            3 => format!("!eq({}, {})", self.expr(Ty::Str, d), self.expr(Ty::Str, d)),
            4 => format!("!empty({})", self.expr(Ty::IntList, d)),
            5 => format!("!empty({})", self.expr(Ty::Str, d)),
            6 => format!("!not({})", self.expr(Ty::Bit, d)),
            _ => {
                let op = ["and", "or", "xor"][self.rng.below(3)];
                format!(
                    "!{op}({}, {})",
                    self.expr(Ty::Bit, d),
                    self.expr(Ty::Bit, d)
                )
            }
        }
    }

    fn str_expr(&mut self, d: u32) -> String {
        match self.rng.below(10) {
            0 | 1 => {
                let n = 2 + self.rng.below(2);
                let a: Vec<String> = (0..n).map(|_| self.expr(Ty::Str, d)).collect();
                format!("!strconcat({})", a.join(", "))
            }
            2 => format!("!toupper({})", self.expr(Ty::Str, d)),
            3 => format!("!tolower({})", self.expr(Ty::Str, d)),
            // A non-empty pattern: LLVM's loop never ends on "".
            4 => format!(
                "!subst(\"{}\", {}, {})",
                ["a", "bc", "X", "o"][self.rng.below(4)],
                self.expr(Ty::Str, d),
                self.expr(Ty::Str, d)
            ),
            // Start 0: a start past the end is an error.
            5 => format!(
                "!substr({}, 0, {})",
                self.expr(Ty::Str, d),
                self.rng.below(6)
            ),
            6 => format!(
                "!interleave({}, {})",
                self.expr(Ty::StrList, d),
                self.expr(Ty::Str, d)
            ),
            7 => format!(
                "!interleave({}, {})",
                self.expr(Ty::IntList, d),
                self.expr(Ty::Str, d)
            ),
            8 => format!("!cast<string>({})", self.expr(Ty::Int, d)),
            _ => format!(
                "!if({}, {}, {})",
                self.expr(Ty::Bit, d),
                self.expr(Ty::Str, d),
                self.expr(Ty::Str, d)
            ),
        }
    }

    fn int_list_expr(&mut self, d: u32) -> String {
        match self.rng.below(9) {
            0 | 1 => format!(
                "!listconcat({}, {})",
                self.expr(Ty::IntList, d),
                self.expr(Ty::IntList, d)
            ),
            2 => format!(
                "!listsplat({}, {})",
                self.expr(Ty::Int, d),
                self.rng.below(4)
            ),
            3 => {
                let a = self.rng.below(9) as i64 - 4;
                match self.rng.below(3) {
                    0 => format!("!range({})", self.rng.below(6)),
                    1 => format!("!range({a}, {})", a + self.rng.below(6) as i64),
                    _ => format!(
                        "!range({a}, {}, {})",
                        a + self.rng.below(9) as i64 - 4,
                        if self.rng.chance(50) {
                            1 + self.rng.below(3) as i64
                        } else {
                            -1 - self.rng.below(3) as i64
                        }
                    ),
                }
            }
            4 | 5 => {
                let x = self.fresh_name();
                let list = self.expr(Ty::IntList, d);
                self.vars.push((x.clone(), Ty::Int));
                let body = self.expr(Ty::Int, d);
                self.vars.pop();
                format!("!foreach({x}, {list}, {body})")
            }
            6 => {
                let x = self.fresh_name();
                let list = self.expr(Ty::IntList, d);
                self.vars.push((x.clone(), Ty::Int));
                let body = self.expr(Ty::Bit, d);
                self.vars.pop();
                format!("!filter({x}, {list}, {body})")
            }
            7 => format!("!tail({})", self.nonempty_int_list()),
            _ => format!(
                "!listremove({}, {})",
                self.expr(Ty::IntList, d),
                self.expr(Ty::IntList, d)
            ),
        }
    }

    fn str_list_expr(&mut self, d: u32) -> String {
        match self.rng.below(4) {
            0 => format!(
                "!listconcat({}, {})",
                self.expr(Ty::StrList, d),
                self.expr(Ty::StrList, d)
            ),
            1 => format!(
                "!listsplat({}, {})",
                self.expr(Ty::Str, d),
                self.rng.below(4)
            ),
            2 => {
                let x = self.fresh_name();
                let list = self.expr(Ty::IntList, d);
                self.vars.push((x.clone(), Ty::Int));
                let body = self.expr(Ty::Str, d);
                self.vars.pop();
                format!("!foreach({x}, {list}, {body})")
            }
            _ => {
                let x = self.fresh_name();
                let list = self.expr(Ty::StrList, d);
                self.vars.push((x.clone(), Ty::Str));
                let body = self.expr(Ty::Str, d);
                self.vars.pop();
                format!("!foreach({x}, {list}, {body})")
            }
        }
    }

    fn dag_expr(&mut self, d: u32) -> String {
        match self.rng.below(4) {
            0 => format!("!con({}, {})", self.expr(Ty::Dag, d), self.expr(Ty::Dag, d)),
            1 => {
                let n = self.rng.below(3);
                let vals: Vec<String> = (0..n).map(|_| self.expr(Ty::Int, d)).collect();
                let names: Vec<String> = (0..n).map(|k| format!("\"m{k}\"")).collect();
                if n == 0 {
                    return "!dag(ops, []<int>, []<string>)".into();
                }
                format!("!dag(ops, [{}], [{}])", vals.join(", "), names.join(", "))
            }
            2 => format!("!setdagop({}, ops)", self.expr(Ty::Dag, d)),
            _ => format!(
                "(ops {}:$a, {})",
                self.expr(Ty::Int, d),
                self.expr(Ty::Str, d)
            ),
        }
    }

    /// One case, names prefixed by `p`: half are expression cases
    /// ([`Gen::expr_case`]), half structure cases ([`Gen::struct_case`]).
    pub fn case(&mut self, p: &str) -> String {
        if self.rng.chance(50) {
            self.struct_case(p)
        } else {
            self.expr_case(p)
        }
    }

    /// A literal of `ty` (template argument values).
    fn arg_value(&mut self, ty: Ty) -> String {
        let d = self.rng.below(2) as u32;
        self.expr(ty, d)
    }

    /// A structure case: a class with template arguments (some defaulted),
    /// a body `defvar` and fields computed from the arguments; a multiclass
    /// with arguments whose defs derive from the class, one through a
    /// `foreach`; a second multiclass that `defm`s the first; top-level
    /// `defm`s of both; `let` blocks over defs of the class (a field
    /// overridden); nested `foreach` loops that name their defs with `#`.
    pub fn struct_case(&mut self, p: &str) -> String {
        let mut out = String::new();
        self.vars.clear();
        let depth = 1 + self.rng.below(3) as u32;
        // class p_C<int a, string s, list<int> l = [...]>
        let targs = [("a", Ty::Int), ("s", Ty::Str), ("l", Ty::IntList)];
        let n_targs = 1 + self.rng.below(3);
        let n_required = self.rng.below(n_targs + 1);
        let mut decl = Vec::new();
        for (k, (n, t)) in targs[..n_targs].iter().enumerate() {
            if k < n_required {
                decl.push(format!("{} {n}", t.spelling()));
            } else {
                let v = self.arg_value(*t);
                decl.push(format!("{} {n} = {v}", t.spelling()));
            }
        }
        out.push_str(&format!("class {p}_C<{}> {{\n", decl.join(", ")));
        for (n, t) in &targs[..n_targs] {
            self.vars.push(((*n).to_string(), *t));
        }
        if self.rng.chance(50) {
            let ty = Ty::ALL[self.rng.below(Ty::ALL.len())];
            let e = self.expr(ty, depth);
            out.push_str(&format!("  defvar t = {e};\n"));
            self.vars.push(("t".into(), ty));
        }
        let fields = [Ty::Int, Ty::Str, Ty::Bit];
        for (k, ty) in fields.iter().enumerate() {
            let e = self.expr(*ty, depth);
            out.push_str(&format!("  {} c{k} = {e};\n", ty.spelling()));
        }
        out.push_str("}\n");
        self.vars.clear();
        // Arguments for one use of the class: every required one, and a
        // random number of the defaulted ones.
        let class_args = |g: &mut Gen| -> String {
            let n = n_required + g.rng.below(n_targs - n_required + 1);
            let v: Vec<String> = targs[..n].iter().map(|(_, t)| g.expr(*t, 1)).collect();
            if v.is_empty() {
                format!("{p}_C")
            } else {
                format!("{p}_C<{}>", v.join(", "))
            }
        };
        // multiclass p_M<int x, string y>
        out.push_str(&format!("multiclass {p}_M<int x, string y> {{\n"));
        self.vars.push(("x".into(), Ty::Int));
        self.vars.push(("y".into(), Ty::Str));
        let ca = class_args(self);
        out.push_str(&format!("  def _a : {ca};\n"));
        let e = self.expr(Ty::Str, depth);
        out.push_str(&format!("  def _b {{ int w = x; string z = {e}; }}\n"));
        if self.rng.chance(50) {
            let ca = class_args(self);
            let n = 1 + self.rng.below(3);
            out.push_str(&format!(
                "  foreach i = !range({n}) in\n    def _f#i : {ca} {{ int k = !add(i, x); }}\n"
            ));
        }
        out.push_str("}\n");
        self.vars.clear();
        out.push_str(&format!(
            "multiclass {p}_N<int b> {{\n  defm _n : {p}_M<b, \"n\">;\n  def _o {{ int v = b; }}\n}}\n"
        ));
        let (x, y) = (self.expr(Ty::Int, 1), self.expr(Ty::Str, 1));
        out.push_str(&format!("defm {p}_X : {p}_M<{x}, {y}>;\n"));
        let b = self.expr(Ty::Int, 1);
        out.push_str(&format!("defm {p}_Y : {p}_N<{b}>;\n"));
        // let blocks over defs of the class.
        let (f, ty) = [("c0", Ty::Int), ("c1", Ty::Str), ("c2", Ty::Bit)][self.rng.below(3)];
        let v = self.expr(ty, depth);
        let (ca, cb) = (class_args(self), class_args(self));
        out.push_str(&format!(
            "let {f} = {v} in {{\n  def {p}_L1 : {ca};\n  def {p}_L2 : {cb} {{ int m = 1; }}\n}}\n"
        ));
        if self.rng.chance(50) {
            let v = self.expr(Ty::Int, depth);
            let ca = class_args(self);
            out.push_str(&format!(
                "let c0 = {v}, c2 = 1 in\n  def {p}_L3 : {ca} {{ int m = !add(c0, 1); }}\n"
            ));
        }
        // Nested foreach loops naming their defs.
        let (n1, n2) = (1 + self.rng.below(3), 1 + self.rng.below(3));
        self.vars.push(("i".into(), Ty::Int));
        self.vars.push(("j".into(), Ty::Int));
        let e = self.expr(Ty::Int, depth.min(2));
        self.vars.clear();
        out.push_str(&format!(
            "foreach i = !range({n1}) in\n  foreach j = [{n2}, -1] in {{\n    defvar q = {e};\n    def {p}_F#i#_#j {{ int qq = q; list<int> ij = [i, j]; }}\n  }}\n"
        ));
        out
    }

    /// An expression case: optional top-level `defvar`s, then a def whose
    /// fields hold random expressions of every type.
    pub fn expr_case(&mut self, p: &str) -> String {
        let mut out = String::new();
        self.vars.clear();
        let depth = 1 + self.rng.below(4) as u32;
        let mut defvars = Vec::new();
        for k in 0..self.rng.below(3) {
            let ty = Ty::ALL[self.rng.below(Ty::ALL.len())];
            let e = self.expr(ty, depth);
            let name = format!("{p}_d{k}");
            out.push_str(&format!("defvar {name} = {e};\n"));
            defvars.push((name, ty));
        }
        self.vars.extend(defvars);
        out.push_str(&format!("def {p} {{\n"));
        for (k, ty) in Ty::ALL.iter().enumerate() {
            if self.rng.chance(70) {
                let e = self.expr(*ty, depth);
                out.push_str(&format!("  {} f{k} = {e};\n", ty.spelling()));
            }
        }
        out.push_str("}\n");
        out
    }
}
