//! Dwarf actions: build a settlement, build the fortress, explore, summon a faerie, command
//! dragons; and the free action of training dragons.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_spring::data::{Resource, Spot};
use dwarfs_spring::map;
use dwarfs_spring::{BoardSpot, ChanceTask, Spring, SpringAction as A, SpringError, SpringEvent};

#[test]
fn a_settlement_is_built_next_to_own_buildings_or_dwarfs_and_gains_at_once() {
    let mut g = Spring::test_position(2);
    let wood3 = resource_spot(res(Resource::Wood), 3);
    let e = refuse(
        &mut g,
        A::Build {
            line: Resource::Food,
            at: wood3,
        },
    );
    assert!(e.to_string().contains("next to your own"), "{e}");
    let f = field_next_to(&g, wood3);
    put_settlement(&mut g, Seat(0), Resource::Gold, f);
    let ev = play(
        &mut g,
        A::Build {
            line: Resource::Food,
            at: wood3,
        },
    );
    assert!(ev.contains(&SpringEvent::Built {
        seat: 0,
        at: wood3,
        fortress: false,
        gained: 3
    }));
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!(e.res, [0, 3, 0]);
    assert_eq!(
        e.built,
        [1, 0, 1],
        "the leftmost settlement of the chosen line"
    );
    assert!(e.used & BoardSpot::BuildFood.bit() != 0);
    assert_eq!(e.bastion, 6);
}

#[test]
fn a_line_builds_once_per_era_and_its_last_settlement_pays_in_production_not_at_once() {
    let mut g = Spring::test_position(2);
    let fields = spots(|s| s == Spot::Field);
    let f = fields[0];
    put_settlement(&mut g, Seat(0), Resource::Food, f);
    g.empire_mut(Seat(0)).built = [3, 0, 0];
    // Pretend the other 2 food settlements stand elsewhere.
    g.empire_mut(Seat(0)).settlements.add(fields[20]);
    g.empire_mut(Seat(0)).settlements.add(fields[30]);
    // A site that gives no food of its own: no food comes at once.
    let site = g
        .legal_actions_vec()
        .into_iter()
        .find_map(|a| match a {
            A::Build {
                line: Resource::Food,
                at,
            } if map::spot(at).is_some_and(|s| match s {
                Spot::Resource { kind, .. } => kind != res(Resource::Food),
                _ => true,
            }) =>
            {
                Some(at)
            }
            _ => None,
        })
        .unwrap();
    let ev = play(
        &mut g,
        A::Build {
            line: Resource::Food,
            at: site,
        },
    );
    assert!(ev.contains(&SpringEvent::LineCompleted {
        seat: 0,
        line: Resource::Food
    }));
    assert_eq!(
        g.empire(Seat(0)).unwrap().res[0],
        0,
        "the last settlement's extra resources are its 2 in each production, not a bonus now"
    );
    assert_eq!(g.empire(Seat(0)).unwrap().built[0], 4);
    end(&mut g);
    // Seat 1 passes its turn; seat 0's food spot is used, and the line is empty anyway.
    every_spot_used(&mut g, Seat(1));
    play(&mut g, A::Idle);
    end(&mut g);
    let other = g
        .board()
        .map
        .adj(site)
        .iter()
        .find(|&l| !map::is_wild(l) && map::spot(l) != Some(Spot::Water) && l != f)
        .unwrap();
    let e = refuse(
        &mut g,
        A::Build {
            line: Resource::Food,
            at: other,
        },
    );
    assert!(matches!(e, SpringError::SpotUsed(_)), "{e}");
    g.empire_mut(Seat(0)).used = 0;
    let e = refuse(
        &mut g,
        A::Build {
            line: Resource::Food,
            at: other,
        },
    );
    assert!(e.to_string().contains("all built"), "{e}");
}

