//! Plays random games and prints how they end: for balancing the designed data.
//! `cargo run --release -p dwarfs-winter --example survey -- <games>`

use dwarfs_engine::{Actor, Game, SeedStream};
use dwarfs_winter::{End, Winter, WinterOptions};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    for legendary in [false, true] {
        for players in 1..=4u8 {
            let o = WinterOptions {
                legendary,
                ..WinterOptions::default()
            };
            let mut lost_week = [0u32; 8];
            let mut survived = 0;
            let mut steps = 0usize;
            let mut legal = Vec::new();
            for seed in 0..games {
                let mut g = Winter::new(&o, players).unwrap();
                let mut chance = SeedStream::new(seed);
                let mut pick = SeedStream::derive(seed, "survey");
                loop {
                    match g.to_act() {
                        Actor::Over => break,
                        Actor::Chance => {
                            g.resolve_chance(chance.next_entropy()).unwrap();
                        }
                        a => {
                            let s = a.deciding().iter().next().unwrap();
                            g.legal_actions_for(s, &mut legal);
                            let i = pick.choose(legal.len());
                            g.play(s, &legal[i]).unwrap();
                        }
                    }
                    steps += 1;
                }
                match g.end().unwrap() {
                    End::Lost { week, .. } => lost_week[*week as usize] += 1,
                    End::Survived => survived += 1,
                }
            }
            println!(
                "legendary={legendary} players={players}: survived {survived}/{games}, lost by week {:?}, {} steps/game",
                &lost_week[1..],
                steps / games as usize
            );
        }
    }
}
