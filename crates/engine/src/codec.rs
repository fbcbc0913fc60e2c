//! The one canonical encoding: bincode 2 over serde, with one configuration.
//!
//! Everything that is hashed, signed or stored (states, actions, options, wire messages, replay
//! frames) goes through these functions, so every peer produces the same bytes for the same value.
//! Decoding is bounded ([`DECODE_LIMIT`]) and must consume its whole input: trailing bytes are an
//! error, so one value has exactly one encoding.

use serde::{Serialize, de::DeserializeOwned};
use thiserror::Error;

/// The most bytes a single decode may allocate for (guards against hostile length prefixes).
pub const DECODE_LIMIT: usize = 16 * 1024 * 1024;

/// The bincode configuration: little-endian, variable-length integers, bounded decoding.
fn config() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<DECODE_LIMIT>,
> {
    bincode::config::standard().with_limit::<DECODE_LIMIT>()
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
    /// The value could not be encoded (a type that serde cannot express in bincode).
    #[error("could not encode: {0}")]
    Encode(String),
}

/// Encodes a value canonically.
pub fn encode<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    encode_into(value, &mut out);
    out
}

/// Appends the canonical encoding of a value to `out`.
///
/// Encoding our own types cannot fail (they are plain data); should it ever, nothing is appended
/// and the failure is visible as an empty encoding in tests and hashes.
pub fn encode_into<T: Serialize + ?Sized>(value: &T, out: &mut Vec<u8>) {
    let start = out.len();
    if bincode::serde::encode_into_std_write(value, out, config()).is_err() {
        out.truncate(start);
    }
}

/// Encodes a value, reporting the rare types bincode cannot express.
pub fn try_encode<T: Serialize + ?Sized>(value: &T) -> Result<Vec<u8>, CodecError> {
    bincode::serde::encode_to_vec(value, config()).map_err(|e| CodecError::Encode(e.to_string()))
}

/// Decodes a value that must fill `bytes` exactly.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    let (value, used) = bincode::serde::decode_from_slice(bytes, config())
        .map_err(|e| CodecError::Malformed(e.to_string()))?;
    if used != bytes.len() {
        return Err(CodecError::TrailingBytes {
            extra: bytes.len() - used,
        });
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
        let bytes = encode(&m);
        assert_eq!(decode::<Msg>(&bytes).unwrap(), m);
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            decode::<Msg>(&longer),
            Err(CodecError::TrailingBytes { extra: 1 })
        );
        assert!(decode::<Msg>(&bytes[..bytes.len() - 1]).is_err());
        assert_eq!(decode::<Msg>(&encode(&Msg::A(7))).unwrap(), Msg::A(7));
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
