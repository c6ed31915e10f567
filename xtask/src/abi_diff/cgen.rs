//! C source for a batch of signatures: one *definition* per function (Clang
//! only prints lowered signatures on `define`).

use super::desc::{CType, Prim, Sig};
use std::collections::BTreeSet;
use std::fmt::Write as _;

/// Writes record definitions and vector typedefs, numbering record tags.
#[derive(Default)]
pub struct CGen {
    pub decls: String,
    vec_typedefs: BTreeSet<(String, u32)>,
    next_tag: u32,
}

fn vec_name(p: Prim, n: u32) -> String {
    format!("v{}_{}", p.name(), n)
}

impl CGen {
    /// The C spelling of `t` used before a declarator name, plus the array
    /// suffix to put after the name.
    fn spell(&mut self, t: &CType) -> (String, String) {
        match t {
            CType::Prim(p) => (p.c_name().to_string(), String::new()),
            CType::Vector(p, n) => {
                self.vec_typedefs.insert((p.name().to_string(), *n));
                (vec_name(*p, *n), String::new())
            }
            CType::Complex(p) => (format!("_Complex {}", p.c_name()), String::new()),
            CType::Array(e, n) => {
                let (base, suffix) = self.spell(e);
                (base, format!("[{n}]{suffix}"))
            }
            CType::Flex(e) => {
                let (base, suffix) = self.spell(e);
                (base, format!("[]{suffix}"))
            }
            CType::Record(r) => {
                let mut body = String::new();
                for (i, f) in r.fields.iter().enumerate() {
                    let (base, suffix) = self.spell(&f.ty);
                    let name = if f.named {
                        format!(" m{i}")
                    } else {
                        String::new()
                    };
                    let _ = write!(body, "  {base}{name}{suffix}");
                    if let Some(b) = f.bits {
                        let _ = write!(body, " : {b}");
                    }
                    if let Some(a) = f.align {
                        let _ = write!(body, " __attribute__((aligned({a})))");
                    }
                    body.push_str(";\n");
                }
                let tag = self.next_tag;
                self.next_tag += 1;
                let kw = if r.union { "union" } else { "struct" };
                let mut attrs = Vec::new();
                if r.packed {
                    attrs.push("packed".to_string());
                }
                if let Some(a) = r.align {
                    attrs.push(format!("aligned({a})"));
                }
                let attr = if attrs.is_empty() {
                    String::new()
                } else {
                    format!(" __attribute__(({}))", attrs.join(", "))
                };
                let _ = writeln!(self.decls, "{kw} R{tag} {{\n{body}}}{attr};");
                (format!("{kw} R{tag}"), String::new())
            }
        }
    }

    /// Adds the definition of `sig`.
    pub fn function(&mut self, out: &mut String, sig: &Sig) {
        let (ret, _) = self.spell(&sig.ret);
        let mut params = Vec::new();
        let mut locals = String::new();
        let mut call_args = Vec::new();
        for (i, a) in sig.args.iter().enumerate() {
            let (base, suffix) = self.spell(a);
            if !matches!(sig.variadic, Some(n) if i >= n) {
                params.push(format!("{base} a{i}{suffix}"));
            }
            let _ = write!(
                locals,
                " {base} a{i}{suffix}; __builtin_memset(&a{i}, 0, sizeof a{i});"
            );
            call_args.push(format!("a{i}"));
        }
        if sig.variadic.is_some() {
            params.push("...".to_string());
        }
        let params = if params.is_empty() {
            "void".to_string()
        } else {
            params.join(", ")
        };

        let cc = sig
            .cc
            .c_attribute()
            .map_or(String::new(), |a| format!("__attribute__(({a})) "));
        let _ = write!(out, "{ret} {cc}{}({params}) {{", sig.name);
        if sig.ret == CType::Prim(Prim::Void) {
            out.push_str(" }\n");
        } else {
            let _ = writeln!(
                out,
                " {ret} r; __builtin_memset(&r, 0, sizeof r); return r; }}"
            );
        }
        if sig.variadic.is_some() {
            // A variadic function's arguments are classified at its call:
            // `NAME_c` calls it with every argument of the description.
            let _ = writeln!(
                out,
                "void {}_c(void) {{{locals} {}({}); }}",
                sig.name,
                sig.name,
                call_args.join(", ")
            );
        }
    }

    /// The complete file: typedefs, records, then `functions`.
    pub fn finish(&self, functions: &str) -> String {
        let mut s = String::with_capacity(self.decls.len() + functions.len() + 256);
        for (p, n) in &self.vec_typedefs {
            let prim = super::desc::PRIMS
                .iter()
                .find(|x| x.1 == p)
                .map_or(Prim::Int, |x| x.0);
            // `sizeof`, not a fixed size: `long` is 4 bytes on Windows.
            let _ = writeln!(
                s,
                "typedef {0} {1} __attribute__((vector_size(sizeof({0}) * {2})));",
                prim.c_name(),
                vec_name(prim, *n),
                n
            );
        }
        s.push_str(&self.decls);
        s.push_str(functions);
        s
    }
}

/// C source for `sigs`.
pub fn c_source(sigs: &[Sig]) -> String {
    let mut g = CGen::default();
    let mut funcs = String::new();
    for s in sigs {
        g.function(&mut funcs, s);
    }
    g.finish(&funcs)
}
