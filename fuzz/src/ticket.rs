//! Builds ticket strings around arbitrary payloads, with a valid checksum, so the fuzzer reaches
//! the ticket body's decoder instead of stopping at the checksum. Mirrors the format documented
//! in `dwarfs_net::ticket`: `dwarfs1-` then Crockford base32 of the payload and a 4-byte blake3
//! checksum keyed by "dwarfs ticket v1".

const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// A `dwarfs1-` ticket string carrying `payload` with a matching checksum.
pub fn with_checksum(payload: &[u8]) -> String {
    let mut h = blake3::Hasher::new();
    h.update(b"dwarfs ticket v1");
    h.update(payload);
    let mut bytes = payload.to_vec();
    bytes.extend_from_slice(&h.finalize().as_bytes()[..4]);
    format!("dwarfs1-{}", base32(&bytes))
}

fn base32(bytes: &[u8]) -> String {
    let mut out = String::new();
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | b as u32;
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
        acc &= (1 << bits) - 1;
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}
