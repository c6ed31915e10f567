//! What this build knows about dialects and ops without loading `.td` files:
//! which dialect namespaces mlir-opt-19 registers (their attributes and
//! inherent op attributes take part in alias generation), which dialect
//! attributes get printer aliases, and a few structural op traits.

use crate::dialect::MlirRelease;

/// Dialect namespaces registered in `mlir-opt-19` (its own `test` and
/// `test_dyn` dialects are left out on purpose: IR written for irkit uses
/// `test.*` names for made-up ops, which mlir-opt treats as unregistered ops).
pub const REGISTERED_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "mesh",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "polynomial",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "sparse_tensor",
    "spirv",
    "tensor",
    "tosa",
    "transform",
    "ub",
    "vector",
    "x86vector",
    "xegpu",
];

pub fn is_registered_dialect(ns: &[u8]) -> bool {
    REGISTERED_DIALECTS.iter().any(|d| d.as_bytes() == ns)
}

/// Dialects of [`REGISTERED_DIALECTS`] that mlir-opt-22 no longer has.
const DIALECTS_GONE_IN_22: &[&str] = &["mesh", "polynomial"];

/// Dialects mlir-opt-22 registers that mlir-opt-19 did not (its
/// `--show-dialects`), besides its test dialects.
const DIALECTS_NEW_IN_22: &[&str] = &["shard", "smt", "wasmssa", "xevm"];

/// mlir-opt's own test dialects, loadable by name in either release
/// (`test_irdl_to_cpp` at 22 only).
const TEST_DIALECTS: &[&str] = &["test", "test_dyn"];

/// How a dialect's `OpAsmDialectInterface` reads a `dialect_resources`
/// section of the file metadata dictionary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceHandler {
    /// The dialect has no `OpAsmDialectInterface`: "unexpected 'resource'
    /// section".
    None,
    /// The interface's default `declareResource` refuses every key.
    DeclinesKeys,
    /// The key names a blob (`parseAsBlob`): builtin's `dense_resource`
    /// blobs and the test dialect's.
    Blobs,
}

/// The resource handler of dialect `ns` in mlir-opt of `release`, or
/// `None` when that mlir-opt cannot load a dialect of that name
/// (`MLIRContext::getOrLoadDialect`).
pub fn resource_handler(ns: &[u8], release: MlirRelease) -> Option<ResourceHandler> {
    let is = |list: &[&str]| list.iter().any(|d| d.as_bytes() == ns);
    let v22 = release >= MlirRelease::V22;
    let known = if v22 {
        (is(REGISTERED_DIALECTS) && !is(DIALECTS_GONE_IN_22))
            || is(DIALECTS_NEW_IN_22)
            || ns == b"test_irdl_to_cpp"
    } else {
        is(REGISTERED_DIALECTS)
    };
    if !known && !is(TEST_DIALECTS) {
        return None;
    }
    Some(match ns {
        b"builtin" | b"test" => ResourceHandler::Blobs,
        b"ml_program" => ResourceHandler::DeclinesKeys,
        // MLIR 22 dropped these dialects' asm interfaces.
        b"llvm" | b"sparse_tensor" if !v22 => ResourceHandler::DeclinesKeys,
        _ => ResourceHandler::None,
    })
}

/// The dialect prefix of an op name (`llvm` of `llvm.func`).
pub fn op_dialect(name: &[u8]) -> &[u8] {
    match name.iter().position(|&c| c == b'.') {
        Some(i) => &name[..i],
        None => name,
    }
}

/// LLVM dialect attribute mnemonics the LLVM dialect's asm interface aliases
/// (`#tbaa_tag = #llvm.tbaa_tag<...>`).
pub const LLVM_ALIASED_ATTRS: &[&str] = &[
    "access_group",
    "alias_scope",
    "alias_scope_domain",
    "di_basic_type",
    "di_compile_unit",
    "di_composite_type",
    "di_derived_type",
    "di_file",
    "di_global_variable",
    "di_global_variable_expression",
    "di_label",
    "di_lexical_block",
    "di_lexical_block_file",
    "di_local_variable",
    "di_module",
    "di_namespace",
    "di_null_type",
    "di_string_type",
    "di_subprogram",
    "di_subroutine_type",
    "di_common_block",
    "di_imported_entity",
    "di_annotation",
    "loop_annotation",
    "loop_vectorize",
    "loop_interleave",
    "loop_unroll",
    "loop_unroll_and_jam",
    "loop_licm",
    "loop_distribute",
    "loop_pipeline",
    "loop_peeled",
    "loop_unswitch",
    "tbaa_root",
    "tbaa_tag",
    "tbaa_type_desc",
];

