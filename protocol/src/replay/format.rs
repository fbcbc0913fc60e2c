//! The replay file format: a magic, then append-only frames, each a LEB128 length and the
//! canonical encoding of a [`Frame`]. A crash loses at most the frame being written.

use crate::config::GameConfig;
use crate::keys::Signature;
use crate::message::{AckStage, CommitBody, Link, RevealBody, Signed};
use crate::wire::MAX_FRAME;
use dwarfs_engine::{Seat, codec};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The first bytes of every replay file.
pub const MAGIC: &[u8; 8] = b"DWARFSRP";

/// The replay format version (in the header frame). Version 2: a takeover record hands a set of
/// seats over at once, with every remaining live seat's vote for each. Version 3: the takeover
/// bot mixes the move's sequence number into its choice (`dwarfs_bots::TakeoverBot::pick`), and
/// simultaneous secret steps are recorded as [`Frame::Secret`].
pub const FORMAT_VERSION: u16 = 3;

/// The oldest format version this build still verifies (its bot moves are checked with
/// `dwarfs_bots::TakeoverBot::pick_v1`). A session cannot resume from such a file.
pub const OLDEST_FORMAT_VERSION: u16 = 2;

/// The first frame: everything needed to re-derive the seed and check every signature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// [`FORMAT_VERSION`].
    pub format: u16,
    /// The agreed configuration: game, rules version, data digest, options, seats with public
    /// keys, beacon and checkpoint parameters.
    pub config: GameConfig,
    /// Every player seat's signed commit (nonce commitment and beacon tip), in seat order.
    pub commits: Vec<Signed<CommitBody>>,
    /// Every player seat's signed reveal, in seat order.
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
    /// On checkpoint moves: the beacon link every live seat revealed in its ack of this move, in
    /// seat order. Links of earlier moves follow by hashing down the chain, so the entropy of
    /// every chance point since the previous checkpoint is derived from these.
    pub beacon: Vec<Link>,
    /// Every live seat's ack, on checkpoint moves (every `ack_interval` moves).
    pub acks: Vec<AckRecord>,
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
    /// As [`MoveRecord::beacon`].
    pub beacon: Vec<Link>,
    /// As [`MoveRecord::acks`].
    pub acks: Vec<AckRecord>,
}

/// Seats handed to the bot together by the signed votes of every other live seat (see
/// [`crate::takeover`] for the rule).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeoverRecord {
    /// The seats handed over, ascending.
    pub seats: Vec<Seat>,
    /// The first move concerned.
    pub from_seq: u32,
    /// For each handed-over seat in order, the vote of every live seat not handed over, in seat
    /// order.
    pub votes: Vec<VoteRecord>,
    /// The beacon links of every seat live before the takeover, at move `from_seq - 1` (empty
    /// when no move was played yet).
    pub beacon: Vec<Link>,
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
}

/// Encodes one frame with its length prefix, ready to append to a file.
pub fn encode_frame(frame: &Frame) -> Vec<u8> {
    let body = codec::encode_plain(frame);
    let mut out = Vec::with_capacity(body.len() + 5);
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
    out.extend_from_slice(&body);
    out
}

/// Why a replay could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadError {
    /// The file does not start with the replay magic.
    #[error("not a dwarfs replay (bad magic bytes)")]
    BadMagic,
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

/// The frames of a replay, and the error that stopped reading, if any (the frames before it are
/// intact: this is how a crashed peer recovers its file).
#[derive(Clone, Debug)]
pub struct Frames {
    /// Complete, decoded frames with their byte offsets.
    pub frames: Vec<(usize, Frame)>,
    /// Why reading stopped early.
    pub error: Option<ReadError>,
}

/// Reads every frame it can.
pub fn read_frames(bytes: &[u8]) -> Frames {
    let mut frames = Vec::new();
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Frames {
            frames,
            error: Some(ReadError::BadMagic),
        };
    }
    let mut pos = MAGIC.len();
    let mut index = 0;
    while pos < bytes.len() {
        let offset = pos;
        let mut len: u64 = 0;
        let mut shift = 0;
        loop {
            let Some(&b) = bytes.get(pos) else {
                return Frames {
                    frames,
                    error: Some(ReadError::Truncated {
                        index,
                        offset,
                        missing: 1,
                    }),
                };
            };
            pos += 1;
            len |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                break;
            }
            shift += 7;
            if shift > 28 {
                return Frames {
                    frames,
                    error: Some(ReadError::BadLength { index, offset }),
                };
            }
        }
        if len as usize > MAX_FRAME * 16 || len == 0 {
            return Frames {
                frames,
                error: Some(ReadError::BadLength { index, offset }),
            };
        }
        let len = len as usize;
        if bytes.len() - pos < len {
            return Frames {
                frames,
                error: Some(ReadError::Truncated {
                    index,
                    offset,
                    missing: len - (bytes.len() - pos),
                }),
            };
        }
        match codec::decode::<Frame>(&bytes[pos..pos + len]) {
            Ok(f) => frames.push((offset, f)),
            Err(e) => {
                return Frames {
                    frames,
                    error: Some(ReadError::Malformed {
                        index,
                        offset,
                        reason: e.to_string(),
                    }),
                };
            }
        }
        pos += len;
        index += 1;
    }
    Frames {
        frames,
        error: None,
    }
}
