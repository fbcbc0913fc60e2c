//! Building blocks for a game's hand-packed canonical encoding: its state written as one byte
//! string with every field at a fixed offset ([`Writer`], [`Reader`]), carried through serde as
//! one byte string ([`Bytes`], read back bounded by [`BytesBuf`]). One copy instead of dozens of
//! small writes keeps the state hash close to raw blake3 over the same bytes.
//!
//! Reading never panics: a [`Reader`] returns `None` past the end or on a malformed value, and a
//! [`BytesBuf`] refuses more than its bound before it allocates for it.

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A byte string, serialised as one serde byte string.
pub struct Bytes<'a>(pub &'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// A byte string read back: at most `MAX` bytes, given as bytes, a byte buffer or a sequence of
/// `u8` (self-describing formats).
pub struct BytesBuf<const MAX: usize>(pub Vec<u8>);

impl<'de, const MAX: usize> Deserialize<'de> for BytesBuf<MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<const MAX: usize>;
        impl<'de, const MAX: usize> Visitor<'de> for V<MAX> {
            type Value = BytesBuf<MAX>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a byte string of at most {MAX} bytes")
            }
            fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Self::Value, E> {
                if v.len() > MAX {
                    return Err(E::invalid_length(v.len(), &self));
                }
                Ok(BytesBuf(v.to_vec()))
            }
            fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Self::Value, E> {
                if v.len() > MAX {
                    return Err(E::invalid_length(v.len(), &self));
                }
                Ok(BytesBuf(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some(b) = seq.next_element::<u8>()? {
                    if out.len() == MAX {
                        return Err(de::Error::invalid_length(MAX + 1, &self));
                    }
                    out.push(b);
                }
                Ok(BytesBuf(out))
            }
        }
        d.deserialize_bytes(V::<MAX>)
    }
}

/// Writes fields one after another into a buffer sized for the largest state (a field written
/// past its end is a bug in the game's layout constants).
pub struct Writer<'a> {
    b: &'a mut [u8],
    i: usize,
}

impl<'a> Writer<'a> {
    /// A writer at the start of `b`.
    pub fn new(b: &'a mut [u8]) -> Self {
        Writer { b, i: 0 }
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.i
    }

    /// Whether nothing was written yet.
    pub fn is_empty(&self) -> bool {
        self.i == 0
    }

    /// Writes `bytes`.
    #[inline]
    pub fn put(&mut self, bytes: &[u8]) {
        self.b[self.i..self.i + bytes.len()].copy_from_slice(bytes);
        self.i += bytes.len();
    }

    /// Writes one byte.
    #[inline]
    pub fn u8(&mut self, v: u8) {
        self.b[self.i] = v;
        self.i += 1;
    }

    /// Writes an optional byte as two: `[1, x]` or `[0, 0]`.
    #[inline]
    pub fn opt(&mut self, v: Option<u8>) {
        match v {
            Some(x) => self.put(&[1, x]),
            None => self.put(&[0, 0]),
        }
    }
}

/// Reads fields one after another; `None` past the end or on a malformed value.
pub struct Reader<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `b`.
    pub fn new(b: &'a [u8]) -> Self {
        Reader { b, i: 0 }
    }

    /// Bytes read so far.
    pub fn pos(&self) -> usize {
        self.i
    }

    /// Whether every byte was read.
    pub fn at_end(&self) -> bool {
        self.i == self.b.len()
    }

    /// The next `N` bytes.
    pub fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let out = self.b.get(self.i..self.i + N)?.try_into().ok()?;
        self.i += N;
        Some(out)
    }

    /// One byte.
    pub fn u8(&mut self) -> Option<u8> {
        Some(self.take::<1>()?[0])
    }

    /// A little-endian `u32`.
    pub fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take()?))
    }

    /// A little-endian `u64`.
    pub fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take()?))
    }

    /// A flag: 0 or 1, anything else is malformed.
    pub fn flag(&mut self) -> Option<bool> {
        match self.u8()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    /// An optional byte as [`Writer::opt`] wrote it; any other pair is malformed.
    pub fn opt(&mut self) -> Option<Option<u8>> {
        match self.take::<2>()? {
            [0, 0] => Some(None),
            [1, x] => Some(Some(x)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec;

    #[test]
    fn fields_round_trip_and_malformed_ones_are_refused() {
        let mut buf = [0u8; 16];
        let mut w = Writer::new(&mut buf);
        w.u8(7);
        w.opt(Some(3));
        w.opt(None);
        w.put(&9u32.to_le_bytes());
        let n = w.len();
        let mut r = Reader::new(&buf[..n]);
        assert_eq!(r.u8(), Some(7));
        assert_eq!(r.opt(), Some(Some(3)));
        assert_eq!(r.opt(), Some(None));
        assert_eq!(r.u32(), Some(9));
        assert!(r.at_end());
        assert_eq!(r.u8(), None, "past the end");
        assert_eq!(Reader::new(&[2]).flag(), None);
        assert_eq!(Reader::new(&[0, 5]).opt(), None);
    }

    #[test]
    fn a_byte_string_is_bounded_on_reading() {
        let bytes = codec::encode(&Bytes(&[1, 2, 3])).unwrap();
        let (back, used) = codec::decode_prefix::<BytesBuf<3>>(&bytes).unwrap();
        assert_eq!((back.0, used), (vec![1, 2, 3], bytes.len()));
        assert!(codec::decode_prefix::<BytesBuf<2>>(&bytes).is_err());
    }
}