/// Alias name the printer gives a registered dialect attribute, by dialect
/// namespace and mnemonic (the dialects' `OpAsmDialectInterface::getAlias`).
pub fn dialect_attr_alias(dialect: &[u8], mnemonic: &[u8]) -> Option<&'static str> {
    match dialect {
        b"llvm" => LLVM_ALIASED_ATTRS
            .iter()
            .find(|x| x.as_bytes() == mnemonic)
            .copied(),
        b"sparse_tensor" if mnemonic == b"encoding" => Some("sparse"),
        _ => None,
    }
}

/// Structural facts about an op that the verifier and printer need.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpTraits {
    pub registered: bool,
    pub terminator: bool,
    pub isolated_from_above: bool,
    /// Regions are graph regions (no dominance, no terminator required).
    pub graph_regions: bool,
    pub no_terminator: bool,
    pub single_block: bool,
    pub symbol_table: bool,
    /// MLIR's `AutomaticAllocationScope` (what `memref.alloca` needs
    /// among its ancestors).
    pub allocation_scope: bool,
    /// Inherent attribute names, moved from the attribute dictionary into
    /// properties when given there (as MLIR does for registered ops).
    pub inherent: &'static [&'static str],
    /// This build knows the op's full trait set (so a missing trait, e.g.
    /// `NoTerminator`, is known to be absent).
    pub known: bool,
    /// A registered op with no memory effects (`Pure`): what MLIR's
    /// `isMemoryEffectFree` finds (false when unknown).
    pub memory_effect_free: bool,
}

/// Ops this build knows to be terminators.
const TERMINATORS: &[&str] = &[
    "func.return",
    "cf.br",
    "cf.cond_br",
    "cf.switch",
    "llvm.return",
    "llvm.br",
    "llvm.cond_br",
    "llvm.switch",
    "llvm.unreachable",
    "llvm.resume",
    "llvm.indirectbr",
    "scf.yield",
    "scf.condition",
    "affine.yield",
    "tensor.yield",
    "linalg.yield",
    "gpu.return",
    "gpu.terminator",
    "gpu.yield",
    "omp.terminator",
    "omp.yield",
    "async.yield",
    "shape.yield",
    "transform.yield",
    "ml_program.output",
    "ml_program.return",
    "emitc.yield",
    "tosa.yield",
    "acc.yield",
    "acc.terminator",
    "sparse_tensor.yield",
    "vector.yield",
    "memref.alloca_scope.return",
    "bufferization.yield",
    "pdl_interp.finalize",
    "spirv.Return",
    "spirv.ReturnValue",
    "spirv.Branch",
    "spirv.BranchConditional",
    "spirv.mlir.yield",
    "spirv.mlir.merge",
    "index.yield",
    "test.yield",
];

/// Non-terminator ops whose full trait set this build knows.
const KNOWN_PLAIN: &[&str] = &[
    "arith.constant",
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.addf",
    "arith.select",
    "arith.cmpi",
    "func.call",
    "func.constant",
    "llvm.func",
    "llvm.mlir.global",
    "llvm.mlir.constant",
    "llvm.add",
    "llvm.load",
    "llvm.store",
    "llvm.alloca",
    "llvm.call",
];

/// Inherent attribute names of common mlir-opt-19 ops. When written in the
/// discardable dictionary they move into properties, as MLIR's parser does.
pub fn inherent_attrs(name: &[u8]) -> &'static [&'static str] {
    match name {
        b"builtin.module" => &["sym_name", "sym_visibility"],
        b"func.func" => &[
            "arg_attrs",
            "function_type",
            "res_attrs",
            "sym_name",
            "sym_visibility",
        ],
        b"func.call" => &["callee"],
        b"func.constant" | b"arith.constant" | b"llvm.mlir.constant" => &["value"],
        b"arith.addi" | b"arith.subi" | b"arith.muli" | b"arith.shli" => &["overflowFlags"],
        b"arith.addf" | b"arith.subf" | b"arith.mulf" | b"arith.divf" | b"arith.remf"
        | b"arith.negf" | b"arith.maximumf" | b"arith.minimumf" | b"arith.maxnumf"
        | b"arith.minnumf" | b"arith.extf" => &["fastmath"],
        b"arith.truncf" => &["fastmath", "roundingmode"],
        b"arith.cmpi" | b"llvm.icmp" => &["predicate"],
        b"arith.cmpf" => &["fastmath", "predicate"],
        b"cf.assert" => &["msg"],
        b"cf.cond_br" => &["operandSegmentSizes"],
        b"cf.switch" => &[
            "case_operand_segments",
            "case_values",
            "operandSegmentSizes",
        ],
        _ => &[],
    }
}

