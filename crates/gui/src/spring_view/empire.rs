//! Each empire board: treasury, production lines, the action spots (with the dwarfs on them),
//! the bastion, the dragons nest with exhaust tokens, and the heroes deck. Only the acting
//! viewer's board lights spots and dragons.

use super::clicks::{Effect, Pick, Target, on_click};
use super::words::{
    dragon_label, dragon_spot_label, expedition_spot_label, faerie_spot_label, fortress_label,
    line_label, train_label,
};
use super::{SpringView, label};
use crate::theme::{self, DANGER, GOLD, PARCHMENT, PARCHMENT_DIM, STONE_DARK, TARGET};
use crate::tips::Tip;
use crate::words::count;
use dwarfs_spring::SpringAction;
use dwarfs_spring::data::{EXHAUST_TOKENS, LINE_LEN, LINE_REVEALS, Resource};
use dwarfs_spring::state::{BoardSpot, Empire, hero_name};
use dwarfs_spring::view::SpringView as Obs;
use dwarfs_spring::{colour, dragon};
use egui::{Align2, FontId, RichText, Sense, Stroke, StrokeKind, Ui, vec2};

/// One spot of a board: a small painted button, lit when a click does something.
fn spot(
    ui: &mut Ui,
    label_text: String,
    text: &str,
    used: Option<egui::Color32>,
    lit: bool,
    chosen: bool,
) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(vec2(80.0, 40.0), Sense::click());
    let p = ui.painter();
    let fill = if resp.hovered() && lit {
        theme::STONE_HOVER
    } else {
        STONE_DARK
    };
    p.rect_filled(rect, 4.0, fill);
    p.text(
        rect.center() - vec2(0.0, 6.0),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(11.0),
        PARCHMENT,
    );
    if let Some(c) = used {
        p.circle_filled(rect.center() + vec2(0.0, 10.0), 6.0, c);
        p.circle_stroke(
            rect.center() + vec2(0.0, 10.0),
            6.0,
            Stroke::new(1.0, PARCHMENT),
        );
    }
    if lit {
        p.rect_stroke(rect, 4.0, Stroke::new(2.5, TARGET), StrokeKind::Inside);
    }
    if chosen {
        p.rect_stroke(rect, 4.0, Stroke::new(2.5, GOLD), StrokeKind::Inside);
    }
    label(&resp, label_text);
    resp
}

/// Draws every empire board, the viewer's first.
pub(super) fn boards(
    view: &mut SpringView,
    ui: &mut Ui,
    obs: &Obs,
    me: Option<u8>,
    legal: &[SpringAction],
    picked: &mut Vec<SpringAction>,
) {
    let mut order: Vec<u8> = (0..obs.empires.len() as u8).collect();
    if let Some(m) = me {
        order.sort_by_key(|&s| s != m);
    }
    for seat in order {
        let e = &obs.empires[seat as usize];
        // Only the acting viewer's own board is interactive (`legal` is theirs).
        let mine = Some(seat) == me && !legal.is_empty();
        theme::card_frame().show(ui, |ui| {
            board(
                view,
                ui,
                obs,
                (seat, Some(seat) == me),
                e,
                if mine { legal } else { &[] },
                picked,
            );
        });
        ui.add_space(4.0);
    }
}

