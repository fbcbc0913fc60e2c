//! Flushing files to disk on a thread of their own. A disk flush (`fdatasync`) can take
//! milliseconds; the driver writes the signing journal and replay checkpoints before it sends
//! what follows them (so a process that dies leaves them in the file) and has them flushed here
//! while the frames travel, instead of holding every move for the disk.

use std::fs::File;
use std::io;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// Which file a flush is for: a flush asked for while one of the same file waits is merged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Which {
    /// The replay file.
    Replay,
    /// The signing journal.
    Journal,
}

/// A thread that flushes files to disk, started on first use, ended with its handle.
#[derive(Default)]
pub(super) struct Flusher {
    to_thread: Option<mpsc::Sender<(Which, File)>>,
    /// The first flush that failed, reported by the next call.
    failed: Arc<Mutex<Option<io::Error>>>,
}

impl Flusher {
    /// Asks for `file` (a handle of `which`) to be flushed to disk soon. Returns the error of an
    /// earlier flush that failed, if any.
    pub(super) fn flush(&mut self, which: Which, file: File) -> io::Result<()> {
        self.check()?;
        let tx = match &self.to_thread {
            Some(tx) => tx,
            None => self.to_thread.insert(start(self.failed.clone())?),
        };
        if tx.send((which, file)).is_err() {
            self.to_thread = None;
            return Err(io::Error::other("the disk flush thread ended"));
        }
        Ok(())
    }

    /// The error of an earlier flush that failed, once.
    pub(super) fn check(&self) -> io::Result<()> {
        match self.failed.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

fn start(failed: Arc<Mutex<Option<io::Error>>>) -> io::Result<mpsc::Sender<(Which, File)>> {
    let (tx, rx) = mpsc::channel::<(Which, File)>();
    std::thread::Builder::new()
        .name("dwarfs-flush".into())
        .spawn(move || {
            while let Ok(first) = rx.recv() {
                // Everything asked for meanwhile: one flush per file.
                let mut due = vec![first];
                while let Ok((which, file)) = rx.try_recv() {
                    due.retain(|(w, _)| *w != which);
                    due.push((which, file));
                }
                for (_, file) in due {
                    if let Err(e) = file.sync_data() {
                        failed
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .get_or_insert(e);
                    }
                }
            }
        })?;
    Ok(tx)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flush_that_fails_is_reported_by_the_next_call() {
        let dir = tempfile::tempdir().unwrap();
        let mut f = Flusher::default();
        let ok = File::create(dir.path().join("a")).unwrap();
        f.flush(Which::Replay, ok).unwrap();
        // A directory opened read-only cannot be data-synced on every system; a closed pipe
        // can never be: use a handle whose flush fails everywhere we run.
        #[cfg(target_os = "linux")]
        {
            let (r, w) = std::io::pipe().unwrap();
            drop(r);
            let file = File::from(std::os::fd::OwnedFd::from(w));
            f.flush(Which::Journal, file).unwrap();
            let mut reported = false;
            for _ in 0..200 {
                std::thread::sleep(std::time::Duration::from_millis(5));
                if f.check().is_err() {
                    reported = true;
                    break;
                }
            }
            assert!(reported, "the failed flush was not reported");
            assert!(f.check().is_ok(), "reported once");
        }
    }
}
