//! Random TableGen hierarchies that use `let append` / `let prepend`, and
//! their two spellings: the sugared file (for `irkit tblgen`) and the
//! desugared file (for `llvm-tblgen-19`).
//!
//! A case is a small program whose every name starts with `K<case>_`, so
//! that many cases share one file. It has fields of a fixed type each (some
//! named `append` / `prepend`, which stay ordinary identifiers), classes with
//! template arguments and single or multiple inheritance (never a diamond:
//! llvm-tblgen-19 rejects one), defs, a `foreach` of defs, a multiclass
//! instantiated by `defm` (sometimes with an extra class after the
//! multiclass), and top-level `let ... in` scopes, nested, with several
//! items, around all of them.
//!
//! Desugaring, driven by [`model`](super::model):
//! - a body-level `let append/prepend F = V;` becomes `let F = E;` where `E`
//!   is the model's concatenation of the current value and `V`;
//! - a top-level `let` scope disappears, and each record parsed inside it
//!   starts its body with one plain `let` per item (outermost scope first,
//!   items left to right), which is where TableGen applies them: after the
//!   parent classes, before the body;
//! - multiclasses disappear and each `defm` becomes the plain defs it
//!   generates, each setting every field to its final value: a `let` around
//!   a `defm` applies after the multiclass body and after the `defm`'s extra
//!   classes, and differs per generated def, so no single plain `let` can
//!   stand for it.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use super::model::{ArgTy, Expr, Mode, State, Ty};

pub use crate::util::Rng;

#[derive(Clone, Debug)]
pub struct Field {
    pub name: String,
    pub ty: Ty,
}

#[derive(Clone, Debug)]
pub struct ParentRef {
    pub class: usize,
    pub args: Vec<Expr>,
}

#[derive(Clone, Debug)]
pub struct LetItem {
    pub mode: Mode,
    pub field: usize,
    pub value: Expr,
}

#[derive(Clone, Debug)]
pub enum BodyItem {
    Decl { field: usize, init: Expr },
    Let(LetItem),
}

#[derive(Clone, Debug)]
pub struct Class {
    pub name: String,
    pub args: Vec<(ArgTy, String)>,
    /// Default values of the template arguments, where they have one.
    pub defaults: Vec<Option<Expr>>,
    pub parents: Vec<ParentRef>,
    pub body: Vec<BodyItem>,
    /// The class and all its ancestors.
    pub ancestors: BTreeSet<usize>,
    /// Every field a record of this class has.
    pub fields: BTreeSet<usize>,
}

/// A `def`: at top level, in a foreach, or the prototype in a multiclass.
#[derive(Clone, Debug)]
pub struct Def {
    /// The name as written after `def`.
    pub name: String,
    pub parents: Vec<ParentRef>,
    pub body: Vec<LetItem>,
}

#[derive(Clone, Debug)]
pub struct Multiclass {
    pub name: String,
    pub args: Vec<(ArgTy, String)>,
    pub body: Vec<Node>,
}

#[derive(Clone, Debug)]
pub struct Defm {
    pub name: String,
    pub multiclass: usize,
    pub args: Vec<Expr>,
    pub extra: Option<ParentRef>,
}

#[derive(Clone, Debug)]
pub enum Node {
    Class(usize),
    Def(usize),
    Let(Vec<LetItem>, Vec<Node>),
    Foreach {
        var: String,
        values: Vec<i64>,
        body: Vec<Node>,
    },
    Multiclass(usize),
    Defm(usize),
}

#[derive(Clone, Debug, Default)]
pub struct Case {
    pub id: usize,
    pub fields: Vec<Field>,
    pub classes: Vec<Class>,
    pub defs: Vec<Def>,
    pub multiclasses: Vec<Multiclass>,
    pub defms: Vec<Defm>,
    pub top: Vec<Node>,
}

/// The variables a value may mention where it is written.
type Scope = Vec<(ArgTy, String)>;

const WORDS: &[&str] = &["a", "b ", "c_", " d", "e.", "f-", "g:", "h "];

/// Generates case `id` of the run seeded with `seed`.
pub fn generate(seed: u64, id: usize) -> Case {
    let mut g = Gen {
        rng: Rng::new(seed ^ (id as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)),
        case: Case {
            id,
            ..Case::default()
        },
        counter: 0,
    };
    g.case_body();
    g.case
}

struct Gen {
    rng: Rng,
    case: Case,
    counter: u64,
}

impl Gen {
    fn prefix(&self) -> String {
        format!("K{}_", self.case.id)
    }

