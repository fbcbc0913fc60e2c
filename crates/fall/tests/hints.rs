//! Bot knowledge (`Game::action_weight`, `Game::evaluate`): a player that picks moves in
//! proportion to their weights beats the uniform random player, the weights read only what the
//! seat may see, and the evaluation is a share of a win.

use dwarfs_engine::{Actor, Game, Seat, SeedStream, Viewer};
use dwarfs_fall::{Edition, Fall, FallOptions};

/// Picks a legal action in proportion to its weight (uniformly if every weight is 0).
fn weighted(
    g: &Fall,
    seat: Seat,
    legal: &[dwarfs_fall::FallAction],
    rng: &mut SeedStream,
) -> usize {
    let w: Vec<u64> = legal
        .iter()
        .map(|a| g.action_weight(seat, a) as u64)
        .collect();
    let total: u64 = w.iter().sum();
    if total == 0 {
        return rng.choose(legal.len());
    }
    let mut r = rng.next_u64() % total;
    for (i, &x) in w.iter().enumerate() {
        if r < x {
            return i;
        }
        r -= x;
    }
    legal.len() - 1
}

/// Plays one game where `smart` picks by weight and every other seat uniformly at random;
/// returns the winners.
fn play(options: &FallOptions, players: u8, smart: Seat, seed: u64) -> Vec<Seat> {
    let mut g = Fall::new(options, players).unwrap();
    let mut chance = SeedStream::new(seed);
    let mut picks = SeedStream::new(seed ^ 0x5eed);
    let mut legal = Vec::new();
    for _ in 0..Fall::max_steps(players) {
        match g.to_act() {
            Actor::Over => return g.outcome().unwrap().winners,
            Actor::Chance => {
                g.resolve_chance(chance.next_entropy()).unwrap();
            }
            Actor::Seat(s) => {
                g.legal_actions(&mut legal);
                let i = if s == smart {
                    weighted(&g, s, &legal, &mut picks)
                } else {
                    picks.choose(legal.len())
                };
                g.play(s, &legal[i]).unwrap();
            }
            Actor::Simultaneous(_) => unreachable!("Fall has no simultaneous steps"),
        }
    }
    panic!("the game did not end");
}

/// Games won by the weighted player out of `games`, seats rotated.
fn weighted_wins(options: &FallOptions, players: u8, games: u64) -> u64 {
    (0..games)
        .filter(|&seed| {
            let smart = Seat((seed % players as u64) as u8);
            play(options, players, smart, seed).contains(&smart)
        })
        .count() as u64
}

#[test]
fn the_weighted_player_beats_the_uniform_random_player() {
    // Uniform play would win about half of 2-player games; the weights must win far more.
    let games = 60;
    let wins = weighted_wins(&FallOptions::default(), 2, games);
    assert!(
        wins * 100 >= games * 80,
        "classic, 2 players: the weighted player won {wins} of {games}"
    );
    let third = FallOptions {
        edition: Edition::Third,
        ..FallOptions::default()
    };
    let games = 45;
    let wins = weighted_wins(&third, 3, games);
    assert!(
        wins * 100 >= games * 55,
        "3rd edition, 3 players: the weighted player won {wins} of {games} (a third is even)"
    );
}

#[test]
fn weights_read_only_what_the_seat_may_see() {
    // Redrawing everything the acting seat cannot see (other hands, secret goals, decks) never
    // changes a weight.
    for (options, seed) in [
        (FallOptions::default(), 3u64),
        (
            FallOptions {
                edition: Edition::Third,
                scenario: Some(dwarfs_fall::Scenario::Bloodthirsty),
                ..FallOptions::default()
            },
            4,
        ),
    ] {
        let mut g = Fall::new(&options, 3).unwrap();
        let mut rng = SeedStream::new(seed);
        let mut checked = 0;
        for step in 0..3000 {
            match g.to_act() {
                Actor::Over => break,
                Actor::Chance => {
                    g.resolve_chance(rng.next_entropy()).unwrap();
                }
                Actor::Seat(s) => {
                    let legal = g.legal_actions_vec();
                    if step % 7 == 0 {
                        let d = g.determinize(Viewer::Seat(s), rng.next_entropy());
                        for a in &legal {
                            assert_eq!(
                                g.action_weight(s, a),
                                d.action_weight(s, a),
                                "{a:?} weighs differently with hidden cards redrawn"
                            );
                        }
                        checked += 1;
                    }
                    let a = legal[rng.choose(legal.len())];
                    g.play(s, &a).unwrap();
                }
                Actor::Simultaneous(_) => unreachable!(),
            }
        }
        assert!(checked > 20);
    }
}

#[test]
fn the_evaluation_is_a_share_of_a_win_that_favours_the_leader() {
    let mut g = Fall::new(&FallOptions::default(), 3).unwrap();
    let mut rng = SeedStream::new(11);
    let mut out = [0u16; 3];
    assert!(!g.evaluate(&mut [0u16; 2]), "one entry per seat");
    while g.to_act() != Actor::Over {
        match g.to_act() {
            Actor::Chance => {
                g.resolve_chance(rng.next_entropy()).unwrap();
            }
            Actor::Seat(s) => {
                assert!(g.evaluate(&mut out));
                let sum: u32 = out.iter().map(|&x| x as u32).sum();
                assert!((990..=1000).contains(&sum), "shares sum to {sum}");
                let scores: Vec<i32> = (0..3).map(|i| g.score_parts(Seat(i)).total()).collect();
                let best = (0..3).max_by_key(|&i| scores[i]).unwrap();
                let worst = (0..3).min_by_key(|&i| scores[i]).unwrap();
                if scores[best] > scores[worst] + 3 {
                    assert!(out[best] > out[worst], "{scores:?} -> {out:?}");
                }
                let legal = g.legal_actions_vec();
                let a = legal[rng.choose(legal.len())];
                g.play(s, &a).unwrap();
            }
            _ => unreachable!(),
        }
    }
    assert!(
        !g.evaluate(&mut out),
        "a finished game is rated by its outcome, not the evaluation"
    );
}

/// A dwarf stuck on a monster (a dwarf of another colour holds a spot its colour needs) walks
/// off freely, while one whose task can still complete costs weight to move: the rulebook's
/// stuck dwarfs must not be kept where they are stuck (rules version 9).
#[test]
fn a_stuck_dwarf_walks_off_freely() {
    use dwarfs_fall::Colour::{Blue, Red};
    use dwarfs_fall::Kind::{Castle, EmeraldMine, FrostGiant};
    use dwarfs_fall::{Dir, FallAction, FallBuilder, Pos};
    // Two giants with three blue dwarfs each, the same emerald mine south of each; a red dwarf
    // sits on the east giant only, so blue can never defeat it (5 of one colour on 5 spots).
    let g = FallBuilder::new(2)
        .card(0, 0, Blue, Castle)
        .card(-1, 0, Blue, FrostGiant)
        .card(1, 0, Red, FrostGiant)
        .card(-1, 1, Blue, EmeraldMine)
        .card(1, 1, Red, EmeraldMine)
        .dwarfs(-1, 0, Blue, 3)
        .dwarfs(1, 0, Blue, 3)
        .dwarfs(1, 0, Red, 1)
        .build();
    let walk = |x: i8| {
        g.action_weight(
            Seat(0),
            &FallAction::MoveDwarf {
                from: Pos::new(x, 0),
                dir: Dir::South,
            },
        )
    };
    let (free, stuck) = (walk(-1), walk(1));
    assert!(
        stuck > free,
        "leaving the blocked giant weighs {stuck}, leaving the open one {free}"
    );
}
