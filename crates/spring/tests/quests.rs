//! Quests: the requirements, the dragon egg prize and the nest limit, the quest card in the
//! heroes deck, the second expedition spot's removal, and the Frogling.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_spring::data::{MONSTER_DATA, MONSTERS, QUEST_DATA, Requirement, Resource};
use dwarfs_spring::{Pending, Spring, SpringAction as A, SpringError, SpringEvent, hero_id};

/// The expedition card of quest `q` (0-based, in the data's order).
fn quest(q: usize) -> u8 {
    (MONSTERS + q) as u8
}

/// The rulebook's quest list, word for word, in its order; then the pictured quest again.
const RULEBOOK_QUESTS: [&str; 26] = [
    "Have a Level 2 Dragon",
    "Have a Level 3 Dragon",
    "Have 2 Dragons",
    "Have defeated a monster",
    "Have defeated 2 monsters",
    "Have 5 settlements on the world map",
    "Build all settlements in the gold tree",
    "Build all settlements in the food tree",
    "Build all settlements in the wood tree",
    "Have 5 food",
    "Have 5 wood",
    "Have 5 gold",
    "Have 3 food and 3 wood and 3 gold",
    "Have 3 Faeries and 3 Wood",
    "Have 3 settlements on the world map and 3 Faeries",
    "Have 4 food and 4 wood",
    "Have 3 Faeries and 3 food",
    "Have 4 settlements on the world map and 4 Wood",
    "Have 4 food and 4 gold",
    "Have 3 Faeries and 3 Gold",
    "Have 4 settlements on the world map and 4 Food",
    "Have 3 Faeries",
    "Have 4 Faeries",
    "Have 4 settlements on the world map and 4 Gold",
    "Have 4 wood and 4 gold",
    "Have 5 settlements on the world map",
];

/// Reads one of the rulebook's requirement sentences.
fn parse(text: &str) -> Requirement {
    let number = |w: &str| -> u8 { if w == "a" { 1 } else { w.parse().unwrap() } };
    let resource = |w: &str| match w.to_lowercase().as_str() {
        "food" => Resource::Food,
        "wood" => Resource::Wood,
        "gold" => Resource::Gold,
        other => panic!("no resource {other} in {text}"),
    };
    let w: Vec<&str> = text.split(' ').collect();
    match w[..] {
        ["Have", "a", "Level", l, "Dragon"] => Requirement::DragonLevel(number(l)),
        ["Have", n, "Dragons"] => Requirement::Dragons(number(n)),
        ["Have", "defeated", n, _] => Requirement::Monsters(number(n)),
        ["Have", n, "settlements", "on", "the", "world", "map"] => {
            Requirement::Settlements(number(n))
        }
        ["Build", "all", "settlements", "in", "the", r, "tree"] => Requirement::Line(resource(r)),
        _ => {
            let (mut res, mut faeries, mut settlements) = ([0u8; 3], 0, 0);
            let rest = text.strip_prefix("Have ").expect(text);
            for part in rest.split(" and ") {
                let (n, what) = part.split_once(' ').expect(text);
                match what {
                    "Faeries" => faeries = number(n),
                    "settlements on the world map" => settlements = number(n),
                    r => res[resource(r).index()] = number(n),
                }
            }
            Requirement::Have {
                res,
                faeries,
                settlements,
            }
        }
    }
}

#[test]
fn every_quest_has_the_requirement_the_rulebook_lists() {
    assert_eq!(QUEST_DATA.len(), RULEBOOK_QUESTS.len());
    for (i, (q, text)) in QUEST_DATA.iter().zip(RULEBOOK_QUESTS).enumerate() {
        assert_eq!(q.need, parse(text), "quest {i}: \"{text}\"");
        assert!((2..=5).contains(&q.vp), "quest {i} VP");
    }
}

#[test]
fn a_quest_needs_its_requirement_and_gives_a_dragon_egg() {
    let mut g = Spring::test_position(2);
    // Quest 10: have 5 food (card 12 + 9).
    let card = quest(9);
    let mut area = g.decks().area;
    area[0] = Some(card);
    g.set_area(area);
    g.set_resources(Seat(0), [4, 0, 0]);
    let e = refuse(&mut g, A::Quest { spot: 0, card });
    assert!(e.to_string().contains("5 food"), "{e}");
    g.set_resources(Seat(0), [5, 0, 0]);
    let ev = play(&mut g, A::Quest { spot: 0, card });
    assert!(ev.contains(&SpringEvent::QuestFulfilled { seat: 0, card }));
    assert_eq!(g.to_act(), Actor::Chance);
    let ev = chance(&mut g, 3);
    assert!(
        ev.iter()
            .any(|e| matches!(e, SpringEvent::DragonGained { seat: 0, .. }))
    );
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!(e.res, [5, 0, 0], "a quest spends nothing");
    assert_eq!(e.nest.len(), 2);
    assert_eq!(e.nest[1].level, 1, "an egg is a level 1 dragon");
    assert!(
        e.heroes >> hero_id(card) & 1 == 1,
        "the quest joins the heroes deck"
    );
    assert!(
        g.decks().area.iter().all(Option::is_some),
        "the area is refilled"
    );
    assert!(!g.decks().area.contains(&Some(card)));
}

