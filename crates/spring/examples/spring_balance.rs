//! Balance checks by simulation with the greedy bot (`dwarfs_spring::bot`) under different
//! weights: `cargo run --release -p dwarfs-spring --example spring_balance -- <games>`.
//!
//! Reported: with every seat balanced, the seat win rates, the points by category, the cards
//! taken from the expedition area and how games end; then mixed tables, each strategy against
//! balanced players and against each other, with the seats rotated game by game (the strategy
//! under test sits in every seat equally often), so its win share is compared with the fair
//! share `1 / players`.

use dwarfs_engine::{Actor, Bot, Game, SeatView, SeedStream};
use dwarfs_spring::data::{AREA_SIZE, DECK_MONSTERS, ERAS, QUESTS, SETUP_MONSTERS};
use dwarfs_spring::{GreedyBot, Spring, SpringAction as A, SpringEvent, SpringOptions, Weights};

const B: Weights = Weights::BALANCED;

fn strategies() -> Vec<Weights> {
    vec![
        Weights {
            name: "quest-heavy",
            quest: 400,
            faeries: 45,
            ..B
        },
        Weights {
            name: "quest-light",
            quest: 20,
            ..B
        },
        Weights {
            name: "builder",
            build: 110,
            fortress: 160,
            ..B
        },
        Weights {
            name: "fighter",
            fight: 170,
            ..B
        },
        Weights {
            name: "no-fights",
            fight: -100,
            ..B
        },
        Weights {
            name: "gatherer",
            gather: 120,
            ..B
        },
        Weights {
            name: "no-gathering",
            gather: -100,
            ..B
        },
        Weights {
            name: "dragons",
            dragons: 120,
            train: 150,
            ..B
        },
        Weights {
            name: "faeries",
            faeries: 120,
            ..B
        },
        Weights {
            name: "fortress-first",
            fortress: 250,
            build: 20,
            ..B
        },
    ]
}

/// What one game came to.
struct Played {
    game: Spring,
    /// Turns on which a quest was among the legal actions, and those on which one was taken.
    quest_turns: (u64, u64),
    /// Fights fought, and fights won.
    fights: (u64, u64),
}

fn play(players: u8, seed: u64, seats: &[Weights]) -> Played {
    let mut g = Spring::new(&SpringOptions::default(), players).unwrap();
    let mut chance = SeedStream::new(seed);
    let mut bots: Vec<GreedyBot> = seats
        .iter()
        .enumerate()
        .map(|(i, w)| GreedyBot::with_weights(seed * 8 + i as u64, *w))
        .collect();
    let mut legal = Vec::new();
    let (mut quest_turns, mut fights) = ((0, 0), (0, 0));
    loop {
        match g.to_act() {
            Actor::Over => {
                return Played {
                    game: g,
                    quest_turns,
                    fights,
                };
            }
            Actor::Chance => {
                for e in g.resolve_chance(chance.next_entropy()).unwrap() {
                    match e {
                        SpringEvent::MonsterDefeated { .. } => {
                            fights = (fights.0 + 1, fights.1 + 1)
                        }
                        SpringEvent::FightLost { .. } => fights.0 += 1,
                        _ => {}
                    }
                }
            }
            Actor::Seat(s) => {
                g.legal_actions(&mut legal);
                let i = bots[s.index()].choose(&SeatView::new(&g, s), &legal);
                if legal.iter().any(|a| matches!(a, A::Quest { .. })) {
                    quest_turns.0 += 1;
                    quest_turns.1 += u64::from(matches!(legal[i], A::Quest { .. }));
                }
                g.play(s, &legal[i]).unwrap();
            }
            Actor::Simultaneous(_) => unreachable!(),
        }
    }
}

/// Cards that left the expedition area (quests fulfilled, monsters defeated) in a game.
fn taken(g: &Spring) -> usize {
    let all = QUESTS + DECK_MONSTERS + SETUP_MONSTERS;
    all - g.area_cards().count() - g.exp_deck_len() as usize
}

#[derive(Default)]
struct Tally {
    games: u64,
    players: u64,
    wins: Vec<f64>,
    total: i64,
    cats: std::collections::BTreeMap<String, Vec<i64>>,
    taken: u64,
    early: u64,
    short: u64,
    monsters_left: u64,
    quest_turns: (u64, u64),
    fights: (u64, u64),
}

