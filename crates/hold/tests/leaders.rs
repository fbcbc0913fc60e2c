//! One focused test per leader card.

mod common;
use common::*;
use dwarfs_engine::Seat;
use dwarfs_hold::{
    HoldAction as A, HoldEvent, Leader as L, MarkerRef, Phase, Space, WorkTile as W,
};

#[test]
fn dwarf_lord_acts_first_in_every_phase_and_picks_first_next_turn() {
    let mut g = position(4, Phase::Event);
    g.set_leaders(&[L::ClanElder, L::MasterBuilder, L::DwarfLord, L::DwarfJudge]);
    assert_eq!(g.leader_order(), &[Seat(2), Seat(0), Seat(1), Seat(3)]);
    assert_eq!(seat(&g), Seat(2));
    play(&mut g, A::Pass);
    assert_eq!(seat(&g), Seat(0));
    pass_until(&mut g, Phase::Dig);
    assert_eq!(seat(&g), Seat(2), "the Lord digs first too");
    pass_until(&mut g, Phase::Leader);
    assert_eq!(g.turn(), 2);
    // Next turn, players pick in this turn's leader order: the Lord's holder first.
    assert_eq!(seat(&g), Seat(2));
    play(&mut g, A::PickLeader(L::MasterEngineer));
    assert_eq!(seat(&g), Seat(0));
    // A taken card cannot be picked again.
    let e = refuse(&mut g, A::PickLeader(L::MasterEngineer));
    assert!(e.to_string().contains("already been taken"), "{e}");
    play(&mut g, A::PickLeader(L::DwarfLord));
    play(&mut g, A::PickLeader(L::ClanChieftain));
    play(&mut g, A::PickLeader(L::DwarfGeneral));
    // Intrigue window, then the new order has seat 0 (the Lord now) first.
    assert_eq!(g.phase(), Phase::Intrigue);
    assert_eq!(g.leader_order()[0], Seat(0));
}

#[test]
fn clan_elder_places_a_marker_on_the_hold_when_picked() {
    let mut g = position(3, Phase::Leader);
    assert_eq!(g.hold_markers(Seat(0)), 1);
    play(&mut g, A::PickLeader(L::ClanElder));
    assert_eq!(g.hold_markers(Seat(0)), 2);
    assert_eq!(g.hold_markers(Seat(1)), 1);
}

#[test]
fn master_builder_halves_room_cost_and_builds_one_extra_room() {
    let mut g = position(2, Phase::Build);
    g.set_leaders(&[L::MasterBuilder, L::DwarfLord]);
    // Seat 1 holds the Lord and builds first; let them pass.
    play(&mut g, A::Pass);
    assert_eq!(seat(&g), Seat(0));
    for c in [0, 2] {
        g.set_space(
            at(0, c),
            Space::Claimed {
                tile: dwarfs_hold::BoardTile::Rock,
                as_tile: dwarfs_hold::BoardTile::Rock,
                owner: Seat(0),
            },
        );
    }
    g.set_hand(Seat(0), &[W::GreatHall, W::Citadel]);
    g.set_gold(Seat(0), 100);
    play(&mut g, A::Build(W::GreatHall, at(0, 0)));
    assert_eq!(g.gold(Seat(0)), 95, "value 10 halved");
    assert_eq!(g.vt(Seat(0)), 10, "VT is the full value");
    // Still seat 0: a second room this turn.
    assert_eq!(seat(&g), Seat(0));
    play(&mut g, A::Build(W::Citadel, at(0, 2)));
    assert_eq!(g.gold(Seat(0)), 91, "value 9 halved rounds down to 4");
    assert_ne!(
        g.phase(),
        Phase::Build,
        "both builds used: the phase moved on"
    );
}

