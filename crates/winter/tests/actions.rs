//! Phase 3, Actions: placing, moving, acquiring heroes, music with answers in clockwise order,
//! and the free actions (defeat a monster, overcome a disaster), with the legendary dwarfs.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_winter::data::{MonsterType as T, POOL_COST};
use dwarfs_winter::{
    DwarfKind, Instrument, Pick, Resource, Squad, Stage, WinterAction, WinterError, WinterEvent,
};

const W: DwarfKind = DwarfKind::Worker;

fn place(zone: dwarfs_winter::Zone) -> WinterAction {
    WinterAction::Place { kind: W, zone }
}

#[test]
fn placing_costs_an_action_and_never_twice_into_one_zone_in_a_turn() {
    let mut g = position(2);
    play(&mut g, place(forest(1)));
    assert_eq!(g.player(Seat(0)).actions_left, 4);
    assert_eq!(g.player(Seat(0)).count(W, forest(1)), 1);
    let e = refuse(&mut g, place(forest(1)));
    assert!(matches!(e, WinterError::PlacedThere(_)));
    // Moving a dwarf into that zone is allowed.
    play(&mut g, place(mine(1)));
    play(
        &mut g,
        WinterAction::Move {
            owner: Seat(0),
            kind: W,
            from: mine(1),
            to: forest(1),
        },
    );
    assert_eq!(g.player(Seat(0)).count(W, forest(1)), 2);
    assert_eq!(g.player(Seat(0)).actions_left, 2);
    // Next turn, the zone is open again.
    play(&mut g, WinterAction::Done);
    assert_eq!(g.to_act(), Actor::Seat(Seat(1)));
    play(&mut g, place(forest(1)));
}

#[test]
fn moving_goes_to_an_adjacent_zone_only_and_costs_an_action() {
    let mut g = position(1);
    put(&mut g, Seat(0), W, forest(1), 1);
    let e = refuse(
        &mut g,
        WinterAction::Move {
            owner: Seat(0),
            kind: W,
            from: forest(1),
            to: wall(1),
        },
    );
    assert!(matches!(e, WinterError::NotAdjacent(..)));
    refuse(
        &mut g,
        WinterAction::Move {
            owner: Seat(0),
            kind: W,
            from: mine(2),
            to: field(2),
        },
    );
    play(
        &mut g,
        WinterAction::Move {
            owner: Seat(0),
            kind: W,
            from: forest(1),
            to: field(1),
        },
    );
    assert_eq!(g.player(Seat(0)).actions_left, 4);
}

#[test]
fn with_no_action_left_only_free_actions_and_the_end_of_the_turn_remain() {
    let mut g = position(2);
    g.player_mut(Seat(0)).actions_left = 0;
    let legal = g.legal_actions_vec();
    assert_eq!(legal, vec![WinterAction::Done]);
    assert_eq!(refuse(&mut g, place(forest(1))), WinterError::NoActions);
}

#[test]
fn acquiring_a_hero_costs_its_slot_once_per_turn_slides_the_pool_and_refills_it() {
    let mut g = position(2);
    let names = ["Mason", "Cook", "Scout", "Miner"];
    for (i, n) in names.iter().enumerate() {
        g.set_pool(i, hero(n));
    }
    g.player_mut(Seat(0)).resources[0] = 3;
    play(&mut g, WinterAction::Acquire { slot: 1 });
    let p = g.player(Seat(0));
    assert_eq!(p.resources[0], 3 - POOL_COST[1]);
    assert_ne!(p.deck & hero("Cook").bit(), 0, "into the action deck");
    assert_eq!(p.hand & hero("Cook").bit(), 0, "not into the hand");
    assert_eq!(
        g.pool(),
        [
            Some(hero("Mason")),
            Some(hero("Scout")),
            Some(hero("Miner")),
            None
        ]
    );
    assert_eq!(g.to_act(), Actor::Chance, "a new hero is drawn");
    let ev = chance(&mut g);
    assert!(matches!(ev[0], WinterEvent::HeroDrawn { slot: 3, .. }));
    assert!(g.pool()[3].is_some());
    assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
    assert_eq!(
        refuse(&mut g, WinterAction::Acquire { slot: 0 }),
        WinterError::AlreadyAcquired
    );
    // Too poor for slot 3.
    let mut g = position(2);
    g.set_pool(3, hero("Mason"));
    g.player_mut(Seat(0)).resources[0] = 2;
    assert_eq!(
        refuse(&mut g, WinterAction::Acquire { slot: 3 }),
        WinterError::CannotPay
    );
    assert_eq!(
        refuse(&mut g, WinterAction::Acquire { slot: 2 }),
        WinterError::EmptySlot
    );
}

