//! The replay file format: a magic, then append-only frames, each a LEB128 length, the
//! canonical encoding of a [`Frame`] and a checksum of that encoding. A crash loses at most the frame being written, and [`read_frames`] tells such a torn
//! last frame ([`ReadError::is_torn_tail`]) from damage in the middle of the file.

use crate::config::GameConfig;
use crate::keys::Signature;
use crate::message::{AckStage, CommitBody, Link, RevealBody, Signed};
use crate::wire::MAX_FRAME;
use dwarfs_engine::{Seat, codec};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The first bytes of every replay file this build writes: a protocol v2 replay (format 5 on).
pub const MAGIC: &[u8; 8] = b"DWARFSR2";

/// The first bytes of the replays of protocol v1: formats 2 and 3 (frames without a checksum)
/// and format 4 (with checksums). This build names them and verifies none of them: their moves,
/// acks and beacon reveals were signed under the rules of protocol v1.
pub const MAGICS_V1: [&[u8; 8]; 2] = [b"DWARFSRP", b"DWARFSRC"];

/// What every replay magic starts with (the last byte tells the framing).
const MAGIC_STEM: &[u8; 7] = b"DWARFSR";

/// Bytes of the checksum after each frame's body: the first bytes of the body's BLAKE3 hash.
pub const CHECKSUM_LEN: usize = 4;

/// The replay format version (in the header frame). Formats 2 to 4 were protocol v1 (see
/// [`MAGICS_V1`]). Format 5 is protocol v2: fresh per-game secrets, beacon reveals under the
/// ack's signature, re-rolled chance flagged, the mover's ack folded into its move. Format 6:
/// the configuration names the takeover bot's strength (a search since format 6; format 5's bot
/// picked uniformly from the state hash). Format 5 replays are refused by name
/// ([`ReadError::OldFormat`]): their configuration does not decode as format 6's. Format 7: in a
/// 2-player game every move carries the beacon links of the acks it is final on, not only
/// checkpoints ([`LINKS_EVERY_MOVE`]); its frames are laid out as format 6's, and format 6 files
/// still verify (a game under way in one cannot be resumed by this build). Format 8: a seat that
/// withheld its seed reveal (or its re-roll link at the seed round) may be handed to the bot
/// before the game starts ([`SEED_TAKEOVERS`]): the header then lacks its reveal, and takeover
/// records at move 0 and a [`Frame::Reseed`] follow it; any other file is laid out as format 7's,
/// and format 6 and 7 files still verify. Format 9: a seat that never sent its seed commit may be
/// handed over the same way ([`SEED_COMMITS`]): the header then lacks its commit too; format 6 to 8
/// files still verify.
pub const FORMAT_VERSION: u16 = 9;

/// The oldest format version this build verifies.
pub const OLDEST_FORMAT_VERSION: u16 = 6;

/// The first format whose every move and secret step carries beacon links in a 2-player game
/// ([`MoveRecord::beacon`], [`crate::lockstep::links_every_move`]); before it, only checkpoints
/// and moves with a takeover at them did.
pub const LINKS_EVERY_MOVE: u16 = 7;

/// The first format in which seats may be handed to the bot at the seed round (takeover records
/// at move 0, then a [`Frame::Reseed`]); before it, the header holds every player's reveal.
pub const SEED_TAKEOVERS: u16 = 8;

/// The first format in which a seat handed to the bot at the seed round may lack its commit in
/// the header (it never sent one); before it, the header holds every player's commit.
pub const SEED_COMMITS: u16 = 9;

