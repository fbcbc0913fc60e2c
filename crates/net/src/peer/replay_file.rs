//! A peer's replay file, signing journal and game secret on disk: created without overwriting
//! anything, appended as the session produces them, flushed to disk at every checkpoint (the
//! journal at every record) on a thread of its own while play goes on, and at the end before the
//! game is over for the driver, and
//! on resume rebuilt in a copy next to the original that replaces it only once it verifies with
//! every move the original held. A write error is returned, never skipped: the driver then stops
//! the game for this peer (see `Recording::failed`).

use super::flusher::{Flusher, Which};
use dwarfs_protocol::GameSecret;
use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The replay file of a run, and why writing it failed, if it did.
#[derive(Default)]
pub(super) struct Recording {
    /// The replay file (with the signing journal), once the game started, when the run was
    /// given a replay path.
    pub(super) file: Option<ReplayFile>,
    /// Why the replay could not be written: the game stopped for this peer.
    pub(super) failed: Option<String>,
    /// The replay kept in memory instead of a file ([`crate::PeerSpec::replay_in_memory`]).
    pub(super) memory: Option<Vec<u8>>,
    /// The game kept in the peer's store as it goes, for a resume (a browser page).
    pub(super) saved: Option<super::saved_game::Saved>,
}

/// Where replay bytes go: a file, or (in tests) a disk that fails.
pub(super) trait Sink: Send {
    /// Appends `bytes` at the end.
    fn append(&mut self, bytes: &[u8]) -> io::Result<()>;
    /// Cuts the file to `len` bytes; appending goes on from there.
    fn truncate(&mut self, len: u64) -> io::Result<()>;
    /// Flushes what was written to the disk.
    fn sync(&mut self) -> io::Result<()>;
    /// A second handle of the file, to flush it from another thread.
    fn handle(&self) -> io::Result<File>;
}

impl Sink for File {
    fn append(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.write_all(bytes)
    }

    fn truncate(&mut self, len: u64) -> io::Result<()> {
        self.set_len(len)?;
        self.seek(SeekFrom::Start(len)).map(|_| ())
    }

    fn sync(&mut self) -> io::Result<()> {
        self.sync_data()
    }

    fn handle(&self) -> io::Result<File> {
        self.try_clone()
    }
}

/// A disk that is full: every write and flush fails (the `replay_fails_after_writes` test hook).
#[cfg_attr(not(feature = "test-hooks"), allow(dead_code))]
pub(super) struct FullDisk;

impl Sink for FullDisk {
    fn append(&mut self, _bytes: &[u8]) -> io::Result<()> {
        Err(io::Error::new(
            io::ErrorKind::StorageFull,
            "no space left on device",
        ))
    }

    fn truncate(&mut self, _len: u64) -> io::Result<()> {
        Ok(())
    }

    fn sync(&mut self) -> io::Result<()> {
        Err(io::Error::new(
            io::ErrorKind::StorageFull,
            "no space left on device",
        ))
    }

    fn handle(&self) -> io::Result<File> {
        Err(io::Error::new(
            io::ErrorKind::StorageFull,
            "no space left on device",
        ))
    }
}

/// The signing journal next to a replay (`<replay>.signed`): what this peer signed for moves
/// not final yet (see `dwarfs_protocol::Session::resume_with_journal`).
pub fn journal_file(replay: &Path) -> PathBuf {
    with_suffix(replay, ".signed")
}

/// The game's secret next to a replay (`<replay>.secret`): the fresh randomness behind this
/// peer's seed nonce, beacon chain and secret-choice salts for the game
/// ([`dwarfs_protocol::GameSecret`]), which a resumed session needs to derive the same values.
pub fn secret_file(replay: &Path) -> PathBuf {
    with_suffix(replay, ".secret")
}

/// Keeps `secret` next to the replay at `replay`: readable only by the user, written whole
/// and flushed to disk (call it before the session's seed commit is sent).
pub(super) fn write_secret(replay: &Path, secret: &GameSecret) -> io::Result<()> {
    crate::files::write_atomic(&secret_file(replay), &secret.to_bytes(), false)
}

/// The secret kept next to the replay at `replay`, for a resume. A missing or damaged file is an
/// error that says why the game cannot be resumed without it.
pub(super) fn read_secret(replay: &Path) -> Result<GameSecret, String> {
    let path = secret_file(replay);
    let bytes = std::fs::read(&path).map_err(|e| {
        if e.kind() == io::ErrorKind::NotFound {
            format!(
                "the game's secret {} is missing: without it this peer would commit to other \
                 values than it did when the game started, so the game cannot be resumed",
                path.display()
            )
        } else {
            format!("the game's secret {}: {e}", path.display())
        }
    })?;
    let bytes: [u8; 32] = bytes.try_into().map_err(|b: Vec<u8>| {
        format!(
            "the game's secret {} holds {} bytes, not 32: it is damaged, so the game cannot be \
             resumed",
            path.display(),
            b.len()
        )
    })?;
    Ok(GameSecret::from_bytes(bytes))
}

