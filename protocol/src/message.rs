//! The wire messages. They are not generic over the game: actions and options travel as their
//! canonical encodings, so the network layer can route and decode them without knowing the game.

use crate::config::GameConfig;
use crate::evidence::Evidence;
use crate::keys::Signature;
use dwarfs_engine::{Seat, StateHash};
use serde::{Deserialize, Serialize};

/// A game's unique id, chosen by the host; bound into every signature.
pub type GameId = [u8; 32];

/// One link of a fairness-beacon hash chain (128 bits; see [`crate::beacon`]).
pub type Link = [u8; 16];

/// A body and its author's signature over it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signed<T> {
    /// What was signed.
    pub body: T,
    /// The author's ed25519 signature (see [`crate::keys::signed_bytes`]).
    pub sig: Signature,
}

impl<T: Serialize> Signed<T> {
    /// `body` signed by `signer` under `domain`.
    pub fn sign(signer: &crate::keys::Signer, domain: crate::keys::Domain, body: T) -> Self {
        Signed {
            sig: signer.sign(domain, &body),
            body,
        }
    }

    /// Whether the signature is `key`'s over the body under `domain` (false for a key that does
    /// not decode).
    pub fn is_signed_by(
        &self,
        key: &crate::keys::PublicKeyBytes,
        domain: crate::keys::Domain,
    ) -> bool {
        key.verifier()
            .is_ok_and(|k| crate::keys::verify(&k, domain, &self.body, &self.sig))
    }
}

/// A seated peer's commitment to its seed nonce and to the tip of its beacon chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommitBody {
    /// The game.
    pub game_id: GameId,
    /// blake3 of the agreed [`GameConfig`]; a mismatch means the peers are not playing the same game.
    pub config_digest: [u8; 32],
    /// The committing seat.
    pub seat: Seat,
    /// blake3 commitment to the nonce revealed later.
    pub nonce_hash: [u8; 32],
    /// The tip of the peer's first beacon chain segment.
    pub beacon_tip: Link,
    /// The tip (position 0) of the peer's re-roll chain: one link per seat of the game, revealed
    /// one at a time after takeovers (see [`crate::beacon`], "Re-rolls").
    pub reroll_tip: Link,
}

/// The nonce behind a commit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealBody {
    /// The game.
    pub game_id: GameId,
    /// The revealing seat.
    pub seat: Seat,
    /// The nonce; its hash must equal the commit's `nonce_hash`.
    pub nonce: [u8; 32],
}

/// A move: one action by a seat, chained to the state it applies to. It carries its author's
/// own ack of it (the state hash after the move, the beacon link and any re-commit an
/// [`AckBody`] would carry), so the move is final once every *other* live seat acked it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveBody {
    /// The game.
    pub game_id: GameId,
    /// The move's sequence number, from 1.
    pub seq: u32,
    /// The acting seat.
    pub seat: Seat,
    /// The hash of the state the move applies to (after any chance resolution).
    pub prev: StateHash,
    /// The canonical encoding of the game's action.
    pub action: Vec<u8>,
    /// The mover's ack, folded in: the hash of the state right after the move (before any
    /// chance point it leads to), as [`AckBody::hash`] with [`AckStage::Applied`].
    pub hash: StateHash,
    /// The mover's beacon link at position `seq`, as an ack of the move reveals it.
    pub reveal: Link,
    /// On the last position of a beacon segment: the re-commit to the next segment's tip, as
    /// [`AckBody::next_tip`].
    pub next_tip: Option<Link>,
}

/// A deciding seat's commitment to its secret choice at a simultaneous step (see
/// [`crate::secret`]): sent before anyone reveals, so no choice can depend on another's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecretCommitBody {
    /// The game.
    pub game_id: GameId,
    /// The step's sequence number (it is one move of the game's log).
    pub seq: u32,
    /// The hash of the state the step applies to.
    pub prev: StateHash,
    /// The deciding seat.
    pub seat: Seat,
    /// [`crate::secret::commitment`] of the encoded action and a fresh secret salt.
    pub digest: [u8; 32],
}

