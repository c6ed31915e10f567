//! Running child processes with a deadline, measuring wall time and peak
//! memory, and a tiny work-sharing pool. Shared by `ir-compat` and
//! `bench ir`.

use std::fs;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How a child process ended.
#[derive(Debug, Clone, Copy)]
pub enum Exit {
    /// It exited (or was killed by a signal) on its own.
    Done(ExitStatus),
    /// It ran past the deadline and was killed.
    TimedOut,
}

/// What one run of a command measured.
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    pub exit: Exit,
    /// Wall time from spawn to reaping.
    pub wall: Duration,
    /// Peak resident set size in KiB (VmHWM), when asked for and readable.
    pub peak_kib: Option<u64>,
    /// User + system CPU time, when measured by `/usr/bin/time`.
    pub cpu: Option<Duration>,
}

impl Outcome {
    pub fn success(&self) -> bool {
        matches!(self.exit, Exit::Done(s) if s.success())
    }

    /// Short description of a failure: `exit status 2`, `killed by signal 9`,
    /// `timed out after 60 s`.
    pub fn describe(&self, timeout: Duration) -> String {
        match self.exit {
            Exit::TimedOut => format!("timed out after {} s", timeout.as_secs()),
            Exit::Done(s) => match s.code() {
                Some(c) => format!("exit status {c}"),
                None => format!("killed by a signal ({s})"),
            },
        }
    }
}

/// Runs `cmd` with stdin closed and the given stdout/stderr, killing it after
/// `timeout`. With `track_rss`, polls `/proc/<pid>/status` for VmHWM while the
/// child runs (the last value read before it exits is its peak, to within one
/// polling interval of allocation).
pub fn run(
    cmd: &mut Command,
    stdout: Stdio,
    stderr: Stdio,
    timeout: Duration,
    track_rss: bool,
) -> Result<Outcome, String> {
    let start = Instant::now();
    // Own process group, so a timeout also ends what a wrapper script started.
    let mut child = cmd
        .process_group(0)
        // An empty pipe: no reference tool waits on a terminal, and none
        // reads the runner's own stdin.
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", program_name(cmd)))?;
    drop(child.stdin.take());
    wait(&mut child, start, timeout, track_rss)
}

fn wait(
    child: &mut Child,
    start: Instant,
    timeout: Duration,
    track_rss: bool,
) -> Result<Outcome, String> {
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak_kib = None;
    // Poll quickly at first (short commands, accurate wall time), then back
    // off to at most 2 ms (still well under 1% of any timed run).
    let mut nap = Duration::from_micros(100);
    loop {
        if let Some(status) = child.try_wait().map_err(|e| format!("wait failed: {e}"))? {
            return Ok(Outcome {
                exit: Exit::Done(status),
                wall: start.elapsed(),
                peak_kib,
                cpu: None,
            });
        }
        if track_rss {
            if let Some(kib) = read_vm_hwm(Path::new(&status_path)) {
                peak_kib = Some(peak_kib.map_or(kib, |p: u64| p.max(kib)));
            }
        }
        if start.elapsed() > timeout {
            // The child may have exited meanwhile; kill errors are harmless.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .stderr(Stdio::null())
                .status();
            let _ = child.kill();
            let _ = child.wait();
            return Ok(Outcome {
                exit: Exit::TimedOut,
                wall: start.elapsed(),
                peak_kib,
                cpu: None,
            });
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(2));
    }
}

fn read_vm_hwm(path: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

pub fn program_name(cmd: &Command) -> String {
    cmd.get_program().to_string_lossy().into_owned()
}

/// Runs `f` on every item with `jobs` worker threads, returning the results
/// in item order. Items are handed out one at a time, largest-first ordering
/// is up to the caller.
pub fn par_map<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let slots: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(item);
                if let Ok(mut v) = slots.lock() {
                    v[i] = Some(r);
                }
            });
        }
    });
    slots
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

/// Default worker count: the machine's parallelism.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs `program args…` once with stdout discarded and stderr written to
/// `scratch/stderr.txt`, and measures it: wall time here, peak RSS from
/// `/usr/bin/time -f %M` when that exists (exact, from the kernel's rusage),
/// else by polling VmHWM.
pub fn measure(
    program: &Path,
    args: &[&std::ffi::OsStr],
    scratch: &Path,
    timeout: Duration,
) -> Result<Outcome, String> {
    let err_path = scratch.join("stderr.txt");
    let stderr = || {
        std::fs::File::create(&err_path)
            .map(Stdio::from)
            .map_err(|e| format!("cannot create {}: {e}", err_path.display()))
    };
    let time = Path::new("/usr/bin/time");
    if !time.is_file() {
        let mut cmd = Command::new(program);
        cmd.args(args);
        return run(&mut cmd, Stdio::null(), stderr()?, timeout, true);
    }
    let rss_file = scratch.join("time.out");
    let mut cmd = Command::new(time);
    cmd.args(["-f", "%e %M %U %S", "-o"])
        .arg(&rss_file)
        .arg(program)
        .args(args);
    let mut outcome = run(&mut cmd, Stdio::null(), stderr()?, timeout, false)?;
    let text = std::fs::read_to_string(&rss_file).unwrap_or_default();
    // With a failing command, time writes "Command exited…" first.
    let last = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let fields: Vec<&str> = last.split_whitespace().collect();
    outcome.peak_kib = fields.get(1).and_then(|m| m.parse().ok());
    let secs = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok());
    if let (Some(user), Some(sys)) = (secs(2), secs(3)) {
        outcome.cpu = Some(Duration::from_secs_f64(user + sys));
    }
    Ok(outcome)
}

/// What [`capture`] read of a child.
pub struct Captured {
    /// Stdout of a successful run, `None` if it failed.
    pub out: Option<Vec<u8>>,
    /// Its stderr, or how it ended when that is empty and it failed.
    pub err: String,
}

/// Runs `cmd` with a deadline, its stdout and stderr in temporary files
/// (pipes could fill up while `run` waits).
pub fn capture(mut cmd: Command, timeout: Duration) -> Result<Captured, String> {
    let dir = std::env::temp_dir();
    let out_path = dir.join(format!(
        "irkit-capture-{}-{:?}.out",
        std::process::id(),
        std::thread::current().id()
    ));
    let err_path = out_path.with_extension("err");
    let out = fs::File::create(&out_path)
        .map_err(|e| format!("cannot create {}: {e}", out_path.display()))?;
    let err = fs::File::create(&err_path)
        .map_err(|e| format!("cannot create {}: {e}", err_path.display()))?;
    let o = run(&mut cmd, Stdio::from(out), Stdio::from(err), timeout, false)?;
    let bytes = fs::read(&out_path).unwrap_or_default();
    let err = fs::read_to_string(&err_path).unwrap_or_default();
    let _ = fs::remove_file(&out_path);
    let _ = fs::remove_file(&err_path);
    Ok(Captured {
        out: o.success().then_some(bytes),
        err: if o.success() {
            err
        } else if err.trim().is_empty() {
            o.describe(timeout)
        } else {
            err
        },
    })
}