#[test]
fn master_engineer_gets_plus_one_dig_per_tile_and_an_extra_dig() {
    let mut g = position(2, Phase::Dig);
    g.set_leaders(&[L::MasterEngineer, L::DwarfLord]);
    play(&mut g, A::Pass); // the Lord
    g.set_space(at(2, 3), Space::Open(dwarfs_hold::BoardTile::Stone));
    g.set_hand(Seat(0), &[W::PicksAndShovels, W::PicksAndShovels]);
    g.set_gold(Seat(0), 10);
    assert_eq!(g.dig_points(Seat(0), W::PicksAndShovels), 3);
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::PicksAndShovels));
    // 3 points already cover the Stone (3): no more tiles may be added.
    refuse(&mut g, A::AddTile(W::PicksAndShovels));
    play(&mut g, A::Commit);
    assert_eq!(g.vt(Seat(0)), 3);
    assert_eq!(g.gold(Seat(0)), 9);
    // A second dig this turn.
    assert_eq!(seat(&g), Seat(0));
    play(&mut g, A::Target(at(2, 4)));
    play(&mut g, A::AddTile(W::PicksAndShovels));
    play(&mut g, A::Commit);
    assert_eq!(g.owner(at(2, 4)), Some(Seat(0)));
    // Two digs used: the phase moved on.
    assert_eq!(g.phase(), Phase::Fight);
}

#[test]
fn dwarf_general_gets_plus_one_fight_per_tile_and_an_extra_lair() {
    let mut g = position(2, Phase::Fight);
    g.set_leaders(&[L::DwarfGeneral, L::DwarfLord]);
    play(&mut g, A::Pass);
    g.set_space(at(2, 3), Space::Open(dwarfs_hold::BoardTile::Kobolds));
    g.set_space(at(2, 4), Space::Open(dwarfs_hold::BoardTile::GoblinTribes));
    g.set_hand(
        Seat(0),
        &[W::Hammers, W::PowderKeg, W::Clansmen, W::Warriors],
    );
    g.set_gold(Seat(0), 10);
    assert_eq!(
        g.fight_points(Seat(0), W::Hammers, dwarfs_hold::BoardTile::Kobolds),
        3
    );
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::Hammers));
    play(&mut g, A::AddTile(W::PowderKeg));
    play(&mut g, A::Commit); // 3 + 4 = 7 >= 6
    assert_eq!(g.trophies(Seat(0)), &[dwarfs_hold::BoardTile::Kobolds]);
    assert_eq!(seat(&g), Seat(0), "a second lair this turn");
    play(&mut g, A::Target(at(2, 4)));
    play(&mut g, A::AddTile(W::Clansmen));
    play(&mut g, A::AddTile(W::Warriors));
    play(&mut g, A::Commit); // 4 + 5 = 9 >= 6
    assert_eq!(g.trophies(Seat(0)).len(), 2);
    assert_eq!(g.phase(), Phase::Build);
}

#[test]
fn master_craftsman_gets_three_gold_and_two_vt_in_the_gold_phase() {
    let mut g = position(3, Phase::Gold);
    g.set_leaders(&[L::DwarfLord, L::MasterCraftsman, L::DwarfJudge]);
    g.set_draw_pile(&[]);
    g.settle();
    assert_eq!(g.gold(Seat(0)), 10);
    assert_eq!(g.gold(Seat(1)), 13);
    assert_eq!(g.vt(Seat(1)), 2);
    assert_eq!(g.vt(Seat(0)), 0);
}

#[test]
fn clan_chieftain_draws_one_extra_free_tile() {
    let mut g = position(2, Phase::Work);
    g.set_leaders(&[L::ClanChieftain, L::DwarfLord]);
    g.settle();
    // Seat 1 (Lord) draws one.
    chance(&mut g);
    assert_eq!(g.hand(Seat(1)).len(), 1);
    play(&mut g, A::Pass);
    let ev = chance(&mut g);
    assert!(ev.contains(&HoldEvent::Drew(Seat(0), 2)), "{ev:?}");
    assert_eq!(g.hand(Seat(0)).len(), 2);
}

