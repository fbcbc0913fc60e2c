//! The panels around the board: the week and the castle's danger, what to do now (stop buttons,
//! a card's choices, the hand being chosen), the Music Hall, the Hero Pool and every player
//! board.

use super::words::{
    self, CHOOSE_HAND, colour, done_label, hero_text, home_label, instrument_label, legend_text,
    monster_name, pick_label, pool_label, seat_rgb,
};
use super::{Foe, Sel, WinterView, fight_choices, instrument_action, pool_action};
use crate::theme::{self, GOLD, PARCHMENT_DIM};
use crate::tips::Tip;
use crate::widgets::chip;
use crate::words::{capital, count};
use dwarfs_engine::{Actor, Seat, Viewer};
use dwarfs_winter::data::{DISASTER_LIMIT, MonsterAbility, POOL_COST, RESOURCE_CAP};
use dwarfs_winter::view::WinterView as Obs;
use dwarfs_winter::{
    Card, DwarfKind, Instrument, MonsterId, Resource, Stage, Winter, WinterAction, Zone, ZoneType,
};
use egui::{Color32, RichText, Stroke, Ui, vec2};

/// The colour of an instrument's cards.
pub(super) fn music_fill(i: Instrument) -> Color32 {
    match i {
        Instrument::Drums => Color32::from_rgb(0x3a, 0x5e, 0x34),
        Instrument::Horn => Color32::from_rgb(0x3a, 0x4c, 0x6e),
        Instrument::Flute => Color32::from_rgb(0x7a, 0x66, 0x2c),
        Instrument::Harp => Color32::from_rgb(0x5e, 0x3e, 0x6e),
    }
}

/// The zone types whose instrument `i` is.
fn instrument_zones(i: Instrument) -> String {
    let types: Vec<&str> = [
        ZoneType::Castle,
        ZoneType::Wall,
        ZoneType::Field,
        ZoneType::Forest,
        ZoneType::Mine,
    ]
    .into_iter()
    .filter(|t| t.instrument() == i)
    .map(ZoneType::name)
    .collect();
    types.join(", ")
}

/// How close the castle is to falling, in words, and how alarming that is (0 calm, 1 close,
/// 2 about to fall).
pub(super) fn danger(obs: &Obs) -> (String, u8) {
    let disasters = obs.board.disasters.count_ones() as u8;
    let nearest = obs.monsters().min_by_key(|(m, z)| (z.distance(), m.0));
    let left = DISASTER_LIMIT.saturating_sub(disasters);
    let d_text = format!(
        "{disasters} of {DISASTER_LIMIT} disasters active{}",
        if left == 0 {
            " — the castle falls at the end of the week unless one is overcome!".to_string()
        } else {
            format!(" ({left} more at the end of a week and the castle falls)")
        }
    );
    let (m_text, m_level) = match nearest {
        None => ("no monster on the board".to_string(), 0),
        Some((m, z)) if z == Zone::CASTLE => (
            format!(
                "the {} is INSIDE THE CASTLE — defeat it this week or everyone loses!",
                monster_name(m)
            ),
            2,
        ),
        Some((m, z)) => (
            format!(
                "nearest monster: the {} in {}, {} from the castle",
                monster_name(m),
                z.name(),
                count(z.distance(), "step", "steps")
            ),
            match z.distance() {
                1 => 2,
                2 => 1,
                _ => 0,
            },
        ),
    };
    let d_level = match left {
        0 | 1 => 2,
        2 => 1,
        _ => 0,
    };
    (format!("Castle: {d_text} · {m_text}"), d_level.max(m_level))
}

/// The week, the phase and the castle's danger.
pub(super) fn banner(ui: &mut Ui, obs: &Obs) {
    let stage = obs.week.stage;
    let mut head = format!(
        "Week {} of {} · {} · first player {}",
        obs.week.week,
        dwarfs_winter::data::WEEKS,
        words::stage_name(&stage),
        colour(obs.week.first)
    );
    if let Stage::Music(m) = stage {
        head.push_str(&format!(
            " · {} plays the {}",
            colour(m.leader),
            m.instrument.name()
        ));
    }
    ui.label(theme::heading(head));
    let (text, level) = danger(obs);
    let c = match level {
        2 => theme::DANGER,
        1 => GOLD,
        _ => PARCHMENT_DIM,
    };
    let text = if level == 2 {
        format!("DANGER! {text}")
    } else {
        text
    };
    ui.label(RichText::new(text).color(c).strong());
}

