//! The app's shell: which screen shows (menu, settings, join, lobby, game, end, replays) and
//! the moves between them, the same on the desktop and in a browser.
//!
//! What differs by platform comes in from outside: the machine's services through
//! [`Platform`], and the network (hosting, joining, the LAN search) through [`Network`]. A
//! shell with no network (a page that cannot reach peers yet) offers hotseat games, bots,
//! replays and settings, and its menu says where network play is found.

use crate::end_screen::EndOutcome;
use crate::game_screen::GameOutcome;
use crate::lobby::{Lobby, LobbyMode, LobbyNet, LobbyOutcome};
use crate::menu::{self, JoinOutcome, JoinState, LanLobbies, MenuChoice};
use crate::platform::Platform;
use crate::replay_screen::ReplayScreen;
use crate::settings::{RelayInput, Settings};
use crate::table::{AnyTable, SeatInfo, Table};
use crate::view::GameView;
use crate::{theme, with_view};
use dwarfs_client::Role;
use dwarfs_engine::options::GameOptions;
use dwarfs_engine::{Game, RandomBot};
use dwarfs_games::{GameEntry, GameKind};
use std::rc::Rc;

/// The screens of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The main menu.
    Menu,
    /// Player settings.
    Settings,
    /// Join a game by ticket or from the LAN.
    Join,
    /// The lobby (hotseat or host).
    Lobby,
    /// A game in progress.
    Game,
    /// The final scores.
    End,
    /// The replay viewer.
    Replays,
}

/// What the shell asks of the network: the desktop runs peers and searches the LAN; a shell
/// without one offers what needs no network.
pub trait Network {
    /// Starts a peer for `game` in `role` for the player with `settings`; its handle as the
    /// lobby talks to it. `ctx` is repainted whenever the peer has news.
    fn start_peer(
        &mut self,
        game: GameKind,
        role: Role,
        anyone_may_watch: bool,
        settings: &Settings,
        ctx: &egui::Context,
    ) -> Result<Box<dyn LobbyNet>, String>;

    /// Keeps the LAN search running while `shown` (the join screen shows) and takes in what it
    /// found since the last frame; stops it when not.
    fn search_lan(&mut self, shown: bool, ctx: &egui::Context);

    /// The LAN search as the join screen lists it.
    fn lan(&self) -> &dyn LanLobbies;

    /// Says on the join screen why a game could not be joined.
    fn join_failed(&mut self, why: String);

    /// Whether this app can host a game (a page cannot: it cannot listen).
    fn can_host(&self) -> bool {
        true
    }

    /// The unfinished games this app kept to come back to (a page's storage; the desktop
    /// resumes from replay files with `dwarfs resume`), oldest first.
    fn kept_games(&self) -> Vec<menu::KeptGame> {
        Vec::new()
    }

    /// Forgets the kept game `game_id`.
    fn forget_kept(&mut self, game_id: &[u8; 32]) {
        let _ = game_id;
    }

    /// The replay of the kept game `game_id`, as far as it was kept.
    fn kept_replay(&self, game_id: &[u8; 32]) -> Option<Vec<u8>> {
        let _ = game_id;
        None
    }

    /// Serves the web page to browsers on the LAN (beside a hosted game), once; returns the
    /// HTTP port it is served on, or why it cannot be.
    fn serve_page(&mut self) -> Result<u16, String> {
        Err("This app cannot serve the page.".into())
    }
}

/// The whole app's state above the network: the screens and what they show.
pub struct Shell {
    /// The screen shown.
    pub screen: Screen,
    /// The player's settings.
    pub settings: Settings,
    /// The settings as edited (saved on "Save").
    pub draft: Settings,
    /// The relay address being typed in the settings.
    pub relay_input: RelayInput,
    /// Why the settings could not be read or kept, shown on the settings screen.
    pub settings_note: Option<String>,
    /// What the menu says of its last action that did not work (a kept replay not saved).
    pub menu_note: Option<String>,
    /// The lobby (hotseat, host or joined).
    pub lobby: Lobby,
    /// The join screen's ticket.
    pub join: JoinState,
    /// The game shown, if any.
    pub table: Option<Box<dyn AnyTable>>,
    /// The replay viewer.
    pub replays: ReplayScreen,
    themed: bool,
    /// The machine's services for the screens: running bots, keeping settings, reports and
    /// replays.
    pub platform: Rc<dyn Platform>,
}