#[test]
fn dwarf_judge_switches_two_markers_once() {
    let mut g = position(3, Phase::Event);
    g.set_leaders(&[L::DwarfLord, L::ClanElder, L::DwarfJudge]);
    g.set_space(
        at(2, 3),
        Space::Claimed {
            tile: dwarfs_hold::BoardTile::Gold,
            as_tile: dwarfs_hold::BoardTile::Gold,
            owner: Seat(1),
        },
    );
    play(&mut g, A::Pass);
    play(&mut g, A::Pass);
    assert_eq!(seat(&g), Seat(2));
    play(&mut g, A::UseJudge);
    play(&mut g, A::PickMarker(MarkerRef::Space(at(2, 3))));
    // The second marker must belong to someone else.
    refuse(&mut g, A::PickMarker(MarkerRef::Hold(Seat(1))));
    play(&mut g, A::PickMarker(MarkerRef::Hold(Seat(2))));
    assert_eq!(g.owner(at(2, 3)), Some(Seat(2)));
    assert_eq!(g.hold_markers(Seat(2)), 0);
    assert_eq!(g.hold_markers(Seat(1)), 2);
    // Once per turn.
    refuse(&mut g, A::UseJudge);
    // Nobody else may use it.
    let mut h = position(3, Phase::Event);
    let e = refuse(&mut h, A::UseJudge);
    assert!(e.to_string().contains("Judge"), "{e}");
}

#[test]
fn master_builder_halves_the_room_value_only_not_the_former_lair_surcharge() {
    let mut g = position(2, Phase::Build);
    g.set_leaders(&[L::MasterBuilder, L::DwarfLord]);
    g.set_space(at(0, 0), Space::Cleared { owner: Seat(0) });
    // Armory (7): 7 / 2 = 3, +2 in a former lair.
    assert_eq!(g.build_cost(Seat(0), W::Armory, at(0, 0)), 5);
    assert_eq!(g.build_cost(Seat(1), W::Armory, at(0, 0)), 9);
    g.set_space(
        at(0, 2),
        Space::Room {
            room: W::Cistern,
            owner: Seat(0),
            base: Some(dwarfs_hold::BoardTile::Soil),
        },
    );
    assert_eq!(
        g.build_cost(Seat(0), W::Armory, at(0, 0)),
        4,
        "Cistern: 1 less"
    );
}

#[test]
fn engineer_and_general_bonuses_reach_every_action_tile() {
    // "All Action Tiles played by the Engineer this turn get +1 Dig": a fight-only Champion
    // digs 1 for the Engineer; likewise a dig-only Picks & Shovels fights 1 for the General.
    let mut g = position(2, Phase::Dig);
    g.set_leaders(&[L::MasterEngineer, L::DwarfGeneral]);
    assert_eq!(g.dig_points(Seat(0), W::Champion), 1);
    assert_eq!(g.dig_points(Seat(1), W::Champion), 0);
    assert_eq!(
        g.fight_points(Seat(1), W::PicksAndShovels, dwarfs_hold::BoardTile::Ogres),
        1
    );
    assert_eq!(
        g.fight_points(Seat(0), W::PicksAndShovels, dwarfs_hold::BoardTile::Ogres),
        0
    );
    // Event and room tiles are action tiles only in a dig: they still never fight.
    assert_eq!(
        g.fight_points(Seat(1), W::Sabotage, dwarfs_hold::BoardTile::Ogres),
        0
    );
    g.set_space(at(2, 3), Space::Open(dwarfs_hold::BoardTile::Soil));
    g.set_hand(Seat(0), &[W::Champion]);
    g.set_gold(Seat(0), 5);
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::Champion));
    play(&mut g, A::Commit);
    assert_eq!(g.owner(at(2, 3)), Some(Seat(0)));
    // The General clears the Kobolds (6) with a Powder Keg (3+1) and Picks & Shovels (0+1)
    // and Dwarf Miners (1+1).
    let mut f = position(2, Phase::Fight);
    f.set_leaders(&[L::DwarfGeneral, L::DwarfJudge]);
    f.set_space(at(2, 3), Space::Open(dwarfs_hold::BoardTile::Kobolds));
    f.set_hand(Seat(0), &[W::PowderKeg, W::PicksAndShovels, W::DwarfMiners]);
    f.set_gold(Seat(0), 5);
    play(&mut f, A::Target(at(2, 3)));
    play(&mut f, A::AddTile(W::PowderKeg));
    play(&mut f, A::AddTile(W::PicksAndShovels));
    play(&mut f, A::AddTile(W::DwarfMiners));
    play(&mut f, A::Commit);
    assert_eq!(f.trophies(Seat(0)), &[dwarfs_hold::BoardTile::Kobolds]);
}
