//! Output written in segments by two threads: the backends that print
//! every record (print-records, dump-json) cut their sorted records into
//! segments, format them on the calling thread and on a helper thread,
//! and write them in order. llvm-tblgen is single-threaded; the machine
//! running it usually has a second core.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// How many formatted segments may wait for the writer: bounds the memory
/// the helper can run ahead by.
const QUEUED: usize = 2;

/// Bytes gathered before a write when one thread formats everything.
const CHUNK: usize = 1 << 16;

/// Formats segments `0..segs` with `format(state, k, out)` (which appends
/// segment `k` to `out`) and writes them to `sink` in order. With
/// `parallel`, a helper thread formats segments too: both threads take the
/// next segment from a shared counter, the helper hands its texts over a
/// bounded channel, and the calling thread writes every segment in order.
/// Each thread has its own state, made by `init(helper)`. The output is
/// the same either way, as long as `format` appends the same text for a
/// segment whatever its state (states are memos). If the helper thread
/// cannot start or dies, the calling thread formats what it left.
pub(crate) fn write_segments<S, I, F>(
    segs: usize,
    parallel: bool,
    init: I,
    format: F,
    sink: &mut dyn Write,
) -> std::io::Result<()>
where
    I: Fn(bool) -> S + Sync,
    F: Fn(&mut S, usize, &mut String) + Sync,
{
    if !parallel {
        return write_serial(segs, &init, &format, sink);
    }
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::sync_channel::<(usize, String)>(QUEUED);
    // Written texts go back to the helper to be filled again.
    let (back_tx, back_rx) = mpsc::channel::<String>();
    std::thread::scope(|s| {
        let (init, format, next) = (&init, &format, &next);
        let helper = std::thread::Builder::new()
            .stack_size(crate::WORKER_STACK)
            .spawn_scoped(s, move || {
                let mut state = init(true);
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= segs {
                        return;
                    }
                    let mut text = back_rx.try_recv().unwrap_or_default();
                    format(&mut state, k, &mut text);
                    if tx.send((k, text)).is_err() {
                        // The writer stopped (a write failed).
                        return;
                    }
                }
            });
        let Ok(helper) = helper else {
            return write_serial(segs, init, format, sink);
        };
        let res = write_in_order(segs, next, init(false), format, &rx, &back_tx, sink);
        // After a failed write the helper may wait on a full channel: the
        // receiving end goes first, so that its send fails and it returns.
        drop(rx);
        // A panic in the helper was made up for: what it had not sent was
        // formatted here.
        let _ = helper.join();
        res
    })
}

/// The calling thread's part of [`write_segments`]: formats the segments
/// it takes and writes every segment in order, its own and those received.
/// When it takes segment `k`, all below `k` are taken already: those it
/// took are written, the others are the helper's, which sends in the
/// order it takes.
fn write_in_order<S, F>(
    segs: usize,
    next: &AtomicUsize,
    mut state: S,
    format: &F,
    rx: &mpsc::Receiver<(usize, String)>,
    back_tx: &mpsc::Sender<String>,
    sink: &mut dyn Write,
) -> std::io::Result<()>
where
    F: Fn(&mut S, usize, &mut String),
{
    let mut own = String::new();
    let mut early: Vec<(usize, String)> = Vec::new();
    let mut written = 0;
    loop {
        let k = next.fetch_add(1, Ordering::Relaxed).min(segs);
        if k < segs {
            own.clear();
            format(&mut state, k, &mut own);
        }
        while written < k {
            let mut text = match early.iter().position(|e| e.0 == written) {
                Some(at) => early.swap_remove(at).1,
                None => match rx.recv() {
                    Ok((j, text)) if j == written => text,
                    Ok(other) => {
                        early.push(other);
                        continue;
                    }
                    Err(_) => {
                        // The helper is gone: it took this segment and
                        // never sent it.
                        let mut text = String::new();
                        format(&mut state, written, &mut text);
                        text
                    }
                },
            };
            sink.write_all(text.as_bytes())?;
            text.clear();
            let _ = back_tx.send(text);
            written += 1;
        }
        if k == segs {
            return Ok(());
        }
        sink.write_all(own.as_bytes())?;
        written += 1;
    }
}

/// [`write_segments`] on the calling thread alone, written in chunks.
fn write_serial<S, I, F>(
    segs: usize,
    init: &I,
    format: &F,
    sink: &mut dyn Write,
) -> std::io::Result<()>
where
    I: Fn(bool) -> S,
    F: Fn(&mut S, usize, &mut String),
{
    let mut out = String::with_capacity(2 * CHUNK);
    let mut state = init(false);
    for k in 0..segs {
        format(&mut state, k, &mut out);
        if out.len() >= CHUNK {
            sink.write_all(out.as_bytes())?;
            out.clear();
        }
    }
    sink.write_all(out.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::write_segments;

    fn seg_text(k: usize) -> String {
        // Segments of varied length, some empty.
        format!("<{k}>").repeat(k % 7 * 300)
    }

    fn run(segs: usize, parallel: bool, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
        write_segments(
            segs,
            parallel,
            |_| 0usize,
            |n: &mut usize, k, out: &mut String| {
                *n += 1;
                out.push_str(&seg_text(k));
            },
            sink,
        )
    }

    #[test]
    fn two_threads_write_what_one_writes() {
        for segs in [0, 1, 2, 3, 50, 1000] {
            let want: String = (0..segs).map(seg_text).collect();
            for parallel in [false, true] {
                let mut got = Vec::new();
                assert!(run(segs, parallel, &mut got).is_ok());
                assert!(got == want.as_bytes(), "segs {segs}, parallel {parallel}");
            }
        }
    }

    /// A sink that fails after `left` bytes, as a pipe closed early does.
    struct Closing {
        left: usize,
        got: Vec<u8>,
    }

    impl std::io::Write for Closing {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.left == 0 {
                return Err(std::io::ErrorKind::BrokenPipe.into());
            }
            let n = buf.len().min(self.left);
            self.left -= n;
            self.got.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn what_a_dead_helper_took_is_formatted_by_the_writer() {
        let want: String = (0..200).map(seg_text).collect();
        let mut got = Vec::new();
        let res = write_segments(
            200,
            true,
            |helper| helper,
            |helper: &mut bool, k, out: &mut String| {
                assert!(!*helper || k < 20, "the helper stops here");
                out.push_str(&seg_text(k));
            },
            &mut got,
        );
        assert!(res.is_ok());
        assert!(got == want.as_bytes());
    }

    #[test]
    fn a_failed_write_stops_both_threads_with_the_error() {
        let want: String = (0..1000).map(seg_text).collect();
        for left in [0, 1, 5000, 100_000] {
            for parallel in [false, true] {
                let mut sink = Closing {
                    left,
                    got: Vec::new(),
                };
                let res = run(1000, parallel, &mut sink);
                assert!(
                    res.is_err_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe),
                    "left {left}"
                );
                assert!(sink.got == want.as_bytes()[..left]);
            }
        }
    }
}
