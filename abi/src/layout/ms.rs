//! The Microsoft record layout (Clang's `MicrosoftRecordLayoutBuilder`, used
//! for `*-windows-msvc`) and the discrete bit-field storage that both it and
//! `ms_struct` records lower to (`CGRecordLowering::accumulateBitFields`
//! when `isDiscreteBitFieldABI()`).
//!
//! What differs from Itanium for C:
//! - a bit-field takes a whole storage unit of its declared type; later
//!   bit-fields share it only if their type has the same size and they fit;
//! - a zero-width bit-field counts only right after a non-zero-width one;
//! - in a union, bit-fields do not raise the alignment;
//! - `aligned(N)` (on the record or on a member, or on a member's record
//!   type) is a *required* alignment that `packed` does not lower;
//! - an empty record is 4 bytes (C), or its required alignment if that is
//!   at least 4.

use super::{
    align_to, check_align, is_object, DataLayout, Layout, Placement, TypeError, TypeInfo,
    MAX_DEPTH, MAX_SIZE,
};
use crate::llty::{LlTyId, LlTypes};
use crate::ty::{RecordKind, Type, TypeId, TypeInterner};

/// Size of an empty C record under the Microsoft layout.
const MIN_EMPTY_STRUCT_SIZE: u64 = 4;

/// Whether `ty` (or an array's element) is a record with `aligned(N)`:
/// Clang's `isAlignmentRequired`.
fn alignment_required(types: &TypeInterner, mut ty: TypeId) -> bool {
    while let Type::Array { elem, .. } = types[ty] {
        ty = elem;
    }
    matches!(&types[ty], Type::Record(r) if r.align.is_some())
}

/// The base element type of `ty` (through arrays).
fn base_element(types: &TypeInterner, mut ty: TypeId) -> TypeId {
    while let Type::Array { elem, .. } | Type::FlexArray { elem } = types[ty] {
        ty = elem;
    }
    ty
}

