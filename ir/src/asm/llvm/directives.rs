//! The `custom<Name>` directives of the LLVM dialect's declarative
//! formats: `LLVMOpAttrs`, `OverflowFlags`, `GEPIndices`,
//! `InsertExtractValueElementType`, `ShuffleType`, and MLIR 22's
//! `OpBundles` and `LLVMLinkage`.

use super::super::format::Elem;
use super::super::parse::Parsed;
use super::common::{
    attr_of, dense_attr, dense_values, dialect_body, eat_one_of, fast_element_type, llvm_attr,
    parse_op_bundles, parse_optional_attr_dict, print_op_bundles, set_attr, set_types, type_of_arg,
    LINKAGES,
};
use crate::context::TypeData;
use crate::dialect::OpDef;
use crate::ir::OpId;
use crate::llvm::LlvmType;
use crate::parser::{PResult, Parser};
use crate::printer::Printer;

/// Prints a `custom<Name>(...)` directive of the LLVM dialect.
pub(crate) fn print_directive(
    p: &mut Printer<'_>,
    def: &OpDef,
    op: OpId,
    name: &str,
    args: &[Elem],
) {
    match (name, args) {
        ("LLVMOpAttrs", _) => p.print_attr_dict(def, op, false, &[]),
        ("OverflowFlags", [Elem::Attr { idx, .. }]) => {
            let ad = &def.attrs[*idx as usize];
            if let Some(body) =
                attr_of(p, op, &ad.name).and_then(|a| dialect_body(p.ctx, a, "overflow"))
            {
                if body != b"none" {
                    p.out.extend_from_slice(b" overflow<");
                    p.out.extend_from_slice(body);
                    p.out.push(b'>');
                }
            }
        }
        // MLIR 22's `printLLVMLinkage`: always the keyword, `external` too.
        ("LLVMLinkage", [Elem::Attr { idx, .. }]) => {
            let ad = &def.attrs[*idx as usize];
            if let Some(body) =
                attr_of(p, op, &ad.name).and_then(|a| dialect_body(p.ctx, a, "linkage"))
            {
                p.out.extend_from_slice(body);
            }
        }
        // MLIR 22's `printOpBundles`.
        ("OpBundles", [Elem::Operand(i), _, Elem::Attr { idx, .. }]) => {
            let range = super::super::print::operand_range(p.m, def, op, *i as usize);
            print_op_bundles(p, op, range, &def.attrs[*idx as usize].name);
        }
        ("GEPIndices", [Elem::Operand(i), Elem::Attr { idx, .. }]) => {
            let m = p.m;
            let range = super::super::print::operand_range(m, def, op, *i as usize);
            let values = &m.ops[op].operands[range];
            let raw = attr_of(p, op, &def.attrs[*idx as usize].name)
                .and_then(|a| dense_values(p.ctx, a))
                .unwrap_or_default();
            let mut next = 0usize;
            for (k, &s) in raw.iter().enumerate() {
                if k > 0 {
                    p.out.extend_from_slice(b", ");
                }
                if s == i64::from(i32::MIN) {
                    if let Some(&v) = values.get(next) {
                        p.print_value(v);
                    }
                    next += 1;
                } else {
                    p.out.extend_from_slice(s.to_string().as_bytes());
                }
            }
        }
        // `InsertExtractValueElementType` and `ShuffleType` only infer a
        // type: nothing is printed (but the engine's space before them is,
        // hence MLIR 19's trailing space).
        _ => {}
    }
}