/// The first frame: everything needed to re-derive the seed and check every signature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// [`FORMAT_VERSION`].
    pub format: u16,
    /// The agreed configuration: game, rules version, data digest, options, seats with public
    /// keys, beacon and checkpoint parameters.
    pub config: GameConfig,
    /// Every player seat's signed commit (nonce commitment and beacon tip), in seat order; from
    /// format [`SEED_COMMITS`] on, a seat handed over at the seed round may have none.
    pub commits: Vec<Signed<CommitBody>>,
    /// Every player seat's signed reveal, in seat order; from format [`SEED_TAKEOVERS`] on, only
    /// those of the seats still live once the seed round is over (a seat handed to the bot at
    /// the seed round is left out, whether or not its reveal came late: see [`Frame::Reseed`]).
    pub reveals: Vec<Signed<RevealBody>>,
}

/// A stored ack: the hash and seq are implied (the verifier recomputes them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AckRecord {
    /// The acking seat.
    pub seat: Seat,
    /// Its signature over the [`crate::message::AckBody`].
    pub sig: Signature,
    /// The re-committed beacon tip, on a segment's last position.
    pub next_tip: Option<Link>,
}

impl AckRecord {
    /// What the replay stores of a signed ack.
    pub fn of(a: &crate::message::Ack) -> Self {
        AckRecord {
            seat: a.signed.body.seat,
            sig: a.signed.sig,
            next_tip: a.signed.body.next_tip,
        }
    }
}

/// One final move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// Its number.
    pub seq: u32,
    /// The acting seat.
    pub seat: Seat,
    /// The canonical encoding of the action.
    pub action: Vec<u8>,
    /// The author's signature over the [`crate::message::MoveBody`] (whose `prev` is the state
    /// hash the verifier recomputes); `None` for a bot seat's move, which the verifier recomputes.
    pub sig: Option<Signature>,
    /// With a signature: the mover's beacon link at this move, signed in its
    /// [`crate::message::MoveBody`] (the mover's ack is folded into its move).
    pub reveal: Option<Link>,
    /// With a signature, on a segment's last move: the mover's signed re-commit to its next
    /// segment's tip.
    pub next_tip: Option<Link>,
    /// The beacon links revealed at this move, in seat order. On checkpoint moves and on a move
    /// with a takeover at it: every live seat's link. On any other move: none, except in a game
    /// that started with 2 players from format [`LINKS_EVERY_MOVE`] on
    /// ([`crate::lockstep::links_every_move`]): the link of every live seat whose ack the move is
    /// final on, so every live seat but the mover of a signed move (its link is
    /// [`Self::reveal`]). Each follows its seat's committed chain, so a verifier checks it by
    /// hashing down to the last known link; links of earlier moves follow by hashing down too.
    /// A 2-player survivor resumed from its file thus holds its last final move's links, which
    /// its takeover record needs, even when its partner, who revealed them, is gone.
    pub beacon: Vec<Link>,
    /// On checkpoint moves (every `ack_interval` moves) and on a move with a takeover at it, the
    /// ack of every live seat but the mover, whose signed move acks it (after a takeover at the
    /// move, the mover's re-signed ack is stored with the others').
    pub acks: Vec<AckRecord>,
    /// Present when seats were handed to the bot at this move: the chance point after it (if
    /// any) was re-rolled from the remaining seats' re-roll links.
    pub reroll: Option<RerollRecord>,
}

/// The re-roll of a move at which seats were handed to the bot (see [`crate::beacon`]): the
/// entropy of the chance point after it mixes in every live seat's re-roll link, which nobody
/// knew before the takeover.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RerollRecord {
    /// The seats handed to the bot at this move (every takeover at it), ascending.
    pub after: Vec<Seat>,
    /// Every live seat's re-roll link, in seat order, at the position of the last takeover at
    /// this move (the number of takeovers so far).
    pub links: Vec<Link>,
}

/// A live seat's part of a simultaneous secret step: the salt of its commitment and the
/// signatures of its commitment and reveal (their bodies are implied: the verifier recomputes
/// them from the step, the state hash, the action and the salt).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecretProof {
    /// The salt under the commitment.
    pub salt: [u8; 32],
    /// The seat's signature over its [`crate::message::SecretCommitBody`].
    pub commit_sig: Signature,
    /// The seat's signature over its [`crate::message::SecretRevealBody`].
    pub reveal_sig: Signature,
}

