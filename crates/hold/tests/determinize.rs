//! `Hold::determinized`: along random games, for every viewer, a redrawn state looks the same to
//! that viewer, keeps the invariants, plays on to the end, is a function of the entropy, and
//! really redraws hidden tiles.
//!
//! `HOLD_SEEDS` sets the games per player count (default 6).

use dwarfs_engine::playout::random_states;
use dwarfs_engine::{Actor, Entropy, Game, RandomBot, Seat, SeedStream, Viewer, state_hash};
use dwarfs_hold::{Hold, HoldOptions, Stage};

fn seeds() -> u64 {
    std::env::var("HOLD_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6)
}

fn entropy(i: u8) -> Entropy {
    let mut e = [0x5a; 32];
    e[0] = i;
    e
}

/// States along a random game (every `every` steps, plus every staged Rune Stones pick, dig or
/// fight, and offer).
fn states(players: u8, seed: u64, options: &HoldOptions, every: usize) -> Vec<Hold> {
    let g = Hold::new(options, players).expect("setup");
    random_states(g, seed, |step, g| {
        let staged = matches!(
            g.stage(),
            Stage::RunePick(_) | Stage::Claim { .. } | Stage::Offer(_)
        );
        step % every == 0 || (staged && step % 3 == 0)
    })
    .expect("the game ends")
}

/// Whether `viewer` is missing any tile that could be elsewhere: a hidden tile (another hand,
/// another's Rune Stones draw) and a draw pile with some other design.
fn has_hidden_choice(g: &Hold, viewer: Viewer) -> bool {
    let mut pool: Vec<usize> = Vec::new();
    let mut slots = 0;
    for s in 0..g.players() {
        if viewer == Viewer::Seat(Seat(s)) {
            continue;
        }
        let mut hand = g.hand(Seat(s)).to_vec();
        if let Stage::Claim { tiles, .. } = g.stage()
            && g.current_seat() == Some(Seat(s))
        {
            for t in tiles {
                if let Some(i) = hand.iter().position(|x| x == t) {
                    hand.remove(i);
                }
            }
        }
        slots += hand.len();
        pool.extend(hand.iter().map(|t| *t as usize));
    }
    if matches!(g.stage(), Stage::Offer(_)) {
        return false; // tiles given in an offer are kept: skip the bookkeeping here
    }
    for (i, c) in g.draw_pile_counts().iter().enumerate() {
        if *c > 0 {
            pool.push(i);
        }
    }
    pool.sort();
    pool.dedup();
    slots > 0 && g.draw_pile_len() > 0 && pool.len() >= 2
}

fn check_state(g: &Hold, playout_seed: u64, playout: bool) -> (usize, usize) {
    let (mut hidden, mut changed) = (0, 0);
    for viewer in Viewer::all(g.players()) {
        let want = g.observe(viewer);
        let mut differs = false;
        for i in 0..8 {
            let d = g.determinized(viewer, entropy(i));
            assert_eq!(
                d.observe(viewer),
                want,
                "{viewer:?}: the observation changed"
            );
            d.check_invariants()
                .unwrap_or_else(|e| panic!("{viewer:?}: {e}"));
            assert_eq!(
                d,
                g.determinized(viewer, entropy(i)),
                "not a function of the entropy"
            );
            assert_eq!(d.to_act(), g.to_act());
            differs |= state_hash(&d) != state_hash(g);
            if i == 0 {
                // Every listed action applies.
                for a in d.legal_actions_vec() {
                    let mut e = d.clone();
                    let s = match e.to_act() {
                        Actor::Seat(s) => s,
                        other => panic!("actions listed for {other:?}"),
                    };
                    e.play(s, &a)
                        .unwrap_or_else(|err| panic!("{a:?} listed but refused: {err}"));
                }
                if let Actor::Seat(_) = d.to_act() {
                    assert!(!d.legal_actions_vec().is_empty(), "no legal action");
                }
            }
        }
        if playout {
            let d = g.determinized(viewer, entropy(99));
            let mut bot = RandomBot::new(playout_seed);
            dwarfs_engine::playout::play_out(
                d,
                &mut dwarfs_engine::Seated(&mut bot),
                &mut SeedStream::new(playout_seed),
                false,
            )
            .unwrap_or_else(|e| panic!("{viewer:?}: playout from a redrawn state: {e}"));
        }
        if has_hidden_choice(g, viewer) {
            hidden += 1;
            changed += differs as usize;
            assert!(differs, "{viewer:?}: 8 redraws all equal the true state");
        }
    }
    (hidden, changed)
}

#[test]
fn determinized_states_agree_with_the_observation_and_play_on() {
    let options = HoldOptions {
        max_turns: 6,
        ..HoldOptions::default()
    };
    let mut hidden = 0;
    for players in [2u8, 3, 5, 8] {
        for seed in 0..seeds() {
            for (k, g) in states(players, seed, &options, 97).iter().enumerate() {
                let (h, _) = check_state(g, seed * 1000 + k as u64, k % 7 == 0);
                hidden += h;
            }
        }
    }
    assert!(
        hidden > 100,
        "too few states with hidden information: {hidden}"
    );
}

#[test]
fn determinized_states_hold_late_in_full_games() {
    for players in [2u8, 4] {
        for seed in 0..seeds().div_ceil(3) {
            for (k, g) in states(players, 100 + seed, &HoldOptions::default(), 401)
                .iter()
                .enumerate()
            {
                check_state(g, seed * 1000 + k as u64, k % 5 == 0);
            }
        }
    }
}

#[test]
fn rune_stones_draws_are_redrawn_for_everyone_but_the_drawer() {
    use dwarfs_hold::{HoldAction as A, Phase, WorkTile as W};
    let mut g = Hold::test_position(3, Phase::Event);
    g.set_hand(Seat(0), &[W::RuneStones]);
    g.play(Seat(0), &A::PlayEvent(W::RuneStones)).unwrap();
    g.resolve_chance(entropy(1)).unwrap();
    let Stage::RunePick(drawn) = g.stage().clone() else {
        panic!("Rune Stones drew nothing")
    };
    assert_eq!(drawn.len(), 7);
    let mine = g.determinized(Viewer::Seat(Seat(0)), entropy(2));
    assert_eq!(mine.stage(), g.stage(), "the drawer sees its draw");
    let mut redrawn = false;
    for i in 0..8 {
        let other = g.determinized(Viewer::Seat(Seat(1)), entropy(i));
        let Stage::RunePick(d) = other.stage() else {
            panic!("the stage changed")
        };
        assert_eq!(d.len(), 7);
        redrawn |= *d != drawn;
        assert_eq!(
            other.hand(Seat(1)),
            g.hand(Seat(1)),
            "the viewer's hand is kept"
        );
    }
    assert!(redrawn);
}
