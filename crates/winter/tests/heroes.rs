//! Every hero ability in the rulebook's list, played to music, and the limits on production
//! (monsters and disasters block it) and resources (never above 7).

mod common;
use common::*;
use dwarfs_engine::{Game, Seat};
use dwarfs_winter::data::{Card, MonsterType as T};
use dwarfs_winter::{DwarfKind, Pick, Resource, Stage, Winter, WinterAction, WinterError};

const W: DwarfKind = DwarfKind::Worker;

/// Gives `card` to seat 0 (deck and hand) and starts its music, so it can be played.
fn ready(g: &mut Winter, card: Card) {
    if !card.is_starting() {
        g.give_hero(Seat(0), card);
    }
    g.player_mut(Seat(0)).hand |= card.bit();
    play(g, WinterAction::PlayMusic(card.data().music));
}

fn play_card(g: &mut Winter, card: Card, pick: Pick) {
    play(g, WinterAction::PlayCard { card, pick });
}

#[test]
fn produce_gives_one_per_zone_of_its_type_occupied_except_where_a_monster_or_disaster_stands() {
    let mut g = position(2);
    for n in 1..=4 {
        put(&mut g, Seat(0), W, mine(n), 1);
    }
    put(&mut g, Seat(0), W, mine(1), 1); // a second dwarf in one mine adds nothing
    g.put_monster(monster(T::WolfPack), mine(2));
    g.put_disaster(disaster("Gas Pocket")); // Mine 3
    g.player_mut(Seat(0)).resources = [0, 0, 0, 0];
    ready(&mut g, hero("Quarryman"));
    play_card(&mut g, hero("Quarryman"), Pick::Nothing);
    assert_eq!(
        g.player(Seat(0)).resources,
        [0, 0, 2, 0],
        "Mines 1 and 4 produce"
    );
    for kind in [
        dwarfs_winter::ZoneType::Forest,
        dwarfs_winter::ZoneType::Field,
    ] {
        assert_eq!(g.producing_zones(Seat(0), kind), 0);
    }
}

#[test]
fn resources_never_go_above_7() {
    let mut g = position(1);
    g.player_mut(Seat(0)).resources = [6, 7, 6, 6];
    ready(&mut g, hero("Quartermaster")); // gain 1 food, 1 stone, 1 wood
    play_card(&mut g, hero("Quartermaster"), Pick::Nothing);
    assert_eq!(g.player(Seat(0)).resources, [6, 7, 7, 7]);
}

#[test]
fn gain_heroes_and_the_either_or_heroes() {
    let cases: [(&str, Pick, [u8; 4]); 7] = [
        ("Tax Collector", Pick::Nothing, [3, 2, 2, 2]),
        ("Mason", Pick::Nothing, [2, 2, 4, 2]),
        ("Treasurer", Pick::Nothing, [4, 2, 2, 2]),
        ("Merchant", Pick::Resource(Resource::Gold), [3, 2, 2, 2]),
        ("Trapper", Pick::Resource(Resource::Food), [2, 3, 2, 2]),
        ("Carpenter", Pick::Resource(Resource::Stone), [2, 2, 3, 2]),
        ("Lumberjack", Pick::Nothing, [2, 2, 2, 3]),
    ];
    for (name, pick, want) in cases {
        let mut g = position(2);
        ready(&mut g, hero(name));
        play_card(&mut g, hero(name), pick);
        assert_eq!(g.player(Seat(0)).resources, want, "{name}");
    }
    let mut g = position(2);
    ready(&mut g, hero("Jeweller"));
    refuse(
        &mut g,
        WinterAction::PlayCard {
            card: hero("Jeweller"),
            pick: Pick::Resource(Resource::Wood),
        },
    );
}

