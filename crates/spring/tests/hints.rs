//! The bot knowledge hooks (`Game::action_weight`, `Game::evaluate`): a seat that picks at random
//! in proportion to the weights beats uniform random seats; the weights use only what the seat
//! sees; the estimate is a share of a win that follows the points.

use dwarfs_engine::playout::play_out;
use dwarfs_engine::{Actor, Game, Seat, SeedStream};
use dwarfs_spring::{Spring, SpringAction, SpringOptions};

/// A random index into `legal`, in proportion to `seat`'s action weights.
fn weighted(g: &Spring, seat: Seat, legal: &[SpringAction], rng: &mut SeedStream) -> usize {
    let weights: Vec<u64> = legal
        .iter()
        .map(|a| g.action_weight(seat, a) as u64)
        .collect();
    let total: u64 = weights.iter().sum();
    assert!(total > 0, "every weight is 0");
    let mut r = rng.next_u64() % total;
    for (i, w) in weights.iter().enumerate() {
        if r < *w {
            return i;
        }
        r -= w;
    }
    unreachable!()
}

/// Plays one game; seat `me` picks by weight, the others uniformly.
fn play(players: u8, seed: u64, me: Seat) -> Spring {
    let mut rng = SeedStream::derive(seed, "spring hints test");
    let mut chooser = |g: &Spring, seat: Seat, legal: &[SpringAction]| {
        if seat == me {
            weighted(g, seat, legal, &mut rng)
        } else {
            rng.choose(legal.len())
        }
    };
    let g = Spring::new(&SpringOptions::default(), players).unwrap();
    play_out(g, &mut chooser, &mut SeedStream::new(seed), false)
        .unwrap()
        .state
}

const GAMES: u64 = 60;

#[test]
fn a_weighted_seat_beats_uniform_seats() {
    for players in 2..=4u8 {
        let (mut wins, mut vp, mut others_vp) = (0u32, 0i64, 0i64);
        for seed in 0..GAMES {
            // The weighted seat moves round the table.
            let me = Seat((seed % players as u64) as u8);
            let g = play(players, seed, me);
            let o = g.outcome().unwrap();
            if o.winners == [me] {
                wins += 1;
            }
            vp += o.scores[me.index()].total as i64;
            others_vp += o
                .scores
                .iter()
                .filter(|s| s.seat != me)
                .map(|s| s.total as i64)
                .sum::<i64>();
        }
        println!(
            "{players} players: the weighted seat won {wins} of {GAMES} alone; mean VP {:.1} vs {:.1}",
            vp as f64 / GAMES as f64,
            others_vp as f64 / GAMES as f64 / (players - 1) as f64
        );
        // A fair seat would win about 1 game in `players`.
        assert!(
            wins as u64 * 4 >= GAMES * 3,
            "{players} players: {wins} of {GAMES}"
        );
    }
}

#[test]
fn the_estimate_is_a_share_of_a_win_that_follows_the_points() {
    let mut out = [0u16; 4];
    for seed in 0..12 {
        let players = 2 + (seed % 3) as u8;
        let n = players as usize;
        let mut g = Spring::new(&SpringOptions::default(), players).unwrap();
        let mut chance = SeedStream::new(seed);
        let mut rng = SeedStream::derive(seed, "estimate");
        loop {
            if g.to_act() == Actor::Over {
                assert!(
                    !g.evaluate(&mut out[..n]),
                    "a finished game is rated by its outcome"
                );
                break;
            }
            assert!(g.evaluate(&mut out[..n]));
            let total: u32 = out[..n].iter().map(|&x| x as u32).sum();
            assert!((990..=1000).contains(&total), "{out:?}");
            // The seat with the most points is never rated below another.
            if let Actor::Seat(_) = g.to_act() {
                let points: Vec<i32> = Seat::all(players)
                    .map(|s| g.score_lines(s).iter().map(|l| l.points).sum())
                    .collect();
                for a in 0..n {
                    for b in 0..n {
                        if points[a] > points[b] {
                            assert!(out[a] >= out[b], "{points:?} {out:?}");
                        }
                    }
                }
            }
            match g.to_act() {
                Actor::Over => break,
                Actor::Chance => {
                    g.resolve_chance(chance.next_entropy()).unwrap();
                }
                Actor::Seat(seat) => {
                    let legal = g.legal_actions_vec();
                    let i = weighted(&g, seat, &legal, &mut rng);
                    g.play(seat, &legal[i]).unwrap();
                }
                Actor::Simultaneous(_) => unreachable!(),
            }
        }
    }
}

#[test]
fn the_leader_by_the_estimate_halfway_wins_more_often_than_a_fair_share() {
    for players in 2..=4u8 {
        let n = players as usize;
        let (mut leader_won, mut games) = (0u32, 0u32);
        for seed in 0..60u64 {
            let mut g = Spring::new(&SpringOptions::default(), players).unwrap();
            let mut chance = SeedStream::new(seed);
            let mut rng = SeedStream::derive(seed, "halfway");
            let mut leader = None;
            loop {
                if leader.is_none() && g.flow().era == 3 {
                    let mut out = [0u16; 4];
                    assert!(g.evaluate(&mut out[..n]));
                    let best = (0..n).max_by_key(|&s| (out[s], n - s)).unwrap();
                    leader = Some(Seat(best as u8));
                }
                match g.to_act() {
                    Actor::Over => break,
                    Actor::Chance => {
                        g.resolve_chance(chance.next_entropy()).unwrap();
                    }
                    Actor::Seat(seat) => {
                        let legal = g.legal_actions_vec();
                        let i = weighted(&g, seat, &legal, &mut rng);
                        g.play(seat, &legal[i]).unwrap();
                    }
                    Actor::Simultaneous(_) => unreachable!(),
                }
            }
            if let Some(l) = leader {
                games += 1;
                leader_won += u32::from(g.outcome().unwrap().winners.contains(&l));
            }
        }
        println!(
            "{players} players: the leader by the estimate at era 3 won {leader_won} of {games}"
        );
        // A fair share would be games / players; the leader wins a third more at least.
        assert!(
            leader_won * players as u32 * 3 >= games * 4,
            "{players} players: {leader_won} of {games}"
        );
    }
}
