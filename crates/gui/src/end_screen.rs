//! The end screen: who won, each seat's place and score by category, and the scores over the
//! game on a chart whose axis counts the game's own rounds.

use super::table::{ScorePoint, Table};
use super::theme::{self, GOLD, PARCHMENT, PARCHMENT_DIM};
use super::view::GameView;
use super::words::capital;
use crate::tips::Tip;
use dwarfs_engine::{Game, Outcome, Seat, SeatScore};
use egui::{RichText, Ui};

/// What the end screen asks for.
pub enum EndOutcome {
    /// Stay.
    Stay,
    /// Back to the menu.
    Menu,
    /// Back to the lobby for another game.
    Again,
    /// Open this replay in the viewer.
    Replay(std::path::PathBuf),
}

/// Draws the end screen.
pub fn end<V: GameView>(ui: &mut Ui, table: &mut Table<V>) -> EndOutcome {
    let mut out = EndOutcome::Stay;
    let Some(outcome) = table.outcome() else {
        egui::CentralPanel::default_margins().show(ui, |ui| {
            ui.label("The game is not over.");
        });
        return EndOutcome::Menu;
    };
    egui::CentralPanel::default_margins().show(ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(theme::title("Final scores").size(40.0));
                let headline = outcome.verdict(|s| table.seat_label(s));
                ui.label(RichText::new(headline).size(26.0).strong().color(GOLD));
                // How it ended (a shared loss, a solitaire rank...), in the game's words.
                ui.label(
                    RichText::new(capital(&outcome.summary))
                        .size(18.0)
                        .color(PARCHMENT),
                );
            });
            ui.add_space(14.0);
            score_grid(ui, table, &outcome);
            if table.history.len() >= 2 {
                ui.add_space(14.0);
                ui.label(theme::heading("Score over the game"));
                score_chart::<V>(ui, table);
            }
            ui.add_space(14.0);
            if table.remote.is_some() {
                ui.label(theme::caption(format!(
                    "{} moves, each one's state hash agreed by every live peer.",
                    table.mirror.sync.seq
                )));
                // A single live player could compute every draw (and the takeover bot's moves)
                // before it played: no rule can stop it without a second party, so it is said.
                if let Some(f) = table.mirror.foresight() {
                    ui.label(theme::caption(f.sentence(|s| table.seat_label(s))));
                }
                if let Some(path) = table
                    .mirror
                    .report
                    .as_ref()
                    .and_then(|rep| rep.replay.clone())
                {
                    ui.horizontal(|ui| {
                        ui.label(theme::caption(format!(
                            "Replay saved to {}",
                            path.display()
                        )));
                        if ui.button("Open the replay").clicked() {
                            out = EndOutcome::Replay(path.clone());
                        }
                    });
                }
                download_replay(ui, table);
            }
            ui.horizontal(|ui| {
                if table.remote.is_none() && ui.add(theme::primary_button("Play again")).clicked() {
                    out = EndOutcome::Again;
                }
                if ui.button("Main menu").clicked() {
                    out = EndOutcome::Menu;
                }
            });
        });
    });
    out
}

/// A replay kept in memory (a browser's): a button hands it over as a file, and what came of
/// the last press is said next to it.
fn download_replay<V: GameView>(ui: &mut Ui, table: &Table<V>) {
    let Some(rep) = table.mirror.report.as_ref() else {
        return;
    };
    let Some(bytes) = rep.replay_bytes.as_ref() else {
        return;
    };
    let said = egui::Id::unique("dwarfs_replay_download");
    let hash = rep.final_hash.as_deref().unwrap_or("unfinished");
    let name = format!(
        "{}-{}.replay",
        <V::G as Game>::NAME,
        hash.get(..8).unwrap_or(hash)
    );
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Download the replay")
            .tip("Keep the game's replay: anyone can verify it (`dwarfs replay verify`, or open it on this page)")
            .clicked()
        {
            let what = match table.platform.save_bytes(&name, bytes) {
                Ok(w) => w,
                Err(e) => format!("Not saved: {e}"),
            };
            ui.data_mut(|d| d.insert_temp(said, what));
        }
        if let Some(what) = ui.data(|d| d.get_temp::<String>(said)) {
            ui.label(theme::caption(what));
        }
    });
}

/// The breakdown: categories as rows, players as columns, with each seat's place on top.
fn score_grid<V: GameView>(ui: &mut Ui, table: &Table<V>, outcome: &Outcome) {
    let mut categories: Vec<String> = Vec::new();
    for s in &outcome.scores {
        for l in &s.breakdown {
            if !categories.contains(&l.category) {
                categories.push(l.category.clone());
            }
        }
    }
    let places = places(outcome);
    let ties = tie_broken(&outcome.scores);
    theme::card_frame().show(ui, |ui| {
        egui::Grid::new("score_grid")
            .striped(true)
            .min_col_width(120.0)
            .spacing([24.0, 8.0])
            .show(ui, |ui| {
                ui.label(RichText::new("Category").strong());
                for s in &outcome.scores {
                    ui.label(
                        RichText::new(table.seat_label(s.seat))
                            .strong()
                            .color(theme::seat_colour(s.seat.index())),
                    );
                }
                ui.end_row();
                if let Some(places) = &places {
                    ui.label(RichText::new("Place").strong());
                    for p in places {
                        let text = RichText::new(ordinal(*p)).strong();
                        ui.label(if *p == 1 { text.color(GOLD) } else { text });
                    }
                    ui.end_row();
                }
                for c in &categories {
                    ui.label(c);
                    for s in &outcome.scores {
                        let p = s
                            .breakdown
                            .iter()
                            .find(|l| &l.category == c)
                            .map_or(0, |l| l.points);
                        ui.label(p.to_string());
                    }
                    ui.end_row();
                }
                ui.label(RichText::new("Total").strong().color(GOLD));
                for s in &outcome.scores {
                    ui.label(RichText::new(s.total.to_string()).strong().color(GOLD));
                }
                ui.end_row();
                if ties {
                    ui.label(RichText::new("Tie-breakers").color(PARCHMENT_DIM))
                        .tip(
                            "Equal totals are decided by these values, compared in the order \
                             the rulebook gives them; higher is better",
                        );
                    for s in &outcome.scores {
                        let t: Vec<String> = s.tiebreakers.iter().map(|v| v.to_string()).collect();
                        ui.label(RichText::new(t.join(" · ")).color(PARCHMENT_DIM));
                    }
                    ui.end_row();
                }
            });
    });
}