/// What to do now: the picked dwarf or card and its choices, the hand being chosen, the stop
/// buttons.
pub(super) fn actions(
    view: &mut WinterView,
    ui: &mut Ui,
    obs: &Obs,
    legal: &[WinterAction],
    picked: &mut Vec<WinterAction>,
) {
    let Viewer::Seat(me) = obs.viewer else {
        return;
    };
    if legal.is_empty() {
        let waiting = match obs.to_act {
            Actor::Seat(s) => format!("Waiting for {}.", colour(s)),
            Actor::Simultaneous(set) => {
                let names: Vec<&str> = set.iter().map(colour).collect();
                format!("Waiting for {} to choose a hand.", names.join(", "))
            }
            _ => String::new(),
        };
        ui.label(theme::caption(waiting));
        return;
    }
    ui.label(theme::heading("Your move"));
    if super::picking(legal) {
        let p = &obs.players[me.index()];
        ui.label(theme::caption(format!(
            "Pick {} cards of your action deck for this week's hand, one click each ({} picked).",
            p.hand_size.min(p.deck_size()),
            p.hand.count_ones()
        )));
        return;
    }
    if super::preparing(legal) {
        let p = &obs.players[me.index()];
        let need = p.hand_size.min(p.deck_size());
        let have = view.hand.count_ones();
        ui.label(theme::caption(format!(
            "Pick {need} cards of your action deck for this week's hand ({have} picked). The \
             others cannot see it."
        )));
        ui.horizontal(|ui| {
            let a = WinterAction::ChooseHand(view.hand);
            if ui
                .add_enabled(legal.contains(&a), egui::Button::new(CHOOSE_HAND))
                .clicked()
            {
                picked.push(a);
            }
            if have > 0 && ui.button("Clear the hand").clicked() {
                view.hand = 0;
            }
        });
        return;
    }
    if let Stage::Music(m) = obs.week.stage {
        let text = match m.effect {
            Some(e) => format!(
                "{}: move up to {} more (click a lit dwarf, then a lit zone), or stop.",
                e.card.name(),
                count(e.left, "dwarf", "dwarfs")
            ),
            None => format!(
                "{}'s music: the {}. Click a lit {} card of your hand to play it.",
                colour(m.leader),
                m.instrument.name(),
                m.instrument.name()
            ),
        };
        ui.label(theme::caption(text));
    }
    match view.effective(legal) {
        Sel::Home(k) => {
            ui.label(theme::caption(format!(
                "Picked: {} from your board — click a lit zone to place it.",
                words::dwarf_name(k)
            )));
        }
        Sel::Dwarf(o, k, z) => {
            ui.label(theme::caption(format!(
                "Picked: {}'s {} in {} — click a lit adjacent zone to move it.",
                colour(o),
                k.name(),
                z.name()
            )));
        }
        Sel::Card(c) => {
            ui.label(theme::caption(format!("How to play {}?", c.name())));
            ui.horizontal_wrapped(|ui| {
                for a in legal {
                    if let WinterAction::PlayCard { card, pick } = a
                        && *card == c
                        && ui.button(pick_label(*pick, &obs.decks.pool)).clicked()
                    {
                        picked.push(*a);
                    }
                }
            });
        }
        Sel::Foe(f) => {
            let name = match f {
                Foe::Monster(m) => format!("the {}", monster_name(m)),
                Foe::Disaster(d) => d.name().to_string(),
            };
            ui.label(theme::caption(format!(
                "Who goes home after taking on {name}?"
            )));
            ui.horizontal_wrapped(|ui| {
                for a in fight_choices(legal, f) {
                    if ui.button(words::fight_label(&a)).clicked() {
                        picked.push(a);
                    }
                }
            });
        }
        Sel::None => {}
    }
    ui.horizontal(|ui| {
        if legal.contains(&WinterAction::Done)
            && ui.button(done_label(&obs.week.stage, me)).clicked()
        {
            picked.push(WinterAction::Done);
        }
        if view.sel != Sel::None && ui.button("Cancel").clicked() {
            view.sel = Sel::None;
        }
    });
    ui.add_space(6.0);
}