/// One seat's choice at a simultaneous secret step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecretChoice {
    /// The deciding seat.
    pub seat: Seat,
    /// The canonical encoding of its action.
    pub action: Vec<u8>,
    /// Its commitment and reveal; `None` for a seat played by the bot (recomputed).
    pub proof: Option<SecretProof>,
}

/// One final simultaneous secret step: every deciding seat's choice, in seat order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecretRecord {
    /// Its number (a step is one move of the log).
    pub seq: u32,
    /// The choices, in seat order, played in that order.
    pub choices: Vec<SecretChoice>,
    /// As [`MoveRecord::beacon`] (a secret step has no mover: when a 2-player game stores links
    /// off checkpoints, every live seat's).
    pub beacon: Vec<Link>,
    /// As [`MoveRecord::acks`].
    pub acks: Vec<AckRecord>,
    /// As [`MoveRecord::reroll`].
    pub reroll: Option<RerollRecord>,
}

/// Seats handed to the bot together by the signed votes of every other live seat (see
/// [`crate::takeover`] for the rule).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeoverRecord {
    /// The seats handed over, ascending.
    pub seats: Vec<Seat>,
    /// The first move concerned; 0 for a takeover at the seed round, before the game started
    /// (format [`SEED_TAKEOVERS`]).
    pub from_seq: u32,
    /// For each handed-over seat in order, the vote of every live seat not handed over, in seat
    /// order.
    pub votes: Vec<VoteRecord>,
    /// The beacon links of every seat live before the takeover, at move `from_seq - 1` (empty
    /// when no move was played yet).
    pub beacon: Vec<Link>,
}

/// The seed drawn again after seats were handed to the bot at the seed round (format
/// [`SEED_TAKEOVERS`]): it follows the header and the takeover records at move 0. The seed is
/// [`crate::beacon::reseed`] of the live seats' nonces and their re-roll links at the position
/// of the last takeover (the number of takeovers so far), revealed only once the takeover was
/// decided, so the seat that withheld its reveal knew neither the seed without it nor this one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReseedRecord {
    /// The seats handed to the bot at the seed round, ascending.
    pub after: Vec<Seat>,
    /// Every live seat's re-roll link, in seat order.
    pub links: Vec<Link>,
    /// Every live seat's signed ack of the seed round (move 0, the state before setup) that
    /// reveals its link, in seat order (their bodies are implied).
    pub acks: Vec<AckRecord>,
}

/// One stored takeover vote (the rest of its [`crate::message::TakeoverBody`] is implied).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VoteRecord {
    /// The voting seat.
    pub voter: Seat,
    /// The seat voted out.
    pub seat: Seat,
    /// The digest of the silent seat's own move `from_seq`, if the voter held it.
    pub seat_move: Option<[u8; 32]>,
    /// The voter's signature.
    pub sig: Signature,
}

/// The end of the game: every live seat's ack of the final state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalRecord {
    /// The last move.
    pub seq: u32,
    /// Which state the acks hash.
    pub stage: AckStage,
    /// The acks, live seats in seat order.
    pub acks: Vec<AckRecord>,
    /// Every live seat's beacon link at move `seq`.
    pub beacon: Vec<Link>,
}

/// One replay frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// The header (first frame only).
    Header(Box<Header>),
    /// A final move.
    Move(MoveRecord),
    /// A seat takeover.
    Takeover(TakeoverRecord),
    /// The game's end.
    Final(FinalRecord),
    /// A final simultaneous secret step (format 3).
    Secret(SecretRecord),
    /// The seed drawn again after takeovers at the seed round (format [`SEED_TAKEOVERS`]).
    Reseed(ReseedRecord),
}

/// Encodes one frame with its length prefix and checksum, ready to append to a file that starts
/// with [`MAGIC`].
pub fn encode_frame(frame: &Frame) -> Vec<u8> {
    framed(&codec::encode_plain(frame))
}

