//! Setup: the map, the monsters and the expedition area, the empires, dragons and faeries, and
//! the starting settlements in snake order.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_spring::data::{
    DRAGON_DATA, MONSTER_DATA, PETALS, Resource, STARTING_HEROES, Spot, WILDLANDS, Yield,
};
use dwarfs_spring::map::{self, distance};
use dwarfs_spring::state::is_monster;
use dwarfs_spring::{Phase, Spring, SpringAction as A, SpringError, SpringEvent, SpringOptions};

fn set_up(players: u8, e: u8) -> Spring {
    let mut g = Spring::new(&SpringOptions::default(), players).unwrap();
    assert_eq!(
        g.to_act(),
        Actor::Chance,
        "a new game waits for its setup draw"
    );
    chance(&mut g, e);
    g
}

#[test]
fn the_map_has_a_wildland_in_the_centre_and_the_other_18_petals_around_it() {
    let mut centres = std::collections::BTreeSet::new();
    let mut layouts = std::collections::BTreeSet::new();
    for e in 0..24 {
        let g = set_up(2, e);
        let layout = g.board().map.layout().0;
        assert!((layout[0] as usize) < WILDLANDS, "the centre is a wildland");
        let mut sorted = layout;
        sorted.sort();
        assert_eq!(sorted, std::array::from_fn::<u8, PETALS, _>(|i| i as u8));
        centres.insert(layout[0]);
        layouts.insert(layout);
    }
    assert!(centres.len() > 2, "the centre wildland is drawn at random");
    assert_eq!(layouts.len(), 24, "the petals around it are shuffled");
}

#[test]
fn three_monsters_are_placed_and_six_cards_are_face_up() {
    for e in 0..16 {
        let g = set_up(3, e);
        let area = g.decks().area;
        assert!(area.iter().all(Option::is_some), "6 cards face up");
        for c in &area[..3] {
            assert!(is_monster(c.unwrap()), "the first three are monsters");
        }
        for c in area.iter().flatten().filter(|c| is_monster(**c)) {
            assert!(
                g.monster_wild(*c).is_some(),
                "every monster revealed is on the map"
            );
        }
        let v = g.observe(Viewer::Spectator);
        assert_eq!(v.deck_len, 32 - 3, "6 monsters + 26 quests, 3 revealed");
        let from_deck = area[3..]
            .iter()
            .flatten()
            .filter(|c| is_monster(**c))
            .count();
        assert_eq!(v.deck_monsters as usize, 6 - from_deck);
    }
}

#[test]
fn a_monster_whose_home_is_taken_spawns_on_the_closest_unoccupied_wildland() {
    let mut seen_displaced = false;
    for e in 0..40 {
        let g = set_up(2, e);
        let map = &g.board().map;
        // Replay the placements in reveal order and check each against the rule.
        let mut taken = [false; WILDLANDS];
        for c in g.decks().area.iter().flatten().filter(|c| is_monster(**c)) {
            let home = MONSTER_DATA[*c as usize].home as usize;
            let at = g.monster_wild(*c).unwrap();
            if taken[home] {
                seen_displaced = true;
                let from = map.position_of_petal(home);
                let best = (0..WILDLANDS)
                    .filter(|&w| !taken[w])
                    .map(|w| distance(from, map.position_of_petal(w)))
                    .min()
                    .unwrap();
                assert_eq!(distance(from, map.position_of_petal(at)), best);
                assert!(!taken[at]);
            } else {
                assert_eq!(at, home, "a free home wildland takes its monster");
            }
            taken[at] = true;
        }
    }
    assert!(seen_displaced, "some setup displaced a monster");
}

