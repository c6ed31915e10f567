//! The semantic model of `let append` / `let prepend`, and the TableGen
//! values it manipulates.
//!
//! Values are kept symbolic ([`Expr`]): a class's field values mention the
//! class's own template arguments, a foreach body's values mention the loop
//! variable. The model never folds anything; it only decides *which*
//! concatenation the sugar stands for, and the desugared file spells that
//! concatenation out with `!listconcat` / `!strconcat` / `!con` so that
//! llvm-tblgen-19 does the folding and the printing.

use std::collections::HashMap;
use std::fmt::Write as _;

/// The type of a field. Every field of a case has one fixed type, so two
/// classes declaring the same field name always agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    ListInt,
    ListStr,
    /// `list<Tr>`: records of the prelude's class `Tr` (`tr0`..`tr3`).
    ListRec,
    Str,
    Code,
    /// A dag whose operator is always `op<N>` (`!con` needs equal operators).
    Dag(u8),
    /// Types append/prepend reject; the generator only uses plain lets on
    /// them, so they check that the rest of a record is left alone.
    Int,
    Bit,
    Bits4,
}

impl Ty {
    pub fn spelling(self) -> &'static str {
        match self {
            Ty::ListInt => "list<int>",
            Ty::ListStr => "list<string>",
            Ty::ListRec => "list<Tr>",
            Ty::Str => "string",
            Ty::Code => "code",
            Ty::Dag(_) => "dag",
            Ty::Int => "int",
            Ty::Bit => "bit",
            Ty::Bits4 => "bits<4>",
        }
    }

    /// The concatenation append/prepend use, or `None` for the types they
    /// reject.
    pub fn cat(self) -> Option<Cat> {
        match self {
            Ty::ListInt | Ty::ListStr | Ty::ListRec => Some(Cat::List),
            Ty::Str | Ty::Code => Some(Cat::Str),
            Ty::Dag(_) => Some(Cat::Dag),
            Ty::Int | Ty::Bit | Ty::Bits4 => None,
        }
    }
}

/// The type of a template argument or loop variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgTy {
    Int,
    Str,
    ListInt,
}

impl ArgTy {
    pub fn spelling(self) -> &'static str {
        match self {
            ArgTy::Int => "int",
            ArgTy::Str => "string",
            ArgTy::ListInt => "list<int>",
        }
    }
}

/// The bang operator a concatenation uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cat {
    List,
    Str,
    Dag,
}

/// How a `let` item combines its value with the current one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Replace,
    Append,
    Prepend,
}

impl Mode {
    /// The modifier as written after `let` (with a trailing space), or "".
    pub fn keyword(self) -> &'static str {
        match self {
            Mode::Replace => "",
            Mode::Append => "append ",
            Mode::Prepend => "prepend ",
        }
    }
}

/// A TableGen value as written in source, before any folding.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `?`
    Unset,
    /// A template argument, loop variable or `NAME`.
    Var(String),
    /// Source text kept as is (a record name built with `#`).
    Raw(String),
    Int(i64),
    /// `"text"`; the text never needs escaping.
    Str(String),
    /// `[{text}]`
    Code(String),
    List(Vec<Expr>),
    /// `(opN arg:$name, ...)`
    Dag(u8, Vec<(Expr, Option<String>)>),
    /// `!listconcat(a, b)`, `!strconcat(a, b)` or `!con(a, b)`.
    Cat(Cat, Box<Expr>, Box<Expr>),
}

impl Expr {
    pub fn write(&self, out: &mut String) {
        match self {
            Expr::Unset => out.push('?'),
            Expr::Var(v) | Expr::Raw(v) => out.push_str(v),
            Expr::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Expr::Str(s) => {
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            Expr::Code(s) => {
                out.push_str("[{");
                out.push_str(s);
                out.push_str("}]");
            }
            Expr::List(items) => {
                out.push('[');
                for (k, it) in items.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    it.write(out);
                }
                out.push(']');
            }
            Expr::Dag(op, args) => {
                let _ = write!(out, "(op{op}");
                for (k, (arg, name)) in args.iter().enumerate() {
                    out.push_str(if k == 0 { " " } else { ", " });
                    arg.write(out);
                    if let Some(n) = name {
                        out.push_str(":$");
                        out.push_str(n);
                    }
                }
                out.push(')');
            }
            Expr::Cat(cat, a, b) => {
                out.push_str(match cat {
                    Cat::List => "!listconcat(",
                    Cat::Str => "!strconcat(",
                    Cat::Dag => "!con(",
                });
                a.write(out);
                out.push_str(", ");
                b.write(out);
                out.push(')');
            }
        }
    }

    #[cfg(test)]
    pub fn text(&self) -> String {
        let mut s = String::new();
        self.write(&mut s);
        s
    }

    /// Whether the value mentions variable `name`.
    pub fn mentions(&self, name: &str) -> bool {
        match self {
            Expr::Var(v) => v == name,
            Expr::Unset | Expr::Raw(_) | Expr::Int(_) | Expr::Str(_) | Expr::Code(_) => false,
            Expr::List(items) => items.iter().any(|e| e.mentions(name)),
            Expr::Dag(_, args) => args.iter().any(|(e, _)| e.mentions(name)),
            Expr::Cat(_, a, b) => a.mentions(name) || b.mentions(name),
        }
    }

