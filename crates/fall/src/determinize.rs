//! Determinization: from what one viewer may see, a full state consistent with it, with every
//! hidden part redrawn at random (OpenSpiel's resample-from-infostate).
//!
//! Hidden in Dwar7s Fall: the kinds of the gems and ogres in other players' hands (their counts
//! are public), the make-up of the face-down ogre deck (its size is public), and unrevealed secret
//! goals of other players. The gem piles, the ogre discard pile, kingdom cards in hand and the
//! trading goals are public, so the gems held by hidden players are known in total per kind.

use crate::data;
use crate::state::{Fall, Phase};
use crate::types::{Gem, OgreKind};
use dwarfs_engine::{ChanceRng, Entropy, Game, Viewer};

/// Draws tried before falling back to redrawing the other players only (see
/// [`Fall::determinized`]).
const TRIES: usize = 64;

impl Fall {
    /// A full state in which everything `viewer` cannot see is redrawn at random from what
    /// remains possible given its observation, and everything it can see is unchanged:
    /// `s.determinized(v, e).observe(v) == s.observe(v)` for every viewer and entropy.
    ///
    /// Gems held by hidden players are pooled by kind and dealt again keeping each hand's gem
    /// count; ogres in hidden hands and the face-down ogre deck are pooled and dealt again keeping
    /// each hand's ogre count and the deck's size; unrevealed secret goals of hidden players are
    /// dealt again from the goals nobody the viewer can see holds. The observation also tells a
    /// little about the acting player's hidden cards (it waits to choose a trading goal only if
    /// it can pay for one; it stops in the Discard step under the hand limit only if it can reveal
    /// its secret goal): a draw that contradicts this is rejected and drawn again, and after
    /// 64 rejections (`TRIES`) the acting player's hidden cards are kept and only the others are
    /// redrawn. The sample does not condition on the move history. Deterministic in `entropy`.
    pub fn determinized(&self, viewer: Viewer, entropy: Entropy) -> Self {
        let mut rng = ChanceRng::from_entropy(entropy);
        let n = self.players as usize;
        let hidden: Vec<bool> = (0..n)
            .map(|i| !matches!(viewer, Viewer::Seat(s) if s.index() == i))
            .collect();
        // Only conditions the true state meets are asked of a draw.
        let strict = self.agrees_with_step();
        for _ in 0..TRIES {
            let g = self.redraw(&hidden, &mut rng);
            if g.playable() && (!strict || g.agrees_with_step()) {
                return g;
            }
        }
        let mut keep = hidden.clone();
        keep[self.current as usize] = false;
        self.redraw(&keep, &mut rng)
    }

    /// Whether the acting seat, if any, has a legal action.
    fn playable(&self) -> bool {
        match self.to_act() {
            dwarfs_engine::Actor::Seat(_) => !self.legal_actions_vec().is_empty(),
            _ => true,
        }
    }

    /// One redraw of the hidden cards of the seats marked in `hidden`.
    fn redraw(&self, hidden: &[bool], rng: &mut ChanceRng) -> Fall {
        let mut g = self.clone();
        let seats: Vec<usize> = (0..hidden.len()).filter(|&i| hidden[i]).collect();
        // Gems: a pool by kind, dealt again by count.
        let mut gems: Vec<Gem> = Vec::new();
        for &s in &seats {
            for gem in Gem::ALL {
                gems.extend(std::iter::repeat_n(
                    gem,
                    self.seats[s].gems[gem as usize] as usize,
                ));
            }
        }
        for &s in &seats {
            let count = self.seats[s].gem_count();
            g.seats[s].gems = [0; 4];
            for _ in 0..count {
                if let Some(gem) = rng.draw(&mut gems) {
                    g.seats[s].gems[gem as usize] += 1;
                }
            }
        }
        // Ogres: hidden hands and the face-down deck.
        let mut ogres: Vec<OgreKind> = Vec::new();
        let mut add = |counts: &[u8; 5]| {
            for kind in OgreKind::ALL {
                ogres.extend(std::iter::repeat_n(kind, counts[kind as usize] as usize));
            }
        };
        add(&self.ogre_deck);
        for &s in &seats {
            add(&self.seats[s].ogres);
        }
        for &s in &seats {
            let count = self.seats[s].ogre_count();
            g.seats[s].ogres = [0; 5];
            for _ in 0..count {
                if let Some(kind) = rng.draw(&mut ogres) {
                    g.seats[s].ogres[kind as usize] += 1;
                }
            }
        }
        g.ogre_deck = [0; 5];
        for kind in ogres {
            g.ogre_deck[kind as usize] += 1;
        }
        // Secret goals: unrevealed ones of hidden seats come from the goals not seen held.
        let deck = data::edition(self.options.edition).secret_goals.len() as u8;
        let redealt: Vec<usize> = seats
            .iter()
            .copied()
            .filter(|&s| !self.seats[s].revealed && self.seats[s].secret as usize != NONE_SECRET)
            .collect();
        let mut goals: Vec<u8> = (0..deck)
            .filter(|&i| {
                !(0..hidden.len()).any(|s| self.seats[s].secret == i && !redealt.contains(&s))
            })
            .collect();
        for &s in &redealt {
            if let Some(i) = rng.draw(&mut goals) {
                g.seats[s].secret = i;
            }
        }
        g
    }

    /// Whether the hidden cards of the acting player agree with where the turn stands.
    fn agrees_with_step(&self) -> bool {
        match self.phase {
            Phase::ChooseGoal => {
                let mut options = (0..data::FACE_UP_GOALS)
                    .filter(|&s| self.affordable(s))
                    .count();
                self.trade_ups(&mut |_, _| options += 1);
                options >= 2 || (options == 1 && self.can_reveal())
            }
            Phase::ChooseDig => {
                let digs = self
                    .board
                    .top_cards()
                    .filter(|(c, _)| self.diggable(*c))
                    .count();
                digs >= 2 || self.can_reveal()
            }
            Phase::Discard => self.me().over_limit() || self.can_reveal(),
            _ => true,
        }
    }
}

/// The `secret` value of a player who was not dealt a secret goal yet.
const NONE_SECRET: usize = crate::board::NONE as usize;