/// A body after its length prefix (LEB128), then its checksum.
fn framed(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 5 + CHECKSUM_LEN);
    let mut n = body.len() as u64;
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            break;
        }
        out.push(b | 0x80);
    }
    out.extend_from_slice(body);
    out.extend_from_slice(&checksum(body));
    out
}

/// The checksum stored after a frame's body.
pub fn checksum(body: &[u8]) -> [u8; CHECKSUM_LEN] {
    let mut c = [0; CHECKSUM_LEN];
    c.copy_from_slice(&blake3::hash(body).as_bytes()[..CHECKSUM_LEN]);
    c
}

/// Why a replay could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadError {
    /// The file does not start with the replay magic.
    #[error("not a dwarfs replay (bad magic bytes)")]
    BadMagic,
    /// A replay magic this build does not know: another release's format, or damage.
    #[error(
        "a replay framing this build does not know (magic byte {0:#04x}): it was written by \
         another dwarfs release, or the file is damaged; open it with the release that played it"
    )]
    UnknownFraming(u8),
    /// A replay of protocol v1 (formats 2 to 4, see [`MAGICS_V1`]).
    #[error(
        "this replay was written by an earlier dwarfs (protocol v1, replay formats 2 to 4); this \
         build verifies protocol v2 replays only (formats 6 to 8): verify it with the dwarfs release \
         that played it"
    )]
    ProtocolV1,
    /// A protocol v2 replay older than [`OLDEST_FORMAT_VERSION`] (format 5: before the takeover
    /// bot searched and the configuration named its strength).
    #[error(
        "this replay is format {0}, written by an earlier dwarfs whose takeover bot picked its \
         moves uniformly; this build verifies replays of format 6 on (the takeover bot searches): \
         verify it with the dwarfs release that played it"
    )]
    OldFormat(u16),
    /// A frame's length prefix is broken or too large.
    #[error("frame {index} at byte {offset}: bad length prefix")]
    BadLength {
        /// Frame index (0 = header).
        index: usize,
        /// Byte offset.
        offset: usize,
    },
    /// The file ends inside a frame (a crash while writing, or a cut file).
    #[error("frame {index} at byte {offset} is truncated: {missing} bytes missing")]
    Truncated {
        /// Frame index.
        index: usize,
        /// Byte offset.
        offset: usize,
        /// Bytes missing.
        missing: usize,
    },
    /// The last frame's checksum fails and nothing follows it (or only zero bytes do): a crash
    /// while it was being written. Resuming cuts it.
    #[error("frame {index} at byte {offset} was cut by a crash while being written")]
    Torn {
        /// Frame index.
        index: usize,
        /// Byte offset.
        offset: usize,
    },
    /// A frame's checksum fails and more frames follow: the file is damaged (a disk or copy
    /// error, or an edit), not cut by a crash.
    #[error("frame {index} at byte {offset} is corrupt: its checksum does not match")]
    Checksum {
        /// Frame index.
        index: usize,
        /// Byte offset.
        offset: usize,
    },
    /// A frame does not decode.
    #[error("frame {index} at byte {offset} is malformed: {reason}")]
    Malformed {
        /// Frame index.
        index: usize,
        /// Byte offset.
        offset: usize,
        /// The decoder's message.
        reason: String,
    },
}

impl ReadError {
    /// Whether this error is a torn last frame: the file ends inside a frame, or its last frame
    /// fails its checksum with nothing (or only zero bytes, as a file system may leave after a
    /// power cut) behind it. Such a tail is what a crash while writing leaves, and resuming cuts
    /// it; any other error is damage that must be reported, never cut silently.
    pub fn is_torn_tail(&self) -> bool {
        matches!(self, ReadError::Truncated { .. } | ReadError::Torn { .. })
    }

