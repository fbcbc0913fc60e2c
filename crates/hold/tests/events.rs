//! One focused test per event tile.

mod common;
use common::*;
use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_hold::{
    BoardTile as T, HoldAction as A, HoldEvent, Leader as L, MarkerRef, Phase, Space, Stage,
    WorkTile as W,
};

#[test]
fn sabotage_makes_the_target_discard_two_random_tiles() {
    let mut g = position(2, Phase::Event);
    g.set_hand(Seat(0), &[W::Sabotage]);
    g.set_hand(Seat(1), &[W::Hammers, W::BigDig, W::Champion]);
    refuse(&mut g, A::PlayEventOn(W::Sabotage, Seat(0)));
    refuse(&mut g, A::PlayEvent(W::Sabotage));
    play(&mut g, A::PlayEventOn(W::Sabotage, Seat(1)));
    let ev = chance(&mut g);
    assert_eq!(g.hand(Seat(1)).len(), 1);
    assert!(g.hand(Seat(0)).is_empty());
    let discarded = ev
        .iter()
        .filter(|e| matches!(e, HoldEvent::Discarded(s, _) if *s == Seat(1)))
        .count();
    assert_eq!(discarded, 2);
    // Face up: the discard pile shows them (and the Sabotage tile).
    assert_eq!(
        g.discard_pile()
            .iter()
            .map(|(_, c)| *c as usize)
            .sum::<usize>(),
        3
    );
}

#[test]
fn raid_treasury_steals_seven_gold_or_all_there_is() {
    let mut g = position(3, Phase::Event);
    g.set_hand(Seat(0), &[W::RaidTreasury]);
    g.set_gold(Seat(1), 10);
    g.set_gold(Seat(2), 4);
    let mut h = g.clone();
    play(&mut g, A::PlayEventOn(W::RaidTreasury, Seat(1)));
    assert_eq!((g.gold(Seat(0)), g.gold(Seat(1))), (7, 3));
    play(&mut h, A::PlayEventOn(W::RaidTreasury, Seat(2)));
    assert_eq!((h.gold(Seat(0)), h.gold(Seat(2))), (4, 0));
}

#[test]
fn forge_great_relic_and_unearth_big_diamond() {
    let mut g = position(2, Phase::Event);
    g.set_hand(Seat(0), &[W::ForgeGreatRelic, W::UnearthBigDiamond]);
    play(&mut g, A::PlayEvent(W::ForgeGreatRelic));
    assert_eq!(g.vt(Seat(0)), 7);
    play(&mut g, A::PlayEvent(W::UnearthBigDiamond));
    assert_eq!(g.gold(Seat(0)), 10);
    assert!(g.hand(Seat(0)).is_empty());
    // Played tiles are gone.
    refuse(&mut g, A::PlayEvent(W::ForgeGreatRelic));
}

#[test]
fn greybeards_draws_three() {
    let mut g = position(2, Phase::Event);
    g.set_hand(Seat(0), &[W::Greybeards]);
    play(&mut g, A::PlayEvent(W::Greybeards));
    let ev = chance(&mut g);
    assert!(ev.contains(&HoldEvent::Drew(Seat(0), 3)));
    assert_eq!(g.hand(Seat(0)).len(), 3);
    assert_eq!(seat(&g), Seat(0), "still seat 0's Event phase");
}

#[test]
fn rune_stones_draws_seven_keeps_one_discards_the_rest() {
    let mut g = position(2, Phase::Event);
    g.set_hand(Seat(0), &[W::RuneStones]);
    play(&mut g, A::PlayEvent(W::RuneStones));
    chance(&mut g);
    let Stage::RunePick(drawn) = g.stage().clone() else {
        panic!("expected a pick, got {:?}", g.stage());
    };
    assert_eq!(drawn.len(), 7);
    // The drawn tiles are private to the player.
    let other = g.observe(Viewer::Seat(Seat(1)));
    assert_eq!(other.stage, Stage::RunePick(vec![]));
    let keep = drawn[3];
    play(&mut g, A::Keep(keep));
    assert_eq!(g.hand(Seat(0)), &[keep]);
    let discarded: usize = g.discard_pile().iter().map(|(_, c)| *c as usize).sum();
    assert_eq!(discarded, 6 + 1, "six drawn tiles and the Rune Stones tile");
}

#[test]
fn clan_informers_steals_one_random_tile() {
    let mut g = position(2, Phase::Event);
    g.set_hand(Seat(0), &[W::ClanInformers]);
    g.set_hand(Seat(1), &[W::BigDig, W::Armory]);
    play(&mut g, A::PlayEventOn(W::ClanInformers, Seat(1)));
    let ev = chance(&mut g);
    assert!(ev.contains(&HoldEvent::TileStolen {
        by: Seat(0),
        from: Seat(1)
    }));
    assert_eq!(g.hand(Seat(0)).len(), 1);
    assert_eq!(g.hand(Seat(1)).len(), 1);
    let stolen = g.hand(Seat(0))[0];
    assert!(stolen == W::BigDig || stolen == W::Armory);
    assert_ne!(g.hand(Seat(1))[0], stolen);
}

