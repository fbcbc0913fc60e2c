//! A game's options panel, built from the options the game describes
//! ([`dwarfs_engine::options::GameOptions::specs`]): one row per option, each choice with its
//! help as a tooltip.

use super::theme;
use crate::tips::Tip;
use dwarfs_engine::options::{OptionKind, OptionSpec, OptionValues};
use egui::Ui;

/// Draws one option of a game's options panel, editing `values`.
pub fn option_ui(ui: &mut Ui, spec: &OptionSpec, values: &mut OptionValues) {
    let chosen: Vec<String> = values.get(spec.key).cloned().unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        match spec.kind {
            OptionKind::Flag => {
                let mut on = chosen.iter().any(|v| v == "true");
                if ui.checkbox(&mut on, spec.label).tip(spec.help).changed() {
                    if on {
                        values.insert(spec.key.into(), vec!["true".into()]);
                    } else {
                        values.remove(spec.key);
                    }
                }
                return;
            }
            _ => {
                ui.label(format!("{}:", spec.label)).tip(spec.help);
            }
        }
        match spec.kind {
            OptionKind::One(choices) => {
                let current = chosen
                    .first()
                    .map(String::as_str)
                    .or(choices.first().map(|c| c.value));
                for c in choices {
                    if ui
                        .selectable_label(current == Some(c.value), c.label)
                        .tip(c.help)
                        .clicked()
                    {
                        values.insert(spec.key.into(), vec![c.value.into()]);
                    }
                }
            }
            OptionKind::Maybe(choices) => {
                if ui
                    .selectable_label(chosen.is_empty(), "None")
                    .tip(format!("No {}", spec.label.to_lowercase()))
                    .clicked()
                {
                    values.remove(spec.key);
                }
                for c in choices {
                    if ui
                        .selectable_label(chosen.iter().any(|v| v == c.value), c.label)
                        .tip(c.help)
                        .clicked()
                    {
                        values.insert(spec.key.into(), vec![c.value.into()]);
                    }
                }
                // What the chosen one means (a scenario's decrees), without hovering.
                if let Some(c) = choices.iter().find(|c| chosen.iter().any(|v| v == c.value)) {
                    ui.end_row();
                    ui.label(theme::caption(format!("{}: {}", c.label, c.help)));
                }
            }
            OptionKind::Many(choices) => {
                for c in choices {
                    let mut on = chosen.iter().any(|v| v == c.value);
                    if ui.checkbox(&mut on, c.label).tip(c.help).changed() {
                        let mut now: Vec<String> =
                            chosen.iter().filter(|v| *v != c.value).cloned().collect();
                        if on {
                            now.push(c.value.into());
                        }
                        // In the game's order of choices.
                        now.sort_by_key(|v| choices.iter().position(|x| x.value == v));
                        if now.is_empty() {
                            values.remove(spec.key);
                        } else {
                            values.insert(spec.key.into(), now);
                        }
                    }
                }
            }
            OptionKind::Flag => {}
        }
    });
}
