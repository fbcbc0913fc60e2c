//! The replay viewer: open a replay file (or record a sample game), see whether it verifies, and
//! step or scrub through it with the board shown at any move.

use super::autoplay::{Autoplay, SPEEDS};
use super::game_screen::move_log;
use super::replay::{self, LoadedReplay};
use super::table::LogLine;
use super::theme::{self, GOLD, PARCHMENT_DIM};
use super::view::GameView;
use crate::platform::Platform;
use crate::tips::Tip;
use crate::with_view;
use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_games::{GameEntry, GameKind, with_entry};
use egui::{RichText, Ui};

/// A loaded replay of any registered game, with that game's board view.
trait AnyReplay {
    /// The number of positions.
    fn len(&self) -> usize;
    /// The verifier's verdict.
    fn verdict(&self) -> &Result<String, String>;
    /// The verifier's verdict as facts.
    fn facts(&self) -> &crate::replay::VerdictFacts;
    /// Where the replay came from.
    fn source(&self) -> &str;
    /// The move that led to position `at`, and who played it.
    fn step(&self, at: usize) -> Option<(Option<&str>, Option<Seat>)>;
    /// Draws the board at position `at` as a spectator sees it.
    fn show(&mut self, ui: &mut Ui, at: usize);
    /// Forgets any selection of the board view.
    fn reset(&mut self);
    /// Tells the board view that position `at` is now shown, having shown `from` before: one
    /// step forward hands the view the events of that move (and of the chance points it led
    /// to), as the live table does; any other jump starts the view afresh and hands it the
    /// events of the move that led to `at`, so it still shows what that move did.
    fn arrive(&mut self, from: Option<usize>, at: usize);
    /// The game's display name.
    fn title(&self) -> &'static str;
}

/// A replay of the game of board view `V`.
struct Viewed<V: GameView> {
    replay: LoadedReplay<V::G>,
    view: V,
}

impl<V: GameView> AnyReplay for Viewed<V> {
    fn len(&self) -> usize {
        self.replay.positions.len()
    }

    fn verdict(&self) -> &Result<String, String> {
        &self.replay.verdict
    }

    fn facts(&self) -> &crate::replay::VerdictFacts {
        &self.replay.facts
    }

    fn source(&self) -> &str {
        &self.replay.source
    }

    fn step(&self, at: usize) -> Option<(Option<&str>, Option<Seat>)> {
        self.replay
            .positions
            .get(at)
            .map(|p| (p.text.as_deref(), p.seat))
    }

    fn show(&mut self, ui: &mut Ui, at: usize) {
        let Some(pos) = self.replay.positions.get(at) else {
            return;
        };
        ui.label(theme::caption(format!(
            "  {}",
            pos.state.prompt(Viewer::Spectator)
        )));
        let _ = self.view.show(ui, &pos.state, Viewer::Spectator, &[]);
    }

    fn reset(&mut self) {
        self.view.reset();
    }

    fn arrive(&mut self, from: Option<usize>, at: usize) {
        let Some(pos) = self.replay.positions.get(at) else {
            return;
        };
        if from.is_none_or(|f| f + 1 != at) {
            self.view = V::default();
        }
        self.view.on_events(&pos.state, &pos.events);
    }

    fn title(&self) -> &'static str {
        let name = <V::G as Game>::NAME;
        GameKind::from_name(name).map_or(name, GameKind::title)
    }
}

/// Reads a replay of any registered game, named by its header.
fn load_any(bytes: &[u8], source: String) -> Result<Box<dyn AnyReplay>, String> {
    let info =
        dwarfs_protocol::replay::peek_header(bytes).map_err(|e| format!("not a replay: {e}"))?;
    let kind = GameKind::from_name(&info.game).ok_or_else(|| {
        format!(
            "this replay is a game of {:?}, which this app does not know",
            info.game
        )
    })?;
    with_view!(kind, E, V, {
        replay::load::<<E as GameEntry>::G>(bytes, source).map(|r| {
            Box::new(Viewed::<V> {
                replay: r,
                view: Default::default(),
            }) as Box<dyn AnyReplay>
        })
    })
}

/// The viewer's state.
#[derive(Default)]
pub struct ReplayScreen {
    path: String,
    loaded: Option<Box<dyn AnyReplay>>,
    log: Vec<LogLine>,
    at: usize,
    error: Option<String>,
    sample_seed: u64,
    /// The move the log was last scrolled to.
    scrolled: Option<usize>,
    /// The position whose events the board view has seen.
    arrived: Option<usize>,
    /// The replays kept on this machine (newest first), once asked.
    files: Option<Vec<String>>,
    /// Stepping through the moves by itself.
    autoplay: Autoplay,
}

impl ReplayScreen {
    fn set(&mut self, mut r: Box<dyn AnyReplay>) {
        self.log = (0..r.len())
            .filter_map(|i| {
                let (text, seat) = r.step(i)?;
                text.map(|t| LogLine {
                    seq: i as u32,
                    seat,
                    text: t.to_string(),
                })
            })
            .collect();
        self.at = 0;
        self.arrived = None;
        self.error = None;
        self.autoplay.stop();
        r.reset();
        self.loaded = Some(r);
    }