#[test]
fn the_nest_holds_five_dragons_or_six_with_the_fortress() {
    let mut g = Spring::test_position(2);
    for d in [4, 5, 6, 7] {
        g.give_dragon(Seat(0), d, 1);
    }
    let card = quest(2); // have 2 dragons
    let mut area = g.decks().area;
    area[0] = Some(card);
    g.set_area(area);
    play(&mut g, A::Quest { spot: 0, card });
    let ev = chance(&mut g, 1);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, SpringEvent::DragonGained { .. })),
        "the nest is full"
    );
    assert_eq!(g.empire(Seat(0)).unwrap().nest.len(), 5);
    // With the fortress, a sixth.
    let mut g = Spring::test_position(2);
    for d in [4, 5, 6, 7] {
        g.give_dragon(Seat(0), d, 1);
    }
    g.empire_mut(Seat(0)).fortress = Some(spots(|s| s == dwarfs_spring::data::Spot::Field)[0]);
    let mut area = g.decks().area;
    area[0] = Some(card);
    g.set_area(area);
    play(&mut g, A::Quest { spot: 0, card });
    chance(&mut g, 1);
    assert_eq!(g.empire(Seat(0)).unwrap().nest.len(), 6);
}

#[test]
fn the_second_expedition_spot_may_remove_a_card_from_the_heroes_deck() {
    let mut g = Spring::test_position(2);
    let card = quest(2);
    g.give_dragon(Seat(0), 4, 1);
    let mut area = g.decks().area;
    area[0] = Some(card);
    g.set_area(area);
    play(&mut g, A::Quest { spot: 1, card });
    chance(&mut g, 1);
    assert_eq!(g.flow().pending, Some(Pending::Remove));
    let legal = g.legal_actions_vec();
    assert_eq!(legal.len(), 8 + 1, "any of the 8 cards, or keep them all");
    assert!(matches!(refuse(&mut g, A::EndTurn), SpringError::NotNow(_)));
    let ev = play(&mut g, A::RemoveHero { card: 4 });
    assert!(ev.contains(&SpringEvent::HeroRemoved { seat: 0, card: 4 }));
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!(e.heroes.count_ones(), 7);
    assert!(e.heroes >> 4 & 1 == 0);
    assert_eq!(g.flow().pending, None);
    // Next round the second expedition spot is taken; the first still works, removing nothing.
    end(&mut g);
    every_spot_used(&mut g, Seat(1));
    play(&mut g, A::Idle);
    end(&mut g);
    let card = quest(0); // a level 2 dragon
    g.empire_mut(Seat(0)).nest[0].level = 2;
    let mut area = g.decks().area;
    area[1] = Some(card);
    g.set_area(area);
    let e = refuse(&mut g, A::Quest { spot: 1, card });
    assert!(matches!(e, SpringError::SpotUsed(_)), "{e}");
    play(&mut g, A::Quest { spot: 0, card });
    chance(&mut g, 2);
    assert_eq!(g.flow().pending, None, "the first spot removes nothing");
}

#[test]
fn no_quests_while_the_frogling_is_in_play() {
    let mut g = Spring::test_position(2);
    let card = quest(2);
    g.give_dragon(Seat(0), 4, 1);
    let mut area = g.decks().area;
    area[0] = Some(card);
    g.set_area(area);
    assert!(g.legal_actions_vec().contains(&A::Quest { spot: 0, card }));
    g.put_monster(7, 5, 3); // Frogling
    let e = refuse(&mut g, A::Quest { spot: 0, card });
    assert!(e.to_string().contains("Frogling"), "{e}");
}

