//! A small internal shell in the manner of lit's: it parses a RUN line into
//! pipelines joined by `;`, `&&` and `||`, with redirections and quoting,
//! and runs it without `sh -c`.
//!
//! Supported: `|` (with pipefail, as lit does), `;`, `&&`, `||`, `>`, `>>`,
//! `<`, `2>`, `2>>`, `2>&1`, `1>&2`/`>&2`, `&>`; single and double quotes and
//! backslash escapes; `not` and `not --crash` prefixes; the builtins `cd`,
//! `export`, `echo`, `mkdir`, `rm`, `cat`, `true`, `false` and `:`.
//! Every stage writes to a temporary file, so pipelines never deadlock.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

/// A redirection target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Redirect {
    /// `< FILE`
    In(String),
    /// `N> FILE` / `N>> FILE` (fd 1 or 2).
    Out { fd: u8, path: String, append: bool },
    /// `2>&1` (`fd: 2, to: 1`) or `1>&2`.
    Dup { fd: u8, to: u8 },
    /// `&> FILE`
    Both(String),
}

/// One simple command: words and redirections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cmd {
    pub args: Vec<String>,
    pub redirects: Vec<Redirect>,
    /// Indices of the arguments with unquoted `*`, `?` or `[`, expanded
    /// against the file system when the command runs (as lit does).
    pub globs: Vec<usize>,
}

/// How two pipelines are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Join {
    Seq,
    And,
    Or,
}

/// A parsed command line: pipelines joined left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Script {
    pub first: Vec<Cmd>,
    pub rest: Vec<(Join, Vec<Cmd>)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Word(String),
    /// A word with unquoted glob characters.
    Glob(String),
    Pipe,
    And,
    Or,
    Semi,
    Redir(Redirect),
    /// A redirection operator waiting for its file word.
    RedirOp {
        fd: u8,
        kind: RedirKind,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RedirKind {
    In,
    Out,
    Append,
    Both,
}

/// Splits a command line into tokens.
fn lex(line: &str) -> Result<Vec<Tok>, String> {
    let mut toks = Vec::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        // Operators.
        let next = chars.get(i + 1).copied();
        match c {
            '|' => {
                if next == Some('|') {
                    toks.push(Tok::Or);
                    i += 2;
                } else {
                    toks.push(Tok::Pipe);
                    i += 1;
                }
                continue;
            }
            ';' => {
                toks.push(Tok::Semi);
                i += 1;
                continue;
            }
            '&' => {
                if next == Some('&') {
                    toks.push(Tok::And);
                    i += 2;
                } else if next == Some('>') {
                    toks.push(Tok::RedirOp {
                        fd: 1,
                        kind: RedirKind::Both,
                    });
                    i += 2;
                } else {
                    return Err("unsupported shell operator: '&'".to_string());
                }
                continue;
            }
            '<' => {
                toks.push(Tok::RedirOp {
                    fd: 0,
                    kind: RedirKind::In,
                });
                i += 1;
                continue;
            }
            '>' => {
                i = lex_out(&chars, i, 1, &mut toks)?;
                continue;
            }
            _ => {}
        }
        // `2>` / `1>`: digits immediately followed by `>`.
        if c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if chars.get(j) == Some(&'>') {
                let fd: String = chars[i..j].iter().collect();
                let fd = match fd.as_str() {
                    "1" => 1,
                    "2" => 2,
                    other => return Err(format!("unsupported redirect file descriptor: {other}")),
                };
                i = lex_out(&chars, j, fd, &mut toks)?;
                continue;
            }
        }
        // A word, with quoting.
        let mut word = String::new();
        let mut glob = false;
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() || matches!(c, '|' | ';' | '&' | '<' | '>') {
                break;
            }
            match c {
                '\'' => {
                    i += 1;
                    loop {
                        match chars.get(i) {
                            None => return Err("missing closing quote (')".to_string()),
                            Some('\'') => break,
                            Some(&q) => word.push(q),
                        }
                        i += 1;
                    }
                    i += 1;
                }
                '"' => {
                    i += 1;
                    loop {
                        match chars.get(i) {
                            None => return Err("missing closing quote (\")".to_string()),
                            Some('"') => break,
                            Some('\\') => match chars.get(i + 1) {
                                Some(&e) if matches!(e, '"' | '\\' | '$') => {
                                    word.push(e);
                                    i += 1;
                                }
                                _ => word.push('\\'),
                            },
                            Some(&q) => word.push(q),
                        }
                        i += 1;
                    }
                    i += 1;
                }
                '\\' => {
                    if let Some(&e) = chars.get(i + 1) {
                        word.push(e);
                        i += 2;
                    } else {
                        i += 1;
                    }
                }
                _ => {
                    glob |= matches!(c, '*' | '?' | '[');
                    word.push(c);
                    i += 1;
                }
            }
        }
        toks.push(if glob {
            Tok::Glob(word)
        } else {
            Tok::Word(word)
        });
    }
    Ok(toks)
}