#[test]
fn music_costs_an_action_once_per_turn_then_every_other_player_may_answer_in_clockwise_order() {
    let mut g = position(3);
    g.start_turn_of(Seat(1));
    // Hands: Seat 1 holds the Woodcutter and the Quarryman; seats 2 and 0 the Woodcutter.
    let woodcutter = hero("Woodcutter");
    let quarryman = hero("Quarryman");
    g.player_mut(Seat(1)).hand = woodcutter.bit() | quarryman.bit();
    g.player_mut(Seat(2)).hand = woodcutter.bit();
    g.player_mut(Seat(0)).hand = woodcutter.bit();
    for s in Seat::all(3) {
        put(&mut g, s, W, forest(s.0 + 1), 1);
    }
    play(&mut g, WinterAction::PlayMusic(Instrument::Drums));
    assert_eq!(g.player(Seat(1)).actions_left, 4);
    assert_eq!(g.player(Seat(1)).tokens, 0);
    assert_eq!(
        g.board().music_hall[Instrument::Drums.index()],
        Some(Seat(1))
    );
    // Only matching cards can be played.
    assert_eq!(
        g.legal_actions_vec(),
        vec![
            WinterAction::PlayCard {
                card: woodcutter,
                pick: Pick::Nothing
            },
            WinterAction::Done
        ]
    );
    refuse(
        &mut g,
        WinterAction::PlayCard {
            card: quarryman,
            pick: Pick::Nothing,
        },
    );
    play(
        &mut g,
        WinterAction::PlayCard {
            card: woodcutter,
            pick: Pick::Nothing,
        },
    );
    assert_eq!(
        g.player(Seat(1)).resources[3],
        3,
        "1 wood per forest occupied"
    );
    assert_eq!(g.player(Seat(1)).played, woodcutter.bit());
    play(&mut g, WinterAction::Done);
    assert_eq!(
        g.to_act(),
        Actor::Seat(Seat(2)),
        "clockwise from the leader"
    );
    play(
        &mut g,
        WinterAction::PlayCard {
            card: woodcutter,
            pick: Pick::Nothing,
        },
    );
    play(&mut g, WinterAction::Done);
    assert_eq!(g.to_act(), Actor::Seat(Seat(0)));
    play(&mut g, WinterAction::Done);
    assert_eq!(g.player(Seat(0)).resources[3], 2, "seat 0 declined");
    assert_eq!(g.player(Seat(2)).resources[3], 3);
    assert_eq!(g.stage(), Stage::Turn);
    assert_eq!(
        g.to_act(),
        Actor::Seat(Seat(1)),
        "back to the leader's turn"
    );
    // Once per turn, and the token is spent.
    assert!(matches!(
        refuse(&mut g, WinterAction::PlayMusic(Instrument::Horn)),
        WinterError::NoMusic(_)
    ));
    play(&mut g, WinterAction::Done);
    // Seat 2 cannot play the drums again this week.
    assert!(matches!(
        refuse(&mut g, WinterAction::PlayMusic(Instrument::Drums)),
        WinterError::NoMusic(_)
    ));
    play(&mut g, WinterAction::PlayMusic(Instrument::Horn));
}

