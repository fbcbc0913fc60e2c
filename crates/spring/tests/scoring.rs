//! The end of the game: points for quests, monsters, level 2 and 3 dragons, complete production
//! lines, the fortress and every 7 resources; ties by heroes-deck size, then resources.

mod common;
use common::*;
use dwarfs_engine::{Game, Seat};
use dwarfs_spring::data::{DRAGON_DATA, MONSTER_DATA, MONSTERS, QUEST_DATA};
use dwarfs_spring::{Spring, SpringAction as A, hero_id};

fn finish(g: &mut Spring) {
    let n = g.players();
    let f = g.flow_mut();
    f.era = 4;
    f.round = 7;
    f.turn = n - 1;
    f.acted = true;
    play(g, A::EndTurn);
}

fn points(g: &Spring, seat: u8, category: &str) -> i32 {
    let o = g.outcome().unwrap();
    o.score(Seat(seat))
        .unwrap()
        .breakdown
        .iter()
        .find(|l| l.category == category)
        .unwrap()
        .points
}

#[test]
fn every_category_scores_as_the_rulebook_says() {
    let mut g = Spring::test_position(2);
    {
        let e = g.empire_mut(Seat(0));
        e.heroes |= 1 << hero_id(4) | 1 << hero_id(1) | 1 << hero_id((MONSTERS + 3) as u8);
        e.built = [4, 4, 1];
        e.fortress = Some(spots(|s| s == dwarfs_spring::data::Spot::Field)[0]);
        e.res = [5, 3, 7];
        e.nest[0].level = 3;
    }
    g.give_dragon(Seat(0), 8, 2);
    finish(&mut g);
    let d0 = g.empire(Seat(0)).unwrap().nest[0].dragon as usize;
    assert_eq!(points(&g, 0, "Quests"), QUEST_DATA[3].vp as i32);
    assert_eq!(
        points(&g, 0, "Monsters"),
        (MONSTER_DATA[4].vp + MONSTER_DATA[1].vp) as i32
    );
    assert_eq!(
        points(&g, 0, "Dragons"),
        (DRAGON_DATA[d0].vp[2] + DRAGON_DATA[8].vp[1]) as i32
    );
    assert_eq!(points(&g, 0, "Production lines"), 4);
    assert_eq!(points(&g, 0, "Fortress"), 5);
    assert_eq!(points(&g, 0, "Resources"), 2, "15 resources: 2 VP");
    assert_eq!(
        points(&g, 1, "Dragons"),
        0,
        "a level 1 dragon scores nothing"
    );
    let o = g.outcome().unwrap();
    assert_eq!(o.winners, vec![Seat(0)]);
}

#[test]
fn ties_go_to_the_bigger_heroes_deck_then_to_more_resources() {
    let mut g = Spring::test_position(2);
    // Equal points: one 3-VP quest each. Seat 0 removed its Captain, so its deck is smaller.
    g.empire_mut(Seat(0)).heroes |= 1 << hero_id((MONSTERS + 3) as u8);
    g.empire_mut(Seat(1)).heroes |= 1 << hero_id((MONSTERS + 12) as u8);
    assert_eq!(QUEST_DATA[3].vp, QUEST_DATA[12].vp);
    g.empire_mut(Seat(0)).heroes &= !1;
    g.set_resources(Seat(0), [6, 0, 0]);
    let mut h = g.clone();
    finish(&mut g);
    let o = g.outcome().unwrap();
    assert_eq!(o.scores[0].total, o.scores[1].total);
    assert_eq!(o.winners, vec![Seat(1)], "more cards in the heroes deck");
    // Same deck sizes: more resources wins.
    h.empire_mut(Seat(0)).heroes |= 1;
    finish(&mut h);
    assert_eq!(h.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn a_tie_that_survives_every_tie_breaker_is_shared() {
    let mut g = Spring::test_position(3);
    // Seats 0 and 1: one 3-VP quest each, 8 cards in the heroes deck and 3 resources each
    // (of different kinds); seat 2 has less.
    assert_eq!(QUEST_DATA[3].vp, QUEST_DATA[12].vp);
    g.empire_mut(Seat(0)).heroes |= 1 << hero_id((MONSTERS + 3) as u8);
    g.empire_mut(Seat(1)).heroes |= 1 << hero_id((MONSTERS + 12) as u8);
    g.set_resources(Seat(0), [2, 1, 0]);
    g.set_resources(Seat(1), [0, 0, 3]);
    g.set_resources(Seat(2), [6, 0, 0]);
    finish(&mut g);
    let o = g.outcome().unwrap();
    assert_eq!(o.scores[0].total, o.scores[1].total);
    assert!(o.scores[2].total < o.scores[0].total);
    assert_eq!(
        o.winners,
        vec![Seat(0), Seat(1)],
        "the tied seats share the win"
    );
}
