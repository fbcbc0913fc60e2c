//! A game at the table: its [`GameMirror`] (the state, the move log, the hash agreement), who
//! sits where, and the score history for the end chart. A local game (hotseat, or against bots)
//! runs the engine here, resolving chance points from OS entropy (the app may use it; the
//! engines never do). A network game ([`Remote`]) takes every state from the peer's session
//! through the mirror: a click (or a staged choice) becomes one command, and the board changes
//! when the move comes back applied.

use super::view::GameView;
use crate::bot_job::SendBot;
use crate::platform::{Inline, Platform};
use dwarfs_client::{GameMirror, PeerLink};
use dwarfs_engine::{Actor, Entropy, Game, Outcome, RandomBot, Seat, Viewer};
use dwarfs_games::Level;
use std::cell::RefCell;
use std::rc::Rc;

pub use dwarfs_client::{LogLine, MAX_WATCH_REQUESTS_SHOWN};

mod bots;
mod network;
mod plan;
use bots::{BotStep, SeatBot, Thinking};
pub use plan::ClickPlan;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person at this screen.
    Human,
    /// A bot: run by this app, or by every peer alike in a network game.
    Bot,
    /// A person at another computer (network game).
    Remote,
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// Display name.
    pub name: String,
    /// Human or bot.
    pub kind: SeatKind,
}

/// 32 bytes of entropy for a local chance point, from the operating system (or the browser's
/// `crypto.getRandomValues`).
pub fn os_entropy() -> Entropy {
    let mut e = [0u8; 32];
    if getrandom::getrandom(&mut e).is_err() {
        // No entropy source at all: the std hasher's per-process random keys.
        use std::hash::{BuildHasher, Hasher};
        for (i, chunk) in e.chunks_mut(8).enumerate() {
            let mut s = std::collections::hash_map::RandomState::new().build_hasher();
            s.write_usize(i);
            chunk.copy_from_slice(&s.finish().to_le_bytes());
        }
    }
    e
}

/// A seed for a local bot, from OS entropy.
pub fn os_seed() -> u64 {
    let e = os_entropy();
    u64::from_le_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]])
}

/// A game in progress.
pub struct Table<V: GameView> {
    /// The game: its state, move log and hash agreement.
    pub mirror: GameMirror<V::G>,
    /// The board view.
    pub view: V,
    /// The seats, in seat order.
    pub seats: Vec<SeatInfo>,
    bots: Vec<Option<SeatBot<V::G>>>,
    /// A search bot's choice under way.
    thinking: Option<Thinking<V::G>>,
    /// Asks the window for a frame when a bot's answer comes (set by the game screen).
    pub repaint: Option<egui::Context>,
    /// Every seat's score after each turn (index 0 is the start).
    pub history: Vec<ScorePoint>,
    /// In hotseat with several people: the seat waiting to take the screen.
    pub curtain: Option<Seat>,
    /// The human seat whose view is shown.
    pub viewer: Viewer,
    /// Where the last incident report was saved, or why it could not be.
    pub report_saved: Option<String>,
    /// The machine's services: where a search bot thinks, where a report is saved.
    pub platform: Rc<dyn Platform>,
    /// Milliseconds a bot waits before moving.
    pub bot_delay_ms: u32,
    bot_ready_at: f64,
    last_actor: Option<Seat>,
    /// The game's round ([`GameView::round`]) at the last point of the score history.
    last_round: u32,
    /// The network game behind this table, if it is one.
    pub remote: Option<Remote<V::G>>,
    /// The last legal actions listed, by the mirror's version and seat: the board asks every
    /// frame, and a list can be long (every hand of Winter's Preparation).
    legal_cache: RefCell<Option<LegalCache<V::G>>>,
}

/// The network side of a table: the peer that plays our seat, and the chat line being typed.
pub struct Remote<G: Game> {
    /// The running peer.
    pub link: Box<dyn PeerLink<G>>,
    /// The chat line being typed.
    pub chat_input: String,
}

/// One point of the score history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScorePoint {
    /// The game's round ([`GameView::round`]) when it was taken.
    pub round: u32,
    /// Every seat's score then, in seat order.
    pub scores: Vec<i32>,
}

/// Legal actions listed for one seat in one state.
struct LegalCache<G: Game> {
    version: u64,
    seat: Seat,
    legal: Vec<G::Action>,
}

