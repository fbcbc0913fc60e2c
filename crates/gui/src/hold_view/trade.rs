//! The trade screen: start an offer, compose it by clicking hand tiles, board spaces and trophies
//! and by typing amounts of gold and VT, propose it, and accept or decline one. Each addition is
//! one of Hold's staged offer actions (`OfferGive`, `OfferAsk`; a typed amount is sent as steps of
//! 100, 10 and 1, any amount the holder has).

use super::HoldView;
use super::clicks::{
    ASK_GOLD, ASK_TILE, ASK_VT, GIVE_GOLD, GIVE_VT, amount_button, ask_tile_button,
};
use super::words::{button_label, colour, items_text, work_text};
use crate::theme::{self, DANGER, GOLD};
use crate::tips::Tip;
use crate::words::count;
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_hold::view::HoldView as Obs;
use dwarfs_hold::{Hold, HoldAction, OFFER_STEPS, Phase, Stage, TradeItem};
use egui::{RichText, Ui};

/// The offer form's fields.
#[derive(Default)]
pub struct Draft {
    give_gold: String,
    give_vt: String,
    ask_gold: String,
    ask_vt: String,
    ask_tile: String,
    /// Why the last addition was refused.
    note: Option<String>,
}

/// Makes the offer action for one step of an amount.
type MakeItem = fn(u16) -> HoldAction;

/// Splits an amount into the steps an offer takes (100, 10 and 1).
pub fn amount_steps(mut n: u32) -> Vec<u16> {
    let mut out = Vec::new();
    for step in OFFER_STEPS.iter().rev() {
        while n >= *step as u32 {
            out.push(*step);
            n -= *step as u32;
        }
    }
    out
}

/// The actions adding `text` gold or VT to one side, checked by playing them on a copy.
fn amount_actions(game: &Hold, text: &str, make: MakeItem) -> Result<Vec<HoldAction>, String> {
    let n: u32 = text
        .trim()
        .parse()
        .map_err(|_| "type a whole number first".to_string())?;
    if n == 0 {
        return Err("type an amount above 0".into());
    }
    let acts: Vec<HoldAction> = amount_steps(n).into_iter().map(make).collect();
    let mut sim = game.clone();
    for a in &acts {
        let Actor::Seat(s) = sim.to_act() else {
            return Err("nobody may act now".into());
        };
        sim.play(s, a).map_err(|e| e.to_string())?;
    }
    Ok(acts)
}

/// A clan as the viewer reads it: `you` ("You" or "you") for their own, else its colour.
fn party(obs: &Obs, seat: Seat, you: &'static str) -> &'static str {
    if obs.viewer == Viewer::Seat(seat) {
        you
    } else {
        colour(seat)
    }
}

/// The trade panel (only in the Trade phase).
pub(super) fn panel(
    view: &mut HoldView,
    ui: &mut Ui,
    game: &Hold,
    obs: &Obs,
    legal: &[HoldAction],
    picked: &mut Vec<HoldAction>,
) {
    if obs.phase != Phase::Trade {
        return;
    }
    ui.add_space(6.0);
    theme::card_frame().show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(theme::heading("Trade"));
        match &obs.stage {
            Stage::Offer(o) if o.proposed => {
                let (from, to) = (party(obs, o.from, "You"), party(obs, o.to, "you"));
                ui.label(if obs.viewer == Viewer::Seat(o.from) {
                    format!("You offer {to}:")
                } else {
                    format!("{from} offers {to}:")
                });
                ui.label(RichText::new(format!("gives {}", items_text(&o.give))).color(GOLD));
                ui.label(RichText::new(format!("asks for {}", items_text(&o.ask))).color(GOLD));
                ui.horizontal(|ui| {
                    for a in [HoldAction::Accept, HoldAction::Decline] {
                        if legal.contains(&a) {
                            let text = button_label(&a, &obs.stage, obs.phase).unwrap_or_default();
                            let b = if a == HoldAction::Accept {
                                ui.add(theme::primary_button(&text))
                            } else {
                                ui.button(text)
                            };
                            if b.clicked() {
                                picked.push(a);
                            }
                        }
                    }
                });
                if obs.viewer != Viewer::Seat(o.to) {
                    ui.label(theme::caption(format!(
                        "Waiting for {} to answer.",
                        colour(o.to)
                    )));
                }
            }
            Stage::Offer(o) => {
                ui.label(if obs.viewer == Viewer::Seat(o.from) {
                    format!("Your offer to {}", colour(o.to))
                } else {
                    format!("{}'s offer to {}", colour(o.from), party(obs, o.to, "you"))
                });
                ui.label(RichText::new(format!("gives {}", items_text(&o.give))).color(GOLD));
                ui.label(RichText::new(format!("asks for {}", items_text(&o.ask))).color(GOLD));
                let limit = game.options().max_offer_items;
                if limit > 0 {
                    ui.label(theme::caption(format!(
                        "{} of {} items",
                        o.give.len() + o.ask.len(),
                        limit
                    )));
                }
                if legal.is_empty() {
                    ui.label(theme::caption(format!(
                        "{} is composing it.",
                        colour(o.from)
                    )));
                    return;
                }
                ui.label(theme::caption(
                    "Click tiles in your hand, your spaces and your trophies to give them; \
                     their spaces and trophies to ask for them. Type gold and VT below.",
                ));
                compose(view, ui, game, legal, picked);
                ui.horizontal(|ui| {
                    for a in [HoldAction::Propose, HoldAction::Withdraw] {
                        if legal.contains(&a) {
                            let text = button_label(&a, &obs.stage, obs.phase).unwrap_or_default();
                            let b = if a == HoldAction::Propose {
                                ui.add(theme::primary_button(&text))
                            } else {
                                ui.button(text)
                            };
                            if b.clicked() {
                                picked.push(a);
                                view.draft = Draft::default();
                            }
                        }
                    }
                });
            }
            _ => {
                if let Actor::Seat(s) = obs.to_act {
                    let me = obs.viewer == Viewer::Seat(s);
                    let used = game.turn_use(s).offers;
                    ui.label(theme::caption(format!(
                        "{} may make {} this phase.",
                        if me { "You" } else { colour(s) },
                        count(
                            game.options().offers_per_trade.saturating_sub(used),
                            "more offer",
                            "more offers"
                        )
                    )));
                }
                ui.horizontal_wrapped(|ui| {
                    for a in legal {
                        if matches!(a, HoldAction::StartOffer(_) | HoldAction::Pass) {
                            let text = button_label(a, &obs.stage, obs.phase).unwrap_or_default();
                            if ui.button(text).clicked() {
                                picked.push(a.clone());
                            }
                        }
                    }
                });
            }
        }
    });
}

