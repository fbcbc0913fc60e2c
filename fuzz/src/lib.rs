//! Helpers shared by the fuzz targets: a reader of fuzz bytes, the game driver (play decoded
//! actions from states reached by a seed), a chunked async reader for the frame reader, a ticket
//! builder that reaches past the checksum, and the seed corpora made from real data.

pub mod byzantine;
pub mod chunked;
pub mod game;
pub mod seeds;
pub mod session;
pub mod ticket;

/// Reads fuzz input front to back; past the end every read gives zeros or nothing.
pub struct Input<'a>(pub &'a [u8]);

impl<'a> Input<'a> {
    /// The next byte, or `None` at the end.
    pub fn next_byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    /// The next byte, 0 at the end.
    pub fn byte(&mut self) -> u8 {
        self.next_byte().unwrap_or(0)
    }

    /// The next 8 bytes as a little-endian u64 (zero-padded at the end).
    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        for x in &mut b {
            *x = self.byte();
        }
        u64::from_le_bytes(b)
    }

    /// Up to `n` next bytes.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.0.len());
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        a
    }

    /// Whatever is left.
    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.0)
    }
}

/// Writes this target's seed corpus into the directory named by `DWARFS_FUZZ_SEEDS`, when set.
/// The fuzz targets call it from their `init` block, which runs before libFuzzer reads its
/// corpus directories, so `DWARFS_FUZZ_SEEDS=dir target dir` starts from real data.
pub fn write_seeds(target: &str) {
    let Some(dir) = std::env::var_os("DWARFS_FUZZ_SEEDS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    for (i, bytes) in seeds::for_target(target).into_iter().enumerate() {
        let name = format!("seed-{i:03}-{}", &blake3::hash(&bytes).to_hex()[..16]);
        let _ = std::fs::write(dir.join(name), bytes);
    }
}
