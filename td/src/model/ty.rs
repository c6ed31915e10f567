//! TableGen types (LLVM's `RecTy`) and their conversion rules.

use super::{Ctx, RecId, TyId, TY_ANY_RECORD};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecTy {
    Bit,
    Bits(u32),
    Int,
    String,
    List(TyId),
    Dag,
    /// A record type: the set of classes (sorted by name) it derives from.
    Record(Box<[RecId]>),
}

impl Ctx {
    pub fn ty_str(&self, t: TyId) -> String {
        let mut s = String::new();
        self.write_ty(&mut s, t);
        s
    }
    pub fn write_ty(&self, out: &mut String, t: TyId) {
        match self.ty_data(t) {
            RecTy::Bit => out.push_str("bit"),
            RecTy::Bits(n) => {
                out.push_str("bits<");
                out.push_str(&n.to_string());
                out.push('>');
            }
            RecTy::Int => out.push_str("int"),
            RecTy::String => out.push_str("string"),
            RecTy::List(e) => {
                out.push_str("list<");
                self.write_ty(out, *e);
                out.push('>');
            }
            RecTy::Dag => out.push_str("dag"),
            RecTy::Record(cs) => {
                if cs.len() == 1 {
                    out.push_str(&self.rec_name_cow(cs[0]));
                } else {
                    out.push('{');
                    for (i, c) in cs.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        out.push_str(&self.rec_name_cow(*c));
                    }
                    out.push('}');
                }
            }
        }
    }

    /// Whether record type `t` (a set of classes) derives from class `c`.
    pub fn rty_is_subclass_of(&self, classes: &[RecId], c: RecId) -> bool {
        classes
            .iter()
            .any(|&m| m == c || self.rec(m).is_subclass_of(c))
    }

    /// LLVM's `typeIsConvertibleTo`.
    pub fn ty_convertible(&self, a: TyId, b: TyId) -> bool {
        if a == b {
            return true;
        }
        match (self.ty_data(a), self.ty_data(b)) {
            (RecTy::Bit, RecTy::Bit | RecTy::Bits(_) | RecTy::Int) => true,
            (RecTy::Bits(n), RecTy::Bits(m)) => n == m,
            (RecTy::Bits(n), RecTy::Bit) => *n == 1,
            (RecTy::Bits(_), RecTy::Int) => true,
            (RecTy::Int, RecTy::Bit | RecTy::Bits(_) | RecTy::Int) => true,
            (RecTy::List(x), RecTy::List(y)) => self.ty_convertible(*x, *y),
            (RecTy::Record(xs), RecTy::Record(ys)) => {
                ys.iter().all(|&c| self.rty_is_subclass_of(xs, c))
            }
            _ => false,
        }
    }

    /// LLVM's `typeIsA`.
    pub fn ty_is_a(&self, a: TyId, b: TyId) -> bool {
        if a == b {
            return true;
        }
        match (self.ty_data(a), self.ty_data(b)) {
            (RecTy::List(x), RecTy::List(y)) => self.ty_is_a(*x, *y),
            (RecTy::Record(_), RecTy::Record(_)) => self.ty_convertible(a, b),
            _ => false,
        }
    }

    /// LLVM's `resolveTypes`: the common type of two types, if any.
    pub fn resolve_types(&mut self, a: TyId, b: TyId) -> Option<TyId> {
        if a == b {
            return Some(a);
        }
        if let (RecTy::Record(xs), RecTy::Record(_)) = (self.ty_data(a), self.ty_data(b)) {
            let mut stack: smallvec::SmallVec<[RecId; 8]> = smallvec::SmallVec::from_slice(xs);
            let mut common: smallvec::SmallVec<[RecId; 8]> = smallvec::SmallVec::new();
            while let Some(r) = stack.pop() {
                let RecTy::Record(ys) = self.ty_data(b) else {
                    break;
                };
                if self.rty_is_subclass_of(ys, r) {
                    common.push(r);
                } else {
                    let mut ds = self.direct_supers(r);
                    ds.reverse();
                    // LLVM pushes direct superclasses in getDirectSuperClasses order.
                    ds.reverse();
                    stack.extend(ds);
                }
            }
            return Some(self.record_ty_of(&mut common));
        }
        if self.ty_convertible(a, b) {
            return Some(b);
        }
        if self.ty_convertible(b, a) {
            return Some(a);
        }
        if let (RecTy::List(x), RecTy::List(y)) = (self.ty_data(a).clone(), self.ty_data(b).clone())
        {
            let e = self.resolve_types(x, y)?;
            return Some(self.list_ty(e));
        }
        None
    }

    pub fn is_record_ty(&self, t: TyId) -> bool {
        matches!(self.ty_data(t), RecTy::Record(_))
    }
    pub fn list_elem(&self, t: TyId) -> Option<TyId> {
        match self.ty_data(t) {
            RecTy::List(e) => Some(*e),
            _ => None,
        }
    }
    pub fn any_record(&self) -> TyId {
        TY_ANY_RECORD
    }
}