/// The copy a resumed replay is rebuilt in before it replaces the original.
pub fn resume_copy(replay: &Path) -> PathBuf {
    with_suffix(replay, ".resuming")
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// A resumed replay being rebuilt in a copy.
struct Copy {
    /// The copy's path (renamed over the original once it holds as much).
    path: PathBuf,
    /// The last move the original held: the copy replaces it once it verifies this far.
    original_moves: u32,
    /// The session's last final move when the copy was last checked (checked once per move).
    checked_at: Option<u32>,
}

/// A peer's replay file and signing journal, open for appending.
pub(super) struct ReplayFile {
    /// Where the replay is (and stays, once a resumed copy replaced it).
    path: PathBuf,
    /// Where the replay bytes go.
    sink: Box<dyn Sink>,
    /// Where the signing journal goes.
    journal: Box<dyn Sink>,
    /// Set while a resumed replay is rebuilt in a copy.
    copy: Option<Copy>,
    /// Whether bytes were appended since the last flush to disk.
    dirty: bool,
    /// The signing journal's path, until it is removed at the end of the game.
    journal_path: Option<PathBuf>,
    /// Whether the game's secret next to the replay was removed (see
    /// [`ReplayFile::game_over`]).
    secret_removed: bool,
    /// Flushes the journal and checkpoints to disk while play goes on.
    flusher: Flusher,
    /// Replay writes left before the disk fills up (the `replay_fails_after_writes` test hook;
    /// always `None` outside tests).
    writes_before_full: Option<u32>,
}

impl ReplayFile {
    /// Starts the replay of a new game at `path`, or at a fresh name next to it if a file of that
    /// name (or its journal) exists already: an existing file is never written over. Returns the
    /// path used.
    pub(super) fn create_new(path: &Path) -> io::Result<Self> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let mut n = 1u32;
        loop {
            let candidate = if n == 1 {
                path.to_path_buf()
            } else {
                numbered(path, n)
            };
            n += 1;
            if journal_file(&candidate).exists() || candidate.exists() {
                if n > 10_000 {
                    return Err(io::Error::new(
                        io::ErrorKind::AlreadyExists,
                        "every numbered name next to it is taken",
                    ));
                }
                continue;
            }
            let sink = match OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&candidate)
            {
                Ok(f) => f,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            };
            let journal = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(journal_file(&candidate))?;
            return Ok(ReplayFile {
                journal_path: Some(journal_file(&candidate)),
                secret_removed: false,
                path: candidate,
                sink: Box::new(sink),
                journal: Box::new(journal),
                copy: None,
                dirty: false,
                flusher: Flusher::default(),
                writes_before_full: None,
            });
        }
    }

    /// Opens the replay at `path` to resume the game: `original` is its content, of which the
    /// first `keep` bytes verify, holding moves up to `original_moves`. When all of it verifies,
    /// the session's new frames are appended to it; otherwise (a torn last frame, or moves whose
    /// chance point needs beacon links the file lacks) the replay is rebuilt in a copy next to it
    /// and the original is left as it is until [`ReplayFile::promote`] replaces it. The journal's
    /// torn last record (never sent) is cut; returns the journal's bytes too.
    pub(super) fn resume(
        path: &Path,
        original: &[u8],
        keep: usize,
        original_moves: u32,
    ) -> io::Result<(Self, Vec<u8>)> {
        let journal_path = journal_file(path);
        let mut journal = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&journal_path)?;
        let mut journal_bytes = Vec::new();
        io::Read::read_to_end(&mut journal, &mut journal_bytes)?;
        let read = dwarfs_protocol::replay::format::read_journal(&journal_bytes);
        if read.error.as_ref().is_none_or(|e| e.is_torn_tail())
            && read.valid_len < journal_bytes.len()
        {
            journal_bytes.truncate(read.valid_len);
            Sink::truncate(&mut journal, read.valid_len as u64)?;
        }
        journal.seek(SeekFrom::End(0))?;
        let (sink, copy): (File, Option<Copy>) = if keep >= original.len() {
            let f = OpenOptions::new().append(true).open(path)?;
            (f, None)
        } else {
            let copy_path = resume_copy(path);
            // Our own leftover from an earlier resume, never the replay itself.
            let mut f = File::create(&copy_path)?;
            f.write_all(&original[..keep])?;
            f.sync_data()?;
            (
                f,
                Some(Copy {
                    path: copy_path,
                    original_moves,
                    checked_at: None,
                }),
            )
        };
        Ok((
            ReplayFile {
                path: path.to_path_buf(),
                sink: Box::new(sink),
                journal: Box::new(journal),
                copy,
                dirty: false,
                journal_path: Some(journal_path),
                secret_removed: false,
                flusher: Flusher::default(),
                writes_before_full: None,
            },
            journal_bytes,
        ))
    }

    /// The replay's path.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Appends replay bytes.
    pub(super) fn append(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self.writes_before_full {
            Some(0) => {
                self.writes_before_full = None;
                self.fill_disk();
            }
            Some(n) => self.writes_before_full = Some(n - 1),
            None => {}
        }
        self.dirty = true;
        self.sink.append(bytes)
    }

    /// Cuts the replay being written to `len` bytes (a takeover rewind).
    pub(super) fn truncate(&mut self, len: usize) -> io::Result<()> {
        self.dirty = true;
        self.sink.truncate(len as u64)
    }

    /// Flushes the replay to disk, if anything was appended since the last time, and waits for
    /// it (also reports a background flush that failed).
    pub(super) fn sync(&mut self) -> io::Result<()> {
        self.flusher.check()?;
        if self.dirty {
            self.sink.sync()?;
            self.dirty = false;
        }
        Ok(())
    }

    /// Has the replay flushed to disk on the flush thread, if anything was appended since the
    /// last time (a checkpoint): play goes on meanwhile. A failed flush is reported by a later
    /// call.
    pub(super) fn sync_soon(&mut self) -> io::Result<()> {
        if self.dirty {
            self.flusher.flush(Which::Replay, || self.sink.handle())?;
            self.dirty = false;
        }
        self.flusher.check()
    }

    /// Appends a signing-journal record (before what it records is sent) and has it flushed to
    /// disk at once on the flush thread, while what it records travels. A failed flush is
    /// reported by a later call.
    pub(super) fn journal(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.journal.append(bytes)?;
        self.flusher.flush(Which::Journal, || self.journal.handle())
    }

    /// The game is over and agreed, and the replay holds it (flushed): the signing journal is no
    /// longer needed (nothing more is signed for a move), so it is removed; and once the file
    /// on disk passes `verifies` (a whole game, every signature checked), so is the game's
    /// secret: it serves only to resume, and a finished game has nothing to resume. (The game id
    /// stays in the key's list of games played, so it is never played again.)
    pub(super) fn game_over(&mut self, verifies: impl FnOnce(&[u8]) -> bool) {
        if self.copy.is_some() || self.dirty {
            return;
        }
        if let Some(p) = self.journal_path.take() {
            let _ = std::fs::remove_file(p);
        }
        if !self.secret_removed {
            self.secret_removed = true;
            let path = secret_file(&self.path);
            if path.exists() && std::fs::read(&self.path).is_ok_and(|b| verifies(&b)) {
                let _ = std::fs::remove_file(path);
            }
        }
    }

    /// The replay is rebuilt in a copy, and the session now holds every move of the original (or
    /// the end of the game): time to [`ReplayFile::promote`] the copy.
    /// Once per final move (and once more at the end).
    pub(super) fn ready_to_replace(&mut self, moves: u32, over: bool) -> bool {
        let Some(c) = self.copy.as_mut() else {
            return false;
        };
        let key = if over { u32::MAX } else { moves };
        if (moves < c.original_moves && !over) || c.checked_at >= Some(key) {
            return false;
        }
        c.checked_at = Some(key);
        true
    }

    /// Replaces the original replay with the resumed copy once `verify` accepts the copy's bytes
    /// and says it holds every move of the original (or the end of the game). Returns whether it
    /// did.
    pub(super) fn promote(&mut self, verify: impl FnOnce(&[u8], u32) -> bool) -> io::Result<bool> {
        let Some((copy_path, original_moves)) = self
            .copy
            .as_ref()
            .map(|c| (c.path.clone(), c.original_moves))
        else {
            return Ok(false);
        };
        self.sync()?;
        let bytes = std::fs::read(&copy_path)?;
        if !verify(&bytes, original_moves) {
            return Ok(false);
        }
        let renamed = crate::files::rename(&copy_path, &self.path);
        // Once renamed, the copy is the replay, even if its directory could not be synced (an
        // error, which stops the game: the rename is not known to be on disk).
        if renamed.is_ok() || !copy_path.exists() {
            self.copy = None;
        }
        renamed?;
        Ok(true)
    }

    /// Writes from now on into a disk that is full.
    fn fill_disk(&mut self) {
        self.sink = Box::new(FullDisk);
        self.journal = Box::new(FullDisk);
    }

    /// Lets `writes` more replay writes (the first holds the file's magic and header, each later
    /// one a frame) reach the file, then writes into a disk that is full: the replay and the
    /// journal fail from then on (the `replay_fails_after_writes` test hook). Counted in writes,
    /// not moves, so what reaches the file does not depend on how many moves one wake-up of a
    /// loaded peer makes final.
    #[cfg_attr(not(feature = "test-hooks"), allow(dead_code))]
    pub(super) fn fill_disk_after(&mut self, writes: u32) {
        self.writes_before_full = Some(writes);
    }
}

