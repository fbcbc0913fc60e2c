//! The one canonical encoding: bincode 2 over serde, with one configuration.
//!
//! Everything that is hashed, signed or stored (states, actions, options, wire messages, replay
//! frames) goes through these functions, so every peer produces the same bytes for the same value.
//! Decoding is bounded and must consume its whole input: trailing bytes and non-canonical bytes are errors, so one value
//! has exactly one encoding. Bytes from the network decode with [`decode_frame`], bounded by
//! [`FRAME_DECODE_LIMIT`]; stored data (replay files, whose frames may be larger) with [`decode`],
//! bounded by [`DECODE_LIMIT`].

use serde::{Serialize, de::DeserializeOwned};
use thiserror::Error;

/// The most bytes a single decode may allocate for (guards against hostile length prefixes).
/// Sized for stored data: a replay file's frame may hold up to 16 network frames.
pub const DECODE_LIMIT: usize = 16 * 1024 * 1024;

/// The most bytes decoding one network frame may allocate for. bincode counts what a value
/// claims at its in-memory size (a string or byte string's announced length, each integer at
/// its full width even when its encoding takes one byte), and a string's buffer is allocated at
/// its announced length before its bytes are read. So this is the largest frame
/// (`dwarfs_protocol::wire::MAX_FRAME`, 1 MiB) times the widest integer we send (a `u64`, 8
/// bytes, encoded in as little as one): every well-formed frame decodes, and a hostile length
/// costs at most this much, half of [`DECODE_LIMIT`].
pub const FRAME_DECODE_LIMIT: usize = 8 * 1024 * 1024;

/// The bincode configuration: little-endian, variable-length integers, decoding bounded by
/// `LIMIT` bytes.
fn config_with<const LIMIT: usize>() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<LIMIT>,
> {
    bincode::config::standard().with_limit::<LIMIT>()
}

/// The configuration for encoding and for decoding stored data.
fn config() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<DECODE_LIMIT>,
> {
    config_with::<DECODE_LIMIT>()
}

/// Why bytes could not be encoded or decoded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CodecError {
    /// The bytes are not a valid encoding of the expected type.
    #[error("malformed data: {0}")]
    Malformed(String),
    /// The bytes decode, but more bytes follow the value.
    #[error("malformed data: {extra} unexpected bytes after the value")]
    TrailingBytes {
        /// How many bytes were left over.
        extra: usize,
    },
    /// The bytes decode, but are not the value's canonical encoding (an integer written in
    /// more bytes than it needs, a map out of order): refused, so one value has one encoding.
    #[error("malformed data: not the canonical encoding of the value")]
    NotCanonical,
    /// The value could not be encoded (a type that serde cannot express in bincode).
    #[error("could not encode: {0}")]
    Encode(String),
}

/// Encodes a value canonically.
///
/// Our own types are plain data and always encode; a type serde cannot express in bincode (a
/// sequence of unknown length, a custom impl that fails) is an error, never an empty or partial
/// encoding that could be signed, hashed or sent.
pub fn encode<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, CodecError> {
    let mut out = Vec::new();
    encode_into(value, &mut out)?;
    Ok(out)
}

/// Appends the canonical encoding of a value to `out`. On an error `out` is left as it was.
pub fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) -> Result<(), CodecError> {
    let start = out.len();
    bincode::serde::encode_into_std_write(value, out, config()).map_err(|e| {
        out.truncate(start);
        CodecError::Encode(e.to_string())
    })?;
    Ok(())
}

/// Encodes a value of a type that is plain data by construction: a fixed struct or enum of
/// integers, byte arrays, byte vectors, strings, options and vectors of such, with derived serde
/// (the protocol's own messages, bodies, frames and configurations).
///
/// bincode can express every such value, so an error here is a bug in the type's definition
/// (a custom `Serialize` that fails, or a sequence of unknown length). It stops the program with
/// the type's name rather than yield bytes that do not stand for the value: nothing half-encoded
/// is ever signed, hashed or sent. Values whose types come from a game (states, actions,
/// options) go through [`encode`], whose error the caller handles.
pub fn encode_plain<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    encode_plain_into(value, &mut out);
    out
}

/// [`encode_plain`], appending to `out`.
pub fn encode_plain_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) {
    if let Err(e) = encode_into(value, out) {
        panic!(
            "bug: {} is not plain data and cannot be encoded: {e}",
            std::any::type_name::<T>()
        );
    }
}

/// Decodes a value that must fill `bytes` exactly (stored data; see [`decode_frame`] for bytes
/// from the network).
pub fn decode<T: Serialize + DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    decode_limited::<T, DECODE_LIMIT>(bytes)
}

/// Decodes a value that must fill `bytes` exactly, allocating for at most
/// [`FRAME_DECODE_LIMIT`] bytes: for bytes that came from the network.
pub fn decode_frame<T: Serialize + DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    decode_limited::<T, FRAME_DECODE_LIMIT>(bytes)
}

