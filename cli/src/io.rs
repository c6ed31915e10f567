//! Reading inputs and writing outputs: `-` is stdin/stdout; a regular output
//! file is written whole or not at all (a temporary file renamed into place);
//! a device, FIFO or socket is written in place, never replaced.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Reads `path`, or stdin for `-`. Returns the display name and the text.
pub fn read_input(path: &str) -> Result<(String, String), String> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| format!("cannot read <stdin>: {e}"))?;
        return Ok(("<stdin>".to_string(), s));
    }
    let bytes =
        std::fs::read(path).map_err(|e| format!("could not open input file '{path}': {e}"))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("input file '{path}' is not valid UTF-8"))?;
    Ok((path.to_string(), text))
}

/// Writes `data` to `path` (stdout for `-`), atomically for regular files.
pub fn write_output(path: &str, data: &[u8]) -> Result<(), String> {
    let mut sink = OutputSink::create(path)?;
    match sink.write_all(data) {
        Ok(()) => sink.commit(),
        Err(e) => sink.abandon(e),
    }
}

/// The result of writing to stdout. A closed pipe (`irkit ... | head`) is not
/// an error: the reader has what it wanted, as with LLVM's tools.
pub fn stdout_result(res: std::io::Result<()>) -> Result<(), String> {
    match res {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(|e| format!("cannot write output: {e}")),
    }
}

/// A streaming output for `-o`: stdout for `-`; for a regular file (or a
/// name that does not exist yet) a temporary file beside the final target
/// that [`OutputSink::commit`] renames over it, so a failed run leaves an
/// existing file untouched; for anything else (a character or block device
/// such as `/dev/null`, a FIFO, a socket, `/dev/stdout`) the target itself,
/// opened and written in place, as LLVM's tools do. A symlink is followed to
/// its final target and that file is replaced; the link stays a link.
pub struct OutputSink {
    kind: SinkKind,
}

enum SinkKind {
    Stdout(std::io::BufWriter<std::io::Stdout>),
    /// A device, FIFO or socket: written in place; nothing to undo.
    InPlace {
        w: std::io::BufWriter<std::fs::File>,
        dest: String,
    },
    /// A regular file: written beside `target`, renamed over it on commit.
    /// `tmp` is `None` once renamed.
    Atomic {
        w: std::io::BufWriter<std::fs::File>,
        tmp: Option<PathBuf>,
        target: PathBuf,
        dest: String,
    },
}

const BUF: usize = 1 << 16;
/// As many links as Linux follows before ELOOP.
const MAX_SYMLINKS: usize = 40;

impl OutputSink {
    pub fn create(path: &str) -> Result<OutputSink, String> {
        if path == "-" {
            let w = std::io::BufWriter::with_capacity(BUF, std::io::stdout());
            return Ok(OutputSink {
                kind: SinkKind::Stdout(w),
            });
        }
        let fail = |e: std::io::Error| format!("cannot write '{path}': {e}");
        // `metadata` follows symlinks, including /proc's magic ones behind
        // `/dev/stdout`, which name no path that could be renamed over.
        match std::fs::metadata(path) {
            Ok(md) if md.is_dir() => Err(format!("cannot write '{path}': it is a directory")),
            Ok(md) if !md.is_file() => {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(fail)?;
                Ok(OutputSink {
                    kind: SinkKind::InPlace {
                        w: std::io::BufWriter::with_capacity(BUF, file),
                        dest: path.to_string(),
                    },
                })
            }
            Ok(md) => {
                let target = std::fs::canonicalize(path).map_err(fail)?;
                Self::atomic(path, target, Some(md.permissions()))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let target = final_target(Path::new(path)).map_err(fail)?;
                Self::atomic(path, target, None)
            }
            Err(e) => Err(fail(e)),
        }
    }

    fn atomic(
        dest: &str,
        target: PathBuf,
        perms: Option<std::fs::Permissions>,
    ) -> Result<OutputSink, String> {
        let fail = |e: std::io::Error| format!("cannot write '{dest}': {e}");
        let (tmp, file) = create_temp_beside(&target).map_err(fail)?;
        if let Some(p) = perms {
            // Keep the mode of the file being replaced (best effort: the
            // output itself is what matters).
            let _ = file.set_permissions(p);
        }
        Ok(OutputSink {
            kind: SinkKind::Atomic {
                w: std::io::BufWriter::with_capacity(BUF, file),
                tmp: Some(tmp),
                target,
                dest: dest.to_string(),
            },
        })
    }

