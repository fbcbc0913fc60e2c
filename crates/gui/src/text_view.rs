//! A board view for any game: the game's own plain-text picture of what the viewer may see
//! ([`Game::text_view`]) and one button per legal action. Games without a painted board (the toy
//! game) use it; it needs nothing but the engine.

use super::theme;
use super::view::GameView;
use dwarfs_engine::{Game, Viewer};
use egui::{RichText, Ui};
use std::marker::PhantomData;

/// The text view of game `G`.
pub struct TextView<G: Game>(PhantomData<G>);

impl<G: Game> Default for TextView<G> {
    fn default() -> Self {
        TextView(PhantomData)
    }
}

impl<G: Game> GameView for TextView<G> {
    type G = G;

    fn show(
        &mut self,
        ui: &mut Ui,
        game: &G,
        viewer: Viewer,
        legal: &[G::Action],
    ) -> Vec<G::Action> {
        let mut picked = Vec::new();
        egui::ScrollArea::vertical()
            .id_salt("text_view")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.label(RichText::new(game.text_view(viewer)).monospace());
                if !legal.is_empty() {
                    ui.separator();
                    ui.label(theme::heading("Your move"));
                    for a in legal {
                        if ui.button(game.describe(a)).clicked() {
                            picked.push(a.clone());
                        }
                    }
                }
            });
        picked
    }

    fn reset(&mut self) {}
}