#[test]
fn defeating_a_monster_needs_dwarfs_in_its_zone_and_resources_and_sends_the_dwarfs_home() {
    let mut g = position(2);
    let m = monster(T::Banshee); // 2 dwarfs, 1 gold + 1 food, 3 VP
    g.put_monster(m, forest(2));
    put(&mut g, Seat(0), W, forest(2), 1);
    assert_eq!(
        refuse(&mut g, defeat(m, 1)),
        WinterError::NotBeatable("it needs more of your dwarfs in its zone or more resources")
    );
    // Another player's dwarf does not help.
    put(&mut g, Seat(1), W, forest(2), 1);
    refuse(&mut g, defeat(m, 2));
    put(&mut g, Seat(0), W, forest(2), 2);
    g.player_mut(Seat(0)).resources = [1, 0, 2, 2];
    refuse(&mut g, defeat(m, 2));
    g.player_mut(Seat(0)).resources = [1, 1, 2, 2];
    play(&mut g, defeat(m, 2));
    let p = g.player(Seat(0));
    assert_eq!(p.resources, [0, 0, 2, 2]);
    assert_eq!(p.count(W, forest(2)), 1, "the 2 dwarfs used went home");
    assert_eq!(p.dwarfs_home(), 6);
    assert_eq!(p.monsters, 1 << m.0);
    assert_eq!(g.monsters().count(), 0);
    assert_eq!(p.actions_left, 5, "a free action");
}

#[test]
fn overcoming_a_disaster_pays_its_gold_and_sends_the_dwarfs_home() {
    let mut g = position(1);
    let d = disaster("Flooded Barn"); // Field 3, 2 dwarfs, 1 stone + 2 wood, 3 VP, 2 gold
    g.put_disaster(d);
    put(&mut g, Seat(0), W, field(3), 2);
    // No Earth Guardian there: nothing to save.
    refuse(
        &mut g,
        WinterAction::Overcome {
            disaster: d,
            home: workers(2),
            spare: Some(Resource::Stone),
        },
    );
    play(&mut g, overcome(d, 2));
    let p = g.player(Seat(0));
    assert_eq!(p.resources, [6, 4, 3, 2]);
    assert_eq!(p.dwarfs_home(), 7);
    assert_eq!(p.disasters, 1 << d.0);
    assert_eq!(g.active_disasters(), 0);
    assert_eq!(p.actions_left, 5);
}

#[test]
fn the_ice_warrior_counts_as_two_dwarfs_against_monsters() {
    let mut g = legendary(2);
    let m = monster(T::FrostGiant); // 3 dwarfs
    g.put_monster(m, mine(1));
    make_legend(&mut g, Seat(0), DwarfKind::IceWarrior);
    put(&mut g, Seat(0), DwarfKind::IceWarrior, mine(1), 1);
    put(&mut g, Seat(0), W, mine(1), 1);
    g.player_mut(Seat(0)).resources = [0, 2, 1, 0];
    play(
        &mut g,
        WinterAction::Defeat {
            monster: m,
            home: Squad {
                ice_warrior: true,
                ..workers(1)
            },
        },
    );
    assert_eq!(g.player(Seat(0)).dwarfs_home(), 7);
}

#[test]
fn the_earth_guardian_pays_one_resource_less_on_its_disaster() {
    let mut g = legendary(2);
    let d = disaster("Blight"); // Field 4, 2 dwarfs, 2 stone + 1 wood
    g.put_disaster(d);
    make_legend(&mut g, Seat(0), DwarfKind::EarthGuardian);
    put(&mut g, Seat(0), DwarfKind::EarthGuardian, field(4), 1);
    put(&mut g, Seat(0), W, field(4), 1);
    g.player_mut(Seat(0)).resources = [0, 0, 1, 1];
    // Saving wood would leave 2 stone to pay, and there is 1: only stone can be saved.
    let guardian_and_worker = Squad {
        earth_guardian: true,
        ..workers(1)
    };
    refuse(
        &mut g,
        WinterAction::Overcome {
            disaster: d,
            home: guardian_and_worker,
            spare: Some(Resource::Wood),
        },
    );
    play(
        &mut g,
        WinterAction::Overcome {
            disaster: d,
            home: guardian_and_worker,
            spare: Some(Resource::Stone),
        },
    );
    assert_eq!(
        g.player(Seat(0)).resources,
        [2, 0, 0, 0],
        "paid 1 stone + 1 wood, gained 2 gold"
    );
}

#[test]
fn the_thunder_king_is_placed_for_free() {
    let mut g = legendary(2);
    make_legend(&mut g, Seat(0), DwarfKind::ThunderKing);
    g.player_mut(Seat(0)).actions_left = 0;
    play(
        &mut g,
        WinterAction::Place {
            kind: DwarfKind::ThunderKing,
            zone: wall(2),
        },
    );
    assert_eq!(g.player(Seat(0)).count(DwarfKind::ThunderKing, wall(2)), 1);
}

