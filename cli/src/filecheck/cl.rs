//! FileCheck's command line, read the way LLVM's `cl` library reads it:
//! options with one or two dashes, values after `=` or in the next argument
//! (never for `-D`, which takes its value attached), comma-separated lists,
//! single-letter options grouped (`-vvv`), `--` ending the options, the
//! `FILECHECK_OPTS` environment variable read before the arguments, and
//! LLVM's wording for every option error (`for the -D option: requires a
//! value!`, `Unknown command line argument '-x'.`, `Did you mean ...?`).
//! Errors do not stop the scan: all are reported, then the exit code is 1.

/// How an option takes its value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Val {
    /// `cl::opt<bool>` (and `boolOrDefault`): a value only after `=`.
    Bool,
    /// A string, from `=` or the next argument.
    Str,
    /// A comma-separated list of strings.
    List,
    /// Only attached (`-DNAME=VALUE`): LLVM's `cl::AlwaysPrefix`.
    Prefix,
    /// One of the named values.
    Enum(&'static [&'static str]),
    /// An unsigned integer (C's `strtoull` radix rules: `0x`, leading `0`).
    Uint,
    /// `--help` and friends.
    Help,
}

struct Opt {
    name: &'static str,
    val: Val,
    /// Only in this release of FileCheck (19 or 22), or both (0).
    only: u32,
}

const DUMP_INPUT: &[&str] = &["help", "always", "fail", "never"];
const DUMP_FILTER: &[&str] = &["all", "annotation-full", "annotation", "error"];

/// Every option `FileCheck --help-hidden` lists, in no particular order
/// (see [`suggest`] for the one place where order matters).
const OPTIONS: &[Opt] = &[
    Opt {
        name: "input-file",
        val: Val::Str,
        only: 0,
    },
    Opt {
        name: "check-prefixes",
        val: Val::List,
        only: 0,
    },
    Opt {
        name: "check-prefix",
        val: Val::List,
        only: 0,
    },
    Opt {
        name: "comment-prefixes",
        val: Val::List,
        only: 0,
    },
    Opt {
        name: "strict-whitespace",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "ignore-case",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "implicit-check-not",
        val: Val::Str,
        only: 0,
    },
    Opt {
        name: "D",
        val: Val::Prefix,
        only: 0,
    },
    Opt {
        name: "allow-empty",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "allow-unused-prefixes",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "match-full-lines",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "enable-var-scope",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "allow-deprecated-dag-overlap",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "v",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "vv",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "dump-input",
        val: Val::Enum(DUMP_INPUT),
        only: 0,
    },
    Opt {
        name: "dump-input-filter",
        val: Val::Enum(DUMP_FILTER),
        only: 0,
    },
    Opt {
        name: "dump-input-context",
        val: Val::Uint,
        only: 0,
    },
    Opt {
        name: "dump-input-label-width",
        val: Val::Uint,
        only: 0,
    },
    Opt {
        name: "color",
        val: Val::Bool,
        only: 0,
    },
    // LLVM's support library registers these in every tool.
    Opt {
        name: "crash-diagnostics-dir",
        val: Val::Str,
        only: 0,
    },
    Opt {
        name: "debug-counter",
        val: Val::List,
        only: 0,
    },
    Opt {
        name: "debug-counter-break-on-last",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "disable-symbolication",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "info-output-file",
        val: Val::Str,
        only: 0,
    },
    Opt {
        name: "print-debug-counter",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "print-debug-counter-queries",
        val: Val::Bool,
        only: 22,
    },
    Opt {
        name: "rng-seed",
        val: Val::Uint,
        only: 0,
    },
    Opt {
        name: "sort-timers",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "stats",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "stats-json",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "track-memory",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "treat-scalable-fixed-error-as-warning",
        val: Val::Bool,
        only: 19,
    },
    Opt {
        name: "h",
        val: Val::Help,
        only: 0,
    },
    Opt {
        name: "help",
        val: Val::Help,
        only: 0,
    },
    Opt {
        name: "help-hidden",
        val: Val::Help,
        only: 0,
    },
    Opt {
        name: "help-list",
        val: Val::Help,
        only: 0,
    },
    Opt {
        name: "help-list-hidden",
        val: Val::Help,
        only: 0,
    },
    Opt {
        name: "print-all-options",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "print-options",
        val: Val::Bool,
        only: 0,
    },
    Opt {
        name: "version",
        val: Val::Help,
        only: 0,
    },
    // irkit's own: which FileCheck release to be.
    Opt {
        name: "llvm-compat",
        val: Val::Enum(&["19", "22"]),
        only: 0,
    },
];

