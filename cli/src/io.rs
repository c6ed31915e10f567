//! Reading inputs and writing outputs: `-` is stdin/stdout; output files are
//! written whole or not at all (a temporary file renamed into place).

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

/// Writes `data` to `path` (stdout for `-`), atomically for files.
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

/// A streaming output: stdout for `-`, otherwise a temporary file beside the
/// destination that [`OutputSink::commit`] renames into place, so a failed
/// run never leaves a partial output file.
pub struct OutputSink {
    kind: SinkKind,
}

enum SinkKind {
    Stdout(std::io::BufWriter<std::io::Stdout>),
    File {
        w: std::io::BufWriter<std::fs::File>,
        tmp: PathBuf,
        dest: String,
    },
}

impl OutputSink {
    pub fn create(path: &str) -> Result<OutputSink, String> {
        const BUF: usize = 1 << 16;
        if path == "-" {
            let w = std::io::BufWriter::with_capacity(BUF, std::io::stdout());
            return Ok(OutputSink {
                kind: SinkKind::Stdout(w),
            });
        }
        let p = Path::new(path);
        let tmp = p.with_extension(format!(
            "{}.irkit-tmp",
            p.extension().and_then(|e| e.to_str()).unwrap_or("out")
        ));
        let file =
            std::fs::File::create(&tmp).map_err(|e| format!("cannot write '{path}': {e}"))?;
        Ok(OutputSink {
            kind: SinkKind::File {
                w: std::io::BufWriter::with_capacity(BUF, file),
                tmp,
                dest: path.to_string(),
            },
        })
    }

    /// Flushes, and for a file renames it into place. A closed stdout pipe
    /// is not an error.
    pub fn commit(self) -> Result<(), String> {
        match self.kind {
            SinkKind::Stdout(mut w) => stdout_result(w.flush()),
            SinkKind::File { w, tmp, dest } => {
                let res = w
                    .into_inner()
                    .map_err(|e| e.into_error())
                    .and_then(|_file| std::fs::rename(&tmp, &dest));
                res.map_err(|e| {
                    let _ = std::fs::remove_file(&tmp);
                    format!("cannot write '{dest}': {e}")
                })
            }
        }
    }

    /// [`OutputSink::commit`], except that a file whose contents would not
    /// change is left untouched (its time stamp too).
    pub fn commit_if_changed(self) -> Result<(), String> {
        let SinkKind::File { w, tmp, dest } = self.kind else {
            return self.commit();
        };
        if let Err(e) = w.into_inner().map_err(|e| e.into_error()) {
            let _ = std::fs::remove_file(&tmp);
            return Err(format!("cannot write '{dest}': {e}"));
        }
        let same = match (std::fs::read(&tmp), std::fs::read(&dest)) {
            (Ok(new), Ok(old)) => new == old,
            _ => false,
        };
        if same {
            let _ = std::fs::remove_file(&tmp);
            return Ok(());
        }
        std::fs::rename(&tmp, &dest).map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("cannot write '{dest}': {e}")
        })
    }

    /// Gives up after a write error: drops the file and says what failed.
    /// A closed stdout pipe is not an error.
    pub fn abandon(self, e: std::io::Error) -> Result<(), String> {
        let dest = match &self.kind {
            SinkKind::File { dest, .. } => Some(dest.clone()),
            SinkKind::Stdout(_) => None,
        };
        self.discard();
        match dest {
            Some(dest) => Err(format!("cannot write '{dest}': {e}")),
            None => stdout_result(Err(e)),
        }
    }

    /// Drops what was written to a file (stdout output cannot be taken back).
    pub fn discard(self) {
        match self.kind {
            SinkKind::Stdout(mut w) => {
                let _ = w.flush();
            }
            SinkKind::File { w, tmp, .. } => {
                drop(w);
                let _ = std::fs::remove_file(&tmp);
            }
        }
    }
}

impl Write for OutputSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match &mut self.kind {
            SinkKind::Stdout(w) => w.write(buf),
            SinkKind::File { w, .. } => w.write(buf),
        }
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        match &mut self.kind {
            SinkKind::Stdout(w) => w.write_all(buf),
            SinkKind::File { w, .. } => w.write_all(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match &mut self.kind {
            SinkKind::Stdout(w) => w.flush(),
            SinkKind::File { w, .. } => w.flush(),
        }
    }
}
