//! The status line's words: what the acting seat must do now, said to a viewer, and the running
//! scores and round the score chart follows. Every front end (the app's table, its replay
//! viewer, the terminal) shows them through [`Game::prompt`](dwarfs_engine::Game::prompt).

use crate::{Colour, Edition, Fall, OgreKind, TurnStep, data};
use dwarfs_engine::{Game, Seat, Viewer};

pub(crate) fn prompt(game: &Fall, viewer: Viewer) -> String {
    let obs_step = game.step();
    let who = Colour::ALL[game.current_seat().index() & 3];
    let mine = viewer == Viewer::Seat(game.current_seat());
    let you = if mine {
        "You".to_string()
    } else {
        who.to_string()
    };
    let round = format!(
        "Round {}{}",
        game.round(),
        if game.final_round() {
            " (final round)"
        } else {
            ""
        }
    );
    let what = match obs_step {
        TurnStep::Setup | TurnStep::Drawing => "Drawing…".to_string(),
        TurnStep::Actions => {
            let obs = game.observe(viewer);
            let third = if game.options().edition == Edition::Third {
                "place or move a meeple, upgrade a campfire dwarf"
            } else {
                "place or move a dwarf"
            };
            format!(
                "{you}: action {} of {}. Play a card, {third}, play an ogre, or end your actions.",
                (obs.actions_used + 1).min(obs.action_limit),
                obs.action_limit
            )
        }
        TurnStep::PlaceCard(k) => format!("{you}: put the {} on a highlighted spot.", k.name()),
        TurnStep::OrientCard { kind, at } => {
            format!("{you}: choose which way the {} at {at} lies.", kind.name())
        }
        TurnStep::ChooseFinish { at } => {
            format!("{you}: the task at {at} completes — choose which meeples stay on the card.")
        }
        TurnStep::OgreTarget { ogre, picked } => match (ogre, picked) {
            (OgreKind::Brute, None) => format!("{you}: Brute — pick an opponent's dwarf."),
            (OgreKind::Brute, Some(_)) => {
                format!("{you}: Brute — pick the card of your dwarf to swap.")
            }
            (OgreKind::Ambush, _) => format!("{you}: Ambush — pick a card to clear."),
            (OgreKind::Panic, None) => format!("{you}: Panic — pick a dwarf to move."),
            (OgreKind::Panic, Some(_)) => format!("{you}: Panic — pick where the dwarf goes."),
            (OgreKind::Crown, _) => {
                format!("{you}: Crown — pick an opponent to rob of their ogres.")
            }
            (OgreKind::Thief, _) => {
                format!("{you}: Thief — pick an opponent to steal a gem from.")
            }
        },
        TurnStep::ChooseGoal => format!("{you}: the general store — buy a trading goal."),
        TurnStep::ChooseDig => format!("{you}: the castle — pick a stack to dig."),
        TurnStep::Discard => format!(
            "{you}: too many cards — discard down to {}.",
            data::HAND_LIMIT
        ),
        TurnStep::Over => "The game is over.".to_string(),
    };
    format!("{round} · {what}")
}

pub(crate) fn running_scores(game: &Fall) -> Vec<i32> {
    Seat::all(game.players())
        .map(|s| game.score_parts(s).total())
        .collect()
}

pub(crate) fn current_round(game: &Fall) -> u32 {
    u32::from(game.round())
}