/// What the command line asked for.
#[derive(Debug, Default)]
pub struct Parsed {
    pub check_file: Option<String>,
    pub input_file: Option<String>,
    pub check_prefixes: Vec<String>,
    pub comment_prefixes: Vec<String>,
    pub implicit_check_not: Vec<String>,
    pub defines: Vec<String>,
    pub strict_whitespace: bool,
    pub ignore_case: bool,
    pub allow_empty: bool,
    pub allow_unused_prefixes: bool,
    pub match_full_lines: bool,
    pub enable_var_scope: bool,
    pub allow_deprecated_dag_overlap: bool,
    pub verbose: bool,
    pub verbose_verbose: bool,
    pub color: Option<bool>,
    /// Every `-dump-input` value (index into `help, always, fail, never`).
    pub dump_input: Vec<usize>,
    pub dump_filter: Vec<usize>,
    pub dump_context: Vec<u64>,
    pub label_width: u64,
    /// `--help`, `--version` and friends: the first one seen, which ends
    /// the scan (the errors before it are still printed).
    pub help: Option<&'static str>,
    /// Option errors, in LLVM's words, without the program name.
    pub errors: Vec<String>,
}

/// The `--llvm-compat` level among `args` (default 22).
pub fn compat_level(args: &[String]) -> u32 {
    let mut level = 22;
    for a in args {
        let t = a.trim_start_matches('-');
        if a.starts_with('-') && t.starts_with("llvm-compat=") {
            if let Some(v) = t.strip_prefix("llvm-compat=").and_then(|v| v.parse().ok()) {
                level = v;
            }
        }
    }
    level
}

fn find(name: &str, level: u32) -> Option<&'static Opt> {
    OPTIONS
        .iter()
        .find(|o| o.name == name && (o.only == 0 || o.only == level))
}

/// LLVM prints one dash before a one-letter option name, two otherwise.
pub fn dashed(name: &str) -> String {
    if name.chars().count() == 1 {
        format!("-{name}")
    } else {
        format!("--{name}")
    }
}