#[test]
fn settlements_never_go_on_wildlands_water_occupied_or_webbed_spots() {
    let mut g = Spring::test_position(2);
    let (w, f) = wild_with_field(&g);
    g.empire_mut(Seat(0)).wild_dwarfs[w as usize] = 1;
    g.empire_mut(Seat(0)).bastion = 6;
    assert!(matches!(
        refuse(
            &mut g,
            A::Build {
                line: Resource::Food,
                at: w
            }
        ),
        SpringError::Place(_)
    ));
    // A dwarf on a wildland is adjacent to every spot around it.
    for l in g.board().map.adj(w).iter().filter(|&l| !map::is_wild(l)) {
        let listed = g.legal_actions_vec().contains(&A::Build {
            line: Resource::Food,
            at: l,
        });
        assert_eq!(listed, map::spot(l) != Some(Spot::Water), "spot {l}");
    }
    let water = g
        .board()
        .map
        .adj(f)
        .iter()
        .find(|&l| map::spot(l) == Some(Spot::Water));
    // A dwarf of seat 1 on the field: occupied.
    g.empire_mut(Seat(1)).dwarfs.add(f);
    let e = refuse(
        &mut g,
        A::Build {
            line: Resource::Food,
            at: f,
        },
    );
    assert!(e.to_string().contains("occupied"), "{e}");
    g.empire_mut(Seat(1)).dwarfs.remove(f);
    g.board_mut().webs[0].add(f);
    let e = refuse(
        &mut g,
        A::Build {
            line: Resource::Food,
            at: f,
        },
    );
    assert!(e.to_string().contains("web"), "{e}");
    if let Some(water) = water {
        g.empire_mut(Seat(0)).dwarfs.add(f);
        let e = refuse(
            &mut g,
            A::Build {
                line: Resource::Food,
                at: water,
            },
        );
        assert!(e.to_string().contains("water"), "{e}");
    }
}

#[test]
fn the_fortress_costs_seven_of_each_adds_a_nest_place_and_ignores_monsters() {
    let mut g = Spring::test_position(2);
    let food3 = resource_spot(res(Resource::Food), 3);
    let f = field_next_to(&g, food3);
    put_settlement(&mut g, Seat(0), Resource::Wood, f);
    g.set_resources(Seat(0), [7, 7, 6]);
    let e = refuse(&mut g, A::Fortress { at: food3 });
    assert!(e.to_string().contains("7 food, 7 wood and 7 gold"), "{e}");
    g.set_resources(Seat(0), [7, 7, 7]);
    g.put_monster(4, 0, 2); // the Witch: food spots give 1, but not to the fortress
    g.board_mut().webs[0].add(food3); // and a web does not stop it
    assert!(matches!(
        refuse(
            &mut g,
            A::Build {
                line: Resource::Food,
                at: food3
            }
        ),
        SpringError::Place(_)
    ));
    assert_eq!(g.empire(Seat(0)).unwrap().nest_limit(), 5);
    let ev = play(&mut g, A::Fortress { at: food3 });
    assert!(ev.contains(&SpringEvent::Built {
        seat: 0,
        at: food3,
        fortress: true,
        gained: 3
    }));
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!(e.res, [3, 0, 0]);
    assert_eq!(e.fortress, Some(food3));
    assert_eq!(e.nest_limit(), 6);
}

#[test]
fn explore_places_a_dwarf_next_to_own_pieces_on_any_free_spot_without_gains() {
    let mut g = Spring::test_position(2);
    let food3 = resource_spot(res(Resource::Food), 3);
    let f = field_next_to(&g, food3);
    assert!(matches!(
        refuse(&mut g, A::Explore { at: food3 }),
        SpringError::Place(_)
    ));
    put_settlement(&mut g, Seat(0), Resource::Wood, f);
    play(&mut g, A::Explore { at: food3 });
    let e = g.empire(Seat(0)).unwrap();
    assert!(e.dwarfs.has(food3));
    assert_eq!(
        e.res,
        [0, 0, 0],
        "no resources for a dwarf on a resource spot"
    );
    end(&mut g);
    // The dwarf now gives adjacency to seat 0; seat 1 cannot use the taken spot.
    let f1 = g
        .board()
        .map
        .adj(food3)
        .iter()
        .find(|&l| l != f && map::spot(l) == Some(Spot::Field))
        .unwrap();
    g.empire_mut(Seat(1)).settlements.add(f1);
    g.empire_mut(Seat(1)).built[0] = 1;
    assert!(matches!(
        refuse(&mut g, A::Explore { at: food3 }),
        SpringError::Place(_)
    ));
    // Water takes dwarfs.
    let water = spots(|s| s == Spot::Water)[0];
    let next = g
        .board()
        .map
        .adj(water)
        .iter()
        .find(|&l| map::spot(l) == Some(Spot::Field))
        .unwrap();
    g.empire_mut(Seat(1)).settlements.add(next);
    g.empire_mut(Seat(1)).built[1] = 1;
    play(&mut g, A::Explore { at: water });
    assert!(g.empire(Seat(1)).unwrap().dwarfs.has(water));
}

