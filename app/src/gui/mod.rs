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
mod tests_kept;
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
    fall_view, hold_view, lobby, spring_view, table, view, winter_view, words,
};
#[cfg(test)]
pub(crate) use dwarfs_gui::{game_screen, links, lobby_net, menu, trust};

use crate::CliError;
use crate::games::{GameEntry, GameKind};
use dwarfs_engine::{Actor, Bot, Game, RandomBot};
use dwarfs_gui::menu::LanLobbies;
pub use dwarfs_gui::shell::Screen;
use dwarfs_gui::shell::{Network, Shell};
use dwarfs_gui::with_view;
use fall_view::FallView;
use lobby::{Lobby, LobbyMode, LobbyNet, NetLobby};
use net::{LanList, NetRuntime, NetSetup};
use settings::{ConfigDir, Settings};
pub(crate) use table::os_seed;
use table::{SeatInfo, SeatKind, Table};

/// The desktop app: the shell shared with the browser ([`Shell`], reached through `Deref`), and
/// the desktop's network (a tokio runtime, its peers and the LAN search).
pub struct DwarfsApp {
    shell: Shell,
    /// The network runtime, started the first time a network screen needs it.
    net: Option<NetRuntime>,
    /// How the app's peers listen, find lobbies, sign and keep replays.
    net_setup: NetSetup,
    /// The open lobbies on the LAN (while the join screen is shown).
    lan: LanList,
    /// The HTTP port the web page is served on to the LAN, once a host asked for it.
    page: Option<u16>,
}

impl std::ops::Deref for DwarfsApp {
    type Target = Shell;
    fn deref(&self) -> &Shell {
        &self.shell
    }
}

impl std::ops::DerefMut for DwarfsApp {
    fn deref_mut(&mut self) -> &mut Shell {
        &mut self.shell
    }
}

/// The desktop's network as the shell asks for it, borrowed for one frame.
struct DesktopNet<'a> {
    net: &'a mut Option<NetRuntime>,
    setup: &'a NetSetup,
    lan: &'a mut LanList,
    page: &'a mut Option<u16>,
}

impl DesktopNet<'_> {
    /// The network runtime, started on first use.
    fn runtime(&mut self) -> Result<&NetRuntime, String> {
        if self.net.is_none() {
            *self.net = Some(NetRuntime::start()?);
        }
        self.net.as_ref().ok_or_else(|| "no network".to_string())
    }
}