/// Splits `FILECHECK_OPTS` like LLVM's `TokenizeGNUCommandLine`: blanks
/// separate words, quotes group, a backslash escapes the next character.
pub fn tokenize_gnu(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            '\\' => {
                in_word = true;
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            '"' | '\'' => {
                in_word = true;
                while let Some(n) = chars.next() {
                    if n == c {
                        break;
                    }
                    if n == '\\' && c == '"' {
                        if let Some(m) = chars.next() {
                            cur.push(m);
                        }
                        continue;
                    }
                    cur.push(n);
                }
            }
            _ => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}

/// Parses `args` (the environment's words first) for FileCheck `level`.
pub fn parse(args: &[String], level: u32) -> Parsed {
    let mut p = Parsed::default();
    let mut positional = 0usize;
    let mut dash_dash = false;
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if dash_dash || !arg.starts_with('-') || arg == "-" {
            positional += 1;
            if positional == 1 {
                p.check_file = Some(arg.clone());
            }
            continue;
        }
        if arg == "--" {
            dash_dash = true;
            continue;
        }
        let body = &arg[1..];
        let body = body.strip_prefix('-').unwrap_or(body);
        // Exact name, or `name=value` unless the option is prefix-only.
        let mut found: Option<(&'static Opt, Option<String>)> = None;
        match body.split_once('=') {
            None => {
                if let Some(o) = find(body, level) {
                    found = Some((o, None));
                }
            }
            Some((n, v)) => {
                if let Some(o) = find(n, level) {
                    if o.val != Val::Prefix {
                        found = Some((o, Some(v.to_string())));
                    }
                }
            }
        }
        if let Some((o, v)) = found {
            provide(&mut p, o, v, args, &mut i);
            // LLVM prints help (or the version) and exits as soon as it
            // reads the option: nothing after it is read or checked.
            if p.help.is_some() {
                return p;
            }
            continue;
        }
        if !prefixed_or_grouped(&mut p, body, level, args, &mut i) {
            let mut msg = format!("Unknown command line argument '{arg}'.  Try: '{{PROG}} --help'");
            if let Some(s) = suggest(body, level) {
                msg.push_str(&format!("\n{{PROG}}: Did you mean '{s}'?"));
            }
            p.errors.push(msg);
        }
    }
    if positional > 1 {
        p.errors.push(
            "Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: {PROG} --help"
                .to_string(),
        );
    }
    p
}

/// LLVM's `HandlePrefixedOrGroupedOption`: `-DNAME=V`, `-vv`, `-vDX=1`.
/// One-letter options group; `-D` takes the rest as its value.
fn prefixed_or_grouped(
    p: &mut Parsed,
    body: &str,
    level: u32,
    args: &[String],
    i: &mut usize,
) -> bool {
    let groupable = |o: &Opt| o.name.len() == 1 || o.name == "vv";
    let pred_find = |s: &str, prefix_ok: bool| -> Option<(&'static Opt, usize)> {
        let mut n = s.len();
        while n > 0 {
            if s.is_char_boundary(n) {
                if let Some(o) = find(&s[..n], level) {
                    if groupable(o) || (prefix_ok && o.val == Val::Prefix) {
                        return Some((o, n));
                    }
                }
            }
            n -= 1;
        }
        None
    };
    if body.len() <= 1 {
        return false;
    }
    let Some((mut opt, mut len)) = pred_find(body, true) else {
        return false;
    };
    let mut rest = body;
    loop {
        let value = &rest[len..];
        if value.is_empty() || opt.val == Val::Prefix {
            let v = if value.is_empty() && opt.val != Val::Prefix {
                None
            } else {
                Some(value.to_string())
            };
            provide(p, opt, v, args, i);
            return true;
        }
        if let Some(v) = value.strip_prefix('=') {
            provide(p, opt, Some(v.to_string()), args, i);
            return true;
        }
        if matches!(opt.val, Val::Str | Val::List | Val::Enum(_) | Val::Uint) {
            p.errors.push(format!(
                "for the {} option: may not occur within a group!",
                dashed(opt.name)
            ));
            return true;
        }
        let mut dummy = args.len();
        provide(p, opt, None, args, &mut dummy);
        rest = value;
        match pred_find(rest, false) {
            Some((o, n)) => {
                opt = o;
                len = n;
            }
            None => return false,
        }
    }
}

fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "" | "true" | "TRUE" | "True" | "1" => Some(true),
        "false" | "FALSE" | "False" | "0" => Some(false),
        _ => None,
    }
}

