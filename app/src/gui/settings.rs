//! Where the desktop keeps the settings and the identity key: JSON in the config directory, and
//! the fingerprint of the player's identity key (the key the network layer signs moves with).
//! The settings themselves are `dwarfs_gui::settings`.

pub use dwarfs_gui::settings::Settings;
use std::path::{Path, PathBuf};

/// Where settings and the identity key live.
#[derive(Clone, Debug)]
pub struct ConfigDir(pub Option<PathBuf>);

impl ConfigDir {
    /// The platform config directory (`~/.config/dwarfs` on Linux), if there is one.
    pub fn platform() -> Self {
        ConfigDir(directories::ProjectDirs::from("", "", "dwarfs").map(|d| d.config_dir().into()))
    }

    fn settings_path(&self) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join("settings.json"))
    }

    /// The identity key file the network layer uses (`identity.key`).
    pub fn key_path(&self) -> Option<PathBuf> {
        self.0.as_ref().map(|d| d.join("identity.key"))
    }

    /// Loads the settings; missing or unreadable files give the defaults and a note why.
    pub fn load(&self) -> (Settings, Option<String>) {
        let Some(path) = self.settings_path() else {
            return (Settings::default(), None);
        };
        match std::fs::read(&path) {
            Ok(bytes) => match serde_json::from_slice(&bytes) {
                Ok(s) => (s, None),
                Err(e) => (
                    Settings::default(),
                    Some(format!(
                        "{} is not valid ({e}); using defaults",
                        path.display()
                    )),
                ),
            },
            Err(_) => (Settings::default(), None),
        }
    }

    /// Saves the settings, creating the directory.
    pub fn save(&self, s: &Settings) -> Result<PathBuf, String> {
        let path = self
            .settings_path()
            .ok_or("no config directory on this system")?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let json = serde_json::to_vec_pretty(s).map_err(|e| e.to_string())?;
        dwarfs_net::files::write_atomic(&path, &json, false)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path)
    }

    /// The peer id of the identity key, or why there is none.
    pub fn key_fingerprint(&self) -> Result<String, String> {
        let path = self
            .key_path()
            .ok_or("no config directory on this system")?;
        fingerprint_of(&path)
    }
}

/// The libp2p peer id of the ed25519 key stored (libp2p protobuf encoding) at `path`.
pub fn fingerprint_of(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            "no key yet: one is created the first time you host or join a game".to_string()
        } else {
            format!("{}: {e}", path.display())
        }
    })?;
    // Keypair protobuf: field 1 (key type, 1 = Ed25519), field 2 (64 bytes: secret then public).
    let public: [u8; 32] = match bytes.as_slice() {
        [0x08, 0x01, 0x12, 0x40, rest @ ..] if rest.len() == 64 => {
            rest[32..].try_into().map_err(|_| "bad key length")?
        }
        _ => return Err(format!("{} is not an ed25519 key", path.display())),
    };
    dwarfs_protocol::PublicKeyBytes(public)
        .peer_id()
        .map(|p| p.to_string())
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_gui::settings::{RelayError, check_relay};

    #[test]
    fn settings_round_trip_and_bad_files_fall_back() {
        let dir = tempfile::tempdir().unwrap();
        let cfg = ConfigDir(Some(dir.path().join("sub")));
        assert_eq!(cfg.load().0, Settings::default());
        let s = Settings {
            name: "Gimli".into(),
            colour: 2,
            bot_delay_ms: 0,
            relays: vec![format!(
                "/ip4/203.0.113.7/tcp/4001/p2p/{}",
                dwarfs_net::PeerId::random()
            )],
            upnp: false,
        };
        cfg.save(&s).unwrap();
        assert_eq!(cfg.load(), (s, None));
        std::fs::write(dir.path().join("sub/settings.json"), b"{nope").unwrap();
        let (s, note) = cfg.load();
        assert_eq!(s, Settings::default());
        assert!(note.unwrap().contains("not valid"));
        assert!(cfg.key_fingerprint().unwrap_err().contains("no key yet"));
        std::fs::write(dir.path().join("sub/identity.key"), b"junk").unwrap();
        assert!(
            cfg.key_fingerprint()
                .unwrap_err()
                .contains("not an ed25519")
        );
    }

    #[test]
    fn a_relay_must_name_its_peer_and_old_settings_files_turn_upnp_on() {
        let id = dwarfs_net::PeerId::random();
        let good = format!("/ip4/203.0.113.7/tcp/4001/p2p/{id}");
        assert_eq!(
            check_relay(&format!("  RELAY {good} "), &[]),
            Ok(good.clone())
        );
        assert_eq!(check_relay("", &[]), Err(RelayError::Empty));
        assert!(matches!(
            check_relay("relay.example.org:4001", &[]),
            Err(RelayError::NotAnAddress(..))
        ));
        assert_eq!(
            check_relay("/ip4/203.0.113.7/tcp/4001", &[]),
            Err(RelayError::NoPeerId)
        );
        assert_eq!(
            check_relay(&format!("{good}/p2p-circuit"), &[]),
            Err(RelayError::Relayed)
        );
        let other_addr_same_relay = format!("/ip4/198.51.100.1/udp/4001/quic-v1/p2p/{id}");
        assert_eq!(
            check_relay(&other_addr_same_relay, std::slice::from_ref(&good)),
            Err(RelayError::Duplicate)
        );
        let full: Vec<String> = (0..dwarfs_net::node::MAX_RELAYS)
            .map(|_| {
                format!(
                    "/ip4/203.0.113.7/tcp/4001/p2p/{}",
                    dwarfs_net::PeerId::random()
                )
            })
            .collect();
        assert_eq!(check_relay(&good, &full), Err(RelayError::TooMany));
        // A settings file from before relays keeps its name, and gets UPnP on.
        let s: Settings =
            serde_json::from_str(r#"{"name":"Ori","colour":1,"bot_delay_ms":0}"#).unwrap();
        assert_eq!((s.name.as_str(), s.upnp, s.relays.len()), ("Ori", true, 0));
    }
}