    /// The frame index and byte offset the error is at.
    pub fn position(&self) -> (usize, usize) {
        match self {
            ReadError::BadMagic
            | ReadError::UnknownFraming(_)
            | ReadError::ProtocolV1
            | ReadError::OldFormat(_) => (0, 0),
            ReadError::BadLength { index, offset }
            | ReadError::Truncated { index, offset, .. }
            | ReadError::Torn { index, offset }
            | ReadError::Checksum { index, offset }
            | ReadError::Malformed { index, offset, .. } => (*index, *offset),
        }
    }
}

/// The frames of a replay, and the error that stopped reading, if any (the frames before it are
/// intact: this is how a crashed peer recovers its file).
#[derive(Clone, Debug)]
pub struct Frames {
    /// Complete, decoded frames with their byte offsets.
    pub frames: Vec<(usize, Frame)>,
    /// Why reading stopped early.
    pub error: Option<ReadError>,
}

/// Reads every frame it can: the replay parser (any bytes in, never a panic). Reading stops at
/// the first bad frame; see [`ReadError::is_torn_tail`] for what a crash leaves behind.
pub fn read_frames(bytes: &[u8]) -> Frames {
    let mut out = Frames {
        frames: Vec::new(),
        error: None,
    };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC_STEM.len()] != MAGIC_STEM {
        out.error = Some(ReadError::BadMagic);
        return out;
    }
    let magic = &bytes[..MAGIC.len()];
    if MAGICS_V1.iter().any(|m| &m[..] == magic) {
        out.error = Some(ReadError::ProtocolV1);
        return out;
    }
    if magic != MAGIC {
        out.error = Some(ReadError::UnknownFraming(bytes[MAGIC.len() - 1]));
        return out;
    }
    let (frames, error) = read_framed::<Frame>(bytes, MAGIC.len());
    out.error = match error {
        Some(ReadError::Malformed { index: 0, .. }) if frames.is_empty() => {
            match header_format(&bytes[MAGIC.len()..]) {
                Some(f) if f < OLDEST_FORMAT_VERSION => Some(ReadError::OldFormat(f)),
                _ => error,
            }
        }
        _ => error,
    };
    out.frames = frames;
    out
}

/// The format number a header frame at the start of `bytes` declares, read without decoding
/// the rest of it (whose layout depends on the format): the frame's variant tag, then the
/// header's first field.
fn header_format(bytes: &[u8]) -> Option<u16> {
    let mut len = 0usize;
    let mut pos = 0;
    loop {
        let b = *bytes.get(pos)?;
        len |= usize::from(b & 0x7f) << (7 * pos);
        pos += 1;
        if b & 0x80 == 0 {
            break;
        }
        if pos > 4 {
            return None;
        }
    }
    let body = bytes.get(pos..pos.checked_add(len)?)?;
    match codec::decode_prefix::<(u32, u16)>(body) {
        Ok(((0, format), _)) => Some(format),
        _ => None,
    }
}

