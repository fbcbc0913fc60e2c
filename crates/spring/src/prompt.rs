//! The status line's words: what the acting seat must do now, said to a viewer, and the running
//! scores and round the score chart follows. Every front end (the app's table, its replay
//! viewer, the terminal) shows them through [`Game::prompt`](dwarfs_engine::Game::prompt).

use crate::{Pending, Phase, Spring, colour};
use dwarfs_engine::{Actor, Game, Seat, Viewer};

pub(crate) fn prompt(game: &Spring, viewer: Viewer) -> String {
    let f = game.flow();
    let head = match f.phase {
        Phase::Setup => "Setting up".to_string(),
        Phase::Placement => "Starting settlements".to_string(),
        Phase::Actions => format!("Era {} of 4 · round {} of 7", f.era, f.round),
        Phase::Over => return "The game is over.".into(),
    };
    let Some(seat) = game
        .current_seat()
        .filter(|_| game.to_act() != Actor::Chance)
    else {
        return format!("{head} · …");
    };
    let you = if viewer == Viewer::Seat(seat) {
        "You".to_string()
    } else {
        colour(seat.0).to_string()
    };
    let what = match (f.phase, f.pending) {
        (Phase::Placement, _) => {
            "pick a production line on your board, then a free spot on the map.".to_string()
        }
        (_, Some(Pending::Faerie { kind, left })) => format!(
            "{} ({left} left): {}; click the map or a dragon, or stop.",
            kind.name(),
            kind.text()
        ),
        (_, Some(Pending::Remove)) => {
            "remove a card from your heroes deck, or keep them all.".into()
        }
        (_, Some(Pending::Wild { .. })) => {
            "fight (or gather) on the wildland you explored, or neither.".into()
        }
        _ if f.acted => "play faeries or train dragons, then end your turn.".into(),
        _ => "click a lit location to explore, or pick a spot of your board (build, \
              fortress, faerie, dragons, expedition) and then its target."
            .into(),
    };
    format!("{head} · {you}: {what}")
}

pub(crate) fn running_scores(game: &Spring) -> Vec<i32> {
    Seat::all(game.players())
        .map(|s| game.score_lines(s).iter().map(|l| l.points).sum())
        .collect()
}

/// Rounds counted across the eras (era 2's first round is round 8); 0 before the first.
pub(crate) fn current_round(game: &Spring) -> u32 {
    let f = game.flow();
    match f.phase {
        Phase::Setup | Phase::Placement => 0,
        _ => (u32::from(f.era.max(1)) - 1) * u32::from(crate::data::ROUNDS) + u32::from(f.round),
    }
}