#[test]
fn requirements_count_settlements_lines_monsters_dragons_and_faeries() {
    let mut g = Spring::test_position(2);
    let fields = spots(|s| s == dwarfs_spring::data::Spot::Field);
    let mut area = [None; 6];
    for (i, q) in [1usize, 4, 5, 6, 21].iter().enumerate() {
        area[i] = Some(quest(*q));
    }
    g.set_area(area);
    let can = |g: &Spring, q: usize| {
        g.legal_actions_vec().contains(&A::Quest {
            spot: 0,
            card: quest(q),
        })
    };
    assert!(!(can(&g, 1) || can(&g, 4) || can(&g, 5) || can(&g, 6) || can(&g, 21)));
    g.empire_mut(Seat(0)).nest[0].level = 3;
    assert!(can(&g, 1), "a level 3 dragon");
    g.empire_mut(Seat(0)).defeated = 2;
    assert!(can(&g, 4), "2 monsters defeated");
    for &f in &fields[..4] {
        put_settlement(&mut g, Seat(0), dwarfs_spring::data::Resource::Gold, f);
    }
    assert!(can(&g, 6), "the gold line built");
    assert!(!can(&g, 5));
    put_settlement(
        &mut g,
        Seat(0),
        dwarfs_spring::data::Resource::Food,
        fields[9],
    );
    assert!(can(&g, 5), "5 settlements on the map");
    assert!(!can(&g, 21));
    g.set_hand(Seat(0), 0b111);
    assert!(can(&g, 21), "3 faeries");
}

#[test]
fn have_quests_count_settlements_on_the_map_line_quests_need_their_own_line_and_one_monster_does() {
    use dwarfs_spring::data::Spot;
    let mut g = Spring::test_position(2);
    let fields = spots(|s| s == Spot::Field);
    // Quests 18 (4 settlements and 4 wood), 15 (3 settlements and 3 faeries), 8 (the food
    // line), 9 (the wood line), 4 (a monster defeated).
    let quests = [17usize, 14, 7, 8, 3];
    let mut area = [None; 6];
    for (i, q) in quests.iter().enumerate() {
        area[i] = Some(quest(*q));
    }
    g.set_area(area);
    assert_eq!(QUEST_DATA[7].need, Requirement::Line(Resource::Food));
    assert_eq!(QUEST_DATA[8].need, Requirement::Line(Resource::Wood));
    assert_eq!(QUEST_DATA[3].need, Requirement::Monsters(1));
    let can = |g: &Spring, q: usize| {
        g.legal_actions_vec().contains(&A::Quest {
            spot: 0,
            card: quest(q),
        })
    };
    let none = |g: &Spring| quests.iter().all(|&q| !can(g, q));
    assert!(none(&g));
    // Resources and faeries without the settlements are not enough.
    g.set_resources(Seat(0), [0, 4, 0]);
    g.set_hand(Seat(0), 0b111);
    assert!(none(&g));
    for &f in &fields[..3] {
        put_settlement(&mut g, Seat(0), Resource::Gold, f);
    }
    assert!(can(&g, 14), "3 settlements and 3 faeries");
    assert!(!can(&g, 17), "4 wood but only 3 settlements");
    // Seat 1's settlements are not seat 0's.
    put_settlement(&mut g, Seat(1), Resource::Food, fields[3]);
    assert!(!can(&g, 17));
    put_settlement(&mut g, Seat(0), Resource::Gold, fields[4]);
    assert!(can(&g, 17), "4 settlements and 4 wood");
    g.set_resources(Seat(0), [0, 3, 0]);
    assert!(!can(&g, 17), "3 wood is short");
    // The gold line is all built: neither the food nor the wood line quest.
    assert!(!can(&g, 7) && !can(&g, 8));
    for &f in &fields[5..8] {
        put_settlement(&mut g, Seat(0), Resource::Food, f);
    }
    assert!(!can(&g, 7), "3 of 4 food settlements");
    put_settlement(&mut g, Seat(0), Resource::Food, fields[8]);
    assert!(can(&g, 7), "the food line built");
    assert!(!can(&g, 8));
    for &f in &fields[9..13] {
        put_settlement(&mut g, Seat(0), Resource::Wood, f);
    }
    assert!(can(&g, 8), "the wood line built");
    assert!(!can(&g, 3));
    g.empire_mut(Seat(1)).defeated = 1;
    assert!(!can(&g, 3), "seat 1's monster is not seat 0's");
    g.empire_mut(Seat(0)).defeated = 1;
    assert!(can(&g, 3), "one monster defeated");
}

