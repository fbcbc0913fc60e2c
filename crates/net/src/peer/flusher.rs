//! Flushing files to disk on a thread of their own. A disk flush (`fdatasync`) can take
//! milliseconds; the driver writes the signing journal and replay checkpoints before it sends
//! what follows them (so a process that dies leaves them in the file) and has them flushed here
//! while the frames travel, instead of holding every move for the disk.
//!
//! The thread gathers: after a flush is asked for it waits [`GATHER`] before flushing, and
//! everything asked for meanwhile is one flush per file. Bots playing at full speed make a move
//! every few hundred microseconds; one `fdatasync` per move per file was about a tenth of a
//! peer's processor time (`docs/benchmarks.md`, Network move path). What this costs: a record
//! reaches the disk up to [`GATHER`] later. It is in the operating system's cache at once (the
//! driver writes it before it sends what follows), so a peer process that dies loses nothing;
//! only a machine that loses power inside that window can lose its last moves, as it already
//! could while a flush was under way.

use std::fs::File;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long the thread waits after a flush is asked for, gathering the ones asked for meanwhile.
pub(super) const GATHER: Duration = Duration::from_millis(10);

/// Which file a flush is for: a flush asked for while one of the same file waits is merged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Which {
    /// The replay file.
    Replay,
    /// The signing journal.
    Journal,
}

impl Which {
    fn index(self) -> usize {
        match self {
            Which::Replay => 0,
            Which::Journal => 1,
        }
    }
}

/// Per file, whether a flush is asked for and not yet taken up by the thread: one asked for
/// meanwhile is covered by it (the thread takes it up before it flushes), so nothing is sent.
type Pending = Arc<[AtomicBool; 2]>;

/// A thread that flushes files to disk, started on first use, ended with its handle.
pub(super) struct Flusher {
    to_thread: Option<mpsc::Sender<(Which, File)>>,
    pending: Pending,
    /// How long the thread gathers ([`GATHER`]; longer in tests).
    gather: Duration,
    /// The first flush that failed, reported by the next call.
    failed: Arc<Mutex<Option<io::Error>>>,
}

impl Default for Flusher {
    fn default() -> Self {
        Flusher {
            to_thread: None,
            pending: Pending::default(),
            gather: GATHER,
            failed: Arc::default(),
        }
    }
}

impl Flusher {
    /// Asks for the file `which` to be flushed to disk soon, covering everything written to it
    /// so far: `file` makes a handle of it, when one is needed (none while a flush of the same
    /// file waits). Returns the error of an earlier flush that failed, if any.
    pub(super) fn flush(
        &mut self,
        which: Which,
        file: impl FnOnce() -> io::Result<File>,
    ) -> io::Result<()> {
        self.check()?;
        if self.to_thread.is_some() && self.pending[which.index()].load(Ordering::SeqCst) {
            return Ok(());
        }
        let file = file()?;
        let tx = match &self.to_thread {
            Some(tx) => tx,
            None => self.to_thread.insert(start(
                self.failed.clone(),
                self.pending.clone(),
                self.gather,
            )?),
        };
        self.pending[which.index()].store(true, Ordering::SeqCst);
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

fn start(
    failed: Arc<Mutex<Option<io::Error>>>,
    pending: Pending,
    gather: Duration,
) -> io::Result<mpsc::Sender<(Which, File)>> {
    let (tx, rx) = mpsc::channel::<(Which, File)>();
    std::thread::Builder::new()
        .name("dwarfs-flush".into())
        .spawn(move || {
            while let Ok(first) = rx.recv() {
                // Asleep, not waiting on the channel: a send meanwhile does not wake us.
                std::thread::sleep(gather);
                // Everything asked for meanwhile: one flush per file.
                let mut due = vec![first];
                while let Ok((which, file)) = rx.try_recv() {
                    due.retain(|(w, _)| *w != which);
                    due.push((which, file));
                }
                // Taken up: what is written from now on needs a flush asked for anew. (What was
                // written before a caller saw the flag still set is covered by the flush below.)
                for (which, _) in &due {
                    pending[which.index()].store(false, Ordering::SeqCst);
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
    fn a_flush_asked_for_while_one_waits_is_covered_by_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a");
        File::create(&path).unwrap();
        let mut f = Flusher {
            gather: Duration::from_secs(1),
            ..Flusher::default()
        };
        let mut handles = 0;
        let mut ask = |f: &mut Flusher, which| {
            f.flush(which, || {
                handles += 1;
                File::open(&path)
            })
            .unwrap()
        };
        ask(&mut f, Which::Replay);
        ask(&mut f, Which::Replay);
        ask(&mut f, Which::Journal);
        ask(&mut f, Which::Journal);
        // Inside the gathering second: one handle per file.
        assert!(f.pending.iter().all(|p| p.load(Ordering::SeqCst)));
        // Once the thread took them up, a new flush is asked for anew.
        let mut taken = false;
        for _ in 0..400 {
            std::thread::sleep(Duration::from_millis(10));
            if f.pending.iter().all(|p| !p.load(Ordering::SeqCst)) {
                taken = true;
                break;
            }
        }
        assert!(taken, "the thread never took the flushes up");
        ask(&mut f, Which::Replay);
        assert_eq!(handles, 3);
    }

    #[test]
    fn a_flush_that_fails_is_reported_by_the_next_call() {
        let dir = tempfile::tempdir().unwrap();
        let mut f = Flusher::default();
        let ok = File::create(dir.path().join("a")).unwrap();
        f.flush(Which::Replay, || Ok(ok)).unwrap();
        // A directory opened read-only cannot be data-synced on every system; a closed pipe
        // can never be: use a handle whose flush fails everywhere we run.
        #[cfg(target_os = "linux")]
        {
            let (r, w) = std::io::pipe().unwrap();
            drop(r);
            let file = File::from(std::os::fd::OwnedFd::from(w));
            f.flush(Which::Journal, || Ok(file)).unwrap();
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