#[test]
fn the_thunder_king_is_free_but_still_once_per_zone_per_turn() {
    let mut g = legendary(2);
    make_legend(&mut g, Seat(0), DwarfKind::ThunderKing);
    let king = |zone| WinterAction::Place {
        kind: DwarfKind::ThunderKing,
        zone,
    };
    // A worker placed in a zone closes it to the Thunder King this turn...
    play(&mut g, place(wall(2)));
    assert!(matches!(
        refuse(&mut g, king(wall(2))),
        WinterError::PlacedThere(_)
    ));
    // ...and the Thunder King placed in a zone closes it to a worker, for no action.
    play(&mut g, king(wall(3)));
    assert_eq!(
        g.player(Seat(0)).actions_left,
        4,
        "only the worker cost one"
    );
    assert!(matches!(
        refuse(&mut g, place(wall(3))),
        WinterError::PlacedThere(_)
    ));
}

#[test]
fn the_last_turn_of_the_week_leads_to_the_next_week_with_the_next_first_player() {
    let mut g = position(3);
    g.set_monster_pile(&[]);
    g.set_disaster_pile(&[]);
    for _ in 0..3 {
        play(&mut g, WinterAction::Done);
    }
    assert_eq!(g.week(), 2);
    assert_eq!(g.first_player(), Seat(1));
    assert_eq!(g.stage(), Stage::Reinforce);
}

#[test]
fn the_gold_of_a_disaster_is_capped_at_7() {
    let mut g = position(1);
    let d = disaster("Flooded Barn"); // 2 gold
    g.put_disaster(d);
    put(&mut g, Seat(0), W, field(3), 2);
    g.player_mut(Seat(0)).resources = [6, 2, 2, 2];
    let ev = play(&mut g, overcome(d, 2));
    assert_eq!(g.player(Seat(0)).resources, [7, 2, 1, 0]);
    assert!(
        ev.contains(&WinterEvent::Resources(Seat(0), [1, 0, 0, 0])),
        "{ev:?}"
    );
}

/// The squads the legal actions offer for defeating `m` (or overcoming `d`), sorted.
fn offered(g: &dwarfs_winter::Winter, foe: WinterAction) -> Vec<(u8, bool, bool, bool)> {
    let mut v: Vec<_> = legal(g)
        .into_iter()
        .filter_map(|a| match (a, foe) {
            (WinterAction::Defeat { monster, home }, WinterAction::Defeat { monster: m, .. })
                if monster == m =>
            {
                Some(home)
            }
            (
                WinterAction::Overcome { disaster, home, .. },
                WinterAction::Overcome { disaster: d, .. },
            ) if disaster == d => Some(home),
            _ => None,
        })
        .map(|h| (h.workers, h.ice_warrior, h.earth_guardian, h.thunder_king))
        .collect();
    v.sort();
    v.dedup();
    v
}

