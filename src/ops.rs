//! Typed op wrappers generated from the built-in dialect definitions.
//!
//! `build.rs` runs irkit's TableGen `--gen-op-defs` backend
//! ([`irkit_td::op_defs`]) on `src/dialects/irkit.td` and writes
//! `$OUT_DIR/ops.rs`, included here: one module per dialect ([`cir`],
//! [`func`], [`cf`], ...) with one wrapper per op, plus [`DIALECTS`], [`OPS`]
//! and [`lookup`]. The generated code is never checked in; editing a `.td`
//! file changes these wrappers after `cargo build` alone.
//!
//! # Wrappers
//!
//! For an op record `CIR_CallOp` of dialect `cir`:
//!
//! - `cir::CallOp(pub OpId)`, `Copy`; `CallOp::NAME` (`"cir.call"`) and
//!   `CallOp::INFO` (its [`rt::OpInfo`]).
//! - `CallOp::matches(m, op)`: the op has that name.
//! - `CallOp::cast(m, op) -> Option<CallOp>`: the op has that name and its
//!   operands, results, regions and successors fit the definition (variadic
//!   segments included), so the accessors below cannot go out of range.
//! - One accessor per dag argument, named by the snake case of its name
//!   (`$trueDestOperands` -> `true_dest_operands()`; unnamed ones
//!   `operand0()`/`result0()`/`region0()`/`successor0()` by position;
//!   keywords get a `_` suffix; a name already taken gets `_2`):
//!   operands and results are `ValueId` (single), `Option<ValueId>`
//!   (`Optional<>`) or `&[ValueId]` (`Variadic<>`); regions `RegionId` or
//!   `&[RegionId]`; successors `BlockId` or `&[BlockId]`. Attributes read the
//!   properties first, then the attribute dictionary, and are typed by kind
//!   (see [`rt`]); the typed ones also have `<name>_attr() -> Option<AttrId>`.
//!
//! Every accessor takes the wrapper by value and the module by reference:
//! `call.callee(&m)`, `call.args(&m)`. Attribute, optional and variadic
//! accessors never panic (a misfit reads as absent or empty); the single
//! ones (`-> ValueId`, `RegionId`, `BlockId`) panic on an op that does not fit
//! its definition, which only a wrapper built without `cast` (`CallOp(op)`),
//! or an op rewritten since, can be.
//!
//! Every wrapper also implements [`rt::Wrapper`], for code generic over op
//! kinds: [`rt::cast`]`::<cir::CallOp>(m, op)`, [`rt::collect`]`::<cir::CallOp>(m, top)`.

// Operand accessors are named after the operands, as ODS names them:
// `llvm.cmpxchg`'s `$cmp` gives `CmpxchgOp::cmp`, which is no `Ord::cmp`.
#![allow(clippy::should_implement_trait)]

/// The support library the generated wrappers call (the generated code
/// names it `rt`).
pub mod rt {
    pub use irkit_ir::dialect::{Arity, Interface, Trait};
    pub use irkit_ir::{AttrId, BlockId, Module, OpId, RegionId, Sym, TypeId, ValueId};

    use irkit_ir::{AttrData, Signedness, TypeData};

