//! Coercions: how a value is reinterpreted through memory as the coerced
//! LLVM-level type the ABI asks for (Direct with a coerce type, Expand,
//! CoerceAndExpand), and which lowered parameters that yields.

use super::{AbiRewriteContext, Coercion};
use irkit_abi::{AbiCx, LlTy, LlTyId};
use irkit_ir::{Module, TypeId};

/// Whether a Direct value keeps its source type: a scalar whose LLVM type
/// is the coerced type.
pub(super) fn keeps(cx: &AbiCx, shadow: irkit_abi::TypeId, ll: LlTyId, offset: u32) -> bool {
    use irkit_abi::Type;
    let scalar = matches!(
        cx.types()[shadow],
        Type::Bool | Type::Int { .. } | Type::Float(_) | Type::Ptr | Type::Vector { .. }
    );
    scalar && offset == 0 && cx.ll_type(shadow) == ll
}

#[allow(clippy::too_many_arguments)]
pub(super) fn coercion(
    m: &mut Module,
    cx: &mut AbiCx,
    rc: &mut dyn AbiRewriteContext,
    shadow: irkit_abi::TypeId,
    orig: TypeId,
    ll: LlTyId,
    offset: u32,
    split: bool,
) -> Coercion {
    let coerced = rc.lowered_type(m, &cx.ll, ll);
    let pieces = match (&cx.ll[ll], split) {
        (LlTy::Struct { elems, .. }, true) => {
            let elems = elems.to_vec();
            elems
                .into_iter()
                .map(|e| rc.lowered_type(m, &cx.ll, e))
                .collect()
        }
        _ => Vec::new(),
    };
    let layout = cx.layout(shadow);
    let (view, view_size, view_align) = if offset == 0 {
        (None, cx.ll.alloc_size(ll), cx.ll.abi_align(ll))
    } else {
        let pad = cx.ll.byte_array(u64::from(offset));
        let w = cx.ll.intern(LlTy::Struct {
            elems: Box::new([pad, ll]),
            packed: false,
        });
        (
            Some(rc.lowered_type(m, &cx.ll, w)),
            cx.ll.alloc_size(w),
            cx.ll.abi_align(w),
        )
    };
    let slot = if view_size > layout.size {
        view.unwrap_or(coerced)
    } else {
        orig
    };
    let piece_index = (0..pieces.len() as u32).collect();
    Coercion {
        coerced,
        pieces,
        slot,
        slot_align: layout.align.max(view_align),
        view,
        piece_index,
        unpadded: None,
    }
}

/// The coercion of a CoerceAndExpand value: memory is reinterpreted as
/// `coerce` (padding members included) and the pieces are its non-padding
/// members, the elements of `unpadded`.
pub(super) fn coerce_and_expand(
    m: &mut Module,
    cx: &mut AbiCx,
    rc: &mut dyn AbiRewriteContext,
    shadow: irkit_abi::TypeId,
    orig: TypeId,
    coerce: LlTyId,
    unpadded: LlTyId,
) -> Coercion {
    let mut c = coercion(m, cx, rc, shadow, orig, coerce, 0, true);
    let padded = match (&cx.ll[coerce], &cx.ll[unpadded]) {
        (LlTy::Struct { elems: a, .. }, LlTy::Struct { elems: b, .. }) => a != b,
        (LlTy::Struct { elems: a, .. }, _) => a.len() != 1,
        _ => false,
    };
    if !padded {
        return coercion(m, cx, rc, shadow, orig, unpadded, 0, true);
    }
    // Padding members are `[N x i8]` arrays; the fields never are.
    let elems: Vec<LlTyId> = match &cx.ll[coerce] {
        LlTy::Struct { elems, .. } => elems.to_vec(),
        _ => Vec::new(),
    };
    let i8t = cx.ll.int(8);
    let (mut pieces, mut index) = (Vec::new(), Vec::new());
    for (i, &e) in elems.iter().enumerate() {
        if !matches!(cx.ll[e], LlTy::Array(_, t) if t == i8t) {
            pieces.push(rc.lowered_type(m, &cx.ll, e));
            index.push(i as u32);
        }
    }
    c.pieces = pieces;
    c.piece_index = index;
    c.unpadded = Some(rc.lowered_type(m, &cx.ll, unpadded));
    c
}
