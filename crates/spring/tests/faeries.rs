//! Faerie cards: a free action at any moment of the turn, each applied as many times as the
//! faerie power; moving and swapping never fights, gathers or gains; the fortress is immune.

mod common;
use common::*;
use dwarfs_engine::{Game, Seat};
use dwarfs_spring::data::{FaerieKind as F, Resource, Spot};
use dwarfs_spring::map;
use dwarfs_spring::{Pending, Spring, SpringAction as A, SpringError, SpringEvent};

fn with_card(g: &mut Spring, seat: Seat, kind: F) -> u8 {
    let c = g.faerie_card(kind).unwrap();
    let hand = g.hand(seat) | 1 << c;
    g.set_hand(seat, hand);
    c
}

#[test]
fn a_resource_faerie_is_applied_as_many_times_as_the_faerie_power() {
    let mut g = Spring::test_position(2);
    let c = with_card(&mut g, Seat(0), F::Harvest);
    play(&mut g, A::PlayFaerie { card: c });
    assert_eq!(g.empire(Seat(0)).unwrap().res, [2, 0, 0]);
    assert_eq!(g.hand(Seat(0)), 0);
    assert!(!g.flow().acted, "playing a faerie is a free action");
    g.empire_mut(Seat(0)).power_bonus = true;
    let c = with_card(&mut g, Seat(0), F::Bounty);
    play(&mut g, A::PlayFaerie { card: c });
    assert_eq!(g.empire(Seat(0)).unwrap().res, [4, 2, 2], "power 2: twice");
    let c = with_card(&mut g, Seat(0), F::Valor);
    play(&mut g, A::PlayFaerie { card: c });
    assert_eq!(g.empire(Seat(0)).unwrap().successes, 4);
    // A played faerie goes back to the pile.
    assert_eq!(g.faerie_pile_len(), 20);
}

#[test]
fn the_wanderer_moves_one_dwarf_per_application_and_never_starts_a_fight() {
    let mut g = Spring::test_position(2);
    let (w, f) = wild_with_field(&g);
    g.empire_mut(Seat(0)).dwarfs.add(f);
    g.empire_mut(Seat(0)).bastion = 6;
    g.put_monster(4, 0, w as usize);
    g.empire_mut(Seat(0)).power_bonus = true;
    let c = with_card(&mut g, Seat(0), F::Wanderer);
    play(&mut g, A::PlayFaerie { card: c });
    assert_eq!(
        g.flow().pending,
        Some(Pending::Faerie {
            kind: F::Wanderer,
            left: 2
        })
    );
    // Only faerie targets or stopping now.
    assert!(matches!(refuse(&mut g, A::Summon), SpringError::Invalid(_)));
    play(&mut g, A::MoveDwarf { from: f, to: w });
    assert!(g.flow().chance.is_none(), "no fight from a faerie move");
    assert_eq!(g.empire(Seat(0)).unwrap().wild_dwarfs[w as usize], 1);
    let back = g
        .board()
        .map
        .adj(w)
        .iter()
        .find(|&l| l != f && !map::is_wild(l))
        .unwrap();
    play(&mut g, A::MoveDwarf { from: w, to: back });
    assert_eq!(g.flow().pending, None, "two applications at power 2");
    assert!(g.empire(Seat(0)).unwrap().dwarfs.has(back));
    assert_eq!(g.empire(Seat(0)).unwrap().res, [0, 0, 0]);
}

#[test]
fn the_trickster_swaps_settlements_without_gains_and_never_touches_a_fortress() {
    let mut g = Spring::test_position(2);
    let fields = spots(|s| s == Spot::Field);
    let food3 = resource_spot(res(Resource::Food), 3);
    put_settlement(&mut g, Seat(0), Resource::Food, fields[0]);
    put_settlement(&mut g, Seat(1), Resource::Food, food3);
    g.empire_mut(Seat(1)).fortress = Some(fields[5]);
    let c = with_card(&mut g, Seat(0), F::Trickster);
    play(&mut g, A::PlayFaerie { card: c });
    let legal = g.legal_actions_vec();
    assert_eq!(
        legal,
        vec![
            A::SwapSettlements {
                mine: fields[0],
                theirs: food3
            },
            A::StopFaerie
        ],
        "the fortress is never a target"
    );
    play(
        &mut g,
        A::SwapSettlements {
            mine: fields[0],
            theirs: food3,
        },
    );
    assert!(g.empire(Seat(0)).unwrap().settlements.has(food3));
    assert!(g.empire(Seat(1)).unwrap().settlements.has(fields[0]));
    assert_eq!(
        g.empire(Seat(0)).unwrap().res,
        [0, 0, 0],
        "no resources from a swap"
    );
}