    fn case_body(&mut self) {
        let n_fields = self.rng.range(2, 6);
        for k in 0..n_fields {
            let ty = match self.rng.below(9) {
                0 | 1 => Ty::ListInt,
                2 => Ty::ListStr,
                3 => Ty::Str,
                4 => Ty::Code,
                5 => Ty::ListRec,
                6 => [Ty::Int, Ty::Bit, Ty::Bits4][self.rng.below(3)],
                _ => Ty::Dag(self.rng.below(3) as u8),
            };
            let name = match self.rng.below(14) {
                0 => "append".to_string(),
                1 => "prepend".to_string(),
                _ => format!("f{k}"),
            };
            let name = if self.case.fields.iter().any(|f| f.name == name) {
                format!("f{k}")
            } else {
                name
            };
            self.case.fields.push(Field { name, ty });
        }

        let n_classes = self.rng.range(2, 6);
        let mut class_nodes = Vec::new();
        for _ in 0..n_classes {
            let k = self.class();
            class_nodes.push(Node::Class(k));
        }
        let class_nodes = self.wrap_in_lets(class_nodes, &Scope::new());
        self.case.top.extend(class_nodes);

        let n_defs = self.rng.range(1, 4);
        let mut def_nodes = Vec::new();
        for k in 0..n_defs {
            let name = format!("{}d{k}", self.prefix());
            let d = self.def(name, &Scope::new());
            def_nodes.push(Node::Def(d));
        }
        let def_nodes = self.wrap_in_lets(def_nodes, &Scope::new());
        self.case.top.extend(def_nodes);

        if self.rng.one_in(2) {
            let mc = self.multiclass();
            let node = self.wrap_in_lets(vec![Node::Multiclass(mc)], &Scope::new());
            self.case.top.extend(node);
            let n_defm = self.rng.range(1, 2);
            let mut nodes = Vec::new();
            for k in 0..n_defm {
                let name = format!("{}x{k}", self.prefix());
                let d = self.defm(mc, name, &Scope::new());
                nodes.push(Node::Defm(d));
            }
            let nodes = self.wrap_in_lets(nodes, &Scope::new());
            self.case.top.extend(nodes);
        }
        if self.rng.one_in(2) {
            let node = self.foreach();
            self.case.top.push(node);
        }
    }

    // ---- values ----

    fn word(&mut self) -> String {
        self.counter += 1;
        let w = WORDS[self.rng.below(WORDS.len())];
        format!("{w}{}", self.counter)
    }

    fn var_of(&mut self, scope: &Scope, ty: ArgTy) -> Option<Expr> {
        let vars: Vec<&String> = scope
            .iter()
            .filter(|(t, _)| *t == ty)
            .map(|(_, n)| n)
            .collect();
        if vars.is_empty() {
            return None;
        }
        Some(Expr::Var(vars[self.rng.below(vars.len())].clone()))
    }

    fn int_atom(&mut self, scope: &Scope) -> Expr {
        if self.rng.one_in(2) {
            if let Some(v) = self.var_of(scope, ArgTy::Int) {
                return v;
            }
        }
        Expr::Int(self.rng.below(100) as i64)
    }

    fn str_atom(&mut self, scope: &Scope) -> Expr {
        if self.rng.one_in(2) {
            if let Some(v) = self.var_of(scope, ArgTy::Str) {
                return v;
            }
        }
        Expr::Str(self.word())
    }

    /// A value of type `ty`. `top_level` values (of `let ... in`) may not be
    /// empty lists, which have no type there.
    fn value(&mut self, ty: Ty, scope: &Scope, top_level: bool) -> Expr {
        let min_len = usize::from(top_level);
        match ty {
            Ty::ListInt => {
                if self.rng.one_in(4) {
                    if let Some(v) = self.var_of(scope, ArgTy::ListInt) {
                        return v;
                    }
                }
                let n = self.rng.range(min_len, 3);
                Expr::List((0..n).map(|_| self.int_atom(scope)).collect())
            }
            Ty::ListStr => {
                let n = self.rng.range(min_len, 3);
                Expr::List((0..n).map(|_| self.str_atom(scope)).collect())
            }
            Ty::ListRec => {
                let n = self.rng.range(min_len, 3);
                Expr::List(
                    (0..n)
                        .map(|_| Expr::Var(format!("tr{}", self.rng.below(4))))
                        .collect(),
                )
            }
            Ty::Str => match self.rng.below(6) {
                0 => Expr::Code(format!(" {} ", self.word())),
                _ => self.str_atom(scope),
            },
            Ty::Code => match self.rng.below(5) {
                0 => self.str_atom(scope),
                _ => Expr::Code(format!(" {} ", self.word())),
            },
            Ty::Int => self.int_atom(scope),
            Ty::Bit => Expr::Int(self.rng.below(2) as i64),
            Ty::Bits4 => Expr::Int(self.rng.below(16) as i64),
            Ty::Dag(op) => {
                let n = self.rng.range(0, 2);
                let mut args = Vec::new();
                for _ in 0..n {
                    let arg = match self.rng.below(8) {
                        0 => Expr::Unset,
                        1 | 2 => Expr::Str(self.word()),
                        3 => self.var_of(scope, ArgTy::Int).unwrap_or(Expr::Int(7)),
                        _ => Expr::Int(self.rng.below(100) as i64),
                    };
                    let name = if self.rng.one_in(4) {
                        None
                    } else {
                        Some(["a", "b", "c", "x", "y"][self.rng.below(5)].to_string())
                    };
                    args.push((arg, name));
                }
                Expr::Dag(op, args)
            }
        }
    }

    fn arg_value(&mut self, ty: ArgTy, scope: &Scope) -> Expr {
        match ty {
            ArgTy::Int => self.int_atom(scope),
            ArgTy::Str => self.str_atom(scope),
            ArgTy::ListInt => {
                if self.rng.one_in(4) {
                    if let Some(v) = self.var_of(scope, ArgTy::ListInt) {
                        return v;
                    }
                }
                let n = self.rng.range(0, 3);
                Expr::List((0..n).map(|_| self.int_atom(scope)).collect())
            }
        }
    }

    fn mode(&mut self) -> Mode {
        match self.rng.below(7) {
            0 | 1 => Mode::Replace,
            2..=4 => Mode::Append,
            _ => Mode::Prepend,
        }
    }

    /// A let item on one of `fields`.
    fn let_item(&mut self, fields: &[usize], scope: &Scope, top_level: bool) -> LetItem {
        let field = fields[self.rng.below(fields.len())];
        let ty = self.case.fields[field].ty;
        let mode = if ty.cat().is_some() {
            self.mode()
        } else {
            Mode::Replace
        };
        let value = if mode == Mode::Replace && self.rng.one_in(6) {
            Expr::Unset
        } else {
            self.value(ty, scope, top_level)
        };
        LetItem { mode, field, value }
    }

