//! Plays games with random or greedy players and prints how they end: for balancing the
//! designed data. `cargo run --release -p dwarfs-winter --example survey -- <games> [random]
//! [variant]`, where `variant` (base, nightmare, bloodlust, legendary, all) plays only that one.

use dwarfs_engine::{Actor, Game, SeedStream};
use dwarfs_winter::bot::greedy_pick;
use dwarfs_winter::{End, Winter, WinterOptions};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let random = std::env::args().nth(2).is_some_and(|a| a == "random");
    let only = std::env::args().nth(3);
    let variants = [
        ("base", WinterOptions::default()),
        (
            "nightmare",
            WinterOptions {
                nightmare: true,
                ..WinterOptions::default()
            },
        ),
        (
            "bloodlust",
            WinterOptions {
                bloodlust: true,
                ..WinterOptions::default()
            },
        ),
        (
            "legendary",
            WinterOptions {
                legendary: true,
                ..WinterOptions::default()
            },
        ),
        (
            "all",
            WinterOptions {
                nightmare: true,
                bloodlust: true,
                legendary: true,
            },
        ),
    ];
    for (name, o) in variants {
        if only.as_deref().is_some_and(|v| v != name) {
            continue;
        }
        for players in 1..=4u8 {
            let mut lost_week = [0u32; 8];
            let mut survived = 0;
            let mut steps = 0usize;
            let mut total_vp = 0i64;
            let mut wins = [0u32; 4];
            let mut cats: Vec<(String, i64)> = Vec::new();
            let mut legal = Vec::new();
            let start = std::time::Instant::now();
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
                            let action = if random {
                                g.legal_actions_for(s, &mut legal);
                                legal[pick.choose(legal.len())]
                            } else {
                                greedy_pick(&g, s).unwrap()
                            };
                            g.play(s, &action).unwrap();
                        }
                    }
                    steps += 1;
                }
                let o = g.outcome().unwrap();
                match g.end().unwrap() {
                    End::Lost { week, .. } => lost_week[*week as usize] += 1,
                    End::Survived => {
                        survived += 1;
                        for w in &o.winners {
                            wins[w.index()] += 1;
                        }
                        total_vp += o.scores.iter().map(|s| s.total as i64).sum::<i64>();
                        for sc in &o.scores {
                            for l in &sc.breakdown {
                                match cats.iter_mut().find(|(c, _)| *c == l.category) {
                                    Some(e) => e.1 += l.points as i64,
                                    None => cats.push((l.category.clone(), l.points as i64)),
                                }
                            }
                        }
                    }
                }
            }
            println!(
                "{name} {players}p: survived {survived}/{games}, lost in week {:?}, mean VP when survived {:.1}, wins by seat {:?}, {} steps/game",
                &lost_week[1..],
                total_vp as f64 / (survived.max(1) as f64 * players as f64),
                &wins[..players as usize],
                steps / games as usize
            );
            if random {
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                println!(
                    "    {:.2} M steps/s (legal actions listed at every decision)",
                    steps as f64 / secs / 1e6
                );
            }
            let n = (survived.max(1) * players as u32) as f64;
            let parts: Vec<String> = cats
                .iter()
                .map(|(c, v)| format!("{c} {:.1}", *v as f64 / n))
                .collect();
            println!("    per player when survived: {}", parts.join(", "));
        }
    }
}