#[test]
fn empires_start_with_their_pieces_a_white_ribbon_dragon_and_one_faerie() {
    let g = set_up(4, 3);
    assert_eq!(g.phase(), Phase::Placement);
    for s in 0..4 {
        let e = g.empire(Seat(s)).unwrap();
        assert_eq!(e.built, [0, 0, 0], "12 settlements on the board");
        assert_eq!(e.fortress, None);
        assert_eq!(e.bastion, 7);
        assert_eq!(e.heroes.count_ones() as usize, STARTING_HEROES.len());
        assert_eq!(e.nest.len(), 1);
        let d = e.nest[0];
        assert!(DRAGON_DATA[d.dragon as usize].white_ribbon && d.level == 1 && !d.exhausted);
        assert_eq!(e.tokens(), 4, "4 exhaust tokens");
        assert_eq!(g.hand(Seat(s)).count_ones(), 1, "one faerie each");
        assert_eq!(e.res, [0, 0, 0]);
    }
    let dragons: std::collections::BTreeSet<u8> = (0..4)
        .map(|s| g.empire(Seat(s)).unwrap().nest[0].dragon)
        .collect();
    assert_eq!(dragons.len(), 4, "different white-ribbon dragons");
}

#[test]
fn starting_settlements_go_in_snake_order_and_then_the_first_era_starts() {
    let (g, order) = placement_order(3, 5);
    assert_eq!(order, vec![0, 1, 2, 2, 1, 0]);
    assert_eq!(g.phase(), Phase::Actions);
    assert_eq!((g.flow().era, g.flow().round), (1, 1));
    for s in 0..3 {
        let e = g.empire(Seat(s)).unwrap();
        assert_eq!(e.settlements.len(), 2);
        let total: u8 = e.built.iter().sum();
        assert_eq!(total, 2);
    }
}

#[test]
fn a_starting_settlement_gains_its_spot_at_once_reduced_by_monsters() {
    let mut g = set_up(2, 5);
    // Clear the monsters from play, then put the Witch in.
    let calm = Spring::test_position(2);
    g.set_area(calm.decks().area);
    g.board_mut().monster_at = [None; WILDLANDS];
    g.board_mut().webs = Default::default();
    let food3 = resource_spot(res(Resource::Food), 3);
    let wood3 = resource_spot(res(Resource::Wood), 3);
    play(
        &mut g,
        A::Place {
            line: Resource::Gold,
            at: wood3,
        },
    );
    assert_eq!(g.empire(Seat(0)).unwrap().res, [0, 3, 0]);
    g.put_monster(4, 0, 2); // the Witch
    play(
        &mut g,
        A::Place {
            line: Resource::Food,
            at: food3,
        },
    );
    assert_eq!(
        g.empire(Seat(1)).unwrap().res,
        [1, 0, 0],
        "the Witch: food spots give 1"
    );
    // A faerie spot draws at a chance point; seat 1 places its second settlement first.
    let fae = resource_spot(Yield::Faerie, 2);
    play(
        &mut g,
        A::Place {
            line: Resource::Wood,
            at: fae,
        },
    );
    assert_eq!(g.to_act(), Actor::Chance);
    let ev = chance(&mut g, 3);
    assert!(ev.iter().any(|e| matches!(
        e,
        SpringEvent::FaeriesDrawn {
            seat: 1,
            count: 2,
            ..
        }
    )));
    assert_eq!(g.hand(Seat(1)).count_ones(), 3);
}

#[test]
fn starting_settlements_never_go_on_wildlands_water_or_taken_spots() {
    let mut g = set_up(2, 8);
    let water = spots(|s| s == Spot::Water)[0];
    let field = spots(|s| s == Spot::Field)[0];
    assert!(matches!(
        refuse(
            &mut g,
            A::Place {
                line: Resource::Food,
                at: 0
            }
        ),
        SpringError::Place(_)
    ));
    assert!(matches!(
        refuse(
            &mut g,
            A::Place {
                line: Resource::Food,
                at: water
            }
        ),
        SpringError::Place(_)
    ));
    if g.board().all_webs().has(field) {
        return;
    }
    play(
        &mut g,
        A::Place {
            line: Resource::Food,
            at: field,
        },
    );
    let e = refuse(
        &mut g,
        A::Place {
            line: Resource::Food,
            at: field,
        },
    );
    assert!(e.to_string().contains("occupied"), "{e}");
    // Anything else is refused during placement.
    assert!(matches!(refuse(&mut g, A::EndTurn), SpringError::NotNow(_)));
}