/// C's `strtoull` with base 0, the whole string (LLVM's `getAsInteger(0)`).
fn parse_uint(v: &str) -> Option<u64> {
    let (digits, radix) = if let Some(h) = v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = v.strip_prefix("0b").or_else(|| v.strip_prefix("0B")) {
        (b, 2)
    } else if v.len() > 1 && v.starts_with('0') {
        (&v[1..], 8)
    } else {
        (v, 10)
    };
    if digits.is_empty() {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// LLVM's `ProvideOption`: takes the value (stealing the next argument
/// when one is required and none was attached) and stores it.
fn provide(p: &mut Parsed, o: &'static Opt, value: Option<String>, args: &[String], i: &mut usize) {
    let needs = matches!(
        o.val,
        Val::Str | Val::List | Val::Enum(_) | Val::Uint | Val::Prefix
    );
    let value = match value {
        Some(v) => Some(v),
        None if needs => {
            if *i >= args.len() || o.val == Val::Prefix {
                p.errors.push(format!(
                    "for the {} option: requires a value!",
                    dashed(o.name)
                ));
                return;
            }
            *i += 1;
            Some(args[*i - 1].clone())
        }
        None => None,
    };
    let err = |p: &mut Parsed, m: String| {
        p.errors
            .push(format!("for the {} option: {m}", dashed(o.name)))
    };
    match o.val {
        Val::Help => {
            if p.help.is_none() {
                p.help = Some(o.name);
            }
        }
        Val::Bool => {
            let b = match value.as_deref().map(parse_bool) {
                None => true,
                Some(Some(b)) => b,
                Some(None) => {
                    let v = value.unwrap_or_default();
                    return err(
                        p,
                        format!("'{v}' is invalid value for boolean argument! Try 0 or 1"),
                    );
                }
            };
            match o.name {
                "strict-whitespace" => p.strict_whitespace = b,
                "ignore-case" => p.ignore_case = b,
                "allow-empty" => p.allow_empty = b,
                "allow-unused-prefixes" => p.allow_unused_prefixes = b,
                "match-full-lines" => p.match_full_lines = b,
                "enable-var-scope" => p.enable_var_scope = b,
                "allow-deprecated-dag-overlap" => p.allow_deprecated_dag_overlap = b,
                "v" => p.verbose = b,
                "vv" => p.verbose_verbose = b,
                "color" => p.color = Some(b),
                _ => {}
            }
        }
        Val::Str => {
            let v = value.unwrap_or_default();
            match o.name {
                "input-file" => p.input_file = Some(v),
                "implicit-check-not" => p.implicit_check_not.push(v),
                _ => {}
            }
        }
        Val::List => {
            let v = value.unwrap_or_default();
            let items = v.split(',').map(str::to_string);
            match o.name {
                "check-prefixes" | "check-prefix" => p.check_prefixes.extend(items),
                "comment-prefixes" => p.comment_prefixes.extend(items),
                _ => {}
            }
        }
        Val::Prefix => p.defines.push(value.unwrap_or_default()),
        Val::Enum(names) => {
            let v = value.unwrap_or_default();
            let Some(k) = names.iter().position(|n| *n == v) else {
                return err(p, format!("Cannot find option named '{v}'!"));
            };
            match o.name {
                "dump-input" => p.dump_input.push(k),
                "dump-input-filter" => p.dump_filter.push(k),
                _ => {}
            }
        }
        Val::Uint => {
            let v = value.unwrap_or_default();
            let Some(n) = parse_uint(&v) else {
                return err(p, format!("'{v}' value invalid for uint argument!"));
            };
            match o.name {
                "dump-input-context" => p.dump_context.push(n),
                "dump-input-label-width" => p.label_width = n,
                _ => {}
            }
        }
    }
}

/// LLVM's `LookupNearestOption`: the option name closest to `body` by edit
/// distance (keeping any `=value`), with one or two dashes.
///
/// FIXME: LLVM breaks ties in the iteration order of its option hash table,
/// which differs between releases; this knows only the first few options of
/// that order, so a tie among others may name another option than FileCheck
/// does.
fn suggest(body: &str, level: u32) -> Option<String> {
    if body.is_empty() {
        return None;
    }
    let (lhs, rhs) = match body.split_once('=') {
        Some((l, r)) => (l, Some(r)),
        None => (body, None),
    };
    // The few options known (by asking each FileCheck) to come early in
    // its table's order, first; then the rest.
    let early: &[&str] = if level == 19 {
        &["track-memory", "v", "color"]
    } else {
        &["input-file", "h", "stats"]
    };
    let ordered = early
        .iter()
        .filter_map(|n| OPTIONS.iter().find(|o| o.name == *n))
        .chain(OPTIONS.iter().filter(|o| !early.contains(&o.name)));
    let mut best: Option<(usize, String)> = None;
    for o in ordered.filter(|o| o.only == 0 || o.only == level) {
        if o.name == "llvm-compat" {
            continue;
        }
        let permit_value = !matches!(o.val, Val::Help);
        let flag = if permit_value { lhs } else { body };
        let d = irkit_lit::filecheck::edit_distance(o.name.as_bytes(), flag.as_bytes());
        if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
            let s = match rhs {
                Some(r) if permit_value => format!("{}={r}", o.name),
                _ => o.name.to_string(),
            };
            best = Some((d, s));
        }
    }
    best.map(|(_, s)| {
        let name = s.split('=').next().unwrap_or("");
        if name.chars().count() == 1 {
            format!("-{s}")
        } else {
            format!("--{s}")
        }
    })
}