#[test]
fn move_any_dwarf_in_a_zone_type_by_one_zone_even_another_players() {
    let mut g = position(2);
    put(&mut g, Seat(1), W, forest(2), 1);
    put(&mut g, Seat(0), W, mine(1), 1); // not in a forest: cannot be moved by the Ranger
    ready(&mut g, hero("Ranger"));
    play_card(&mut g, hero("Ranger"), Pick::Nothing);
    assert!(matches!(g.stage(), Stage::Music(m) if m.effect.is_some()));
    let legal = g.legal_actions_vec();
    assert!(legal.iter().all(|a| match a {
        WinterAction::Move { from, .. } => *from == forest(2),
        a => *a == WinterAction::Done,
    }));
    refuse(
        &mut g,
        WinterAction::Move {
            owner: Seat(0),
            kind: W,
            from: mine(1),
            to: field(1),
        },
    );
    play(
        &mut g,
        WinterAction::Move {
            owner: Seat(1),
            kind: W,
            from: forest(2),
            to: mine(1),
        },
    );
    assert_eq!(g.player(Seat(1)).count(W, mine(1)), 1);
    assert!(
        matches!(g.stage(), Stage::Music(m) if m.effect.is_none()),
        "one move only"
    );
    assert_eq!(
        g.player(Seat(0)).actions_left,
        4,
        "the move was the card's, not an action"
    );
}

#[test]
fn move_two_different_dwarfs_in_zones_of_a_type() {
    let mut g = position(2);
    put(&mut g, Seat(0), W, field(1), 1);
    put(&mut g, Seat(1), W, field(3), 1);
    ready(&mut g, hero("Herder"));
    play_card(&mut g, hero("Herder"), Pick::Nothing);
    play(
        &mut g,
        WinterAction::Move {
            owner: Seat(0),
            kind: W,
            from: field(1),
            to: field(2),
        },
    );
    // The same dwarf cannot move again (it is in a field, but it was moved).
    refuse(
        &mut g,
        WinterAction::Move {
            owner: Seat(0),
            kind: W,
            from: field(2),
            to: field(3),
        },
    );
    play(
        &mut g,
        WinterAction::Move {
            owner: Seat(1),
            kind: W,
            from: field(3),
            to: wall(3),
        },
    );
    assert!(matches!(g.stage(), Stage::Music(m) if m.effect.is_none()));
}

#[test]
fn place_or_move_up_to_two_of_your_dwarfs_and_stopping_early() {
    let mut g = position(2);
    put(&mut g, Seat(0), W, wall(1), 1);
    ready(&mut g, hero("Captain"));
    play_card(&mut g, hero("Captain"), Pick::Nothing);
    // Another player's dwarf is not yours.
    put(&mut g, Seat(1), W, wall(2), 1);
    refuse(
        &mut g,
        WinterAction::Move {
            owner: Seat(1),
            kind: W,
            from: wall(2),
            to: CASTLE,
        },
    );
    play(
        &mut g,
        WinterAction::Place {
            kind: W,
            zone: forest(4),
        },
    );
    // The placed dwarf cannot also be moved.
    refuse(
        &mut g,
        WinterAction::Move {
            owner: Seat(0),
            kind: W,
            from: forest(4),
            to: mine(4),
        },
    );
    play(
        &mut g,
        WinterAction::Move {
            owner: Seat(0),
            kind: W,
            from: wall(1),
            to: CASTLE,
        },
    );
    assert_eq!(g.player(Seat(0)).count(W, CASTLE), 1);
    assert_eq!(g.player(Seat(0)).actions_left, 4);

    let mut g = position(2);
    ready(&mut g, hero("Scout"));
    play_card(&mut g, hero("Scout"), Pick::Nothing);
    play(&mut g, WinterAction::Done);
    assert!(
        matches!(g.stage(), Stage::Music(m) if m.effect.is_none()),
        "stopped early"
    );
}

#[test]
fn pay_2_gold_to_acquire_any_card_from_the_pool() {
    let mut g = position(2);
    g.set_pool(3, hero("Mason"));
    g.player_mut(Seat(0)).resources[0] = 2;
    ready(&mut g, hero("Summoner"));
    play_card(&mut g, hero("Summoner"), Pick::Slot(3));
    let p = g.player(Seat(0));
    assert_eq!(p.resources[0], 0, "2 gold, not the slot's 3");
    assert_ne!(p.deck & hero("Mason").bit(), 0);
    chance(&mut g); // the pool is refilled

    let mut g = position(2);
    g.set_pool(0, hero("Mason"));
    g.player_mut(Seat(0)).resources[0] = 1;
    ready(&mut g, hero("Summoner"));
    let e = refuse(
        &mut g,
        WinterAction::PlayCard {
            card: hero("Summoner"),
            pick: Pick::Slot(0),
        },
    );
    assert!(matches!(e, WinterError::BadCard(_)));
}