/// The opening of a [`SecretCommitBody`], sent once every commitment of the step is held.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecretRevealBody {
    /// The game.
    pub game_id: GameId,
    /// The step's sequence number.
    pub seq: u32,
    /// The deciding seat.
    pub seat: Seat,
    /// The canonical encoding of the seat's action.
    pub action: Vec<u8>,
    /// The salt under the commitment.
    pub salt: [u8; 32],
}

/// Which state an ack hashes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AckStage {
    /// The state right after the move (before any chance point it leads to is resolved).
    Applied,
    /// The state after the chance point that followed the move was resolved; sent only when that
    /// resolution ended the game, to agree on the final state.
    Settled,
}

/// What an ack signs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AckBody {
    /// The game.
    pub game_id: GameId,
    /// The acknowledged move.
    pub seq: u32,
    /// The acking seat.
    pub seat: Seat,
    /// Which state is hashed.
    pub stage: AckStage,
    /// The acking peer's state hash.
    pub hash: StateHash,
    /// On the last position of a beacon segment: the signed re-commit to the next segment's tip.
    pub next_tip: Option<Link>,
    /// The beacon chain's link at position `seq`, under the signature so that nobody who relays
    /// the ack can strip or swap it (absent for settled acks; absent on an applied ack means the
    /// author withholds its reveal, which its own signature then proves).
    pub reveal: Option<Link>,
    /// After a takeover at move `seq`: the author's re-roll link for that takeover, mixed into
    /// the entropy of the chance point after the move (see [`crate::beacon`], "Re-rolls").
    pub reroll: Option<RerollLink>,
}

/// A link of a peer's re-roll chain, revealed in its acks of a move at which seats were handed
/// to the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RerollLink {
    /// The chain position: how many takeovers the game has had, this one included.
    pub pos: u32,
    /// The link at `pos`.
    pub link: Link,
}

/// A signed ack. Everything it reveals (its beacon link, its re-roll link) is in the signed body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ack {
    /// The signed part.
    pub signed: Signed<AckBody>,
}

/// A chat line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatBody {
    /// The game.
    pub game_id: GameId,
    /// The author's seat, or `None` for a spectator.
    pub seat: Option<Seat>,
    /// Per-author counter, so duplicates are recognised.
    pub counter: u32,
    /// The text (at most [`crate::wire::MAX_CHAT_LEN`] bytes).
    pub text: String,
}

/// A vote to hand a silent seat to the deterministic takeover bot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeoverBody {
    /// The game.
    pub game_id: GameId,
    /// The silent seat.
    pub seat: Seat,
    /// The bot plays from this move on (the first move not yet final when the vote was cast);
    /// the seat's acks are no longer needed from this move on.
    pub from_seq: u32,
    /// The voting seat.
    pub voter: Seat,
    /// If the voter holds the silent seat's own signed move number `from_seq`, its digest
    /// ([`move_digest`]): that move then stands and the bot plays only the seat's later turns.
    pub seat_move: Option<[u8; 32]>,
}

/// blake3 of a signed move's canonical encoding (names a move in takeover votes).
pub fn move_digest(m: &Signed<MoveBody>) -> [u8; 32] {
    *blake3::hash(&dwarfs_engine::codec::encode_plain(m)).as_bytes()
}

/// A request for everything the sender lacks, from the seed commits up, or from a move on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SyncRequest {
    /// The game.
    pub game_id: GameId,
    /// The requester has every final move before this one (0 or 1 = it has nothing).
    pub from_seq: u32,
    /// The requester lacks commits or reveals.
    pub need_setup: bool,
}

/// One signed item of a game's log, relayed for catch-up or kept as proof.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogItem {
    /// A seed commit.
    Commit(Signed<CommitBody>),
    /// A seed reveal.
    Reveal(Signed<RevealBody>),
    /// A move.
    Move(Signed<MoveBody>),
    /// An ack.
    Ack(Ack),
    /// A takeover vote.
    Takeover(Signed<TakeoverBody>),
    /// A commitment to a secret choice at a simultaneous step.
    SecretCommit(Signed<SecretCommitBody>),
    /// The reveal of a secret choice.
    SecretReveal(Signed<SecretRevealBody>),
}