impl Tally {
    fn add(&mut self, p: &Played, seat_of: impl Fn(usize) -> usize) {
        let g = &p.game;
        let o = g.outcome().unwrap();
        let n = g.players() as usize;
        self.wins.resize(n, 0.0);
        self.games += 1;
        self.players = n as u64;
        for w in &o.winners {
            self.wins[seat_of(w.index())] += 1.0 / o.winners.len() as f64;
        }
        for sc in &o.scores {
            self.total += sc.total as i64;
            for l in &sc.breakdown {
                self.cats.entry(l.category.clone()).or_insert(vec![0; n])
                    [seat_of(sc.seat.index())] += l.points as i64;
            }
        }
        self.taken += taken(g) as u64;
        self.quest_turns.0 += p.quest_turns.0;
        self.quest_turns.1 += p.quest_turns.1;
        self.fights.0 += p.fights.0;
        self.fights.1 += p.fights.1;
        self.monsters_left += g
            .area_cards()
            .filter(|&c| dwarfs_spring::state::is_monster(c))
            .count() as u64;
        if g.flow().era < ERAS {
            self.early += 1;
        }
        if g.area_cards().count() < AREA_SIZE {
            self.short += 1;
        }
    }

    fn print(&self, names: &[&str]) {
        let pct = |x: f64| format!("{:.1}%", 100.0 * x / self.games as f64);
        let w: Vec<String> = self.wins.iter().map(|&w| pct(w)).collect();
        println!("  games {}; win share: {}", self.games, {
            names
                .iter()
                .zip(&w)
                .map(|(a, b)| format!("{a} {b}"))
                .collect::<Vec<_>>()
                .join(", ")
        });
        println!(
            "  monsters in the area at the end {:.1}; a quest was open on {:.1} turns a game and taken on {:.1}; {:.1} fights a game, {:.0}% won",
            self.monsters_left as f64 / self.games as f64,
            self.quest_turns.0 as f64 / self.games as f64,
            self.quest_turns.1 as f64 / self.games as f64,
            self.fights.0 as f64 / self.games as f64,
            100.0 * self.fights.1 as f64 / self.fights.0.max(1) as f64,
        );
        println!(
            "  mean score {:.1}; cards taken from the area {:.1} per game; area short at the end {}; ended before era 4 {}",
            self.total as f64 / (self.games * self.players) as f64,
            self.taken as f64 / self.games as f64,
            pct(self.short as f64),
            pct(self.early as f64),
        );
        for (c, v) in &self.cats {
            let per: Vec<String> = v
                .iter()
                .map(|p| format!("{:.1}", *p as f64 / self.games as f64))
                .collect();
            println!("    {c}: {}", per.join(" / "));
        }
    }
}

/// Every seat the same strategy: seat win rates.
fn same(players: u8, games: u64, w: Weights) {
    let mut t = Tally::default();
    for seed in 0..games {
        t.add(&play(players, seed, &vec![w; players as usize]), |s| s);
    }
    println!("{players} players, every seat {}", w.name);
    let names: Vec<String> = (0..players).map(|s| format!("seat {s}")).collect();
    t.print(&names.iter().map(String::as_str).collect::<Vec<_>>());
}

/// `a` in one seat (rotated) against `players - 1` copies of `b`: win shares by strategy.
fn mixed(players: u8, games: u64, a: Weights, b: Weights) {
    let mut t = Tally::default();
    for seed in 0..games {
        let at = (seed % players as u64) as usize;
        let seats: Vec<Weights> = (0..players as usize)
            .map(|i| if i == at { a } else { b })
            .collect();
        // Column 0: the strategy under test; column 1: the others together.
        t.add(&play(players, 1_000_000 + seed, &seats), |s| {
            usize::from(s != at)
        });
    }
    t.wins.truncate(2);
    for v in t.cats.values_mut() {
        v.truncate(2);
        v[1] /= players as i64 - 1;
    }
    println!(
        "{players} players: {} (one seat, rotated) vs {} (fair share {:.1}%)",
        a.name,
        b.name,
        100.0 / players as f64
    );
    t.print(&[a.name, "the others together"]);
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let only = std::env::args().nth(2).unwrap_or_default();
    if only.is_empty() || only == "seats" {
        for players in 2..=4 {
            same(players, games, B);
        }
    }
    if only.is_empty() || only == "mixed" {
        for st in strategies() {
            mixed(4, games, st, B);
        }
        for st in strategies() {
            mixed(3, games, st, B);
        }
    }
    if only.is_empty() || only == "versus" {
        let s = strategies();
        for a in [&s[0], &s[1], &s[2], &s[3]] {
            for b in [&s[0], &s[1], &s[2], &s[3]] {
                if a.name != b.name {
                    mixed(3, games, *a, *b);
                }
            }
        }
    }
}