/// One empire board; `you` marks the viewer's own.
fn board(
    view: &mut SpringView,
    ui: &mut Ui,
    obs: &Obs,
    (seat, you): (u8, bool),
    e: &Empire,
    legal: &[SpringAction],
    picked: &mut Vec<SpringAction>,
) {
    let mut effect: Option<Effect> = None;
    let mut click = |resp: egui::Response, e: Option<Effect>| {
        if resp.clicked()
            && let Some(e) = e
        {
            effect = Some(e);
        }
    };
    let dwarf = |used: bool| used.then_some(theme::seat_colour(seat as usize));
    ui.horizontal_wrapped(|ui| {
        theme::dot(ui, theme::seat_colour(seat as usize), 7.0);
        ui.label(theme::heading(colour(seat)));
        if you {
            ui.label(theme::caption("(you)"));
        }
        ui.label(format!(
            "{} food · {} wood · {} gold · {} · {} · {}",
            e.res[0],
            e.res[1],
            e.res[2],
            count(
                obs.hand_sizes.get(seat as usize).copied().unwrap_or(0),
                "faerie",
                "faeries"
            ),
            count(e.successes, "success", "successes"),
            count(e.defeated, "monster", "monsters")
        ));
    });
    // Production lines: built settlements and what the revealed spots produce.
    ui.horizontal_wrapped(|ui| {
        for line in Resource::ALL {
            let built = e.built[line.index()];
            let produce: u8 = LINE_REVEALS[line.index()][..built as usize].iter().sum();
            let t = Target::Line(line);
            let eff = on_click(&view.pick, legal, t);
            let text = format!("{} {}/{} (+{produce})", line.name(), built, LINE_LEN);
            let used = e.used
                & [
                    BoardSpot::BuildFood,
                    BoardSpot::BuildWood,
                    BoardSpot::BuildGold,
                ][line.index()]
                .bit()
                != 0;
            let r = spot(
                ui,
                line_label(seat, line),
                &text,
                dwarf(used),
                eff.is_some(),
                view.pick == Some(Pick::Line(line)) && !legal.is_empty(),
            )
            .tip(format!(
                "Build the leftmost settlement of the {} line next to your buildings or dwarfs \
                 (at setup: on any free spot); each era the line produces what its built \
                 settlements reveal",
                line.name()
            ));
            click(r, eff);
        }
        let eff = on_click(&view.pick, legal, Target::FortressSpot);
        let text = match e.fortress {
            Some(_) => "fortress built".to_string(),
            None => "fortress 7/7/7".to_string(),
        };
        let r = spot(
            ui,
            fortress_label(seat),
            &text,
            dwarf(e.used & BoardSpot::Fortress.bit() != 0),
            eff.is_some(),
            view.pick == Some(Pick::Fortress) && !legal.is_empty(),
        )
        .tip(
            "Build the fortress for 7 food, 7 wood and 7 gold: 5 VP, one more dragon in the \
             nest, immune to faeries and monsters",
        );
        click(r, eff);
    });
    ui.horizontal_wrapped(|ui| {
        let eff = on_click(&view.pick, legal, Target::FaerieSpot);
        let r = spot(
            ui,
            faerie_spot_label(seat),
            "summon faerie",
            dwarf(e.used & BoardSpot::Faerie.bit() != 0),
            eff.is_some(),
            false,
        )
        .tip("Summon a faerie card (at most 5 in hand)");
        click(r, eff);
        for (s, bs) in [(0u8, BoardSpot::Dragon1), (1, BoardSpot::Dragon2)] {
            let eff = on_click(&view.pick, legal, Target::DragonSpot(s));
            let chosen = matches!(&view.pick, Some(Pick::Dragons { spot, .. }) if *spot == s)
                && !legal.is_empty();
            let r = spot(
                ui,
                dragon_spot_label(seat, s),
                &format!("dragons {}", s + 1),
                dwarf(e.used & bs.bit() != 0),
                eff.is_some(),
                chosen,
            )
            .tip(if s == 0 {
                "Command one or two ready dragons (each takes an exhaust token)"
            } else {
                "Command one or two ready dragons, after the first dragon spot: +1 faerie \
                 power this era"
            });
            click(r, eff);
        }
        for (s, bs) in [(0u8, BoardSpot::Expedition1), (1, BoardSpot::Expedition2)] {
            let eff = on_click(&view.pick, legal, Target::ExpeditionSpot(s));
            let r = spot(
                ui,
                expedition_spot_label(seat, s),
                &format!("expedition {}", s + 1),
                dwarf(e.used & bs.bit() != 0),
                eff.is_some(),
                view.pick == Some(Pick::Expedition(s)) && !legal.is_empty(),
            )
            .tip(if s == 0 {
                "Fulfil a quest of the expedition area"
            } else {
                "Fulfil a quest of the expedition area, then you may remove a card from your \
                 heroes deck"
            });
            click(r, eff);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Bastion: {}", e.bastion));
        for _ in 0..e.bastion {
            theme::dot(ui, theme::seat_colour(seat as usize), 4.0);
        }
        if e.idle > 0 {
            ui.label(format!("· idle {}", e.idle));
        }
        ui.label(format!(
            "· exhaust tokens {} of {EXHAUST_TOKENS} · faerie power {}",
            e.tokens(),
            e.faerie_power()
        ));
    });
    // The nest.
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Nest ({}/{}):", e.nest.len(), e.nest_limit()));
        for d in &e.nest {
            let eff = on_click(&view.pick, legal, Target::Dragon(d.dragon));
            let chosen = matches!(&view.pick, Some(Pick::Dragons { chosen, .. }) if chosen.contains(&d.dragon))
                && !legal.is_empty();
            let (rect, resp) = ui.allocate_exact_size(vec2(118.0, 26.0), Sense::click());
            let p = ui.painter();
            p.rect_filled(rect, 4.0, theme::STONE);
            p.text(
                rect.left_center() + vec2(6.0, 0.0),
                Align2::LEFT_CENTER,
                format!("{} L{}", dragon(d.dragon), d.level),
                FontId::proportional(11.5),
                PARCHMENT,
            );
            if d.exhausted {
                p.circle_filled(rect.right_center() - vec2(10.0, 0.0), 6.0, DANGER);
            }
            if eff.is_some() {
                p.rect_stroke(rect, 4.0, Stroke::new(2.5, TARGET), StrokeKind::Inside);
            }
            if chosen {
                p.rect_stroke(rect, 4.0, Stroke::new(2.5, GOLD), StrokeKind::Inside);
            }
            label(&resp, dragon_label(d.dragon));
            let resp = resp.tip(if d.exhausted { "exhausted" } else { "ready" });
            click(resp, eff);
            let eff = on_click(&view.pick, legal, Target::Train(d.dragon));
            if eff.is_some() {
                let r = ui.small_button(train_label(d.dragon));
                click(r, eff);
            }
        }
    });
    let heroes: Vec<String> = (0..64u8)
        .filter(|&i| e.heroes >> i & 1 == 1)
        .map(hero_name)
        .collect();
    ui.label(
        RichText::new(format!(
            "Heroes deck ({}): {}",
            heroes.len(),
            heroes.join(", ")
        ))
        .small()
        .color(PARCHMENT_DIM),
    );
    match effect {
        Some(Effect::Play(a)) => picked.push(a),
        Some(Effect::Pick(p)) => view.pick = p,
        None => {}
    }
}