    /// Replaces variables by the values `map` gives them.
    pub fn subst(&self, map: &HashMap<String, Expr>) -> Expr {
        match self {
            Expr::Var(v) => map.get(v).cloned().unwrap_or_else(|| self.clone()),
            Expr::Unset | Expr::Raw(_) | Expr::Int(_) | Expr::Str(_) | Expr::Code(_) => {
                self.clone()
            }
            Expr::List(items) => Expr::List(items.iter().map(|e| e.subst(map)).collect()),
            Expr::Dag(op, args) => Expr::Dag(
                *op,
                args.iter()
                    .map(|(e, n)| (e.subst(map), n.clone()))
                    .collect(),
            ),
            Expr::Cat(c, a, b) => Expr::Cat(*c, Box::new(a.subst(map)), Box::new(b.subst(map))),
        }
    }
}

/// The spec's rule for one `let` item: the field's new value given its
/// current value.
///
/// - plain `let` replaces;
/// - `append` / `prepend` on a field whose current value is exactly `?` give
///   the new value as is;
/// - otherwise `append` is `concat(current, new)` and `prepend` is
///   `concat(new, current)`, where concat is `!listconcat` for lists,
///   `!strconcat` for string and code, `!con` for dags.
pub fn apply_let(ty: Ty, mode: Mode, current: &Expr, value: &Expr) -> Expr {
    let Some(cat) = ty.cat() else {
        // An error in TableGen; the generator never asks for it.
        return value.clone();
    };
    match mode {
        Mode::Replace => value.clone(),
        Mode::Append | Mode::Prepend if *current == Expr::Unset => value.clone(),
        Mode::Append => Expr::Cat(cat, Box::new(current.clone()), Box::new(value.clone())),
        Mode::Prepend => Expr::Cat(cat, Box::new(value.clone()), Box::new(current.clone())),
    }
}

/// The fields of a record (or of a class, in terms of its own template
/// arguments) in the order TableGen keeps them, and its superclasses.
#[derive(Clone, Debug, Default)]
pub struct State {
    pub fields: Vec<(usize, Expr)>,
    pub supers: Vec<usize>,
}

impl State {
    pub fn get(&self, field: usize) -> Option<&Expr> {
        self.fields
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, e)| e)
    }

    /// Sets or adds a field (TableGen's `AddValue`: an inherited field that
    /// already exists is overwritten in place: last writer wins).
    pub fn put(&mut self, field: usize, value: Expr) {
        match self.fields.iter_mut().find(|(f, _)| *f == field) {
            Some(slot) => slot.1 = value,
            None => self.fields.push((field, value)),
        }
    }

    /// Merges a parent's (already substituted) state, as `AddSubClass` does.
    pub fn inherit(&mut self, class: usize, parent: State) {
        for (f, e) in parent.fields {
            self.put(f, e);
        }
        self.supers.extend(parent.supers);
        self.supers.push(class);
    }

    /// Applies one let item and returns the value it stores.
    pub fn let_item(&mut self, ty: Ty, mode: Mode, field: usize, value: &Expr) -> Expr {
        let cur = self.get(field).cloned().unwrap_or(Expr::Unset);
        let new = apply_let(ty, mode, &cur, value);
        self.put(field, new.clone());
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn append_prepend_and_unset() {
        let cur = Expr::List(vec![Expr::Int(1), Expr::Int(2)]);
        let v = Expr::List(vec![Expr::Int(3)]);
        assert_eq!(
            apply_let(Ty::ListInt, Mode::Append, &cur, &v).text(),
            "!listconcat([1, 2], [3])"
        );
        assert_eq!(
            apply_let(Ty::ListInt, Mode::Prepend, &cur, &v).text(),
            "!listconcat([3], [1, 2])"
        );
        assert_eq!(
            apply_let(Ty::Code, Mode::Append, &Expr::Unset, &v).text(),
            "[3]"
        );
        assert_eq!(
            apply_let(Ty::ListInt, Mode::Replace, &cur, &v).text(),
            "[3]"
        );
        let d = Expr::Dag(1, vec![(Expr::Int(3), Some("a".into()))]);
        assert_eq!(
            apply_let(Ty::Dag(1), Mode::Prepend, &Expr::Dag(1, vec![]), &d).text(),
            "!con((op1 3:$a), (op1))"
        );
    }

    #[test]
    fn last_writer_wins_then_append() {
        let mut st = State::default();
        let mut a = State::default();
        a.put(0, Expr::List(vec![Expr::Int(1)]));
        let mut b = State::default();
        b.put(0, Expr::List(vec![Expr::Int(3)]));
        st.inherit(10, a);
        st.inherit(11, b);
        let new = st.let_item(
            Ty::ListInt,
            Mode::Append,
            0,
            &Expr::List(vec![Expr::Int(5)]),
        );
        assert_eq!(new.text(), "!listconcat([3], [5])");
        assert_eq!(st.supers, vec![10, 11]);
    }

    #[test]
    fn subst_replaces_vars_only() {
        let e = Expr::Cat(
            Cat::Str,
            Box::new(Expr::Var("a0".into())),
            Box::new(Expr::Var("zz".into())),
        );
        let map = HashMap::from([("a0".to_string(), Expr::Str("x".into()))]);
        assert_eq!(e.subst(&map).text(), "!strconcat(\"x\", zz)");
    }
}