/// Decodes a value that must fill `bytes` exactly, allocating for at most `LIMIT` bytes.
///
/// The bytes must be the value's canonical encoding: bincode would also accept an integer
/// written in more bytes than it needs (a varint with a wider prefix), so the value is encoded
/// again and any other bytes are refused. One value has exactly one encoding that decodes.
pub fn decode_limited<T: Serialize + DeserializeOwned, const LIMIT: usize>(
    bytes: &[u8],
) -> Result<T, CodecError> {
    let (value, used) = bincode::serde::decode_from_slice(bytes, config_with::<LIMIT>())
        .map_err(|e| CodecError::Malformed(e.to_string()))?;
    if used != bytes.len() {
        return Err(CodecError::TrailingBytes {
            extra: bytes.len() - used,
        });
    }
    if encode(&value)? != bytes {
        return Err(CodecError::NotCanonical);
    }
    Ok(value)
}

/// Decodes a value from the front of `bytes`, returning it and how many bytes it used.
pub fn decode_prefix<T: DeserializeOwned>(bytes: &[u8]) -> Result<(T, usize), CodecError> {
    bincode::serde::decode_from_slice(bytes, config())
        .map_err(|e| CodecError::Malformed(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum Msg {
        A(u32),
        B { x: Vec<u8>, y: i16 },
    }

    #[test]
    fn round_trip_and_exact_length() {
        let m = Msg::B {
            x: vec![1, 2, 3],
            y: -4,
        };
        let bytes = encode(&m).unwrap();
        assert_eq!(decode::<Msg>(&bytes).unwrap(), m);
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            decode::<Msg>(&longer),
            Err(CodecError::TrailingBytes { extra: 1 })
        );
        assert!(decode::<Msg>(&bytes[..bytes.len() - 1]).is_err());
        assert_eq!(
            decode::<Msg>(&encode(&Msg::A(7)).unwrap()).unwrap(),
            Msg::A(7)
        );
    }

    /// A sequence whose length serde cannot know in advance: bincode cannot express it.
    struct Unsized;
    impl Serialize for Unsized {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeSeq;
            let mut seq = s.serialize_seq(None)?;
            seq.serialize_element(&1u8)?;
            seq.end()
        }
    }

    #[test]
    fn an_encoding_error_is_an_error_and_appends_nothing() {
        assert!(matches!(encode(&Unsized), Err(CodecError::Encode(_))));
        let mut out = vec![7, 8];
        assert!(matches!(
            encode_into(&(1u32, Unsized), &mut out),
            Err(CodecError::Encode(_))
        ));
        assert_eq!(out, [7, 8], "nothing half-written is left behind");
    }

    #[test]
    #[should_panic(expected = "is not plain data")]
    fn a_plain_encoding_that_fails_stops_instead_of_yielding_bytes() {
        let _ = encode_plain(&Unsized);
    }

    #[test]
    fn a_non_minimal_integer_is_refused_so_one_value_has_one_encoding() {
        let m = Msg::A(5);
        let bytes = encode(&m).unwrap();
        assert_eq!(bytes, [0, 5]);
        // 5 written as a two-byte varint (tag 251, then a u16): bincode alone would accept it.
        let wide = [0u8, 251, 5, 0];
        assert_eq!(decode::<Msg>(&wide), Err(CodecError::NotCanonical));
        assert_eq!(decode_frame::<Msg>(&wide), Err(CodecError::NotCanonical));
        assert_eq!(decode::<Msg>(&bytes).unwrap(), m);
    }

    #[test]
    fn hostile_length_prefix_is_rejected_without_allocating() {
        // Variant 1 (B), then a vec length of u64::MAX as a varint.
        let bytes = [1u8, 253, 255, 255, 255, 255, 255, 255, 255, 255];
        assert!(matches!(
            decode::<Msg>(&bytes),
            Err(CodecError::Malformed(_))
        ));
    }

    /// A hostile string length in a tiny network frame is refused as over the frame limit, before
    /// a buffer of that length is allocated; the same bytes read as stored data may claim up to
    /// the larger limit (and then fail for want of bytes).
    #[test]
    fn a_frame_may_not_claim_more_than_the_frame_limit() {
        #[derive(Debug, Serialize, Deserialize)]
        #[allow(dead_code)]
        struct Chat {
            text: String,
        }
        let claim = FRAME_DECODE_LIMIT as u64 + 1;
        assert!(claim < DECODE_LIMIT as u64);
        // A varint u64: 253, then eight little-endian bytes.
        let mut bytes = vec![253u8];
        bytes.extend_from_slice(&claim.to_le_bytes());
        bytes.extend_from_slice(b"hi");
        let err = decode_frame::<Chat>(&bytes)
            .unwrap_err()
            .to_string()
            .to_lowercase();
        assert!(err.contains("limit"), "{err}");
        let err = decode::<Chat>(&bytes)
            .unwrap_err()
            .to_string()
            .to_lowercase();
        assert!(!err.contains("limit"), "{err}");

        // A frame-sized list of small u64s (eight times its encoding in memory) decodes.
        let many: Vec<u64> = vec![7; (1 << 20) - 16];
        let bytes = encode(&many).unwrap();
        assert!(bytes.len() < 1 << 20);
        assert_eq!(decode_frame::<Vec<u64>>(&bytes).unwrap(), many);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for len in 0..64u8 {
            let bytes: Vec<u8> = (0..len)
                .map(|i| i.wrapping_mul(37).wrapping_add(len))
                .collect();
            let _ = decode::<Msg>(&bytes);
        }
    }
}