    fn args(&mut self, prefix: &str) -> Vec<(ArgTy, String)> {
        let n = self.rng.range(0, 2);
        (0..n)
            .map(|k| {
                let ty = match self.rng.below(3) {
                    0 => ArgTy::Int,
                    1 => ArgTy::Str,
                    _ => ArgTy::ListInt,
                };
                (ty, format!("{prefix}{k}"))
            })
            .collect()
    }

    // ---- records ----

    /// Picks up to `max` parents among the classes, no two sharing an
    /// ancestor, and not sharing one with `avoid`.
    fn parents(
        &mut self,
        min: usize,
        max: usize,
        scope: &Scope,
        avoid: &BTreeSet<usize>,
    ) -> Vec<ParentRef> {
        let n = self.case.classes.len();
        let want = self.rng.range(min, max);
        let mut taken = avoid.clone();
        let mut res = Vec::new();
        let mut order: Vec<usize> = (0..n).collect();
        for k in (1..order.len()).rev() {
            let j = self.rng.below(k + 1);
            order.swap(k, j);
        }
        for c in order {
            if res.len() >= want {
                break;
            }
            let anc = &self.case.classes[c].ancestors;
            if anc.iter().any(|a| taken.contains(a)) {
                continue;
            }
            taken.extend(anc.iter().copied());
            let arg_tys: Vec<ArgTy> = self.case.classes[c].args.iter().map(|(t, _)| *t).collect();
            let mut args: Vec<Expr> = arg_tys
                .into_iter()
                .map(|t| self.arg_value(t, scope))
                .collect();
            // Leave out trailing arguments that have defaults, sometimes.
            while let Some(Some(_)) = args
                .len()
                .checked_sub(1)
                .and_then(|k| self.case.classes[c].defaults.get(k))
            {
                if !self.rng.one_in(2) {
                    break;
                }
                args.pop();
            }
            res.push(ParentRef { class: c, args });
        }
        res
    }

    fn fields_of(&self, parents: &[ParentRef]) -> BTreeSet<usize> {
        parents
            .iter()
            .flat_map(|p| self.case.classes[p.class].fields.iter().copied())
            .collect()
    }

    fn class(&mut self) -> usize {
        let idx = self.case.classes.len();
        let name = format!("{}C{idx}", self.prefix());
        let args = self.args("a");
        let defaults = args
            .iter()
            .map(|(t, _)| {
                if self.rng.one_in(3) {
                    Some(self.arg_value(*t, &Scope::new()))
                } else {
                    None
                }
            })
            .collect();
        let mut scope: Scope = args.clone();
        // In a class, NAME is the name of the record being defined.
        scope.push((ArgTy::Str, "NAME".to_string()));
        let parents = if idx == 0 {
            Vec::new()
        } else {
            self.parents(0, 2, &scope, &BTreeSet::new())
        };
        let mut fields = self.fields_of(&parents);
        let mut ancestors: BTreeSet<usize> = parents
            .iter()
            .flat_map(|p| self.case.classes[p.class].ancestors.iter().copied())
            .collect();
        ancestors.insert(idx);
        let mut body = Vec::new();
        let fresh: Vec<usize> = (0..self.case.fields.len())
            .filter(|f| !fields.contains(f))
            .collect();
        let n_decl = if fields.is_empty() {
            self.rng.range(1, 3)
        } else {
            self.rng.range(0, 2)
        };
        for _ in 0..n_decl {
            let avail: Vec<usize> = fresh
                .iter()
                .copied()
                .filter(|f| !fields.contains(f))
                .collect();
            if avail.is_empty() {
                break;
            }
            let field = avail[self.rng.below(avail.len())];
            let ty = self.case.fields[field].ty;
            let init = if self.rng.one_in(4) {
                Expr::Unset
            } else {
                self.value(ty, &scope, false)
            };
            fields.insert(field);
            body.push(BodyItem::Decl { field, init });
        }
        if !fields.is_empty() {
            let list: Vec<usize> = fields.iter().copied().collect();
            for _ in 0..self.rng.range(0, 3) {
                let item = self.let_item(&list, &scope, false);
                body.push(BodyItem::Let(item));
            }
        }
        self.use_args(&args, &parents, &fields, &mut body);
        self.case.classes.push(Class {
            name,
            args,
            defaults,
            parents,
            body,
            ancestors,
            fields,
        });
        idx
    }

    /// Makes sure template arguments show up in appended values: for each
    /// argument nothing mentions yet, appends or prepends it to a field that
    /// can hold it.
    fn use_args(
        &mut self,
        args: &[(ArgTy, String)],
        parents: &[ParentRef],
        fields: &BTreeSet<usize>,
        body: &mut Vec<BodyItem>,
    ) {
        for (ty, name) in args {
            let used = parents
                .iter()
                .any(|p| p.args.iter().any(|a| a.mentions(name)))
                || body.iter().any(|it| match it {
                    BodyItem::Decl { init, .. } => init.mentions(name),
                    BodyItem::Let(l) => l.value.mentions(name),
                });
            if used {
                continue;
            }
            let var = Expr::Var(name.clone());
            let fits: Vec<usize> = fields
                .iter()
                .copied()
                .filter(|f| {
                    matches!(
                        (ty, self.case.fields[*f].ty),
                        (ArgTy::Int, Ty::ListInt | Ty::Dag(_))
                            | (ArgTy::Str, Ty::ListStr | Ty::Str | Ty::Code)
                            | (ArgTy::ListInt, Ty::ListInt)
                    )
                })
                .collect();
            if fits.is_empty() {
                continue;
            }
            let field = fits[self.rng.below(fits.len())];
            let value = match self.case.fields[field].ty {
                Ty::ListInt if *ty == ArgTy::Int => Expr::List(vec![var]),
                Ty::ListStr => Expr::List(vec![var]),
                Ty::Dag(op) => Expr::Dag(op, vec![(var, Some("t".to_string()))]),
                Ty::ListInt | Ty::ListRec | Ty::Str | Ty::Code | Ty::Int | Ty::Bit | Ty::Bits4 => {
                    var
                }
            };
            let mode = if self.rng.one_in(3) {
                Mode::Prepend
            } else {
                Mode::Append
            };
            body.push(BodyItem::Let(LetItem { mode, field, value }));
        }
    }