/// Lexes an output redirection whose `>` is at `chars[i]`.
fn lex_out(chars: &[char], i: usize, fd: u8, toks: &mut Vec<Tok>) -> Result<usize, String> {
    let mut j = i + 1;
    if chars.get(j) == Some(&'>') {
        toks.push(Tok::RedirOp {
            fd,
            kind: RedirKind::Append,
        });
        return Ok(j + 1);
    }
    if chars.get(j) == Some(&'&') {
        j += 1;
        let to = match chars.get(j) {
            Some('1') => 1,
            Some('2') => 2,
            _ => return Err("unsupported redirect: only >&1 and >&2 are supported".to_string()),
        };
        toks.push(Tok::Redir(Redirect::Dup { fd, to }));
        return Ok(j + 1);
    }
    toks.push(Tok::RedirOp {
        fd,
        kind: RedirKind::Out,
    });
    Ok(j)
}

/// Parses a command line.
pub fn parse(line: &str) -> Result<Script, String> {
    let toks = lex(line)?;
    let mut it = toks.into_iter().peekable();
    let mut pipelines: Vec<(Join, Vec<Cmd>)> = Vec::new();
    let mut join = Join::Seq;
    loop {
        let mut pipeline = Vec::new();
        loop {
            let mut cmd = Cmd {
                args: Vec::new(),
                redirects: Vec::new(),
                globs: Vec::new(),
            };
            while let Some(t) = it.peek() {
                match t {
                    Tok::Word(_) | Tok::Glob(_) => match it.next() {
                        Some(Tok::Word(w)) => cmd.args.push(w),
                        Some(Tok::Glob(w)) => {
                            cmd.globs.push(cmd.args.len());
                            cmd.args.push(w);
                        }
                        _ => {}
                    },
                    Tok::Redir(_) => {
                        if let Some(Tok::Redir(r)) = it.next() {
                            cmd.redirects.push(r);
                        }
                    }
                    Tok::RedirOp { fd, kind } => {
                        let (fd, kind) = (*fd, *kind);
                        it.next();
                        let path = match it.next() {
                            Some(Tok::Word(p) | Tok::Glob(p)) => p,
                            _ => {
                                return Err(
                                    "syntax error: redirection without a file name".to_string()
                                )
                            }
                        };
                        cmd.redirects.push(match kind {
                            RedirKind::In => Redirect::In(path),
                            RedirKind::Out => Redirect::Out {
                                fd,
                                path,
                                append: false,
                            },
                            RedirKind::Append => Redirect::Out {
                                fd,
                                path,
                                append: true,
                            },
                            RedirKind::Both => Redirect::Both(path),
                        });
                    }
                    Tok::Pipe | Tok::And | Tok::Or | Tok::Semi => break,
                }
            }
            if cmd.args.is_empty() {
                return Err("syntax error: empty command".to_string());
            }
            pipeline.push(cmd);
            if it.peek() == Some(&Tok::Pipe) {
                it.next();
                continue;
            }
            break;
        }
        pipelines.push((join, pipeline));
        match it.next() {
            None => break,
            Some(Tok::Semi) => {
                join = Join::Seq;
                if it.peek().is_none() {
                    break;
                }
            }
            Some(Tok::And) => join = Join::And,
            Some(Tok::Or) => join = Join::Or,
            Some(other) => return Err(format!("syntax error near {other:?}")),
        }
    }
    let mut iter = pipelines.into_iter();
    let Some((_, first)) = iter.next() else {
        return Err("syntax error: empty command".to_string());
    };
    Ok(Script {
        first,
        rest: iter.collect(),
    })
}

