//! Dwarf Hold demo tables for screenshots and the GUI tests (`DWARFS_GUI_SCREEN=hold`,
//! `hold-trade`, `hold-end`): positions reached by random moves.

use crate::gui::hold_view::HoldView;
use crate::gui::table::{SeatInfo, SeatKind, Table};
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_hold::{Hold, HoldAction, HoldOptions, Phase, Stage};

/// Plays random moves (chance from fixed entropy) until `stop` holds or `moves` moves are made.
fn random_moves(game: &mut Hold, moves: usize, stop: impl Fn(&Hold) -> bool) {
    use dwarfs_engine::{Bot, RandomBot};
    let mut rng = RandomBot::new(11);
    let mut chance = 0u8;
    let mut played = 0;
    loop {
        match game.to_act() {
            Actor::Over | Actor::Simultaneous(_) => break,
            Actor::Chance => {
                chance = chance.wrapping_add(1);
                if game.resolve_chance([chance; 32]).is_err() {
                    break;
                }
            }
            Actor::Seat(s) => {
                if played >= moves || stop(game) {
                    break;
                }
                let legal = game.legal_actions_vec();
                let i = rng.choose(&dwarfs_engine::SeatView::new(game, s), &legal);
                if game.play(s, &legal[i.min(legal.len() - 1)]).is_err() {
                    break;
                }
                played += 1;
            }
        }
    }
}

/// A demo table around `game` ([`Table::demo`]).
fn demo_table(game: Hold) -> Table<HoldView> {
    Table::demo(game)
}

/// A 4-player Hold table (three bots and a person) after `moves` random moves (or at its end),
/// for screenshots and demos. The person's seat is whichever acts after the last move.
pub fn hold_demo_table(moves: usize) -> Table<HoldView> {
    let mut game = Hold::new(&HoldOptions::default(), 4).expect("4 players are allowed");
    random_moves(&mut game, moves, |_| false);
    demo_table(game)
}

/// A finished 4-player Hold game played by bots, with its score history, for the end screen.
pub fn hold_end_demo_table() -> Table<HoldView> {
    let bot = |i: usize| SeatInfo {
        name: if i == 0 {
            "You".into()
        } else {
            format!("Bot {}", i + 1)
        },
        kind: SeatKind::Bot,
    };
    let mut t = Table::<HoldView>::new(&HoldOptions::default(), (0..4).map(bot).collect(), 0)
        .expect("4 players are allowed");
    t.seats[0].kind = SeatKind::Human;
    t
}

/// A 4-player Hold table in a later Trade phase with an offer being composed by the person (5
/// gold and a tile given, 1 gold asked for), for the trade screen's screenshot.
pub fn hold_trade_demo_table() -> Table<HoldView> {
    let mut game = Hold::new(&HoldOptions::default(), 4).expect("4 players are allowed");
    random_moves(&mut game, 2000, |g| {
        g.turn() >= 3 && g.phase() == Phase::Trade && *g.stage() == Stage::None
    });
    if let Actor::Seat(s) = game.to_act() {
        let to = Seat((s.0 + 1) % 4);
        let tile = game.hand(s).first().copied();
        let mut steps = vec![
            HoldAction::StartOffer(to),
            HoldAction::OfferGive(dwarfs_hold::TradeItem::Gold(5)),
        ];
        steps.extend(tile.map(|t| HoldAction::OfferGive(dwarfs_hold::TradeItem::Tile(t))));
        steps.push(HoldAction::OfferAsk(dwarfs_hold::TradeItem::Gold(1)));
        for a in steps {
            // A step the position does not allow is left out.
            let _ = game.play(s, &a);
        }
    }
    demo_table(game)
}