#[test]
fn trade_heroes_spend_one_resource_for_three_of_another() {
    let mut g = position(2);
    ready(&mut g, hero("Stone Trader"));
    play_card(&mut g, hero("Stone Trader"), Pick::Nothing);
    assert_eq!(g.player(Seat(0)).resources, [5, 2, 1, 2]);
    let mut g = position(2);
    g.player_mut(Seat(0)).resources = [2, 2, 2, 0];
    ready(&mut g, hero("Innkeeper"));
    refuse(
        &mut g,
        WinterAction::PlayCard {
            card: hero("Innkeeper"),
            pick: Pick::Nothing,
        },
    );
}

#[test]
fn remove_one_of_your_dwarfs_from_the_board_for_3_gold() {
    let mut g = position(2);
    put(&mut g, Seat(0), W, forest(3), 1);
    put(&mut g, Seat(1), W, forest(4), 1);
    ready(&mut g, hero("Mercenary"));
    let legal = g.legal_actions_vec();
    assert!(legal.contains(&WinterAction::PlayCard {
        card: hero("Mercenary"),
        pick: Pick::Dwarf(W, forest(3))
    }));
    refuse(
        &mut g,
        WinterAction::PlayCard {
            card: hero("Mercenary"),
            pick: Pick::Dwarf(W, forest(4)),
        },
    );
    play_card(&mut g, hero("Mercenary"), Pick::Dwarf(W, forest(3)));
    assert_eq!(g.player(Seat(0)).resources[0], 5);
    assert_eq!(
        g.player(Seat(0)).dwarfs_home(),
        7,
        "back on the player board"
    );
    // It can be placed again, even in the zone it left.
    play(&mut g, WinterAction::Done);
    play(&mut g, WinterAction::Done);
    play(
        &mut g,
        WinterAction::Place {
            kind: W,
            zone: forest(3),
        },
    );
    assert_eq!(g.player(Seat(0)).count(W, forest(3)), 1);
}

#[test]
fn the_sage_upgrades_a_worker_at_home_into_a_legendary_dwarf_for_2_gold() {
    let mut g = legendary(2);
    g.player_mut(Seat(0)).deck |= 1 << dwarfs_winter::data::SAGE;
    let sage = Card(dwarfs_winter::data::SAGE);
    ready(&mut g, sage);
    play_card(&mut g, sage, Pick::Legend(DwarfKind::IceWarrior));
    let p = g.player(Seat(0));
    assert_eq!(p.resources[0], 0);
    assert_eq!(p.home, [6, 1, 0, 0]);
    assert!(p.has_legend(DwarfKind::IceWarrior));
    // The sage back in hand with gold again: each legend exists once, so the Ice Warrior is
    // no longer offered.
    let legend_picks = |g: &Winter| {
        let mut picks = Vec::new();
        for a in g.legal_actions_vec() {
            if let WinterAction::PlayCard {
                pick: Pick::Legend(k),
                ..
            } = a
            {
                picks.push(k);
            }
        }
        picks
    };
    g.player_mut(Seat(0)).resources[0] = 7;
    g.player_mut(Seat(0)).hand |= sage.bit();
    g.player_mut(Seat(0)).played &= !sage.bit();
    assert_eq!(
        legend_picks(&g),
        vec![DwarfKind::EarthGuardian, DwarfKind::ThunderKing]
    );
    let upgrade = WinterAction::PlayCard {
        card: sage,
        pick: Pick::Legend(DwarfKind::ThunderKing),
    };
    // One gold: the upgrade is not offered, and refused.
    g.player_mut(Seat(0)).resources[0] = 1;
    assert_eq!(legend_picks(&g), vec![]);
    refuse(&mut g, upgrade);
    // Gold, but no worker at home: the same.
    g.player_mut(Seat(0)).resources[0] = 7;
    let workers = g.player(Seat(0)).home[0];
    g.player_mut(Seat(0)).home[0] = 0;
    assert_eq!(legend_picks(&g), vec![]);
    refuse(&mut g, upgrade);
    // Both again: it is played.
    g.player_mut(Seat(0)).home[0] = workers;
    play(&mut g, upgrade);
    assert!(g.player(Seat(0)).has_legend(DwarfKind::ThunderKing));
}