#[test]
fn two_players_place_their_starting_settlements_in_snake_order() {
    let (g, order) = placement_order(2, 9);
    assert_eq!(
        order,
        vec![0, 1, 1, 0],
        "the last seat places twice in a row"
    );
    assert_eq!(g.phase(), Phase::Actions);
    assert_eq!(seat(&g), Seat(0), "the first seat starts the first era");
}

#[test]
fn a_displaced_monster_takes_the_closest_free_wildland_and_ties_go_to_the_lower_id() {
    use dwarfs_spring::map::{Layout, Map};
    let mut g = Spring::test_position(2);
    // Wildlands on positions 0-5: from wildland 4 at (-1, 0), wildlands 0, 3 and 5 are one
    // step away, wildlands 1 and 2 two steps.
    g.board_mut().map = Map::new(Layout(std::array::from_fn(|i| i as u8)));
    let m = &g.board().map;
    let from = m.position_of_petal(4);
    let d: Vec<u8> = (0..WILDLANDS)
        .map(|w| distance(from, m.position_of_petal(w)))
        .collect();
    assert_eq!(d, vec![1, 2, 2, 1, 0, 1]);
    // Wildland 4 (the Cyclops' home) and wildland 0 are taken: free are 1 and 2 (far) and
    // 3 and 5 (close). The closest win, and of them the lower id.
    g.put_monster(9, 3, 4); // a Cyclops of wildland 5, standing on 4
    g.put_monster(2, 4, 0); // a Harpy
    let card = 8; // the Cyclops of wildland 4
    assert_eq!(MONSTER_DATA[card as usize].home, 4);
    g.set_exp_deck(1 << card);
    // A quest empties an area place: the refill reveals the Cyclops.
    g.give_dragon(Seat(0), 4, 1);
    let quest = (dwarfs_spring::data::MONSTERS + 2) as u8; // have 2 dragons
    assert_eq!(g.decks().area[2], Some(quest));
    play(
        &mut g,
        A::Quest {
            spot: 0,
            card: quest,
        },
    );
    let ev = chance(&mut g, 1);
    assert!(ev.contains(&SpringEvent::CardRevealed { card }));
    assert!(
        ev.contains(&SpringEvent::MonsterSpawned {
            card,
            wild: Some(3)
        }),
        "{ev:?}"
    );
    assert_eq!(g.monster_wild(card), Some(3));
    assert_eq!(g.decks().area[2], Some(card));
}

#[test]
fn the_undealt_white_ribbon_dragons_join_the_egg_pile() {
    let mut g = Spring::test_position(2);
    let whites: Vec<u8> = (0..DRAGON_DATA.len() as u8)
        .filter(|&d| DRAGON_DATA[d as usize].white_ribbon)
        .collect();
    let dealt: Vec<u8> = (0..2)
        .map(|s| g.empire(Seat(s)).unwrap().nest[0].dragon)
        .collect();
    assert!(
        whites.len() > dealt.len(),
        "some white-ribbon dragons stay undealt"
    );
    // Every other dragon leaves the egg pile: only the undealt white-ribbon ones remain in it.
    for (d, data) in DRAGON_DATA.iter().enumerate() {
        if !data.white_ribbon {
            g.decks_mut().owner[d] = Some(1);
        }
    }
    let other = (0..DRAGON_DATA.len() as u8)
        .find(|&d| !DRAGON_DATA[d as usize].white_ribbon)
        .unwrap();
    g.give_dragon(Seat(0), other, 1);
    let own_before = g.empire(Seat(0)).unwrap().nest.len();
    let quest = (dwarfs_spring::data::MONSTERS + 2) as u8; // have 2 dragons
    play(
        &mut g,
        A::Quest {
            spot: 0,
            card: quest,
        },
    );
    let ev = chance(&mut g, 4);
    let egg = ev
        .iter()
        .find_map(|e| match e {
            SpringEvent::DragonGained { seat: 0, dragon } => Some(*dragon),
            _ => None,
        })
        .expect("an egg from the undealt white-ribbon dragons");
    assert!(DRAGON_DATA[egg as usize].white_ribbon);
    assert!(!dealt.contains(&egg));
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!(e.nest.len(), own_before + 1);
    assert_eq!(e.nest.last().unwrap().level, 1);
}

