//! A plan for scripts that drive the page (`?widgets`): the clicks that play one legal action of
//! the person at the screen, from the view's map of its widgets ([`GameView::clicks`]).

use super::Table;
use crate::view::{Click, GameView};
use dwarfs_engine::{ChanceRng, Game, Seat, SeedStream, Viewer};

/// The clicks that play one legal action ([`Table::click_plan`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ClickPlan {
    /// The version of the game the plan is for: it changes when a move is played.
    pub version: u64,
    /// The action's place in the legal actions ([`Table::legal_for_viewer`]).
    pub index: usize,
    /// The action, in the game's words.
    pub action: String,
    /// The clicks, in order.
    pub clicks: Vec<Click>,
}

impl<V: GameView> Table<V> {
    /// How a person at the screen plays one of their legal actions now: the clicks the view's
    /// map ([`GameView::clicks`]) gives for an action chosen from `seed` and the game's version
    /// (the same choice until a move is played), weighted as the bots' playouts weigh them
    /// ([`Game::action_weights`]), so that a game played so ends about as soon as theirs.
    /// `None` while nobody at the screen acts, or for a view without a map.
    pub fn click_plan(&self, seed: u64) -> Option<ClickPlan> {
        let Viewer::Seat(seat) = self.viewer else {
            return None;
        };
        let legal = self.legal_for_viewer();
        let index = weighted_pick(
            &self.mirror.state,
            seat,
            &legal,
            seed ^ self.mirror.version(),
        )?;
        let action = legal.get(index)?;
        Some(ClickPlan {
            version: self.mirror.version(),
            index,
            action: self.mirror.state.describe(action),
            clicks: V::clicks(&self.mirror.state, seat, &legal, action)?,
        })
    }
}

/// The index of one of `legal` (`seat`'s actions in `game`) drawn from `seed` with the weights
/// of the bots' playouts (uniform where they are all 0); `None` for an empty list.
fn weighted_pick<G: Game>(game: &G, seat: Seat, legal: &[G::Action], seed: u64) -> Option<usize> {
    let mut rng = ChanceRng::from_entropy(SeedStream::new(seed).next_entropy());
    let mut weights = Vec::with_capacity(legal.len());
    game.action_weights(seat, legal, &mut weights);
    rng.weighted(&weights).or_else(|| rng.index(legal.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fall_view::FallView;
    use crate::table::{SeatInfo, SeatKind};
    use crate::winter_view::WinterView;
    use dwarfs_engine::Actor;
    use dwarfs_winter::{Winter, WinterOptions};

    fn seats(kinds: [SeatKind; 2]) -> Vec<SeatInfo> {
        kinds
            .into_iter()
            .enumerate()
            .map(|(i, kind)| SeatInfo {
                name: format!("Seat {i}"),
                kind,
            })
            .collect()
    }

    /// A Winter game against the random bot, the person's moves all taken from the plans: each
    /// is a legal action the playouts would weigh above 0, its clicks the view's map for it, and
    /// the same plan until a move is played.
    #[test]
    fn plans_play_a_game_against_a_bot_with_the_views_clicks() {
        let game = Winter::new(&WinterOptions::default(), 2).expect("a 2-player game");
        let mut t =
            Table::<WinterView>::from_state(game, seats([SeatKind::Human, SeatKind::Bot]), 0);
        let mut played = 0;
        for _ in 0..2000 {
            t.advance(f64::from(played) * 10.0);
            if t.outcome().is_some() {
                break;
            }
            let Some(plan) = t.click_plan(11) else {
                // The bot acts, or a chance point waits: nobody at the screen acts.
                assert!(
                    !matches!(t.mirror.state.to_act(), Actor::Seat(Seat(0))),
                    "the person acts but no plan is given"
                );
                continue;
            };
            assert_eq!(
                t.click_plan(11),
                Some(plan.clone()),
                "the same plan until a move"
            );
            let legal = t.legal_for_viewer();
            let action = &legal[plan.index];
            let mut weights = Vec::new();
            t.mirror.state.action_weights(Seat(0), &legal, &mut weights);
            assert!(
                weights[plan.index] > 0 || weights.iter().all(|w| *w == 0),
                "{} weighs 0",
                plan.action
            );
            assert_eq!(
                Some(plan.clicks),
                WinterView::clicks(&t.mirror.state, Seat(0), &legal, action)
            );
            assert_eq!(plan.action, t.mirror.state.describe(action));
            assert!(t.play(action), "{} is played", plan.action);
            played += 1;
        }
        assert!(
            t.outcome().is_some(),
            "the game ends ({played} moves of the person)"
        );
        assert!(played > 10, "the person played ({played} moves)");
    }

    #[test]
    fn no_plan_for_a_board_played_by_its_lit_targets_or_for_a_spectator() {
        let mut t =
            Table::<FallView>::demo(dwarfs_fall::Fall::new(&Default::default(), 2).unwrap());
        assert!(!t.legal_for_viewer().is_empty(), "the person acts");
        assert_eq!(t.click_plan(1), None, "Fall's board has no map of clicks");
        let game = Winter::new(&WinterOptions::default(), 2).unwrap();
        let mut w =
            Table::<WinterView>::from_state(game, seats([SeatKind::Human, SeatKind::Human]), 0);
        w.curtain = None;
        w.advance(0.0);
        assert!(w.click_plan(1).is_some());
        w.viewer = Viewer::Spectator;
        assert_eq!(w.click_plan(1), None);
        t.viewer = Viewer::Spectator;
        assert_eq!(t.click_plan(1), None);
    }
}
