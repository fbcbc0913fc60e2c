//! Random-bot simulation statistics: `cargo run -p dwarfs-hold --example simulate -- 4 200`.

use dwarfs_engine::playout::random_playout;
use dwarfs_engine::{Game, Seat};
use dwarfs_hold::{Hold, HoldOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100);
    let opts = HoldOptions::default();
    let mut moves = 0usize;
    let mut turns = 0usize;
    let mut wins = vec![0u32; players as usize];
    let mut spread = 0i64;
    let mut ends = std::collections::BTreeMap::new();
    let mut top = 0i64;
    for seed in 0..games {
        let p = random_playout::<Hold>(&opts, players, seed, false).expect("playout");
        moves += p.decisions;
        turns += p.state.turn() as usize;
        let o = p.state.outcome().expect("over");
        for w in &o.winners {
            wins[w.index()] += 1;
        }
        let totals: Vec<i64> = o.scores.iter().map(|s| s.total as i64).collect();
        spread += totals.iter().max().unwrap() - totals.iter().min().unwrap();
        top += totals.iter().max().unwrap();
        for e in p.state.end_conditions() {
            *ends.entry(format!("{e:?}")).or_insert(0) += 1;
        }
        let _ = Seat(0);
    }
    let g = games as f64;
    println!(
        "players {players} games {games}: mean decisions {:.0}, mean turns {:.1}, mean winning score {:.1}, mean spread {:.1}",
        moves as f64 / g,
        turns as f64 / g,
        top as f64 / g,
        spread as f64 / g
    );
    println!("wins by seat {wins:?}");
    println!("end conditions {ends:?}");
}
