//! The ANSI sequences FileCheck writes with `--color` (LLVM's
//! `raw_ostream::changeColor`/`resetColor` through `WithColor`): the bytes
//! are part of FileCheck's output, so they are produced here as text, and
//! the CLI decides only whether colours are on.

/// `raw_ostream::SAVEDCOLOR` with bold: LLVM writes only the bold sequence.
pub const BOLD: &str = "\x1b[1m";
/// `resetColor`, also what a `WithColor` writes when it goes out of scope.
pub const RESET: &str = "\x1b[0m";

/// The colours FileCheck uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    Black,
    Red,
    Green,
    Blue,
    Magenta,
    Cyan,
}

/// `changeColor(c, bold, bg)`: `ESC[0;1;3Nm` (foreground) or `ESC[0;1;4Nm`
/// (background); every use in FileCheck is bold.
pub fn color(c: Color, bg: bool) -> &'static str {
    match (c, bg) {
        (Color::Black, false) => "\x1b[0;1;30m",
        (Color::Red, false) => "\x1b[0;1;31m",
        (Color::Green, false) => "\x1b[0;1;32m",
        (Color::Blue, false) => "\x1b[0;1;34m",
        (Color::Magenta, false) => "\x1b[0;1;35m",
        (Color::Cyan, false) => "\x1b[0;1;36m",
        (Color::Black, true) => "\x1b[0;1;40m",
        (Color::Red, true) => "\x1b[0;1;41m",
        (Color::Green, true) => "\x1b[0;1;42m",
        (Color::Blue, true) => "\x1b[0;1;44m",
        (Color::Magenta, true) => "\x1b[0;1;45m",
        (Color::Cyan, true) => "\x1b[0;1;46m",
    }
}