/// A chunk of a peer's signed log, answering a [`SyncRequest`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogSync {
    /// The game.
    pub game_id: GameId,
    /// The responder's last final move, so the requester knows whether to ask again.
    pub final_seq: u32,
    /// Signed items, in log order.
    pub items: Vec<LogItem>,
}

/// The lobby greeting: what a peer runs, checked before anyone sits down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyHello {
    /// The wire version.
    pub protocol: u8,
    /// The game kind (`Game::NAME`).
    pub game: String,
    /// `Game::RULES_VERSION`.
    pub rules_version: u32,
    /// `Game::data_digest()`.
    pub data_digest: [u8; 32],
    /// The player's display name.
    pub name: String,
}

/// A seated peer's signed "ready" for one exact configuration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadyBody {
    /// blake3 of the [`GameConfig`].
    pub config_digest: [u8; 32],
    /// The seat taken.
    pub seat: Seat,
}

/// A refusal in the lobby, bound to the game it refuses in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefuseBody {
    /// The game (the refuser's).
    pub game_id: GameId,
    /// Why.
    pub refusal: crate::config::Refusal,
}

/// Lobby messages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LobbyMessage {
    /// "This is what I run" (sent on connect, both ways).
    Hello(LobbyHello),
    /// The host's proposed game: kind, options, digest, rules version and seats; signed by the
    /// host ([`crate::keys::Domain::Offer`]) and bound to the game by its id. A joiner accepts it
    /// only from the host it dialled, signed by that host's key.
    Offer(Signed<GameConfig>),
    /// A seated peer accepts the offer.
    Ready(Signed<ReadyBody>),
    /// The peer is refused, with the reason (see [`crate::config::Refusal`]); signed by the
    /// refuser ([`crate::keys::Domain::Refuse`]). A joiner heeds it only from the host it
    /// dialled, signed by that host's key, for its game.
    Refuse(Signed<RefuseBody>),
}

/// Every message on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Message {
    /// Lobby traffic, before a session exists.
    Lobby(LobbyMessage),
    /// Seed commit.
    Commit(Signed<CommitBody>),
    /// Seed reveal.
    Reveal(Signed<RevealBody>),
    /// A move.
    Move(Signed<MoveBody>),
    /// An ack.
    Ack(Ack),
    /// Chat.
    Chat(Signed<ChatBody>),
    /// Ask for missing log items (catch-up, retransmission, spectators).
    SyncRequest(SyncRequest),
    /// Log items answering a sync request.
    LogSync(LogSync),
    /// Proof of a cheat, shared with the other peers.
    Evidence(Evidence),
    /// A seat-takeover vote.
    Takeover(Signed<TakeoverBody>),
    /// A commitment to a secret choice at a simultaneous step.
    SecretCommit(Signed<SecretCommitBody>),
    /// The reveal of a secret choice, once every commitment of the step is held.
    SecretReveal(Signed<SecretRevealBody>),
}

impl Message {
    /// A short name for logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::Lobby(_) => "lobby",
            Message::Commit(_) => "commit",
            Message::Reveal(_) => "reveal",
            Message::Move(_) => "move",
            Message::Ack(_) => "ack",
            Message::Chat(_) => "chat",
            Message::SyncRequest(_) => "sync-request",
            Message::LogSync(_) => "log-sync",
            Message::Evidence(_) => "evidence",
            Message::Takeover(_) => "takeover",
            Message::SecretCommit(_) => "secret-commit",
            Message::SecretReveal(_) => "secret-reveal",
        }
    }
}

impl From<LogItem> for Message {
    fn from(item: LogItem) -> Message {
        match item {
            LogItem::Commit(c) => Message::Commit(c),
            LogItem::Reveal(r) => Message::Reveal(r),
            LogItem::Move(m) => Message::Move(m),
            LogItem::Ack(a) => Message::Ack(a),
            LogItem::Takeover(t) => Message::Takeover(t),
            LogItem::SecretCommit(c) => Message::SecretCommit(c),
            LogItem::SecretReveal(r) => Message::SecretReveal(r),
        }
    }
}