#[test]
fn the_fixed_gain_heroes_gain_exactly_their_resources() {
    let cases: [(&str, [u8; 4]); 6] = [
        ("Forester", [2, 2, 2, 4]),
        ("Cook", [2, 4, 2, 2]),
        ("Baker", [2, 3, 2, 2]),
        ("Miner", [2, 2, 3, 2]),
        ("Goldsmith", [3, 2, 2, 2]),
        ("Provisioner", [2, 3, 3, 3]),
    ];
    for (name, want) in cases {
        let mut g = position(2);
        ready(&mut g, hero(name));
        play_card(&mut g, hero(name), Pick::Nothing);
        assert_eq!(g.player(Seat(0)).resources, want, "{name}");
        assert!(matches!(g.stage(), Stage::Music(m) if m.effect.is_none()));
    }
}

#[test]
fn the_innkeeper_spends_1_wood_for_3_food() {
    let mut g = position(2);
    g.player_mut(Seat(0)).resources = [2, 3, 2, 1];
    ready(&mut g, hero("Innkeeper"));
    play_card(&mut g, hero("Innkeeper"), Pick::Nothing);
    assert_eq!(g.player(Seat(0)).resources, [2, 6, 2, 0]);
}

#[test]
fn farmer_and_harvester_produce_food_per_field_occupied() {
    for name in ["Farmer", "Harvester"] {
        let mut g = position(2);
        put(&mut g, Seat(0), W, field(1), 2); // one field, two dwarfs: 1 food
        put(&mut g, Seat(0), W, field(2), 1);
        put(&mut g, Seat(0), W, field(3), 1); // blocked by a monster
        put(&mut g, Seat(0), W, mine(1), 1); // not a field
        put(&mut g, Seat(1), W, field(4), 1); // another player's field
        g.put_monster(monster(T::WolfPack), field(3));
        ready(&mut g, hero(name));
        play_card(&mut g, hero(name), Pick::Nothing);
        assert_eq!(g.player(Seat(0)).resources, [2, 4, 2, 2], "{name}");
        assert_eq!(g.player(Seat(1)).resources, [2, 2, 2, 2]);
    }
}

/// The moves listed for the staged effect under way.
fn listed_moves(g: &Winter) -> Vec<WinterAction> {
    g.legal_actions_vec()
        .into_iter()
        .filter(|a| *a != WinterAction::Done)
        .collect()
}

fn mv(owner: Seat, from: dwarfs_winter::Zone, to: dwarfs_winter::Zone) -> WinterAction {
    WinterAction::Move {
        owner,
        kind: W,
        from,
        to,
    }
}

#[test]
fn prospector_and_shepherd_move_one_dwarf_in_a_mine_or_a_field() {
    // The Prospector: any player's dwarf in a mine, one zone, once.
    let mut g = position(2);
    put(&mut g, Seat(1), W, mine(2), 1);
    put(&mut g, Seat(0), W, field(2), 1); // not in a mine
    ready(&mut g, hero("Prospector"));
    play_card(&mut g, hero("Prospector"), Pick::Nothing);
    let legal = listed_moves(&g);
    let mut want: Vec<_> = mine(2)
        .adjacent()
        .map(|to| mv(Seat(1), mine(2), to))
        .collect();
    want.sort_by_key(|a| format!("{a:?}"));
    let mut got = legal.clone();
    got.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(got, want);
    play(&mut g, mv(Seat(1), mine(2), forest(3)));
    assert_eq!(g.player(Seat(1)).count(W, forest(3)), 1);
    assert!(
        matches!(g.stage(), Stage::Music(m) if m.effect.is_none()),
        "one move"
    );

    // The Shepherd: a dwarf in a field.
    let mut g = position(2);
    put(&mut g, Seat(0), W, field(1), 1);
    put(&mut g, Seat(0), W, wall(1), 1); // not in a field
    ready(&mut g, hero("Shepherd"));
    play_card(&mut g, hero("Shepherd"), Pick::Nothing);
    assert!(listed_moves(&g).iter().all(|a| matches!(
        a,
        WinterAction::Move { from, .. } if *from == field(1)
    )));
    refuse(&mut g, mv(Seat(0), wall(1), CASTLE));
    play(&mut g, mv(Seat(0), field(1), wall(1)));
    assert_eq!(g.player(Seat(0)).count(W, wall(1)), 2);
    assert!(matches!(g.stage(), Stage::Music(m) if m.effect.is_none()));
}