/// Where the shell finds its tools.
#[derive(Clone, Debug)]
pub struct Tools {
    /// The `irkit` binary (`irkit` and `%irkit`).
    pub irkit: PathBuf,
    /// `FileCheck`: this program followed by these arguments
    /// (normally `irkit filecheck`).
    pub filecheck: Vec<String>,
}

/// Mutable shell state carried across a test's RUN lines.
#[derive(Clone, Debug)]
pub struct Shell {
    pub cwd: PathBuf,
    pub env: BTreeMap<String, String>,
    /// Where captured outputs are written.
    pub scratch: PathBuf,
    pub tools: Tools,
    /// A command running longer than this is killed and fails.
    pub timeout: Option<Duration>,
    counter: u32,
}

/// The outcome of one command, for the log.
#[derive(Clone, Debug)]
pub struct Executed {
    pub args: Vec<String>,
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

impl Shell {
    pub fn new(cwd: PathBuf, scratch: PathBuf, tools: Tools) -> Shell {
        Shell {
            cwd,
            env: BTreeMap::new(),
            scratch,
            tools,
            timeout: None,
            counter: 0,
        }
    }

    /// Runs a script; returns its exit status (0 is success) and appends a
    /// lit-style log of each command to `log`.
    pub fn run(&mut self, script: &Script, log: &mut String) -> i32 {
        let mut status = self.run_pipeline(&script.first, log);
        for (join, p) in &script.rest {
            let run = match join {
                Join::Seq => true,
                Join::And => status == 0,
                Join::Or => status != 0,
            };
            if run {
                status = self.run_pipeline(p, log);
            }
        }
        status
    }

    fn scratch_file(&mut self, what: &str) -> PathBuf {
        self.counter += 1;
        self.scratch.join(format!("shell-{}.{what}", self.counter))
    }

    fn resolve(&self, path: &str) -> PathBuf {
        let p = Path::new(path);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.cwd.join(p)
        }
    }

    fn run_pipeline(&mut self, cmds: &[Cmd], log: &mut String) -> i32 {
        let mut input: Option<PathBuf> = None;
        let mut status = 0;
        let n = cmds.len();
        for (idx, cmd) in cmds.iter().enumerate() {
            let last = idx + 1 == n;
            let out_file = self.scratch_file("out");
            let err_file = self.scratch_file("err");
            let code = match self.run_cmd(cmd, input.as_deref(), &out_file, &err_file, last, log) {
                Ok(code) => code,
                Err(msg) => {
                    let _ = writeln!(log, "# executed command: {}", quote_args(&cmd.args));
                    let _ = writeln!(log, "# error: {msg}");
                    127
                }
            };
            // pipefail: the rightmost failing stage decides.
            if code != 0 {
                status = code;
            }
            if last && code == 0 && status == 0 {
                status = 0;
            }
            if let Some(prev) = input.take() {
                let _ = std::fs::remove_file(prev);
            }
            let _ = std::fs::remove_file(&err_file);
            if last {
                // The last stage's stdout is the pipeline's output: lit shows
                // it in the log (done by run_cmd) and drops it.
                let _ = std::fs::remove_file(&out_file);
            } else {
                input = Some(out_file);
            }
        }
        status
    }

