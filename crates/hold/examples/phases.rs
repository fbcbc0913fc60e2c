//! Decisions per phase in random playouts (development aid).
use dwarfs_engine::{Actor, Bot, Game, RandomBot, SeedStream};
use dwarfs_hold::{Hold, HoldOptions};
fn main() {
    let players: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4);
    let mut counts = std::collections::BTreeMap::new();
    for seed in 0..10u64 {
        let mut g = Hold::new(&HoldOptions::default(), players).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut ch = SeedStream::new(seed);
        let mut legal = Vec::new();
        loop {
            match g.to_act() {
                Actor::Over => break,
                Actor::Chance => {
                    g.resolve_chance(ch.next_entropy()).unwrap();
                    *counts.entry("chance".to_string()).or_insert(0) += 1;
                }
                Actor::Seat(s) => {
                    g.legal_actions(&mut legal);
                    let i = bot.choose(&g, s, &legal);
                    *counts.entry(format!("{:?}", g.phase())).or_insert(0) += 1;
                    g.play(s, &legal[i]).unwrap();
                }
            }
        }
    }
    println!("{counts:?}");
}
