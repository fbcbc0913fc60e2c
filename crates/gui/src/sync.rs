//! The sync light (how many peers agreed on the last move's state hash) and the desync/cheat
//! banner, drawn from the game's mirror ([`dwarfs_client::SyncStatus`]): a cheat or desync
//! report is shown, and only a halt of the session stops the board.

use super::platform::Platform;
use super::theme;
use crate::tips::Tip;
use dwarfs_client::{GameMirror, Incident, SyncStatus};
use dwarfs_engine::Game;
use egui::{Color32, RichText, Ui};

/// Draws the light and its caption.
pub fn light(ui: &mut Ui, s: &SyncStatus) {
    let (colour, text) = if s.halted.is_some() {
        (theme::DANGER, "halted".to_string())
    } else if s.local {
        (theme::TARGET, "local game".to_string())
    } else {
        let agree = format!("move {}: {} of {} agree", s.seq, s.agreed, s.peers);
        let colour = if s.agreed == s.peers {
            theme::TARGET
        } else {
            theme::GOLD
        };
        (colour, agree)
    };
    theme::dot(ui, colour, 7.0).tip(if s.local {
        "Hotseat: the engine runs on this computer only; there are no peers to disagree."
    } else {
        "Every peer hashes its state after each move; the light shows how many agreed."
    });
    ui.label(RichText::new(text).color(theme::PARCHMENT_DIM));
}

/// Draws the banner when an incident happened (or the game halted); "Save report" keeps the
/// evidence through the platform and says where in `saved`.
pub fn banner<G: Game>(
    ui: &mut Ui,
    mirror: &GameMirror<G>,
    saved: &mut Option<String>,
    platform: &dyn Platform,
) {
    let s = &mirror.sync;
    let (inc, who) = match (&s.incident, &s.halted) {
        (Some(inc), _) => (inc.clone(), mirror.incident_who(inc)),
        (None, Some(why)) => (
            Incident {
                kind: "Stopped".into(),
                seq: s.seq,
                seat: None,
                peer: None,
                evidence: why.clone(),
            },
            "-".to_string(),
        ),
        (None, None) => return,
    };
    let what = match &s.halted {
        Some(why) => format!("The game is halted: {why}."),
        None => "Reported; the game goes on.".to_string(),
    };
    egui::Frame::new()
        .fill(Color32::from_rgb(0x5a, 0x1a, 0x14))
        .stroke(egui::Stroke::new(1.5, theme::DANGER))
        .inner_margin(egui::Margin::same(10))
        .corner_radius(egui::CornerRadius::same(8))
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!(
                        "{} at move {} — peer {who}. {what}",
                        inc.kind, inc.seq
                    ))
                    .strong()
                    .color(Color32::WHITE),
                );
                if ui.button("Save report").clicked() {
                    *saved = Some(
                        match platform.save_text(&inc.report_file_name(), &inc.report_text(&who)) {
                            Ok(where_) => format!("saved to {where_}"),
                            Err(e) => e,
                        },
                    );
                }
                if let Some(s) = saved {
                    ui.label(theme::caption(s.clone()));
                }
            });
        });
}
