//! The bot interface, what a bot may know ([`SeatView`]), and the uniform random bot used by
//! simulations and the conformance harness. Smarter bots live in the `dwarfs-bots` crate.

use crate::chance::{Entropy, SeedStream};
use crate::game::Game;
use crate::seat::{Actor, Seat, Viewer};

/// What a bot playing `seat` may know: that seat's observation, whose turn it is, and states
/// sampled from that seat's point of view ([`Game::determinize`]). It never hands out the real
/// state, so a bot cannot use hidden information its seat does not have. (The deterministic
/// takeover bot, which every peer must compute identically, is the one exception and does not
/// go through this type.)
#[derive(Clone, Copy, Debug)]
pub struct SeatView<'a, G: Game> {
    state: &'a G,
    seat: Seat,
}

impl<'a, G: Game> SeatView<'a, G> {
    /// The view of `seat` on `state`. Whoever holds the real state (a playout, the table of the
    /// app, a peer) builds it and hands it to the bot.
    pub fn new(state: &'a G, seat: Seat) -> Self {
        SeatView { state, seat }
    }

    /// The seat the bot plays.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// How many seats play.
    pub fn players(&self) -> u8 {
        self.state.players()
    }

    /// Who acts now (public).
    pub fn to_act(&self) -> Actor {
        self.state.to_act()
    }

    /// What the seat observes.
    pub fn observe(&self) -> G::Observation {
        self.state.observe(Viewer::Seat(self.seat))
    }

    /// A full state consistent with what the seat observes, hidden parts sampled from `entropy`.
    pub fn determinize(&self, entropy: Entropy) -> G {
        self.state.determinize(Viewer::Seat(self.seat), entropy)
    }

    /// The seat's legal actions now.
    pub fn legal_actions(&self) -> Vec<G::Action> {
        self.state.legal_actions_for_vec(self.seat)
    }

    /// A sentence describing `action` (public: the move log shows it to everyone).
    pub fn describe(&self, action: &G::Action) -> String {
        self.state.describe(action)
    }

    /// This view holding its own copy of the state, for a choice worked on over time
    /// ([`Pondering`]).
    pub fn to_owned_view(&self) -> OwnedSeatView<G> {
        OwnedSeatView {
            state: self.state.clone(),
            seat: self.seat,
        }
    }
}

/// A [`SeatView`] that owns its state: a search carried on over several frames keeps one. It
/// gives out only what a `SeatView` does, through [`OwnedSeatView::view`].
#[derive(Clone, Debug)]
pub struct OwnedSeatView<G: Game> {
    state: G,
    seat: Seat,
}

impl<G: Game> OwnedSeatView<G> {
    /// The view, borrowed.
    pub fn view(&self) -> SeatView<'_, G> {
        SeatView::new(&self.state, self.seat)
    }
}

/// A bot's choice worked on in slices, for a platform that has no thread to give a search (a
/// web page works a little every frame, so that it keeps drawing while a bot thinks).
pub trait Pondering: Send {
    /// Works on the choice for about `slice` more; the index into the legal actions it was
    /// given, once it has chosen.
    fn work(&mut self, slice: core::time::Duration) -> Option<usize>;
}

/// Something that picks an action for a seat from what that seat may know.
pub trait Bot<G: Game> {
    /// Returns an index into `legal` (which is never empty: the seat's legal actions now).
    fn choose(&mut self, view: &SeatView<'_, G>, legal: &[G::Action]) -> usize;

    /// Starts the same choice to be worked on in slices ([`Pondering`]); `None` (the default)
    /// for a bot that chooses at once, for which [`Bot::choose`] is called instead.
    fn ponder(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
    ) -> Option<Box<dyn Pondering>> {
        let _ = (view, legal);
        None
    }
}

/// Picks uniformly among the legal actions, from a seeded stream.
#[derive(Clone, Debug)]
pub struct RandomBot {
    stream: SeedStream,
}

impl RandomBot {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            stream: SeedStream::derive(seed, "random bot"),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, _view: &SeatView<'_, G>, legal: &[G::Action]) -> usize {
        self.stream.choose(legal.len())
    }
}

/// Picks with the whole state in hand: what a referee-side chooser sees (the takeover bot, the
/// generic suite's deterministic players). Bots go through [`SeatView`] instead; [`Seated`]
/// adapts one to this trait.
pub trait Chooser<G: Game> {
    /// Returns an index into `legal` (never empty: `seat`'s legal actions in `state`).
    fn pick(&mut self, state: &G, seat: Seat, legal: &[G::Action]) -> usize;
}

/// A [`Bot`] used where a [`Chooser`] is wanted: it is given only the seat's view.
pub struct Seated<'b, G: Game>(pub &'b mut dyn Bot<G>);

impl<G: Game> Chooser<G> for Seated<'_, G> {
    fn pick(&mut self, state: &G, seat: Seat, legal: &[G::Action]) -> usize {
        self.0.choose(&SeatView::new(state, seat), legal)
    }
}

impl<G: Game, F: FnMut(&G, Seat, &[G::Action]) -> usize> Chooser<G> for F {
    fn pick(&mut self, state: &G, seat: Seat, legal: &[G::Action]) -> usize {
        self(state, seat, legal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{Pig, PigOptions};

    #[test]
    fn a_seat_view_shows_only_that_seat() {
        let mut g = Pig::new(&PigOptions::default(), 3).unwrap();
        g.resolve_chance([7; 32]).unwrap();
        let v = SeatView::new(&g, Seat(1));
        assert_eq!(v.observe(), g.observe(Viewer::Seat(Seat(1))));
        assert_ne!(
            v.observe(),
            g.observe(Viewer::Spectator),
            "the seat sees its bonus card"
        );
        assert_eq!(v.legal_actions(), Vec::new(), "seat 1 does not act now");
        assert_eq!(
            SeatView::new(&g, Seat(0)).legal_actions(),
            g.legal_actions_vec()
        );
    }
}
