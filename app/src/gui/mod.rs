//! The desktop app (eframe/egui): main menu, settings, join, lobby, the game screen with its board
//! view, the end screen and the replay viewer.
//!
//! The shell here is shared by every game of the registry ([`crate::games`]); a game brings its
//! board behind [`view::GameView`] (Fall: [`fall_view::FallView`], Hold:
//! [`hold_view::HoldView`]).
//!
//! Hidden switches for scripts: `DWARFS_GUI_SCREEN=<menu|settings|join|lan|host|joined|hotseat|hotseat-third|hotseat-hold|hotseat-winter|game|select|end|third|hold|hold-trade|hold-end|winter|winter-music|winter-prepare|winter-end|spring|replay|replay-hold|replay-spring>`
//! opens that screen directly (with a demo position for the game, end and replay screens), and
//! `DWARFS_GUI_BENCH=<frames>` measures the frame time of a mid-game Fall board headless and exits.

mod bench;
mod demos;
mod net;
mod platform;
mod settings;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_boards;
#[cfg(test)]
mod tests_bots;
#[cfg(test)]
mod tests_hold;
#[cfg(test)]
mod tests_links;
#[cfg(test)]
mod tests_net;
#[cfg(test)]
mod tests_spring;
#[cfg(test)]
mod tests_third;
#[cfg(test)]
mod tests_winter;

// The board views and their shared look live in `dwarfs-gui` (which builds for the web); the
// shell reaches them under the same names.
pub(crate) use dwarfs_gui::{
    end_screen, fall_view, game_screen, hold_view, lobby, menu, replay_screen, spring_view, table,
    theme, view, winter_view, words,
};
#[cfg(test)]
pub(crate) use dwarfs_gui::{links, lobby_net, trust};

use crate::CliError;
use crate::games::{GameEntry, GameKind};
use dwarfs_engine::options::GameOptions;
use dwarfs_engine::{Actor, Bot, Game, RandomBot};
use dwarfs_gui::with_view;
use fall_view::FallView;
use lobby::{Lobby, LobbyMode, LobbyOutcome, NetLobby};
use net::{LanList, NetRuntime, NetSetup};
use settings::{ConfigDir, Settings};
pub(crate) use table::os_seed;
use table::{AnyTable, SeatInfo, SeatKind, Table};
#[cfg(test)]
use view::GameView;

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

/// The whole app state.
pub struct DwarfsApp {
    /// The screen shown.
    pub screen: Screen,
    settings: Settings,
    /// The settings as edited (saved on "Save").
    draft: Settings,
    /// The relay address being typed in the settings.
    relay_input: settings::RelayInput,
    settings_note: Option<String>,
    lobby: Lobby,
    join: menu::JoinState,
    table: Option<Box<dyn AnyTable>>,
    replays: replay_screen::ReplayScreen,
    themed: bool,
    /// The network runtime, started the first time a network screen needs it.
    net: Option<NetRuntime>,
    /// How the app's peers listen, find lobbies, sign and keep replays.
    net_setup: NetSetup,
    /// The open lobbies on the LAN (while the join screen is shown).
    lan: LanList,
    /// The desktop's services for the screens: threads for bots, files for settings, reports
    /// and replays.
    platform: std::rc::Rc<dyn dwarfs_gui::platform::Platform>,
}

impl DwarfsApp {
    /// The app with settings from `config`.
    pub fn new(config: ConfigDir) -> Self {
        let (settings, settings_note) = config.load();
        let key = config.key_path();
        let platform = std::rc::Rc::new(platform::Desktop {
            config,
            replay_dir: platform::replay_dir(),
        });
        DwarfsApp {
            screen: Screen::Menu,
            lobby: Lobby::new(LobbyMode::Hotseat, &settings),
            draft: settings.clone(),
            relay_input: settings::RelayInput::default(),
            settings,
            settings_note,
            join: menu::JoinState::default(),
            table: None,
            replays: replay_screen::ReplayScreen::default(),
            themed: false,
            net: None,
            net_setup: NetSetup::platform(key),
            lan: LanList::default(),
            platform,
        }
    }

    /// The network runtime, started on first use.
    fn net(&mut self) -> Result<&NetRuntime, String> {
        if self.net.is_none() {
            self.net = Some(NetRuntime::start()?);
        }
        self.net.as_ref().ok_or_else(|| "no network".to_string())
    }

    /// The spec of a peer this app runs for `game` (hosting, joining or watching): how the app
    /// reaches the network, with the player's name, relays and UPnP choice from the settings.
    fn peer_spec(&self, game: GameKind, role: dwarfs_net::Role) -> dwarfs_net::PeerSpec {
        self.net_setup.spec(game.name(), &self.settings, role)
    }

