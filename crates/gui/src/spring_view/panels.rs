//! The side panels: the buttons of the moment (end turn, stay idle, stop a faerie, keep the
//! heroes, fight or gather after exploring a wildland, command, whose dwarf), the reveal of a fight or gathering card by card, the
//! expedition area, and the viewer's faerie hand.

use super::clicks::{Effect, Pick, Target, on_click};
use super::words::{
    COMMAND, DECLINE, END_TURN, ENGAGE, IDLE, KEEP_HEROES, REVEAL_ALL, STOP_FAERIE, card_label,
    faerie_label, owner_label, remove_label,
};
use super::{Reveal, SpringView, label};
use crate::theme::{self, DANGER, GOLD, PARCHMENT, PARCHMENT_DIM, STONE_LIGHT, TARGET};
use crate::tips::Tip;
use crate::words::count;
use dwarfs_engine::Viewer;
use dwarfs_spring::data::{FAERIE_DATA, MONSTER_DATA, QUEST_DATA, wildland_name};
use dwarfs_spring::state::{exp_name, hero_face, hero_name, is_monster, quest_of};
use dwarfs_spring::view::SpringView as Obs;
use dwarfs_spring::{SpringAction as A, colour, requirement};
use egui::{Align2, FontId, RichText, Sense, Stroke, StrokeKind, Ui, vec2};

/// The buttons of the moment.
pub(super) fn buttons(view: &mut SpringView, ui: &mut Ui, legal: &[A], picked: &mut Vec<A>) {
    if legal.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for (a, text) in [
            (A::EndTurn, END_TURN),
            (A::Idle, IDLE),
            (A::StopFaerie, STOP_FAERIE),
            (A::KeepHeroes, KEEP_HEROES),
            (A::Engage, ENGAGE),
            (A::Decline, DECLINE),
        ] {
            if legal.contains(&a) && ui.add(theme::primary_button(text)).clicked() {
                picked.push(a);
            }
        }
        if let Some(eff) = on_click(&view.pick, legal, Target::Command)
            && ui.add(theme::primary_button(COMMAND)).clicked()
            && let Effect::Play(a) = eff
        {
            picked.push(a);
        }
        if matches!(view.pick, Some(Pick::Swap { .. })) {
            for o in 0..4u8 {
                if let Some(Effect::Play(a)) = on_click(&view.pick, legal, Target::Owner(o))
                    && ui.button(owner_label(o)).clicked()
                {
                    picked.push(a);
                }
            }
        }
        for a in legal {
            if let A::RemoveHero { card } = *a
                && ui.button(remove_label(card)).tip(hero_text(card)).clicked()
            {
                picked.push(*a);
            }
        }
    });
    if view.pick.is_some() && ui.small_button("Cancel the choice").clicked() {
        view.pick = None;
    }
}

/// A heroes-deck card in words: its name and what it shows.
fn hero_text(card: u8) -> String {
    let (axes, packs) = hero_face(card);
    format!("{}: {axes} axes, {packs} backpacks", hero_name(card))
}

/// The last fight or gathering, card by card (one more card every 0.7 s).
pub(super) fn reveal(ui: &mut Ui, reveal: &mut Option<Reveal>) {
    let Some(r) = reveal.as_mut() else {
        return;
    };
    let now = ui.input(|i| i.time);
    let start = *r.start.get_or_insert(now);
    let shown = if r.all {
        r.cards.len()
    } else {
        (((now - start) / 0.7) as usize + 1).min(r.cards.len())
    };
    if shown < r.cards.len() {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(120));
    }
    theme::card_frame().show(ui, |ui| {
        ui.label(theme::heading(format!(
            "{} {} on {}",
            colour(r.seat),
            if r.fight { "fights" } else { "gathers" },
            wildland_name(r.wild as usize)
        )));
        ui.horizontal_wrapped(|ui| {
            for &c in &r.cards[..shown] {
                let (axes, packs) = hero_face(c);
                let (rect, resp) = ui.allocate_exact_size(vec2(86.0, 46.0), Sense::hover());
                let p = ui.painter();
                p.rect_filled(rect, 4.0, STONE_LIGHT);
                p.text(
                    rect.center_top() + vec2(0.0, 12.0),
                    Align2::CENTER_CENTER,
                    hero_name(c).split(" (").next().unwrap_or("?"),
                    FontId::proportional(11.0),
                    PARCHMENT,
                );
                p.text(
                    rect.center_bottom() - vec2(0.0, 12.0),
                    Align2::CENTER_CENTER,
                    format!(
                        "{} · {}",
                        count(axes, "axe", "axes"),
                        count(packs, "pack", "packs")
                    ),
                    FontId::proportional(11.0),
                    GOLD,
                );
                label(&resp, format!("revealed {}", hero_name(c)));
            }
            for _ in shown..r.cards.len() {
                let (rect, _) = ui.allocate_exact_size(vec2(86.0, 46.0), Sense::hover());
                ui.painter().rect_filled(rect, 4.0, theme::STONE);
            }
        });
        if shown == r.cards.len() {
            ui.label(format!(
                "{} · total {}",
                count(r.successes, "success", "successes"),
                if r.fight {
                    count(r.total, "axe", "axes")
                } else {
                    count(r.total, "backpack", "backpacks")
                }
            ));
            if let Some(res) = &r.result {
                ui.label(RichText::new(res).strong().color(GOLD));
            }
        } else if ui.small_button(REVEAL_ALL).clicked() {
            r.all = true;
        }
    });
}

