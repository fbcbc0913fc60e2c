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
    let mut g = set_up(3, 5);
    let mut order = Vec::new();
    while g.phase() == Phase::Placement {
        if g.to_act() == Actor::Chance {
            chance(&mut g, 1);
            continue;
        }
        let s = seat(&g);
        order.push(s.0);
        // A field, so nothing is drawn.
        let a = g
            .legal_actions_vec()
            .into_iter()
            .find(|a| matches!(a, A::Place { at, .. } if map::spot(*at) == Some(Spot::Field)))
            .unwrap();
        play(&mut g, a);
    }
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
