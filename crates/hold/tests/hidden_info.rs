//! Non-interference: what a viewer observes never depends on other players' hidden hands.
//!
//! Along random games, each viewer's observation is compared with the observation of the same
//! state in which every *other* player's hand has been replaced by different tiles of the same
//! count. Any difference would be a leak.

use dwarfs_engine::{Actor, Bot, Game, RandomBot, Seat, SeedStream, Viewer};
use dwarfs_hold::{Hold, HoldOptions, Stage, WorkTile};

/// `n` tiles that are in the draw pile (after `hand` goes back into it), preferring designs
/// not in `hand`, or `None` if the pile cannot supply them.
fn other_tiles(g: &Hold, hand: &[WorkTile], n: usize) -> Option<Vec<WorkTile>> {
    let mut counts = g.draw_pile_counts().to_vec();
    for t in hand {
        counts[*t as usize] += 1;
    }
    let mut out = Vec::new();
    for pass in 0..2 {
        for t in WorkTile::ALL.iter().rev() {
            if pass == 0 && hand.contains(t) {
                continue;
            }
            while counts[*t as usize] > 0 && out.len() < n {
                counts[*t as usize] -= 1;
                out.push(*t);
            }
        }
    }
    (out.len() == n).then_some(out)
}

#[test]
fn observations_do_not_depend_on_other_hands() {
    for (players, seed) in [(2u8, 1u64), (4, 2), (8, 3)] {
        let mut g = Hold::new(&HoldOptions::default(), players).unwrap();
        let mut chance = SeedStream::new(seed);
        let mut bot = RandomBot::new(seed);
        let mut legal = Vec::new();
        let mut checked = 0;
        for step in 0..3000 {
            match g.to_act() {
                Actor::Over | Actor::Simultaneous(_) => break,
                Actor::Chance => {
                    g.resolve_chance(chance.next_entropy()).unwrap();
                }
                Actor::Seat(s) => {
                    if step % 7 == 0 && !matches!(g.stage(), Stage::Offer(_)) {
                        for v in 0..players {
                            let viewer = Seat(v);
                            let mut other = g.clone();
                            let mut changed = false;
                            for o in (0..players).map(Seat).filter(|o| *o != viewer) {
                                let hand = g.hand(o).to_vec();
                                if hand.is_empty() {
                                    continue;
                                }
                                if let Some(t) = other_tiles(&other, &hand, hand.len()) {
                                    other.set_hand(o, &t);
                                    changed = true;
                                }
                            }
                            if !changed {
                                continue;
                            }
                            assert_eq!(
                                g.observe(Viewer::Seat(viewer)),
                                other.observe(Viewer::Seat(viewer)),
                                "players {players} seed {seed} step {step}: viewer {viewer} \
                                 sees another player's hand"
                            );
                            checked += 1;
                        }
                    }
                    g.legal_actions(&mut legal);
                    let i = bot.choose(&dwarfs_engine::SeatView::new(&g, s), &legal);
                    g.play(s, &legal[i]).unwrap();
                }
            }
        }
        assert!(checked > 50, "too few comparisons: {checked}");
    }
}