/// The amount fields and the tile-by-name field of the offer form.
fn compose(
    view: &mut HoldView,
    ui: &mut Ui,
    game: &Hold,
    legal: &[HoldAction],
    picked: &mut Vec<HoldAction>,
) {
    let d = &mut view.draft;
    let rows: [(&'static str, MakeItem); 4] = [
        (GIVE_GOLD, |n| HoldAction::OfferGive(TradeItem::Gold(n))),
        (GIVE_VT, |n| HoldAction::OfferGive(TradeItem::Vt(n))),
        (ASK_GOLD, |n| HoldAction::OfferAsk(TradeItem::Gold(n))),
        (ASK_VT, |n| HoldAction::OfferAsk(TradeItem::Vt(n))),
    ];
    egui::Grid::new("hold_offer_amounts")
        .num_columns(3)
        .show(ui, |ui| {
            for (field, make) in rows {
                let text = match field {
                    GIVE_GOLD => &mut d.give_gold,
                    GIVE_VT => &mut d.give_vt,
                    ASK_GOLD => &mut d.ask_gold,
                    _ => &mut d.ask_vt,
                };
                ui.label(format!("{field}:"));
                ui.add(
                    egui::TextEdit::singleline(text)
                        .desired_width(60.0)
                        .hint_text("0"),
                )
                .accessible_name(field);
                if ui.button(amount_button(field)).clicked() {
                    match amount_actions(game, text, make) {
                        Ok(acts) => {
                            picked.extend(acts);
                            text.clear();
                            d.note = None;
                        }
                        Err(e) => d.note = Some(e),
                    }
                }
                ui.end_row();
            }
        });
    ui.horizontal(|ui| {
        ui.label(format!("{ASK_TILE}:"));
        ui.add(
            egui::TextEdit::singleline(&mut d.ask_tile)
                .desired_width(160.0)
                .hint_text("type a tile's name"),
        )
        .accessible_name(ASK_TILE);
    });
    let filter = d.ask_tile.trim().to_lowercase();
    if !filter.is_empty() {
        let matches: Vec<&HoldAction> = legal
            .iter()
            .filter(|a| match a {
                HoldAction::OfferAsk(TradeItem::Tile(t)) => {
                    t.name().to_lowercase().contains(&filter)
                }
                _ => false,
            })
            .take(8)
            .collect();
        if matches.is_empty() {
            ui.label(theme::caption("No tile of that name may be asked for."));
        }
        ui.horizontal_wrapped(|ui| {
            for a in matches {
                let HoldAction::OfferAsk(TradeItem::Tile(t)) = a else {
                    continue;
                };
                if ui
                    .button(ask_tile_button(t.name()))
                    .tip(work_text(*t))
                    .clicked()
                {
                    picked.push(a.clone());
                    d.ask_tile.clear();
                }
            }
        });
    }
    if let Some(n) = &d.note {
        ui.label(RichText::new(n).color(DANGER));
    }
}

#[cfg(test)]
mod tests {
    use super::amount_steps;

    #[test]
    fn amounts_split_into_offer_steps() {
        assert_eq!(amount_steps(17), vec![10, 1, 1, 1, 1, 1, 1, 1]);
        assert_eq!(amount_steps(210), vec![100, 100, 10]);
        assert_eq!(amount_steps(10), vec![10]);
        assert!(amount_steps(0).is_empty());
    }
}