impl Shell {
    /// The shell at the menu with the player's `settings` (and why they could not be read, if
    /// so), on `platform`.
    pub fn new(
        settings: Settings,
        settings_note: Option<String>,
        platform: Rc<dyn Platform>,
    ) -> Self {
        Shell {
            screen: Screen::Menu,
            lobby: Lobby::new(LobbyMode::Hotseat, &settings),
            draft: settings.clone(),
            relay_input: RelayInput::default(),
            settings,
            settings_note,
            menu_note: None,
            join: JoinState::default(),
            table: None,
            replays: ReplayScreen::default(),
            themed: false,
            platform,
        }
    }

    /// The current table if it is a game shown with board view `V`.
    pub fn table_of<V: GameView>(&self) -> Option<&Table<V>> {
        self.table.as_ref()?.as_any().downcast_ref()
    }

    /// The current table, mutable, if it is a game shown with board view `V`.
    pub fn table_mut<V: GameView>(&mut self) -> Option<&mut Table<V>> {
        self.table.as_mut()?.as_any_mut().downcast_mut()
    }

    /// Opens the host's lobby to the network.
    fn open_lobby(&mut self, net: Option<&mut dyn Network>, ctx: &egui::Context) {
        let Some(net) = net else {
            self.lobby.note = Some(NO_NETWORK.into());
            return;
        };
        let role = match self.lobby.host_role() {
            Ok(r) => r,
            Err(e) => {
                self.lobby.note = Some(e);
                return;
            }
        };
        let game = self.lobby.game;
        let watch = self.lobby.anyone_may_watch;
        match net.start_peer(game, role, watch, &self.settings, ctx) {
            Ok(handle) => {
                self.lobby.net = Some(handle);
                self.lobby.status = Some("Starting the network…".into());
                self.lobby.note = None;
            }
            Err(e) => self.lobby.note = Some(e),
        }
    }

    /// Comes back to the kept game `kept` (its seat, from what the app kept of it).
    fn resume(&mut self, net: &mut dyn Network, kept: menu::KeptGame, ctx: &egui::Context) {
        let role = Role::Reopen {
            game_id: kept.game_id,
        };
        match net.start_peer(kept.game, role, false, &self.settings, ctx) {
            Ok(handle) => {
                self.lobby = Lobby::joined(&self.settings, kept.game, handle, false);
                self.lobby.status = Some("Taking your seat again…".into());
                self.screen = Screen::Lobby;
            }
            Err(e) => net.join_failed(e),
        }
    }

    /// Joins (or watches) the game of a checked ticket; a game this app kept (the page was
    /// closed in the middle of it) is resumed instead.
    fn join(&mut self, net: &mut dyn Network, ticket: String, watch: bool, ctx: &egui::Context) {
        let game = match menu::ticket_game(&ticket) {
            Ok(g) => g,
            Err(e) => {
                net.join_failed(e);
                return;
            }
        };
        let id = dwarfs_client::Ticket::decode(&ticket).map(|t| t.game_id);
        if !watch
            && let Ok(id) = id
            && let Some(k) = net.kept_games().into_iter().find(|k| k.game_id == id)
        {
            if k.over {
                net.join_failed(
                    "You played this game to its end: its replay is on the menu.".into(),
                );
            } else {
                self.resume(net, k, ctx);
            }
            return;
        }
        let role = if watch {
            Role::Spectate { ticket }
        } else {
            Role::Join { ticket }
        };
        match net.start_peer(game, role, false, &self.settings, ctx) {
            Ok(handle) => {
                self.lobby = Lobby::joined(&self.settings, game, handle, watch);
                self.screen = Screen::Lobby;
                net.search_lan(false, ctx);
            }
            Err(e) => net.join_failed(e),
        }
    }

