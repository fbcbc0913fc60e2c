//! Random-bot simulation statistics for the rules doc:
//! `cargo run -p dwarfs-hold --example simulate -- <players> <games>`.

use dwarfs_engine::Game;
use dwarfs_engine::playout::random_playout;
use dwarfs_hold::{Hold, HoldOptions};
use std::collections::BTreeMap;

/// `num / den` with one decimal, in integers.
fn ratio(num: i64, den: i64) -> String {
    let tenths = (num * 10 + den / 2) / den.max(1);
    format!("{}.{}", tenths / 10, tenths.rem_euclid(10))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100);
    let opts = HoldOptions::default();
    let (mut moves, mut turns, mut spread, mut top, mut low) = (0i64, 0i64, 0i64, 0i64, 0i64);
    let mut wins = vec![0u32; players as usize];
    let mut ends: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 0..games {
        let p = random_playout::<Hold>(&opts, players, seed, false).expect("playout");
        moves += p.decisions as i64;
        turns += p.state.turn() as i64;
        let o = p.state.outcome().expect("over");
        for w in &o.winners {
            wins[w.index()] += 1;
        }
        let totals: Vec<i64> = o.scores.iter().map(|s| s.total as i64).collect();
        let (max, min) = (totals.iter().max().unwrap(), totals.iter().min().unwrap());
        spread += max - min;
        top += max;
        low += min;
        for e in p.state.end_conditions() {
            *ends.entry(format!("{e:?}")).or_insert(0) += 1;
        }
    }
    let g = games as i64;
    println!(
        "| {players} | {games} | {} | {} | {} | {} | {} | {wins:?} | {ends:?} |",
        ratio(moves, g),
        ratio(turns, g),
        ratio(top, g),
        ratio(low, g),
        ratio(spread, g),
    );
}
