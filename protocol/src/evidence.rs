//! Evidence of cheating: what was done, by whom, at which move, and the signed items that prove it.

use crate::message::LogItem;
use dwarfs_engine::Seat;
use libp2p_identity::PeerId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The kinds of misbehaviour the session detects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheatKind {
    /// A signature does not verify under the seat's key.
    BadSignature,
    /// A message from a peer that holds no seat in this game.
    UnknownPeer,
    /// A validly signed move when another seat (or chance) must act.
    OutOfTurn,
    /// A peer signed a message claiming a seat that is not its own.
    WrongSeat,
    /// A move signed over a previous state hash that is not the state it claims to follow.
    PrevHashMismatch,
    /// A signed move the rules engine rejects; the signed move is the proof.
    IllegalMove,
    /// Two different signed messages for one slot (move, ack, commit or reveal); both are kept.
    Equivocation,
    /// A reveal (seed nonce or beacon preimage) missing or not matching its commitment.
    WithheldReveal,
    /// A message for another game or a mismatched configuration.
    WrongGame,
    /// In a 2-player game, a lone takeover vote against a player who is still playing (it signed
    /// something new within the gone-timeout).
    Eviction,
    /// An ack that claims a re-roll (a takeover at its move) that no takeover justifies: a
    /// position past the re-roll chain, a link off the committed chain, or the position of a
    /// takeover at another move.
    FalseReroll,
    /// A signed state hash that the signed log does not give (replaying the log shows it), once
    /// the signed moves were exchanged and no mover equivocated.
    FalseHash,
}

impl fmt::Display for CheatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CheatKind::BadSignature => "bad signature",
            CheatKind::UnknownPeer => "unknown peer",
            CheatKind::OutOfTurn => "move out of turn",
            CheatKind::WrongSeat => "move from the wrong seat",
            CheatKind::PrevHashMismatch => "previous-hash mismatch",
            CheatKind::IllegalMove => "illegal move",
            CheatKind::Equivocation => "equivocation",
            CheatKind::WithheldReveal => "withheld or false reveal",
            CheatKind::WrongGame => "wrong game",
            CheatKind::Eviction => "voted out a player still playing",
            CheatKind::FalseReroll => "false re-roll claim",
            CheatKind::FalseHash => "false state hash",
        })
    }
}

impl CheatKind {
    /// Whether other peers can act on this finding's proof, so that it is worth relaying to
    /// them. Not a bad signature (anyone can make one: it proves nothing to a third party), a
    /// stranger's message, a wrong seat or game (nothing signed to hold against), or a false
    /// re-roll claim (every peer judges each ack's claim on arrival, and one held by us alone
    /// changes nothing elsewhere). Relaying them would only spend our share of what each peer
    /// checks of relayed evidence, which the finding that halts us needs (see
    /// `Session::on_evidence`).
    pub fn worth_relaying(self) -> bool {
        !matches!(
            self,
            CheatKind::BadSignature
                | CheatKind::UnknownPeer
                | CheatKind::WrongSeat
                | CheatKind::WrongGame
                | CheatKind::FalseReroll
        )
    }
}

/// A detected cheat, with the signed items that prove it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    /// What happened.
    pub kind: CheatKind,
    /// The accused seat, when known.
    pub seat: Option<Seat>,
    /// The accused peer's id bytes (`PeerId::to_bytes`).
    pub peer: Vec<u8>,
    /// The move (sequence number) concerned; 0 for the seed phase.
    pub seq: u32,
    /// A sentence explaining the finding.
    pub detail: String,
    /// The signed items that prove it (for equivocation: both).
    pub proof: Vec<LogItem>,
}

impl Evidence {
    /// The accused peer's id.
    pub fn peer_id(&self) -> Option<PeerId> {
        PeerId::from_bytes(&self.peer).ok()
    }
}

impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match (self.seat, self.peer_id()) {
            (Some(s), Some(p)) => format!("{s} ({p})"),
            (None, Some(p)) => format!("peer {p}"),
            (Some(s), None) => s.to_string(),
            (None, None) => "unknown peer".into(),
        };
        write!(
            f,
            "{} by {who} at move {}: {}",
            self.kind, self.seq, self.detail
        )
    }
}