    /// Takes in what the network reported since the last frame.
    fn pump_net(&mut self, net: Option<&mut dyn Network>, ctx: &egui::Context) {
        if let Some(net) = net {
            net.search_lan(self.screen == Screen::Join, ctx);
        }
        // A network game's news arrives on every screen (the end screen waits for the replay).
        if let Some(t) = self.table.as_mut() {
            t.pump_remote();
        }
        if self.screen == Screen::Lobby
            && self.lobby.net.is_some()
            && let Some(table) = self.lobby.pump()
        {
            self.table = Some(table);
            self.screen = Screen::Game;
        }
    }

    /// Starts a game of `game` (its default options) between `players` bots of `level` (random
    /// players for `None`), to watch: the page's `?watch=` and scripts.
    pub fn watch_bots(&mut self, game: GameKind, players: u8, level: Option<dwarfs_games::Level>) {
        self.lobby = Lobby::new(LobbyMode::Hotseat, &self.settings);
        self.lobby.choose_game(game);
        self.lobby.bot_level = level;
        let players = players.clamp(*game.players().start(), *game.players().end());
        let seats = (1..=players)
            .map(|i| SeatInfo {
                name: format!("Bot {i}"),
                kind: crate::table::SeatKind::Bot,
            })
            .collect();
        self.start(seats);
    }

    /// Starts a local game of the lobby's game with these seats.
    fn start(&mut self, seats: Vec<SeatInfo>) {
        let values = &self.lobby.values;
        let delay = self.settings.bot_delay_ms;
        let level = self.lobby.bot_level;
        let platform = self.platform.clone();
        let table = with_view!(self.lobby.game, E, V, {
            <<E as GameEntry>::G as Game>::Options::from_values(values)
                .map_err(|e| format!("the options are not valid: {e}"))
                .and_then(|o| {
                    Table::<V>::new_with_bots(&o, seats, delay, level, platform, |seed| match level
                    {
                        Some(level) => E::level_bot(level, seed),
                        None => Box::new(RandomBot::new(seed)),
                    })
                })
                .map(|t| Box::new(t) as Box<dyn AnyTable>)
        });
        match table {
            Ok(t) => {
                self.table = Some(t);
                self.screen = Screen::Game;
            }
            Err(e) => self.lobby.note = Some(e),
        }
    }