    fn def(&mut self, name: String, scope: &Scope) -> usize {
        let parents = self.parents(1, 3, scope, &BTreeSet::new());
        let fields: Vec<usize> = self.fields_of(&parents).into_iter().collect();
        let mut body = Vec::new();
        if !fields.is_empty() {
            for _ in 0..self.rng.range(0, 3) {
                body.push(self.let_item(&fields, scope, false));
            }
        }
        self.case.defs.push(Def {
            name,
            parents,
            body,
        });
        self.case.defs.len() - 1
    }

    /// The fields every record under `nodes` has.
    fn common_fields(&self, nodes: &[Node]) -> Option<BTreeSet<usize>> {
        let mut res: Option<BTreeSet<usize>> = None;
        for n in nodes {
            let set = match n {
                // A top-level let applies before the class body: only
                // inherited fields exist then.
                Node::Class(c) => Some(self.fields_of(&self.case.classes[*c].parents)),
                Node::Def(d) => Some(self.fields_of(&self.case.defs[*d].parents)),
                Node::Let(_, body) | Node::Foreach { body, .. } => self.common_fields(body),
                Node::Multiclass(m) => self.common_fields(&self.case.multiclasses[*m].body),
                Node::Defm(d) => {
                    let defm = &self.case.defms[*d];
                    let mut s = self.common_fields(&self.case.multiclasses[defm.multiclass].body);
                    if let (Some(set), Some(extra)) = (s.as_mut(), &defm.extra) {
                        set.extend(self.case.classes[extra.class].fields.iter().copied());
                    }
                    s
                }
            };
            if let Some(set) = set {
                res = Some(match res {
                    None => set,
                    Some(prev) => prev.intersection(&set).copied().collect(),
                });
            }
        }
        res
    }

    /// Wraps runs of `nodes` in top-level `let ... in { }` scopes, sometimes
    /// nested, with 1-3 items each.
    fn wrap_in_lets(&mut self, nodes: Vec<Node>, scope: &Scope) -> Vec<Node> {
        let mut res = Vec::new();
        let mut it = nodes.into_iter().peekable();
        while it.peek().is_some() {
            let take = self.rng.range(1, 3);
            let group: Vec<Node> = it.by_ref().take(take).collect();
            if self.rng.one_in(2) {
                res.extend(group);
                continue;
            }
            let mut group = group;
            let depth = if self.rng.one_in(3) { 2 } else { 1 };
            for _ in 0..depth {
                let Some(common) = self.common_fields(&group) else {
                    break;
                };
                if common.is_empty() {
                    break;
                }
                let list: Vec<usize> = common.into_iter().collect();
                let n = self.rng.range(1, 3);
                let items = (0..n).map(|_| self.let_item(&list, scope, true)).collect();
                group = vec![Node::Let(items, group)];
            }
            res.extend(group);
        }
        res
    }

    fn foreach(&mut self) -> Node {
        let n = self.rng.range(1, 3);
        let mut values: Vec<i64> = Vec::new();
        while values.len() < n {
            let v = self.rng.below(20) as i64;
            if !values.contains(&v) {
                values.push(v);
            }
        }
        let scope: Scope = vec![(ArgTy::Int, "i".to_string())];
        let mut body = Vec::new();
        for k in 0..self.rng.range(1, 2) {
            let name = format!("{}e{k}_#i", self.prefix());
            let d = self.def(name, &scope);
            body.push(Node::Def(d));
        }
        if !self.case.multiclasses.is_empty() && self.rng.one_in(2) {
            let mc = self.rng.below(self.case.multiclasses.len());
            let name = format!("{}y0_#i", self.prefix());
            let d = self.defm(mc, name, &scope);
            body.push(Node::Defm(d));
        }
        let body = self.wrap_in_lets(body, &scope);
        Node::Foreach {
            var: "i".to_string(),
            values,
            body,
        }
    }

    fn multiclass(&mut self) -> usize {
        let idx = self.case.multiclasses.len();
        let name = format!("{}M{idx}", self.prefix());
        let args = self.args("m");
        let mut scope: Scope = args.clone();
        scope.push((ArgTy::Str, "NAME".to_string()));
        let mut body = Vec::new();
        let suffixes = ["_a", "_b", "_c"];
        for s in suffixes.iter().take(self.rng.range(1, 2)) {
            let d = self.def((*s).to_string(), &scope);
            body.push(Node::Def(d));
        }
        let mut body = self.wrap_in_lets(body, &scope);
        if self.rng.one_in(2) {
            let mut inner = scope.clone();
            inner.push((ArgTy::Int, "j".to_string()));
            let d = self.def("_f#j".to_string(), &inner);
            let values = vec![1, self.rng.range(2, 9) as i64];
            body.push(Node::Foreach {
                var: "j".to_string(),
                values,
                body: vec![Node::Def(d)],
            });
        }
        self.case.multiclasses.push(Multiclass { name, args, body });
        idx
    }