/// The expedition area: six places, quests and monsters.
pub(super) fn expedition(
    view: &mut SpringView,
    ui: &mut Ui,
    obs: &Obs,
    legal: &[A],
    picked: &mut Vec<A>,
) {
    ui.label(theme::heading(format!(
        "Expedition area · {} cards in the deck ({} monsters) · {} faeries in the pile",
        obs.deck_len, obs.deck_monsters, obs.faerie_pile
    )));
    ui.horizontal_wrapped(|ui| {
        for c in obs.decks.area.iter().flatten().copied() {
            let eff = on_click(&view.pick, legal, Target::Card(c));
            let (rect, resp) = ui.allocate_exact_size(vec2(138.0, 58.0), Sense::click());
            let p = ui.painter();
            p.rect_filled(rect, 5.0, STONE_LIGHT);
            let (title, sub, col) = if is_monster(c) {
                let m = MONSTER_DATA[c as usize];
                let at = obs
                    .board
                    .monster_at
                    .iter()
                    .position(|&x| x == Some(c))
                    .map_or("waiting", wildland_name);
                (
                    m.kind.name().to_string(),
                    format!("{} axes · {} VP · {at}", m.axes, m.vp),
                    DANGER,
                )
            } else {
                let q = quest_of(c).unwrap_or(0);
                (
                    format!("Quest {} · {} VP", q + 1, QUEST_DATA[q].vp),
                    requirement(q),
                    PARCHMENT,
                )
            };
            p.text(
                rect.left_top() + vec2(6.0, 5.0),
                Align2::LEFT_TOP,
                title,
                FontId::proportional(12.0),
                col,
            );
            let galley = p.layout(
                sub,
                FontId::proportional(10.5),
                PARCHMENT_DIM,
                rect.width() - 10.0,
            );
            p.galley(rect.left_top() + vec2(6.0, 22.0), galley, PARCHMENT_DIM);
            if eff.is_some() {
                p.rect_stroke(rect, 5.0, Stroke::new(2.5, TARGET), StrokeKind::Inside);
            }
            label(&resp, card_label(c));
            let resp = resp.tip(exp_name(c));
            if resp.clicked()
                && let Some(Effect::Play(a)) = eff
            {
                picked.push(a);
            }
        }
    });
}

/// The viewer's faerie hand (none for a spectator).
pub(super) fn hand(view: &SpringView, ui: &mut Ui, obs: &Obs, legal: &[A], picked: &mut Vec<A>) {
    let Some(hand) = obs.hand else {
        if obs.viewer == Viewer::Spectator {
            ui.label(theme::caption("Spectating: hands are hidden"));
        }
        return;
    };
    ui.label(theme::heading(format!(
        "Your faeries ({})",
        hand.count_ones()
    )));
    ui.horizontal_wrapped(|ui| {
        for card in (0..FAERIE_DATA.len() as u8).filter(|&i| hand >> i & 1 == 1) {
            let kind = FAERIE_DATA[card as usize];
            let eff = on_click(&view.pick, legal, Target::Faerie(card));
            let (rect, resp) = ui.allocate_exact_size(vec2(138.0, 58.0), Sense::click());
            let p = ui.painter();
            p.rect_filled(rect, 5.0, theme::WORK_EVENT);
            p.text(
                rect.left_top() + vec2(6.0, 5.0),
                Align2::LEFT_TOP,
                kind.name(),
                FontId::proportional(12.5),
                PARCHMENT,
            );
            let galley = p.layout(
                kind.text().to_string(),
                FontId::proportional(10.0),
                PARCHMENT_DIM,
                rect.width() - 10.0,
            );
            p.galley(rect.left_top() + vec2(6.0, 22.0), galley, PARCHMENT_DIM);
            if eff.is_some() {
                p.rect_stroke(rect, 5.0, Stroke::new(2.5, TARGET), StrokeKind::Inside);
            }
            label(&resp, faerie_label(card));
            if resp.clicked()
                && let Some(Effect::Play(a)) = eff
            {
                picked.push(a);
            }
        }
    });
}