#[test]
fn a_monster_revealed_by_the_refill_after_a_quest_enters_play_on_its_home_wildland() {
    let mut g = Spring::test_position(2);
    let witch = 5u8; // the Witch of wildland 3
    assert_eq!(MONSTER_DATA[witch as usize].home, 3);
    assert_eq!(g.board().monster_at, [None; 6]);
    g.set_exp_deck(1 << witch);
    g.give_dragon(Seat(0), 4, 1);
    let card = quest(2); // have 2 dragons
    let slot = g
        .decks()
        .area
        .iter()
        .position(|&c| c == Some(card))
        .unwrap();
    play(&mut g, A::Quest { spot: 0, card });
    let ev = chance(&mut g, 6);
    assert!(ev.contains(&SpringEvent::CardRevealed { card: witch }));
    assert!(
        ev.contains(&SpringEvent::MonsterSpawned {
            card: witch,
            wild: Some(3)
        }),
        "{ev:?}"
    );
    assert_eq!(g.board().monster_at[3], Some(witch));
    assert_eq!(g.decks().area[slot], Some(witch));
    assert_eq!(g.exp_deck_len(), 0);
    // In play, its ability works: food spots give 1.
    assert_eq!(
        g.effective(res(Resource::Food), 3),
        1,
        "the Witch is in play"
    );
}

#[test]
fn have_a_level_2_dragon_is_met_by_a_level_3_one() {
    let mut g = Spring::test_position(2);
    let mut area = [None; 6];
    area[0] = Some(quest(0)); // have a level 2 dragon
    g.set_area(area);
    let can = |g: &Spring| {
        g.legal_actions_vec().contains(&A::Quest {
            spot: 0,
            card: quest(0),
        })
    };
    g.empire_mut(Seat(0)).nest[0].level = 1;
    assert!(!can(&g), "a level 1 dragon does not meet it");
    g.empire_mut(Seat(0)).nest[0].level = 3;
    assert!(can(&g), "a level 3 dragon has level 2 too");
    play(
        &mut g,
        A::Quest {
            spot: 0,
            card: quest(0),
        },
    );
}

/// "Have defeated a monster" counts monsters ever defeated (docs/rules/spring.md): the defeat
/// happened, so removing the monster's card from the heroes deck at the second expedition spot
/// does not take it back.
#[test]
fn a_monster_card_removed_at_the_second_expedition_spot_still_counts_as_defeated() {
    let mut g = Spring::test_position(2);
    quests_only_deck(&mut g);
    let (w, f) = wild_with_field(&g);
    put_settlement(&mut g, Seat(0), Resource::Food, f);
    let harpy = 2u8;
    g.put_monster(harpy, 5, w as usize);
    assert_eq!(QUEST_DATA[3].need, Requirement::Monsters(1));
    let defeated = quest(3);
    assert!(g.decks().area.contains(&Some(defeated)));
    // Round 1: seat 0 defeats the Harpy.
    g.empire_mut(Seat(0)).successes = MONSTER_DATA[harpy as usize].axes;
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 1);
    assert!(ev.contains(&SpringEvent::MonsterDefeated {
        seat: 0,
        card: harpy
    }));
    assert_eq!(g.empire(Seat(0)).unwrap().defeated, 1);
    end(&mut g);
    every_spot_used(&mut g, Seat(1));
    play(&mut g, A::Idle);
    end(&mut g);
    // Round 2: a quest at the second expedition spot (2 dragons), then the Harpy's card goes.
    g.give_dragon(Seat(0), 4, 1);
    play(
        &mut g,
        A::Quest {
            spot: 1,
            card: quest(2),
        },
    );
    chance(&mut g, 1);
    assert_eq!(g.flow().pending, Some(Pending::Remove));
    let ev = play(
        &mut g,
        A::RemoveHero {
            card: hero_id(harpy),
        },
    );
    assert!(ev.contains(&SpringEvent::HeroRemoved {
        seat: 0,
        card: hero_id(harpy)
    }));
    let heroes = g.empire(Seat(0)).unwrap().heroes;
    assert!(
        (0..MONSTERS as u8).all(|m| heroes >> hero_id(m) & 1 == 0),
        "no monster card left in the heroes deck"
    );
    assert_eq!(g.decks().removed[0], 1 << hero_id(harpy));
    end(&mut g);
    play(&mut g, A::Idle);
    end(&mut g);
    // Round 3: the defeat still counts.
    assert!(g.decks().area.contains(&Some(defeated)));
    let ev = play(
        &mut g,
        A::Quest {
            spot: 0,
            card: defeated,
        },
    );
    assert!(ev.contains(&SpringEvent::QuestFulfilled {
        seat: 0,
        card: defeated
    }));
}
