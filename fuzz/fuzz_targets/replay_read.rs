//! The replay file parser and the signing journal parser alone (no verification), checked
//! against the format rather than only for panics: every record read lies where its offset says,
//! is followed by its checksum and re-encodes to its bytes (or, where the frame's length prefix
//! was written in more bytes than it needs, to shorter bytes that read back the same; the codec
//! refuses a non-canonical body); an error sits right after the
//! last record read; a torn tail is only ever at the end of the file, and cutting the file at the
//! error leaves every record read and no error.
#![no_main]

use dwarfs_protocol::replay::format::{
    CHECKSUM_LEN, JOURNAL_MAGIC, MAGIC, MAGICS_V1, ReadError, checksum, encode_frame,
    encode_record, read_frames, read_journal,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: dwarfs_fuzz::write_seeds("replay_read"),
    |data: &[u8]| {
        check_replay(data);
        check_journal(data);
    }
);

/// A record's length prefix at `at`: (prefix bytes, body length), or `None` when the prefix is
/// cut by the end of the file or longer than 5 bytes.
fn prefix(bytes: &[u8], at: usize) -> Option<(usize, usize)> {
    let mut len = 0u64;
    for (i, &b) in bytes.get(at..)?.iter().take(5).enumerate() {
        len |= u64::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            return Some((i + 1, len as usize));
        }
    }
    None
}

/// Checks the records read (each offset with its re-encoding) against the file `bytes`, which
/// starts with `magic`, and the error against the rest of the file; `read` reads a whole file
/// and tells how many records it holds if it reads without an error. Returns where reading
/// stopped.
fn check_records(
    bytes: &[u8],
    magic: &[u8],
    records: &[(usize, Vec<u8>)],
    error: Option<&ReadError>,
    read: impl Fn(&[u8]) -> Option<usize>,
) -> usize {
    let sum_len = CHECKSUM_LEN;
    let mut pos = magic.len();
    for (offset, encoded) in records {
        assert_eq!(*offset, pos, "a record is not where the previous one ended");
        let (plen, len) = prefix(bytes, pos).expect("a record read has a length prefix");
        assert!(len > 0, "a record of length 0 was read");
        let end = pos + plen + len + sum_len;
        assert!(end <= bytes.len(), "a record read runs past the end");
        let body = &bytes[pos + plen..pos + plen + len];
        assert_eq!(
            bytes[end - sum_len..end],
            checksum(body),
            "a record's checksum fails"
        );
        if encoded[..] != bytes[pos..end] {
            // The length prefix may be non-minimal (the codec refuses a non-canonical body): the
            // canonical encoding is then shorter, and must read back on its own.
            assert!(
                encoded.len() < end - pos,
                "a record re-encodes longer than it was read"
            );
            let mut file = magic.to_vec();
            file.extend_from_slice(encoded);
            assert_eq!(
                read(&file),
                Some(1),
                "a re-encoded record does not read back"
            );
        }
        pos = end;
    }
    let Some(error) = error else {
        assert_eq!(pos, bytes.len(), "reading stopped early without an error");
        return pos;
    };
    let (index, offset) = error.position();
    assert_eq!(
        index,
        records.len(),
        "the error is not at the record after the last read"
    );
    assert_eq!(
        offset, pos,
        "the error is not where the last record read ended"
    );
    assert!(
        offset < bytes.len(),
        "the error lies past the end of the file"
    );
    let zero_from = |at: usize| bytes.get(at..).is_none_or(|t| t.iter().all(|&b| b == 0));
    match (error, prefix(bytes, offset)) {
        (ReadError::Truncated { missing, .. }, Some((plen, len))) => {
            let needed = plen + len + sum_len;
            assert_eq!(
                needed,
                bytes.len() - offset + missing,
                "a wrong count of bytes missing"
            );
        }
        (ReadError::Truncated { missing, .. }, None) => {
            assert_eq!(*missing, 1);
            assert!(
                bytes[offset..].iter().all(|&b| b & 0x80 != 0),
                "a whole prefix called cut"
            );
        }
        (ReadError::Torn { .. }, Some((plen, len))) => {
            // A torn tail is only ever at the end: zeros (or nothing) behind the frame.
            let from = if len == 0 {
                offset
            } else {
                offset + plen + len + sum_len
            };
            assert!(zero_from(from), "a torn frame with data behind it");
        }
        (ReadError::Checksum { .. }, Some((plen, len))) => {
            assert!(
                !zero_from(offset + plen + len + sum_len),
                "a torn tail called damage"
            );
        }
        (ReadError::Malformed { .. }, Some(_)) | (ReadError::BadLength { .. }, _) => {}
        (e, p) => panic!("error {e:?} with length prefix {p:?}"),
    }
    // Cutting the file where reading stopped (what resuming does with a torn tail) keeps every
    // record read and leaves no error.
    assert_eq!(
        read(&bytes[..offset]),
        Some(records.len()),
        "the intact part does not read"
    );
    offset
}

fn check_replay(data: &[u8]) {
    let frames = read_frames(data);
    match &frames.error {
        Some(ReadError::BadMagic) => {
            assert!(
                data.len() < MAGIC.len() || data[..7] != MAGIC[..7],
                "a replay magic refused"
            );
            assert!(frames.frames.is_empty());
            return;
        }
        Some(ReadError::UnknownFraming(b)) => {
            assert_eq!(data[..7], MAGIC[..7]);
            assert!(*b == data[7] && *b != MAGIC[7]);
            assert!(MAGICS_V1.iter().all(|m| data[..8] != m[..]));
            assert!(frames.frames.is_empty());
            return;
        }
        Some(ReadError::ProtocolV1) => {
            assert!(MAGICS_V1.iter().any(|m| data[..8] == m[..]));
            assert!(frames.frames.is_empty());
            return;
        }
        _ => {}
    }
    assert_eq!(data[..8], MAGIC[..], "the wrong framing");
    let magic: &[u8] = MAGIC;
    let records: Vec<(usize, Vec<u8>)> = frames
        .frames
        .iter()
        .map(|(o, f)| (*o, encode_frame(f)))
        .collect();
    let read = |file: &[u8]| {
        let again = read_frames(file);
        again.error.is_none().then_some(again.frames.len())
    };
    let cut = check_records(data, magic, &records, frames.error.as_ref(), read);
    let again = read_frames(&data[..cut]);
    assert_eq!(
        again.frames, frames.frames,
        "the intact part of a replay reads differently"
    );
}

fn check_journal(data: &[u8]) {
    let journal = read_journal(data);
    if data.len() < JOURNAL_MAGIC.len() || data[..8] != JOURNAL_MAGIC[..] {
        let torn_magic = data.len() < JOURNAL_MAGIC.len() && JOURNAL_MAGIC.starts_with(data);
        assert_eq!(
            journal.error.is_none(),
            torn_magic,
            "a journal magic misjudged"
        );
        assert!(journal.records.is_empty());
        assert_eq!(journal.valid_len, 0);
        return;
    }
    let records: Vec<(usize, Vec<u8>)> = journal
        .records
        .iter()
        .map(|(o, r)| (*o, encode_record(r)))
        .collect();
    let read = |file: &[u8]| {
        let again = read_journal(file);
        again.error.is_none().then_some(again.records.len())
    };
    let cut = check_records(data, JOURNAL_MAGIC, &records, journal.error.as_ref(), read);
    assert_eq!(
        journal.valid_len, cut,
        "the valid length is not where reading stopped"
    );
    let again = read_journal(&data[..cut]);
    assert_eq!(
        again.records, journal.records,
        "the intact part of a journal reads differently"
    );
}
