//! The greedy bot: it plays every phase from its seat's view only, and it holds the castle far
//! more often than random play.

use dwarfs_engine::{Actor, Bot, Game, RandomBot, SeatView, SeedStream};
use dwarfs_winter::{GreedyBot, Winter, WinterOptions};

/// Plays a game with one bot per seat; true if the winter was survived.
fn survives(options: &WinterOptions, players: u8, seed: u64, greedy: bool) -> bool {
    play_game(options, players, seed, greedy, false)
}

/// [`survives`], and with `thorough` every listed action is applied to a copy and the state
/// goes through the codec at every decision.
fn play_game(
    options: &WinterOptions,
    players: u8,
    seed: u64,
    greedy: bool,
    thorough: bool,
) -> bool {
    let mut g = Winter::new(options, players).unwrap();
    let mut chance = SeedStream::new(seed);
    let mut bots: Vec<Box<dyn Bot<Winter>>> = (0..players as u64)
        .map(|i| -> Box<dyn Bot<Winter>> {
            if greedy {
                Box::new(GreedyBot::new(seed * 10 + i))
            } else {
                Box::new(RandomBot::new(seed * 10 + i))
            }
        })
        .collect();
    for _ in 0..Winter::max_steps(players) {
        match g.to_act() {
            Actor::Over => return !g.outcome().unwrap().all_lost,
            Actor::Chance => {
                g.resolve_chance(chance.next_entropy()).unwrap();
            }
            a => {
                let s = a.deciding().iter().next().unwrap();
                let legal = g.legal_actions_for_vec(s);
                if thorough {
                    for a in &legal {
                        let mut copy = g.clone();
                        copy.play(s, a)
                            .unwrap_or_else(|e| panic!("{a:?} listed but refused: {e}"));
                        copy.check_invariants().unwrap();
                    }
                    let bytes = dwarfs_engine::codec::encode(&g);
                    let back: Winter = dwarfs_engine::codec::decode(&bytes).unwrap();
                    assert_eq!(back, g);
                }
                let i = bots[s.index()].choose(&SeatView::new(&g, s), &legal);
                assert!(i < legal.len());
                g.play(s, &legal[i]).unwrap();
            }
        }
        g.check_invariants().unwrap();
    }
    panic!("the game did not end");
}

#[test]
fn the_greedy_bot_plays_whole_games_and_survives_far_more_often_than_random_play() {
    let o = WinterOptions::default();
    for players in [1, 4] {
        let greedy = (0..20).filter(|&s| survives(&o, players, s, true)).count();
        let random = (0..20).filter(|&s| survives(&o, players, s, false)).count();
        assert!(
            greedy > random + 2,
            "{players} players: greedy {greedy}, random {random}"
        );
    }
    let all = WinterOptions {
        nightmare: false,
        bloodlust: true,
        legendary: true,
    };
    let survived = (1..=4)
        .flat_map(|players| (0..10).map(move |seed| (players, seed)))
        .filter(|&(players, seed)| survives(&all, players, seed, true))
        .count();
    assert!(
        survived > 0,
        "late weeks and scoring are reached with Legendary! and bloodlust"
    );
}

#[test]
fn every_listed_action_applies_along_greedy_games_that_reach_the_late_weeks() {
    let all = WinterOptions {
        nightmare: true,
        bloodlust: true,
        legendary: true,
    };
    for o in [WinterOptions::default(), all] {
        for players in 1..=4 {
            for seed in 0..2 {
                play_game(&o, players, seed, true, true);
            }
        }
    }
}