    /// Opens the host's lobby to the network.
    fn open_lobby(&mut self, ctx: &egui::Context) {
        let role = match self.lobby.host_role() {
            Ok(r) => r,
            Err(e) => {
                self.lobby.note = Some(e);
                return;
            }
        };
        let game = self.lobby.game;
        let mut spec = self.peer_spec(game, role);
        spec.anyone_may_watch = self.lobby.anyone_may_watch;
        match self.net() {
            Ok(net) => {
                let handle = spawn_lobby(net, game, spec, ctx);
                self.lobby.net = Some(handle);
                self.lobby.status = Some("Starting the network…".into());
                self.lobby.note = None;
            }
            Err(e) => self.lobby.note = Some(e),
        }
    }

    /// Joins (or watches) the game of a checked ticket.
    fn join(&mut self, ticket: String, watch: bool, ctx: &egui::Context) {
        let game = match menu::ticket_game(&ticket) {
            Ok(g) => g,
            Err(e) => {
                self.lan.error = Some(e);
                return;
            }
        };
        let role = if watch {
            dwarfs_net::Role::Spectate { ticket }
        } else {
            dwarfs_net::Role::Join { ticket }
        };
        let spec = self.peer_spec(game, role);
        match self.net() {
            Ok(net) => {
                let handle = spawn_lobby(net, game, spec, ctx);
                self.lobby = Lobby::joined(&self.settings, game, handle, watch);
                self.lan.stop();
                self.screen = Screen::Lobby;
            }
            Err(e) => self.lan.error = Some(e),
        }
    }