impl<V: GameView> Table<V> {
    /// A new game with these seats and options, set up from OS entropy.
    pub fn new(
        options: &<V::G as Game>::Options,
        seats: Vec<SeatInfo>,
        bot_delay_ms: u32,
    ) -> Result<Self, String> {
        let players = u8::try_from(seats.len()).map_err(|_| "too many seats".to_string())?;
        let game = V::G::new(options, players).map_err(|e| e.to_string())?;
        Ok(Self::from_state(game, seats, bot_delay_ms))
    }

    /// A demo table around `game` (screenshots, demo screens): the first seat that decides now is
    /// the person ("You"), the others bots, and no curtain.
    pub fn demo(game: V::G) -> Self {
        let me = game
            .to_act()
            .deciding()
            .iter()
            .next()
            .map_or(0, |s| s.index());
        let seats = (0..game.players() as usize)
            .map(|i| SeatInfo {
                name: if i == me {
                    "You".into()
                } else {
                    format!("Bot {}", i + 1)
                },
                kind: if i == me {
                    SeatKind::Human
                } else {
                    SeatKind::Bot
                },
            })
            .collect();
        let mut t = Table::from_state(game, seats, 600);
        t.curtain = None;
        t
    }

    /// A table around an existing state (a test position, or a game under way), its bot seats
    /// played by the random bot.
    pub fn from_state(game: V::G, seats: Vec<SeatInfo>, bot_delay_ms: u32) -> Self {
        Self::with_bots(game, seats, bot_delay_ms, None, Rc::new(Inline), |seed| {
            Box::new(RandomBot::new(seed))
        })
    }

    /// A new game with these seats and options, set up from OS entropy, its bot seats played
    /// by `make(seed)` at `level` (a search bot, which thinks where `platform` runs it: on the
    /// desktop, a thread of its own) or by the random bot (`None`).
    pub fn new_with_bots(
        options: &<V::G as Game>::Options,
        seats: Vec<SeatInfo>,
        bot_delay_ms: u32,
        level: Option<Level>,
        platform: Rc<dyn Platform>,
        make: impl Fn(u64) -> SendBot<V::G>,
    ) -> Result<Self, String> {
        let players = u8::try_from(seats.len()).map_err(|_| "too many seats".to_string())?;
        let game = V::G::new(options, players).map_err(|e| e.to_string())?;
        Ok(Self::with_bots(
            game,
            seats,
            bot_delay_ms,
            level,
            platform,
            make,
        ))
    }

    /// A table around an existing state with its bot seats played by `make(seed)` at `level`
    /// (`None`: the random bot, which picks at once), a search thinking where `platform` runs it
    /// (the first may start here, if a bot acts first).
    pub fn with_bots(
        game: V::G,
        seats: Vec<SeatInfo>,
        bot_delay_ms: u32,
        level: Option<Level>,
        platform: Rc<dyn Platform>,
        make: impl Fn(u64) -> SendBot<V::G>,
    ) -> Self {
        let bots = seats
            .iter()
            .map(|s| {
                (s.kind == SeatKind::Bot).then(|| SeatBot {
                    bot: Some(make(os_seed())),
                    level,
                })
            })
            .collect();
        let humans = seats.iter().filter(|s| s.kind == SeatKind::Human).count();
        let first_human = seats.iter().position(|s| s.kind == SeatKind::Human);
        let last_round = game.current_round();
        let mut t = Table {
            mirror: GameMirror::local(game, humans),
            view: V::default(),
            seats,
            bots,
            thinking: None,
            repaint: None,
            history: Vec::new(),
            curtain: None,
            viewer: first_human.map_or(Viewer::Spectator, |i| Viewer::Seat(Seat(i as u8))),
            report_saved: None,
            platform,
            bot_delay_ms,
            bot_ready_at: 0.0,
            last_actor: None,
            last_round,
            remote: None,
            legal_cache: RefCell::new(None),
        };
        t.advance(0.0);
        t.take_score_point();
        t
    }

    /// Adds the scores as they stand to the score history.
    fn take_score_point(&mut self) {
        self.history.push(ScorePoint {
            round: self.mirror.state.current_round(),
            scores: self.mirror.state.running_scores(),
        });
    }

    /// Takes a point of the score history when a new round began while the same seat acts (in
    /// a solitaire game the acting seat never changes).
    fn new_round(&mut self) {
        let round = self.mirror.state.current_round();
        if round != self.last_round {
            self.last_round = round;
            self.take_score_point();
        }
    }