    /// The position shown (tests step through it).
    #[doc(hidden)]
    pub fn at(&self) -> usize {
        self.at
    }

    /// Shows position `at` as the slider would (tests jump near a move, then step).
    #[doc(hidden)]
    pub fn go_to(&mut self, at: usize) {
        self.at = at.min(self.positions());
    }

    /// The verdict on the replay shown, as facts (`None` when none is shown).
    pub fn facts(&self) -> Option<&crate::replay::VerdictFacts> {
        self.loaded.as_ref().map(|r| r.facts())
    }

    /// Says why a replay could not be brought to the viewer (a download that failed, say).
    pub fn show_error(&mut self, why: String) {
        self.error = Some(why);
    }

    /// Why the last replay asked for could not be opened, if it could not.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The index of the last position of the loaded replay (0 when none is loaded).
    #[doc(hidden)]
    pub fn positions(&self) -> usize {
        self.loaded
            .as_ref()
            .map_or(0, |r| r.len().saturating_sub(1))
    }

    /// Opens the replay the platform keeps as `path` (a file on the desktop).
    pub fn open_path(&mut self, path: &str, platform: &dyn Platform) {
        match platform.read_replay(path) {
            Ok(bytes) => self.open_bytes(&bytes, path.to_string()),
            Err(e) => self.error = Some(e),
        }
    }

    /// Opens a replay from its bytes (a file read, dropped or downloaded); `source` says where
    /// it came from.
    pub fn open_bytes(&mut self, bytes: &[u8], source: String) {
        match load_any(bytes, source) {
            Ok(r) => self.set(r),
            Err(e) => self.error = Some(e),
        }
    }

    /// Records a simulated 3-player game of Fall (signed, with the real seed and beacon) and
    /// opens it.
    pub fn open_sample(&mut self) {
        self.open_sample_of(GameKind::Fall);
    }

    /// Records a simulated game of `game` with its default options (3 players, or as near as
    /// the game allows) and opens it.
    pub fn open_sample_of(&mut self, game: GameKind) {
        self.sample_seed += 1;
        let seed = self.sample_seed;
        let players = 3u8.clamp(*game.players().start(), *game.players().end());
        let bytes = with_entry!(game, E, {
            type G = <E as GameEntry>::G;
            replay::sample::<G>(&<G as Game>::Options::default(), players, seed)
        });
        match bytes.and_then(|b| load_any(&b, format!("sample game of {} #{seed}", game.title()))) {
            Ok(r) => self.set(r),
            Err(e) => self.error = Some(e),
        }
    }

    /// Opens a replay dropped on the window or chosen in the platform's file chooser.
    fn take_files(&mut self, ui: &Ui, platform: &dyn Platform) {
        match platform.picked_replay() {
            Some(Ok((name, bytes))) => self.open_bytes(&bytes, name),
            Some(Err(why)) => self.error = Some(why),
            None => {}
        }
        let dropped = ui.input(|i| i.raw.dropped_files.clone());
        for f in dropped {
            let name = f.path().display().to_string();
            // A browser reads a dropped file only asynchronously: the platform does, and the
            // bytes come back through `picked_replay`.
            #[cfg(target_arch = "wasm32")]
            if !platform.read_dropped(f) {
                self.error = Some(format!("{name}: could not be read"));
            }
            #[cfg(not(target_arch = "wasm32"))]
            match f.bytes() {
                Ok(bytes) => self.open_bytes(&bytes, name),
                Err(e) => self.error = Some(format!("{name}: could not be read: {e}")),
            }
        }
    }