#[test]
fn a_defeat_sends_home_the_dwarfs_its_player_chooses_never_one_to_spare() {
    use DwarfKind::{EarthGuardian as EG, IceWarrior as IW, ThunderKing as TK};
    let legends = |g: &mut dwarfs_winter::Winter| {
        for k in [IW, EG, TK] {
            make_legend(g, Seat(0), k);
        }
    };
    // A Banshee (2 dwarfs) with the Ice Warrior, 2 workers and the Earth Guardian there: the
    // Ice Warrior alone, 2 workers, or a worker and the Earth Guardian; never the Ice Warrior
    // with another (one to spare).
    let mut g = legendary(2);
    let m = monster(T::Banshee);
    g.put_monster(m, forest(2));
    legends(&mut g);
    for (k, n) in [(IW, 1), (W, 2), (EG, 1)] {
        put(&mut g, Seat(0), k, forest(2), n);
    }
    let any = defeat(m, 0);
    assert_eq!(
        offered(&g, any),
        vec![
            (0, true, false, false),
            (1, false, true, false),
            (2, false, false, false)
        ]
    );
    let spare = Squad {
        ice_warrior: true,
        ..workers(1)
    };
    assert!(matches!(
        refuse(
            &mut g,
            WinterAction::Defeat {
                monster: m,
                home: spare
            }
        ),
        WinterError::NotBeatable(_)
    ));
    // A dwarf that is not there cannot go home.
    let absent = Squad {
        thunder_king: true,
        ..workers(1)
    };
    refuse(
        &mut g,
        WinterAction::Defeat {
            monster: m,
            home: absent,
        },
    );
    play(
        &mut g,
        WinterAction::Defeat {
            monster: m,
            home: Squad {
                earth_guardian: true,
                ..workers(1)
            },
        },
    );
    let p = g.player(Seat(0));
    assert_eq!(
        [
            p.count(IW, forest(2)),
            p.count(W, forest(2)),
            p.count(EG, forest(2))
        ],
        [1, 1, 0],
        "the worker and the Earth Guardian went home, as chosen"
    );
    // A Frost Giant (3 dwarfs) with one of each legend and 2 workers: the Ice Warrior with any
    // one other, or any 3 of the others.
    let mut g = legendary(2);
    let m = monster(T::FrostGiant);
    g.put_monster(m, mine(1));
    legends(&mut g);
    for (k, n) in [(IW, 1), (W, 2), (EG, 1), (TK, 1)] {
        put(&mut g, Seat(0), k, mine(1), n);
    }
    g.player_mut(Seat(0)).resources = [7, 7, 7, 7];
    assert_eq!(
        offered(&g, defeat(m, 0)),
        vec![
            (0, true, false, true),
            (0, true, true, false),
            (1, false, true, true),
            (1, true, false, false),
            (2, false, false, true),
            (2, false, true, false),
        ]
    );
    // A Wolf Pack (1 dwarf): any one dwarf, the Thunder King (placed again for free) too.
    let mut g = legendary(2);
    let m = monster(T::WolfPack);
    g.put_monster(m, field(2));
    legends(&mut g);
    for k in [W, IW, TK] {
        put(&mut g, Seat(0), k, field(2), 1);
    }
    assert_eq!(
        offered(&g, defeat(m, 0)),
        vec![
            (0, false, false, true),
            (0, true, false, false),
            (1, false, false, false)
        ]
    );
    play(
        &mut g,
        WinterAction::Defeat {
            monster: m,
            home: Squad {
                thunder_king: true,
                ..Squad::default()
            },
        },
    );
    let p = g.player(Seat(0));
    assert_eq!(
        [
            p.count(W, field(2)),
            p.count(IW, field(2)),
            p.count(TK, field(2))
        ],
        [1, 1, 0]
    );
}

#[test]
fn overcoming_sends_home_the_dwarfs_its_player_chooses_the_ice_warrior_counting_one() {
    use DwarfKind::{EarthGuardian as EG, IceWarrior as IW, ThunderKing as TK};
    // Flooded Barn (2 dwarfs) with one of each kind there: any 2 of the 4.
    let mut g = legendary(2);
    let d = disaster("Flooded Barn"); // Field 3, 2 dwarfs, 1 stone + 2 wood
    g.put_disaster(d);
    for k in [IW, EG, TK] {
        make_legend(&mut g, Seat(0), k);
    }
    for k in [W, IW, EG, TK] {
        put(&mut g, Seat(0), k, field(3), 1);
    }
    g.player_mut(Seat(0)).resources = [2, 2, 2, 2];
    let squads = offered(&g, overcome(d, 0));
    assert_eq!(squads.len(), 6, "{squads:?}");
    assert!(
        squads
            .iter()
            .all(|&(w, i, e, t)| w + i as u8 + e as u8 + t as u8 == 2)
    );
    // The Earth Guardian is there: it saves 1 stone or 1 wood, the player's choice.
    let spares: std::collections::BTreeSet<_> = legal(&g)
        .into_iter()
        .filter_map(|a| match a {
            WinterAction::Overcome { spare, .. } => Some(spare),
            _ => None,
        })
        .collect();
    assert_eq!(
        spares,
        [Some(Resource::Stone), Some(Resource::Wood)]
            .into_iter()
            .collect()
    );
    play(
        &mut g,
        WinterAction::Overcome {
            disaster: d,
            home: Squad {
                ice_warrior: true,
                thunder_king: true,
                ..Squad::default()
            },
            spare: Some(Resource::Wood),
        },
    );
    let p = g.player(Seat(0));
    assert_eq!(
        [
            p.count(W, field(3)),
            p.count(TK, field(3)),
            p.count(IW, field(3)),
            p.count(EG, field(3))
        ],
        [1, 0, 0, 1]
    );
    assert_eq!(
        p.resources,
        [4, 2, 1, 1],
        "paid 1 stone + 1 wood, gained 2 gold"
    );
}