    /// A dialect and its ops (generated `DIALECT` statics).
    #[derive(Debug)]
    pub struct DialectInfo {
        pub name: &'static str,
        pub summary: &'static str,
        pub ops: &'static [&'static OpInfo],
    }

    /// What the `.td` file says about an op (generated `INFO` constants).
    #[derive(Debug)]
    pub struct OpInfo {
        /// `dialect.mnemonic`.
        pub name: &'static str,
        /// The TableGen record that defines it.
        pub record: &'static str,
        pub summary: &'static str,
        pub operands: &'static [ValueInfo],
        pub results: &'static [ValueInfo],
        /// Inherent attributes, in declaration order.
        pub attrs: &'static [AttrInfo],
        pub regions: &'static [RegionInfo],
        pub successors: &'static [SuccessorInfo],
        /// In declaration order, repeats dropped; `SingleBlockImplicitTerminator`
        /// brings `SingleBlock` (listed before it), as the registry loader does.
        pub traits: &'static [Trait],
        pub interfaces: &'static [Interface],
        /// `HasParent` / `ParentOneOf` op names.
        pub parents: &'static [&'static str],
        /// `SingleBlockImplicitTerminator`'s op name.
        pub implicit_terminator: Option<&'static str>,
        /// `AllTypesMatch` groups.
        pub same_type_groups: &'static [&'static [&'static str]],
        /// The declarative custom syntax (`assemblyFormat`), as written.
        pub assembly_format: Option<&'static str>,
        /// The custom syntax is written in Rust (`hasCustomAssemblyFormat`).
        pub has_custom_assembly_format: bool,
        /// `defaultDialect` (empty: none).
        pub default_dialect: &'static str,
    }

    /// An operand or result definition.
    #[derive(Debug)]
    pub struct ValueInfo {
        pub name: Option<&'static str>,
        pub arity: Arity,
        /// The type constraint's `kind` and `params` (OpBase.td).
        pub kind: &'static str,
        pub params: &'static [&'static str],
        /// How diagnostics name the constraint.
        pub summary: &'static str,
    }

    /// An inherent attribute definition.
    #[derive(Debug)]
    pub struct AttrInfo {
        pub name: &'static str,
        pub kind: &'static str,
        pub params: &'static [&'static str],
        /// `OptionalAttr<>` / `DefaultValuedAttr<>`.
        pub optional: bool,
        /// `DefaultValuedAttr<>`'s default, as written.
        pub default: Option<&'static str>,
        pub summary: &'static str,
    }

    #[derive(Debug)]
    pub struct RegionInfo {
        pub name: Option<&'static str>,
        pub kind: &'static str,
        pub variadic: bool,
        pub summary: &'static str,
    }

    #[derive(Debug)]
    pub struct SuccessorInfo {
        pub name: Option<&'static str>,
        pub variadic: bool,
        pub summary: &'static str,
    }

    impl OpInfo {
        pub fn has(&self, t: Trait) -> bool {
            self.traits.contains(&t)
        }
        pub fn implements(&self, i: Interface) -> bool {
            self.interfaces.contains(&i)
        }
        pub fn attr(&self, name: &str) -> Option<&AttrInfo> {
            self.attrs.iter().find(|a| a.name == name)
        }
    }

    /// What every generated wrapper implements: generic code over op kinds
    /// (`rt::collect::<cir::CallOp>(m, top)`).
    pub trait Wrapper: Copy {
        /// The op's definition (the wrapper's `INFO`).
        const DEF: &'static OpInfo;
        /// Wraps `op` without checking it (prefer [`cast`]).
        fn wrap_unchecked(op: OpId) -> Self;
        /// The wrapped op.
        fn id(self) -> OpId;
    }

    /// `op` as a `W` if it is one that fits its definition (`W::cast`).
    pub fn cast<W: Wrapper>(m: &Module, op: OpId) -> Option<W> {
        fits(m, op, W::DEF).then(|| W::wrap_unchecked(op))
    }

    /// Every op nested in `root` (itself included), in pre-order, that is a
    /// `W` fitting its definition.
    pub fn collect<W: Wrapper>(m: &Module, root: OpId) -> Vec<W> {
        let mut res = Vec::new();
        m.walk_preorder(root, &mut |op| {
            if let Some(w) = cast::<W>(m, op) {
                res.push(w);
            }
        });
        res
    }

    // ------------------------------------------------------------ shape

    /// Whether `op` is named `name`.
    pub fn is_named(m: &Module, op: OpId, name: &str) -> bool {
        m.ctx.bytes(m[op].name) == name.as_bytes()
    }

    /// Whether `op` is named `info.name` and its operands (with
    /// `operandSegmentSizes` for `AttrSizedOperandSegments` ops), results,
    /// regions and successors fit the definition.
    pub fn fits(m: &Module, op: OpId, info: &OpInfo) -> bool {
        if !is_named(m, op, info.name) {
            return false;
        }
        let d = &m[op];
        let operands_fit = if info.has(Trait::AttrSizedOperandSegments) {
            sized_segments(m, op, info).is_some()
        } else {
            plain_each(info.operands.iter().map(|v| v.arity), d.operands.len()).is_some()
        };
        operands_fit
            && plain_each(info.results.iter().map(|v| v.arity), d.results.len()).is_some()
            && plain_each(
                info.regions.iter().map(|r| arity(r.variadic)),
                d.regions.len(),
            )
            .is_some()
            && plain_each(
                info.successors.iter().map(|s| arity(s.variadic)),
                d.successors.len(),
            )
            .is_some()
    }

    fn arity(variadic: bool) -> Arity {
        if variadic {
            Arity::Variadic
        } else {
            Arity::Single
        }
    }

    /// How many values each optional/variadic definition takes when `n`
    /// values are spread over `defs` without segment sizes (MLIR's rule:
    /// single ones take one, the others share the rest equally); `None` when
    /// `n` does not fit.
    fn plain_each(defs: impl Iterator<Item = Arity> + Clone, n: usize) -> Option<usize> {
        let fixed = defs.clone().filter(|&a| a == Arity::Single).count();
        let n_var = defs.clone().count() - fixed;
        let rest = n.checked_sub(fixed)?;
        if n_var == 0 {
            return (rest == 0).then_some(0);
        }
        if rest % n_var != 0 {
            return None;
        }
        let each = rest / n_var;
        let has_optional = defs.clone().any(|a| a == Arity::Optional);
        if has_optional && each > 1 {
            return None;
        }
        Some(each)
    }

    /// The validated `operandSegmentSizes` of an `AttrSizedOperandSegments`
    /// op: one `i32` per operand definition, each single one 1, each optional
    /// one at most 1, adding up to the operand count. Absent, every segment is
    /// empty (as MLIR's default property): that fits only an op without
    /// operands whose definitions are all optional or variadic.
    fn sized_segments<'m>(m: &'m Module, op: OpId, info: &OpInfo) -> Option<&'m [u128]> {
        let n = m[op].operands.len();
        let Some(a) = inherent(m, op, "operandSegmentSizes") else {
            let all_empty_ok = info.operands.iter().all(|v| v.arity != Arity::Single);
            return (n == 0 && all_empty_ok).then_some(&[]);
        };
        let AttrData::DenseArray { elem, values } = m.ctx.attr_data(a) else {
            return None;
        };
        if m.ctx.int_width(*elem) != Some((32, Signedness::Signless))
            || values.len() != info.operands.len()
        {
            return None;
        }
        let mut total = 0usize;
        for (v, def) in values.iter().zip(info.operands) {
            let size = *v as u32 as i32;
            let ok = match def.arity {
                Arity::Single => size == 1,
                Arity::Optional => size == 0 || size == 1,
                Arity::Variadic => size >= 0,
            };
            if !ok {
                return None;
            }
            total += size as usize;
        }
        (total == n).then_some(values)
    }

    // --------------------------------------------------------- segments

    /// The values of one operand/result/region/successor definition of an
    /// op, or `None` when the op does not fit its definition.
    #[derive(Clone, Copy, Debug)]
    pub struct Segment<'m, T> {
        values: Option<&'m [T]>,
        op: &'static str,
        index: usize,
    }

    /// The range of definition `i` among `defs` when `n` values are spread
    /// by the plain rule.
    pub(crate) fn plain_range(
        defs: impl Iterator<Item = Arity> + Clone,
        n: usize,
        i: usize,
    ) -> Option<std::ops::Range<usize>> {
        let each = plain_each(defs.clone(), n)?;
        let size = |a: Arity| if a == Arity::Single { 1 } else { each };
        let start: usize = defs.clone().take(i).map(size).sum();
        Some(start..start + size(defs.clone().nth(i)?))
    }

    fn segment<'m, T>(
        info: &OpInfo,
        all: &'m [T],
        arities: impl Iterator<Item = Arity> + Clone,
        i: usize,
    ) -> Segment<'m, T> {
        Segment {
            values: plain_range(arities, all.len(), i).and_then(|r| all.get(r)),
            op: info.name,
            index: i,
        }
    }

    /// Operand definition `i` of `op`.
    pub fn operand_segment<'m>(
        m: &'m Module,
        op: OpId,
        info: &OpInfo,
        i: usize,
    ) -> Segment<'m, ValueId> {
        let all = &m[op].operands[..];
        if info.has(Trait::AttrSizedOperandSegments) {
            let values = sized_segments(m, op, info).and_then(|sizes| {
                let size = |k: usize| sizes.get(k).map_or(0, |&v| v as u32 as usize);
                let start: usize = (0..i).map(size).sum();
                all.get(start..start + size(i))
            });
            return Segment {
                values,
                op: info.name,
                index: i,
            };
        }
        segment(info, all, info.operands.iter().map(|v| v.arity), i)
    }

    /// Result definition `i` of `op`.
    pub fn result_segment<'m>(
        m: &'m Module,
        op: OpId,
        info: &OpInfo,
        i: usize,
    ) -> Segment<'m, ValueId> {
        segment(
            info,
            &m[op].results,
            info.results.iter().map(|v| v.arity),
            i,
        )
    }

    /// Region definition `i` of `op`.
    pub fn region_segment<'m>(
        m: &'m Module,
        op: OpId,
        info: &OpInfo,
        i: usize,
    ) -> Segment<'m, RegionId> {
        let arities = info.regions.iter().map(|r| arity(r.variadic));
        segment(info, &m[op].regions, arities, i)
    }

    /// Successor definition `i` of `op`.
    pub fn successor_segment<'m>(
        m: &'m Module,
        op: OpId,
        info: &OpInfo,
        i: usize,
    ) -> Segment<'m, BlockId> {
        let arities = info.successors.iter().map(|s| arity(s.variadic));
        segment(info, &m[op].successors, arities, i)
    }

    /// The value of a single definition.
    ///
    /// # Panics
    ///
    /// When the op does not fit its definition: wrappers made by `cast`
    /// always do (unless the op was rewritten since).
    pub fn one<T: Copy>(s: Segment<'_, T>) -> T {
        match s.values {
            Some([v]) => *v,
            _ => mismatch(s.op, s.index),
        }
    }

    /// The value of an optional definition (`None` also when the op does not
    /// fit).
    pub fn optional<T: Copy>(s: Segment<'_, T>) -> Option<T> {
        s.values.and_then(|v| v.first().copied())
    }

    /// The values of a variadic definition (empty also when the op does not
    /// fit).
    pub fn group<T>(s: Segment<'_, T>) -> &[T] {
        s.values.unwrap_or(&[])
    }

    #[cold]
    fn mismatch(op: &str, index: usize) -> ! {
        panic!(
            "'{op}': definition #{index} has no single value: the op does not fit its \
             definition (make wrappers with `cast`)"
        )
    }

    // ------------------------------------------------------- attributes

    /// Inherent attribute `name` of `op`: from its properties, else from its
    /// attribute dictionary (MLIR keeps unregistered-looking inherent
    /// attributes there).
    pub fn inherent(m: &Module, op: OpId, name: &str) -> Option<AttrId> {
        let d = &m[op];
        d.properties
            .and_then(|p| m.ctx.dict_get(p, name.as_bytes()))
            .or_else(|| m.ctx.dict_get(d.attrs, name.as_bytes()))
    }

    /// `unit`: whether the attribute is present.
    pub fn unit(_m: &Module, a: Option<AttrId>) -> bool {
        a.is_some()
    }

    /// `bool`: `true`/`false` (an `i1` integer attribute).
    pub fn bool_value(m: &Module, a: Option<AttrId>) -> Option<bool> {
        match m.ctx.attr_data(a?) {
            AttrData::Integer { ty, words } if m.ctx.int_width(*ty).map(|w| w.0) == Some(1) => {
                Some(words.first().is_some_and(|w| w & 1 == 1))
            }
            _ => None,
        }
    }

    /// `string`: the string's interned bytes.
    pub fn string(m: &Module, a: Option<AttrId>) -> Option<Sym> {
        match m.ctx.attr_data(a?) {
            AttrData::String { value, .. } => Some(*value),
            _ => None,
        }
    }

    /// `flat_symbol_ref`: the name of `@name` (not of a nested `@a::@b`).
    pub fn flat_symbol(m: &Module, a: Option<AttrId>) -> Option<Sym> {
        match m.ctx.attr_data(a?) {
            AttrData::SymbolRef(path) if path.len() == 1 => Some(path[0]),
            _ => None,
        }
    }

    /// `symbol_ref`: the path of `@a::@b`, root first.
    pub fn symbol_path(m: &Module, a: Option<AttrId>) -> Option<&[Sym]> {
        match m.ctx.attr_data(a?) {
            AttrData::SymbolRef(path) => Some(path),
            _ => None,
        }
    }

    /// `type` / `function_type`: the type of a type attribute.
    pub fn type_value(m: &Module, a: Option<AttrId>) -> Option<TypeId> {
        match m.ctx.attr_data(a?) {
            AttrData::Type(t) => Some(*t),
            _ => None,
        }
    }

    /// `int64` / `i64_enum` / `i32_enum`: an integer attribute of at most 64 bits (or
    /// `index`); signless and signed ones sign-extended, unsigned ones
    /// zero-extended (`None` above `i64::MAX`).
    pub fn int_value(m: &Module, a: Option<AttrId>) -> Option<i64> {
        let AttrData::Integer { ty, words } = m.ctx.attr_data(a?) else {
            return None;
        };
        let (width, signedness) = match m.ctx.type_data(*ty) {
            TypeData::Integer { width, signedness } => (*width, *signedness),
            TypeData::Index => (64, Signedness::Signless),
            _ => return None,
        };
        if width == 0 || width > 64 {
            return None;
        }
        let raw = words.first().copied().unwrap_or(0);
        let shift = 64 - width;
        if signedness == Signedness::Unsigned {
            return i64::try_from((raw << shift) >> shift).ok();
        }
        Some(((raw << shift) as i64) >> shift)
    }

    /// `array` / `dict_array`: the elements of an array attribute.
    pub fn elements(m: &Module, a: Option<AttrId>) -> Option<&[AttrId]> {
        match m.ctx.attr_data(a?) {
            AttrData::Array(items) => Some(items),
            _ => None,
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/ops.rs"));

#[cfg(test)]
mod tests;
