//! Reads `clang-19 -S -emit-llvm` output: named struct types and `define`
//! lines, normalized to the ABI printer's spelling (literal struct types,
//! ABI attributes only, in a fixed order).

use irkit_abi::{LlTy, LlTyId, LlTypes};
use std::collections::HashMap;

pub struct Module<'a> {
    /// `%struct.X` -> body text.
    named: HashMap<&'a str, &'a str>,
    resolved: HashMap<String, LlTyId>,
}

impl<'a> Module<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut named = HashMap::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix('%') {
                if let Some((name, body)) = rest.split_once(" = type ") {
                    named.insert(name, body.trim());
                }
            }
        }
        Module {
            named,
            resolved: HashMap::new(),
        }
    }

    /// All `define` lines, normalized, with the function name.
    pub fn defines(
        &mut self,
        text: &'a str,
        ll: &mut LlTypes,
    ) -> Result<Vec<(String, String)>, String> {
        let mut out = Vec::new();
        for line in text.lines() {
            if line.starts_with("define ") {
                out.push(
                    self.define(line, ll)
                        .map_err(|e| format!("{e} in: {line}"))?,
                );
            }
        }
        Ok(out)
    }

    /// The normalized `call` of `@name` in the text (the first one),
    /// spelled as `irkit_abi::print::call_line_for` prints it.
    pub fn call(&mut self, text: &'a str, name: &str, ll: &mut LlTypes) -> Result<String, String> {
        let needle = format!(" @{name}(");
        for line in text.lines() {
            let Some(at) = line.find("call ") else {
                continue;
            };
            if !line.contains(&needle) || line.trim_start().starts_with("declare") {
                continue;
            }
            return self
                .fn_line(line, at + "call ".len(), true, ll)
                .map(|(_, s)| s)
                .map_err(|e| format!("{e} in: {line}"));
        }
        Err(format!("no call of @{name}"))
    }

    fn define(&mut self, line: &str, ll: &mut LlTypes) -> Result<(String, String), String> {
        self.fn_line(line, "define ".len(), false, ll)
    }

    /// A `define` line (from `start`, after `define `) or a call (after
    /// `call `), normalized.
    fn fn_line(
        &mut self,
        line: &str,
        start: usize,
        is_call: bool,
        ll: &mut LlTypes,
    ) -> Result<(String, String), String> {
        let mut c = Cur {
            s: line.as_bytes(),
            i: start,
        };
        let mut ret_attrs = Vec::new();
        // Linkage/visibility words and return attributes, then the type.
        loop {
            c.ws();
            let save = c.i;
            let w = c.word();
            match w.as_str() {
                "signext" | "zeroext" | "inreg" => ret_attrs.push(w),
                "x86_fastcallcc" | "x86_vectorcallcc" | "win64cc" | "x86_64_sysvcc"
                | "x86_stdcallcc" | "x86_regcallcc" => ret_attrs.insert(0, w),
                "dso_local" | "internal" | "noundef" | "noalias" | "nonnull" | "hidden"
                | "local_unnamed_addr" => {}
                _ => {
                    c.i = save;
                    break;
                }
            }
        }
        let ret = self.ty(&mut c, ll)?;
        c.ws();
        // A call of a variadic function spells the callee's type.
        let mut fn_type = None;
        if is_call && c.eat(b'(') {
            let mut tys = Vec::new();
            loop {
                c.ws();
                if c.eat(b'.') {
                    c.eat(b'.');
                    c.eat(b'.');
                    tys.push("...".to_string());
                } else {
                    let t = self.ty(&mut c, ll)?;
                    tys.push(ll.display(t));
                }
                c.ws();
                if c.eat(b')') {
                    break;
                }
                if !c.eat(b',') {
                    return Err("expected , in function type".into());
                }
            }
            fn_type = Some(tys.join(", "));
            c.ws();
        }
        if !c.eat(b'@') {
            return Err("expected @name".into());
        }
        let name = if c.eat(b'"') {
            // A decorated Windows x86 name: `"\01@f@8"` (fastcall) or
            // `"\01f@@8"` (vectorcall); the C name is what lies between.
            let st = c.i;
            while c.i < c.s.len() && c.s[c.i] != b'"' {
                c.i += 1;
            }
            let raw = String::from_utf8_lossy(&c.s[st..c.i]).into_owned();
            c.eat(b'"');
            let raw = raw.trim_start_matches("\\01").trim_start_matches('@');
            raw.split('@').next().unwrap_or("").to_string()
        } else {
            c.word()
        };
        if !c.eat(b'(') {
            return Err("expected (".into());
        }
        let mut params = Vec::new();
        c.ws();
        if !c.eat(b')') {
            loop {
                c.ws();
                if c.eat(b'.') {
                    c.eat(b'.');
                    c.eat(b'.');
                    params.push("...".to_string());
                    c.ws();
                    if c.eat(b')') {
                        break;
                    }
                    return Err("expected ) after ...".into());
                }
                let t = self.ty(&mut c, ll)?;
                let mut p = ll.display(t);
                let mut sret_byval = String::new();
                let mut align = String::new();
                let mut ext = String::new();
                let mut alignstack = String::new();
                let mut inreg = String::new();
                let mut dead = String::new();
                loop {
                    c.ws();
                    match c.peek() {
                        Some(b',') | Some(b')') => break,
                        Some(b'%') => {
                            c.i += 1;
                            c.word();
                            continue;
                        }
                        None => return Err("unterminated parameter list".into()),
                        _ => {}
                    }
                    let w = c.word();
                    match w.as_str() {
                        "sret" | "byval" => {
                            if !c.eat(b'(') {
                                return Err("expected ( after sret/byval".into());
                            }
                            let t = self.ty(&mut c, ll)?;
                            c.ws();
                            c.eat(b')');
                            sret_byval = format!(" {w}({})", ll.display(t));
                        }
                        "align" => {
                            c.ws();
                            align = format!(" align {}", c.word());
                        }
                        "alignstack" => {
                            c.eat(b'(');
                            alignstack = format!(" alignstack({})", c.word());
                            c.eat(b')');
                        }
                        "signext" | "zeroext" => ext = format!(" {w}"),
                        "inreg" => inreg = " inreg".into(),
                        "dead_on_return" => dead = " dead_on_return".into(),
                        "dereferenceable"
                        | "dereferenceable_or_null"
                        | "nofpclass"
                        | "captures"
                        | "range" => {
                            c.skip_parens();
                        }
                        "" => return Err(format!("unexpected character at {}", c.i)),
                        _ => {}
                    }
                }
                p.push_str(&sret_byval);
                p.push_str(&align);
                p.push_str(&dead);
                p.push_str(&ext);
                p.push_str(&alignstack);
                p.push_str(&inreg);
                params.push(p);
                if c.eat(b')') {
                    break;
                }
                c.eat(b',');
            }
        }
        let mut s = String::from(if is_call { "call " } else { "declare " });
        for a in &ret_attrs {
            s.push_str(a);
            s.push(' ');
        }
        s.push_str(&ll.display(ret));
        if let Some(t) = fn_type {
            s.push_str(&format!(" ({t})"));
        }
        s.push_str(&format!(" @{name}({})", params.join(", ")));
        Ok((name, s))
    }

    fn named(&mut self, name: &str, ll: &mut LlTypes) -> Result<LlTyId, String> {
        if let Some(&t) = self.resolved.get(name) {
            return Ok(t);
        }
        let body = *self
            .named
            .get(name)
            .ok_or(format!("unknown type %{name}"))?;
        let mut c = Cur {
            s: body.as_bytes(),
            i: 0,
        };
        let t = self.ty(&mut c, ll)?;
        self.resolved.insert(name.to_string(), t);
        Ok(t)
    }

    fn ty(&mut self, c: &mut Cur, ll: &mut LlTypes) -> Result<LlTyId, String> {
        c.ws();
        match c.peek() {
            Some(b'%') => {
                c.i += 1;
                let st = c.i;
                while c.i < c.s.len()
                    && (c.s[c.i].is_ascii_alphanumeric() || matches!(c.s[c.i], b'.' | b'_'))
                {
                    c.i += 1;
                }
                let name = String::from_utf8_lossy(&c.s[st..c.i]).into_owned();
                self.named(&name, ll)
            }
            Some(b'{') => self.struct_body(c, ll, false),
            Some(b'<') => {
                c.i += 1;
                c.ws();
                if c.peek() == Some(b'{') {
                    let t = self.struct_body(c, ll, true)?;
                    c.ws();
                    c.eat(b'>');
                    return Ok(t);
                }
                let n: u32 = c.word().parse().map_err(|_| "bad vector length")?;
                c.ws();
                c.word(); // x
                let e = self.ty(c, ll)?;
                c.ws();
                c.eat(b'>');
                Ok(ll.intern(LlTy::Vector(n, e)))
            }
            Some(b'[') => {
                c.i += 1;
                c.ws();
                let n: u64 = c.word().parse().map_err(|_| "bad array length")?;
                c.ws();
                c.word(); // x
                let e = self.ty(c, ll)?;
                c.ws();
                c.eat(b']');
                Ok(ll.intern(LlTy::Array(n, e)))
            }
            _ => {
                let w = c.word();
                Ok(match w.as_str() {
                    "void" => ll.intern(LlTy::Void),
                    "half" => ll.intern(LlTy::Half),
                    "float" => ll.intern(LlTy::Float),
                    "double" => ll.intern(LlTy::Double),
                    "x86_fp80" => ll.intern(LlTy::X86Fp80),
                    "fp128" => ll.intern(LlTy::Fp128),
                    "ptr" => ll.intern(LlTy::Ptr),
                    _ if w.starts_with('i') && w[1..].parse::<u32>().is_ok() => {
                        ll.intern(LlTy::Int(w[1..].parse().unwrap_or(0)))
                    }
                    _ => return Err(format!("unknown type '{w}'")),
                })
            }
        }
    }

    fn struct_body(
        &mut self,
        c: &mut Cur,
        ll: &mut LlTypes,
        packed: bool,
    ) -> Result<LlTyId, String> {
        c.eat(b'{');
        let mut elems = Vec::new();
        c.ws();
        if !c.eat(b'}') {
            loop {
                elems.push(self.ty(c, ll)?);
                c.ws();
                if c.eat(b'}') {
                    break;
                }
                if !c.eat(b',') {
                    return Err("expected , in struct".into());
                }
            }
        }
        Ok(ll.intern(LlTy::Struct {
            elems: elems.into_boxed_slice(),
            packed,
        }))
    }
}

struct Cur<'a> {
    s: &'a [u8],
    i: usize,
}

impl Cur<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i] == b' ' {
            self.i += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, ch: u8) -> bool {
        if self.peek() == Some(ch) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn word(&mut self) -> String {
        let st = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || matches!(self.s[self.i], b'_' | b'.'))
        {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.s[st..self.i]).into_owned()
    }
    fn skip_parens(&mut self) {
        if !self.eat(b'(') {
            return;
        }
        let mut depth = 1;
        while let Some(ch) = self.peek() {
            self.i += 1;
            match ch {
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }
}
