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
    /// The preprocessor's and some lexer messages start with a capital
    /// letter ("Reached EOF without matching #endif", "Number out of
    /// range", 19), not in lower case (22).
    pub prep_msgs_capitalized: bool,
    /// "Field 'f' of type 'bits<2>' is incompatible with value '{ ... }' of
    /// type bit initializer with length 3" ends with a stray quote (19).
    pub msg_bits_length_quote: bool,
    /// A failed assertion's message follows "assertion failed: " on the
    /// error's line (22), not in a note (19).
    pub assert_msg_inline: bool,
    /// A record whose assertions failed gets "assertion failed in this
    /// record" at its location (22).
    pub assert_failed_in_record: bool,
    /// "Value 'f' unknown!" for a body `let` of a missing field points at
    /// the field's name (22), not after the `=` (19).
    pub unknown_let_at_name: bool,
    /// `!shl`, `!sra` and `!srl` by less than 0 or more than 63 are an
    /// error ("out of bounds shift", 22), not a wrapped shift (19).
    pub shift_bounds_checked: bool,
    /// Resolving `!and(x, y)` whose `x` resolves to 0, or `!or(x, y)` whose
    /// `x` resolves to -1, gives that value at once, even with `y`
    /// unresolved (22); at 19 it stays `!and(0, y)`. Resolution only, not
    /// the fold when first parsed.
    pub and_or_short_circuit: bool,
    /// `!con` and `!foreach` over a dag keep the operator's `:$name` (the
    /// left one's first, 22); 19 drops it.
    pub con_keeps_op_name: bool,
    /// A dag operator's name prints as `(op:$name ...)` (22), not
    /// `(op:name ...)` (19).
    pub dag_op_name_dollar: bool,
    /// `-D` names that are not identifiers are an error (22); 19 takes
    /// them as they are.
    pub check_macro_names: bool,
    /// A template argument of the wrong type is reported at the value
    /// (22), not at the class reference (19).
    pub template_arg_error_at_value: bool,
    /// Errors the parser went on from (a bad field initializer, a failed
    /// assertion, a stray `;`) still let the backend write its output, and
    /// the run fails afterwards (19); at 22 they stop before the backend.
    pub output_despite_errors: bool,
    /// The error for a `/*` comment that never ends.
    pub msg_unterminated_comment: &'static str,
    /// Bang operators of the newest release that this one does not have
    /// ("Unknown operator").
    pub missing_bang_ops: &'static [&'static str],
}

impl Rules {
    /// A preprocessor or lexer message in this release's wording: LLVM 22
    /// starts them in lower case, 19 capitalises them.
    pub fn cased(&self, msg: &str) -> String {
        if !self.prep_msgs_capitalized {
            return msg.to_string();
        }
        let mut c = msg.chars();
        match c.next() {
            Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
            None => String::new(),
        }
    }
}

/// Every release irkit follows, newest first; the first is the default.
pub const RELEASES: &[Rules] = &[
    Rules {
        release: 22,
        anon_def_at_use: true,
        isa_false_by_type: false,
        detailed_memory_stats: true,
        defm_sequence_has_def: true,
        prep_msgs_capitalized: false,
        msg_bits_length_quote: false,
        assert_msg_inline: true,
        assert_failed_in_record: true,
        unknown_let_at_name: true,
        shift_bounds_checked: true,
        and_or_short_circuit: true,
        con_keeps_op_name: true,
        dag_op_name_dollar: true,
        check_macro_names: true,
        template_arg_error_at_value: true,
        output_despite_errors: false,
        msg_unterminated_comment: "unterminated comment",
        missing_bang_ops: &[],
    },
    Rules {
        release: 19,
        anon_def_at_use: false,
        isa_false_by_type: true,
        detailed_memory_stats: false,
        defm_sequence_has_def: false,
        prep_msgs_capitalized: true,
        msg_bits_length_quote: true,
        assert_msg_inline: false,
        assert_failed_in_record: false,
        unknown_let_at_name: false,
        shift_bounds_checked: false,
        and_or_short_circuit: false,
        con_keeps_op_name: false,
        dag_op_name_dollar: false,
        check_macro_names: false,
        template_arg_error_at_value: false,
        output_despite_errors: true,
        msg_unterminated_comment: "Unterminated comment!",
        missing_bang_ops: &[
            "getdagopname",
            "initialized",
            "instances",
            "listflatten",
            "match",
            "setdagopname",
        ],
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
