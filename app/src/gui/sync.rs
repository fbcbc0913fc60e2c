//! The sync light (how many peers agreed on the last move's state hash) and the desync/cheat
//! banner. The model is fed by the local table, and by the network session's events
//! (`MoveFinal`, `Desync`, `Cheat`, `Halted`) in a network game: a cheat or desync report is
//! shown, and only a halt of the session stops the board.

use super::theme;
use egui::{Color32, RichText, Ui};

/// A desync or a cheat, pinned to a move and a peer, with the evidence to save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incident {
    /// "Desync" or the kind of cheat.
    pub kind: String,
    /// The move concerned.
    pub seq: u32,
    /// The peer concerned (name or peer id).
    pub peer: String,
    /// The evidence, as text for the report file.
    pub evidence: String,
}

/// Agreement on the state hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncStatus {
    /// The last move acknowledged.
    pub seq: u32,
    /// Peers that agreed on its hash.
    pub agreed: usize,
    /// Peers in the game.
    pub peers: usize,
    /// True for a game with no network (hotseat).
    pub local: bool,
    /// The last desync or cheat reported, with its evidence. Only a halt stops the game
    /// ([`SyncStatus::halted`]); a report alone (a player's bad signature, say) is shown and
    /// the game goes on.
    pub incident: Option<Incident>,
    /// Why the session stopped for good (a proven cheat by a player, or a desync), once it has:
    /// no move is offered any more.
    pub halted: Option<String>,
    /// Where the last report was saved, or why it could not be.
    pub saved: Option<String>,
}

impl SyncStatus {
    /// A local game with `seats` people at one screen.
    pub fn local(seats: usize) -> Self {
        SyncStatus {
            seq: 0,
            agreed: seats.max(1),
            peers: seats.max(1),
            local: true,
            incident: None,
            halted: None,
            saved: None,
        }
    }

    /// A network game with `players` live players.
    pub fn networked(players: usize) -> Self {
        SyncStatus {
            seq: 0,
            agreed: players.max(1),
            peers: players.max(1),
            local: false,
            incident: None,
            halted: None,
            saved: None,
        }
    }

    /// A move was applied locally and agreed.
    pub fn agreed(&mut self, seq: u32) {
        self.seq = seq;
        if self.local {
            self.agreed = self.peers;
        }
    }

    /// Draws the light and its caption.
    pub fn light(&self, ui: &mut Ui) {
        let (colour, text) = if self.halted.is_some() {
            (theme::DANGER, "halted".to_string())
        } else if self.local {
            (theme::TARGET, "local game".to_string())
        } else if self.agreed == self.peers {
            (
                theme::TARGET,
                format!("move {}: {} of {} agree", self.seq, self.agreed, self.peers),
            )
        } else {
            (
                theme::GOLD,
                format!("move {}: {} of {} agree", self.seq, self.agreed, self.peers),
            )
        };
        theme::dot(ui, colour, 7.0).on_hover_text(if self.local {
            "Hotseat: the engine runs on this computer only; there are no peers to disagree."
        } else {
            "Every peer hashes its state after each move; the light shows how many agreed."
        });
        ui.label(RichText::new(text).color(theme::PARCHMENT_DIM));
    }

    /// Draws the banner when an incident happened (or the game halted); "Save report" writes
    /// the evidence to `dir`.
    pub fn banner(&mut self, ui: &mut Ui, dir: Option<&std::path::Path>) {
        let inc = match (&self.incident, &self.halted) {
            (Some(inc), _) => inc.clone(),
            (None, Some(why)) => Incident {
                kind: "Stopped".into(),
                seq: self.seq,
                peer: "-".into(),
                evidence: why.clone(),
            },
            (None, None) => return,
        };
        let what = match &self.halted {
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
                            "{} at move {} — peer {}. {what}",
                            inc.kind, inc.seq, inc.peer
                        ))
                        .strong()
                        .color(Color32::WHITE),
                    );
                    if ui.button("Save report").clicked() {
                        self.saved = Some(save_report(&inc, dir));
                    }
                    if let Some(s) = &self.saved {
                        ui.label(theme::caption(s.clone()));
                    }
                });
            });
    }
}

fn save_report(inc: &Incident, dir: Option<&std::path::Path>) -> String {
    let Some(dir) = dir else {
        return "no directory to save the report in".into();
    };
    let path = dir.join(format!("dwarfs-incident-move-{}.txt", inc.seq));
    let text = format!(
        "{} at move {}\npeer: {}\n\n{}\n",
        inc.kind, inc.seq, inc.peer, inc.evidence
    );
    match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, text)) {
        Ok(()) => format!("saved to {}", path.display()),
        Err(e) => format!("could not save {}: {e}", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_is_written_with_the_evidence() {
        let dir = tempfile::tempdir().unwrap();
        let inc = Incident {
            kind: "Desync".into(),
            seq: 12,
            peer: "12D3Koo".into(),
            evidence: "hashes differ".into(),
        };
        let msg = save_report(&inc, Some(dir.path()));
        assert!(msg.starts_with("saved to"), "{msg}");
        let text = std::fs::read_to_string(dir.path().join("dwarfs-incident-move-12.txt")).unwrap();
        assert!(text.contains("hashes differ") && text.contains("12D3Koo"));
        assert_eq!(
            save_report(&inc, None),
            "no directory to save the report in"
        );
    }
}
