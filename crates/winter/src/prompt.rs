//! The status line's words: what the acting seat must do now, said to a viewer, and the running
//! scores and round the score chart follows. Every front end (the app's table, its replay
//! viewer, the terminal) shows them through [`Game::prompt`](dwarfs_engine::Game::prompt).

use crate::event_words::colour;
use crate::{Stage, Winter};
use dwarfs_engine::{Actor, Game, Seat, Viewer};

/// `n` and the noun, singular or plural ("1 dwarf", "2 dwarfs").
fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The button that confirms the chosen hand.
pub const CHOOSE_HAND: &str = "Choose this hand";

/// The phase of the week a stage belongs to.
pub fn stage_name(s: &Stage) -> &'static str {
    match s {
        Stage::Setup => "Setup",
        Stage::Defenders { .. } => "Setup: the Defenders",
        Stage::Attack | Stage::Push { .. } => "Phase 1: enemy invasion",
        Stage::Reinforce => "Phase 1: reinforcements",
        Stage::Prepare => "Phase 2: preparation",
        Stage::Turn => "Phase 3: actions",
        Stage::Music(_) => "Phase 3: actions (music)",
        Stage::Over => "Game over",
    }
}

pub(crate) fn prompt(game: &Winter, viewer: Viewer) -> String {
    let stage = game.stage();
    let head = format!(
        "Week {} of {} · {}",
        game.week(),
        crate::data::WEEKS,
        stage_name(&stage)
    );
    let who = |s: Seat| {
        if viewer == Viewer::Seat(s) {
            "You".to_string()
        } else {
            colour(s).to_string()
        }
    };
    let what = match (game.to_act(), stage) {
        (Actor::Over, _) => return "The game is over.".into(),
        (Actor::Chance, _) => return format!("{head} · …"),
        (Actor::Simultaneous(set), _) => {
            return match viewer {
                Viewer::Seat(s) if set.contains(s) => {
                    let p = game.player(s);
                    format!(
                        "{head} · You: choose your hand in secret: pick {} of the {} cards \
                         of your action deck, then \"{}\".",
                        p.hand_size.min(p.deck_size()),
                        p.deck_size(),
                        CHOOSE_HAND
                    )
                }
                _ => {
                    let names: Vec<&str> = set.iter().map(colour).collect();
                    format!("{head} · Choosing hands in secret: {}", names.join(", "))
                }
            };
        }
        (Actor::Seat(s), st) => {
            let w = match st {
                Stage::Defenders { left, .. } => {
                    format!(
                        "place {}: click a zone.",
                        count(left, "defending dwarf", "defending dwarfs")
                    )
                }
                Stage::Attack => "choose the next monster to attack: click it.".into(),
                Stage::Push { .. } => {
                    "the Ice Wyrm moves another monster: click the one to move.".into()
                }
                Stage::Turn => match game.player(s).actions_left {
                    0 => "no actions left: take a free action where one is lit, or end the \
                          turn."
                        .to_string(),
                    n => format!(
                        "{} left: place or move dwarfs, acquire a hero, play music, or end \
                         the turn.",
                        count(n, "action", "actions")
                    ),
                },
                Stage::Music(m) => match m.effect {
                    Some(e) => format!(
                        "{}: move up to {} more (click a lit dwarf, then a zone), or stop \
                         moving.",
                        e.card.name(),
                        count(e.left, "dwarf", "dwarfs")
                    ),
                    None if m.leader == s => format!(
                        "play {} cards from your hand, or stop playing cards.",
                        m.instrument.name()
                    ),
                    None => format!(
                        "answer {}'s {} with {} cards from the hand, or play no more cards.",
                        colour(m.leader),
                        m.instrument.name(),
                        m.instrument.name()
                    ),
                },
                _ => "wait.".into(),
            };
            format!("{}: {w}", who(s))
        }
    };
    format!("{head} · {what}")
}

pub(crate) fn running_scores(game: &Winter) -> Vec<i32> {
    game.scores().iter().map(|s| s.total).collect()
}

pub(crate) fn current_round(game: &Winter) -> u32 {
    game.week() as u32
}
