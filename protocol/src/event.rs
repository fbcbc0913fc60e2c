//! What a session tells its driver: messages to send ([`Transmit`]) and things that happened
//! ([`Event`]).

use crate::evidence::Evidence;
use crate::message::{AckStage, Message};
use dwarfs_engine::{Entropy, Game, Outcome, Seat, StateHash};
use libp2p_identity::PeerId;

/// Where a message goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// One peer.
    Peer(PeerId),
    /// Every other seated (human, not taken-over) peer of the game; see
    /// [`crate::Session::broadcast_peers`].
    Broadcast,
}

/// A message the driver must send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transmit {
    /// To whom.
    pub to: Destination,
    /// What (encode with [`crate::wire::encode`]).
    pub message: Message,
}

/// What the session is waiting for from a silent peer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// Its seed commit.
    Commit,
    /// Its seed reveal (after it committed), or, after a takeover at the seed round, its re-roll
    /// link (an ack of move 0): withheld that long, the others may hand its seat to the bot.
    Reveal,
    /// Its move number `seq`.
    Move(u32),
    /// Its ack of move `seq`.
    Ack(u32),
    /// Its takeover vote at move `seq`: we voted to hand a silent seat to the bot and this
    /// player has sent nothing for that move since (it may be silent too).
    Vote(u32),
    /// Its reveal of its secret choice at the simultaneous step `seq` (every commitment of the
    /// step is in; its commitment is evidence that it withholds the reveal).
    SecretReveal(u32),
}

impl std::fmt::Display for Waiting {
    /// What is awaited, as a player reads it: "its move 22", "its ack of move 22".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Waiting::Commit => write!(f, "its seed commitment"),
            Waiting::Reveal => write!(f, "its seed reveal"),
            Waiting::Move(n) => write!(f, "its move {n}"),
            Waiting::Ack(n) => write!(f, "its ack of move {n}"),
            Waiting::Vote(n) => write!(f, "its takeover vote at move {n}"),
            Waiting::SecretReveal(n) => write!(f, "its secret reveal at move {n}"),
        }
    }
}

/// An ack hash mismatch: peers disagree on the state after a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DesyncReport {
    /// The move after which states differ.
    pub seq: u32,
    /// Which state was compared.
    pub stage: AckStage,
    /// Each live seat's acked hash, in seat order.
    pub hashes: Vec<(Seat, StateHash)>,
    /// The hash most seats hold, if one has a strict majority.
    pub majority: Option<StateHash>,
    /// Our own hash.
    pub local: StateHash,
    /// What the local player may see of our state (`observe` for our seat, or a spectator's
    /// view), canonically encoded, to compare with another peer's report. Never the whole state:
    /// a report is shown and saved for others, and must not carry anyone's hidden hand. (A
    /// developer who needs the whole state reruns the replay, which every peer holds.)
    pub view_encoded: Vec<u8>,
    /// The same view, readably (`{:#?}`).
    pub view_debug: String,
}

/// Something the app should know about.
#[derive(Clone, Debug)]
pub enum Event<G: Game> {
    /// The seed is agreed (every player revealed its nonce, or the seed was drawn again after
    /// seats that withheld theirs were handed to the bot: `TakenOver` with `from_seq` 0 follows
    /// for each); the game is set up from the seed (its digest is shown so players can
    /// compare).
    Started {
        /// blake3 of the seed.
        seed: [u8; 32],
        /// The state hash after setup.
        hash: StateHash,
    },
    /// It is the local seat's turn: call [`crate::Session::submit_local_action`].
    YourTurn {
        /// The move number to be played.
        seq: u32,
        /// The local seat.
        seat: Seat,
    },
    /// A move was applied locally (not yet final). At a simultaneous secret step, one per
    /// deciding seat, in seat order, all with the step's number, once every choice is revealed.
    MoveApplied {
        /// Its number.
        seq: u32,
        /// Who played it.
        seat: Seat,
        /// The action.
        action: G::Action,
        /// The engine's sentence for it.
        description: String,
        /// What happened.
        events: Vec<G::Event>,
        /// Played by the deterministic bot for a bot seat or a taken-over seat.
        by_bot: bool,
    },
    /// Every live seated peer acked the same hash: the move is final and written to the replay.
    MoveFinal {
        /// Its number.
        seq: u32,
        /// The agreed hash.
        hash: StateHash,
    },
    /// The chance point after a move was resolved from the beacon.
    ChanceResolved {
        /// The move that led to it.
        seq: u32,
        /// The entropy used.
        entropy: Entropy,
        /// What happened.
        events: Vec<G::Event>,
        /// Seats handed to the bot at this move, when there were any: the entropy was then
        /// re-rolled from links the remaining seats revealed after the takeover (a move log shows
        /// "re-rolled after seat N withheld").
        rerolled_after: Vec<Seat>,
    },
    /// The game ended and every live peer agrees on the final hash.
    GameOver {
        /// The scores.
        outcome: Outcome,
        /// The final hash.
        hash: StateHash,
        /// Moves played.
        moves: u32,
    },
    /// Peers disagree on a state hash. The session halts.
    Desync(Box<DesyncReport>),
    /// A peer cheated (or sent something that only a cheat or a broken build would).
    Cheat(Box<Evidence>),
    /// A peer has been silent past the silence timeout while we wait for it.
    Silent {
        /// Its seat.
        seat: Seat,
        /// Its peer id.
        peer: PeerId,
        /// What we wait for.
        waiting: Waiting,
    },
    /// A chat line.
    Chat {
        /// The author's seat.
        seat: Seat,
        /// The text.
        text: String,
    },
    /// A seat was handed to the takeover bot by the votes of the other live players (see
    /// [`crate::takeover`]). When `seat` is the local seat ([`crate::Session::is_taken_over`]),
    /// this peer was voted out (it was silent to the others): the session goes on as a read-only
    /// follower that verifies and records the game to its end, and plays nothing more.
    TakenOver {
        /// The seat.
        seat: Seat,
        /// The first move the bot plays or for which the seat's ack is no longer needed; 0 when
        /// the seat was handed over at the seed round, before the game started (it withheld its
        /// seed reveal, or its re-roll link).
        from_seq: u32,
    },
    /// The session stopped because of a cheat or desync; nothing more happens.
    Halted {
        /// Why.
        reason: String,
    },
}