#[test]
fn turf_dispute_replaces_an_opponents_marker() {
    let mut g = position(2, Phase::Event);
    g.set_space(
        at(2, 3),
        Space::Claimed {
            tile: T::Gems,
            as_tile: T::Gems,
            owner: Seat(1),
        },
    );
    g.set_hand(Seat(0), &[W::TurfDispute]);
    refuse(&mut g, A::TurfDispute(MarkerRef::Hold(Seat(0))));
    let mut h = g.clone();
    play(&mut g, A::TurfDispute(MarkerRef::Space(at(2, 3))));
    assert_eq!(g.owner(at(2, 3)), Some(Seat(0)));
    // A marker on the hold can be the target too.
    play(&mut h, A::TurfDispute(MarkerRef::Hold(Seat(1))));
    assert_eq!((h.hold_markers(Seat(0)), h.hold_markers(Seat(1))), (2, 0));
}

#[test]
fn great_oratory_places_two_markers_on_the_hold() {
    let mut g = position(2, Phase::Event);
    g.set_hand(Seat(0), &[W::GreatOratory]);
    play(&mut g, A::PlayEvent(W::GreatOratory));
    assert_eq!(g.hold_markers(Seat(0)), 3);
}

#[test]
fn intrigue_is_played_at_the_end_of_the_leader_phase_to_swap_leaders() {
    let mut g = position(3, Phase::Leader);
    g.set_hand(Seat(1), &[W::Intrigue]);
    play(&mut g, A::PickLeader(L::DwarfLord)); // seat 0
    play(&mut g, A::PickLeader(L::ClanChieftain)); // seat 1
    play(&mut g, A::PickLeader(L::MasterCraftsman)); // seat 2
    assert_eq!(g.phase(), Phase::Intrigue);
    // Every seat is asked in seat order; seat 0 has no Intrigue.
    assert_eq!(seat(&g), Seat(0));
    assert_eq!(g.legal_actions_vec(), vec![A::Pass]);
    play(&mut g, A::Pass);
    play(&mut g, A::PlayIntrigue(Seat(0)));
    assert_eq!(g.leader(Seat(1)), Some(L::DwarfLord));
    assert_eq!(g.leader(Seat(0)), Some(L::ClanChieftain));
    assert_eq!(g.leader_order()[0], Seat(1));
    // Intrigue is not an Event-phase tile.
    let mut h = position(2, Phase::Event);
    h.set_hand(Seat(0), &[W::Intrigue]);
    let e = refuse(&mut h, A::PlayEvent(W::Intrigue));
    assert!(e.to_string().contains("Leader phase"), "{e}");
}

#[test]
fn arcane_laws_scrambles_up_to_six_markers() {
    let mut g = position(3, Phase::Event);
    for (c, owner) in [(0u8, 1u8), (1, 1), (2, 2)] {
        g.set_space(
            at(0, c),
            Space::Claimed {
                tile: T::Rock,
                as_tile: T::Rock,
                owner: Seat(owner),
            },
        );
    }
    g.set_hand(Seat(0), &[W::ArcaneLaws]);
    play(&mut g, A::PlayEvent(W::ArcaneLaws));
    play(&mut g, A::PickMarker(MarkerRef::Space(at(0, 0))));
    play(&mut g, A::PickMarker(MarkerRef::Space(at(0, 2))));
    play(&mut g, A::PickMarker(MarkerRef::Hold(Seat(0))));
    // Seat 0 has one marker on the hold: it cannot be picked twice.
    refuse(&mut g, A::PickMarker(MarkerRef::Hold(Seat(0))));
    play(&mut g, A::Pass); // stop picking
    // Owners to place back: {0, 1, 2}; a seat not in the pool cannot be placed.
    play(&mut g, A::PlaceMarker(Seat(0))); // (0,0) -> seat 0
    refuse(&mut g, A::PlaceMarker(Seat(0)));
    play(&mut g, A::PlaceMarker(Seat(1))); // (0,2) -> seat 1; the last goes to seat 2
    assert_eq!(g.owner(at(0, 0)), Some(Seat(0)));
    assert_eq!(g.owner(at(0, 2)), Some(Seat(1)));
    assert_eq!(g.owner(at(0, 1)), Some(Seat(1)));
    assert_eq!(g.hold_markers(Seat(0)), 0);
    assert_eq!(g.hold_markers(Seat(2)), 2);
    assert_eq!(g.stage(), &Stage::None);
    assert_eq!(seat(&g), Seat(0));
}

#[test]
fn arcane_laws_stops_at_six() {
    let mut g = position(8, Phase::Event);
    g.set_hand(Seat(0), &[W::ArcaneLaws]);
    play(&mut g, A::PlayEvent(W::ArcaneLaws));
    for s in 0..6 {
        play(&mut g, A::PickMarker(MarkerRef::Hold(Seat(s))));
    }
    // Six picked: placing starts at once.
    assert!(matches!(g.stage(), Stage::Arcane { placing: true, .. }));
    refuse(&mut g, A::PickMarker(MarkerRef::Hold(Seat(7))));
    for s in [5, 4, 3, 2, 1] {
        play(&mut g, A::PlaceMarker(Seat(s)));
    }
    assert_eq!(g.stage(), &Stage::None);
    let total: u32 = (0..8).map(|s| g.hold_markers(Seat(s)) as u32).sum();
    assert_eq!(total, 8);
}