    /// Draws the viewer, opening replays through `platform`; returns true to go back to the
    /// menu.
    pub fn ui(&mut self, ui: &mut Ui, platform: &dyn Platform) -> bool {
        let mut back = false;
        egui::Panel::top("replay_top")
            .frame(theme::panel_frame().fill(theme::STONE_DARK))
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    if ui.button("Menu").clicked() {
                        back = true;
                    }
                    ui.label(theme::heading("Replays"));
                    ui.separator();
                    if platform.opens_by_name() {
                        ui.add(
                            egui::TextEdit::singleline(&mut self.path)
                                .hint_text("path to a .replay file")
                                .desired_width(320.0),
                        );
                        if ui.button("Open").clicked() {
                            let p = self.path.trim().to_string();
                            self.open_path(&p, platform);
                        }
                    } else if ui.button("Open a file…").clicked() && !platform.pick_replay() {
                        self.error = Some("the file chooser could not be opened".into());
                    }
                    if ui
                        .button("Open sample game")
                        .tip(
                            "Record a simulated 3-player game, signed and verified like a real one",
                        )
                        .clicked()
                    {
                        self.open_sample();
                    }
                });
                ui.label(theme::caption(
                    "Or drop a .replay file on this window: it is verified (signatures, seed, \
                     beacon, every state hash) before it is shown.",
                ));
                self.take_files(ui, platform);
                if let Some(e) = &self.error {
                    ui.label(RichText::new(e).color(theme::DANGER));
                }
                if let Some(r) = &self.loaded {
                    let (text, colour) = match r.verdict() {
                        Ok(s) => (s.clone(), theme::TARGET),
                        Err(e) => (e.clone(), theme::DANGER),
                    };
                    ui.horizontal(|ui| {
                        ui.label(theme::heading(r.title()));
                        ui.label(RichText::new(text).color(colour).strong());
                        ui.label(theme::caption(r.source().to_string()));
                    });
                    let last = r.len().saturating_sub(1);
                    let now = ui.input(|i| i.time);
                    // The keys: left and right step, space plays or pauses (not while typing
                    // a path).
                    let (left, right, space) = if ui.ctx().egui_wants_keyboard_input() {
                        (false, false, false)
                    } else {
                        ui.input(|i| {
                            (
                                i.key_pressed(egui::Key::ArrowLeft),
                                i.key_pressed(egui::Key::ArrowRight),
                                i.key_pressed(egui::Key::Space),
                            )
                        })
                    };
                    ui.horizontal(|ui| {
                        let first = ui.button("First").clicked();
                        let previous = ui.button("Previous").tip("Left arrow").clicked() || left;
                        let label = if self.autoplay.playing() {
                            "Pause"
                        } else {
                            "Play"
                        };
                        let play = ui
                            .add(theme::primary_button(label))
                            .tip("Space: step through the moves by itself")
                            .clicked()
                            || space;
                        let next = ui.button("Next").tip("Right arrow").clicked() || right;
                        let end = ui.button("Last").clicked();
                        if first {
                            self.at = 0;
                        }
                        if previous {
                            self.at = self.at.saturating_sub(1);
                        }
                        if next {
                            self.at = (self.at + 1).min(last);
                        }
                        if end {
                            self.at = last;
                        }
                        if first || previous || next || end {
                            // A step by hand stops autoplay.
                            self.autoplay.stop();
                        } else if play {
                            // Play at the end starts again from the beginning.
                            if self.at >= last && !self.autoplay.playing() {
                                self.at = 0;
                            }
                            self.autoplay.toggle(now);
                        }
                        let speed = self.autoplay.speed();
                        ui.label(theme::caption("moves a second:"));
                        for (i, s) in SPEEDS.iter().enumerate() {
                            if ui
                                .selectable_label(*s == speed, s.to_string())
                                .tip(format!("Play {s} moves a second"))
                                .clicked()
                            {
                                self.autoplay.set_speed(i);
                            }
                        }
                        if let Some(wait) = self.autoplay.tick(now, &mut self.at, last) {
                            ui.ctx()
                                .request_repaint_after(std::time::Duration::from_secs_f64(wait));
                        }
                        let label =
                            ui.label(RichText::new(format!("Move {} of {last}", self.at)).strong());
                        ui.spacing_mut().slider_width = (ui.available_width() - 40.0).max(120.0);
                        ui.add(egui::Slider::new(&mut self.at, 0..=last).show_value(false))
                            .labelled_by(label.id);
                    });
                }
            });
        let Some(r) = self.loaded.as_mut() else {
            egui::CentralPanel::default_margins().show(ui, |ui| {
                ui.add_space(40.0);
                let files = self
                    .files
                    .get_or_insert_with(|| platform.recent_replays())
                    .clone();
                let mut open = None;
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new("Open a replay file, or a sample game").size(20.0).color(PARCHMENT_DIM));
                    if !files.is_empty() {
                        ui.add_space(10.0);
                        ui.label(theme::heading("Your recent games"));
                        for f in &files {
                            let name = f.rsplit(['/', '\\']).next().unwrap_or(f);
                            if ui.button(name).clicked() {
                                open = Some(f.clone());
                            }
                        }
                    }
                    ui.label(theme::caption(
                        "Every networked game writes a replay that anyone can verify offline: signatures, seed and every state hash.",
                    ));
                });
                if let Some(f) = open {
                    self.path = f.clone();
                    self.open_path(&f, platform);
                }
            });
            return back;
        };
        let Some((text, _)) = r.step(self.at) else {
            return back;
        };
        let text = text.map(str::to_string);
        egui::Panel::right("replay_log")
            .default_size(320.0)
            .frame(theme::panel_frame())
            .show(ui, |ui| {
                ui.label(theme::heading("Moves"));
                match &text {
                    Some(t) => ui.label(RichText::new(t).color(GOLD)),
                    None => ui.label(theme::caption("Start of play")),
                };
                ui.separator();
                let jump = (self.scrolled != Some(self.at)).then_some(self.at as u32);
                self.scrolled = Some(self.at);
                move_log(ui, &self.log, Some(self.at as u32), jump);
            });
        let at = self.at;
        if self.arrived != Some(at) {
            r.arrive(self.arrived, at);
            self.arrived = Some(at);
        }
        egui::CentralPanel::no_frame().show(ui, |ui| r.show(ui, at));
        back
    }
}