    /// The number of people at this screen.
    pub fn humans(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| s.kind == SeatKind::Human)
            .count()
    }

    /// True if `seat` is played by a person here.
    pub fn is_human(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.kind == SeatKind::Human)
    }

    /// The seat's display name with its colour.
    pub fn seat_label(&self, seat: Seat) -> String {
        let name = self.seats.get(seat.index()).map(|s| s.name.as_str());
        dwarfs_client::seat_label::<V::G>(name, seat)
    }

    /// The legal actions the shown viewer may take now (empty while someone else acts or the
    /// screen is covered).
    pub fn legal_for_viewer(&self) -> Vec<<V::G as Game>::Action> {
        if !self.mirror.may_play() || self.thinking.is_some() {
            return Vec::new();
        }
        let version = self.mirror.version();
        match (self.mirror.state.to_act(), self.viewer) {
            (actor, Viewer::Seat(s))
                if self.curtain.is_none() && self.is_human(s) && actor.includes(s) =>
            {
                let mut cache = self.legal_cache.borrow_mut();
                match cache.as_ref() {
                    Some(c) if c.version == version && c.seat == s => c.legal.clone(),
                    _ => {
                        let legal = self.mirror.state.legal_actions_for_vec(s);
                        *cache = Some(LegalCache {
                            version,
                            seat: s,
                            legal: legal.clone(),
                        });
                        legal
                    }
                }
            }
            _ => Vec::new(),
        }
    }

    fn record_events(&mut self, events: &[<V::G as Game>::Event]) {
        self.view.on_events(&self.mirror.state, events);
        self.mirror.record_events(events);
    }

    /// Plays a choice: one action, or every step of a choice staged at once. In a local game
    /// each is played by the engine here for the seat that acts now (at a simultaneous step:
    /// the shown viewer's seat, or else the first seat still deciding); in a network game the
    /// whole choice goes to the peer as one command, and the board changes when it comes back
    /// applied. A refusal is kept in the mirror's `error`.
    pub fn play_choice(&mut self, staged: Vec<<V::G as Game>::Action>) -> bool {
        if let Some(r) = self.remote.as_ref() {
            return match self.mirror.play(staged) {
                Ok(c) => {
                    if !r.link.send(c) {
                        self.mirror.send_failed();
                        return false;
                    }
                    true
                }
                Err(e) => {
                    self.mirror.error = Some(e.to_string());
                    false
                }
            };
        }
        staged.iter().all(|a| self.play(a))
    }

    /// Sends a command to the network game's peer; false for a local game or a stopped peer.
    pub fn send(&self, c: dwarfs_client::Command<<V::G as Game>::Action>) -> bool {
        self.remote.as_ref().is_some_and(|r| r.link.send(c))
    }

    /// Plays one action (see [`Table::play_choice`]).
    pub fn play(&mut self, action: &<V::G as Game>::Action) -> bool {
        if self.remote.is_some() {
            return self.play_choice(vec![action.clone()]);
        }
        let seat = match (self.mirror.state.to_act(), self.viewer) {
            (Actor::Seat(s), _) => s,
            (Actor::Simultaneous(set), Viewer::Seat(v)) if set.contains(v) => v,
            (Actor::Simultaneous(set), _) if !set.is_empty() => {
                set.iter().next().unwrap_or(Seat(0))
            }
            _ => {
                self.mirror.error = Some("nobody may act now".into());
                return false;
            }
        };
        let text = self.mirror.state.describe(action);
        match self.mirror.state.play(seat, action) {
            Ok(events) => {
                self.view.on_events(&self.mirror.state, &events);
                self.mirror.record_move(seat, text, &events);
                true
            }
            Err(e) => {
                self.mirror.error = Some(e.to_string());
                false
            }
        }
    }

    /// Resolves chance points and lets bots move until a person must act (or a bot waits for its
    /// delay). `now` is the UI clock in seconds.
    pub fn advance(&mut self, now: f64) {
        if self.remote.is_some() {
            self.pump_remote();
            return;
        }
        self.drop_stale_answer();
        for _ in 0..100_000 {
            match self.mirror.state.to_act() {
                Actor::Over => break,
                Actor::Chance => match self.mirror.state.resolve_chance(os_entropy()) {
                    Ok(events) => self.record_events(&events),
                    Err(e) => {
                        self.mirror.error = Some(e.to_string());
                        break;
                    }
                },
                Actor::Simultaneous(set) => {
                    // Bots choose first; then each person at this screen in turn, behind the
                    // curtain, so that no one sees another's secret choice.
                    if let Some(b) = set.iter().find(|s| !self.is_human(*s)) {
                        let a = match self.bot_step(b, true) {
                            BotStep::Play(a) => a,
                            BotStep::Wait | BotStep::Failed => break,
                        };
                        let saved = self.viewer;
                        self.viewer = Viewer::Seat(b);
                        let ok = self.play(&a);
                        self.viewer = saved;
                        if !ok {
                            break;
                        }
                        continue;
                    }
                    let Some(s) = set.iter().next() else { break };
                    if self.viewer != Viewer::Seat(s) {
                        if self.humans() > 1 {
                            self.curtain = Some(s);
                        }
                        self.viewer = Viewer::Seat(s);
                        self.view.reset();
                    }
                    self.last_actor = None;
                    break;
                }
                Actor::Seat(s) => {
                    if self.last_actor == Some(s) || self.last_actor.is_none() {
                        // The same seat goes on (or acts after a secret step): a point only
                        // if a new round began.
                        self.new_round();
                    } else {
                        self.last_round = self.mirror.state.current_round();
                        self.take_score_point();
                    }
                    if self.last_actor != Some(s) {
                        self.last_actor = Some(s);
                        self.bot_ready_at = now + self.bot_delay_ms as f64 / 1000.0;
                        if self.is_human(s) && self.viewer != Viewer::Seat(s) {
                            if self.humans() > 1 {
                                self.curtain = Some(s);
                            }
                            self.viewer = Viewer::Seat(s);
                            self.view.reset();
                        }
                    }
                    if self.is_human(s) {
                        break;
                    }
                    let a = match self.bot_step(s, now >= self.bot_ready_at) {
                        BotStep::Play(a) => a,
                        BotStep::Wait | BotStep::Failed => break,
                    };
                    if !self.play(&a) {
                        break;
                    }
                    self.bot_ready_at = now + self.bot_delay_ms as f64 / 1000.0;
                    if self.bot_delay_ms > 0 {
                        break;
                    }
                }
            }
        }
        if self.mirror.state.to_act() == Actor::Over && self.last_actor.is_some() {
            self.take_score_point();
            self.last_actor = None;
        }
    }

    /// The outcome once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.mirror.state.outcome()
    }
}