    fn defm(&mut self, mc: usize, name: String, scope: &Scope) -> usize {
        let arg_tys: Vec<ArgTy> = self.case.multiclasses[mc]
            .args
            .iter()
            .map(|(t, _)| *t)
            .collect();
        let args = arg_tys
            .into_iter()
            .map(|t| self.arg_value(t, scope))
            .collect();
        let extra = if self.rng.one_in(2) {
            let mut avoid = BTreeSet::new();
            collect_ancestors(&self.case, &self.case.multiclasses[mc].body, &mut avoid);
            self.parents(1, 1, &Scope::new(), &avoid).pop()
        } else {
            None
        };
        self.case.defms.push(Defm {
            name,
            multiclass: mc,
            args,
            extra,
        });
        self.case.defms.len() - 1
    }
}

fn collect_ancestors(case: &Case, nodes: &[Node], acc: &mut BTreeSet<usize>) {
    for n in nodes {
        match n {
            Node::Def(d) => {
                for p in &case.defs[*d].parents {
                    acc.extend(case.classes[p.class].ancestors.iter().copied());
                }
            }
            Node::Let(_, body) | Node::Foreach { body, .. } => collect_ancestors(case, body, acc),
            Node::Class(_) | Node::Multiclass(_) | Node::Defm(_) => {}
        }
    }
}

// ---- emission ----

/// The dag operators every file defines.
pub const PRELUDE: &str =
    "def op0;\ndef op1;\ndef op2;\nclass Tr;\ndef tr0 : Tr;\ndef tr1 : Tr;\ndef tr2 : Tr;\ndef tr3 : Tr;\n";

fn parent_list(case: &Case, parents: &[ParentRef], out: &mut String) {
    for (k, p) in parents.iter().enumerate() {
        out.push_str(if k == 0 { " : " } else { ", " });
        class_ref(case, p, out);
    }
}

fn class_ref(case: &Case, p: &ParentRef, out: &mut String) {
    out.push_str(&case.classes[p.class].name);
    if !p.args.is_empty() {
        out.push('<');
        for (j, a) in p.args.iter().enumerate() {
            if j > 0 {
                out.push_str(", ");
            }
            a.write(out);
        }
        out.push('>');
    }
}

fn class_header(case: &Case, c: &Class, out: &mut String) {
    let _ = write!(out, "class {}", c.name);
    if !c.args.is_empty() {
        out.push('<');
        for (k, (t, n)) in c.args.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{} {n}", t.spelling());
            if let Some(Some(d)) = c.defaults.get(k) {
                out.push_str(" = ");
                d.write(out);
            }
        }
        out.push('>');
    }
    parent_list(case, &c.parents, out);
}

fn let_line(case: &Case, indent: &str, mode: Mode, field: usize, value: &Expr, out: &mut String) {
    let _ = write!(
        out,
        "{indent}  let {}{} = ",
        mode.keyword(),
        case.fields[field].name
    );
    value.write(out);
    out.push_str(";\n");
}

fn decl_line(case: &Case, indent: &str, field: usize, init: &Expr, out: &mut String) {
    let f = &case.fields[field];
    let _ = write!(out, "{indent}  {} {} = ", f.ty.spelling(), f.name);
    init.write(out);
    out.push_str(";\n");
}

/// The file `irkit tblgen` reads: the case as generated.
pub fn emit_sugared(case: &Case, out: &mut String) {
    for n in &case.top {
        sugared_node(case, n, "", Spelling::Sugared, out);
    }
}

/// The sugared file with the `append` / `prepend` modifiers dropped: plain
/// TableGen that llvm-tblgen-19 must accept. This checks that every record,
/// field, scope and value of the generated program is valid apart from the
/// feature under test.
pub fn emit_plain(case: &Case, out: &mut String) {
    for n in &case.top {
        sugared_node(case, n, "", Spelling::Plain, out);
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Spelling {
    Sugared,
    Plain,
}

impl Spelling {
    fn mode(self, mode: Mode) -> Mode {
        match self {
            Spelling::Sugared => mode,
            Spelling::Plain => Mode::Replace,
        }
    }
}

fn sugared_node(case: &Case, node: &Node, indent: &str, sp: Spelling, out: &mut String) {
    let inner = format!("{indent}  ");
    match node {
        Node::Class(c) => {
            let cl = &case.classes[*c];
            out.push_str(indent);
            class_header(case, cl, out);
            out.push_str(" {\n");
            for it in &cl.body {
                match it {
                    BodyItem::Decl { field, init } => decl_line(case, indent, *field, init, out),
                    BodyItem::Let(l) => {
                        let_line(case, indent, sp.mode(l.mode), l.field, &l.value, out)
                    }
                }
            }
            let _ = writeln!(out, "{indent}}}");
        }
        Node::Def(d) => {
            let def = &case.defs[*d];
            let _ = write!(out, "{indent}def {}", def.name);
            parent_list(case, &def.parents, out);
            if def.body.is_empty() {
                out.push_str(";\n");
            } else {
                out.push_str(" {\n");
                for l in &def.body {
                    let_line(case, indent, sp.mode(l.mode), l.field, &l.value, out);
                }
                let _ = writeln!(out, "{indent}}}");
            }
        }
        Node::Let(items, body) => {
            let _ = write!(out, "{indent}let ");
            for (k, l) in items.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                let kw = if sp == Spelling::Plain {
                    ""
                } else {
                    l.mode.keyword()
                };
                let _ = write!(out, "{kw}{} = ", case.fields[l.field].name);
                l.value.write(out);
            }
            out.push_str(" in {\n");
            for n in body {
                sugared_node(case, n, &inner, sp, out);
            }
            let _ = writeln!(out, "{indent}}}");
        }
        Node::Foreach { var, values, body } => {
            let _ = write!(out, "{indent}foreach {var} = ");
            Expr::List(values.iter().map(|v| Expr::Int(*v)).collect()).write(out);
            out.push_str(" in {\n");
            for n in body {
                sugared_node(case, n, &inner, sp, out);
            }
            let _ = writeln!(out, "{indent}}}");
        }
        Node::Multiclass(m) => {
            let mc = &case.multiclasses[*m];
            let _ = write!(out, "{indent}multiclass {}", mc.name);
            if !mc.args.is_empty() {
                out.push('<');
                for (k, (t, n)) in mc.args.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    let _ = write!(out, "{} {n}", t.spelling());
                }
                out.push('>');
            }
            out.push_str(" {\n");
            for n in &mc.body {
                sugared_node(case, n, &inner, sp, out);
            }
            let _ = writeln!(out, "{indent}}}");
        }
        Node::Defm(d) => {
            let defm = &case.defms[*d];
            let mc = &case.multiclasses[defm.multiclass];
            let _ = write!(out, "{indent}defm {} : {}", defm.name, mc.name);
            if !defm.args.is_empty() {
                out.push('<');
                for (j, a) in defm.args.iter().enumerate() {
                    if j > 0 {
                        out.push_str(", ");
                    }
                    a.write(out);
                }
                out.push('>');
            }
            if let Some(extra) = &defm.extra {
                out.push_str(", ");
                class_ref(case, extra, out);
            }
            out.push_str(";\n");
        }
    }
}