#[test]
fn the_shifter_swaps_two_dwarfs_and_dawn_readies_a_dragon() {
    let mut g = Spring::test_position(2);
    let fields = spots(|s| s == Spot::Field);
    g.empire_mut(Seat(0)).dwarfs.add(fields[0]);
    g.empire_mut(Seat(1)).wild_dwarfs[2] = 1;
    let c = with_card(&mut g, Seat(0), F::Shifter);
    play(&mut g, A::PlayFaerie { card: c });
    play(
        &mut g,
        A::SwapDwarfs {
            mine: fields[0],
            theirs: 2,
            owner: 1,
        },
    );
    assert_eq!(g.empire(Seat(0)).unwrap().wild_dwarfs[2], 1);
    assert!(g.empire(Seat(1)).unwrap().dwarfs.has(fields[0]));
    assert!(g.flow().chance.is_none(), "no gathering from a swap");
    // Dawn: not playable without an exhausted dragon.
    let c = with_card(&mut g, Seat(0), F::Dawn);
    assert!(
        refuse(&mut g, A::PlayFaerie { card: c })
            .to_string()
            .contains("nothing")
    );
    g.empire_mut(Seat(0)).nest[0].exhausted = true;
    let d = g.empire(Seat(0)).unwrap().nest[0].dragon;
    play(&mut g, A::PlayFaerie { card: c });
    play(&mut g, A::Ready { dragon: d });
    assert!(!g.empire(Seat(0)).unwrap().nest[0].exhausted);
    assert_eq!(g.empire(Seat(0)).unwrap().tokens(), 4);
}

#[test]
fn a_faerie_may_be_stopped_and_only_own_cards_are_played() {
    let mut g = Spring::test_position(2);
    let theirs = with_card(&mut g, Seat(1), F::Harvest);
    assert!(
        refuse(&mut g, A::PlayFaerie { card: theirs })
            .to_string()
            .contains("not in your hand")
    );
    g.empire_mut(Seat(0))
        .dwarfs
        .add(spots(|s| s == Spot::Field)[0]);
    let c = with_card(&mut g, Seat(0), F::Wanderer);
    play(&mut g, A::PlayFaerie { card: c });
    play(&mut g, A::StopFaerie);
    assert_eq!(g.flow().pending, None);
    assert!(
        refuse(&mut g, A::StopFaerie)
            .to_string()
            .contains("no faerie")
    );
}

/// A production line belongs to its empire board, not to a place on the map: the Trickster
/// swaps where two settlements stand, and both players keep their lines (`built`), their number
/// of settlements on the map and so the next era's production.
#[test]
fn a_trickster_swap_leaves_both_players_production_lines_and_production_unchanged() {
    let mut g = Spring::test_position(2);
    let fields = spots(|s| s == Spot::Field);
    // Seat 0: one food and two wood settlements; seat 1: three gold and one food.
    let mine = fields[1];
    put_settlement(&mut g, Seat(0), Resource::Food, fields[0]);
    put_settlement(&mut g, Seat(0), Resource::Wood, mine);
    put_settlement(&mut g, Seat(0), Resource::Wood, fields[2]);
    let theirs = fields[3];
    put_settlement(&mut g, Seat(1), Resource::Gold, theirs);
    put_settlement(&mut g, Seat(1), Resource::Gold, fields[4]);
    put_settlement(&mut g, Seat(1), Resource::Gold, fields[5]);
    put_settlement(&mut g, Seat(1), Resource::Food, fields[6]);
    let before: Vec<_> = (0..2)
        .map(|s| {
            let e = g.empire(Seat(s)).unwrap();
            (e.built, e.settlements.len())
        })
        .collect();
    assert_eq!(before, vec![([1, 2, 0], 3), ([1, 0, 3], 4)]);
    let c = with_card(&mut g, Seat(0), F::Trickster);
    play(&mut g, A::PlayFaerie { card: c });
    play(&mut g, A::SwapSettlements { mine, theirs });
    assert!(g.empire(Seat(0)).unwrap().settlements.has(theirs));
    assert!(g.empire(Seat(1)).unwrap().settlements.has(mine));
    let after: Vec<_> = (0..2)
        .map(|s| {
            let e = g.empire(Seat(s)).unwrap();
            (e.built, e.settlements.len())
        })
        .collect();
    assert_eq!(after, before, "lines and settlement counts are unchanged");
    // The next era produces from the same lines: 1 food + 2 wood; 1 food + 3 gold.
    last_turn_of_era(&mut g);
    let ev = play(&mut g, A::EndTurn);
    assert!(ev.contains(&SpringEvent::Produced {
        seat: 0,
        gained: [1, 2, 0],
        discarded: [0, 0, 0],
    }));
    assert!(ev.contains(&SpringEvent::Produced {
        seat: 1,
        gained: [1, 0, 3],
        discarded: [0, 0, 0],
    }));
    assert_eq!(g.empire(Seat(0)).unwrap().res, [1, 2, 0]);
    assert_eq!(g.empire(Seat(1)).unwrap().res, [1, 0, 3]);
}
