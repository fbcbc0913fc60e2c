//! Fighting and gathering: how many heroes are revealed, axes against the monster, backpacks for
//! resources, dragon successes, and what a victory brings; the monsters' abilities in play.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_spring::data::{
    MONSTER_DATA, MONSTERS, MonsterKind, QUESTS, Resource, STARTING_HEROES, Spot, Yield, wildland,
};
use dwarfs_spring::map::{self, Loc};
use dwarfs_spring::state::{hero_face, is_monster};
use dwarfs_spring::{Spring, SpringAction as A, SpringEvent, hero_id};

/// Seat 0 with a settlement next to wildland `w` (returned with it).
fn next_to_wild(g: &mut Spring) -> (Loc, Loc) {
    let (w, f) = wild_with_field(g);
    put_settlement(g, Seat(0), Resource::Food, f);
    (w, f)
}

fn revealed(ev: &[SpringEvent]) -> (Vec<u8>, u8, u8) {
    ev.iter()
        .find_map(|e| match e {
            SpringEvent::HeroesRevealed {
                cards,
                successes,
                total,
                ..
            } => Some((cards.clone(), *successes, *total)),
            _ => None,
        })
        .expect("heroes revealed")
}

#[test]
fn a_reveal_counts_dwarfs_on_the_wildland_adjacent_settlements_and_two_for_the_fortress() {
    let mut g = Spring::test_position(2);
    let (w, f) = next_to_wild(&mut g);
    {
        let e = g.empire_mut(Seat(0));
        e.wild_dwarfs[w as usize] = 1; // one already there
        e.bastion = 6;
    }
    // A fortress next to the wildland too.
    let fort = g
        .board()
        .map
        .adj(w)
        .iter()
        .find(|&l| l != f && !map::is_wild(l) && map::spot(l) != Some(Spot::Water))
        .unwrap();
    g.empire_mut(Seat(0)).fortress = Some(fort);
    // A settlement far away does not count.
    let far = spots(|s| s == Spot::Field)
        .into_iter()
        .rev()
        .find(|&l| !g.board().map.adj(w).has(l))
        .unwrap();
    put_settlement(&mut g, Seat(0), Resource::Wood, far);
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 1);
    let (cards, _, _) = revealed(&ev);
    assert_eq!(
        cards.len(),
        2 + 1 + 2,
        "2 dwarfs, 1 adjacent settlement, 2 for the fortress"
    );
    let mut unique = cards.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        cards.len(),
        "cards are drawn without replacement"
    );
}

#[test]
fn the_heroes_deck_is_drawn_at_random_at_the_chance_point() {
    let mut draws = std::collections::BTreeSet::new();
    for e in 0..12 {
        let mut g = Spring::test_position(2);
        let (w, _) = next_to_wild(&mut g);
        play(&mut g, A::Explore { at: w });
        play(&mut g, A::Engage);
        let (cards, _, _) = revealed(&chance(&mut g, e));
        assert_eq!(cards.len(), 2);
        draws.insert(cards);
    }
    assert!(draws.len() > 3, "{draws:?}");
}

#[test]
fn gathering_gives_one_resource_of_the_wildland_per_backpack_plus_successes() {
    for e in 0..6 {
        let mut g = Spring::test_position(2);
        let (w, _) = next_to_wild(&mut g);
        g.empire_mut(Seat(0)).successes = 1;
        play(&mut g, A::Explore { at: w });
        play(&mut g, A::Engage);
        let ev = chance(&mut g, e);
        let (cards, successes, total) = revealed(&ev);
        let packs: u8 = cards
            .iter()
            .map(|&c| STARTING_HEROES[c as usize].backpacks)
            .sum();
        assert_eq!((successes, total), (1, packs + 1));
        let r = wildland(w as usize).0.gives();
        let mut want = [0u8; 3];
        want[r.index()] = total;
        assert_eq!(g.empire(Seat(0)).unwrap().res, want);
        assert_eq!(
            g.empire(Seat(0)).unwrap().successes,
            0,
            "successes are spent"
        );
    }
}

