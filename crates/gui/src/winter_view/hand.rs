//! The viewer's hand of hero cards (a click on a lit card plays it to the music), or, at the
//! Preparation step, their action deck to choose this week's hand from in secret.

use super::panels::music_fill;
use super::words::{card_label, hero_text};
use super::{Sel, WinterView, card_playable, picking, preparing};
use crate::theme;
use crate::tips::Tip;
use crate::widgets::chip;
use dwarfs_engine::Viewer;
use dwarfs_winter::view::WinterView as Obs;
use dwarfs_winter::{Card, Stage, WinterAction};
use egui::{Ui, vec2};

/// Draws the hand (or the deck to choose from) and collects clicks.
pub(super) fn hand(
    view: &mut WinterView,
    ui: &mut Ui,
    obs: &Obs,
    legal: &[WinterAction],
    picked: &mut Vec<WinterAction>,
) {
    let Viewer::Seat(me) = obs.viewer else {
        ui.label(theme::caption("Spectating: hands are hidden."));
        return;
    };
    let Some(p) = obs.players.get(me.index()) else {
        return;
    };
    let choosing = preparing(legal);
    let solo = picking(legal);
    let (cards, title, note) = if solo {
        (
            p.deck,
            "Your action deck",
            "click a card to take it into your hand (lit cards are still free)",
        )
    } else if choosing {
        (
            p.deck,
            "Your action deck",
            "click cards to put them in your hand or take them out",
        )
    } else if obs.week.stage == Stage::Prepare && p.chosen {
        (p.hand, "Your hand", "chosen; waiting for the others")
    } else {
        (
            p.hand,
            "Your hand",
            "in music, click a lit card of its instrument to play it",
        )
    };
    // The note on a line of its own: beside the title it would widen the whole side column
    // past its width, under the move log.
    ui.label(theme::heading(title));
    ui.label(theme::caption(note));
    ui.horizontal_wrapped(|ui| {
        if cards == 0 {
            ui.label(theme::caption("No cards."));
        }
        for c in Card::in_mask(cards) {
            let d = c.data();
            let clickable = if solo {
                legal.contains(&WinterAction::PickCard(c))
            } else {
                choosing || card_playable(legal, c)
            };
            let selected = if solo {
                p.hand & c.bit() != 0
            } else if choosing {
                view.hand & c.bit() != 0
            } else {
                view.sel == Sel::Card(c)
            };
            let text = format!("{}\n{} · {} VP", c.name(), d.music.name(), d.vp);
            let resp = chip(
                ui,
                &text,
                music_fill(d.music),
                vec2(112.0, 46.0),
                clickable,
                selected,
                card_label(c),
            )
            .tip(hero_text(c));
            if clickable
                && resp.clicked()
                && let Some(a) = view.click_card(legal, c)
            {
                picked.push(a);
            }
        }
    });
    ui.add_space(6.0);
}
