//! The LLVM releases irkit's TableGen follows, and what differs between
//! them: one table of rules, [`Rules`], read by the parser, the folder and
//! the backends. A difference between releases is a field here, never an
//! `if` on a release number elsewhere.

/// What one LLVM release's TableGen does where releases differ.
#[derive(Debug, PartialEq, Eq)]
pub struct Rules {
    /// The release, e.g. 22.
    pub release: u32,
    /// An anonymous def made from `Class<args>` is located where that value
    /// was first written (22), not at its class (19).
    pub anon_def_at_use: bool,
    /// `!isa<C>(x)` with `x` of a class type that `C` does not derive from
    /// folds to 0 at once (19). At 22 it waits until `x` is concrete: a
    /// subclass of `x`'s class may also derive from `C`.
    pub isa_false_by_type: bool,
    /// `--print-detailed-records` ends with a "Memory Allocation Stats"
    /// section (22).
    pub detailed_memory_stats: bool,
    /// The "Defm sequence" of `--print-detailed-records` also lists the
    /// `def`'s own location (22), not only the `defm`s (19).
    pub defm_sequence_has_def: bool,
    /// The error for an `#ifdef` still open at the end of a file.
    pub msg_eof_in_ifdef: &'static str,
    /// "Field 'f' of type 'bits<2>' is incompatible with value '{ ... }' of
    /// type bit initializer with length 3" ends with a stray quote (19).
    pub msg_bits_length_quote: bool,
    /// Bang operators of the newest release that this one does not have
    /// ("Unknown operator").
    pub missing_bang_ops: &'static [&'static str],
    /// Resolving `!and(x, y)` whose `x` becomes 0, or `!or(x, y)` whose `x`
    /// becomes -1, gives that value at once, even with `y` unresolved (22);
    /// at 19 it stays `!and(0, y)`. Only on resolution (a template argument
    /// or loop variable substituted), not when first parsed.
    pub and_or_short_circuit: bool,
}

/// Every release irkit follows, newest first; the first is the default.
pub const RELEASES: &[Rules] = &[
    Rules {
        release: 22,
        anon_def_at_use: true,
        isa_false_by_type: false,
        detailed_memory_stats: true,
        defm_sequence_has_def: true,
        msg_eof_in_ifdef: "reached EOF without matching #endif",
        msg_bits_length_quote: false,
        missing_bang_ops: &[],
        and_or_short_circuit: true,
    },
    Rules {
        release: 19,
        anon_def_at_use: false,
        isa_false_by_type: true,
        detailed_memory_stats: false,
        defm_sequence_has_def: false,
        msg_eof_in_ifdef: "Reached EOF without matching #endif",
        msg_bits_length_quote: true,
        missing_bang_ops: &["initialized", "instances", "listflatten", "match"],
        and_or_short_circuit: false,
    },
];

/// The rules of the newest release.
pub fn newest() -> &'static Rules {
    &RELEASES[0]
}

/// The rules of `release`, if irkit follows it.
pub fn rules(release: u32) -> Option<&'static Rules> {
    RELEASES.iter().find(|r| r.release == release)
}
