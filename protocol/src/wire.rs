//! The wire codec: one version byte, then the canonical encoding of a [`Message`]. Frames larger
//! than [`MAX_FRAME`] and malformed bytes are errors, never panics.

use crate::message::Message;
use dwarfs_engine::codec;
use thiserror::Error;

/// The wire format version, the first byte of every frame (and of every lobby hello, which
/// versions the network layer's lobby messages too). Version 3: the game configuration names the
/// takeover bot's strength; version 4: the host signs who may watch its game, and a seat that
/// withholds its seed reveal is voted out at move 0 (takeover votes and acks of move 0, which
/// version 3 ignores).
pub const WIRE_VERSION: u8 = 4;

/// The largest frame (version byte included) that is sent or accepted.
pub const MAX_FRAME: usize = 1 << 20;

/// The longest chat line, in bytes.
pub const MAX_CHAT_LEN: usize = 1000;

/// Why a frame could not be encoded or decoded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WireError {
    /// Nothing was received.
    #[error("empty frame")]
    Empty,
    /// The peer speaks another wire version.
    #[error("wire version {got} is not supported (this build speaks version {WIRE_VERSION})")]
    Version {
        /// The version byte received.
        got: u8,
    },
    /// The frame exceeds [`MAX_FRAME`].
    #[error("frame of {len} bytes exceeds the {MAX_FRAME}-byte limit")]
    TooLarge {
        /// Its length.
        len: usize,
    },
    /// The bytes are not a valid message.
    #[error("malformed message: {0}")]
    Malformed(String),
}

/// Encodes a message into one frame.
pub fn encode(msg: &Message) -> Result<Vec<u8>, WireError> {
    let mut out = vec![WIRE_VERSION];
    codec::encode_plain_into(msg, &mut out);
    if out.len() > MAX_FRAME {
        return Err(WireError::TooLarge { len: out.len() });
    }
    Ok(out)
}

/// Decodes one frame.
pub fn decode(bytes: &[u8]) -> Result<Message, WireError> {
    let (&version, rest) = bytes.split_first().ok_or(WireError::Empty)?;
    if bytes.len() > MAX_FRAME {
        return Err(WireError::TooLarge { len: bytes.len() });
    }
    if version != WIRE_VERSION {
        return Err(WireError::Version { got: version });
    }
    codec::decode_frame(rest).map_err(|e| WireError::Malformed(e.to_string()))
}