/// Reads a `custom<Name>(...)` directive of the LLVM dialect.
pub(crate) fn parse_directive<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    name: &str,
    args: &[Elem],
    out: &mut Parsed<'a>,
) -> PResult<()> {
    match (name, args) {
        ("LLVMOpAttrs", _) => parse_optional_attr_dict(p, out),
        ("OverflowFlags", [Elem::Attr { idx, .. }]) => {
            if p.peek_ident() == b"overflow" {
                p.pos += b"overflow".len();
                p.skip_ws();
                let at = p.pos;
                p.expect(b'<', "'<'")?;
                let start = p.pos;
                let Some(len) = p.src[start..].iter().position(|&c| c == b'>') else {
                    return p.err_at(at, "expected '>'");
                };
                let body = String::from_utf8_lossy(&p.src[start..start + len]).into_owned();
                p.pos = start + len + 1;
                let a = llvm_attr(p, "overflow", &body, at)?;
                out.attrs[*idx as usize] = Some(a);
            }
            Ok(())
        }
        // MLIR 22's `parseLLVMLinkage`: an optional keyword, `external`
        // when absent.
        ("LLVMLinkage", [Elem::Attr { idx, .. }]) => {
            p.skip_ws();
            let at = p.pos;
            let l = eat_one_of(p, LINKAGES).unwrap_or_else(|| "external".to_string());
            let a = llvm_attr(p, "linkage", &l, at)?;
            out.attrs[*idx as usize] = Some(a);
            Ok(())
        }
        // MLIR 22's `parseOpBundles`.
        ("OpBundles", [Elem::Operand(i), Elem::Type { arg, .. }, Elem::Attr { idx, .. }]) => {
            // The generated parser resolves the bundles' operands with
            // their types as one list, where the list began.
            let b = parse_op_bundles(p)?;
            out.operand_at[*i as usize] = Some(b.at);
            out.operands[*i as usize].extend(b.uses);
            set_types(out, *arg, b.types);
            out.attrs[*idx as usize] = Some(b.tags);
            set_attr(p, def, out, "op_bundle_sizes", b.sizes);
            Ok(())
        }
        ("GEPIndices", [Elem::Operand(i), Elem::Attr { idx, .. }]) => {
            let mut raw: Vec<i64> = Vec::new();
            if p.peek() != Some(b']') {
                loop {
                    if p.peek() == Some(b'%') {
                        let r = p.parse_value_ref()?;
                        out.operands[*i as usize].push(r);
                        raw.push(i64::from(i32::MIN));
                    } else {
                        p.skip_ws();
                        let at = p.pos;
                        let neg = p.eat(b'-');
                        let v = p.integer()? as i64;
                        let v = if neg { v.wrapping_neg() } else { v };
                        if i32::try_from(v).is_err() {
                            return p.err_at(at, "expected a 32-bit integer");
                        }
                        raw.push(v);
                    }
                    if !p.eat(b',') {
                        break;
                    }
                }
            }
            let a = dense_attr(&mut p.m.ctx, 32, &raw);
            out.attrs[*idx as usize] = Some(a);
            Ok(())
        }
        (
            "InsertExtractValueElementType",
            [Elem::Type { arg, .. }, Elem::Ref(container), Elem::Ref(position)],
        ) => {
            p.skip_ws();
            let at = p.pos;
            let (Elem::Type { arg: carg, .. }, Elem::Attr { idx, .. }) =
                (&**container, &**position)
            else {
                return p.err_at(at, "malformed InsertExtractValueElementType directive");
            };
            let Some(cty) = type_of_arg(out, *carg) else {
                return p.err_at(at, "expected the container's type");
            };
            let pos = out.attrs[*idx as usize]
                .and_then(|a| dense_values(&p.m.ctx, a))
                .unwrap_or_default();
            // The common case without allocating: walk the container's
            // text; any failure takes the decoding path below, which
            // reports it.
            if let Some(t) = fast_element_type(p, cty, &pos, at) {
                set_types(out, *arg, vec![t?]);
                return Ok(());
            }
            let Some(mut cur) = LlvmType::of(&p.m.ctx, cty) else {
                return p.err_at(at, "expected LLVM IR structure/array type");
            };
            let mut text = String::new();
            for (k, &i) in pos.iter().enumerate() {
                let Some(e) = cur.element(i) else {
                    return p.err_at(at, format!("position out of bounds: {i}"));
                };
                text = e.to_string();
                if k + 1 < pos.len() {
                    match LlvmType::parse(&text) {
                        Some(t) => cur = t,
                        None => return p.err_at(at, "expected LLVM IR structure/array type"),
                    }
                }
            }
            let t = p.llvm_nested_type(&text, at)?;
            set_types(out, *arg, vec![t]);
            Ok(())
        }
        ("ShuffleType", [Elem::Ref(v1), Elem::Type { arg, .. }, Elem::Ref(mask)]) => {
            p.skip_ws();
            let at = p.pos;
            let (Elem::Type { arg: varg, .. }, Elem::Attr { idx, .. }) = (&**v1, &**mask) else {
                return p.err_at(at, "malformed ShuffleType directive");
            };
            let Some(vty) = type_of_arg(out, *varg) else {
                return p.err_at(at, "expected the vector's type");
            };
            let n = out.attrs[*idx as usize]
                .and_then(|a| dense_values(&p.m.ctx, a))
                .map_or(0, |v| v.len());
            let t = match p.m.ctx.type_data(vty).clone() {
                TypeData::Vector { scalable, elem, .. } => p.m.ctx.ty(TypeData::Vector {
                    shape: vec![n as i64].into(),
                    scalable,
                    elem,
                }),
                _ => match LlvmType::of(&p.m.ctx, vty) {
                    Some(LlvmType::Vec { scalable, elem, .. }) => {
                        let q = if scalable { "? x " } else { "" };
                        p.llvm_nested_type(&format!("vec<{q}{n} x {elem}>"), at)?
                    }
                    _ => return p.err_at(at, "expected an LLVM compatible vector type"),
                },
            };
            set_types(out, *arg, vec![t]);
            Ok(())
        }
        _ => {
            p.skip_ws();
            let at = p.pos;
            p.err_at(at, format!("no parser is registered for 'custom<{name}>'"))
        }
    }
}
