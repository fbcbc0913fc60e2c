//! The lockstep record of a game ([`Ledger`]): what a session has agreed and holds, apart from
//! who it talks to and how.

use super::{LogEntry, Pending};
use crate::beacon::ChainTracker;
use crate::message::{Ack, MoveBody, Signed};
use dwarfs_engine::{Game, Seat, StateHash};
use std::collections::BTreeMap;

/// The lockstep record of a game: the state after the last final move (and the move pending on
/// it), every final move with its acks, and what is held for later moves. Only finality
/// (`finality.rs`) moves `final_seq` on; a move is `pending` until every live player acked the
/// same hash after it.
pub(super) struct Ledger<G: Game> {
    /// The state (after the pending move, if one is pending).
    pub(super) state: G,
    /// The hash of `state`, once computed (cleared whenever `state` changes otherwise than by
    /// `applied`, which sets it): each state is hashed once.
    pub(super) hash_cache: Option<StateHash>,
    /// The last final move's number (0 before the first).
    pub(super) final_seq: u32,
    /// The move applied and not yet final.
    pub(super) pending: Option<Pending<G>>,
    /// Acks held by move number, then by seat.
    pub(super) acks: BTreeMap<u32, Vec<Vec<Ack>>>,
    /// Each seat's ack of the last final move.
    pub(super) settled: Vec<Option<Ack>>,
    /// Each seat's beacon chain as its acks reveal it.
    pub(super) trackers: Vec<Option<ChainTracker>>,
    /// Moves received for a later number than the next, held until it comes.
    pub(super) future_moves: BTreeMap<u32, Vec<Signed<MoveBody>>>,
    /// Every final move with its acks (and a secret step's commitments and reveals).
    pub(super) log: Vec<LogEntry>,
    /// The beacon links of the live seats revealed with the acks of the last final move.
    pub(super) last_links: Vec<(Seat, crate::message::Link)>,
    /// Resumed at a move whose links the file lacks (see `relink.rs`): the state hash its acks
    /// sign, while they are fetched again. No takeover is recorded meanwhile.
    pub(super) relink: Option<StateHash>,
    /// Resumed from a file: the local seat may not play until every other live player answered
    /// a sync (see `recovery.rs`, `resync_answered`).
    pub(super) awaiting_resync: bool,
}

impl<G: Game> Ledger<G> {
    /// The record of a game about to be seeded, around its state before setup, for `n` seats.
    pub(super) fn new(state: G, n: usize) -> Self {
        Ledger {
            state,
            hash_cache: None,
            final_seq: 0,
            pending: None,
            acks: BTreeMap::new(),
            settled: vec![None; n],
            trackers: vec![None; n],
            future_moves: BTreeMap::new(),
            log: Vec::new(),
            last_links: Vec::new(),
            relink: None,
            awaiting_resync: false,
        }
    }
}
