//! Rendering diagnostics: plain LLVM form when stderr is not a terminal,
//! ariadne snippets when it is (or when `--diagnostics=rich`).

use clap::{Args, ValueEnum};
use irkit_diag::{render_plain, Diagnostic, SourceMap};
use std::io::{IsTerminal, Write};

#[derive(Args, Debug, Clone)]
pub struct GlobalOpts {
    /// When to use colour in diagnostics.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// How to render diagnostics: `plain` is LLVM's `FILE:LINE:COL: error: MSG`
    /// plus the source line and a caret; `rich` adds labelled snippets.
    /// Default: rich when stderr is a terminal, plain otherwise.
    #[arg(long, value_enum, global = true)]
    pub diagnostics: Option<DiagStyle>,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagStyle {
    Plain,
    Rich,
}

/// Exit code for success.
pub const EXIT_OK: u8 = 0;
/// Exit code for bad input, failed verification or a failed check.
pub const EXIT_FAIL: u8 = 1;
/// Exit code for usage errors (and engines not built yet).
pub const EXIT_USAGE: u8 = 2;

pub struct Reporter {
    rich: bool,
    color: bool,
}

impl Reporter {
    pub fn new(opts: &GlobalOpts) -> Reporter {
        let tty = std::io::stderr().is_terminal();
        let rich = match opts.diagnostics {
            Some(DiagStyle::Rich) => true,
            Some(DiagStyle::Plain) => false,
            None => tty,
        };
        let color = match opts.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => tty,
        };
        Reporter { rich, color }
    }

    /// Prints every diagnostic to stderr; returns whether any was an error.
    pub fn emit_all(&self, map: &SourceMap, diags: &[Diagnostic]) -> bool {
        let mut any_error = false;
        for d in diags {
            any_error |= d.is_error();
            self.emit(map, d);
        }
        any_error
    }

    pub fn emit(&self, map: &SourceMap, d: &Diagnostic) {
        let text = if self.rich {
            self.render_rich(map, d)
        } else {
            None
        };
        let text = text.unwrap_or_else(|| {
            let mut s = String::new();
            render_plain(&mut s, map, d);
            s
        });
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(text.as_bytes());
    }

    /// A problem with no source location (missing file, bad option value).
    pub fn error(&self, message: &str) {
        let _ = writeln!(std::io::stderr().lock(), "irkit: error: {message}");
    }

    fn render_rich(&self, map: &SourceMap, d: &Diagnostic) -> Option<String> {
        use ariadne::{Config, Label, Report, ReportKind, Source};
        let loc = d.loc?;
        let kind = match d.severity {
            irkit_diag::Severity::Error => ReportKind::Error,
            irkit_diag::Severity::Warning => ReportKind::Warning,
            irkit_diag::Severity::Note | irkit_diag::Severity::Remark => ReportKind::Advice,
        };
        let file = map.file(loc.file);
        let name = file.name().to_string();
        let mut header = String::new();
        let _ = std::fmt::Write::write_fmt(
            &mut header,
            format_args!("{}: {}: {}\n", map.position(loc), d.severity, d.message),
        );
        // The message is said once, in LLVM's first line; the snippet only
        // points at the span (ariadne's own `Error: ...` header is dropped).
        let mut b = Report::build(kind, (name.clone(), loc.span.range()))
            .with_config(Config::default().with_color(self.color))
            .with_label(Label::new((name.clone(), loc.span.range())).with_message("here"));
        for l in &d.labels {
            if l.loc.file == loc.file {
                b = b.with_label(
                    Label::new((name.clone(), l.loc.span.range())).with_message(&l.message),
                );
            }
        }
        for n in &d.notes {
            match n.loc {
                Some(nl) => b = b.with_note(format!("{}: {}", map.position(nl), n.message)),
                None => b = b.with_note(&n.message),
            }
        }
        let mut buf = Vec::new();
        b.finish()
            .write((name, Source::from(file.text())), &mut buf)
            .ok()?;
        let body = String::from_utf8_lossy(&buf);
        let snippet = body.split_once('\n').map_or("", |(_, rest)| rest);
        header.push_str(snippet);
        Some(header)
    }
}
