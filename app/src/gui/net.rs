//! The app's network side: a tokio runtime beside the UI thread, the peers it runs (hosting or
//! joining a game through [`dwarfs_net::spawn_peer`]) and the LAN browser. The UI never waits on
//! the network: it sends commands and drains updates once per frame; the network wakes the UI
//! with a repaint request when something arrives.

use super::settings::Settings;
use crate::games::GameKind;
use dwarfs_engine::Game;
use dwarfs_net::{
    BrowseConfig, LanBrowser, LanLobby, LanUpdate, PeerHandle, PeerSpec, Role, browse_lan,
    spawn_peer,
};
use std::path::PathBuf;

/// How the app's peers reach the network.
#[derive(Clone, Debug)]
pub struct NetSetup {
    /// The IP to listen on ("0.0.0.0" for every interface; tests use "127.0.0.1").
    pub ip: String,
    /// Announce and find lobbies on the LAN by mDNS.
    pub mdns: bool,
    /// The identity key file; `None` for the default one in the config directory.
    pub key: Option<PathBuf>,
    /// Where replays are written; `None` for no replay file.
    pub replay_dir: Option<PathBuf>,
    /// A seat whose player has been disconnected this long (seconds) is voted to the takeover
    /// bot; a connected player who is thinking is never voted out automatically. 0 never.
    pub gone_timeout_s: u64,
}

impl NetSetup {
    /// Every interface, mDNS on, the default key and the platform's replay directory.
    pub fn platform(key: Option<PathBuf>) -> Self {
        NetSetup {
            ip: "0.0.0.0".into(),
            mdns: true,
            key,
            replay_dir: super::platform::replay_dir(),
            gone_timeout_s: 30,
        }
    }

    /// The spec of a peer played from the app by the player with `settings` (its name, and
    /// the relays and UPnP that get it through a home router).
    pub fn spec(&self, game: &str, settings: &Settings, role: Role) -> PeerSpec {
        let mut spec = PeerSpec::player(game, &settings.name, role);
        spec.net.relays = settings.relays.clone();
        spec.net.upnp = settings.upnp;
        spec.key = self.key.clone();
        spec.net.listen = vec![
            format!("/ip4/{}/tcp/0", self.ip),
            format!("/ip4/{}/udp/0/quic-v1", self.ip),
            format!("/ip4/{}/tcp/0/ws", self.ip),
        ];
        spec.net.mdns = self.mdns;
        spec.replay = self.replay_dir.as_ref().map(|d| {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|t| t.as_millis())
                .unwrap_or(0);
            d.join(format!("{game}-{stamp}.replay"))
        });
        spec.timing.gone_timeout_ms = self.gone_timeout_s.saturating_mul(1000);
        // A game among friends may take an evening.
        spec.timing.timeout_ms = 12 * 3600 * 1000;
        spec
    }
}

/// The tokio runtime the app's network runs on (started the first time it is needed).
pub struct NetRuntime {
    rt: tokio::runtime::Runtime,
}

impl NetRuntime {
    /// Starts the runtime a peer runs best on ([`dwarfs_net::peer_runtime`]: one worker thread,
    /// so a frame handed from task to task never waits for another thread to wake).
    pub fn start() -> Result<Self, String> {
        dwarfs_net::peer_runtime()
            .map(|rt| NetRuntime { rt })
            .map_err(|e| format!("could not start the network: {e}"))
    }

    /// Starts a peer; `ctx` is repainted whenever the peer has news.
    pub fn spawn<G: Game>(&self, spec: PeerSpec, ctx: &egui::Context) -> PeerHandle<G> {
        let ctx = ctx.clone();
        spawn_peer::<G>(self.rt.handle(), spec, move || ctx.request_repaint())
    }

    /// Starts browsing the LAN for lobbies.
    pub fn browse(&self, mdns: bool, ctx: &egui::Context) -> LanBrowser {
        let ctx = ctx.clone();
        browse_lan(
            self.rt.handle(),
            BrowseConfig {
                mdns,
                known: vec![],
            },
            move || ctx.request_repaint(),
        )
    }
}

/// The LAN list shown on the join screen.
#[derive(Default)]
pub struct LanList {
    browser: Option<LanBrowser>,
    /// The open lobbies found, in the order found.
    pub lobbies: Vec<LanLobby>,
    /// Why the search does not run, if it failed.
    pub error: Option<String>,
}

impl dwarfs_gui::menu::LanLobbies for LanList {
    fn running(&self) -> bool {
        LanList::running(self)
    }

    fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    fn lobbies(&self) -> Vec<&dwarfs_client::LobbyInfo> {
        self.lobbies.iter().map(|l| &l.info).collect()
    }
}

impl LanList {
    /// Starts the search if it does not run yet.
    pub fn ensure(&mut self, net: &NetRuntime, mdns: bool, ctx: &egui::Context) {
        if self.browser.is_none() && self.error.is_none() {
            self.browser = Some(net.browse(mdns, ctx));
        }
    }

    /// Stops the search (leaving the join screen).
    pub fn stop(&mut self) {
        self.browser = None;
        self.lobbies.clear();
        self.error = None;
    }

    /// Whether the search runs.
    pub fn running(&self) -> bool {
        self.browser.is_some()
    }

    /// Takes in what the browser found.
    pub fn pump(&mut self) {
        let mut updates = Vec::new();
        if let Some(b) = self.browser.as_mut() {
            while let Some(u) = b.try_recv() {
                updates.push(u);
            }
        }
        for u in updates {
            match u {
                LanUpdate::Found(l) => match self.lobbies.iter_mut().find(|x| x.peer == l.peer) {
                    Some(x) => *x = l,
                    None => self.lobbies.push(l),
                },
                LanUpdate::Gone(p) => self.lobbies.retain(|x| x.peer != p),
                LanUpdate::Failed(e) => {
                    self.error = Some(e);
                    self.browser = None;
                }
            }
        }
    }
}

/// LAN lobbies as the join screen lists them (for screenshots; no network runs): a game of
/// Fall, a game of Hold, and a game this app does not know.
pub fn demo_lan_lobbies() -> Vec<LanLobby> {
    let lobby = |host: &str, game: &str, rules_version: u32, open: u8, seats: u8| LanLobby {
        peer: dwarfs_net::PeerId::random(),
        info: dwarfs_net::envelope::LobbyInfo {
            game: game.into(),
            rules_version,
            host_name: host.into(),
            ticket: "dwarfs1-demo".into(),
            seats,
            open,
        },
    };
    let (fall, hold) = (GameKind::Fall, GameKind::Hold);
    vec![
        lobby("Ada", fall.name(), fall.rules_version(), 2, 4),
        lobby("Gimli", hold.name(), hold.rules_version(), 1, 3),
        lobby("Dori", "chess", 1, 1, 2),
    ]
}