#[test]
fn a_quest_card_gathers_one_backpack_and_a_monster_card_none() {
    // A heroes deck of two quest cards and a monster card; a reveal of two (a dwarf and a
    // settlement): each quest revealed gathers 1, the monster nothing.
    let quests = [hero_id(MONSTERS as u8), hero_id(MONSTERS as u8 + 1)];
    let monster = hero_id(0);
    let mut seen = [false; 2];
    for e in 0..16 {
        let mut g = Spring::test_position(2);
        let (w, _) = next_to_wild(&mut g);
        g.empire_mut(Seat(0)).heroes = 1 << quests[0] | 1 << quests[1] | 1 << monster;
        play(&mut g, A::Explore { at: w });
        play(&mut g, A::Engage);
        let (cards, _, total) = revealed(&chance(&mut g, e));
        assert_eq!(cards.len(), 2);
        let drawn_quests = cards.iter().filter(|c| quests.contains(c)).count() as u8;
        assert_eq!(total, drawn_quests, "{cards:?}");
        seen[cards.contains(&monster) as usize] = true;
    }
    assert_eq!(seen, [true, true], "both draws among the entropies tried");
}

#[test]
fn a_fight_is_won_with_enough_axes_and_brings_the_card_faeries_and_a_refill() {
    let mut g = Spring::test_position(2);
    let (w, _) = next_to_wild(&mut g);
    let card = 6; // a Frogling, 2 axes
    g.put_monster(card, 5, w as usize);
    g.empire_mut(Seat(0)).successes = 3;
    let deck_before = g.exp_deck_len();
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 2);
    assert!(ev.contains(&SpringEvent::MonsterDefeated { seat: 0, card }));
    let e = g.empire(Seat(0)).unwrap();
    assert!(
        e.heroes >> hero_id(card) & 1 == 1,
        "the monster card joins the heroes deck"
    );
    assert_eq!(e.heroes.count_ones(), 8);
    assert_eq!(e.defeated, 1);
    assert_ne!(
        g.board().monster_at[w as usize],
        Some(card),
        "the miniature leaves (a monster the refill reveals may come in its place)"
    );
    assert_eq!(g.hand(Seat(0)).count_ones(), 2, "two faeries");
    assert!(
        g.decks().area.iter().all(Option::is_some),
        "the area is refilled"
    );
    assert_eq!(g.exp_deck_len(), deck_before - 1);
    assert!(!g.decks().area.contains(&Some(card)));
    assert_eq!(seat(&g), Seat(0));
}

#[test]
fn a_fight_with_too_few_axes_is_lost() {
    let mut g = Spring::test_position(2);
    let (w, _) = next_to_wild(&mut g);
    g.put_monster(1, 5, w as usize); // Giant Spider, 4 axes: two cards show at most 3
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 2);
    assert!(ev.contains(&SpringEvent::FightLost { seat: 0, card: 1 }));
    assert_eq!(g.board().monster_at[w as usize], Some(1));
    assert_eq!(g.empire(Seat(0)).unwrap().heroes.count_ones(), 7);
}

#[test]
fn dragon_successes_count_in_a_fight() {
    let mut g = Spring::test_position(2);
    let (w, _) = next_to_wild(&mut g);
    g.put_monster(9, 5, w as usize); // Cyclops, 4 axes
    // Only the Forager (no axes) in the deck: the win comes from successes alone.
    g.empire_mut(Seat(0)).heroes = 1 << 4;
    g.give_dragon(Seat(0), 23, 3); // Thunderbelly L3: 3 successes
    g.empire_mut(Seat(0)).successes = 2;
    play(
        &mut g,
        A::Command {
            spot: 0,
            first: 23,
            second: None,
        },
    );
    end(&mut g);
    every_spot_used(&mut g, Seat(1));
    play(&mut g, A::Idle);
    end(&mut g);
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 2);
    let (_, successes, total) = revealed(&ev);
    assert_eq!((successes, total), (5, 5));
    assert!(ev.contains(&SpringEvent::MonsterDefeated { seat: 0, card: 9 }));
}