impl Network for DesktopNet<'_> {
    fn start_peer(
        &mut self,
        game: GameKind,
        role: dwarfs_net::Role,
        anyone_may_watch: bool,
        settings: &Settings,
        ctx: &egui::Context,
    ) -> Result<Box<dyn LobbyNet>, String> {
        let mut spec = self.setup.spec(game.name(), settings, role);
        spec.anyone_may_watch = anyone_may_watch;
        let net = self.runtime()?;
        Ok(spawn_lobby(net, game, spec, ctx))
    }

    fn search_lan(&mut self, shown: bool, ctx: &egui::Context) {
        if !shown {
            if self.lan.running() {
                self.lan.stop();
            }
            return;
        }
        if !self.lan.running() && self.lan.error.is_none() {
            match self.runtime() {
                Ok(_) => {}
                Err(e) => self.lan.error = Some(e),
            }
            if let Some(net) = self.net.as_ref() {
                self.lan.ensure(net, self.setup.mdns, ctx);
            }
        }
        self.lan.pump();
    }

    fn lan(&self) -> &dyn LanLobbies {
        &*self.lan
    }

    fn join_failed(&mut self, why: String) {
        self.lan.error = Some(why);
    }

    fn serve_page(&mut self) -> Result<u16, String> {
        if let Some(port) = *self.page {
            return Ok(port);
        }
        let dir = crate::web_cli::page_dir().ok_or_else(|| {
            "No web page here to serve: build it with scripts/build-web.sh (target/page), or put \
             it in a `page` folder next to the program."
                .to_string()
        })?;
        // Port 8080, or any free one if that is taken.
        let port = crate::web_cli::serve_in_background(&dir, "0.0.0.0:8080")
            .or_else(|_| crate::web_cli::serve_in_background(&dir, "0.0.0.0:0"))
            .map_err(|e| e.to_string())?;
        *self.page = Some(port);
        Ok(port)
    }
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
            shell: Shell::new(settings, settings_note, platform),
            net: None,
            net_setup: NetSetup::platform(key),
            lan: LanList::default(),
            page: None,
        }
    }

    /// The spec of a peer this app runs for `game` (hosting, joining or watching): how the app
    /// reaches the network, with the player's name, relays and UPnP choice from the settings.
    #[cfg(test)]
    fn peer_spec(&self, game: GameKind, role: dwarfs_net::Role) -> dwarfs_net::PeerSpec {
        self.net_setup.spec(game.name(), &self.shell.settings, role)
    }

    /// Opens a screen by name (for scripts and screenshots); demo content where a screen needs a
    /// game. Unknown names give an error listing the known ones.
    pub fn open(&mut self, name: &str) -> Result<(), String> {
        let bot_delay_ms = self.settings.bot_delay_ms;
        let shell = &mut self.shell;
        shell.screen = match name {
            "menu" => Screen::Menu,
            "settings" => Screen::Settings,
            "join" => Screen::Join,
            "hotseat" => {
                shell.lobby = Lobby::new(LobbyMode::Hotseat, &shell.settings);
                Screen::Lobby
            }
            "host" => {
                shell.lobby = Lobby::new(LobbyMode::Host, &shell.settings);
                shell.lobby.seats.push(lobby::LobbySeat::Bot);
                Screen::Lobby
            }
            "host-web" => {
                // A hosted lobby serving the page: its browser link and QR code (a demo ticket;
                // nothing listens).
                shell.lobby = Lobby::new(LobbyMode::Host, &shell.settings);
                shell.lobby.seats.push(lobby::LobbySeat::Bot);
                shell.lobby.ticket = Some(
                    dwarfs_net::Ticket {
                        game: "fall".into(),
                        game_id: [7; 32],
                        host: dwarfs_net::PeerId::random(),
                        addrs: vec![
                            "/ip4/192.168.1.20/tcp/40411".parse().expect("an address"),
                            "/ip4/192.168.1.20/tcp/40412/ws"
                                .parse()
                                .expect("an address"),
                        ],
                    }
                    .to_string(),
                );
                shell.lobby.web.wanted = true;
                shell.lobby.web.port = Some(8080);
                Screen::Lobby
            }
            "joined" => {
                shell.lobby = lobby::demo_joined(&shell.settings);
                Screen::Lobby
            }
            "lan" => {
                self.lan.lobbies = net::demo_lan_lobbies();
                Screen::Join
            }
            "game" => {
                shell.table = Some(Box::new(demo_table(80, false, bot_delay_ms)));
                Screen::Game
            }
            "select" => {
                let mut t = demo_table(80, false, bot_delay_ms);
                t.view.select_first_card(&t.mirror.state);
                shell.table = Some(Box::new(t));
                Screen::Game
            }
            "end" => {
                shell.table = Some(Box::new(demo_table(usize::MAX, false, 0)));
                Screen::End
            }
            "third" => {
                shell.table = Some(Box::new(demos::third_demo_table()));
                Screen::Game
            }
            "hold" => {
                shell.table = Some(Box::new(demos::hold_demo_table(40)));
                Screen::Game
            }
            "hold-trade" => {
                shell.table = Some(Box::new(demos::hold_trade_demo_table()));
                Screen::Game
            }
            "hold-end" => {
                shell.table = Some(Box::new(demos::hold_end_demo_table()));
                Screen::End
            }
            "winter" => {
                shell.table = Some(Box::new(demos::winter_demo_table(120)));
                Screen::Game
            }
            "winter-music" => {
                shell.table = Some(Box::new(demos::winter_music_demo_table()));
                Screen::Game
            }
            "winter-prepare" => {
                shell.table = Some(Box::new(demos::winter_prepare_demo_table()));
                Screen::Game
            }
            "winter-end" => {
                shell.table = Some(Box::new(demos::winter_end_demo_table()));
                Screen::End
            }
            "hotseat-winter" => {
                shell.lobby = Lobby::new(LobbyMode::Hotseat, &shell.settings);
                shell.lobby.choose_game(GameKind::Winter);
                Screen::Lobby
            }
            "hotseat-third" => {
                shell.lobby = Lobby::new(LobbyMode::Hotseat, &shell.settings);
                shell.lobby.choose_game(GameKind::Fall);
                shell.lobby.values = [("edition", "third"), ("scenario", "bloodthirsty")]
                    .into_iter()
                    .map(|(key, value)| (key.to_string(), vec![value.to_string()]))
                    .collect();
                Screen::Lobby
            }
            "hotseat-hold" => {
                shell.lobby = Lobby::new(LobbyMode::Hotseat, &shell.settings);
                shell.lobby.choose_game(GameKind::Hold);
                Screen::Lobby
            }
            "replay" => {
                shell.replays.open_sample();
                Screen::Replays
            }
            "replay-hold" => {
                shell.replays.open_sample_of(GameKind::Hold);
                Screen::Replays
            }
            "spring" => {
                shell.table = Some(Box::new(demos::spring_demo_table(120)));
                Screen::Game
            }
            "replay-spring" => {
                shell.replays.open_sample_of(GameKind::Spring);
                Screen::Replays
            }
            other => {
                return Err(format!(
                    "unknown screen {other:?}; use menu, settings, join, lan, host, host-web, joined, hotseat, hotseat-third, hotseat-hold, game, select, end, third, hold, hold-trade, hold-end, winter, winter-music, winter-prepare, winter-end, hotseat-winter, spring, replay, replay-hold or replay-spring"
                ));
            }
        };
        Ok(())
    }

    /// The current table if it is a Fall game (tests drive it).
    #[cfg(test)]
    pub fn table(&self) -> Option<&Table<FallView>> {
        self.shell.table_of::<FallView>()
    }

    /// Draws one frame.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let mut net = DesktopNet {
            net: &mut self.net,
            setup: &self.net_setup,
            lan: &mut self.lan,
            page: &mut self.page,
        };
        self.shell.ui(ui, Some(&mut net));
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
) -> Box<dyn LobbyNet> {
    with_view!(game, E, V, {
        let handle = net.spawn::<<E as GameEntry>::G>(spec, ctx);
        Box::new(NetLobby::<V>::new(Box::new(handle))) as Box<dyn LobbyNet>
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
