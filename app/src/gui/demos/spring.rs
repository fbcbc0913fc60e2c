//! A Dwar7s Spring demo table for screenshots and the GUI tests (`DWARFS_GUI_SCREEN=spring`):
//! a position reached by random moves, with the last fight on show.

use crate::gui::spring_view::SpringView;
use crate::gui::table::Table;
use crate::gui::view::GameView;
use dwarfs_engine::{Actor, Game};
use dwarfs_spring::{Phase, Spring, SpringEvent, SpringOptions};

/// Plays random moves (chance from fixed entropy) until `stop` holds or `moves` moves are made;
/// returns every event on the way.
pub(crate) fn random_moves(
    game: &mut Spring,
    moves: usize,
    stop: impl Fn(&Spring) -> bool,
) -> Vec<SpringEvent> {
    use dwarfs_engine::{Bot, RandomBot};
    let mut rng = RandomBot::new(13);
    let mut chance = 0u8;
    let mut played = 0;
    let mut events = Vec::new();
    loop {
        match game.to_act() {
            Actor::Over | Actor::Simultaneous(_) => break,
            Actor::Chance => {
                chance = chance.wrapping_add(1);
                match game.resolve_chance([chance; 32]) {
                    Ok(e) => events.extend(e),
                    Err(_) => break,
                }
            }
            Actor::Seat(s) => {
                if played >= moves || stop(game) {
                    break;
                }
                let legal = game.legal_actions_vec();
                let i = rng.choose(&dwarfs_engine::SeatView::new(game, s), &legal);
                match game.play(s, &legal[i.min(legal.len() - 1)]) {
                    Ok(e) => events.extend(e),
                    Err(_) => break,
                }
                played += 1;
            }
        }
    }
    events
}

/// A 4-player Spring table (three bots and a person) after `moves` random moves, then on to
/// the start of someone's turn, for screenshots and demos. The person's seat is whichever acts
/// then; the last fight or gathering is on show.
pub fn spring_demo_table(moves: usize) -> Table<SpringView> {
    let mut game = Spring::new(&SpringOptions::default(), 4).expect("4 players are allowed");
    let mut events = random_moves(&mut game, moves, |_| false);
    events.extend(random_moves(&mut game, 200, |g| {
        g.phase() == Phase::Actions && !g.flow().acted && g.flow().pending.is_none()
    }));
    let mut t = Table::<SpringView>::demo(game);
    t.view.on_events(&t.mirror.state, &events);
    t
}