/// `game.replay` → `game-2.replay` (the number before the extension).
fn numbered(path: &Path, n: u32) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_replay_never_overwrites_an_existing_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.replay");
        std::fs::write(&path, b"an earlier game").unwrap();
        let mut r = ReplayFile::create_new(&path).unwrap();
        assert_eq!(r.path(), dir.path().join("game-2.replay"));
        r.append(b"new").unwrap();
        r.sync().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"an earlier game");
        assert_eq!(std::fs::read(r.path()).unwrap(), b"new");
        let r3 = ReplayFile::create_new(&path).unwrap();
        assert_eq!(r3.path(), dir.path().join("game-3.replay"));
        assert!(journal_file(r3.path()).exists());
        let mut r3 = r3;
        r3.game_over(|_| true);
        assert!(!journal_file(r3.path()).exists());
        assert!(r3.path().exists());
    }

    #[test]
    fn the_game_secret_is_removed_once_the_finished_replay_verifies() {
        let dir = tempfile::tempdir().unwrap();
        let secret = GameSecret::from_bytes([5; 32]);
        // A file that does not verify keeps its secret (the game may still be resumed).
        let mut bad = ReplayFile::create_new(&dir.path().join("bad.replay")).unwrap();
        write_secret(bad.path(), &secret).unwrap();
        bad.append(b"not a whole game").unwrap();
        bad.sync().unwrap();
        bad.game_over(|b| b == b"a whole game");
        assert!(secret_file(bad.path()).exists());
        // One that does loses it.
        let mut good = ReplayFile::create_new(&dir.path().join("good.replay")).unwrap();
        write_secret(good.path(), &secret).unwrap();
        good.append(b"a whole game").unwrap();
        // Not before the file is flushed.
        good.game_over(|b| b == b"a whole game");
        assert!(secret_file(good.path()).exists());
        good.sync().unwrap();
        good.game_over(|b| b == b"a whole game");
        assert!(!secret_file(good.path()).exists());
        assert!(good.path().exists());
    }

    #[test]
    fn the_game_secret_is_kept_for_its_user_only_and_a_missing_one_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.replay");
        let e = read_secret(&path).unwrap_err();
        assert!(
            e.contains("missing") && e.contains("cannot be resumed"),
            "{e}"
        );
        let secret = GameSecret::from_bytes([4; 32]);
        write_secret(&path, &secret).unwrap();
        assert_eq!(read_secret(&path).unwrap(), secret);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(secret_file(&path))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(secret_file(&path), [1, 2, 3]).unwrap();
        let e = read_secret(&path).unwrap_err();
        assert!(e.contains("damaged"), "{e}");
    }

    #[test]
    fn a_full_disk_is_an_error_not_a_skipped_frame() {
        let dir = tempfile::tempdir().unwrap();
        let mut r = ReplayFile::create_new(&dir.path().join("g.replay")).unwrap();
        r.fill_disk_after(2);
        r.append(b"ok").unwrap();
        r.journal(b"j").unwrap();
        r.append(b"ok").unwrap();
        let e = r.append(b"lost").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::StorageFull);
        assert!(r.journal(b"x").is_err());
        assert!(r.sync().is_err());
        assert_eq!(std::fs::read(r.path()).unwrap(), b"okok");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn writing_to_dev_full_fails() {
        let mut f: Box<dyn Sink> =
            Box::new(OpenOptions::new().write(true).open("/dev/full").unwrap());
        assert!(f.append(&[0; 64]).and_then(|()| f.sync()).is_err());
    }

    #[test]
    fn a_resume_that_cannot_keep_everything_writes_a_copy_and_leaves_the_original() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.replay");
        std::fs::write(&path, b"0123456789").unwrap();
        let (mut r, journal) = ReplayFile::resume(&path, b"0123456789", 6, 3).unwrap();
        assert!(journal.is_empty());
        r.append(b"ab").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"0123456789");
        assert!(!r.ready_to_replace(2, false));
        assert!(r.ready_to_replace(3, false));
        assert!(!r.ready_to_replace(3, false), "checked once per move");
        // The copy does not verify: the original stays.
        assert!(!r.promote(|_, _| false).unwrap());
        assert_eq!(std::fs::read(&path).unwrap(), b"0123456789");
        assert!(r.promote(|b, n| b == b"012345ab" && n == 3).unwrap());
        assert_eq!(std::fs::read(&path).unwrap(), b"012345ab");
        assert!(!resume_copy(&path).exists());
        r.append(b"c").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"012345abc");
    }
}
