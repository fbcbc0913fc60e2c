//! Per-peer rate limits on logical time: a token bucket per peer and kind of request, in integer
//! milli-tokens (no floats, no clock: the time is the session's logical milliseconds).
//!
//! What a remote peer may make a session do is bounded both in rate and in memory:
//!
//! | what                          | burst                  | sustained                               |
//! |-------------------------------|------------------------|-----------------------------------------|
//! | chat lines shown              | [`CHAT_BURST`]         | one per [`CHAT_EVERY_MS`]               |
//! | log requests answered         | [`SYNC_BURST`]         | [`SYNC_PER_RETRANSMIT`] per retransmission period |
//! | evidence checked (relayed)    | [`EVIDENCE_BURST`]     | one per [`EVIDENCE_EVERY_MS`]           |
//!
//! An honest peer stays well under these: it asks for the log about once per retransmission
//! period per peer (plus a few times in a row while catching up), chats at human speed, and
//! relays evidence once per finding. What is over the rate is dropped (a log request is asked
//! again at the next retransmission, so a legitimate peer is only slowed).
//!
//! Each [`Limiter`] keeps at most [`MAX_PEERS`] peers' buckets. A new peer past that takes the
//! place of a peer whose bucket has refilled (it has been quiet); if none has, the new peer's
//! request is dropped until one has.
//!
//! Everything else a remote peer can make a session hold or send is bounded too, by the limits
//! here and elsewhere:
//!
//! | what                                   | bound                                              |
//! |----------------------------------------|----------------------------------------------------|
//! | a frame; a chat line                   | [`crate::wire::MAX_FRAME`] bytes; [`crate::wire::MAX_CHAT_LEN`] bytes (a longer line is dropped) |
//! | findings reported (events, evidence)   | [`MAX_CHEAT_REPORTS`], each once                   |
//! | peers with no seat reported            | [`MAX_UNKNOWN_REPORTS`]                            |
//! | chat counters remembered               | [`CHATS_SEEN_PER_SEAT`] per seat                   |
//! | moves, acks, secret commitments and reveals buffered ahead | within [`MOVES_AHEAD`] moves past the last final one; at most 4 moves per number, one ack, commitment and reveal per seat and number |
//! | takeover votes held                    | one per voter and seat, for the move just final, the one under way and the next; dropped once the move after theirs is final (a takeover's own kept only to answer syncs) |
//! | moves and acks counted before their signature is checked | within [`MOVES_AHEAD`] moves, checked at the latest [`crate::session::DEFERRED_MOVES`] moves later |
//! | log sync answers                       | [`crate::Settings::sync_chunk`] moves each, at the rate above |
//! | disputes (`session/dispute.rs`: acks that disagree on a signed move) | one, on the move under way (the game stops at its end); our signed move sent to each disagreeing peer once when it starts and once per retransmission period, for [`crate::Settings::silence_ms`] at most; what comes back is a move checked as a relayed one |
//!
//! [`crate::Settings`] holds the timers (retransmission, silence, gone-timeout) these count in.

use std::collections::BTreeMap;

/// Chat lines a peer may send at once.
pub const CHAT_BURST: u32 = 10;
/// After the burst, one chat line per this many milliseconds.
pub const CHAT_EVERY_MS: u64 = 1_000;
/// Log requests a peer may send at once.
pub const SYNC_BURST: u32 = 16;
/// After the burst, this many log requests per retransmission period (`Settings::retransmit_ms`).
pub const SYNC_PER_RETRANSMIT: u64 = 4;
/// Evidence messages a peer may relay at once.
pub const EVIDENCE_BURST: u32 = 4;
/// After the burst, one evidence message per this many milliseconds.
pub const EVIDENCE_EVERY_MS: u64 = 1_000;
/// Most peers whose buckets one limiter keeps.
pub const MAX_PEERS: usize = 64;

/// Most distinct cheat findings a session reports (as events and evidence broadcasts). Findings
/// past this are not reported; a finding that halts the game still halts it.
pub const MAX_CHEAT_REPORTS: usize = 256;

/// Most peers with no seat a session reports as [`crate::CheatKind::UnknownPeer`]; later ones
/// are ignored quietly (a driver drops such peers' frames before the session anyway).
pub const MAX_UNKNOWN_REPORTS: usize = 16;

/// How far past the last final move a session buffers what peers send ahead of it (moves,
/// acks, secret commitments and reveals); anything further is dropped (it is sent again).
pub const MOVES_AHEAD: u32 = 64;

/// Chat counters a session remembers per seat to recognise duplicates: the highest ones; a line
/// whose counter is below all of them, once this many are held, counts as seen.
pub const CHATS_SEEN_PER_SEAT: usize = 64;

/// A rate: a burst of `burst` requests, then one every `every_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Requests allowed at once (the bucket's size).
    pub burst: u32,
    /// Milliseconds to earn one more request (at least 1).
    pub every_ms: u64,
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    /// Milli-tokens held.
    milli: u64,
    /// When it was last refilled.
    at: u64,
}