#[test]
fn exploring_a_wildland_lets_the_player_fight_its_monster_or_gather() {
    let mut g = Spring::test_position(2);
    let (w, f) = wild_with_field(&g);
    put_settlement(&mut g, Seat(0), Resource::Food, f);
    play(&mut g, A::Explore { at: w });
    assert_eq!(g.flow().chance, None, "nothing happens before the choice");
    assert_eq!(g.legal_actions_vec(), vec![A::Engage, A::Decline]);
    assert!(matches!(refuse(&mut g, A::EndTurn), SpringError::NotNow(_)));
    play(&mut g, A::Engage);
    assert_eq!(
        g.flow().chance,
        Some(ChanceTask::Gather { seat: 0, wild: w })
    );
    let mut g = Spring::test_position(2);
    put_settlement(&mut g, Seat(0), Resource::Food, f);
    g.put_monster(6, 0, w as usize);
    play(&mut g, A::Explore { at: w });
    play(&mut g, A::Engage);
    assert_eq!(
        g.flow().chance,
        Some(ChanceTask::Fight { seat: 0, wild: w })
    );
}

#[test]
fn engaging_or_declining_is_refused_when_no_wildland_was_explored() {
    let mut g = Spring::test_position(2);
    for a in [A::Engage, A::Decline] {
        assert!(matches!(refuse(&mut g, a), SpringError::NotNow(_)));
    }
}

#[test]
fn summoning_draws_a_faerie_up_to_the_hand_limit_of_five() {
    let mut g = Spring::test_position(2);
    play(&mut g, A::Summon);
    assert_eq!(g.to_act(), Actor::Chance);
    let ev = chance(&mut g, 4);
    assert!(matches!(
        &ev[..],
        [SpringEvent::FaeriesDrawn {
            seat: 0,
            count: 1,
            ..
        }]
    ));
    assert_eq!(g.hand(Seat(0)).count_ones(), 1);
    end(&mut g);
    g.set_hand(Seat(1), 0b11111);
    let e = refuse(&mut g, A::Summon);
    assert!(e.to_string().contains("5 faeries"), "{e}");
}

#[test]
fn commanding_dragons_exhausts_them_for_their_gains_and_the_second_spot_adds_faerie_power() {
    let mut g = Spring::test_position(2);
    // Seat 0: its white-ribbon dragon and a level 2 Timberjaw (2 wood).
    g.give_dragon(Seat(0), 8, 2);
    let d0 = g.empire(Seat(0)).unwrap().nest[0].dragon;
    let e = refuse(
        &mut g,
        A::Command {
            spot: 1,
            first: 8,
            second: None,
        },
    );
    assert!(e.to_string().contains("needs the first"), "{e}");
    let (a, b) = (d0.min(8), d0.max(8));
    play(
        &mut g,
        A::Command {
            spot: 0,
            first: a,
            second: Some(b),
        },
    );
    let e = g.empire(Seat(0)).unwrap();
    assert!(e.nest.iter().all(|d| d.exhausted));
    assert_eq!(e.tokens(), 2);
    assert!(
        e.res[1] >= 2,
        "Timberjaw at level 2 gives 2 wood: {:?}",
        e.res
    );
    assert_eq!(e.faerie_power(), 1);
    end(&mut g);
    every_spot_used(&mut g, Seat(1));
    play(&mut g, A::Idle);
    end(&mut g);
    // Exhausted dragons cannot be commanded again; ready one with Dawn... or rest. Here: a
    // third dragon for the second spot.
    assert!(matches!(
        refuse(
            &mut g,
            A::Command {
                spot: 1,
                first: 8,
                second: None
            }
        ),
        SpringError::Invalid(_)
    ));
    g.give_dragon(Seat(0), 16, 1); // Ashwing, a war dragon: 1 success
    // (The white-ribbon dragon commanded first may have been a war dragon too.)
    let before = g.empire(Seat(0)).unwrap().successes;
    play(
        &mut g,
        A::Command {
            spot: 1,
            first: 16,
            second: None,
        },
    );
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!(e.faerie_power(), 2, "+1 faerie power this era");
    assert_eq!(e.successes, before + 1);
}