/// Reads length-prefixed, checksummed records of `T` from `pos` on: the records read, and the
/// error that stopped reading.
fn read_framed<T: serde::Serialize + serde::de::DeserializeOwned>(
    bytes: &[u8],
    mut pos: usize,
) -> (Vec<(usize, T)>, Option<ReadError>) {
    let mut out = Vec::new();
    let sum_len = CHECKSUM_LEN;
    let mut index = 0;
    // Zero bytes from `at` to the end: a file system may leave these after a power cut.
    let zero_tail = |at: usize| bytes[at..].iter().all(|&b| b == 0);
    while pos < bytes.len() {
        let offset = pos;
        let mut len: u64 = 0;
        let mut shift = 0;
        let error = loop {
            let Some(&b) = bytes.get(pos) else {
                break Some(ReadError::Truncated {
                    index,
                    offset,
                    missing: 1,
                });
            };
            pos += 1;
            len |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                break None;
            }
            shift += 7;
            if shift > 28 {
                break Some(ReadError::BadLength { index, offset });
            }
        };
        if error.is_some() {
            return (out, error);
        }
        if len as usize > MAX_FRAME * 16 || len == 0 {
            let e = if zero_tail(offset) {
                ReadError::Torn { index, offset }
            } else {
                ReadError::BadLength { index, offset }
            };
            return (out, Some(e));
        }
        let len = len as usize;
        if bytes.len() - pos < len + sum_len {
            let missing = len + sum_len - (bytes.len() - pos);
            return (
                out,
                Some(ReadError::Truncated {
                    index,
                    offset,
                    missing,
                }),
            );
        }
        let body = &bytes[pos..pos + len];
        if bytes[pos + len..pos + len + sum_len] != checksum(body) {
            let e = if zero_tail(pos + len + sum_len) {
                ReadError::Torn { index, offset }
            } else {
                ReadError::Checksum { index, offset }
            };
            return (out, Some(e));
        }
        match codec::decode::<T>(body) {
            Ok(f) => out.push((offset, f)),
            Err(e) => {
                let reason = e.to_string();
                return (
                    out,
                    Some(ReadError::Malformed {
                        index,
                        offset,
                        reason,
                    }),
                );
            }
        }
        pos += len + sum_len;
        index += 1;
    }
    (out, None)
}

/// The first bytes of a peer's signing journal (`<replay>.signed`, see [`SignedRecord`]), as
/// protocol v2 writes it (its moves carry the mover's ack). Protocol v1's journals began with
/// `DWARFSSG`; they go with v1 replays, which this build refuses.
pub const JOURNAL_MAGIC: &[u8; 8] = b"DWARFSS2";

/// One item the local peer signed for a move that was not final yet, appended to its signing
/// journal (a file next to the replay) **before** the item is sent. The replay holds only final
/// moves (and is the same file at every peer); the journal is the peer's own memory of what it
/// signed, so that after a crash it never signs a second, different item for the same move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SignedRecord {
    /// A move of the local seat.
    Move(Signed<crate::message::MoveBody>),
    /// The local seat's commitment at a simultaneous secret step.
    SecretCommit(Signed<crate::message::SecretCommitBody>),
}

impl SignedRecord {
    /// The move (or secret step) the item is for.
    pub fn seq(&self) -> u32 {
        match self {
            SignedRecord::Move(m) => m.body.seq,
            SignedRecord::SecretCommit(c) => c.body.seq,
        }
    }
}

/// Encodes one journal record with its length prefix and checksum.
pub fn encode_record(record: &SignedRecord) -> Vec<u8> {
    framed(&codec::encode_plain(record))
}

/// The records of a signing journal.
#[derive(Clone, Debug)]
pub struct Journal {
    /// The records read, with their byte offsets.
    pub records: Vec<(usize, SignedRecord)>,
    /// Why reading stopped early (a torn last record is what a crash while writing it leaves:
    /// that item was never sent).
    pub error: Option<ReadError>,
    /// Bytes of the file that hold the magic and the records read (0 for an empty or torn
    /// magic): a driver cuts a torn tail to this length before appending.
    pub valid_len: usize,
}

/// Reads a signing journal (empty bytes are an empty journal).
pub fn read_journal(bytes: &[u8]) -> Journal {
    if bytes.len() < JOURNAL_MAGIC.len() {
        let torn = JOURNAL_MAGIC.starts_with(bytes);
        return Journal {
            records: Vec::new(),
            error: (!torn).then_some(ReadError::BadMagic),
            valid_len: 0,
        };
    }
    if &bytes[..JOURNAL_MAGIC.len()] != JOURNAL_MAGIC {
        return Journal {
            records: Vec::new(),
            error: Some(ReadError::BadMagic),
            valid_len: 0,
        };
    }
    let (records, error) = read_framed::<SignedRecord>(bytes, JOURNAL_MAGIC.len());
    let valid_len = error
        .as_ref()
        .map_or(bytes.len(), |e| e.position().1.max(JOURNAL_MAGIC.len()));
    Journal {
        records,
        error,
        valid_len,
    }
}