/// Each seat's place (1 for the best), in the order of `outcome.scores`: by total, then by the
/// tie-breakers, seats that tie on both sharing a place. None when there is nobody to rank
/// against (a game of one) or when everyone lost together.
fn places(outcome: &Outcome) -> Option<Vec<usize>> {
    if outcome.scores.len() < 2 || outcome.all_lost {
        return None;
    }
    Some(
        outcome
            .scores
            .iter()
            .map(|s| {
                1 + outcome
                    .scores
                    .iter()
                    .filter(|o| o.rank_key() > s.rank_key())
                    .count()
            })
            .collect(),
    )
}

/// True when two seats have the same total and the tie-breakers have something to say.
fn tie_broken(scores: &[SeatScore]) -> bool {
    scores.iter().enumerate().any(|(i, a)| {
        scores[i + 1..]
            .iter()
            .any(|b| a.total == b.total && !(a.tiebreakers.is_empty() && b.tiebreakers.is_empty()))
    })
}

/// "1st", "2nd", "3rd", "4th"... (places run to 8 at most).
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Where each point of the score history goes on the chart's x axis, and the axis's name. A
/// game with rounds spreads each round's points evenly over `[round, round + 1)`, so the axis
/// reads in the game's rounds (weeks, turns); a game without them counts the points.
fn chart_xs(history: &[ScorePoint], round_name: &'static str) -> (Vec<f64>, &'static str) {
    let rounds_change = history.windows(2).any(|w| w[0].round != w[1].round);
    if !rounds_change {
        return (
            (0..history.len()).map(|i| i as f64).collect(),
            "turns played",
        );
    }
    let mut xs = Vec::with_capacity(history.len());
    let mut start = 0;
    while start < history.len() {
        let round = history[start].round;
        let len = history[start..]
            .iter()
            .take_while(|p| p.round == round)
            .count();
        for k in 0..len {
            xs.push(f64::from(round) + k as f64 / len as f64);
        }
        start += len;
    }
    (xs, round_name)
}

fn score_chart<V: GameView>(ui: &mut Ui, table: &Table<V>) {
    use egui_plot::{Corner, Legend, Line, Plot, PlotPoints};
    let players = table.mirror.state.players();
    let (xs, x_name) = chart_xs(&table.history, <V::G as Game>::ROUND_NAME);
    Plot::new("score_chart")
        .height(260.0)
        .legend(Legend::default().position(Corner::LeftTop))
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .x_axis_label(x_name)
        .y_axis_label(<V::G as Game>::POINTS_NAME)
        .show(ui, |plot| {
            for s in Seat::all(players) {
                let pts: PlotPoints = table
                    .history
                    .iter()
                    .zip(&xs)
                    .filter_map(|(p, x)| p.scores.get(s.index()).map(|v| [*x, f64::from(*v)]))
                    .collect();
                plot.line(
                    Line::new(table.seat_label(s), pts)
                        .color(theme::seat_colour(s.index()))
                        .width(2.5),
                );
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::ScoreLine;

    fn score(seat: u8, total: i32, tb: Vec<i32>) -> SeatScore {
        SeatScore::new(
            Seat(seat),
            vec![ScoreLine {
                category: "x".into(),
                points: total,
            }],
            tb,
        )
    }

    #[test]
    fn places_follow_totals_then_tiebreakers_and_true_ties_share() {
        let o = Outcome::ranked(
            vec![
                score(0, 5, vec![1]),
                score(1, 9, vec![0]),
                score(2, 5, vec![2]),
                score(3, 5, vec![1]),
            ],
            "",
        );
        assert_eq!(places(&o), Some(vec![3, 1, 2, 3]));
        assert!(tie_broken(&o.scores));
        let solo = Outcome::ranked(vec![score(0, 5, vec![])], "");
        assert_eq!(places(&solo), None);
        let lost = Outcome::everyone_lost(vec![score(0, 5, vec![]), score(1, 2, vec![])], "");
        assert_eq!(places(&lost), None);
        assert!(!tie_broken(&lost.scores));
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 8, 11, 12, 13, 21, 22].map(ordinal).to_vec();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "8th", "11th", "12th", "13th", "21st", "22nd"
            ]
        );
    }

    #[test]
    fn the_chart_axis_reads_in_rounds_when_the_game_has_them() {
        let p = |round| ScorePoint {
            round,
            scores: vec![0],
        };
        let (xs, name) = chart_xs(&[p(1), p(1), p(2), p(3), p(3), p(3), p(3)], "week");
        assert_eq!(name, "week");
        assert_eq!(xs, vec![1.0, 1.5, 2.0, 3.0, 3.25, 3.5, 3.75]);
        let (xs, name) = chart_xs(&[p(0), p(0), p(0)], "week");
        assert_eq!(name, "turns played");
        assert_eq!(xs, vec![0.0, 1.0, 2.0]);
    }
}
