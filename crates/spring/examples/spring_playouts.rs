//! Random-playout statistics for the rules doc and the benchmark:
//! `cargo run --release -p dwarfs-spring --example spring_playouts -- <players> <games>`.
//!
//! Prints the mean decisions per game, the eras played, how games ended, mean points by
//! category, seat win rates, the share of each dwarf action, and the random-playout rate (legal
//! actions listed at every step).

use dwarfs_engine::{Actor, Game, SeedStream};
use dwarfs_spring::{Spring, SpringAction as A, SpringOptions};
use std::collections::BTreeMap;
use std::time::Instant;

fn kind(a: &A) -> &'static str {
    match a {
        A::Place { .. } => "place",
        A::Build { .. } => "build",
        A::Fortress { .. } => "fortress",
        A::Explore { at } if (*at as usize) < 6 => "explore-wild",
        A::Explore { .. } => "explore",
        A::Summon => "summon",
        A::Command { .. } => "command",
        A::Quest { .. } => "quest",
        A::Idle => "idle",
        A::Train { .. } => "train",
        A::PlayFaerie { .. } => "faerie",
        A::EndTurn => "end-turn",
        A::Engage => "fight-or-gather",
        A::Decline => "decline",
        _ => "faerie-target/remove",
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(200);
    let opts = SpringOptions::default();
    let mut moves = 0u64;
    let mut eras = BTreeMap::new();
    let mut wins = vec![0f64; players as usize];
    let mut cats: BTreeMap<String, i64> = BTreeMap::new();
    let mut chosen: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut short = 0;
    let (mut top, mut low) = (0i64, 0i64);
    let mut legal = Vec::new();
    let start = Instant::now();
    for seed in 0..games {
        let mut g = Spring::new(&opts, players).expect("setup");
        let mut chance = SeedStream::new(seed);
        let mut pick = SeedStream::derive(seed, "simulate");
        loop {
            match g.to_act() {
                Actor::Over => break,
                Actor::Chance => {
                    g.resolve_chance(chance.next_entropy()).expect("chance");
                }
                Actor::Seat(s) => {
                    g.legal_actions(&mut legal);
                    let a = legal[pick.choose(legal.len())];
                    *chosen.entry(kind(&a)).or_insert(0) += 1;
                    g.play(s, &a).expect("listed");
                    moves += 1;
                }
                Actor::Simultaneous(_) => unreachable!(),
            }
        }
        let o = g.outcome().expect("over");
        *eras.entry(g.flow().era).or_insert(0) += 1;
        if g.decks().area.iter().flatten().count() < 6 {
            short += 1;
        }
        for w in &o.winners {
            wins[w.index()] += 1.0 / o.winners.len() as f64;
        }
        for s in &o.scores {
            for l in &s.breakdown {
                *cats.entry(l.category.clone()).or_insert(0) += l.points as i64;
            }
        }
        top += o.scores.iter().map(|s| s.total).max().unwrap_or(0) as i64;
        low += o.scores.iter().map(|s| s.total).min().unwrap_or(0) as i64;
    }
    let secs = start.elapsed().as_secs_f64();
    let g = games as f64;
    println!("{players} players, {games} games");
    println!("  decisions per game: {:.0}", moves as f64 / g);
    println!(
        "  rate: {:.0} decisions/s (legal actions listed at every step)",
        moves as f64 / secs
    );
    println!("  last era: {eras:?}; ended by a short expedition area: {short}");
    println!(
        "  mean best {:.1}, mean worst {:.1}",
        top as f64 / g,
        low as f64 / g
    );
    let seatn = g * players as f64;
    for (c, p) in &cats {
        println!("  {c}: {:.2} per player", *p as f64 / seatn);
    }
    let w: Vec<String> = wins
        .iter()
        .map(|w| format!("{:.1}%", 100.0 * w / g))
        .collect();
    println!("  win share by seat: {}", w.join(", "));
    let total: u64 = chosen.values().sum();
    for (k, n) in &chosen {
        println!("  chose {k}: {:.1}%", 100.0 * *n as f64 / total as f64);
    }
}
