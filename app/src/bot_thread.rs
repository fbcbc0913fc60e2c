//! A local bot's choice searched on a thread of its own, so that neither the window (hotseat
//! bots) nor the network task (`dwarfs host/join --bot`) waits for a search of up to a second.
//!
//! The job itself ([`dwarfs_gui::bot_job`]) lends the bot with a copy of the state and gives both
//! back in an [`Answer`], tagged with the [`Position`] it was asked in: a caller whose position
//! has moved on since (a move, a new state) drops the choice and asks again. The thread is never
//! joined: a caller that stops caring (the player left the game, the app closes) drops its end
//! and the search ends on its own within its budget, its answer going nowhere.

use dwarfs_engine::{Game, Seat};
pub use dwarfs_gui::bot_job::{Answer, Position, SendBot};

/// Starts `bot`'s choice for `seat` in `state` (asked at `asked_at`) on a new thread; `done` is
/// called there with the answer. The bot sees only `seat`'s view. If no thread can be started,
/// the error says why and the bot is lost with it.
pub fn think<G: Game>(
    state: G,
    seat: Seat,
    asked_at: Position,
    bot: SendBot<G>,
    done: impl FnOnce(Answer<G>) + Send + 'static,
) -> std::io::Result<()> {
    spawn(
        &format!("bot seat {}", seat.index() + 1),
        Box::new(move || done(dwarfs_gui::bot_job::choose(&state, seat, asked_at, bot))),
    )
}

/// Runs `job` on a new named thread.
pub fn spawn(name: &str, job: Box<dyn FnOnce() + Send>) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(job)
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
        let at = Position { seq: 0, version: 7 };
        let (tx, rx) = std::sync::mpsc::channel();
        think(g.clone(), seat, at, Box::new(RandomBot::new(1)), move |a| {
            let _ = tx.send(a);
        })
        .expect("a thread");
        let answer = rx.recv().expect("an answer");
        assert_eq!((answer.seat, answer.asked_at), (seat, at));
        let action = answer.action.expect("the seat may act");
        assert!(g.legal_actions_vec().contains(&action));
    }
}
