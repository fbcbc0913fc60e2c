//! The expedition deck is drawn when it is drawn (issue 34, hole 9): no state decides ahead of
//! a draw which of the unseen monsters will come and which stay in the box, yet every draw
//! has the distribution of the rulebook's setup (six of the nine unseen monsters shuffled in
//! with the 26 quests, three boxed, the deck then drawn in a random order).

use dwarfs_engine::{Actor, Game, Seat, SeedStream, Viewer};
use dwarfs_spring::data::{DECK_MONSTERS, MONSTERS, QUESTS, SETUP_MONSTERS};
use dwarfs_spring::state::is_monster;
use dwarfs_spring::{ChanceTask, Spring, SpringEvent, SpringOptions, hero_id};

/// The monster cards no one has seen: not in the area, not in any heroes deck or removed from
/// one (a bit per card).
fn unseen_monsters(g: &Spring) -> u16 {
    let mut seen = 0u16;
    for c in g.area_cards().filter(|&c| is_monster(c)) {
        seen |= 1 << c;
    }
    for s in 0..g.players() {
        let heroes = g.empire(Seat(s)).unwrap().heroes | g.decks().removed[s as usize];
        for m in 0..MONSTERS as u8 {
            if heroes >> hero_id(m) & 1 == 1 {
                seen |= 1 << m;
            }
        }
    }
    ((1u16 << MONSTERS) - 1) & !seen
}

/// Plays `steps` decisions and chance points of a random game from `seed`; stops early when
/// `stop` says so (at a chance point) or the game ends.
fn random_until(
    players: u8,
    seed: u64,
    steps: usize,
    mut stop: impl FnMut(&Spring) -> bool,
) -> Spring {
    let mut g = Spring::new(&SpringOptions::default(), players).unwrap();
    let mut chance = SeedStream::new(seed);
    let mut choice = SeedStream::derive(seed, "draws test choices");
    for _ in 0..steps {
        match g.to_act() {
            Actor::Chance => {
                if stop(&g) {
                    break;
                }
                g.resolve_chance(chance.next_entropy()).unwrap();
            }
            Actor::Seat(s) => {
                let legal = g.legal_actions_vec();
                let a = legal[choice.choose(legal.len())];
                g.play(s, &a).unwrap();
            }
            _ => break,
        }
    }
    g
}

/// Gives every seat of `d` the faerie hand it holds in `g`.
fn hands_of(d: &mut Spring, g: &Spring) {
    for s in 0..g.players() {
        d.set_hand(Seat(s), g.hand(Seat(s)));
    }
}

