//! A bot's choice as a job that can run away from the frame: the caller lends the bot with a
//! copy of the state and gets both back in an [`Answer`], tagged with the [`Position`] it was
//! asked in, so that a caller whose game has moved on since drops the choice and asks again.
//! Where the job runs is the platform's business ([`crate::platform::Platform::spawn`]: a thread
//! on the desktop).

use dwarfs_engine::{Bot, Game, Seat, SeatView};

/// A bot that may think on another thread.
pub type SendBot<G> = Box<dyn Bot<G> + Send>;

/// Where a choice was asked: the number of moves played, and the version of the game's mirror
/// ([`dwarfs_client::GameMirror::version`]), which changes with every new state. Neither ever
/// goes back, so a position is never mistaken for an earlier one; nothing hashes the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Moves played before it.
    pub seq: u32,
    /// The mirror's version.
    pub version: u64,
}

impl Position {
    /// Where `mirror`'s game stands now.
    pub fn of<G: Game>(mirror: &dwarfs_client::GameMirror<G>) -> Position {
        Position {
            seq: mirror.seq,
            version: mirror.version(),
        }
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

/// The job: `bot` chooses for `seat` in `state`, seeing only the seat's view ([`SeatView`]).
pub fn choose<G: Game>(
    state: &G,
    seat: Seat,
    asked_at: Position,
    mut bot: SendBot<G>,
) -> Answer<G> {
    let legal = state.legal_actions_for_vec(seat);
    let action = (!legal.is_empty()).then(|| {
        let i = bot.choose(&SeatView::new(state, seat), &legal);
        legal[i.min(legal.len() - 1)].clone()
    });
    Answer {
        seat,
        asked_at,
        action,
        bot,
    }
}
