//! A local bot's choice searched on a thread of its own, so that neither the window (hotseat
//! bots) nor the network task (`dwarfs host/join --bot`) waits for a search of up to a second.
//!
//! The caller lends the bot to the thread with a copy of the state and gets both back in an
//! [`Answer`], tagged with the [`Position`] it was asked in: a caller whose position has moved
//! on since (a move, a new state, an undo) drops the choice and asks again. The thread is never
//! joined: a caller that stops caring (the player left the game, the app closes) drops its end
//! and the search ends on its own within its budget, its answer going nowhere.

use dwarfs_engine::{Bot, Game, Seat, SeatView, StateHash};

/// A bot that may think on another thread.
pub type SendBot<G> = Box<dyn Bot<G> + Send>;

/// Where a choice was asked: the number of moves played and the state's hash. Moves only ever
/// add to the number, so a position is never mistaken for an earlier one that hashed the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Moves played before it.
    pub seq: u32,
    /// The state hash.
    pub hash: StateHash,
}

impl Position {
    /// The position of `state` after `seq` moves, or `None` if the state cannot be hashed.
    pub fn of<G: Game>(state: &G, seq: u32) -> Option<Position> {
        dwarfs_engine::state_hash(state)
            .ok()
            .map(|hash| Position { seq, hash })
    }
}

/// A bot's answer, with the bot handed back.
pub struct Answer<G: Game> {
    /// The seat it chose for.
    pub seat: Seat,
    /// The position it was asked in.
    pub asked_at: Position,
    /// The chosen action (`None` if the seat had no legal action there).
    pub action: Option<G::Action>,
    /// The bot, to be asked again.
    pub bot: SendBot<G>,
}

/// Starts `bot`'s choice for `seat` in `state` (asked at `asked_at`) on a new thread; `done` is
/// called there with the answer. The bot sees only `seat`'s view ([`SeatView`]). If no thread
/// can be started, the error says why and the bot is lost with it.
pub fn think<G: Game>(
    state: G,
    seat: Seat,
    asked_at: Position,
    mut bot: SendBot<G>,
    done: impl FnOnce(Answer<G>) + Send + 'static,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(format!("bot seat {}", seat.index() + 1))
        .spawn(move || {
            let legal = state.legal_actions_for_vec(seat);
            let action = (!legal.is_empty()).then(|| {
                let i = bot.choose(&SeatView::new(&state, seat), &legal);
                legal[i.min(legal.len() - 1)].clone()
            });
            done(Answer {
                seat,
                asked_at,
                action,
                bot,
            });
        })
        .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::toy::{Pig, PigOptions};
    use dwarfs_engine::{Actor, RandomBot};

    #[test]
    fn an_answer_comes_back_with_its_position_and_the_bot() {
        let mut g = Pig::new(&PigOptions::default(), 2).unwrap();
        g.resolve_chance([3; 32]).unwrap();
        let Actor::Seat(seat) = g.to_act() else {
            unreachable!("a seat acts after setup")
        };
        let at = Position::of(&g, 0).expect("Pig hashes");
        let (tx, rx) = std::sync::mpsc::channel();
        think(g.clone(), seat, at, Box::new(RandomBot::new(1)), move |a| {
            let _ = tx.send(a);
        })
        .expect("a thread");
        let answer = rx.recv().expect("an answer");
        assert_eq!((answer.seat, answer.asked_at), (seat, at));
        let action = answer.action.expect("the seat may act");
        assert!(g.legal_actions_vec().contains(&action));
        assert_ne!(
            Position::of(&g, 1),
            Some(at),
            "another move, another position"
        );
    }
}