    /// Draws one frame; `net` is the network, if this platform has one.
    pub fn ui(&mut self, ui: &mut egui::Ui, mut net: Option<&mut dyn Network>) {
        if !self.themed {
            theme::install(ui.ctx());
            self.themed = true;
        }
        let ctx = ui.ctx().clone();
        crate::tips::release(&ctx);
        self.pump_net(reborrow(&mut net), &ctx);
        let reach = menu::Reach::of(net.as_deref());
        match self.screen {
            Screen::Menu => {
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    let kept = net.as_deref().map(|n| n.kept_games()).unwrap_or_default();
                    if let Some(note) = &self.menu_note {
                        ui.label(theme::caption(format!("Not saved: {note}")));
                    }
                    match menu::main_menu(ui, &self.settings, reach, &kept) {
                        None => {}
                        Some(MenuChoice::Resume(id)) => {
                            if let Some(net) = net.as_deref_mut()
                                && let Some(k) = kept.iter().find(|k| k.game_id == id)
                            {
                                self.resume(net, k.clone(), &ctx);
                            }
                        }
                        Some(MenuChoice::Forget(id)) => {
                            if let Some(net) = net.as_deref_mut() {
                                net.forget_kept(&id);
                            }
                        }
                        Some(MenuChoice::DownloadKept(id)) => {
                            if let Some(net) = net.as_deref()
                                && let Some(k) = kept.iter().find(|k| k.game_id == id)
                                && let Some(bytes) = net.kept_replay(&id)
                            {
                                let name = format!(
                                    "{}-{}.replay",
                                    k.game.name(),
                                    dwarfs_protocol::keys::hex(&id[..4])
                                );
                                self.menu_note = self.platform.save_bytes(&name, &bytes).err();
                            }
                        }
                        Some(MenuChoice::Host) => {
                            self.lobby = Lobby::new(LobbyMode::Host, &self.settings);
                            self.screen = Screen::Lobby;
                        }
                        Some(MenuChoice::Hotseat) => {
                            self.lobby = Lobby::new(LobbyMode::Hotseat, &self.settings);
                            self.screen = Screen::Lobby;
                        }
                        Some(MenuChoice::Join) => self.screen = Screen::Join,
                        Some(MenuChoice::Replays) => self.screen = Screen::Replays,
                        Some(MenuChoice::Settings) => {
                            self.draft = self.settings.clone();
                            self.relay_input = RelayInput::default();
                            self.screen = Screen::Settings;
                        }
                    }
                });
            }
            Screen::Settings => {
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    if menu::settings_screen(
                        ui,
                        &mut self.draft,
                        &mut self.settings,
                        &*self.platform,
                        &mut self.settings_note,
                        &mut self.relay_input,
                    ) {
                        self.screen = Screen::Menu;
                    }
                });
            }
            Screen::Join => {
                let Some(net) = net else {
                    self.screen = Screen::Menu;
                    return;
                };
                let mut outcome = JoinOutcome::Stay;
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    outcome = menu::join_screen(
                        ui,
                        &mut self.join,
                        net.lan(),
                        reach == menu::Reach::Hosts,
                    );
                });
                match outcome {
                    JoinOutcome::Stay => {}
                    JoinOutcome::Leave => self.screen = Screen::Menu,
                    JoinOutcome::Host => {
                        self.lobby = Lobby::new(LobbyMode::Host, &self.settings);
                        self.screen = Screen::Lobby;
                    }
                    JoinOutcome::Join(ticket) => self.join(net, ticket, false, &ctx),
                    JoinOutcome::Watch(ticket) => self.join(net, ticket, true, &ctx),
                }
            }
            Screen::Lobby => {
                let mut outcome = LobbyOutcome::Stay;
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    outcome = self.lobby.ui(ui, &self.settings);
                });
                if self.lobby.web.to_start() {
                    let served = match net.as_deref_mut() {
                        Some(n) => n.serve_page(),
                        None => Err("This app has no network.".into()),
                    };
                    match served {
                        Ok(port) => self.lobby.web.port = Some(port),
                        Err(e) => self.lobby.web.error = Some(e),
                    }
                }
                match outcome {
                    LobbyOutcome::Stay => {}
                    LobbyOutcome::Leave => {
                        // Dropping the peer's handle tells the lobby we left.
                        self.lobby.net = None;
                        self.screen = Screen::Menu;
                    }
                    LobbyOutcome::Start(seats) => self.start(seats),
                    LobbyOutcome::Open => self.open_lobby(net, &ctx),
                }
            }
            Screen::Game => {
                let Some(table) = self.table.as_mut() else {
                    self.screen = Screen::Menu;
                    return;
                };
                // Whichever table is shown thinks and saves through this platform.
                table.set_platform(self.platform.clone());
                match table.game_screen(ui) {
                    GameOutcome::Stay => {}
                    GameOutcome::Leave => {
                        self.table = None;
                        self.screen = Screen::Menu;
                    }
                    GameOutcome::Over => self.screen = Screen::End,
                }
            }
            Screen::End => {
                let Some(table) = self.table.as_mut() else {
                    self.screen = Screen::Menu;
                    return;
                };
                match table.end_screen(ui) {
                    EndOutcome::Stay => {}
                    EndOutcome::Menu => {
                        self.table = None;
                        self.screen = Screen::Menu;
                    }
                    EndOutcome::Again => {
                        self.table = None;
                        self.screen = Screen::Lobby;
                    }
                    EndOutcome::Replay(path) => {
                        self.table = None;
                        self.replays
                            .open_path(&path.display().to_string(), &*self.platform);
                        self.screen = Screen::Replays;
                    }
                }
            }
            Screen::Replays => {
                if self.replays.ui(ui, &*self.platform) {
                    self.screen = Screen::Menu;
                }
            }
        }
    }
}

/// The network for one call, borrowed again from the frame's.
fn reborrow<'s>(net: &'s mut Option<&mut dyn Network>) -> Option<&'s mut dyn Network> {
    match net {
        Some(n) => Some(&mut **n),
        None => None,
    }
}

/// Why a shell without a network cannot host.
const NO_NETWORK: &str =
    "This build of dwarfs cannot reach other players: host and join from the desktop app.";
