//! The replay viewer: open a replay file (or record a sample game), see whether it verifies, and
//! step or scrub through it with the board shown at any move.

use super::fall_view::FallView;
use super::game_screen::move_log;
use super::replay::{self, LoadedReplay};
use super::table::LogLine;
use super::theme::{self, GOLD, PARCHMENT_DIM};
use super::view::GameView;
use dwarfs_engine::Viewer;
use dwarfs_fall::{Fall, FallOptions};
use egui::{RichText, Ui};

/// The viewer's state.
#[derive(Default)]
pub struct ReplayScreen {
    path: String,
    loaded: Option<LoadedReplay<Fall>>,
    log: Vec<LogLine>,
    at: usize,
    error: Option<String>,
    view: FallView,
    sample_seed: u64,
    /// The move the log was last scrolled to.
    scrolled: Option<usize>,
    /// Replay files found in the replay directory (newest first), once scanned.
    files: Option<Vec<std::path::PathBuf>>,
}

/// The directory games write their replays to (`<data dir>/replays`).
pub(super) fn replay_dir() -> Option<std::path::PathBuf> {
    directories::ProjectDirs::from("", "", "dwarfs").map(|d| d.data_dir().join("replays"))
}

/// `.replay` files in `dir`, newest first (at most 12).
fn list_replays(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<(std::time::SystemTime, std::path::PathBuf)> = rd
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "replay"))
        .map(|p| {
            let t = std::fs::metadata(&p)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (t, p)
        })
        .collect();
    v.sort_by_key(|e| std::cmp::Reverse(e.0));
    v.into_iter().take(12).map(|(_, p)| p).collect()
}

impl ReplayScreen {
    fn set(&mut self, r: LoadedReplay<Fall>) {
        self.log = r
            .positions
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                p.text.as_ref().map(|t| LogLine {
                    seq: i as u32,
                    seat: p.seat,
                    text: t.clone(),
                })
            })
            .collect();
        self.at = 0;
        self.error = None;
        self.view.reset();
        self.loaded = Some(r);
    }

    /// The index of the last position of the loaded replay (0 when none is loaded).
    #[cfg(test)]
    pub fn positions(&self) -> usize {
        self.loaded
            .as_ref()
            .map_or(0, |r| r.positions.len().saturating_sub(1))
    }

    /// Opens the replay file at `path`.
    pub fn open_path(&mut self, path: &str) {
        match std::fs::read(path) {
            Ok(bytes) => match replay::load::<Fall>(&bytes, path.to_string()) {
                Ok(r) => self.set(r),
                Err(e) => self.error = Some(e),
            },
            Err(e) => self.error = Some(format!("{path}: {e}")),
        }
    }

    /// Records a simulated 3-player game (signed, with the real seed and beacon) and opens it.
    pub fn open_sample(&mut self) {
        self.sample_seed += 1;
        let seed = self.sample_seed;
        match replay::sample::<Fall>(&FallOptions::default(), 3, seed)
            .and_then(|b| replay::load::<Fall>(&b, format!("sample game #{seed}")))
        {
            Ok(r) => self.set(r),
            Err(e) => self.error = Some(e),
        }
    }

    /// Draws the viewer; returns true to go back to the menu.
    pub fn ui(&mut self, ui: &mut Ui) -> bool {
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
                    ui.add(
                        egui::TextEdit::singleline(&mut self.path)
                            .hint_text("path to a .replay file")
                            .desired_width(320.0),
                    );
                    if ui.button("Open").clicked() {
                        let p = self.path.trim().to_string();
                        self.open_path(&p);
                    }
                    if ui
                        .button("Open sample game")
                        .on_hover_text(
                            "Record a simulated 3-player game, signed and verified like a real one",
                        )
                        .clicked()
                    {
                        self.open_sample();
                    }
                });
                if let Some(e) = &self.error {
                    ui.label(RichText::new(e).color(theme::DANGER));
                }
                if let Some(r) = &self.loaded {
                    let (text, colour) = match &r.verdict {
                        Ok(s) => (s.clone(), theme::TARGET),
                        Err(e) => (e.clone(), theme::DANGER),
                    };
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(text).color(colour).strong());
                        ui.label(theme::caption(r.source.clone()));
                    });
                    let last = r.positions.len().saturating_sub(1);
                    ui.horizontal(|ui| {
                        if ui.button("First").clicked() {
                            self.at = 0;
                        }
                        if ui.button("Previous").clicked() {
                            self.at = self.at.saturating_sub(1);
                        }
                        if ui.button("Next").clicked() {
                            self.at = (self.at + 1).min(last);
                        }
                        if ui.button("Last").clicked() {
                            self.at = last;
                        }
                        ui.label(RichText::new(format!("Move {} of {last}", self.at)).strong());
                        ui.spacing_mut().slider_width = (ui.available_width() - 40.0).max(120.0);
                        ui.add(egui::Slider::new(&mut self.at, 0..=last).show_value(false));
                    });
                }
            });
        let Some(r) = &self.loaded else {
            egui::CentralPanel::default_margins().show(ui, |ui| {
                ui.add_space(40.0);
                let files = self
                    .files
                    .get_or_insert_with(|| replay_dir().map(|d| list_replays(&d)).unwrap_or_default())
                    .clone();
                let mut open = None;
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new("Open a replay file, or a sample game").size(20.0).color(PARCHMENT_DIM));
                    if !files.is_empty() {
                        ui.add_space(10.0);
                        ui.label(theme::heading("Your recent games"));
                        for f in &files {
                            let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
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
                    let p = f.to_string_lossy().into_owned();
                    self.path = p.clone();
                    self.open_path(&p);
                }
            });
            return back;
        };
        let Some(pos) = r.positions.get(self.at) else {
            return back;
        };
        egui::Panel::right("replay_log")
            .default_size(320.0)
            .frame(theme::panel_frame())
            .show(ui, |ui| {
                ui.label(theme::heading("Moves"));
                match &pos.text {
                    Some(t) => ui.label(RichText::new(t).color(GOLD)),
                    None => ui.label(theme::caption("Start of play")),
                };
                ui.separator();
                let jump = (self.scrolled != Some(self.at)).then_some(self.at as u32);
                self.scrolled = Some(self.at);
                move_log::<FallView>(ui, &self.log, Some(self.at as u32), jump);
            });
        egui::CentralPanel::no_frame().show(ui, |ui| {
            ui.label(theme::caption(format!(
                "  {}",
                FallView::prompt(&pos.state, Viewer::Spectator)
            )));
            let _ = self.view.show(ui, &pos.state, Viewer::Spectator, &[]);
        });
        back
    }
}

#[cfg(test)]
mod tests {
    use super::list_replays;

    #[test]
    fn recent_replays_are_the_replay_files_of_the_directory() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("fall-1.replay"), b"x").unwrap();
        std::fs::write(dir.path().join("notes.txt"), b"x").unwrap();
        std::fs::write(dir.path().join("fall-2.replay"), b"x").unwrap();
        let found = list_replays(dir.path());
        let mut names: Vec<String> = found
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["fall-1.replay", "fall-2.replay"]);
        assert!(list_replays(&dir.path().join("missing")).is_empty());
    }
}