/// The Music Hall: who played each instrument this week; a click on a lit one plays it.
pub(super) fn music_hall(
    ui: &mut Ui,
    obs: &Obs,
    legal: &[WinterAction],
    picked: &mut Vec<WinterAction>,
) {
    ui.label(theme::heading("Music Hall"));
    let silenced = |i: Instrument| {
        obs.monsters().any(|(m, z)| {
            m.card().kind.ability() == MonsterAbility::SilenceInstrument
                && z.kind().instrument() == i
        })
    };
    ui.horizontal_wrapped(|ui| {
        for i in Instrument::ALL {
            let action = instrument_action(legal, i);
            let state = match obs.board.music_hall[i.index()] {
                Some(s) => format!("played by {}", colour(s)),
                None if silenced(i) => "silenced by a Harpy".into(),
                None => "free".into(),
            };
            let text = format!("{}\n{state}", capital(i.name()));
            let resp = chip(
                ui,
                &text,
                music_fill(i),
                vec2(112.0, 44.0),
                action.is_some(),
                matches!(obs.week.stage, Stage::Music(m) if m.instrument == i),
                instrument_label(i),
            )
            .tip(format!(
                "The {} ({}): play it (1 action, once a turn, with a music token) and everyone \
                 may play {} cards from their hand, you first.",
                i.name(),
                instrument_zones(i),
                i.name()
            ));
            if let Some(a) = action
                && resp.clicked()
            {
                picked.push(a);
            }
        }
    });
    ui.add_space(6.0);
}

/// The Hero Pool with its costs; a click on a lit card acquires it.
pub(super) fn pool(ui: &mut Ui, obs: &Obs, legal: &[WinterAction], picked: &mut Vec<WinterAction>) {
    ui.horizontal(|ui| {
        ui.label(theme::heading("Hero Pool"));
        ui.label(theme::caption(format!(
            "{} heroes left in the pile",
            obs.decks.heroes.count_ones()
        )));
    });
    ui.horizontal_wrapped(|ui| {
        for (slot, card) in obs.decks.pool.iter().enumerate() {
            let slot = slot as u8;
            let cost = POOL_COST[slot as usize];
            let Some(card) = *card else {
                ui.label(theme::caption(format!("slot {}: empty", slot + 1)));
                continue;
            };
            let action = pool_action(legal, slot);
            let d = card.data();
            let text = format!(
                "{} gold\n{}\n{} · {} VP",
                cost,
                card.name(),
                d.music.name(),
                d.vp
            );
            let resp = chip(
                ui,
                &text,
                music_fill(d.music),
                vec2(112.0, 62.0),
                action.is_some(),
                false,
                pool_label(slot, card),
            )
            .tip(format!(
                "Costs {cost} gold and 1 action. {}",
                hero_text(card)
            ));
            if let Some(a) = action
                && resp.clicked()
            {
                picked.push(a);
            }
        }
    });
    ui.add_space(6.0);
}