/// A "move any 2" hero `name` played with a dwarf of seat 0 in `a` and one of seat 1 in `b`
/// (zones of its type), and its first move taken: seat 0's dwarf to `out_a`.
fn first_of_two_moves(
    name: &str,
    a: dwarfs_winter::Zone,
    b: dwarfs_winter::Zone,
    out_a: dwarfs_winter::Zone,
) -> Winter {
    let mut g = position(2);
    put(&mut g, Seat(0), W, a, 1);
    put(&mut g, Seat(1), W, b, 1);
    ready(&mut g, hero(name));
    play_card(&mut g, hero(name), Pick::Nothing);
    play(&mut g, mv(Seat(0), a, out_a));
    g
}

#[test]
fn pathfinder_and_foreman_move_two_different_dwarfs_in_forests_or_mines() {
    for (name, a, b, out_a, out_b) in [
        ("Pathfinder", forest(1), forest(3), forest(2), field(3)),
        ("Foreman", mine(1), mine(3), forest(2), field(3)),
    ] {
        let mut g = first_of_two_moves(name, a, b, out_a);
        if out_a.kind() == a.kind() {
            // Still in a zone of the type, but already moved by this card.
            refuse(&mut g, mv(Seat(0), out_a, a));
        }
        play(&mut g, mv(Seat(1), b, out_b));
        assert!(
            matches!(g.stage(), Stage::Music(m) if m.effect.is_none()),
            "{name}: two moves"
        );
        assert_eq!(g.player(Seat(0)).count(W, out_a), 1, "{name}");
        assert_eq!(g.player(Seat(1)).count(W, out_b), 1, "{name}");
        assert_eq!(g.player(Seat(0)).actions_left, 4, "{name}: no action spent");
    }
}

#[test]
fn move_any_two_stops_after_one_when_its_player_is_done() {
    for (name, a, b, out_a) in [
        ("Herder", field(1), field(3), wall(1)),
        ("Pathfinder", forest(1), forest(3), forest(2)),
        ("Foreman", mine(1), mine(3), forest(2)),
    ] {
        let mut g = first_of_two_moves(name, a, b, out_a);
        assert!(
            matches!(g.stage(), Stage::Music(m) if m.effect.is_some()),
            "{name}: a second move is still open"
        );
        play(&mut g, WinterAction::Done);
        assert!(
            matches!(g.stage(), Stage::Music(m) if m.effect.is_none()),
            "{name}: Done ends the card's moves"
        );
        assert_eq!(
            g.player(Seat(1)).count(W, b),
            1,
            "{name}: the second dwarf stays"
        );
        // A second move the card would have allowed: refused now.
        let to = b.adjacent().next().unwrap();
        refuse(&mut g, mv(Seat(1), b, to));
    }
}

#[test]
fn scout_and_sergeant_place_or_move_exactly_one_dwarf() {
    for name in ["Scout", "Sergeant"] {
        // One placement, then the card is spent.
        let mut g = position(2);
        put(&mut g, Seat(0), W, wall(2), 1);
        ready(&mut g, hero(name));
        play_card(&mut g, hero(name), Pick::Nothing);
        let legal = listed_moves(&g);
        assert!(legal.contains(&WinterAction::Place {
            kind: W,
            zone: mine(3)
        }));
        assert!(legal.contains(&mv(Seat(0), wall(2), CASTLE)));
        play(
            &mut g,
            WinterAction::Place {
                kind: W,
                zone: mine(3),
            },
        );
        assert!(
            matches!(g.stage(), Stage::Music(m) if m.effect.is_none()),
            "{name}: one only"
        );
        refuse(&mut g, mv(Seat(0), wall(2), CASTLE));
        assert_eq!(g.player(Seat(0)).dwarfs_home(), 5);
        assert_eq!(g.player(Seat(0)).actions_left, 4);

        // Or one move.
        let mut g = position(2);
        put(&mut g, Seat(0), W, wall(2), 1);
        ready(&mut g, hero(name));
        play_card(&mut g, hero(name), Pick::Nothing);
        play(&mut g, mv(Seat(0), wall(2), CASTLE));
        assert!(matches!(g.stage(), Stage::Music(m) if m.effect.is_none()));
        refuse(
            &mut g,
            WinterAction::Place {
                kind: W,
                zone: mine(3),
            },
        );
        assert_eq!(g.player(Seat(0)).count(W, CASTLE), 1);
    }
}