/// One pending top-level `let` item, with its value already substituted
/// into the scope it applies in.
type LetStack = Vec<Vec<LetItem>>;

/// The file `llvm-tblgen-19` reads: the same records, with every
/// append/prepend written out as the model computes it.
pub fn emit_desugared(case: &Case, out: &mut String) {
    let mut d = Desugar {
        case,
        skip_defms: false,
        class_states: vec![None; case.classes.len()],
        mc_stacks: HashMap::new(),
    };
    let mut stack = LetStack::new();
    for n in &case.top {
        d.node(n, "", &mut stack, out);
    }
}

struct Desugar<'a> {
    case: &'a Case,
    /// Inside a foreach, defms are written out after the loop.
    skip_defms: bool,
    /// Each class's fields in terms of its own template arguments.
    class_states: Vec<Option<State>>,
    /// The `let` stack around each multiclass's definition.
    mc_stacks: HashMap<usize, LetStack>,
}

impl Desugar<'_> {
    /// A parent's fields for a record whose `NAME` is `record_name`.
    fn instantiate(&self, p: &ParentRef, record_name: &Expr) -> State {
        let cl = &self.case.classes[p.class];
        // Arguments left out take their defaults.
        let mut map: HashMap<String, Expr> = HashMap::new();
        for (k, (_, n)) in cl.args.iter().enumerate() {
            let value = match (p.args.get(k), cl.defaults.get(k)) {
                (Some(v), _) => v.clone(),
                (None, Some(Some(d))) => d.clone(),
                (None, _) => Expr::Unset,
            };
            map.insert(n.clone(), value);
        }
        map.insert("NAME".to_string(), record_name.clone());
        let st = self.class_states[p.class].clone().unwrap_or_default();
        State {
            fields: st
                .fields
                .into_iter()
                .map(|(f, e)| (f, e.subst(&map)))
                .collect(),
            supers: st.supers,
        }
    }

    fn inherit_all(&self, parents: &[ParentRef], record_name: &Expr) -> State {
        let mut st = State::default();
        for p in parents {
            st.inherit(p.class, self.instantiate(p, record_name));
        }
        st
    }

    fn apply(&self, st: &mut State, item: &LetItem, map: &HashMap<String, Expr>) -> Expr {
        let ty = self.case.fields[item.field].ty;
        st.let_item(ty, item.mode, item.field, &item.value.subst(map))
    }

    /// Applies the let stack at the start of a body, emitting plain lets.
    fn stack_lets(&self, st: &mut State, stack: &LetStack, indent: &str, out: &mut String) {
        let none = HashMap::new();
        for items in stack {
            for it in items {
                let new = self.apply(st, it, &none);
                let_line(self.case, indent, Mode::Replace, it.field, &new, out);
            }
        }
    }

    fn node(&mut self, node: &Node, indent: &str, stack: &mut LetStack, out: &mut String) {
        let case = self.case;
        let inner = format!("{indent}  ");
        let none = HashMap::new();
        match node {
            Node::Class(c) => {
                let cl = &case.classes[*c];
                out.push_str(indent);
                class_header(case, cl, out);
                out.push_str(" {\n");
                let mut st = self.inherit_all(&cl.parents, &Expr::Var("NAME".to_string()));
                self.stack_lets(&mut st, stack, indent, out);
                for it in &cl.body {
                    match it {
                        BodyItem::Decl { field, init } => {
                            st.put(*field, init.clone());
                            decl_line(case, indent, *field, init, out);
                        }
                        BodyItem::Let(l) => {
                            let new = self.apply(&mut st, l, &none);
                            let_line(case, indent, Mode::Replace, l.field, &new, out);
                        }
                    }
                }
                let _ = writeln!(out, "{indent}}}");
                self.class_states[*c] = Some(st);
            }
            Node::Def(d) => {
                let def = &case.defs[*d];
                let _ = write!(out, "{indent}def {}", def.name);
                parent_list(case, &def.parents, out);
                out.push_str(" {\n");
                let mut st = self.inherit_all(&def.parents, &record_name(&def.name));
                self.stack_lets(&mut st, stack, indent, out);
                for l in &def.body {
                    let new = self.apply(&mut st, l, &none);
                    let_line(case, indent, Mode::Replace, l.field, &new, out);
                }
                let _ = writeln!(out, "{indent}}}");
            }
            Node::Let(items, body) => {
                stack.push(items.clone());
                for n in body {
                    self.node(n, indent, stack, out);
                }
                stack.pop();
            }
            Node::Foreach { var, values, body } => {
                // The loop keeps its defs; its defms are written out after
                // it, once per value, since each generates its own defs.
                let _ = write!(out, "{indent}foreach {var} = ");
                Expr::List(values.iter().map(|v| Expr::Int(*v)).collect()).write(out);
                out.push_str(" in {\n");
                let outer_skip = std::mem::replace(&mut self.skip_defms, true);
                for n in body {
                    self.node(n, &inner, stack, out);
                }
                self.skip_defms = outer_skip;
                let _ = writeln!(out, "{indent}}}");
                for v in values {
                    let map = HashMap::from([(var.clone(), Expr::Int(*v))]);
                    let mut st = stack.clone();
                    self.defms_in(body, &map, &mut st, indent, out);
                }
            }
            Node::Multiclass(m) => {
                self.mc_stacks.insert(*m, stack.clone());
            }
            Node::Defm(d) => {
                if !self.skip_defms {
                    self.defm(*d, &HashMap::new(), stack, indent, out);
                }
            }
        }
    }

    /// Emits the defs a `defm` generates, each setting every field to its
    /// final value.
    /// The defms under a foreach body, for one value of the loop variable
    /// (`outer`).
    fn defms_in(
        &self,
        nodes: &[Node],
        outer: &HashMap<String, Expr>,
        stack: &mut LetStack,
        indent: &str,
        out: &mut String,
    ) {
        for n in nodes {
            match n {
                Node::Let(items, body) => {
                    stack.push(
                        items
                            .iter()
                            .map(|it| LetItem {
                                mode: it.mode,
                                field: it.field,
                                value: it.value.subst(outer),
                            })
                            .collect(),
                    );
                    self.defms_in(body, outer, stack, indent, out);
                    stack.pop();
                }
                Node::Defm(d) => self.defm(*d, outer, stack, indent, out),
                Node::Class(_) | Node::Def(_) | Node::Foreach { .. } | Node::Multiclass(_) => {}
            }
        }
    }

    /// Emits the defs a `defm` generates; `outer` gives the enclosing loop
    /// variable, if any.
    fn defm(
        &self,
        d: usize,
        outer: &HashMap<String, Expr>,
        site_stack: &LetStack,
        indent: &str,
        out: &mut String,
    ) {
        let case = self.case;
        let defm = &case.defms[d];
        let mc = &case.multiclasses[defm.multiclass];
        let name = match defm.name.split_once('#') {
            Some((stem, var)) => match outer.get(var) {
                Some(Expr::Int(v)) => format!("{stem}{v}"),
                _ => stem.to_string(),
            },
            None => defm.name.clone(),
        };
        let mut map: HashMap<String, Expr> = mc
            .args
            .iter()
            .map(|(_, n)| n.clone())
            .zip(defm.args.iter().map(|a| a.subst(outer)))
            .collect();
        map.insert("NAME".to_string(), Expr::Str(name.clone()));
        let mut stack = self
            .mc_stacks
            .get(&defm.multiclass)
            .cloned()
            .unwrap_or_default();
        let ctx = DefmCtx {
            defm,
            name,
            site_stack,
            indent,
        };
        self.mc_nodes(&ctx, &mc.body, &mut map, &mut stack, out);
    }

    fn mc_nodes(
        &self,
        ctx: &DefmCtx<'_>,
        nodes: &[Node],
        map: &mut HashMap<String, Expr>,
        stack: &mut LetStack,
        out: &mut String,
    ) {
        let case = self.case;
        for n in nodes {
            match n {
                Node::Def(d) => {
                    let def = &case.defs[*d];
                    let parents: Vec<ParentRef> = def
                        .parents
                        .iter()
                        .map(|p| ParentRef {
                            class: p.class,
                            args: p.args.iter().map(|a| a.subst(map)).collect(),
                        })
                        .collect();
                    let suffix = match def.name.strip_suffix("#j") {
                        Some(stem) => match map.get("j") {
                            Some(Expr::Int(j)) => format!("{stem}{j}"),
                            _ => stem.to_string(),
                        },
                        None => def.name.clone(),
                    };
                    let full_name = format!("{}{suffix}", ctx.name);
                    let name_expr = Expr::Str(full_name.clone());
                    let mut st = self.inherit_all(&parents, &name_expr);
                    for items in stack.iter() {
                        for it in items {
                            self.apply(&mut st, it, map);
                        }
                    }
                    for l in &def.body {
                        self.apply(&mut st, l, map);
                    }
                    let mut all_parents = parents;
                    if let Some(extra) = &ctx.defm.extra {
                        st.inherit(extra.class, self.instantiate(extra, &name_expr));
                        all_parents.push(extra.clone());
                    }
                    let none = HashMap::new();
                    for items in ctx.site_stack {
                        for it in items {
                            self.apply(&mut st, it, &none);
                        }
                    }
                    let _ = write!(out, "{}def {full_name}", ctx.indent);
                    parent_list(case, &all_parents, out);
                    out.push_str(" {\n");
                    for (f, e) in &st.fields {
                        let_line(case, ctx.indent, Mode::Replace, *f, e, out);
                    }
                    let _ = writeln!(out, "{}}}", ctx.indent);
                }
                Node::Let(items, body) => {
                    stack.push(
                        items
                            .iter()
                            .map(|it| LetItem {
                                mode: it.mode,
                                field: it.field,
                                value: it.value.subst(map),
                            })
                            .collect(),
                    );
                    self.mc_nodes(ctx, body, map, stack, out);
                    stack.pop();
                }
                Node::Foreach { var, values, body } => {
                    for v in values {
                        map.insert(var.clone(), Expr::Int(*v));
                        self.mc_nodes(ctx, body, map, stack, out);
                    }
                    map.remove(var);
                }
                Node::Class(_) | Node::Multiclass(_) | Node::Defm(_) => {}
            }
        }
    }
}