/// Token buckets per key, at most [`MAX_PEERS`] of them.
#[derive(Clone, Debug)]
pub struct Limiter<K: Ord + Clone> {
    rate: Rate,
    buckets: BTreeMap<K, Bucket>,
    dropped: u64,
}

impl<K: Ord + Clone> Limiter<K> {
    /// A limiter at `rate`.
    pub fn new(rate: Rate) -> Self {
        Limiter {
            rate: Rate {
                burst: rate.burst.max(1),
                every_ms: rate.every_ms.max(1),
            },
            buckets: BTreeMap::new(),
            dropped: 0,
        }
    }

    fn full(&self) -> u64 {
        u64::from(self.rate.burst) * 1000
    }

    fn refilled(&self, b: Bucket, now: u64) -> u64 {
        let earned = now
            .saturating_sub(b.at)
            .saturating_mul(1000)
            .checked_div(self.rate.every_ms)
            .unwrap_or(0);
        b.milli.saturating_add(earned).min(self.full())
    }

    /// Takes one request of `key` at logical time `now`: true if it is within its rate (and
    /// counted), false if it must be dropped.
    pub fn allow(&mut self, key: &K, now: u64) -> bool {
        if !self.buckets.contains_key(key) && self.buckets.len() >= MAX_PEERS {
            // Make room from peers that have been quiet long enough to be full again.
            let full = self.full();
            let quiet: Vec<K> = self
                .buckets
                .iter()
                .filter(|(_, b)| self.refilled(**b, now) >= full)
                .map(|(k, _)| k.clone())
                .collect();
            for k in quiet {
                self.buckets.remove(&k);
            }
            if self.buckets.len() >= MAX_PEERS {
                self.dropped += 1;
                return false;
            }
        }
        let full = self.full();
        let b = self.buckets.get(key).copied().unwrap_or(Bucket {
            milli: full,
            at: now,
        });
        let milli = self.refilled(b, now);
        let (milli, ok) = match milli.checked_sub(1000) {
            Some(left) => (left, true),
            None => (milli, false),
        };
        self.buckets.insert(
            key.clone(),
            Bucket {
                milli,
                at: now.max(b.at),
            },
        );
        if !ok {
            self.dropped += 1;
        }
        ok
    }

    /// Requests dropped so far.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// Peers whose buckets are kept.
    pub fn tracked(&self) -> usize {
        self.buckets.len()
    }
}

/// The limits of one session, per remote peer.
#[derive(Clone, Debug)]
pub struct PeerLimits<K: Ord + Clone> {
    /// Chat lines.
    pub chat: Limiter<K>,
    /// Log requests.
    pub sync: Limiter<K>,
    /// Relayed evidence.
    pub evidence: Limiter<K>,
}

impl<K: Ord + Clone> PeerLimits<K> {
    /// The limits of the table above, for a session that retransmits every `retransmit_ms`.
    pub fn new(retransmit_ms: u64) -> Self {
        PeerLimits {
            chat: Limiter::new(Rate {
                burst: CHAT_BURST,
                every_ms: CHAT_EVERY_MS,
            }),
            sync: Limiter::new(Rate {
                burst: SYNC_BURST,
                every_ms: retransmit_ms / SYNC_PER_RETRANSMIT,
            }),
            evidence: Limiter::new(Rate {
                burst: EVIDENCE_BURST,
                every_ms: EVIDENCE_EVERY_MS,
            }),
        }
    }

    /// Requests dropped so far, of every kind.
    pub fn dropped(&self) -> u64 {
        self.chat.dropped() + self.sync.dropped() + self.evidence.dropped()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_sustained_rate_and_a_quiet_peer_is_full_again() {
        let mut l = Limiter::new(Rate {
            burst: 3,
            every_ms: 100,
        });
        let got: Vec<bool> = (0..5).map(|_| l.allow(&1u8, 1_000)).collect();
        assert_eq!(got, [true, true, true, false, false]);
        // 250 ms earn two and a half requests: two more pass.
        let got: Vec<bool> = (0..3).map(|_| l.allow(&1u8, 1_250)).collect();
        assert_eq!(got, [true, true, false]);
        // Another peer has its own bucket.
        assert!(l.allow(&2u8, 1_250));
        assert_eq!(l.dropped(), 3);
        // Long quiet: a full burst again, never more.
        let got = (0..5).filter(|_| l.allow(&1u8, 100_000)).count();
        assert_eq!(got, 3);
    }

    #[test]
    fn at_most_max_peers_are_tracked_and_quiet_ones_make_room() {
        let mut l = Limiter::new(Rate {
            burst: 2,
            every_ms: 1_000,
        });
        for k in 0..MAX_PEERS as u32 {
            assert!(l.allow(&k, 0));
        }
        // Every tracked peer spent a token just now: a newcomer waits.
        assert!(!l.allow(&9_999, 0));
        assert_eq!(l.tracked(), MAX_PEERS);
        // Once they have refilled, the newcomer takes a quiet one's place.
        assert!(l.allow(&9_999, 5_000));
        assert!(l.tracked() <= MAX_PEERS);
    }
}