#[test]
fn monsters_reduce_their_spots_to_one_while_in_play() {
    for (card, kind) in [
        (4u8, res(Resource::Food)),
        (8, res(Resource::Gold)),
        (10, res(Resource::Wood)),
        (2, Yield::Faerie),
    ] {
        let mut g = Spring::test_position(2);
        let spot = resource_spot(kind, 3);
        let site = field_or_any(&g, spot);
        put_settlement(&mut g, Seat(0), Resource::Food, site);
        g.put_monster(card, 0, MONSTER_DATA[card as usize].home as usize);
        let ev = play(
            &mut g,
            A::Build {
                line: Resource::Wood,
                at: spot,
            },
        );
        assert!(
            ev.contains(&SpringEvent::Built {
                seat: 0,
                at: spot,
                fortress: false,
                gained: 1
            }),
            "{:?}: {ev:?}",
            MONSTER_DATA[card as usize].kind
        );
    }
}

fn field_or_any(g: &Spring, l: Loc) -> Loc {
    g.board()
        .map
        .adj(l)
        .iter()
        .find(|&n| !map::is_wild(n) && map::spot(n) != Some(Spot::Water))
        .unwrap()
}

#[test]
fn the_giant_spider_webs_the_nearest_resource_spots_until_defeated() {
    // Find a setup where a spider came into play.
    for e in 0..60 {
        let mut g = Spring::new(&Default::default(), 2).unwrap();
        chance(&mut g, e);
        let Some(spider) = g.decks().area.iter().flatten().copied().find(|&c| c < 2) else {
            continue;
        };
        let w = g.monster_wild(spider).unwrap();
        let webs = g.board().webs[spider as usize];
        assert_eq!(webs.len(), 5, "five webs");
        for l in webs.iter() {
            assert!(matches!(map::spot(l), Some(Spot::Resource { .. })));
            assert!(
                g.legal_actions_vec()
                    .iter()
                    .all(|a| !matches!(a, A::Place { at, .. } if *at == l))
            );
        }
        // They are the nearest: nothing unwebbed is strictly closer than the farthest web.
        let order = g.board().map.by_distance(w as Loc);
        let rank = |l: Loc| order.iter().position(|&x| x == l).unwrap();
        let far = webs.iter().map(rank).max().unwrap();
        let other = g.board().webs[1 - spider as usize];
        for &l in &order[..far] {
            if matches!(map::spot(l), Some(Spot::Resource { .. })) {
                assert!(
                    webs.has(l) || other.has(l),
                    "a closer resource spot is free: {l}"
                );
            }
        }
        return;
    }
    panic!("no setup with a Giant Spider");
}

#[test]
fn defeating_the_spider_clears_its_webs() {
    let mut g = Spring::test_position(2);
    let (w, _) = next_to_wild(&mut g);
    g.put_monster(0, 5, w as usize);
    let web = spots(|s| matches!(s, Spot::Resource { .. }))[0];
    g.board_mut().webs[0].add(web);
    g.empire_mut(Seat(0)).successes = 9;
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    chance(&mut g, 1);
    assert!(g.board().webs[0].is_empty());
    assert!(!g.board().all_webs().has(web));
}

#[test]
fn a_monster_revealed_after_a_victory_spawns_on_the_closest_free_wildland() {
    let mut g = Spring::test_position(2);
    let (w, _) = next_to_wild(&mut g);
    // Six monsters in play, one per wildland, the spider on `w`.
    let cards = [0u8, 2, 4, 6, 8, 10];
    let mut others = (0..6).filter(|&x| x != w as usize);
    for (i, &c) in cards.iter().enumerate() {
        let at = if c == 0 {
            w as usize
        } else {
            others.next().unwrap()
        };
        g.put_monster(c, i, at);
    }
    // The deck holds a single card: a Petrifier whose home (Mountain 2) is taken.
    g.set_exp_deck(1 << 11);
    g.empire_mut(Seat(0)).successes = 9;
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 1);
    assert!(
        ev.contains(&SpringEvent::MonsterSpawned {
            card: 11,
            wild: Some(w)
        }),
        "{ev:?}"
    );
    assert!(is_monster(11));
    assert_eq!(g.exp_deck_len(), 0);
    assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
}

