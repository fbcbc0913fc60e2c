//! Balance checks by simulation with simple heuristic players:
//! `cargo run --release -p dwarfs-spring --example spring_balance -- <games>`.
//!
//! A heuristic player scores every legal action by its kind (weights per strategy), with a little
//! noise, and plays the best. Reported: seat win rates and points by category with every seat
//! balanced; how a one-sided strategy in seat 0 fares against three balanced players; and how
//! games end.

use dwarfs_engine::{Actor, Game, Seat, SeedStream};
use dwarfs_spring::data::{FAERIE_DATA, FaerieKind, Spot};
use dwarfs_spring::map;
use dwarfs_spring::{Pending, Spring, SpringAction as A, SpringOptions};

#[derive(Clone, Copy, Debug)]
struct Strategy {
    name: &'static str,
    build: i32,
    fight: i32,
    gather: i32,
    quest: i32,
    dragons: i32,
    faeries: i32,
    explore: i32,
}

const BALANCED: Strategy = Strategy {
    name: "balanced",
    build: 40,
    fight: 35,
    gather: 25,
    quest: 100,
    dragons: 35,
    faeries: 20,
    explore: 15,
};

fn value(g: &Spring, s: Seat, a: &A, st: &Strategy, noise: i32) -> i32 {
    let spot_value = |at: u8| match map::spot(at) {
        Some(Spot::Resource { amount, .. }) => amount as i32 * 5,
        _ => 0,
    };
    noise
        + match *a {
            A::Place { at, .. } => spot_value(at),
            A::Build { at, .. } => st.build + spot_value(at),
            A::Fortress { .. } => 90,
            A::Explore { at } if map::is_wild(at) => {
                if g.board().monster_at[at as usize].is_some() {
                    st.fight
                } else {
                    st.gather
                }
            }
            A::Engage => match g.flow().pending {
                Some(Pending::Wild { wild }) if g.board().monster_at[wild as usize].is_some() => {
                    st.fight
                }
                _ => st.gather,
            },
            A::Decline => 0,
            A::Explore { .. } => st.explore,
            A::Summon => st.faeries,
            A::Command { second, .. } => st.dragons + if second.is_some() { 10 } else { 0 },
            A::Quest { .. } => st.quest,
            A::Idle | A::EndTurn | A::KeepHeroes => 0,
            A::Train { .. } => 80,
            A::PlayFaerie { card } => match FAERIE_DATA[card as usize] {
                FaerieKind::Wanderer | FaerieKind::Trickster | FaerieKind::Shifter => -5,
                FaerieKind::Dawn => 10,
                _ => 50,
            },
            A::StopFaerie => 1,
            A::RemoveHero { card } => {
                // Drop a starting hero showing nothing useful for this strategy.
                let e = g.empire(s).unwrap();
                if card == 6 && e.heroes.count_ones() > 8 {
                    2
                } else {
                    -1
                }
            }
            _ => 5,
        }
}

fn play(players: u8, seed: u64, strategies: &[Strategy]) -> Spring {
    let mut g = Spring::new(&SpringOptions::default(), players).unwrap();
    let mut chance = SeedStream::new(seed);
    let mut noise = SeedStream::derive(seed, "balance noise");
    let mut legal = Vec::new();
    loop {
        match g.to_act() {
            Actor::Over => return g,
            Actor::Chance => {
                g.resolve_chance(chance.next_entropy()).unwrap();
            }
            Actor::Seat(s) => {
                g.legal_actions(&mut legal);
                let st = &strategies[s.index()];
                let best = legal
                    .iter()
                    .max_by_key(|a| value(&g, s, a, st, noise.choose(12) as i32))
                    .copied()
                    .unwrap();
                g.play(s, &best).unwrap();
            }
            Actor::Simultaneous(_) => unreachable!(),
        }
    }
}

fn report(players: u8, games: u64, strategies: &[Strategy]) {
    let mut wins = vec![0f64; players as usize];
    let mut cats = std::collections::BTreeMap::<String, Vec<i64>>::new();
    let (mut short, mut total) = (0, 0i64);
    for seed in 0..games {
        let g = play(players, seed, strategies);
        let o = g.outcome().unwrap();
        for w in &o.winners {
            wins[w.index()] += 1.0 / o.winners.len() as f64;
        }
        for sc in &o.scores {
            total += sc.total as i64;
            for l in &sc.breakdown {
                cats.entry(l.category.clone())
                    .or_insert(vec![0; players as usize])[sc.seat.index()] += l.points as i64;
            }
        }
        if o.summary.contains("expedition") {
            short += 1;
        }
    }
    let names: Vec<&str> = strategies.iter().map(|s| s.name).collect();
    println!("{players} players, {games} games, seats {names:?}");
    let w: Vec<String> = wins
        .iter()
        .map(|w| format!("{:.1}%", 100.0 * w / games as f64))
        .collect();
    println!("  win share by seat: {}", w.join(", "));
    println!(
        "  mean score {:.1}; ended early by the expedition rule: {:.1}%",
        total as f64 / (games * players as u64) as f64,
        100.0 * short as f64 / games as f64
    );
    for (c, v) in &cats {
        let per: Vec<String> = v
            .iter()
            .map(|p| format!("{:.1}", *p as f64 / games as f64))
            .collect();
        println!("  {c}: {}", per.join(" / "));
    }
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    for players in 2..=4 {
        report(players, games, &vec![BALANCED; players as usize]);
    }
    let one_sided = [
        Strategy {
            name: "builder",
            build: 120,
            ..BALANCED
        },
        Strategy {
            name: "fighter",
            fight: 120,
            ..BALANCED
        },
        Strategy {
            name: "gatherer",
            gather: 120,
            ..BALANCED
        },
        Strategy {
            name: "dragons",
            dragons: 120,
            ..BALANCED
        },
        Strategy {
            name: "faeries",
            faeries: 120,
            ..BALANCED
        },
        Strategy {
            name: "no-quests",
            quest: -50,
            ..BALANCED
        },
    ];
    for st in one_sided {
        report(4, games, &[st, BALANCED, BALANCED, BALANCED]);
    }
}