/// A table of any registered game, as the app shell holds it: the game screen, the end screen
/// and the network's news, whatever the game.
pub trait AnyTable {
    /// Draws the game in progress.
    fn game_screen(&mut self, ui: &mut egui::Ui) -> super::game_screen::GameOutcome;
    /// Draws the end screen.
    fn end_screen(&mut self, ui: &mut egui::Ui) -> super::end_screen::EndOutcome;
    /// Takes in everything the network peer reported (nothing for a local game).
    fn pump_remote(&mut self);
    /// The machine's services this table uses from now on.
    fn set_platform(&mut self, platform: Rc<dyn Platform>);
    /// How a person at the screen plays one of their legal actions now ([`Table::click_plan`]).
    fn click_plan(&self, seed: u64) -> Option<ClickPlan>;
    /// Moves and chance points played so far (the mirror's sequence number).
    fn seq(&self) -> u32;
    /// Whether a search bot of this table is thinking.
    fn bot_thinking(&self) -> bool;
    /// The network peer's report, once its run ended (a network game only).
    fn report(&self) -> Option<&dwarfs_client::PeerReport>;
    /// The table itself, for a caller that knows its board view.
    #[doc(hidden)]
    fn as_any(&self) -> &dyn std::any::Any;
    /// The table itself, mutable.
    #[doc(hidden)]
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl<V: GameView> AnyTable for Table<V> {
    fn game_screen(&mut self, ui: &mut egui::Ui) -> super::game_screen::GameOutcome {
        super::game_screen::game(ui, self)
    }

    fn end_screen(&mut self, ui: &mut egui::Ui) -> super::end_screen::EndOutcome {
        super::end_screen::end(ui, self)
    }

    fn pump_remote(&mut self) {
        Table::pump_remote(self);
    }

    fn set_platform(&mut self, platform: Rc<dyn Platform>) {
        self.platform = platform;
    }

    fn click_plan(&self, seed: u64) -> Option<ClickPlan> {
        Table::click_plan(self, seed)
    }

    fn seq(&self) -> u32 {
        self.mirror.seq
    }

    fn bot_thinking(&self) -> bool {
        self.thinking().is_some()
    }

    fn report(&self) -> Option<&dwarfs_client::PeerReport> {
        self.mirror.report.as_ref()
    }

    #[doc(hidden)]
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    #[doc(hidden)]
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
