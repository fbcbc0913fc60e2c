//! What a key has played, and fresh randomness for a new game.
//!
//! A key plays a game id once: the ids of the games a key has started a session for are kept in
//! a small file next to the key (`<key>.played`, 32 bytes per game, readable only by the user),
//! by the desktop's [`crate::store::FileStore`] (a browser keeps them in its own store).
//! A new game whose id is in it is refused (a host that offers an old id again would otherwise
//! meet the same player in a game whose secrets it may know more about); resuming that same game
//! from its replay is not a new game and is never refused. A spectator is not recorded: it holds
//! no seat, so it commits to nothing and derives no secret from the game id, and watching a game
//! again (or one it played) reveals nothing of it. The game's secret next to a replay is removed
//! once the game is over and the replay on disk verifies (a finished game has nothing to
//! resume); the id stays in this record.
//!
//! Game ids and per-game secrets ([`dwarfs_protocol::GameSecret`]) are 32 bytes from the
//! operating system's random number generator.

use dwarfs_protocol::GameSecret;
use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Bytes per game id in the record.
const ID_LEN: usize = 32;

/// Why a new game could not start for this key.
#[derive(Debug, Error)]
pub enum PlayedError {
    /// The key has played (or started) this game id before.
    #[error(
        "this key has already played game {id}: a game id is played once, so that no one can \
         learn this player's secrets from an earlier game; ask the host for a new game (a new \
         ticket), or resume the old one from its replay with `dwarfs resume`"
    )]
    AlreadyPlayed {
        /// The game id, in hex (its first bytes).
        id: String,
    },
    /// The record could not be read or written.
    #[error("the record of games played with this key, {path}: {source}")]
    Io {
        /// The record's file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
}

/// The record of game ids a key has played, next to the key file.
#[derive(Clone, Debug)]
pub struct PlayedGames {
    path: PathBuf,
}

impl PlayedGames {
    /// The record of the key kept at `key_file`: `<key_file>.played`.
    pub fn for_key(key_file: &Path) -> Self {
        let mut s = key_file.as_os_str().to_owned();
        s.push(".played");
        PlayedGames {
            path: PathBuf::from(s),
        }
    }

    /// The record's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether `game_id` is in the record (a missing record holds nothing; a torn last id, from
    /// a crash while it was appended, is not counted).
    pub fn contains(&self, game_id: &[u8; 32]) -> Result<bool, PlayedError> {
        match std::fs::read(&self.path) {
            Ok(bytes) => Ok(bytes.chunks_exact(ID_LEN).any(|c| c == game_id)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(source) => Err(self.io(source)),
        }
    }

    /// Records `game_id` (appended and flushed to disk). Whether it was played before is
    /// [`crate::store::check`]'s question, asked first.
    pub fn record(&self, game_id: &[u8; 32]) -> Result<(), PlayedError> {
        self.append(game_id).map_err(|e| self.io(e))
    }

    fn append(&self, game_id: &[u8; 32]) -> io::Result<()> {
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        let mut opts = OpenOptions::new();
        opts.create(true).append(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
        let mut f = opts.open(&self.path)?;
        // A torn id from an earlier crash is cut first, so ids stay aligned.
        let len = f.metadata()?.len();
        let aligned = len - len % ID_LEN as u64;
        if aligned != len {
            f.set_len(aligned)?;
        }
        f.write_all(game_id)?;
        f.sync_data()?;
        if aligned == 0 {
            // A new record: its name is on disk only once its directory is.
            crate::files::sync_parent(&self.path)?;
        }
        Ok(())
    }

    fn io(&self, source: io::Error) -> PlayedError {
        PlayedError::Io {
            path: self.path.clone(),
            source,
        }
    }
}

/// 32 random bytes from the operating system.
pub fn random_bytes() -> io::Result<[u8; 32]> {
    let mut out = [0u8; 32];
    getrandom::fill(&mut out).map_err(|e| {
        io::Error::other(format!(
            "the operating system gave no random bytes ({e}), so no game secret can be made"
        ))
    })?;
    Ok(out)
}

/// A new game id: random, so no one can guess or steer it.
pub fn new_game_id() -> io::Result<[u8; 32]> {
    random_bytes()
}

/// Fresh randomness for one game's secrets.
pub fn new_game_secret() -> io::Result<GameSecret> {
    random_bytes().map(GameSecret::from_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_plays_a_game_id_once_and_the_record_survives_a_torn_tail() {
        use crate::store::{FileStore, start};
        let dir = tempfile::tempdir().unwrap();
        let key = dir.path().join("keys/me.key");
        let store = FileStore::new(Some(key.clone()));
        let played = PlayedGames::for_key(&key);
        assert_eq!(played.path(), dir.path().join("keys/me.key.played"));
        let (a, b) = ([1; 32], [2; 32]);
        assert!(!played.contains(&a).unwrap());
        start(&store, &a).unwrap();
        let e = start(&store, &a).unwrap_err();
        assert!(matches!(e, PlayedError::AlreadyPlayed { .. }), "{e}");
        assert!(e.to_string().contains("new ticket"), "{e}");
        assert!(crate::store::check(&store, &a).is_err());
        // A crash while appending leaves a torn id: not counted, and cut by the next append.
        let mut bytes = std::fs::read(played.path()).unwrap();
        bytes.extend_from_slice(&b[..5]);
        std::fs::write(played.path(), &bytes).unwrap();
        assert!(!played.contains(&b).unwrap());
        start(&store, &b).unwrap();
        assert_eq!(std::fs::read(played.path()).unwrap().len(), 64);
        assert!(played.contains(&a).unwrap() && played.contains(&b).unwrap());
        // Another key has its own record.
        let other = FileStore::new(Some(dir.path().join("keys/other.key")));
        start(&other, &a).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn the_record_is_readable_by_its_user_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let played = PlayedGames::for_key(&dir.path().join("me.key"));
        played.record(&[3; 32]).unwrap();
        let mode = std::fs::metadata(played.path())
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn game_ids_and_secrets_are_fresh() {
        assert_ne!(new_game_id().unwrap(), new_game_id().unwrap());
        assert_ne!(new_game_secret().unwrap(), new_game_secret().unwrap());
    }
}