#[test]
fn declining_keeps_the_successes_and_a_later_fight_spends_them() {
    let mut g = Spring::test_position(2);
    let (w, _) = next_to_wild(&mut g);
    let card = 6; // a Frogling, 2 axes
    g.put_monster(card, 5, w as usize);
    g.empire_mut(Seat(0)).successes = 3;
    play(&mut g, A::Explore { at: w });
    let ev = play(&mut g, A::Decline);
    assert_eq!(ev, vec![SpringEvent::Declined { seat: 0, wild: w }]);
    assert_eq!(g.flow().chance, None, "no heroes are revealed");
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!(e.successes, 3, "declining keeps the successes");
    assert_eq!(
        e.wild_dwarfs[w as usize], 1,
        "the dwarf stays on the wildland"
    );
    assert_eq!(g.board().monster_at[w as usize], Some(card));
    play(&mut g, A::EndTurn);
    // Seat 1 summons a faerie and ends its turn.
    play(&mut g, A::Summon);
    chance(&mut g, 0);
    play(&mut g, A::EndTurn);
    // Seat 0 explores the wildland again and fights this time.
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 3);
    let (cards, successes, total) = revealed(&ev);
    assert_eq!(cards.len(), 3, "two dwarfs and the adjacent settlement");
    assert_eq!(successes, 3, "the stored successes join the fight");
    let axes: u8 = cards.iter().map(|&c| hero_face(c).0).sum();
    assert_eq!(total, axes + 3);
    assert_eq!(g.empire(Seat(0)).unwrap().successes, 0, "and are spent");
    assert!(ev.contains(&SpringEvent::MonsterDefeated { seat: 0, card }));
}

/// Seat 0 defeats the monster `card` on wildland `w` (it holds enough successes), then seat 1
/// summons and both end their turns, so seat 0 acts again.
fn defeat_and_come_back(g: &mut Spring, w: Loc, card: u8) {
    g.empire_mut(Seat(0)).successes = MONSTER_DATA[card as usize].axes;
    play(g, A::Explore { at: w });
    play(g, A::Engage);
    let ev = chance(g, 1);
    assert!(ev.contains(&SpringEvent::MonsterDefeated { seat: 0, card }));
    end(g);
    play(g, A::Summon);
    chance(g, 0);
    end(g);
}

#[test]
fn a_defeated_monster_stops_reducing_its_spots() {
    let mut g = Spring::test_position(2);
    // Only quests left to reveal, so no other monster comes into play.
    g.set_exp_deck(
        ((1u64 << QUESTS) - 1) << MONSTERS
            & !g.decks()
                .area
                .iter()
                .flatten()
                .fold(0u64, |m, &c| m | 1 << c),
    );
    let (w, _) = next_to_wild(&mut g);
    let witch = 4; // food spots give 1
    g.put_monster(witch, 5, w as usize);
    let spot = resource_spot(res(Resource::Food), 3);
    let site = field_or_any(&g, spot);
    put_settlement(&mut g, Seat(0), Resource::Wood, site);
    assert_eq!(
        g.effective(res(Resource::Food), 3),
        1,
        "the Witch is in play"
    );
    defeat_and_come_back(&mut g, w, witch);
    let ev = play(
        &mut g,
        A::Build {
            line: Resource::Gold,
            at: spot,
        },
    );
    assert!(
        ev.contains(&SpringEvent::Built {
            seat: 0,
            at: spot,
            fortress: false,
            gained: 3
        }),
        "the full yield is back: {ev:?}"
    );
}

