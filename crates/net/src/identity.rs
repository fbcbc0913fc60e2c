//! The player's identity: one ed25519 libp2p keypair, which is both the peer id on the network
//! and the key that signs moves. It is kept in the user's config directory (or a file given with
//! `--key FILE`) so a player keeps the same identity across games and can resume them.

use libp2p::identity::Keypair;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The file name of the key inside the config directory.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
const KEY_FILE: &str = "identity.key";

/// Why the identity key could not be loaded or stored.
#[derive(Debug, Error)]
pub enum KeyError {
    /// No home directory was found, so there is no config directory.
    #[error(
        "no config directory was found for this user; pass --key FILE to choose where the key is kept"
    )]
    NoConfigDir,
    /// The key file could not be read or written.
    #[error("key file {path}: {source}")]
    Io {
        /// The key file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The key file exists but does not hold an ed25519 libp2p key.
    #[error(
        "key file {path} is not a dwarfs identity key ({reason}); move it away to make a new one"
    )]
    Invalid {
        /// The key file.
        path: PathBuf,
        /// Why it was rejected.
        reason: String,
    },
}

/// Where the key lives when no `--key` is given: `<config dir>/dwarfs/identity.key`.
pub fn default_key_path() -> Result<PathBuf, KeyError> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let dirs = directories::ProjectDirs::from("", "", "dwarfs").ok_or(KeyError::NoConfigDir)?;
        Ok(dirs.config_dir().join(KEY_FILE))
    }
    // A browser keeps its key in the page's storage, not in a file.
    #[cfg(target_arch = "wasm32")]
    Err(KeyError::NoConfigDir)
}

/// Loads the key at `path` (or the default path), creating and saving a new one if the file does
/// not exist yet.
pub fn load_or_create(path: Option<&Path>) -> Result<Keypair, KeyError> {
    let path = match path {
        Some(p) => p.to_path_buf(),
        None => default_key_path()?,
    };
    match std::fs::read(&path) {
        Ok(bytes) => decode(&path, &bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = Keypair::generate_ed25519();
            save(&path, &key)?;
            Ok(key)
        }
        Err(source) => Err(KeyError::Io { path, source }),
    }
}

fn decode(path: &Path, bytes: &[u8]) -> Result<Keypair, KeyError> {
    let invalid = |reason: String| KeyError::Invalid {
        path: path.to_path_buf(),
        reason,
    };
    let key = Keypair::from_protobuf_encoding(bytes).map_err(|e| invalid(e.to_string()))?;
    if key.clone().try_into_ed25519().is_err() {
        return Err(invalid("it is not an ed25519 key".into()));
    }
    Ok(key)
}

/// Writes `key` to `path` (creating parent directories), readable only by the user on Unix,
/// atomically and never over an existing file.
pub fn save(path: &Path, key: &Keypair) -> Result<(), KeyError> {
    let bytes = key.to_protobuf_encoding().map_err(|e| KeyError::Invalid {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    // Atomically, so a crash never leaves a torn key; never over an existing key.
    crate::files::write_atomic(path, &bytes, true).map_err(|source| KeyError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_key_is_created_then_reloaded_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/key");
        let a = load_or_create(Some(&path)).unwrap();
        let b = load_or_create(Some(&path)).unwrap();
        assert_eq!(a.public().to_peer_id(), b.public().to_peer_id());
    }

    #[test]
    fn a_garbage_key_file_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key");
        std::fs::write(&path, b"not a key").unwrap();
        let err = load_or_create(Some(&path)).unwrap_err();
        assert!(matches!(err, KeyError::Invalid { .. }), "{err}");
        assert!(err.to_string().contains("not a dwarfs identity key"));
        assert_eq!(std::fs::read(&path).unwrap(), b"not a key");
    }
}