/// The value `NAME` has in the classes of a def written `def <name>`
/// outside a multiclass: the name itself, or for `X#i` in a foreach, the
/// string it pastes to.
fn record_name(name: &str) -> Expr {
    match name.split_once('#') {
        Some((stem, var)) => Expr::Raw(format!("!strconcat(\"{stem}\", !cast<string>({var}))")),
        None => Expr::Str(name.to_string()),
    }
}

struct DefmCtx<'a> {
    defm: &'a Defm,
    /// The defm's name, loop variable pasted in.
    name: String,
    site_stack: &'a LetStack,
    indent: &'a str,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[i64]) -> Expr {
        Expr::List(items.iter().map(|i| Expr::Int(*i)).collect())
    }

    fn class(name: &str, parents: Vec<ParentRef>, body: Vec<BodyItem>) -> Class {
        Class {
            name: name.to_string(),
            args: Vec::new(),
            defaults: Vec::new(),
            parents,
            body,
            ancestors: BTreeSet::new(),
            fields: BTreeSet::new(),
        }
    }

    fn let_item(mode: Mode, value: Expr) -> LetItem {
        LetItem {
            mode,
            field: 0,
            value,
        }
    }

    /// The spec's multi-level example inside a top-level let, plus a defm
    /// with a let around it.
    fn sample() -> Case {
        let base = class(
            "Base",
            Vec::new(),
            vec![BodyItem::Decl {
                field: 0,
                init: list(&[1, 2]),
            }],
        );
        let middle = class(
            "Middle",
            vec![ParentRef {
                class: 0,
                args: Vec::new(),
            }],
            vec![BodyItem::Let(let_item(Mode::Append, list(&[3])))],
        );
        let leaf = Def {
            name: "Leaf".to_string(),
            parents: vec![ParentRef {
                class: 1,
                args: Vec::new(),
            }],
            body: vec![let_item(Mode::Prepend, list(&[0]))],
        };
        let proto = Def {
            name: "_a".to_string(),
            parents: vec![ParentRef {
                class: 0,
                args: Vec::new(),
            }],
            body: vec![let_item(Mode::Append, list(&[5]))],
        };
        Case {
            id: 0,
            fields: vec![Field {
                name: "items".to_string(),
                ty: Ty::ListInt,
            }],
            classes: vec![base, middle],
            defs: vec![leaf, proto],
            multiclasses: vec![Multiclass {
                name: "M".to_string(),
                args: Vec::new(),
                body: vec![Node::Def(1)],
            }],
            defms: vec![Defm {
                name: "X".to_string(),
                multiclass: 0,
                args: Vec::new(),
                extra: None,
            }],
            top: vec![
                Node::Class(0),
                Node::Class(1),
                Node::Let(
                    vec![
                        let_item(Mode::Append, list(&[100])),
                        let_item(Mode::Prepend, list(&[50])),
                    ],
                    vec![Node::Def(0)],
                ),
                Node::Multiclass(0),
                Node::Let(
                    vec![let_item(Mode::Append, list(&[9]))],
                    vec![Node::Defm(0)],
                ),
            ],
        }
    }

    #[test]
    fn sugared_spelling() {
        let mut out = String::new();
        emit_sugared(&sample(), &mut out);
        assert_eq!(
            out,
            "class Base {\n  list<int> items = [1, 2];\n}\n\
             class Middle : Base {\n  let append items = [3];\n}\n\
             let append items = [100], prepend items = [50] in {\n\
             \x20 def Leaf : Middle {\n    let prepend items = [0];\n  }\n}\n\
             multiclass M {\n  def _a : Base {\n    let append items = [5];\n  }\n}\n\
             let append items = [9] in {\n  defm X : M;\n}\n"
        );
    }

    #[test]
    fn desugared_spelling() {
        // Top-level items apply after the parents and before the body, left
        // to right; the defm's let applies after the multiclass body.
        let mut out = String::new();
        emit_desugared(&sample(), &mut out);
        assert_eq!(
            out,
            "class Base {\n  list<int> items = [1, 2];\n}\n\
             class Middle : Base {\n  let items = !listconcat([1, 2], [3]);\n}\n\
             def Leaf : Middle {\n\
             \x20 let items = !listconcat(!listconcat([1, 2], [3]), [100]);\n\
             \x20 let items = !listconcat([50], !listconcat(!listconcat([1, 2], [3]), [100]));\n\
             \x20 let items = !listconcat([0], !listconcat([50], !listconcat(!listconcat([1, 2], [3]), [100])));\n\
             }\n\
             def X_a : Base {\n  let items = !listconcat(!listconcat([1, 2], [5]), [9]);\n}\n"
        );
    }
}
