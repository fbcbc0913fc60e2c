//! The page's network: it joins and watches games hosted by a desktop app, dialling the host's
//! WebSocket address from its ticket (a page cannot listen, so it cannot host). The peer runs on
//! the page's event loop ([`dwarfs_net::spawn_with_store`]); the player's key and the games it
//! played are kept in the browser's local storage ([`BrowserStore`]).

use crate::stored;
use dwarfs_client::Role;
use dwarfs_gui::dwarfs_games::{GameEntry, GameKind};
use dwarfs_gui::lobby::LobbyNet;
use dwarfs_gui::lobby_net::NetLobby;
use dwarfs_gui::menu::LanLobbies;
use dwarfs_gui::settings::Settings;
use dwarfs_gui::shell::Network;
use dwarfs_gui::with_view;
use dwarfs_net::Keypair;
use dwarfs_net::identity::KeyError;
use dwarfs_net::played::PlayedError;
use dwarfs_net::store::PeerStore;
use std::sync::Arc;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn storage_error(what: &str) -> std::io::Error {
    std::io::Error::other(format!(
        "this browser keeps nothing for the page ({what}; a private window?)"
    ))
}

/// The player's key and the games it played, in the browser's local storage.
pub struct BrowserStore;

impl PeerStore for BrowserStore {
    fn key(&self) -> Result<Keypair, KeyError> {
        let io = |source| KeyError::Io {
            path: stored::KEY_KEY.into(),
            source,
        };
        let s = storage().ok_or_else(|| io(storage_error("no storage")))?;
        if let Some(text) = s.get_item(stored::KEY_KEY).ok().flatten()
            && let Some(key) =
                stored::unhex(&text).and_then(|b| Keypair::from_protobuf_encoding(&b).ok())
        {
            return Ok(key);
        }
        let key = Keypair::generate_ed25519();
        let bytes = key
            .to_protobuf_encoding()
            .map_err(|e| io(std::io::Error::other(e.to_string())))?;
        s.set_item(stored::KEY_KEY, &stored::hex(&bytes))
            .map_err(|_| io(storage_error("the key could not be kept")))?;
        Ok(key)
    }

    fn has_played(&self, game_id: &[u8; 32]) -> Result<bool, PlayedError> {
        let text = storage()
            .and_then(|s| s.get_item(stored::PLAYED_KEY).ok().flatten())
            .unwrap_or_default();
        Ok(stored::played_holds(&text, game_id))
    }

    fn record_played(&self, game_id: &[u8; 32]) -> Result<(), PlayedError> {
        let io = |what| PlayedError::Io {
            path: stored::PLAYED_KEY.into(),
            source: storage_error(what),
        };
        let s = storage().ok_or_else(|| io("no storage"))?;
        let text = s
            .get_item(stored::PLAYED_KEY)
            .ok()
            .flatten()
            .unwrap_or_default();
        s.set_item(stored::PLAYED_KEY, &stored::played_with(&text, game_id))
            .map_err(|_| io("the game could not be recorded"))
    }
}

/// No LAN search in a page (it has no mDNS): the join screen takes a ticket or a link, and
/// says why a join failed.
#[derive(Default)]
struct NoLan {
    note: Option<String>,
}

impl LanLobbies for NoLan {
    fn running(&self) -> bool {
        false
    }
    fn error(&self) -> Option<&str> {
        self.note.as_deref()
    }
    fn lobbies(&self) -> Vec<&dwarfs_client::LobbyInfo> {
        Vec::new()
    }
    fn searches(&self) -> bool {
        false
    }
}

/// The page's [`Network`].
#[derive(Default)]
pub struct PageNet {
    lan: NoLan,
}

impl Network for PageNet {
    fn start_peer(
        &mut self,
        game: GameKind,
        role: Role,
        _anyone_may_watch: bool,
        settings: &Settings,
        ctx: &egui::Context,
    ) -> Result<Box<dyn LobbyNet>, String> {
        if !matches!(role, Role::Join { .. } | Role::Spectate { .. }) {
            return Err(
                "A browser cannot host a game: host it from the desktop app (`dwarfs host --web` \
                 gives a link for browsers)."
                    .into(),
            );
        }
        let mut spec = dwarfs_net::PeerSpec::player(game.name(), &settings.name, role);
        spec.net.dial_only = true;
        spec.net.mdns = false;
        spec.net.upnp = false;
        spec.net.relays = settings.relays.clone();
        spec.key = None;
        spec.replay = None;
        spec.replay_in_memory = true;
        let ctx = ctx.clone();
        let wake = move || ctx.request_repaint();
        Ok(with_view!(game, E, V, {
            let handle = dwarfs_net::spawn_with_store::<<E as GameEntry>::G>(
                spec,
                Arc::new(BrowserStore),
                wake,
            );
            Box::new(NetLobby::<V>::new(Box::new(handle))) as Box<dyn LobbyNet>
        }))
    }

    fn search_lan(&mut self, _shown: bool, _ctx: &egui::Context) {}

    fn lan(&self) -> &dyn LanLobbies {
        &self.lan
    }

    fn join_failed(&mut self, why: String) {
        self.lan.note = Some(why);
    }

    fn can_host(&self) -> bool {
        false
    }
}