/// Every player board: resources, tracks, cards, dwarfs at home (the viewer's are picked here
/// to place one), trophies and VP so far.
pub(super) fn players(
    view: &mut WinterView,
    ui: &mut Ui,
    game: &Winter,
    obs: &Obs,
    legal: &[WinterAction],
) {
    ui.label(theme::heading("Player boards"));
    let acting = obs.to_act;
    // The viewer's own board first, then the others in seat order.
    let mut order: Vec<usize> = (0..obs.players.len()).collect();
    order.sort_by_key(|&i| obs.viewer != Viewer::Seat(Seat(i as u8)));
    for (i, p) in order.into_iter().map(|i| (i, &obs.players[i])) {
        let seat = Seat(i as u8);
        let mine = obs.viewer == Viewer::Seat(seat);
        let frame = theme::card_frame().stroke(Stroke::new(
            if acting.includes(seat) { 2.5 } else { 1.0 },
            seat_rgb(seat),
        ));
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                let mut name = colour(seat).to_string();
                if mine {
                    name.push_str(" (you)");
                }
                ui.label(RichText::new(name).strong().color(seat_rgb(seat)));
                if obs.week.first == seat {
                    ui.label(theme::caption("first player"));
                }
                let vp = dwarfs_winter::breakdown(game, p).total();
                ui.label(RichText::new(format!("{vp} VP")).color(GOLD));
            });
            let res: Vec<String> = Resource::ALL
                .iter()
                .map(|r| {
                    let n = p.resource(*r);
                    let star = if n >= RESOURCE_CAP { " (max)" } else { "" };
                    format!("{} {n}/{RESOURCE_CAP}{star}", r.name())
                })
                .collect();
            ui.label(res.join(" · "));
            ui.label(theme::caption(format!(
                "actions {} of {} · hand size {} · action deck {} cards · in hand {} · music \
                 tokens {}",
                p.actions_left,
                p.actions,
                p.hand_size,
                p.deck_size(),
                obs.hand_len.get(i).copied().unwrap_or(0),
                p.tokens
            )));
            if mine {
                ui.horizontal_wrapped(|ui| {
                    ui.label(theme::caption("At home:"));
                    for kind in DwarfKind::ALL {
                        let n = p.home[kind.index()];
                        if n == 0 {
                            continue;
                        }
                        let can = legal.iter().any(
                            |a| matches!(a, WinterAction::Place { kind: k, .. } if *k == kind),
                        );
                        let text = if kind == DwarfKind::Worker {
                            count(n, "dwarf", "dwarfs")
                        } else {
                            kind.name().to_string()
                        };
                        let resp = chip(
                            ui,
                            &text,
                            seat_rgb(seat).gamma_multiply(0.55),
                            vec2(104.0, 28.0),
                            can,
                            can && view.effective(legal) == Sel::Home(kind),
                            home_label(kind),
                        )
                        .tip(format!(
                            "{} Click, then click a lit zone to place it.",
                            legend_text(kind)
                        ));
                        if can && resp.clicked() {
                            view.sel = Sel::Home(kind);
                        }
                    }
                });
            } else {
                let legends: Vec<&str> = DwarfKind::LEGENDS
                    .iter()
                    .filter(|k| p.home[k.index()] > 0)
                    .map(|k| k.name())
                    .collect();
                let mut home = format!("At home: {}", count(p.home[0], "dwarf", "dwarfs"));
                if !legends.is_empty() {
                    home.push_str(&format!(", {}", legends.join(", ")));
                }
                ui.label(theme::caption(home));
            }
            if p.legends != 0 {
                let made: Vec<&str> = DwarfKind::LEGENDS
                    .iter()
                    .filter(|k| p.has_legend(**k))
                    .map(|k| k.name())
                    .collect();
                ui.label(theme::caption(format!(
                    "Legendary dwarfs: {}",
                    made.join(", ")
                )));
            }
            let names = |mask: u64| -> String {
                let v: Vec<&str> = Card::in_mask(mask).map(Card::name).collect();
                if v.is_empty() {
                    "-".into()
                } else {
                    v.join(", ")
                }
            };
            ui.label(theme::caption(format!(
                "Played this week: {}",
                names(p.played)
            )));
            let trophies: Vec<String> = (0..32u8)
                .filter(|b| p.monsters & (1 << b) != 0)
                .map(|b| monster_name(MonsterId(b)))
                .chain(
                    (0..32u8)
                        .filter(|b| p.disasters & (1 << b) != 0)
                        .map(|b| dwarfs_winter::DisasterId(b).name().to_string()),
                )
                .collect();
            if !trophies.is_empty() {
                ui.label(theme::caption(format!(
                    "Defeated and overcome: {}",
                    trophies.join(", ")
                )));
            }
            let heroes: Vec<&str> = Card::in_mask(p.deck)
                .filter(|c| !c.is_starting())
                .map(Card::name)
                .collect();
            if !heroes.is_empty() {
                ui.label(theme::caption(format!("Heroes: {}", heroes.join(", "))));
            }
        });
        ui.add_space(4.0);
    }
}
