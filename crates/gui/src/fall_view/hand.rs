//! The viewer's hand: kingdom cards, dwarfs, gems, ogres, the secret goal, the 3rd edition's
//! campfire row, and buttons for the staged choices that are not cells.

use super::paint::*;
use super::{FallView, Selection, colour_of, secret_vp};
use crate::theme::{self, GOLD, PARCHMENT, PARCHMENT_DIM};
use crate::tips::Tip;
use crate::view::GameView;
use dwarfs_engine::Game;
use dwarfs_fall::rules_text::{capital, card_text, class_cost, class_text, gem_text, ogre_text};
use dwarfs_fall::{
    Class, Colour, Dir, Edition, Fall, FallAction, Gem, HandCard, Observation, OgreKind, PlayerView,
};
use egui::{RichText, Stroke, Ui};

impl FallView {
    pub(super) fn hand(
        &mut self,
        ui: &mut Ui,
        game: &Fall,
        obs: &Observation,
        legal: &[FallAction],
        picked: &mut Vec<FallAction>,
    ) {
        let Some(seat) = Self::seat_of(obs.viewer) else {
            ui.label(theme::caption("Spectating: hands are hidden."));
            return;
        };
        let Some(me) = obs.players.get(seat.index()) else {
            return;
        };
        let can = |a: &FallAction| legal.contains(a);
        let third = game.options().edition == Edition::Third;
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("Your hand ({})", me.colour))
                    .strong()
                    .color(colour_of(me.colour)),
            );
            ui.separator();
            for &k in &me.kingdom_cards {
                let legal_card = can(&FallAction::ChooseCard(k));
                let selected = self.selection == Selection::Card(k);
                let d = k.data();
                let text = RichText::new(capital(d.name)).color(if legal_card {
                    PARCHMENT
                } else {
                    PARCHMENT_DIM
                });
                let b = egui::Button::selectable(selected, text)
                    .fill(face_of(d.card_type).gamma_multiply(0.8))
                    .stroke(if selected {
                        Stroke::new(3.0, GOLD)
                    } else {
                        Stroke::new(2.0, colour_of(me.colour))
                    });
                let resp = ui
                    .add_enabled(legal_card || selected, b)
                    .tip(card_text(k))
                    .tip_disabled(card_text(k));
                if resp.clicked() {
                    if selected {
                        self.reset();
                    } else {
                        self.select_card(game, k);
                    }
                }
            }
            // The rulebook lets a card lie any way: turn the selected card before placing it.
            if let Selection::Card(k) = self.selection
                && k.orientations() > 1
            {
                ui.separator();
                let open = open_sides(k, self.turns);
                let sides: Vec<&str> = Dir::ALL
                    .into_iter()
                    .filter(|d| open[*d as usize])
                    .map(|d| d.name())
                    .collect();
                if ui
                    .button("Turn card")
                    .tip("Turn the card a quarter turn clockwise before placing it")
                    .clicked()
                {
                    self.turns = (self.turns + 1) % k.orientations();
                }
                ui.label(theme::caption(format!("open: {}", sides.join(", "))));
            }
        });
        ui.horizontal_wrapped(|ui| {
            let place = legal.iter().any(|a| matches!(a, FallAction::PlaceDwarf(_)));
            let sel = self.selection == Selection::PlaceDwarf;
            let resp = ui.add_enabled(
                place || sel,
                egui::Button::selectable(
                    sel,
                    RichText::new(format!(
                        "Place a dwarf ({} in {})",
                        me.dwarfs_in_pile,
                        if third { "campfire" } else { "pile" }
                    ))
                    .color(colour_of(me.colour)),
                ),
            );
            if resp.clicked() {
                self.selection = if sel {
                    Selection::None
                } else {
                    Selection::PlaceDwarf
                };
            }
            ui.separator();
            // Gems.
            if let Some(gems) = me.gems {
                for g in Gem::ALL {
                    let n = gems[g as usize];
                    theme::gem(ui, gem_colour(g), 16.0).tip(gem_text(g));
                    ui.label(format!("{n} {}", g.name()));
                    let d = FallAction::Discard(HandCard::Gem(g));
                    if can(&d) && ui.button(format!("Discard {}", g.name())).clicked() {
                        picked.push(d);
                    }
                }
            }
            ui.separator();
            // Ogres.
            if let Some(ogres) = me.ogres {
                for o in OgreKind::ALL {
                    let n = ogres[o as usize];
                    if n == 0 {
                        continue;
                    }
                    ui.label(format!("{n}× {}", o.name())).tip(ogre_text(o));
                    let play = FallAction::PlayOgre(o);
                    if can(&play)
                        && ui
                            .button(format!("Play {}", o.name()))
                            .tip(ogre_text(o))
                            .clicked()
                    {
                        self.reset();
                        picked.push(play);
                    }
                    let d = FallAction::Discard(HandCard::Ogre(o));
                    if can(&d) && ui.button(format!("Discard {}", o.name())).clicked() {
                        picked.push(d);
                    }
                }
                if ogres.iter().all(|&n| n == 0) {
                    ui.label(theme::caption("no ogres"));
                }
            }
        });
        if third {
            self.third_edition_row(ui, game, me, legal, picked);
        }
        // Staged choices that are not cells: players, dwarf colours, ending actions.
        ui.horizontal_wrapped(|ui| {
            if let Some(g) = me.secret_goal {
                ui.label(RichText::new(format!("Secret goal: {}", g.name())).color(GOLD))
                    .tip(format!(
                        "{} VP once revealed: {}",
                        secret_vp(game, g),
                        g.text()
                    ));
                if me.secret_revealed {
                    ui.label(theme::caption("(revealed)"));
                }
                if can(&FallAction::RevealSecret) && ui.button("Reveal secret goal").clicked() {
                    picked.push(FallAction::RevealSecret);
                }
            }
            for a in legal {
                match *a {
                    FallAction::TargetPlayer(s) => {
                        let c = Colour::ALL[s.index() & 3];
                        if ui
                            .button(RichText::new(format!("Target {c}")).color(colour_of(c)))
                            .clicked()
                        {
                            picked.push(*a);
                        }
                    }
                    FallAction::TargetDwarf { at, colour } => {
                        let n = legal
                            .iter()
                            .filter(
                                |b| matches!(b, FallAction::TargetDwarf { at: p, .. } if *p == at),
                            )
                            .count();
                        if n > 1
                            && ui
                                .button(
                                    RichText::new(format!("Pick the {colour} dwarf at {at}"))
                                        .color(colour_of(colour)),
                                )
                                .clicked()
                        {
                            picked.push(*a);
                        }
                    }
                    _ => {}
                }
            }
            // Anything else the rules allow now (new edition actions) as a plain button.
            for a in legal {
                let handled = matches!(
                    a,
                    FallAction::EndActions
                        | FallAction::ChooseCard(_)
                        | FallAction::PlaceCard(_)
                        | FallAction::PlaceDwarf(_)
                        | FallAction::MoveDwarf { .. }
                        | FallAction::PlayOgre(_)
                        | FallAction::TargetDwarf { .. }
                        | FallAction::TargetCard(_)
                        | FallAction::TargetPlayer(_)
                        | FallAction::RevealSecret
                        | FallAction::BuyGoal(_)
                        | FallAction::Dig(_)
                        | FallAction::Discard(_)
                        | FallAction::Upgrade(_)
                        | FallAction::PlaceClass { .. }
                        | FallAction::MoveClass { .. }
                        | FallAction::WarriorPush { .. }
                        | FallAction::HireHand(_)
                        | FallAction::Rotate { .. }
                        | FallAction::TradeUp { .. }
                );
                if !handled && ui.button(game.describe(a)).clicked() {
                    picked.push(*a);
                }
            }
            if can(&FallAction::EndActions) {
                ui.add_space(12.0);
                if ui
                    .add(theme::primary_button("End actions"))
                    .tip(dwarfs_fall::rules_text::END_ACTIONS_TEXT)
                    .clicked()
                {
                    self.reset();
                    picked.push(FallAction::EndActions);
                }
            }
        });
    }

    /// The 3rd edition's actions: upgrades, class meeples, the warrior's push, hired hands,
    /// trading up, and rotating the card picked on the board. Only legal actions are offered.
    pub(super) fn third_edition_row(
        &mut self,
        ui: &mut Ui,
        game: &Fall,
        me: &PlayerView,
        legal: &[FallAction],
        picked: &mut Vec<FallAction>,
    ) {
        let c = colour_of(me.colour);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Campfire:").color(c).strong());
            // Upgrades: every class, enabled only when the engine allows it.
            for k in Class::ALL {
                if me.classes.iter().any(|(x, _)| *x == k) {
                    continue;
                }
                let a = FallAction::Upgrade(k);
                let ok = legal.contains(&a);
                let resp = ui
                    .add_enabled(ok, egui::Button::new(format!("Upgrade to {}", k.name())))
                    .tip(format!(
                        "Turn a campfire dwarf into your {}: {}. Costs {}",
                        k.name(),
                        class_text(k),
                        class_cost(k)
                    ))
                    .tip_disabled(format!(
                        "Needs a dwarf in your campfire and {}",
                        class_cost(k)
                    ));
                if resp.clicked() {
                    picked.push(a);
                }
            }
            // Class meeples: pick one, then its legal spots light up on the board.
            for &(k, at) in &me.classes {
                let place = legal
                    .iter()
                    .any(|a| matches!(a, FallAction::PlaceClass { class, .. } if *class == k));
                let walk = legal
                    .iter()
                    .any(|a| matches!(a, FallAction::MoveClass { class, .. } if *class == k));
                let sel = self.selection == Selection::Class(k);
                let text = match at {
                    None => format!("Place {}", k.name()),
                    Some(_) => format!("Move {}", k.name()),
                };
                let resp = ui
                    .add_enabled(
                        place || walk || sel,
                        egui::Button::selectable(
                            sel,
                            RichText::new(text).color(if place || walk || sel {
                                c
                            } else {
                                PARCHMENT_DIM
                            }),
                        ),
                    )
                    .tip(format!(
                        "Your {} ({}): {}",
                        k.name(),
                        at.map_or("in your campfire".to_string(), |p| format!("at {p}")),
                        class_text(k)
                    ));
                if resp.clicked() {
                    self.selection = if sel {
                        Selection::None
                    } else {
                        Selection::Class(k)
                    };
                }
            }
            for a in legal {
                let text = match *a {
                    FallAction::WarriorPush { colour, dir } => {
                        format!("Warrior pushes the {colour} meeple {}", dir.name())
                    }
                    FallAction::HireHand(o) => format!("Hire a hand: discard {}", o.name()),
                    FallAction::TradeUp { .. } => game.describe(a),
                    _ => continue,
                };
                if ui.button(text).clicked() {
                    picked.push(*a);
                }
            }
            match self.selection {
                Selection::Rotate(p) => {
                    ui.label(RichText::new(format!("Rotate the card at {p}:")).color(GOLD));
                    for (cw, text) in [
                        (true, "Rotate clockwise"),
                        (false, "Rotate counter-clockwise"),
                    ] {
                        let a = FallAction::Rotate {
                            at: p,
                            clockwise: cw,
                        };
                        if legal.contains(&a) && ui.button(text).clicked() {
                            picked.push(a);
                        }
                    }
                }
                _ => {
                    if legal.iter().any(|a| matches!(a, FallAction::Rotate { .. })) {
                        ui.label(theme::caption(
                            "click an empty card on the board to rotate it",
                        ));
                    }
                }
            }
        });
    }
}