#[test]
fn training_costs_four_gold_then_five_and_an_exhausted_dragon_keeps_its_token() {
    let mut g = Spring::test_position(2);
    let d = g.empire(Seat(0)).unwrap().nest[0].dragon;
    g.set_resources(Seat(0), [0, 0, 3]);
    let e = refuse(&mut g, A::Train { dragon: d });
    assert!(e.to_string().contains("4 gold"), "{e}");
    g.set_resources(Seat(0), [0, 0, 9]);
    g.empire_mut(Seat(0)).nest[0].exhausted = true;
    let ev = play(&mut g, A::Train { dragon: d });
    assert!(ev.contains(&SpringEvent::Trained {
        seat: 0,
        dragon: d,
        level: 2
    }));
    assert_eq!(g.empire(Seat(0)).unwrap().res[2], 5);
    play(&mut g, A::Train { dragon: d });
    let e = g.empire(Seat(0)).unwrap();
    assert_eq!((e.nest[0].level, e.res[2]), (3, 0));
    assert!(e.nest[0].exhausted, "the exhaust token stays on");
    let err = refuse(&mut g, A::Train { dragon: d });
    assert!(err.to_string().contains("level 3"), "{err}");
    // Training is free: the dwarf action is still to take.
    assert!(!g.flow().acted);
}

#[test]
fn free_actions_may_follow_the_dwarf_action() {
    let mut g = Spring::test_position(2);
    play(&mut g, A::Summon);
    chance(&mut g, 1);
    let d = g.empire(Seat(0)).unwrap().nest[0].dragon;
    g.set_resources(Seat(0), [0, 0, 4]);
    assert_eq!(seat(&g), Seat(0));
    play(&mut g, A::Train { dragon: d });
    assert_eq!(g.empire(Seat(0)).unwrap().nest[0].level, 2);
    assert_eq!(seat(&g), Seat(0), "the turn goes on until it is ended");
    end(&mut g);
    assert_eq!(seat(&g), Seat(1));
}

#[test]
fn a_dwarf_on_a_spot_gives_adjacency_for_building_and_exploring() {
    let mut g = Spring::test_position(2);
    let fields = spots(|s| s == Spot::Field);
    let d = fields[10];
    g.empire_mut(Seat(0)).dwarfs.add(d);
    g.empire_mut(Seat(0)).bastion = 6;
    let around = g.board().map.adj(d);
    for a in g.legal_actions_vec() {
        match a {
            A::Build { at, .. } | A::Explore { at } => assert!(around.has(at), "{a:?}"),
            _ => {}
        }
    }
    let site = around
        .iter()
        .find(|&l| !map::is_wild(l) && map::spot(l) != Some(Spot::Water))
        .unwrap();
    play(
        &mut g,
        A::Build {
            line: Resource::Gold,
            at: site,
        },
    );
    assert!(g.empire(Seat(0)).unwrap().settlements.has(site));
    // The dwarf's own spot is taken: nobody builds there.
    end(&mut g);
    g.empire_mut(Seat(1)).settlements.add(site);
    let e = refuse(
        &mut g,
        A::Build {
            line: Resource::Food,
            at: d,
        },
    );
    assert!(e.to_string().contains("occupied"), "{e}");
}

