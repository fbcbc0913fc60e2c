//! The greedy bot: it plays every phase from its seat's view only, and it holds the castle far
//! more often than random play.

use dwarfs_engine::{Actor, Bot, Game, RandomBot, SeatView, SeedStream};
use dwarfs_winter::{GreedyBot, Winter, WinterOptions};

/// Plays a game with one bot per seat; true if the winter was survived.
fn survives(options: &WinterOptions, players: u8, seed: u64, greedy: bool) -> bool {
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
                let i = bots[s.index()].choose(&SeatView::new(&g, s), &legal);
                assert!(i < legal.len());
                g.play(s, &legal[i]).unwrap();
            }
        }
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
        nightmare: true,
        bloodlust: true,
        legendary: true,
    };
    for players in 1..=4 {
        survives(&all, players, 1, true);
    }
}