    /// Runs one command; its stdout goes to `out_file` unless redirected,
    /// stdin comes from `input` (the previous stage) unless redirected.
    fn run_cmd(
        &mut self,
        cmd: &Cmd,
        input: Option<&Path>,
        out_file: &Path,
        err_file: &Path,
        last: bool,
        log: &mut String,
    ) -> Result<i32, String> {
        // Expand globs, then strip `not` and `not --crash` prefixes.
        let expanded = self.expand_globs(cmd);
        let mut args: &[String] = &expanded;
        let mut nots = 0u32;
        let mut crash = false;
        while let Some(first) = args.first() {
            if first != "not" {
                break;
            }
            if args.get(1).is_some_and(|a| a == "--crash") {
                crash = true;
                args = &args[2..];
            } else {
                nots += 1;
                args = &args[1..];
            }
        }
        // `env [-u NAME]... [NAME=VALUE]... COMMAND`, handled here so that
        // COMMAND is resolved like any other (`irkit`, `FileCheck`).
        let mut cmd_env: Vec<(String, Option<String>)> = Vec::new();
        if args.first().is_some_and(|a| a == "env") {
            args = &args[1..];
            loop {
                match args.first().map(String::as_str) {
                    Some("-u") => {
                        if let Some(name) = args.get(1) {
                            cmd_env.push((name.clone(), None));
                        }
                        args = &args[args.len().min(2)..];
                    }
                    Some(a) if a.contains('=') && !a.starts_with('=') => {
                        if let Some((k, v)) = a.split_once('=') {
                            cmd_env.push((k.to_string(), Some(v.to_string())));
                        }
                        args = &args[1..];
                    }
                    _ => break,
                }
            }
        }
        let Some(program) = args.first() else {
            return Err("'not' or 'env' needs a command".to_string());
        };

        // Set up the streams. Stdout and stderr are files; `2>&1` shares one.
        let stdin_path = input.map(Path::to_path_buf);
        let mut stdin_src: Option<PathBuf> = stdin_path;
        let mut stdout_target = Target::File(out_file.to_path_buf(), false);
        let mut stderr_target = Target::File(err_file.to_path_buf(), false);
        for r in &cmd.redirects {
            match r {
                Redirect::In(p) => stdin_src = Some(self.resolve(p)),
                Redirect::Out { fd, path, append } => {
                    let t = Target::File(self.resolve(path), *append);
                    if *fd == 2 {
                        stderr_target = t;
                    } else {
                        stdout_target = t;
                    }
                }
                Redirect::Dup { fd, to } => {
                    if *fd == 2 && *to == 1 {
                        stderr_target = Target::SameAs(Box::new(stdout_target.clone()));
                    } else if *fd == 1 && *to == 2 {
                        stdout_target = Target::SameAs(Box::new(stderr_target.clone()));
                    }
                }
                Redirect::Both(p) => {
                    stdout_target = Target::File(self.resolve(p), false);
                    stderr_target = Target::SameAs(Box::new(stdout_target.clone()));
                }
            }
        }
        let dup = |f: &File| {
            f.try_clone()
                .map_err(|e| format!("cannot duplicate a stream: {e}"))
        };
        let (stdout_file, stderr_file) = match (&stdout_target, &stderr_target) {
            (_, Target::SameAs(inner)) if **inner == stdout_target => {
                let f = open_target(&stdout_target)?;
                (dup(&f)?, f)
            }
            (Target::SameAs(inner), _) if **inner == stderr_target => {
                let f = open_target(&stderr_target)?;
                (dup(&f)?, f)
            }
            _ => (open_target(&stdout_target)?, open_target(&stderr_target)?),
        };

        let mut killed = false;
        let mut code = match program.as_str() {
            "cd" | "export" | "echo" | "mkdir" | "rm" | "cat" | "true" | "false" | ":" => {
                self.builtin(args, stdin_src.as_deref(), &stdout_file, &stderr_file)
            }
            _ => {
                let (exe, pre): (PathBuf, Vec<String>) = if program == "irkit" {
                    (self.tools.irkit.clone(), Vec::new())
                } else if program == "FileCheck" {
                    match self.tools.filecheck.split_first() {
                        Some((p, rest)) => (PathBuf::from(p), rest.to_vec()),
                        None => (self.tools.irkit.clone(), vec!["filecheck".to_string()]),
                    }
                } else {
                    (PathBuf::from(program), Vec::new())
                };
                let mut p = Process::new(&exe);
                p.args(pre)
                    .args(&args[1..])
                    .current_dir(&self.cwd)
                    .envs(&self.env);
                for (k, v) in &cmd_env {
                    match v {
                        Some(v) => p.env(k, v),
                        None => p.env_remove(k),
                    };
                }
                p.stdin(match &stdin_src {
                    Some(path) => Stdio::from(
                        File::open(path)
                            .map_err(|e| format!("cannot open '{}': {e}", path.display()))?,
                    ),
                    // An empty pipe, closed right after the spawn: a child
                    // reading stdin sees end of file, as under lit, whose
                    // commands never inherit the runner's stdin.
                    None => Stdio::piped(),
                });
                p.stdout(Stdio::from(
                    stdout_file
                        .try_clone()
                        .map_err(|e| format!("cannot duplicate stdout: {e}"))?,
                ));
                p.stderr(Stdio::from(
                    stderr_file
                        .try_clone()
                        .map_err(|e| format!("cannot duplicate stderr: {e}"))?,
                ));
                let mut child = p
                    .spawn()
                    .map_err(|e| format!("cannot run '{program}': {e}"))?;
                drop(child.stdin.take());
                let status = wait_with_timeout(&mut child, self.timeout)
                    .map_err(|e| format!("'{program}': {e}"))?;
                match status {
                    Some(status) => status.code().unwrap_or_else(|| {
                        // Killed by a signal: a crash.
                        killed = true;
                        -1
                    }),
                    None => {
                        let secs = self.timeout.map_or(0, |t| t.as_secs());
                        let _ = writeln!(log, "# error: command timed out after {secs} seconds");
                        -1
                    }
                }
            }
        };
        drop(stdout_file);
        drop(stderr_file);
        if crash {
            // `not --crash` succeeds only when the command crashed.
            code = i32::from(!killed);
        }
        for _ in 0..nots {
            code = i32::from(code == 0);
        }
        // Log like lit: the command, its captured output and its status.
        let _ = writeln!(log, "# executed command: {}", quote_args(&cmd.args));
        let show = |t: &Target| match t {
            Target::File(p, _) if p == out_file || p == err_file => Some(p.clone()),
            Target::File(..) | Target::SameAs(_) => None,
        };
        if let Some(p) = show(&stdout_target) {
            // Only the last stage's stdout is shown; earlier stages feed the next.
            let text = read_lossy(&p);
            if !text.is_empty() && (last || p != out_file) {
                log_block(log, "command stdout", &text);
            }
        }
        if let Some(p) = show(&stderr_target) {
            let text = read_lossy(&p);
            if !text.is_empty() {
                log_block(log, "command stderr", &text);
            }
        }
        if code != 0 {
            let _ = writeln!(log, "# error: command failed with exit status: {code}");
        }
        Ok(code)
    }