#[test]
fn quests_are_allowed_again_after_the_frogling_falls() {
    let mut g = Spring::test_position(2);
    g.set_exp_deck(
        ((1u64 << QUESTS) - 1) << MONSTERS
            & !g.decks()
                .area
                .iter()
                .flatten()
                .fold(0u64, |m, &c| m | 1 << c),
    );
    let (w, _) = next_to_wild(&mut g);
    let frogling = 6;
    g.put_monster(frogling, 5, w as usize);
    let card = g.decks().area[0].unwrap();
    g.give_dragon(Seat(0), 4, 2);
    g.set_resources(Seat(0), [5, 5, 5]);
    assert!(
        !g.legal_actions_vec()
            .iter()
            .any(|a| matches!(a, A::Quest { .. })),
        "no quests while the Frogling is in play"
    );
    defeat_and_come_back(&mut g, w, frogling);
    assert!(g.legal_actions_vec().contains(&A::Quest { spot: 0, card }));
    let ev = play(&mut g, A::Quest { spot: 0, card });
    assert!(ev.contains(&SpringEvent::QuestFulfilled { seat: 0, card }));
}

#[test]
fn a_victory_draws_faeries_only_up_to_the_hand_limit() {
    let mut g = Spring::test_position(2);
    let (w, _) = next_to_wild(&mut g);
    let card = 6;
    g.put_monster(card, 5, w as usize);
    g.set_hand(Seat(0), 0b1111);
    g.empire_mut(Seat(0)).successes = MONSTER_DATA[card as usize].axes;
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 1);
    assert!(ev.contains(&SpringEvent::MonsterDefeated { seat: 0, card }));
    let drawn: u8 = ev
        .iter()
        .map(|e| match e {
            SpringEvent::FaeriesDrawn { count, .. } => *count,
            _ => 0,
        })
        .sum();
    assert_eq!(drawn, 1, "two faeries won, room for one");
    assert_eq!(g.hand(Seat(0)).count_ones(), 5);
}

#[test]
fn a_faerie_spot_draws_only_up_to_the_hand_limit() {
    for (hand, want) in [(0b111u32, Some(2u8)), (0b1111, Some(1)), (0b11111, None)] {
        let mut g = Spring::test_position(2);
        let spot = resource_spot(Yield::Faerie, 3);
        let site = field_or_any(&g, spot);
        put_settlement(&mut g, Seat(0), Resource::Food, site);
        g.set_hand(Seat(0), hand);
        play(
            &mut g,
            A::Build {
                line: Resource::Wood,
                at: spot,
            },
        );
        match want {
            Some(n) => {
                let ev = chance(&mut g, 2);
                assert!(
                    ev.iter().any(|e| matches!(e,
                        SpringEvent::FaeriesDrawn { count, .. } if *count == n)),
                    "hand {hand:b}: {ev:?}"
                );
            }
            None => assert_eq!(
                g.to_act(),
                Actor::Seat(Seat(0)),
                "a full hand draws nothing"
            ),
        }
        assert_eq!(g.hand(Seat(0)).count_ones(), 5.min(hand.count_ones() + 3));
    }
}

#[test]
fn a_reveal_counts_only_the_fighters_own_dwarfs_settlements_and_fortress() {
    let mut g = Spring::test_position(2);
    // A wildland with at least three grassland spots around it.
    let (w, sites) = (0..6u8)
        .find_map(|w| {
            let sites: Vec<Loc> = g
                .board()
                .map
                .adj(w)
                .iter()
                .filter(|&l| !map::is_wild(l) && map::spot(l) != Some(Spot::Water))
                .collect();
            (sites.len() >= 3).then_some((w, sites))
        })
        .expect("a wildland with three spots around it");
    put_settlement(&mut g, Seat(0), Resource::Food, sites[0]);
    // Seat 1 crowds the same wildland: a settlement, its fortress and two dwarfs.
    put_settlement(&mut g, Seat(1), Resource::Food, sites[1]);
    {
        let e = g.empire_mut(Seat(1));
        e.fortress = Some(sites[2]);
        e.wild_dwarfs[w as usize] = 2;
        e.bastion = 5;
    }
    g.put_monster(1, 5, w as usize); // Giant Spider, 4 axes
    g.board_mut().webs = Default::default();
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 3);
    let (cards, _, _) = revealed(&ev);
    assert_eq!(
        cards.len(),
        2,
        "seat 0's own dwarf and own settlement only: {cards:?}"
    );
}

