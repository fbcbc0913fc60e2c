//! Eras: 7 rounds of one turn per seat, the start of an era (dwarfs home, dragons rest,
//! production, warehouse limit), the first-player token, and the end of the game.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_spring::data::{MONSTERS, Resource, Spot};
use dwarfs_spring::{Phase, Spring, SpringAction as A, SpringError, SpringEvent};

#[test]
fn an_actions_phase_is_seven_rounds_of_one_dwarf_action_per_seat() {
    let mut g = Spring::test_position(3);
    let mut turns = Vec::new();
    while g.flow().era == 1 {
        match g.to_act() {
            Actor::Chance => {
                chance(&mut g, 2);
                continue;
            }
            Actor::Seat(s) => {
                if !g.flow().acted {
                    turns.push(s.0);
                    assert_eq!(
                        g.empire(s).unwrap().bastion,
                        7 - (turns.len() as u8 - 1) / 3
                    );
                    // Summon first, then command, then idle when nothing else is possible.
                    let legal = g.legal_actions_vec();
                    let a = [A::Summon]
                        .into_iter()
                        .chain(
                            legal
                                .iter()
                                .copied()
                                .filter(|a| matches!(a, A::Command { .. })),
                        )
                        .chain([A::Idle])
                        .find(|a| legal.contains(a))
                        .unwrap_or(legal[0]);
                    play(&mut g, a);
                } else if g.flow().pending.is_some() {
                    let a = *g.legal_actions_vec().last().unwrap();
                    play(&mut g, a);
                } else {
                    // One dwarf action per turn: a second one is refused.
                    let e = refuse(&mut g, A::Summon);
                    assert!(matches!(e, SpringError::NotNow(_)), "{e}");
                    end(&mut g);
                }
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(turns.len(), 21, "7 rounds of 3 turns");
    assert_eq!(&turns[..6], &[0, 1, 2, 0, 1, 2]);
    assert_eq!(g.flow().era, 2);
    assert_eq!(g.flow().first, 1, "the first-player token passes clockwise");
    assert_eq!(seat(&g), Seat(1));
}

#[test]
fn a_turn_cannot_end_before_its_dwarf_action() {
    let mut g = Spring::test_position(2);
    let e = refuse(&mut g, A::EndTurn);
    assert!(e.to_string().contains("dwarf action"), "{e}");
}

#[test]
fn idle_only_when_no_dwarf_action_is_possible() {
    let mut g = Spring::test_position(2);
    assert!(matches!(refuse(&mut g, A::Idle), SpringError::NotNow(_)));
    // No pieces on the map, no dragon ready, faerie spot used, no quest met: only idle.
    every_spot_used(&mut g, Seat(0));
    assert_eq!(g.legal_actions_vec(), vec![A::Idle]);
    let ev = play(&mut g, A::Idle);
    assert!(ev.contains(&SpringEvent::Idled { seat: 0 }));
    assert_eq!(g.empire(Seat(0)).unwrap().bastion, 6);
}

#[test]
fn a_new_era_returns_dwarfs_rests_dragons_produces_and_applies_the_warehouse_limit() {
    let mut g = Spring::test_position(2);
    let field = spots(|s| s == Spot::Field)[0];
    {
        let e = g.empire_mut(Seat(0));
        e.res = [6, 7, 0];
        e.built = [2, 1, 4];
        e.bastion = 0;
        e.dwarfs.add(field);
        e.wild_dwarfs[3] = 2;
        e.used = 0b1111;
        e.power_bonus = true;
        e.nest[0].exhausted = true;
    }
    last_turn_of_era(&mut g);
    let ev = play(&mut g, A::EndTurn);
    assert!(ev.contains(&SpringEvent::EraStarted { era: 2, first: 1 }));
    assert!(ev.contains(&SpringEvent::Produced {
        seat: 0,
        gained: [2, 1, 5],
        discarded: [1, 1, 0],
    }));
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!(e.res, [7, 7, 5], "at most 7 of each resource");
    assert_eq!(e.bastion, 7, "every dwarf is back in the bastion");
    assert!(e.dwarfs.is_empty() && e.wild_dwarfs == [0; 6] && e.used == 0);
    assert!(!e.nest[0].exhausted, "dragons rest");
    assert_eq!(e.tokens(), 4, "tokens back in the treasury");
    assert_eq!(
        e.faerie_power(),
        1,
        "the dragon spot's faerie power lasts one era"
    );
}

#[test]
fn the_game_ends_after_the_fourth_era() {
    let mut g = Spring::test_position(2);
    g.flow_mut().era = 4;
    last_turn_of_era(&mut g);
    let ev = play(&mut g, A::EndTurn);
    assert!(ev.contains(&SpringEvent::GameEnded { era: 4 }));
    assert_eq!(g.to_act(), Actor::Over);
    assert_eq!(g.phase(), Phase::Over);
    assert!(g.outcome().is_some());
    assert!(g.legal_actions_vec().is_empty());
}

#[test]
fn the_game_ends_early_when_the_expedition_area_is_short() {
    let mut g = Spring::test_position(2);
    let mut area = g.decks().area;
    area[5] = None;
    g.set_area(area);
    last_turn_of_era(&mut g);
    play(&mut g, A::EndTurn);
    assert_eq!(
        g.to_act(),
        Actor::Over,
        "fewer than 6 expedition cards at the end of an era"
    );
    assert!(g.outcome().unwrap().summary.contains("expedition area"));
    // With a full area the game goes on.
    let mut g = Spring::test_position(2);
    last_turn_of_era(&mut g);
    play(&mut g, A::EndTurn);
    assert_eq!(g.flow().era, 2);
}

#[test]
fn production_counts_only_revealed_spots() {
    let mut g = Spring::test_position(2);
    put_settlement(
        &mut g,
        Seat(1),
        Resource::Wood,
        spots(|s| s == Spot::Field)[3],
    );
    last_turn_of_era(&mut g);
    play(&mut g, A::EndTurn);
    assert_eq!(g.empire(Seat(1)).unwrap().res, [0, 1, 0]);
    assert_eq!(g.empire(Seat(0)).unwrap().res, [0, 0, 0]);
}

#[test]
fn successes_carry_over_into_a_later_era_until_a_fight_or_gathering() {
    let mut g = Spring::test_position(2);
    g.empire_mut(Seat(0)).successes = 2;
    last_turn_of_era(&mut g);
    let ev = play(&mut g, A::EndTurn);
    assert!(ev.contains(&SpringEvent::EraStarted { era: 2, first: 1 }));
    assert_eq!(g.empire(Seat(0)).unwrap().successes, 2, "kept into era 2");
    // Seat 1 is first now; then seat 0 gathers next to its settlement.
    play(&mut g, A::Summon);
    chance(&mut g, 0);
    play(&mut g, A::EndTurn);
    let (w, f) = wild_with_field(&g);
    put_settlement(&mut g, Seat(0), Resource::Food, f);
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 1);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            SpringEvent::HeroesRevealed {
                successes: 2,
                fight: false,
                ..
            }
        )),
        "{ev:?}"
    );
    assert_eq!(g.empire(Seat(0)).unwrap().successes, 0);
}