    /// Flushes, and for a regular file renames it into place. A closed
    /// stdout pipe is not an error.
    pub fn commit(mut self) -> Result<(), String> {
        match &mut self.kind {
            SinkKind::Stdout(w) => stdout_result(w.flush()),
            SinkKind::InPlace { w, dest } => {
                w.flush().map_err(|e| format!("cannot write '{dest}': {e}"))
            }
            SinkKind::Atomic {
                w,
                tmp,
                target,
                dest,
            } => {
                let res = w.flush().and_then(|()| match tmp.as_ref() {
                    Some(t) => std::fs::rename(t, &*target),
                    None => Ok(()),
                });
                match res {
                    // Renamed: nothing is left to remove on drop.
                    Ok(()) => {
                        tmp.take();
                        Ok(())
                    }
                    // Drop removes the temporary file.
                    Err(e) => Err(format!("cannot write '{dest}': {e}")),
                }
            }
        }
    }

    /// [`OutputSink::commit`], except that a regular file whose contents
    /// would not change is left untouched (its time stamp too).
    pub fn commit_if_changed(mut self) -> Result<(), String> {
        if let SinkKind::Atomic {
            w,
            tmp,
            target,
            dest,
        } = &mut self.kind
        {
            if let Err(e) = w.flush() {
                return Err(format!("cannot write '{dest}': {e}"));
            }
            let same = match (tmp.as_ref().map(std::fs::read), std::fs::read(&*target)) {
                (Some(Ok(new)), Ok(old)) => new == old,
                _ => false,
            };
            if same {
                // Drop removes the temporary file.
                return Ok(());
            }
        }
        self.commit()
    }

    /// Gives up after a write error and says what failed. A closed stdout
    /// pipe is not an error.
    pub fn abandon(self, e: std::io::Error) -> Result<(), String> {
        match &self.kind {
            SinkKind::Stdout(_) => {
                drop(self);
                stdout_result(Err(e))
            }
            SinkKind::InPlace { dest, .. } | SinkKind::Atomic { dest, .. } => {
                let msg = format!("cannot write '{dest}': {e}");
                drop(self);
                Err(msg)
            }
        }
    }

    /// Drops what was written to a regular file. Output already written to
    /// stdout, a device or a FIFO cannot be taken back.
    pub fn discard(self) {}
}

impl Drop for OutputSink {
    fn drop(&mut self) {
        match &mut self.kind {
            SinkKind::Stdout(w) => {
                let _ = w.flush();
            }
            SinkKind::InPlace { w, .. } => {
                let _ = w.flush();
            }
            SinkKind::Atomic { tmp, .. } => {
                // An uncommitted file never lands.
                if let Some(t) = tmp.take() {
                    let _ = std::fs::remove_file(t);
                }
            }
        }
    }
}

/// Where writing `path` should land when nothing exists there: `path`
/// itself, or the end of a chain of dangling symlinks.
fn final_target(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_SYMLINKS {
        match std::fs::symlink_metadata(&p) {
            Ok(md) if md.file_type().is_symlink() => {
                let next = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if next.is_relative() => dir.join(next),
                    _ => next,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Creates a new, uniquely named temporary file in `target`'s directory (so
/// the rename stays on one file system).
fn create_temp_beside(target: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".to_string());
    let pid = std::process::id();
    let mut n = 0u32;
    loop {
        let tmp = dir.join(format!(".{name}.{pid}-{n}.irkit-tmp"));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

impl Write for OutputSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.writer().write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.writer().write_all(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.writer().flush()
    }
}

impl OutputSink {
    fn writer(&mut self) -> &mut dyn Write {
        match &mut self.kind {
            SinkKind::Stdout(w) => w,
            SinkKind::InPlace { w, .. } => w,
            SinkKind::Atomic { w, .. } => w,
        }
    }
}