/// `MicrosoftRecordLayoutBuilder::layout` for a C record. Quantities are
/// bytes except bit-field offsets.
pub(super) fn place(
    _dl: &DataLayout,
    types: &TypeInterner,
    infos: &[TypeInfo],
    rec: &crate::ty::RecordData,
    rec_align: u64,
) -> Result<Placement, TypeError> {
    let is_union = rec.kind == RecordKind::Union;
    // `packed` caps every member's alignment at 1 (MaxFieldAlignment).
    let max_field_align: u64 = if rec.packed { 1 } else { 0 };
    let mut offsets = Vec::with_capacity(rec.fields.len());
    let mut size: u64 = 0;
    let mut align: u64 = 1;
    let mut required: u64 = 0;
    let mut last_nonzero_bitfield = false;
    let mut unit_size: u64 = 0;
    let mut remaining_bits: u64 = 0;
    let mut depth = 0u32;
    let mut has_flex = false;
    for (i, f) in rec.fields.iter().enumerate() {
        let fi = &infos[f.ty.index()];
        depth = depth.max(fi.depth + 1);
        let is_flex = matches!(types[f.ty], Type::FlexArray { .. });
        if is_flex {
            if is_union || i + 1 != rec.fields.len() || f.bit_width.is_some() {
                return Err(TypeError::MisplacedFlexibleArray);
            }
            has_flex = true;
        } else if !is_object(types, f.ty) {
            return Err(TypeError::IncompleteMember);
        }
        // getAdjustedElementInfo.
        let elem_size = if is_flex { 0 } else { fi.layout.size };
        let mut elem_align = fi.layout.align;
        let mut field_required = check_align(f.align)?;
        if alignment_required(types, f.ty) {
            field_required = field_required.max(fi.layout.align);
        }
        if f.bit_width.is_some() {
            elem_align = elem_align.max(field_required);
        } else {
            let base = base_element(types, f.ty);
            if matches!(types[base], Type::Record(_)) {
                field_required = field_required.max(infos[base.index()].required_align);
            }
            required = required.max(field_required);
        }
        if max_field_align != 0 {
            elem_align = elem_align.min(max_field_align);
        }
        elem_align = elem_align.max(field_required);

        let Some(width) = f.bit_width else {
            last_nonzero_bitfield = false;
            align = align.max(elem_align);
            let off = if is_union {
                0
            } else {
                align_to(size, elem_align)
            };
            offsets.push(off * 8);
            size = size.max(off.checked_add(elem_size).ok_or(TypeError::TooLarge)?);
            if size > MAX_SIZE {
                return Err(TypeError::TooLarge);
            }
            continue;
        };
        let width = u64::from(width);
        match types[f.ty] {
            Type::Int { .. } | Type::Bool => {}
            _ => return Err(TypeError::BitFieldNotInteger),
        }
        if width > elem_size * 8 {
            return Err(TypeError::BitFieldTooWide {
                width: width as u32,
                type_bits: elem_size * 8,
            });
        }
        if width == 0 {
            if f.named {
                return Err(TypeError::NamedZeroWidthBitField);
            }
            // layoutZeroWidthBitField.
            if !last_nonzero_bitfield {
                offsets.push(if is_union { 0 } else { size * 8 });
                continue;
            }
            last_nonzero_bitfield = false;
            if is_union {
                offsets.push(0);
                size = size.max(elem_size);
            } else {
                let off = align_to(size, elem_align);
                offsets.push(off * 8);
                size = off;
                align = align.max(elem_align);
            }
            continue;
        }
        // layoutBitField.
        if !is_union && last_nonzero_bitfield && unit_size == elem_size && width <= remaining_bits {
            offsets.push(size * 8 - remaining_bits);
            remaining_bits -= width;
            continue;
        }
        last_nonzero_bitfield = true;
        unit_size = elem_size;
        if is_union {
            offsets.push(0);
            size = size.max(elem_size);
        } else {
            let off = align_to(size, elem_align);
            offsets.push(off * 8);
            size = off + elem_size;
            align = align.max(elem_align);
            remaining_bits = elem_size * 8 - width;
        }
    }
    if depth > MAX_DEPTH {
        return Err(TypeError::TooDeep);
    }
    size = align_to(size, align);
    // finalizeLayout.
    required = required.max(rec_align);
    if required != 0 {
        align = align.max(required);
        let rounding = align.max(max_field_align).max(required);
        size = align_to(size, rounding);
    }
    if size == 0 {
        size = if required >= MIN_EMPTY_STRUCT_SIZE {
            align
        } else {
            MIN_EMPTY_STRUCT_SIZE
        };
    }
    Ok(Placement {
        offsets,
        layout: Layout {
            size,
            align,
            unadjusted_align: align,
        },
        depth,
        has_flex,
        required_align: required,
    })
}

/// `CGRecordLowering::accumulateBitFields` for discrete bit-field ABIs:
/// each run of bit-fields sharing a storage unit gets one member of the
/// declared type's memory type. Returns the index after the run.
pub(super) fn accumulate_bitfields(
    infos: &[TypeInfo],
    ll: &mut LlTypes,
    rec: &crate::ty::RecordData,
    rl: &super::RecordLayout,
    start: usize,
    members: &mut Vec<(u64, LlTyId)>,
) -> usize {
    let mut tail: Option<u64> = None;
    let mut i = start;
    while i < rec.fields.len() {
        let f = &rec.fields[i];
        let Some(width) = f.bit_width else { break };
        if width == 0 {
            tail = None;
            i += 1;
            continue;
        }
        let off = rl.field_offsets[i];
        let ty = infos[f.ty.index()].ll_mem;
        if !matches!(tail, Some(t) if off < t) {
            tail = Some(off + ll.alloc_size(ty) * 8);
            members.push((off / 8, ty));
        }
        i += 1;
    }
    i
}