#[test]
fn the_fortress_gives_adjacency_for_building_and_exploring() {
    let mut g = Spring::test_position(2);
    // A fortress on a field next to a wildland, and no other piece of seat 0 on the map.
    let (w, f) = wild_with_field(&g);
    let site = g
        .board()
        .map
        .adj(f)
        .iter()
        .find(|&l| !map::is_wild(l) && map::spot(l) != Some(Spot::Water))
        .unwrap();
    let build = A::Build {
        line: Resource::Food,
        at: site,
    };
    // Without the fortress, nothing of seat 0 is near: refused.
    let mut bare = g.clone();
    assert!(matches!(refuse(&mut bare, build), SpringError::Place(_)));
    assert!(matches!(
        refuse(&mut bare, A::Explore { at: w }),
        SpringError::Place(_)
    ));
    g.empire_mut(Seat(0)).fortress = Some(f);
    let around = g.board().map.adj(f);
    let legal = g.legal_actions_vec();
    assert!(legal.contains(&A::Explore { at: w }), "{legal:?}");
    assert!(legal.contains(&A::Explore { at: site }), "{legal:?}");
    assert!(legal.contains(&build), "{legal:?}");
    for a in &legal {
        if let A::Build { at, .. } | A::Explore { at } = *a {
            assert!(around.has(at), "{a:?} is not next to the fortress");
        }
    }
    let mut h = g.clone();
    play(&mut h, A::Explore { at: w });
    assert_eq!(h.empire(Seat(0)).unwrap().wild_dwarfs[w as usize], 1);
    play(&mut g, build);
    assert!(g.empire(Seat(0)).unwrap().settlements.has(site));
}

#[test]
fn a_second_fortress_is_refused() {
    let mut g = Spring::test_position(2);
    let food3 = resource_spot(res(Resource::Food), 3);
    let f = field_next_to(&g, food3);
    put_settlement(&mut g, Seat(0), Resource::Wood, f);
    g.set_resources(Seat(0), [7, 7, 7]);
    // Seat 0 built its fortress in an earlier era; everything else would allow another.
    let elsewhere = field_next_to(&g, f);
    g.empire_mut(Seat(0)).fortress = Some(elsewhere);
    let e = refuse(&mut g, A::Fortress { at: food3 });
    assert!(e.to_string().contains("already built"), "{e}");
    g.empire_mut(Seat(0)).fortress = None;
    play(&mut g, A::Fortress { at: food3 });
}

#[test]
fn summoning_is_refused_when_the_faerie_pile_is_empty() {
    let mut g = Spring::test_position(2);
    // Seat 1 holds every faerie: the pile is empty, and seat 0's hand has room.
    g.set_hand(Seat(1), (1u32 << dwarfs_spring::data::FAERIES) - 1);
    assert_eq!(g.faerie_pile_len(), 0);
    let e = refuse(&mut g, A::Summon);
    assert!(e.to_string().contains("faerie pile is empty"), "{e}");
    g.set_hand(Seat(1), 0);
    play(&mut g, A::Summon);
}

#[test]
fn a_dragon_command_needs_an_exhaust_token_per_dragon() {
    let mut g = Spring::test_position(2);
    let owned: Vec<u8> = [Seat(0), Seat(1)]
        .iter()
        .flat_map(|s| g.empire(*s).unwrap().nest.iter().map(|d| d.dragon))
        .collect();
    let d0 = g.empire(Seat(0)).unwrap().nest[0].dragon;
    let dragons = dwarfs_spring::data::DRAGONS as u8;
    for d in (0..dragons).filter(|d| !owned.contains(d)).take(4) {
        g.give_dragon(Seat(0), d, 1);
    }
    // Four exhausted dragons hold the four tokens: the ready one cannot be commanded.
    for n in g.empire_mut(Seat(0)).nest.iter_mut().skip(1) {
        n.exhausted = true;
    }
    assert_eq!(g.empire(Seat(0)).unwrap().tokens(), 0);
    let command = A::Command {
        spot: 0,
        first: d0,
        second: None,
    };
    let e = refuse(&mut g, command);
    assert!(e.to_string().contains("exhaust tokens"), "{e}");
    // A token back in the treasury: the same command is played, and takes it.
    g.empire_mut(Seat(0)).nest[1].exhausted = false;
    play(&mut g, command);
    let e = g.empire(Seat(0)).unwrap();
    assert!(e.nest[0].exhausted);
    assert_eq!(e.tokens(), 0);
}