#[test]
fn options_have_no_keys_and_refuse_unknown_ones() {
    use dwarfs_engine::options::{GameOptions, OptionValues};
    assert!(SpringOptions::specs().is_empty());
    let o = SpringOptions::from_values(&OptionValues::new()).unwrap();
    assert_eq!(SpringOptions::from_values(&o.to_values()), Ok(o.clone()));
    assert_eq!(o.summary(), "");
    let mut bad = OptionValues::new();
    bad.insert("edition".into(), vec!["third".into()]);
    let e = SpringOptions::from_values(&bad).unwrap_err().to_string();
    assert!(e.contains("--edition") && e.contains("Spring"), "{e}");
}

#[test]
fn player_counts_outside_two_to_four_are_refused() {
    for players in [0, 1, 5] {
        assert!(Spring::new(&SpringOptions::default(), players).is_err());
    }
    assert_eq!(Spring::seat_colour(Seat(2)), Some("Green"));
}

#[test]
fn four_players_place_their_starting_settlements_in_snake_order() {
    let (g, order) = placement_order(4, 5);
    assert_eq!(order, vec![0, 1, 2, 3, 3, 2, 1, 0]);
    assert_eq!(g.phase(), Phase::Actions);
    assert_eq!(seat(&g), Seat(0), "the first seat starts the first era");
}

/// Plays the starting settlements of a `players`-seat game set up from `seed`, each on a field
/// (so nothing is drawn): the game after them, and the seats in the order they placed.
fn placement_order(players: u8, seed: u8) -> (Spring, Vec<u8>) {
    let mut g = set_up(players, seed);
    let mut order = Vec::new();
    while g.phase() == Phase::Placement {
        if g.to_act() == Actor::Chance {
            chance(&mut g, 1);
            continue;
        }
        order.push(seat(&g).0);
        let a = g
            .legal_actions_vec()
            .into_iter()
            .find(|a| matches!(a, A::Place { at, .. } if map::spot(*at) == Some(Spot::Field)))
            .unwrap();
        play(&mut g, a);
    }
    (g, order)
}

/// Clears every monster and web of a set-up game from play (the area holds quests 1-6), so no
/// spot is reduced.
fn calm(g: &mut Spring) {
    let quiet = Spring::test_position(g.players());
    g.set_area(quiet.decks().area);
    g.board_mut().monster_at = [None; WILDLANDS];
    g.board_mut().webs = Default::default();
}