#[test]
fn free_actions_are_open_to_the_music_leader_between_cards_but_not_to_answering_players() {
    let mut g = position(2);
    let m = monster(T::WolfPack); // 1 dwarf, 2 wood
    g.put_monster(m, forest(2));
    let d = disaster("Wildfire"); // Forest 1, 1 dwarf, 1 food + 1 stone
    g.put_disaster(d);
    for s in [Seat(0), Seat(1)] {
        put(&mut g, s, W, forest(2), 1);
        put(&mut g, s, W, forest(1), 1);
        g.player_mut(s).hand = hero("Ranger").bit();
    }
    play(&mut g, WinterAction::PlayMusic(Instrument::Drums));
    // The leader, between their own cards: still their turn ("on your turn").
    play(&mut g, defeat(m, 1));
    // Inside a hero's moves: the moves first.
    play(
        &mut g,
        WinterAction::PlayCard {
            card: hero("Ranger"),
            pick: Pick::Nothing,
        },
    );
    assert!(matches!(
        refuse(&mut g, overcome(d, 1)),
        WinterError::WrongStep(_)
    ));
    play(&mut g, WinterAction::Done);
    play(&mut g, WinterAction::Done);
    // The answering player: not their turn.
    assert_eq!(seat(&g), Seat(1));
    assert!(matches!(
        refuse(&mut g, overcome(d, 1)),
        WinterError::WrongStep(_)
    ));
    play(&mut g, WinterAction::Done);
    // Back in the leader's turn.
    assert_eq!(g.stage(), Stage::Turn);
    play(&mut g, overcome(d, 1));
}

#[test]
fn the_summoners_take_is_not_the_turns_acquisition_and_works_on_another_players_turn() {
    let summoner = hero("Summoner");
    let pool = |g: &mut dwarfs_winter::Winter| {
        g.set_pool(0, hero("Mason"));
        g.set_pool(1, hero("Cook"));
        g.set_pool(2, hero("Baker"));
    };
    // The leader summons in their own music, then still acquires a hero this turn.
    let mut g = position(2);
    pool(&mut g);
    g.give_hero(Seat(0), summoner);
    g.player_mut(Seat(0)).hand = summoner.bit();
    play(&mut g, WinterAction::PlayMusic(Instrument::Harp));
    play(
        &mut g,
        WinterAction::PlayCard {
            card: summoner,
            pick: Pick::Slot(0),
        },
    );
    chance(&mut g); // the pool is refilled
    play(&mut g, WinterAction::Done);
    play(&mut g, WinterAction::Done);
    assert_eq!(g.stage(), Stage::Turn);
    assert!(!g.turn().acquired);
    play(&mut g, WinterAction::Acquire { slot: 0 });
    let deck = g.player(Seat(0)).deck;
    assert_ne!(deck & hero("Mason").bit(), 0, "summoned");
    assert_ne!(deck & hero("Cook").bit(), 0, "acquired");

    // Another player summons while answering the music of seat 0's turn.
    let mut g = position(2);
    pool(&mut g);
    g.give_hero(Seat(1), summoner);
    g.player_mut(Seat(1)).hand = summoner.bit();
    play(&mut g, WinterAction::PlayMusic(Instrument::Harp));
    play(&mut g, WinterAction::Done);
    assert_eq!(seat(&g), Seat(1));
    play(
        &mut g,
        WinterAction::PlayCard {
            card: summoner,
            pick: Pick::Slot(2),
        },
    );
    let p = g.player(Seat(1));
    assert_ne!(p.deck & hero("Baker").bit(), 0);
    assert_eq!(p.resources[0], 0, "2 gold");
}
