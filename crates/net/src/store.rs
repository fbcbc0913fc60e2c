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

    /// Where this store keeps an unfinished game whose replay has no file, so that a page that
    /// was closed or reloaded comes back to its seat (a browser's storage); `None` (the
    /// default) where a game has a replay file to resume from, or nothing is kept.
    fn saved_games(&self) -> Option<&dyn SavedGames> {
        None
    }
}

/// An unfinished game as a store keeps it: what `dwarfs resume` reads from a replay file and
/// the files beside it (the signing journal, the game's secret, the address book).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The game's engine name.
    pub game: String,
    /// The ticket the game was joined with (to find the host again).
    pub ticket: String,
    /// The replay as far as it was kept.
    pub replay: Vec<u8>,
    /// The signing journal: every move and vote this key signed, so that a resumed seat never
    /// signs a second, different one at the same place.
    pub journal: Vec<u8>,
    /// The game's secret (what the seed commit was made of).
    pub secret: [u8; 32],
    /// The address book of the other players, if it was kept.
    pub book: Option<Vec<u8>>,
    /// How long ago it was last written, in milliseconds (0 when unknown).
    pub down_ms: u64,
    /// The game is over: its replay is whole, kept to download, and nothing resumes it.
    pub over: bool,
}

/// An unfinished game kept in a store, as a menu lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGameInfo {
    /// The game's id.
    pub game_id: [u8; 32],
    /// The game's engine name.
    pub game: String,
    /// The ticket it was joined with.
    pub ticket: String,
    /// The game is over (its replay is kept to download).
    pub over: bool,
}

/// How many finished games a store keeps (their replays, to download): a new game forgets the
/// oldest beyond these.
pub const FINISHED_KEPT: usize = 10;

/// A store's unfinished games ([`PeerStore::saved_games`]). Every write replaces what it
/// names whole, and returns an error a player can read when the store refused it (full, or
/// gone); the peer then stops keeping the game, and says that it cannot be resumed.
pub trait SavedGames {
    /// Keeps a new game: its engine name, ticket, secret and address book, with no replay or
    /// journal yet (before the seed commit is sent).
    fn begin(
        &self,
        game_id: &[u8; 32],
        game: &str,
        ticket: &str,
        secret: &[u8; 32],
        book: Option<&[u8]>,
    ) -> Result<(), String>;

    /// Replaces the game's signing journal with `journal` (called before what it records is
    /// sent).
    fn save_journal(&self, game_id: &[u8; 32], journal: &[u8]) -> Result<(), String>;

    /// Replaces the game's replay with `replay`.
    fn save_replay(&self, game_id: &[u8; 32], replay: &[u8]) -> Result<(), String>;

    /// The game is over: keeps its whole `replay` to download, and marks it so that nothing
    /// resumes it.
    fn finish(&self, game_id: &[u8; 32], replay: &[u8]) -> Result<(), String>;

    /// The game kept under `game_id`, if any (and it reads back whole).
    fn load(&self, game_id: &[u8; 32]) -> Option<SavedGame>;

    /// Forgets the game (it is over, or cannot be resumed).
    fn forget(&self, game_id: &[u8; 32]);

    /// The games kept, oldest first.
    fn list(&self) -> Vec<SavedGameInfo>;
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

/// A store for one process: a given key, and the games played while it lives (and, made with
/// [`MemoryStore::keeping_games`], the unfinished games, as a browser's storage keeps them).
#[derive(Debug)]
pub struct MemoryStore {
    key: Keypair,
    played: Mutex<Vec<[u8; 32]>>,
    saved: Option<KeptGames>,
}

/// A [`MemoryStore`]'s unfinished games, by id, oldest first.
type KeptGames = Mutex<Vec<([u8; 32], SavedGame)>>;

impl MemoryStore {
    /// A store of `key` that has played nothing yet.
    pub fn new(key: Keypair) -> Self {
        MemoryStore {
            key,
            played: Mutex::default(),
            saved: None,
        }
    }

    /// A store of `key` that also keeps unfinished games ([`PeerStore::saved_games`]).
    pub fn keeping_games(key: Keypair) -> Self {
        MemoryStore {
            saved: Some(Mutex::default()),
            ..MemoryStore::new(key)
        }
    }

    fn with_saved<T>(
        &self,
        game_id: &[u8; 32],
        f: impl FnOnce(&mut SavedGame) -> T,
    ) -> Result<T, String> {
        let mut games = self
            .saved
            .as_ref()
            .ok_or("this store keeps no games")?
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let g = games
            .iter_mut()
            .find(|(id, _)| id == game_id)
            .ok_or("the game is not kept")?;
        Ok(f(&mut g.1))
    }
}

impl SavedGames for MemoryStore {
    fn begin(
        &self,
        game_id: &[u8; 32],
        game: &str,
        ticket: &str,
        secret: &[u8; 32],
        book: Option<&[u8]>,
    ) -> Result<(), String> {
        let mut games = self
            .saved
            .as_ref()
            .ok_or("this store keeps no games")?
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        games.retain(|(id, _)| id != game_id);
        games.push((
            *game_id,
            SavedGame {
                game: game.into(),
                ticket: ticket.into(),
                replay: Vec::new(),
                journal: Vec::new(),
                secret: *secret,
                book: book.map(<[u8]>::to_vec),
                down_ms: 0,
                over: false,
            },
        ));
        Ok(())
    }

    fn save_journal(&self, game_id: &[u8; 32], journal: &[u8]) -> Result<(), String> {
        self.with_saved(game_id, |g| g.journal = journal.to_vec())
    }

    fn save_replay(&self, game_id: &[u8; 32], replay: &[u8]) -> Result<(), String> {
        self.with_saved(game_id, |g| g.replay = replay.to_vec())
    }

    fn finish(&self, game_id: &[u8; 32], replay: &[u8]) -> Result<(), String> {
        self.with_saved(game_id, |g| {
            g.replay = replay.to_vec();
            g.over = true;
        })
    }

    fn load(&self, game_id: &[u8; 32]) -> Option<SavedGame> {
        self.with_saved(game_id, |g| g.clone()).ok()
    }

    fn forget(&self, game_id: &[u8; 32]) {
        if let Some(m) = &self.saved {
            m.lock()
                .unwrap_or_else(|e| e.into_inner())
                .retain(|(id, _)| id != game_id);
        }
    }

    fn list(&self) -> Vec<SavedGameInfo> {
        let Some(m) = &self.saved else {
            return Vec::new();
        };
        m.lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|(id, g)| SavedGameInfo {
                game_id: *id,
                game: g.game.clone(),
                ticket: g.ticket.clone(),
                over: g.over,
            })
            .collect()
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

    fn saved_games(&self) -> Option<&dyn SavedGames> {
        self.saved.as_ref().map(|_| self as &dyn SavedGames)
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