/// The wildlands seat 0 may explore now, in location order.
fn explorable_wildlands(g: &Spring) -> Vec<Loc> {
    g.legal_actions_vec()
        .into_iter()
        .filter_map(|a| match a {
            A::Explore { at } if map::is_wild(at) => Some(at),
            _ => None,
        })
        .collect()
}

/// "Any Dwarf on a Wildland is considered to be adjacent to all spots surrounding that
/// Wildland", and a wildland touches every neighbouring wildland (`map.rs`): a dwarf standing
/// on a wildland opens the way to the next one, where it may fight.
#[test]
fn a_dwarf_on_a_wildland_may_explore_a_neighbouring_wildland_and_fight_there() {
    let mut g = Spring::test_position(2);
    let m = g.board().map.clone();
    // Wildland `a` with a field facing it and a wildland `b` next to it.
    let (a, f, b) = (0..6u8)
        .find_map(|a| {
            let f = m
                .adj(a)
                .iter()
                .find(|&l| map::spot(l) == Some(Spot::Field))?;
            let b = (0..6u8).find(|&b| m.adj(a).has(b))?;
            Some((a, f, b))
        })
        .expect("two neighbouring wildlands, one facing a field");
    assert!(!m.adj(f).has(b), "the field touches only its own wildland");
    put_settlement(&mut g, Seat(0), Resource::Food, f);
    assert_eq!(
        explorable_wildlands(&g),
        vec![a],
        "the settlement reaches a only"
    );
    refuse(&mut g, A::Explore { at: b });
    play(&mut g, A::Explore { at: a });
    play(&mut g, A::Decline);
    end(&mut g);
    every_spot_used(&mut g, Seat(1));
    play(&mut g, A::Idle);
    end(&mut g);
    // The dwarf on `a` reaches every wildland next to `a`, and no other.
    let mut around: Vec<Loc> = (0..6u8).filter(|&w| w == a || m.adj(a).has(w)).collect();
    around.sort_unstable();
    assert!(around.contains(&b) && around.len() < 6, "{around:?}");
    assert_eq!(explorable_wildlands(&g), around);
    // A Harpy (2 axes) on `b`; seat 0 holds 2 successes.
    let harpy = 2;
    g.put_monster(harpy, 5, b as usize);
    g.empire_mut(Seat(0)).successes = MONSTER_DATA[harpy as usize].axes;
    let ev = play(&mut g, A::Explore { at: b });
    assert_eq!(ev, vec![SpringEvent::Explored { seat: 0, at: b }]);
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!(
        (e.wild_dwarfs[a as usize], e.wild_dwarfs[b as usize]),
        (1, 1)
    );
    assert_eq!(e.bastion, 5);
    assert_eq!(g.legal_actions_vec(), vec![A::Engage, A::Decline]);
    play(&mut g, A::Engage);
    assert_eq!(
        g.flow().chance,
        Some(dwarfs_spring::ChanceTask::Fight { seat: 0, wild: b })
    );
    let ev = chance(&mut g, 1);
    let (cards, successes, _) = revealed(&ev);
    assert_eq!(
        (cards.len(), successes),
        (1, 2),
        "one dwarf on b; the dwarf on a and the settlement by a do not count"
    );
    assert!(ev.contains(&SpringEvent::MonsterDefeated {
        seat: 0,
        card: harpy
    }));
}

