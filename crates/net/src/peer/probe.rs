//! Raw round-trip probes after a game, for `dwarfs bench net`: pings over the same connections
//! the game used, one peer at a time and then to every peer at once.

use super::Driver;
use crate::envelope::NetMsg;
use dwarfs_engine::Game;
use libp2p::PeerId;
use std::collections::BTreeSet;
use std::time::Duration;
use web_time::Instant;

/// The raw round-trip probes of a run under way: the one in flight and those still to make.
pub(super) struct Probe {
    pub(super) nonce: u64,
    sent: Instant,
    pub(super) waiting: BTreeSet<PeerId>,
    /// Whether this probe pings every peer at once.
    all: bool,
    /// Peers still to probe one at a time, then rounds to all.
    plan: Vec<Option<PeerId>>,
}

impl<G: Game> Driver<G> {
    pub(super) fn send_done(&mut self) {
        let peers = self
            .session
            .as_ref()
            .map(|s| s.seat_peers().into_iter().flatten().collect::<Vec<_>>())
            .unwrap_or_default();
        for p in peers {
            if p != self.id.peer {
                self.send_net(p, &NetMsg::Done);
            }
        }
    }

    pub(super) fn start_probes(&mut self) {
        let others: Vec<PeerId> = self
            .session
            .as_ref()
            .map(|s| s.broadcast_peers())
            .unwrap_or_default();
        let mut plan = Vec::new();
        for _ in 0..self.spec.process.rtt_probes {
            for p in &others {
                plan.push(Some(*p));
            }
            plan.push(None);
        }
        plan.reverse();
        self.probe = Some(Probe {
            nonce: 0,
            sent: Instant::now(),
            waiting: BTreeSet::new(),
            all: false,
            plan,
        });
        self.next_probe();
    }

    fn next_probe(&mut self) {
        let others: Vec<PeerId> = self
            .session
            .as_ref()
            .map(|s| s.broadcast_peers())
            .unwrap_or_default();
        let Some(p) = self.probe.as_mut() else {
            return;
        };
        let Some(next) = p.plan.pop() else {
            self.probe = None;
            self.send_done();
            return;
        };
        p.nonce += 1;
        p.sent = Instant::now();
        p.all = next.is_none();
        p.waiting = match next {
            Some(peer) => [peer].into_iter().collect(),
            None => others.iter().copied().collect(),
        };
        let (nonce, targets): (u64, Vec<PeerId>) = (p.nonce, p.waiting.iter().copied().collect());
        for t in targets {
            self.send_net(t, &NetMsg::Ping(nonce));
        }
    }

    pub(super) fn poll_probe(&mut self) {
        let Some(p) = &self.probe else {
            return;
        };
        if !p.waiting.is_empty() {
            // A lost probe must not stall the run: give up on it after a while. The first one
            // waits longer: the other peers may still be finishing the game (with 8 peers on
            // a busy machine, a second was not enough and no probe was measured).
            let patience = if p.nonce == 1 { 10 } else { 1 };
            if p.sent.elapsed() > Duration::from_secs(patience) {
                self.probe = None;
                self.send_done();
            }
            return;
        }
        let us = p.sent.elapsed().as_micros() as u64;
        if p.all {
            self.report.rtt_all_us.push(us);
        } else {
            self.report.rtt_us.push(us);
        }
        self.next_probe();
    }

    /// A pong from `from`.
    pub(super) fn on_pong(&mut self, from: PeerId, nonce: u64) {
        if let Some(p) = self.probe.as_mut()
            && p.nonce == nonce
        {
            p.waiting.remove(&from);
        }
    }
}
