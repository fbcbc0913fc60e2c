//! The page's network: it joins and watches games hosted by a desktop app, dialling the host's
//! WebSocket address from its ticket (a page cannot listen, so it cannot host). The peer runs on
//! the page's event loop ([`dwarfs_net::spawn_with_store`]); the player's key and the games it
//! played are kept in the browser's local storage ([`BrowserStore`]).

use crate::stored;
use dwarfs_client::Role;
use dwarfs_gui::dwarfs_games::{GameEntry, GameKind};
use dwarfs_gui::lobby::LobbyNet;
use dwarfs_gui::lobby_net::NetLobby;
use dwarfs_gui::menu::{KeptGame, LanLobbies};
use dwarfs_gui::settings::Settings;
use dwarfs_gui::shell::Network;
use dwarfs_gui::with_view;
use dwarfs_net::Keypair;
use dwarfs_net::identity::KeyError;
use dwarfs_net::played::PlayedError;
use dwarfs_net::store::{PeerStore, SavedGame, SavedGameInfo, SavedGames};
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

    fn saved_games(&self) -> Option<&dyn SavedGames> {
        Some(self)
    }
}

fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

impl BrowserStore {
    /// Writes `value` under `key`, or says why the browser refused (its storage full).
    fn set(key: &str, value: &str) -> Result<(), String> {
        let s = storage().ok_or("this browser keeps nothing for the page")?;
        s.set_item(key, value).map_err(|_| {
            "the browser's storage for this page is full (or refused the write)".to_string()
        })
    }

    /// Writes part `part` of the kept game `game_id`, and when.
    fn save_part(game_id: &[u8; 32], part: &str, bytes: &[u8]) -> Result<(), String> {
        Self::set(&stored::game_key(game_id, part), &stored::hex(bytes))?;
        Self::set(&stored::game_key(game_id, "at"), &now_ms().to_string())
    }

    fn get(key: &str) -> Option<String> {
        storage()?.get_item(key).ok().flatten()
    }

    fn record(game_id: &[u8; 32]) -> Option<stored::KeptRecord> {
        serde_json::from_str(&Self::get(&stored::game_key(game_id, ""))?).ok()
    }
}

impl SavedGames for BrowserStore {
    fn begin(
        &self,
        game_id: &[u8; 32],
        game: &str,
        ticket: &str,
        secret: &[u8; 32],
        book: Option<&[u8]>,
    ) -> Result<(), String> {
        let record = stored::KeptRecord {
            game: game.into(),
            ticket: ticket.into(),
            secret: stored::hex(secret),
            book: book.map(stored::hex),
            over: false,
        };
        let text = serde_json::to_string(&record).map_err(|e| e.to_string())?;
        Self::save_part(game_id, "replay", &[])?;
        Self::save_part(game_id, "journal", &[])?;
        Self::set(&stored::game_key(game_id, ""), &text)
    }

    fn save_journal(&self, game_id: &[u8; 32], journal: &[u8]) -> Result<(), String> {
        Self::save_part(game_id, "journal", journal)
    }

    fn save_replay(&self, game_id: &[u8; 32], replay: &[u8]) -> Result<(), String> {
        Self::save_part(game_id, "replay", replay)
    }

    fn finish(&self, game_id: &[u8; 32], replay: &[u8]) -> Result<(), String> {
        let mut r = Self::record(game_id).ok_or("the game is not kept")?;
        Self::save_part(game_id, "replay", replay)?;
        r.over = true;
        let text = serde_json::to_string(&r).map_err(|e| e.to_string())?;
        Self::set(&stored::game_key(game_id, ""), &text)
    }

    fn load(&self, game_id: &[u8; 32]) -> Option<SavedGame> {
        let r = Self::record(game_id)?;
        let part = |p| stored::unhex_long(&Self::get(&stored::game_key(game_id, p))?);
        let at: u64 = Self::get(&stored::game_key(game_id, "at"))?.parse().ok()?;
        Some(SavedGame {
            game: r.game,
            ticket: r.ticket,
            replay: part("replay")?,
            journal: part("journal")?,
            secret: stored::unhex(&r.secret)?.try_into().ok()?,
            book: r.book.as_deref().and_then(stored::unhex_long),
            down_ms: now_ms().saturating_sub(at),
            over: r.over,
        })
    }

    fn forget(&self, game_id: &[u8; 32]) {
        if let Some(s) = storage() {
            for part in ["", "replay", "journal", "at"] {
                let _ = s.remove_item(&stored::game_key(game_id, part));
            }
        }
    }

    fn list(&self) -> Vec<SavedGameInfo> {
        let Some(s) = storage() else {
            return Vec::new();
        };
        let n = s.length().unwrap_or(0);
        let mut out: Vec<(u64, SavedGameInfo)> = (0..n)
            .filter_map(|i| s.key(i).ok().flatten())
            .filter_map(|k| stored::game_of_key(&k))
            .filter_map(|id| {
                let r = Self::record(&id)?;
                let at = Self::get(&stored::game_key(&id, "at"))?.parse().ok()?;
                Some((
                    at,
                    SavedGameInfo {
                        game_id: id,
                        game: r.game,
                        ticket: r.ticket,
                        over: r.over,
                    },
                ))
            })
            .collect();
        out.sort_by_key(|(at, _)| *at);
        out.into_iter().map(|(_, g)| g).collect()
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
        if !matches!(
            role,
            Role::Join { .. } | Role::Spectate { .. } | Role::Reopen { .. }
        ) {
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

    fn kept_games(&self) -> Vec<KeptGame> {
        BrowserStore
            .list()
            .into_iter()
            .filter_map(|g| {
                Some(KeptGame {
                    game_id: g.game_id,
                    game: GameKind::from_name(&g.game)?,
                    over: g.over,
                })
            })
            .collect()
    }

    fn forget_kept(&mut self, game_id: &[u8; 32]) {
        BrowserStore.forget(game_id);
    }

    fn kept_replay(&self, game_id: &[u8; 32]) -> Option<Vec<u8>> {
        BrowserStore.load(game_id).map(|g| g.replay)
    }
}
