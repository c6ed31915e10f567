//! Shadow types from a description.

use super::desc::{CType, Prim, Sig};
use irkit_abi::{AbiCx, Field, FloatKind, FnSig, RecordData, RecordKind, TypeId};

pub fn prim(cx: &mut AbiCx, p: Prim) -> TypeId {
    let char_signed = cx.data_layout().char_signed;
    match p {
        Prim::Void => cx.void(),
        Prim::Bool => cx.bool_(),
        Prim::Char => cx.int(8, char_signed),
        Prim::SChar => cx.int(8, true),
        Prim::UChar => cx.int(8, false),
        Prim::Short => cx.int(16, true),
        Prim::UShort => cx.int(16, false),
        Prim::Int => cx.int(32, true),
        Prim::UInt => cx.int(32, false),
        Prim::Long | Prim::LLong => cx.int(64, true),
        Prim::ULong | Prim::ULLong => cx.int(64, false),
        Prim::I128 => cx.int(128, true),
        Prim::U128 => cx.int(128, false),
        Prim::Half => cx.float(FloatKind::Half),
        Prim::Float => cx.float(FloatKind::Float),
        Prim::Double => cx.float(FloatKind::Double),
        Prim::LDouble => cx.long_double(),
        Prim::F128 => cx.float(FloatKind::Quad),
        Prim::Ptr => cx.ptr(),
    }
}

pub fn ty(cx: &mut AbiCx, t: &CType) -> Result<TypeId, String> {
    let e = |e: irkit_abi::TypeError| e.to_string();
    Ok(match t {
        CType::Prim(p) => prim(cx, *p),
        CType::Vector(p, n) => {
            let el = prim(cx, *p);
            cx.vector(el, *n).map_err(e)?
        }
        CType::Complex(p) => {
            let el = prim(cx, *p);
            cx.complex(el).map_err(e)?
        }
        CType::Array(el, n) => {
            let el = ty(cx, el)?;
            cx.array(el, *n).map_err(e)?
        }
        CType::Flex(el) => {
            let el = ty(cx, el)?;
            cx.flex_array(el).map_err(e)?
        }
        CType::Record(r) => {
            let mut fields = Vec::with_capacity(r.fields.len());
            for f in &r.fields {
                fields.push(Field { ty: ty(cx, &f.ty)?, bit_width: f.bits, named: f.named, align: f.align });
            }
            cx.record(RecordData {
                kind: if r.union { RecordKind::Union } else { RecordKind::Struct },
                fields: fields.into_boxed_slice(),
                packed: r.packed,
                align: r.align,
                complete: true,
            })
            .map_err(e)?
        }
    })
}

pub fn sig(cx: &mut AbiCx, s: &Sig) -> Result<FnSig, String> {
    let ret = ty(cx, &s.ret)?;
    let mut args = Vec::with_capacity(s.args.len());
    for a in &s.args {
        args.push(ty(cx, a)?);
    }
    Ok(FnSig { ret, args, variadic: false })
}