/// Traits of the few ops this build knows natively. A later issue adds op
/// definitions from `.td` files.
pub fn op_traits(name: &[u8]) -> OpTraits {
    let reg = is_registered_dialect(op_dialect(name));
    let is = |list: &[&str]| list.iter().any(|x| x.as_bytes() == name);
    let base = OpTraits {
        registered: reg,
        inherent: inherent_attrs(name),
        terminator: is(TERMINATORS),
        known: is(TERMINATORS) || is(KNOWN_PLAIN),
        ..OpTraits::default()
    };
    match name {
        b"builtin.module" => OpTraits {
            isolated_from_above: true,
            graph_regions: true,
            no_terminator: true,
            single_block: true,
            symbol_table: true,
            known: true,
            ..base
        },
        b"func.func" => OpTraits {
            isolated_from_above: true,
            known: true,
            ..base
        },
        b"llvm.func" | b"llvm.mlir.global" => OpTraits {
            isolated_from_above: true,
            ..base
        },
        _ => base,
    }
}

impl OpTraits {
    /// True if the op may be a terminator (unknown ops might be).
    pub fn might_be_terminator(&self) -> bool {
        self.terminator || !self.registered || !self.known
    }
    /// True if the op might have the `NoTerminator` trait.
    pub fn might_have_no_terminator(&self) -> bool {
        self.no_terminator || !self.registered || !self.known
    }
}

/// True if `name` may be a terminator (unknown ops might be).
pub fn might_be_terminator(name: &[u8]) -> bool {
    let t = op_traits(name);
    t.terminator || !t.registered || !t.known
}

/// True if the op might have the `NoTerminator` trait.
pub fn might_have_no_terminator(name: &[u8]) -> bool {
    let t = op_traits(name);
    t.no_terminator || !t.registered || !t.known
}

/// The canonical spelling of a registered dialect attribute body written
/// as plain text (`.fastmath<ninf,nnan>` -> `.fastmath<nnan,ninf>`), for the
/// bit-enum attributes mlir-opt reprints in its own order; `None` when the
/// body is not one of them or is already canonical or malformed.
pub fn canonical_dialect_body(dialect: &[u8], body: &[u8]) -> Option<Vec<u8>> {
    let (flags, sep, all): (&[(&str, u32)], &str, Option<&str>) = match dialect {
        b"arith" if body.starts_with(b".overflow<") => (&[("nsw", 1), ("nuw", 2)], ", ", None),
        b"arith" if body.starts_with(b".fastmath<") => (
            &[
                ("reassoc", 1),
                ("nnan", 2),
                ("ninf", 4),
                ("nsz", 8),
                ("arcp", 16),
                ("contract", 32),
                ("afn", 64),
            ],
            ",",
            Some("fast"),
        ),
        _ => return None,
    };
    let open = body.iter().position(|&c| c == b'<')?;
    let inner = body.get(open + 1..body.len().checked_sub(1)?)?;
    if body.last() != Some(&b'>') {
        return None;
    }
    let text = std::str::from_utf8(inner).ok()?;
    let mut bits = 0u32;
    for word in text.split(',').map(str::trim) {
        match word {
            "none" => {}
            w if Some(w) == all => bits |= flags.iter().map(|f| f.1).sum::<u32>(),
            w => bits |= flags.iter().find(|f| f.0 == w)?.1,
        }
    }
    let full: u32 = flags.iter().map(|f| f.1).sum();
    let canon = if bits == 0 {
        "none".to_string()
    } else if all.is_some() && bits == full {
        all.unwrap_or_default().to_string()
    } else {
        flags
            .iter()
            .filter(|f| bits & f.1 != 0)
            .map(|f| f.0)
            .collect::<Vec<_>>()
            .join(sep)
    };
    if canon == text {
        return None;
    }
    let mut out = body[..=open].to_vec();
    out.extend_from_slice(canon.as_bytes());
    out.push(b'>');
    Some(out)
}