/// After the starting settlements the first era starts with its production phase: each
/// settlement has revealed the first spot of its line (1 of the line's resource), on top of
/// what its map spot gave at once, and then the warehouse limit keeps at most 7 of each.
#[test]
fn the_first_era_starts_by_producing_from_the_starting_settlements_up_to_the_warehouse_limit() {
    let mut g = set_up(2, 5);
    calm(&mut g);
    let wood3 = spots(|s| {
        s == Spot::Resource {
            kind: res(Resource::Wood),
            amount: 3,
        }
    });
    let food3 = resource_spot(res(Resource::Food), 3);
    let field = spots(|s| s == Spot::Field)[0];
    // Snake order 0, 1, 1, 0. Seat 0: its wood line onto a wood spot worth 3.
    play(
        &mut g,
        A::Place {
            line: Resource::Wood,
            at: wood3[0],
        },
    );
    // Seat 1: its food line twice, onto a food spot worth 3 and onto a field.
    play(
        &mut g,
        A::Place {
            line: Resource::Food,
            at: food3,
        },
    );
    play(
        &mut g,
        A::Place {
            line: Resource::Food,
            at: field,
        },
    );
    assert_eq!(g.phase(), Phase::Placement);
    assert_eq!(g.empire(Seat(0)).unwrap().res, [0, 3, 0]);
    assert_eq!(g.empire(Seat(1)).unwrap().res, [3, 0, 0]);
    // Seat 0's second wood settlement onto another wood spot worth 3: 6 wood from the spots.
    let ev = play(
        &mut g,
        A::Place {
            line: Resource::Wood,
            at: wood3[1],
        },
    );
    let built = ev
        .iter()
        .position(|e| {
            *e == SpringEvent::Built {
                seat: 0,
                at: wood3[1],
                fortress: false,
                gained: 3,
            }
        })
        .expect("the spot pays at once");
    let started = ev
        .iter()
        .position(|e| *e == SpringEvent::EraStarted { era: 1, first: 0 })
        .expect("the first era starts after the last starting settlement");
    assert!(built < started, "{ev:?}");
    // Production: two revealed wood spots (1 + 1), 6 + 2 = 8 wood, one over the limit.
    assert!(
        ev.contains(&SpringEvent::Produced {
            seat: 0,
            gained: [0, 2, 0],
            discarded: [0, 1, 0],
        }),
        "{ev:?}"
    );
    assert!(
        ev.contains(&SpringEvent::Produced {
            seat: 1,
            gained: [2, 0, 0],
            discarded: [0, 0, 0],
        }),
        "{ev:?}"
    );
    assert_eq!(g.empire(Seat(0)).unwrap().res, [0, 7, 0], "at most 7 wood");
    assert_eq!(g.empire(Seat(1)).unwrap().res, [5, 0, 0]);
    assert_eq!(g.phase(), Phase::Actions);
    assert_eq!((g.flow().era, g.flow().round), (1, 1));
    assert_eq!(seat(&g), Seat(0));
}

/// When the last starting settlement goes on a faerie spot, its draw comes first: the first era
/// (and its production) starts at that chance point, not before.
#[test]
fn the_first_era_and_its_production_wait_for_the_last_starting_settlements_faerie_draw() {
    let mut g = set_up(2, 5);
    calm(&mut g);
    let fields = spots(|s| s == Spot::Field);
    let fae = resource_spot(Yield::Faerie, 2);
    for at in &fields[..3] {
        play(
            &mut g,
            A::Place {
                line: Resource::Gold,
                at: *at,
            },
        );
    }
    let ev = play(
        &mut g,
        A::Place {
            line: Resource::Food,
            at: fae,
        },
    );
    assert!(
        !ev.iter().any(|e| matches!(
            e,
            SpringEvent::EraStarted { .. } | SpringEvent::Produced { .. }
        )),
        "{ev:?}"
    );
    assert_eq!(g.to_act(), Actor::Chance);
    assert_eq!(g.phase(), Phase::Placement);
    assert_eq!(g.empire(Seat(0)).unwrap().res, [0, 0, 0]);
    let ev = chance(&mut g, 2);
    assert!(ev.iter().any(|e| matches!(
        e,
        SpringEvent::FaeriesDrawn {
            seat: 0,
            count: 2,
            ..
        }
    )));
    assert!(ev.contains(&SpringEvent::EraStarted { era: 1, first: 0 }));
    assert!(ev.contains(&SpringEvent::Produced {
        seat: 0,
        gained: [1, 0, 1],
        discarded: [0, 0, 0],
    }));
    assert!(ev.contains(&SpringEvent::Produced {
        seat: 1,
        gained: [0, 0, 2],
        discarded: [0, 0, 0],
    }));
    assert_eq!(g.empire(Seat(0)).unwrap().res, [1, 0, 1]);
    assert_eq!(g.empire(Seat(1)).unwrap().res, [0, 0, 2]);
    assert_eq!(g.hand(Seat(0)).count_ones(), 1 + 2);
    assert_eq!(g.phase(), Phase::Actions);
}
