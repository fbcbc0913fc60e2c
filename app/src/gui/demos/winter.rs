//! Dwar7s Winter demo tables for screenshots and the GUI tests (`DWARFS_GUI_SCREEN=winter`,
//! `winter-music`, `winter-prepare`, `winter-end`): positions reached by random moves, and a
//! solitaire game played by the greedy bot.

use crate::gui::table::{SeatInfo, SeatKind, Table};
use crate::gui::winter_view::WinterView;
use dwarfs_engine::{Actor, Game};
use dwarfs_winter::{Stage, Winter, WinterOptions};

/// Plays random moves (chance from fixed entropy, hands chosen at random too) until `stop`
/// holds or `moves` moves are made.
fn random_moves(game: &mut Winter, moves: usize, stop: impl Fn(&Winter) -> bool) {
    use dwarfs_engine::{Bot, RandomBot, SeatView};
    let mut rng = RandomBot::new(7);
    let mut chance = 0u8;
    let mut played = 0;
    loop {
        let seat = match game.to_act() {
            Actor::Over => break,
            Actor::Chance => {
                chance = chance.wrapping_add(1);
                if game.resolve_chance([chance; 32]).is_err() {
                    break;
                }
                continue;
            }
            Actor::Simultaneous(set) => match set.iter().next() {
                Some(s) => s,
                None => break,
            },
            Actor::Seat(s) => s,
        };
        if played >= moves || stop(game) {
            break;
        }
        let legal = game.legal_actions_for_vec(seat);
        if legal.is_empty() {
            break;
        }
        let i = rng.choose(&SeatView::new(game, seat), &legal);
        if game.play(seat, &legal[i.min(legal.len() - 1)]).is_err() {
            break;
        }
        played += 1;
    }
}

/// A demo table around `game` ([`Table::demo`]).
fn demo_table(game: Winter) -> Table<WinterView> {
    Table::demo(game)
}

/// A 4-player Winter table (three bots and a person, every option on) after `moves` random
/// moves, stopped at the person's turn of the Actions phase when it comes, for screenshots.
pub fn winter_demo_table(moves: usize) -> Table<WinterView> {
    let options = WinterOptions {
        legendary: true,
        ..WinterOptions::default()
    };
    let mut game = Winter::new(&options, 4).expect("4 players are allowed");
    random_moves(&mut game, moves, |_| false);
    random_moves(&mut game, 400, |g| g.stage() == Stage::Turn);
    demo_table(game)
}

/// A 3-player Winter table where the person answers another player's music with a hand that
/// has a playable card, for the music's screenshot.
pub fn winter_music_demo_table() -> Table<WinterView> {
    let mut game = Winter::new(&WinterOptions::default(), 3).expect("3 players are allowed");
    random_moves(&mut game, 3000, |g| match g.stage() {
        Stage::Music(m) if m.current != m.leader && m.effect.is_none() => {
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            legal.len() > 2
        }
        _ => false,
    });
    demo_table(game)
}

/// A 3-player Winter table at the Preparation step, for the hand choice's screenshot.
pub fn winter_prepare_demo_table() -> Table<WinterView> {
    let mut game = Winter::new(&WinterOptions::default(), 3).expect("3 players are allowed");
    random_moves(&mut game, 1000, |g| {
        g.week() >= 2 && g.stage() == Stage::Prepare
    });
    demo_table(game)
}

/// A solitaire game played to its end by the game's greedy bot, chance from `seed`.
fn solo_game(seed: u64) -> Winter {
    use dwarfs_engine::{Bot, SeatView};
    let mut game = Winter::new(&WinterOptions::default(), 1).expect("1 player is allowed");
    let mut bot = dwarfs_winter::GreedyBot::new(seed);
    let mut n = 0u64;
    loop {
        match game.to_act() {
            Actor::Over => break,
            Actor::Chance => {
                n += 1;
                let mut e = [0u8; 32];
                e[..8].copy_from_slice(&seed.to_le_bytes());
                e[8..16].copy_from_slice(&n.to_le_bytes());
                if game.resolve_chance(e).is_err() {
                    break;
                }
            }
            actor => {
                let Some(s) = actor.deciding().iter().next() else {
                    break;
                };
                let legal = game.legal_actions_for_vec(s);
                if legal.is_empty() {
                    break;
                }
                let i = bot.choose(&SeatView::new(&game, s), &legal);
                if game.play(s, &legal[i.min(legal.len() - 1)]).is_err() {
                    break;
                }
            }
        }
    }
    game
}

/// The end screen of a solitaire game that survived the winter with a rank (the first such
/// game of the greedy bot; a lost one if none of the first 400 is).
pub fn winter_end_demo_table() -> Table<WinterView> {
    let game = (0..400)
        .map(solo_game)
        .find(|g| g.solo_rank().is_some())
        .unwrap_or_else(|| solo_game(0));
    let seats = vec![SeatInfo {
        name: "You".into(),
        kind: SeatKind::Human,
    }];
    Table::from_state(game, seats, 0)
}
