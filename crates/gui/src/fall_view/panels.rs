//! The side panels: trading goals, Royal Decrees and every player's public information.

use super::paint::*;
use super::{FallView, colour_of};
use crate::theme::{self, GOLD};
use crate::tips::Tip;
use crate::words::count;
use dwarfs_engine::{Actor, Viewer};
use dwarfs_fall::data;
use dwarfs_fall::rules_text::{capital, class_text, gem_cost};
use dwarfs_fall::{Colour, FallAction, Gem, Observation, PlayerView, TradingGoalView};
use egui::{RichText, Sense, Stroke, Ui, vec2};

impl FallView {
    pub(super) fn goals(
        &self,
        ui: &mut Ui,
        obs: &Observation,
        legal: &[FallAction],
        picked: &mut Vec<FallAction>,
    ) {
        ui.label(theme::heading("Trading goals"));
        ui.label(theme::caption(format!("{} left face down", obs.goal_deck)));
        for (slot, g) in obs.face_up_goals.iter().enumerate() {
            theme::card_frame().show(ui, |ui| {
                ui.set_width(ui.available_width());
                match g {
                    Some(TradingGoalView { id, cost, vp }) => {
                        ui.horizontal(|ui| {
                            ui.label(RichText::new(format!("Goal {}", id + 1)).strong());
                            ui.with_layout(
                                egui::Layout::right_to_left(egui::Align::Center),
                                |ui| {
                                    ui.label(
                                        RichText::new(format!("{vp} VP")).color(GOLD).strong(),
                                    );
                                },
                            );
                        });
                        ui.horizontal(|ui| {
                            for gem in Gem::ALL {
                                for _ in 0..cost[gem as usize] {
                                    theme::gem(ui, gem_colour(gem), 14.0);
                                }
                            }
                        })
                        .response
                        .tip(gem_cost(cost));
                        let buy = FallAction::BuyGoal(slot as u8);
                        if legal.contains(&buy)
                            && ui.button(format!("Buy goal {}", id + 1)).clicked()
                        {
                            picked.push(buy);
                        }
                    }
                    None => {
                        ui.label(theme::caption("empty slot"));
                    }
                }
            });
        }
        ui.add_space(6.0);
        ui.label(theme::caption(format!(
            "Gem piles: {}",
            Gem::ALL
                .iter()
                .map(|g| format!("{} {}", obs.gem_piles[*g as usize], g.name()))
                .collect::<Vec<_>>()
                .join(", ")
        )));
        ui.label(theme::caption(format!(
            "Ogre deck: {} cards",
            obs.ogre_deck
        )));
    }

    /// The Royal Decrees in play (their text on hover) and the Hard Workers axe and phase.
    pub(super) fn decrees(ui: &mut Ui, obs: &Observation) {
        ui.label(theme::heading("Royal Decrees"));
        theme::card_frame().show(ui, |ui| {
            ui.set_width(ui.available_width());
            if obs.decrees.is_empty() {
                ui.label(theme::caption("None in play"));
            }
            for d in &obs.decrees {
                ui.label(RichText::new(d.name()).color(GOLD)).tip(d.text());
            }
            if obs.decrees.contains(&dwarfs_fall::Decree::HardWorkers) {
                let axe = Colour::ALL[obs.first_player.index() & 3];
                ui.label(
                    RichText::new(format!(
                        "Axe: {axe} · {}",
                        if obs.night {
                            "night (resolve, discard)"
                        } else {
                            "morning (actions)"
                        }
                    ))
                    .color(colour_of(axe)),
                );
            }
        });
    }

    pub(super) fn players(ui: &mut Ui, obs: &Observation, third: bool) {
        ui.label(theme::heading("Players"));
        for p in &obs.players {
            let acting = obs.to_act == Actor::Seat(p.seat);
            player_card(ui, p, acting, obs.viewer == Viewer::Seat(p.seat), third);
        }
    }
}

pub(super) fn player_card(ui: &mut Ui, p: &PlayerView, acting: bool, me: bool, third: bool) {
    let c = colour_of(p.colour);
    let frame = theme::card_frame().stroke(Stroke::new(
        if acting { 2.5 } else { 1.0 },
        if acting { c } else { theme::STONE_HOVER },
    ));
    frame.show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            theme::dot(ui, c, 7.0);
            ui.label(RichText::new(p.colour.name()).strong().color(c));
            if me {
                ui.label(theme::caption("(you)"));
            }
            if acting {
                ui.label(RichText::new("to play").color(GOLD).small());
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(RichText::new(format!("{} VP", p.public_score)).strong())
                    .tip(dwarfs_fall::rules_text::PUBLIC_SCORE_TEXT);
            });
        });
        ui.label(theme::caption(format!(
            "Dwarfs {} in {}, {} on board · {} kingdom cards",
            p.dwarfs_in_pile,
            if third { "campfire" } else { "pile" },
            p.dwarfs_on_board,
            p.kingdom_cards.len()
        )));
        if p.monster_need != dwarfs_fall::Kind::FireDragon.data().need {
            ui.label(theme::caption(format!(
                "Needs {} meeples on a monster (Experienced Beast Hunters)",
                p.monster_need
            )));
        }
        if third {
            if p.classes.is_empty() {
                ui.label(theme::caption("Classes: none upgraded"));
            }
            for (k, at) in &p.classes {
                ui.horizontal(|ui| {
                    ui.spacing_mut().item_spacing.x = 2.0;
                    let (rect, resp) = ui.allocate_exact_size(vec2(18.0, 18.0), Sense::hover());
                    draw_meeple(ui.painter(), rect.center(), 5.5, c, Some(*k));
                    let place = at.map_or("in campfire".to_string(), |p| format!("at {p}"));
                    resp.tip(format!("{}: {}", capital(k.name()), class_text(*k)));
                    ui.label(theme::caption(format!("{} {place}", capital(k.name()))));
                });
            }
        }
        ui.label(theme::caption(format!(
            "{} · {}",
            count(p.gem_count, "gem card", "gem cards"),
            count(p.ogre_count, "ogre card", "ogre cards")
        )));
        let goals: Vec<String> = p
            .trading_goals
            .iter()
            .map(|g| format!("#{}", g + 1))
            .collect();
        let secret = if p.secret_revealed {
            p.secret_goal.map_or("revealed".to_string(), |g| {
                format!("{} (revealed)", g.name())
            })
        } else if me {
            p.secret_goal.map_or("hidden".to_string(), |g| {
                format!("{} (hidden from others)", g.name())
            })
        } else {
            "hidden".to_string()
        };
        ui.label(theme::caption(format!(
            "Goals {}/{}: {} · secret {}",
            p.goals_met,
            data::GOALS_TO_END,
            if goals.is_empty() {
                "none".into()
            } else {
                goals.join(" ")
            },
            secret
        )));
        if !p.defeated.is_empty() {
            ui.label(theme::caption(format!(
                "Defeated: {}",
                p.defeated
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
    });
}