    fn expand_globs(&self, cmd: &Cmd) -> Vec<String> {
        if cmd.globs.is_empty() {
            return cmd.args.clone();
        }
        let mut out = Vec::with_capacity(cmd.args.len());
        for (i, a) in cmd.args.iter().enumerate() {
            if !cmd.globs.contains(&i) {
                out.push(a.clone());
                continue;
            }
            let mut found = glob(&self.resolve(a));
            if found.is_empty() {
                out.push(a.clone());
            } else {
                found.sort();
                out.extend(found.into_iter().map(|p| p.to_string_lossy().into_owned()));
            }
        }
        out
    }

    fn builtin(
        &mut self,
        args: &[String],
        stdin: Option<&Path>,
        mut out: &File,
        mut err: &File,
    ) -> i32 {
        let name = args[0].as_str();
        let rest = &args[1..];
        match name {
            "true" | ":" => 0,
            "false" => 1,
            "cd" => {
                let Some(dir) = rest.first() else {
                    let _ = writeln!(err, "cd: missing directory");
                    return 1;
                };
                let d = self.resolve(dir);
                if d.is_dir() {
                    self.cwd = d;
                    0
                } else {
                    let _ = writeln!(err, "cd: {dir}: No such file or directory");
                    1
                }
            }
            "export" => {
                for a in rest {
                    if let Some((k, v)) = a.split_once('=') {
                        self.env.insert(k.to_string(), v.to_string());
                    }
                }
                0
            }
            "echo" => {
                let mut newline = true;
                let mut words = rest;
                while let Some(f) = words.first() {
                    if f == "-n" {
                        newline = false;
                        words = &words[1..];
                    } else if f == "-e" {
                        words = &words[1..];
                    } else {
                        break;
                    }
                }
                let mut s = words.join(" ");
                if newline {
                    s.push('\n');
                }
                i32::from(out.write_all(s.as_bytes()).is_err())
            }
            "mkdir" => {
                let mut code = 0;
                for a in rest.iter().filter(|a| !a.starts_with('-')) {
                    if let Err(e) = std::fs::create_dir_all(self.resolve(a)) {
                        let _ = writeln!(err, "mkdir: {a}: {e}");
                        code = 1;
                    }
                }
                code
            }
            "rm" => {
                for a in rest.iter().filter(|a| !a.starts_with('-')) {
                    let p = self.resolve(a);
                    if p.is_dir() {
                        let _ = std::fs::remove_dir_all(&p);
                    } else {
                        let _ = std::fs::remove_file(&p);
                    }
                }
                0
            }
            "cat" => {
                let files: Vec<&String> = rest.iter().filter(|a| a.as_str() != "-").collect();
                if files.is_empty() {
                    if let Some(p) = stdin {
                        let mut buf = Vec::new();
                        if let Ok(mut f) = File::open(p) {
                            let _ = f.read_to_end(&mut buf);
                        }
                        return i32::from(out.write_all(&buf).is_err());
                    }
                    return 0;
                }
                let mut code = 0;
                for f in files {
                    match std::fs::read(self.resolve(f)) {
                        Ok(b) => {
                            let _ = out.write_all(&b);
                        }
                        Err(e) => {
                            let _ = writeln!(err, "cat: {f}: {e}");
                            code = 1;
                        }
                    }
                }
                code
            }
            _ => 127,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    File(PathBuf, bool),
    SameAs(Box<Target>),
}

fn open_target(t: &Target) -> Result<File, String> {
    match t {
        Target::File(p, append) => OpenOptions::new()
            .create(true)
            .write(true)
            .append(*append)
            .truncate(!*append)
            .open(p)
            .map_err(|e| format!("cannot open '{}': {e}", p.display())),
        Target::SameAs(inner) => open_target(inner),
    }
}

fn read_lossy(p: &Path) -> String {
    std::fs::read(p)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default()
}

fn log_block(log: &mut String, title: &str, text: &str) {
    let _ = writeln!(
        log,
        "# .---{title}{}",
        "-".repeat(30usize.saturating_sub(title.len()))
    );
    for line in text.lines() {
        let _ = writeln!(log, "# | {line}");
    }
    let _ = writeln!(log, "# `{}", "-".repeat(33));
}

/// The paths matching a glob pattern (wildcards in any component; names
/// starting with `.` only match a pattern starting with `.`).
fn glob(pattern: &Path) -> Vec<PathBuf> {
    let mut current = vec![PathBuf::new()];
    for comp in pattern.components() {
        let part = comp.as_os_str().to_string_lossy();
        let wild = part.contains(['*', '?', '[']);
        let mut next = Vec::new();
        for base in &current {
            if !wild {
                let p = base.join(comp.as_os_str());
                if base.as_os_str().is_empty() || p.exists() {
                    next.push(p);
                }
                continue;
            }
            let dir = if base.as_os_str().is_empty() {
                Path::new(".")
            } else {
                base.as_path()
            };
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for e in entries.flatten() {
                let name = e.file_name().to_string_lossy().into_owned();
                if name.starts_with('.') && !part.starts_with('.') {
                    continue;
                }
                if wildcard(part.as_bytes(), name.as_bytes(), 0) {
                    next.push(base.join(&name));
                }
            }
        }
        current = next;
        if current.is_empty() {
            break;
        }
    }
    current.retain(|p| p.exists());
    current
}

/// Shell wildcard matching of a file name: `*`, `?` and `[...]`.
fn wildcard(pat: &[u8], name: &[u8], depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    match pat.first() {
        None => name.is_empty(),
        Some(b'*') => (0..=name.len()).any(|k| wildcard(&pat[1..], &name[k..], depth + 1)),
        Some(b'?') => !name.is_empty() && wildcard(&pat[1..], &name[1..], depth + 1),
        Some(b'[') => {
            let Some(&c) = name.first() else {
                return false;
            };
            let mut i = 1;
            let negate = matches!(pat.get(1), Some(b'!' | b'^'));
            if negate {
                i += 1;
            }
            let mut hit = false;
            let mut first = true;
            while i < pat.len() && (first || pat[i] != b']') {
                first = false;
                if pat.get(i + 1) == Some(&b'-') && pat.get(i + 2).is_some_and(|&e| e != b']') {
                    hit |= pat[i] <= c && c <= pat[i + 2];
                    i += 3;
                } else {
                    hit |= pat[i] == c;
                    i += 1;
                }
            }
            if i >= pat.len() {
                // No closing `]`: a literal `[`.
                return c == b'[' && wildcard(&pat[1..], &name[1..], depth + 1);
            }
            hit != negate && wildcard(&pat[i + 1..], &name[1..], depth + 1)
        }
        Some(&p) => name.first() == Some(&p) && wildcard(&pat[1..], &name[1..], depth + 1),
    }
}

/// Waits for `child`; `None` if it ran past `timeout` (it is then killed).
fn wait_with_timeout(
    child: &mut std::process::Child,
    timeout: Option<Duration>,
) -> std::io::Result<Option<std::process::ExitStatus>> {
    let Some(limit) = timeout else {
        return child.wait().map(Some);
    };
    let start = Instant::now();
    let mut pause = Duration::from_micros(200);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if start.elapsed() >= limit {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    }
}

/// Quotes arguments for display.
pub fn quote_args(args: &[String]) -> String {
    let mut s = String::new();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        if !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./=:,%+@#".contains(c))
        {
            s.push_str(a);
        } else {
            s.push('\'');
            s.push_str(&a.replace('\'', "'\\''"));
            s.push('\'');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<Vec<Vec<String>>> {
        let s = parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        std::iter::once(&s.first)
            .chain(s.rest.iter().map(|r| &r.1))
            .map(|p| p.iter().map(|c| c.args.clone()).collect())
            .collect()
    }

    #[test]
    fn parses_pipelines_and_quotes() {
        assert_eq!(
            words("not irkit a 'b c' \"d\\\"e\" 2>&1 | FileCheck x"),
            vec![vec![
                vec![
                    "not".to_string(),
                    "irkit".into(),
                    "a".into(),
                    "b c".into(),
                    "d\"e".into()
                ],
                vec!["FileCheck".to_string(), "x".into()],
            ]]
        );
        assert_eq!(words("a ; b && c || d").len(), 4);
    }

    #[test]
    fn parses_redirections() {
        let s = parse("cmd < in > out 2>> err").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            s.first[0].redirects,
            vec![
                Redirect::In("in".into()),
                Redirect::Out {
                    fd: 1,
                    path: "out".into(),
                    append: false
                },
                Redirect::Out {
                    fd: 2,
                    path: "err".into(),
                    append: true
                },
            ]
        );
        let s = parse("cmd &> both").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.first[0].redirects, vec![Redirect::Both("both".into())]);
    }

    #[test]
    fn wildcards() {
        assert!(wildcard(b"*.txt", b"a.txt", 0));
        assert!(!wildcard(b"*.txt", b"a.td", 0));
        assert!(wildcard(b"f?o[0-9]", b"foo7", 0));
        assert!(!wildcard(b"f[!o]o", b"foo", 0));
        let s = parse("rm -f %t/*.o 'q*'").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.first[0].globs, vec![2]);
    }

    #[test]
    fn rejects_bad_syntax() {
        assert!(parse("a |").is_err());
        assert!(parse("a 'b").is_err());
        assert!(parse("a > ").is_err());
        assert!(parse("a & b").is_err());
    }
}
