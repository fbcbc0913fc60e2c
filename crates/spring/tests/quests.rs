//! Quests: the requirements, the dragon egg prize and the nest limit, the quest card in the
//! heroes deck, the second expedition spot's removal, and the Frogling.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_spring::data::{MONSTERS, QUEST_DATA, Requirement};
use dwarfs_spring::{Pending, Spring, SpringAction as A, SpringError, SpringEvent, hero_id};

/// The expedition card of quest `q` (0-based, in the data's order).
fn quest(q: usize) -> u8 {
    (MONSTERS + q) as u8
}

#[test]
fn every_listed_requirement_is_a_quest() {
    assert_eq!(QUEST_DATA.len(), 26);
    assert_eq!(QUEST_DATA[0].need, Requirement::DragonLevel(2));
    assert_eq!(QUEST_DATA[5].need, Requirement::Settlements(5));
    assert_eq!(QUEST_DATA[25].need, Requirement::Settlements(5));
    assert!(QUEST_DATA.iter().all(|q| (2..=5).contains(&q.vp)));
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
    g.empire_mut(Seat(1)).used = 0b1_1111_1111;
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