    /// Takes in what the network reported since the last frame.
    fn pump_net(&mut self, ctx: &egui::Context) {
        if self.screen == Screen::Join {
            if !self.lan.running() && self.lan.error.is_none() {
                if let Err(e) = self.net() {
                    self.lan.error = Some(e);
                }
                if let Some(net) = &self.net {
                    self.lan.ensure(net, self.net_setup.mdns, ctx);
                }
            }
            self.lan.pump();
        } else if self.lan.running() {
            self.lan.stop();
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

    /// Opens a screen by name (for scripts and screenshots); demo content where a screen needs a
    /// game. Unknown names give an error listing the known ones.
    pub fn open(&mut self, name: &str) -> Result<(), String> {
        self.screen = match name {
            "menu" => Screen::Menu,
            "settings" => Screen::Settings,
            "join" => Screen::Join,
            "hotseat" => {
                self.lobby = Lobby::new(LobbyMode::Hotseat, &self.settings);
                Screen::Lobby
            }
            "host" => {
                self.lobby = Lobby::new(LobbyMode::Host, &self.settings);
                self.lobby.seats.push(lobby::LobbySeat::Bot);
                Screen::Lobby
            }
            "joined" => {
                self.lobby = lobby::demo_joined(&self.settings);
                Screen::Lobby
            }
            "lan" => {
                self.lan.lobbies = net::demo_lan_lobbies();
                Screen::Join
            }
            "game" => {
                self.table = Some(Box::new(demo_table(80, false, self.settings.bot_delay_ms)));
                Screen::Game
            }
            "select" => {
                let mut t = demo_table(80, false, self.settings.bot_delay_ms);
                t.view.select_first_card(&t.mirror.state);
                self.table = Some(Box::new(t));
                Screen::Game
            }
            "end" => {
                self.table = Some(Box::new(demo_table(usize::MAX, false, 0)));
                Screen::End
            }
            "third" => {
                self.table = Some(Box::new(demos::third_demo_table()));
                Screen::Game
            }
            "hold" => {
                self.table = Some(Box::new(demos::hold_demo_table(40)));
                Screen::Game
            }
            "hold-trade" => {
                self.table = Some(Box::new(demos::hold_trade_demo_table()));
                Screen::Game
            }
            "hold-end" => {
                self.table = Some(Box::new(demos::hold_end_demo_table()));
                Screen::End
            }
            "winter" => {
                self.table = Some(Box::new(demos::winter_demo_table(120)));
                Screen::Game
            }
            "winter-music" => {
                self.table = Some(Box::new(demos::winter_music_demo_table()));
                Screen::Game
            }
            "winter-prepare" => {
                self.table = Some(Box::new(demos::winter_prepare_demo_table()));
                Screen::Game
            }
            "winter-end" => {
                self.table = Some(Box::new(demos::winter_end_demo_table()));
                Screen::End
            }
            "hotseat-winter" => {
                self.lobby = Lobby::new(LobbyMode::Hotseat, &self.settings);
                self.lobby.choose_game(GameKind::Winter);
                Screen::Lobby
            }
            "hotseat-third" => {
                self.lobby = Lobby::new(LobbyMode::Hotseat, &self.settings);
                self.lobby.choose_game(GameKind::Fall);
                self.lobby.values = [("edition", "third"), ("scenario", "bloodthirsty")]
                    .into_iter()
                    .map(|(key, value)| (key.to_string(), vec![value.to_string()]))
                    .collect();
                Screen::Lobby
            }
            "hotseat-hold" => {
                self.lobby = Lobby::new(LobbyMode::Hotseat, &self.settings);
                self.lobby.choose_game(GameKind::Hold);
                Screen::Lobby
            }
            "replay" => {
                self.replays.open_sample();
                Screen::Replays
            }
            "replay-hold" => {
                self.replays.open_sample_of(GameKind::Hold);
                Screen::Replays
            }
            "spring" => {
                self.table = Some(Box::new(demos::spring_demo_table(120)));
                Screen::Game
            }
            "replay-spring" => {
                self.replays.open_sample_of(GameKind::Spring);
                Screen::Replays
            }
            other => {
                return Err(format!(
                    "unknown screen {other:?}; use menu, settings, join, lan, host, joined, hotseat, hotseat-third, hotseat-hold, game, select, end, third, hold, hold-trade, hold-end, winter, winter-music, winter-prepare, winter-end, hotseat-winter, spring, replay, replay-hold or replay-spring"
                ));
            }
        };
        Ok(())
    }

    /// The current table if it is a Fall game (tests drive it).
    #[cfg(test)]
    pub fn table(&self) -> Option<&Table<FallView>> {
        self.table_of::<FallView>()
    }

    /// The current table if it is a game shown with board view `V` (tests drive it).
    #[cfg(test)]
    pub fn table_of<V: GameView>(&self) -> Option<&Table<V>> {
        self.table.as_ref()?.as_any().downcast_ref()
    }

    /// The current table, mutable, if it is a game shown with board view `V`.
    #[cfg(test)]
    pub fn table_mut<V: GameView>(&mut self) -> Option<&mut Table<V>> {
        self.table.as_mut()?.as_any_mut().downcast_mut()
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

    /// Draws one frame.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        if !self.themed {
            theme::install(ui.ctx());
            self.themed = true;
        }
        let ctx = ui.ctx().clone();
        self.pump_net(&ctx);
        match self.screen {
            Screen::Menu => {
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    match menu::main_menu(ui, &self.settings) {
                        None => {}
                        Some(menu::MenuChoice::Host) => {
                            self.lobby = Lobby::new(LobbyMode::Host, &self.settings);
                            self.screen = Screen::Lobby;
                        }
                        Some(menu::MenuChoice::Hotseat) => {
                            self.lobby = Lobby::new(LobbyMode::Hotseat, &self.settings);
                            self.screen = Screen::Lobby;
                        }
                        Some(menu::MenuChoice::Join) => self.screen = Screen::Join,
                        Some(menu::MenuChoice::Replays) => self.screen = Screen::Replays,
                        Some(menu::MenuChoice::Settings) => {
                            self.draft = self.settings.clone();
                            self.relay_input = settings::RelayInput::default();
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
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    match menu::join_screen(ui, &mut self.join, &self.lan) {
                        menu::JoinOutcome::Stay => {}
                        menu::JoinOutcome::Leave => self.screen = Screen::Menu,
                        menu::JoinOutcome::Host => {
                            self.lobby = Lobby::new(LobbyMode::Host, &self.settings);
                            self.screen = Screen::Lobby;
                        }
                        menu::JoinOutcome::Join(ticket) => self.join(ticket, false, &ctx),
                        menu::JoinOutcome::Watch(ticket) => self.join(ticket, true, &ctx),
                    }
                });
            }
            Screen::Lobby => {
                let mut outcome = LobbyOutcome::Stay;
                egui::CentralPanel::default_margins().show(ui, |ui| {
                    outcome = self.lobby.ui(ui, &self.settings);
                });
                match outcome {
                    LobbyOutcome::Stay => {}
                    LobbyOutcome::Leave => {
                        // Dropping the peer's handle tells the lobby we left.
                        self.lobby.net = None;
                        self.screen = Screen::Menu;
                    }
                    LobbyOutcome::Start(seats) => self.start(seats),
                    LobbyOutcome::Open => self.open_lobby(&ctx),
                }
            }
            Screen::Game => {
                let Some(table) = self.table.as_mut() else {
                    self.screen = Screen::Menu;
                    return;
                };
                // Whichever table is shown thinks and saves through the desktop.
                table.set_platform(self.platform.clone());
                match table.game_screen(ui) {
                    game_screen::GameOutcome::Stay => {}
                    game_screen::GameOutcome::Leave => {
                        self.table = None;
                        self.screen = Screen::Menu;
                    }
                    game_screen::GameOutcome::Over => self.screen = Screen::End,
                }
            }
            Screen::End => {
                let Some(table) = self.table.as_mut() else {
                    self.screen = Screen::Menu;
                    return;
                };
                match table.end_screen(ui) {
                    end_screen::EndOutcome::Stay => {}
                    end_screen::EndOutcome::Menu => {
                        self.table = None;
                        self.screen = Screen::Menu;
                    }
                    end_screen::EndOutcome::Again => {
                        self.table = None;
                        self.screen = Screen::Lobby;
                    }
                    end_screen::EndOutcome::Replay(path) => {
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

impl eframe::App for DwarfsApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        DwarfsApp::ui(self, ui);
    }
}

/// Starts a network peer for `game`, wrapped for the lobby.
fn spawn_lobby(
    net: &NetRuntime,
    game: GameKind,
    spec: dwarfs_net::PeerSpec,
    ctx: &egui::Context,
) -> Box<dyn lobby::LobbyNet> {
    with_view!(game, E, V, {
        let handle = net.spawn::<<E as GameEntry>::G>(spec, ctx);
        Box::new(NetLobby::<V>::new(Box::new(handle))) as Box<dyn lobby::LobbyNet>
    })
}

/// A 4-player Fall table (you in seat 0, three bots) after `moves` random moves, played through
/// the table so that the move log and score history are filled (`usize::MAX` plays to the end).
pub fn demo_table(moves: usize, all_bots: bool, bot_delay_ms: u32) -> Table<FallView> {
    let seats = (0..4)
        .map(|i| SeatInfo {
            name: if i == 0 {
                "You".into()
            } else {
                format!("Bot {}", i + 1)
            },
            kind: if i == 0 && !all_bots {
                SeatKind::Human
            } else {
                SeatKind::Bot
            },
        })
        .collect();
    let mut t: Table<FallView> = match Table::new(&Default::default(), seats, 0) {
        Ok(t) => t,
        Err(e) => unreachable!("4 players with the default options are valid: {e}"),
    };
    let mut bot = RandomBot::new(11);
    for _ in 0..100_000 {
        let Actor::Seat(s) = t.mirror.state.to_act() else {
            break;
        };
        if t.mirror.seq as usize >= moves {
            break;
        }
        let legal = t.mirror.state.legal_actions_vec();
        let i = bot.choose(&dwarfs_engine::SeatView::new(&t.mirror.state, s), &legal);
        if !t.play(&legal[i]) {
            break;
        }
        t.advance(0.0);
    }
    t.bot_delay_ms = bot_delay_ms;
    t
}

/// Opens the desktop app (or runs the hidden benchmark).
pub fn run() -> Result<(), CliError> {
    if let Ok(frames) = std::env::var("DWARFS_GUI_BENCH") {
        let frames: u32 = frames
            .parse()
            .map_err(|_| CliError::Usage("DWARFS_GUI_BENCH must be a number of frames".into()))?;
        println!("{}", bench::frame_time(frames));
        return Ok(());
    }
    // No graphical session (a server, ssh without X forwarding): say what works instead
    // before winit fails with its own words.
    #[cfg(all(unix, not(target_os = "macos")))]
    if ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
        .iter()
        .all(|v| std::env::var_os(v).is_none())
    {
        return Err(CliError::Failed(
            "no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set). \
             The desktop app needs a graphical session; in a terminal, play with `dwarfs host` \
             and `dwarfs join`, or watch bots with `dwarfs demo` (see `dwarfs --help`)"
                .into(),
        ));
    }
    let screen = std::env::var("DWARFS_GUI_SCREEN").ok();
    let mut app = DwarfsApp::new(ConfigDir::platform());
    if let Some(s) = &screen {
        app.open(s).map_err(CliError::Usage)?;
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("dwarfs")
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([1000.0, 680.0]),
        ..Default::default()
    };
    eframe::run_native("dwarfs", options, Box::new(move |_cc| Ok(Box::new(app))))
        .map_err(|e| CliError::Failed(format!("could not open the window: {e}")))
}