/// Seat 0 fulfils quest 3 (2 dragons) at once; then every dwarf left stays idle until the era
/// ends. The events from the quest's chance point on, and the number of idle turns.
fn quest_then_idle_to_the_end_of_the_era(g: &mut Spring) -> (Vec<SpringEvent>, u32) {
    let card = (MONSTERS + 2) as u8;
    g.give_dragon(Seat(0), 4, 1);
    play(g, A::Quest { spot: 0, card });
    let mut ev = chance(g, 3);
    assert!(
        !g.decks().area.contains(&Some(card)),
        "the quest left the area"
    );
    every_spot_used(g, Seat(0));
    every_spot_used(g, Seat(1));
    let mut idle = 0;
    while g.phase() == Phase::Actions && g.flow().era == 1 {
        if g.flow().acted {
            ev.extend(play(g, A::EndTurn));
        } else {
            ev.extend(play(g, A::Idle));
            idle += 1;
        }
    }
    (ev, idle)
}

/// A refill from an empty expedition deck reveals nothing: the place stays empty and the game
/// goes on until the end of the era, where the area holds fewer than 6 cards and the game ends.
/// With one card left, the refill takes it and the game goes on into the next era.
#[test]
fn an_expedition_deck_that_runs_out_at_a_refill_ends_the_game_at_the_end_of_the_era() {
    let mut g = Spring::test_position(2);
    g.set_exp_deck(0);
    let (ev, idle) = quest_then_idle_to_the_end_of_the_era(&mut g);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, SpringEvent::CardRevealed { .. })),
        "{ev:?}"
    );
    assert_eq!(g.decks().area.iter().flatten().count(), 5);
    assert_eq!(idle, 7 * 2 - 1, "the era is played to its end");
    assert!(ev.contains(&SpringEvent::GameEnded { era: 1 }), "{ev:?}");
    assert!(
        !ev.iter()
            .any(|e| matches!(e, SpringEvent::EraStarted { .. }))
    );
    assert_eq!(g.phase(), Phase::Over);
    assert!(
        g.outcome()
            .unwrap()
            .summary
            .contains("expedition area could not be refilled")
    );
    // The same with one card left: the area is full again (the deck now empty) and era 2 comes.
    let mut g = Spring::test_position(2);
    let last = (MONSTERS + 10) as u8;
    g.set_exp_deck(1 << last);
    let (ev, idle) = quest_then_idle_to_the_end_of_the_era(&mut g);
    assert!(ev.contains(&SpringEvent::CardRevealed { card: last }));
    assert_eq!(g.exp_deck_len(), 0);
    assert_eq!(idle, 7 * 2 - 1);
    assert!(ev.contains(&SpringEvent::EraStarted { era: 2, first: 1 }));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, SpringEvent::GameEnded { .. }))
    );
    assert_eq!(g.phase(), Phase::Actions);
}
