//! What a peer keeps beyond one game: its identity key, and the ids of the games that key has
//! played (a key plays a game id once; see [`crate::played`]). On a desktop both are files next
//! to each other ([`FileStore`]); a browser keeps them in the page's storage, through its own
//! [`PeerStore`]; [`MemoryStore`] keeps them for one process (tests, tools).

use crate::identity::{self, KeyError};
use crate::played::{PlayedError, PlayedGames};
use libp2p::identity::Keypair;
use std::path::PathBuf;
use std::sync::Mutex;

/// Where a peer's key and its record of games played are kept.
pub trait PeerStore: Send + Sync {
    /// The player's key (made and kept on first use where the store can).
    fn key(&self) -> Result<Keypair, KeyError>;

    /// Whether the key has played (or started) game `game_id`.
    fn has_played(&self, game_id: &[u8; 32]) -> Result<bool, PlayedError>;

    /// Records `game_id` as played, durably, before anything of the game is sent.
    fn record_played(&self, game_id: &[u8; 32]) -> Result<(), PlayedError>;
}

/// Refuses `game_id` if the store's key played it before (a joiner checks its ticket with this
/// before it sits down).
pub fn check(store: &dyn PeerStore, game_id: &[u8; 32]) -> Result<(), PlayedError> {
    if store.has_played(game_id)? {
        return Err(PlayedError::AlreadyPlayed {
            id: dwarfs_protocol::keys::hex(&game_id[..8]),
        });
    }
    Ok(())
}

/// A new game `game_id` starts for the store's key: refused if it played it before, recorded
/// otherwise.
pub fn start(store: &dyn PeerStore, game_id: &[u8; 32]) -> Result<(), PlayedError> {
    check(store, game_id)?;
    store.record_played(game_id)
}

/// The desktop's store: the key file (`--key`, or the config directory's) and the record of
/// games played next to it (`<key>.played`).
#[derive(Clone, Debug)]
pub struct FileStore {
    key: Option<PathBuf>,
}

impl FileStore {
    /// The store of the key file `key` (`None`: the config directory's).
    pub fn new(key: Option<PathBuf>) -> Self {
        FileStore { key }
    }

    fn played(&self) -> Result<PlayedGames, PlayedError> {
        let key = match &self.key {
            Some(p) => p.clone(),
            None => identity::default_key_path().map_err(|e| PlayedError::Io {
                path: PathBuf::new(),
                source: std::io::Error::other(e.to_string()),
            })?,
        };
        Ok(PlayedGames::for_key(&key))
    }
}

impl PeerStore for FileStore {
    fn key(&self) -> Result<Keypair, KeyError> {
        identity::load_or_create(self.key.as_deref())
    }

    fn has_played(&self, game_id: &[u8; 32]) -> Result<bool, PlayedError> {
        self.played()?.contains(game_id)
    }

    fn record_played(&self, game_id: &[u8; 32]) -> Result<(), PlayedError> {
        self.played()?.record(game_id)
    }
}

/// A store for one process: a given key, and the games played while it lives.
#[derive(Debug)]
pub struct MemoryStore {
    key: Keypair,
    played: Mutex<Vec<[u8; 32]>>,
}

impl MemoryStore {
    /// A store of `key` that has played nothing yet.
    pub fn new(key: Keypair) -> Self {
        MemoryStore {
            key,
            played: Mutex::default(),
        }
    }
}

impl PeerStore for MemoryStore {
    fn key(&self) -> Result<Keypair, KeyError> {
        Ok(self.key.clone())
    }

    fn has_played(&self, game_id: &[u8; 32]) -> Result<bool, PlayedError> {
        let played = self.played.lock().unwrap_or_else(|e| e.into_inner());
        Ok(played.contains(game_id))
    }

    fn record_played(&self, game_id: &[u8; 32]) -> Result<(), PlayedError> {
        self.played
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(*game_id);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_id_starts_once_per_store_in_files_and_in_memory() {
        let dir = tempfile::tempdir().unwrap();
        let file = FileStore::new(Some(dir.path().join("k.key")));
        let memory = MemoryStore::new(Keypair::generate_ed25519());
        for store in [&file as &dyn PeerStore, &memory] {
            let (a, b) = ([1; 32], [2; 32]);
            start(store, &a).unwrap();
            assert!(matches!(
                check(store, &a),
                Err(PlayedError::AlreadyPlayed { .. })
            ));
            assert!(matches!(
                start(store, &a),
                Err(PlayedError::AlreadyPlayed { .. })
            ));
            check(store, &b).unwrap();
            // The same key every time it is asked for.
            assert_eq!(store.key().unwrap().public(), store.key().unwrap().public());
        }
        // The file store's record outlives it.
        assert!(
            FileStore::new(Some(dir.path().join("k.key")))
                .has_played(&[1; 32])
                .unwrap()
        );
    }
}