/// The monsters that reduce spots (Harpy: faeries, Witch: food, Cyclops: gold, Petrifier: wood)
/// reduce a settlement's spot to 1, but "you always get the full amount of a resource spot" with
/// the fortress: built beside the monster, it gains the whole spot while a settlement on a like
/// spot gains 1.
#[test]
fn the_fortress_gains_its_full_spot_beside_a_harpy_cyclops_or_petrifier_where_a_settlement_gains_one()
 {
    for kind in [
        MonsterKind::Harpy,
        MonsterKind::Cyclops,
        MonsterKind::Petrifier,
        MonsterKind::Witch,
    ] {
        let reduced = kind.reduces().unwrap_or_else(|| panic!("{kind:?} reduces"));
        let card = MONSTER_DATA.iter().position(|m| m.kind == kind).unwrap() as u8;
        let mut g = Spring::test_position(2);
        let m = g.board().map.clone();
        let amount_of = |l: Loc| match map::spot(l) {
            Some(Spot::Resource { amount, .. }) => amount,
            _ => 0,
        };
        let mut like = spots(|s| matches!(s, Spot::Resource { kind, .. } if kind == reduced));
        like.sort_by_key(|&l| std::cmp::Reverse(amount_of(l)));
        // A spot of that yield facing a wildland, where the monster stands (worth 3 if one
        // is); a like spot elsewhere.
        let (fort, w, other) = like
            .iter()
            .find_map(|&l| {
                let w = (0..6u8).find(|&w| m.adj(l).has(w))?;
                let other = like
                    .iter()
                    .copied()
                    .find(|&o| o != l && amount_of(o) == amount_of(l))?;
                Some((l, w, other))
            })
            .unwrap_or_else(|| panic!("no {reduced:?} spot next to a wildland"));
        let amount = amount_of(fort);
        assert!(amount >= 2);
        g.put_monster(card, 0, w as usize);
        assert_eq!(g.effective(reduced, amount), 1, "{kind:?} is in play");
        // Seat 0: a dwarf on the monster's wildland (so next to the spot) and 7 of each.
        {
            let e = g.empire_mut(Seat(0));
            e.wild_dwarfs[w as usize] = 1;
            e.bastion = 6;
            e.res = [7, 7, 7];
        }
        let ev = play(&mut g, A::Fortress { at: fort });
        assert!(
            ev.contains(&SpringEvent::Built {
                seat: 0,
                at: fort,
                fortress: true,
                gained: amount
            }),
            "{kind:?}: {ev:?}"
        );
        match reduced {
            Yield::Res(r) => {
                let mut want = [0; 3];
                want[r.index()] = amount;
                assert_eq!(g.empire(Seat(0)).unwrap().res, want, "{kind:?}");
            }
            Yield::Faerie => {
                chance(&mut g, 1);
                assert_eq!(g.hand(Seat(0)).count_ones(), u32::from(amount), "{kind:?}");
            }
        }
        end(&mut g);
        // Seat 1 builds a settlement on the like spot, the monster still in play: 1.
        let next = m
            .adj(other)
            .iter()
            .find(|&l| l != fort && !map::is_wild(l) && map::spot(l) != Some(Spot::Water))
            .unwrap();
        put_settlement(&mut g, Seat(1), Resource::Food, next);
        let ev = play(
            &mut g,
            A::Build {
                line: Resource::Wood,
                at: other,
            },
        );
        assert!(
            ev.contains(&SpringEvent::Built {
                seat: 1,
                at: other,
                fortress: false,
                gained: 1
            }),
            "{kind:?}: {ev:?}"
        );
        match reduced {
            Yield::Res(r) => {
                let mut want = [0; 3];
                want[r.index()] = 1;
                assert_eq!(g.empire(Seat(1)).unwrap().res, want, "{kind:?}");
            }
            Yield::Faerie => {
                chance(&mut g, 1);
                assert_eq!(g.hand(Seat(1)).count_ones(), 1, "{kind:?}");
            }
        }
    }
}
