//! Checking deferred signatures on a thread of their own. The session counts moves and acks
//! that came over their author's own connection before their signatures are checked, and hands
//! the checks out as [`SignatureWork`] (see `dwarfs_protocol::Session::take_signature_work`): a
//! batch takes a few hundred microseconds, which the driver would otherwise spend while the next
//! move waits for it. (A lower priority for the thread, a nice increment of 10 or
//! `SCHED_IDLE`, was measured and did not help: the same p50 and a worse p99 with 2 peers.)

use dwarfs_protocol::{SignatureVerdict, SignatureWork};
use std::sync::mpsc;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

/// A thread that runs signature work, started on first use, ended with its handle.
pub(super) struct Checker {
    to_thread: Option<mpsc::Sender<SignatureWork>>,
    verdicts: UnboundedReceiver<SignatureVerdict>,
    /// A sender for the thread's verdicts (kept to start the thread with).
    sender: UnboundedSender<SignatureVerdict>,
    /// Whether the thread could not be started: the work is then run in place.
    in_place: bool,
}

impl Default for Checker {
    fn default() -> Self {
        let (sender, verdicts) = unbounded_channel();
        Checker {
            to_thread: None,
            verdicts,
            sender,
            in_place: false,
        }
    }
}

impl Checker {
    /// Has `work` run on the checking thread; its verdict comes from [`Checker::verdict`]. Should
    /// the thread be gone or refused, the work is run here and its verdict returned at once.
    pub(super) fn hand(&mut self, work: SignatureWork) -> Option<SignatureVerdict> {
        if !self.in_place && self.to_thread.is_none() {
            match start(self.sender.clone()) {
                Ok(tx) => self.to_thread = Some(tx),
                Err(e) => {
                    tracing::warn!("signatures are checked in place: no thread for them: {e}");
                    self.in_place = true;
                }
            }
        }
        let Some(tx) = &self.to_thread else {
            return Some(work.run());
        };
        match tx.send(work) {
            Ok(()) => None,
            Err(mpsc::SendError(work)) => {
                self.to_thread = None;
                self.in_place = true;
                Some(work.run())
            }
        }
    }

    /// A verdict that came back, if any.
    pub(super) fn try_verdict(&mut self) -> Option<SignatureVerdict> {
        self.verdicts.try_recv().ok()
    }

    /// The next verdict (never ready while no work is out).
    pub(super) async fn verdict(&mut self) -> SignatureVerdict {
        match self.verdicts.recv().await {
            Some(v) => v,
            // Unreachable while `self.sender` lives; wait for ever rather than spin.
            None => std::future::pending().await,
        }
    }
}

fn start(
    verdicts: UnboundedSender<SignatureVerdict>,
) -> std::io::Result<mpsc::Sender<SignatureWork>> {
    let (tx, rx) = mpsc::channel::<SignatureWork>();
    std::thread::Builder::new()
        .name("dwarfs-checks".into())
        .spawn(move || {
            while let Ok(work) = rx.recv() {
                if verdicts.send(work.run()).is_err() {
                    break;
                }
            }
        })?;
    Ok(tx)
}