#[test]
fn no_part_of_the_state_is_hidden_from_every_seat() {
    // The seats' observations together (each holds its own faerie hand; the faerie pile is
    // what no hand holds) are the whole state. A state that kept which unseen monsters the
    // expedition deck holds would keep a secret from every seat: a determinization with the
    // same hands would then differ from it.
    let mut checked = 0;
    for seed in 0..6u64 {
        for steps in [1, 40, 150] {
            let g = random_until(2 + (seed % 3) as u8, seed, steps, |_| false);
            for e in 0..8u8 {
                let mut d = g.determinize(Viewer::Seat(Seat(0)), [e; 32]);
                hands_of(&mut d, &g);
                for s in 0..g.players() {
                    assert_eq!(
                        d.observe(Viewer::Seat(Seat(s))),
                        g.observe(Viewer::Seat(Seat(s)))
                    );
                }
                assert_eq!(
                    d, g,
                    "seed {seed}, {steps} steps: the state holds something no seat sees"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 6 * 3 * 8);
}

#[test]
fn every_unseen_monster_can_still_come_when_the_deck_is_drawn() {
    // States of real games just before a quest's refill, with monsters left in the deck: from
    // one and the same state, each monster nobody has seen (the deck's and the box's alike)
    // is revealed for some entropy. A setup that boxed three of them would never show those.
    let mut states = 0;
    for seed in 0..200u64 {
        let g = random_until(2 + (seed % 3) as u8, seed, 2000, |g| {
            matches!(g.flow().chance, Some(ChanceTask::Quest { .. }))
        });
        if !matches!(g.flow().chance, Some(ChanceTask::Quest { .. })) {
            continue;
        }
        let v = g.observe(Viewer::Spectator);
        let unseen = unseen_monsters(&g);
        if v.deck_monsters == 0 || unseen.count_ones() <= v.deck_monsters as u32 {
            continue;
        }
        let mut revealed = 0u16;
        for e in 0..1500u32 {
            let mut entropy = [0u8; 32];
            entropy[..4].copy_from_slice(&e.to_le_bytes());
            let mut h = g.clone();
            for ev in h.resolve_chance(entropy).unwrap() {
                if let SpringEvent::CardRevealed { card } = ev
                    && is_monster(card)
                {
                    assert!(unseen >> card & 1 == 1, "card {card} was seen before");
                    revealed |= 1 << card;
                }
            }
        }
        assert_eq!(
            revealed, unseen,
            "seed {seed}: the monsters that could come ({unseen:#b}) against those that came \
             ({revealed:#b}), {} left in the deck",
            v.deck_monsters
        );
        states += 1;
        if states == 3 {
            return;
        }
    }
    panic!("only {states} states before a quest's refill with monsters left in the deck");
}

/// The cards a fresh game draws from its expedition deck, in order, until the deck is empty:
/// the setup's three reveals, then refills of an emptied area (the quest prize's chance
/// point). Also the monsters nobody had seen after setup's three.
fn a_whole_deck(seed: u64) -> (Vec<u8>, u16) {
    let mut g = Spring::new(&SpringOptions::default(), 2).unwrap();
    let mut stream = SeedStream::new(seed);
    let ev = g.resolve_chance(stream.next_entropy()).unwrap();
    let revealed: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e {
            SpringEvent::CardRevealed { card } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(revealed.len(), SETUP_MONSTERS + 3);
    let setup: u16 = revealed[..SETUP_MONSTERS]
        .iter()
        .fold(0, |m, &c| m | 1 << c);
    let mut drawn = revealed[SETUP_MONSTERS..].to_vec();
    while g.exp_deck_len() > 0 {
        g.decks_mut().area = [None; 6];
        g.board_mut().monster_at = [None; 6];
        g.flow_mut().chance = Some(ChanceTask::Quest { seat: 0 });
        for e in g.resolve_chance(stream.next_entropy()).unwrap() {
            if let SpringEvent::CardRevealed { card } = e {
                drawn.push(card);
            }
        }
    }
    (drawn, ((1u16 << MONSTERS) - 1) & !setup)
}

#[test]
fn a_whole_deck_reveals_its_quests_and_six_of_the_nine_unseen_monsters() {
    for seed in 0..40 {
        let (drawn, unseen) = a_whole_deck(seed);
        assert_eq!(
            drawn.len(),
            QUESTS + DECK_MONSTERS,
            "seed {seed}: {drawn:?}"
        );
        let mut all = 0u64;
        for &c in &drawn {
            assert_eq!(all >> c & 1, 0, "seed {seed}: card {c} drawn twice");
            all |= 1 << c;
        }
        let monsters = (all & ((1 << MONSTERS) - 1)) as u16;
        assert_eq!(monsters.count_ones() as usize, DECK_MONSTERS, "seed {seed}");
        assert_eq!(
            monsters & !unseen,
            0,
            "seed {seed}: a setup monster came again"
        );
    }
}

#[test]
fn the_deck_draws_as_a_shuffled_deck_of_six_unseen_monsters_and_the_quests() {
    // Over many games: the deck's first card is a monster 6 times in 32; the first monster it
    // shows is any of the 9 unseen alike; each of the 12 monster cards is among the deck's six
    // half the time (3/4 unseen after setup, then 6 of those 9).
    const GAMES: usize = 1800;
    let mut first_is_monster = 0;
    let mut first_monster_rank = [0usize; 9];
    let mut in_deck = [0usize; MONSTERS];
    for seed in 0..GAMES as u64 {
        let (drawn, unseen) = a_whole_deck(1000 + seed);
        assert_eq!(unseen.count_ones(), 9);
        first_is_monster += usize::from(is_monster(drawn[0]));
        let first = *drawn.iter().find(|&&c| is_monster(c)).unwrap();
        let rank = (unseen & ((1 << first) - 1)).count_ones() as usize;
        first_monster_rank[rank] += 1;
        for c in drawn.into_iter().filter(|&c| is_monster(c)) {
            in_deck[c as usize] += 1;
        }
    }
    // Expected 337.5 (sd 16.6); 200 per rank (sd 13.3); 900 per card (sd 21.2): the bounds
    // are more than four standard deviations wide.
    assert!(
        (265..=410).contains(&first_is_monster),
        "the first card is a monster {first_is_monster} times in {GAMES}"
    );
    for (r, &n) in first_monster_rank.iter().enumerate() {
        assert!((140..=260).contains(&n), "rank {r}: {first_monster_rank:?}");
    }
    for (c, &n) in in_deck.iter().enumerate() {
        assert!((810..=990).contains(&n), "card {c}: {in_deck:?}");
    }
}
