//! One focused test per room effect (all 24 rooms).

mod common;
use common::*;
use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_hold::{
    BoardTile as T, Hold, HoldAction as A, HoldOptions, Leader as L, Phase, Pos, Space,
    WorkTile as W,
};

fn give_room(g: &mut Hold, room: W, owner: Seat, p: Pos) {
    g.set_space(
        p,
        Space::Room {
            room,
            owner,
            base: Some(T::Soil),
        },
    );
}

fn claimed(owner: Seat, t: T) -> Space {
    Space::Claimed {
        tile: t,
        as_tile: t,
        owner,
    }
}

#[test]
fn vt_on_pick_rooms_pay_when_their_leader_is_picked() {
    let pairs = [
        (W::GreatHall, L::DwarfJudge),
        (W::GreatForge, L::MasterEngineer),
        (W::GuildHall, L::MasterBuilder),
        (W::Treasury, L::MasterCraftsman),
        (W::Citadel, L::DwarfGeneral),
        (W::ThroneRoom, L::DwarfLord),
        (W::AncestralShrine, L::ClanChieftain),
        (W::CouncilHall, L::ClanElder),
    ];
    for (room, leader) in pairs {
        let mut g = position(2, Phase::Leader);
        give_room(&mut g, room, Seat(0), at(0, 0));
        // Picking another leader pays nothing.
        let other = if leader == L::DwarfLord {
            L::ClanChieftain
        } else {
            L::DwarfLord
        };
        let mut h = g.clone();
        play(&mut h, A::PickLeader(other));
        assert_eq!(h.vt(Seat(0)), 0, "{room:?}");
        play(&mut g, A::PickLeader(leader));
        assert_eq!(g.vt(Seat(0)), 1, "{room:?} with {leader:?}");
        // The other player picking it earns the room's owner nothing.
        let mut k = position(2, Phase::Leader);
        give_room(&mut k, room, Seat(1), at(0, 0));
        play(&mut k, A::PickLeader(leader));
        assert_eq!(k.vt(Seat(1)) + k.vt(Seat(0)), 0, "{room:?}");
    }
}

#[test]
fn earth_temple_pays_two_vt_in_a_turn_without_action_tiles() {
    let mut g = position(2, Phase::Dig);
    give_room(&mut g, W::EarthTemple, Seat(0), at(0, 0));
    give_room(&mut g, W::EarthTemple, Seat(1), at(0, 1)); // (a test position may repeat a room)
    g.set_space(at(2, 3), Space::Open(T::Rock));
    g.set_hand(Seat(1), &[W::PicksAndShovels]);
    g.set_gold(Seat(1), 5);
    play(&mut g, A::Pass); // seat 0 plays nothing
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::PicksAndShovels));
    play(&mut g, A::Commit);
    pass_until(&mut g, Phase::Leader);
    assert_eq!(g.vt(Seat(0)), 2);
    assert_eq!(g.vt(Seat(1)), 2, "only the Rock's 2 VT, no temple bonus");
}

#[test]
fn workshops_and_armory_add_points_to_action_tiles() {
    let mut g = position(2, Phase::Dig);
    assert_eq!(g.dig_points(Seat(0), W::BigDrill), 4);
    assert_eq!(g.fight_points(Seat(0), W::Champion, T::Ogres), 5);
    give_room(&mut g, W::Workshops, Seat(0), at(0, 0));
    give_room(&mut g, W::Armory, Seat(0), at(0, 1));
    assert_eq!(g.dig_points(Seat(0), W::BigDrill), 5);
    assert_eq!(g.fight_points(Seat(0), W::Champion, T::Ogres), 6);
    // Event and room tiles dig 1 (+ dig bonuses), and never fight.
    assert_eq!(g.dig_points(Seat(0), W::Sabotage), 2);
    assert_eq!(g.fight_points(Seat(0), W::Sabotage, T::Ogres), 0);
    // "Your AT get +1 Fight" reaches dig-only tiles too (and +1 Dig fight-only ones).
    assert_eq!(g.fight_points(Seat(0), W::BigDrill, T::Ogres), 1);
    assert_eq!(g.dig_points(Seat(0), W::Champion), 1);
    assert_eq!(g.fight_points(Seat(1), W::BigDrill, T::Ogres), 0);
    assert_eq!(g.dig_points(Seat(1), W::BigDrill), 4);
}

#[test]
fn brewery_barracks_and_machine_shops_allow_one_more_each() {
    let mut g = position(2, Phase::Dig);
    assert_eq!(
        (
            g.digs_allowed(Seat(0)),
            g.fights_allowed(Seat(0)),
            g.builds_allowed(Seat(0))
        ),
        (1, 1, 1)
    );
    give_room(&mut g, W::Brewery, Seat(0), at(0, 0));
    give_room(&mut g, W::Barracks, Seat(0), at(0, 1));
    give_room(&mut g, W::MachineShops, Seat(0), at(0, 2));
    assert_eq!(
        (
            g.digs_allowed(Seat(0)),
            g.fights_allowed(Seat(0)),
            g.builds_allowed(Seat(0))
        ),
        (2, 2, 2)
    );
    // In play: two digs with the Brewery.
    g.set_space(at(2, 3), Space::Open(T::Soil));
    g.set_space(at(2, 4), Space::Open(T::Soil));
    g.set_hand(Seat(0), &[W::DwarfMiners, W::DwarfMiners]);
    g.set_gold(Seat(0), 5);
    for p in [at(2, 3), at(2, 4)] {
        play(&mut g, A::Target(p));
        play(&mut g, A::AddTile(W::DwarfMiners));
        play(&mut g, A::Commit);
    }
    assert_eq!(g.owner(at(2, 4)), Some(Seat(0)));
    assert_eq!(seat(&g), Seat(1));
}

#[test]
fn heroes_tombs_makes_vt_one_gold_cheaper() {
    let mut g = position(2, Phase::Event);
    give_room(&mut g, W::HeroesTombs, Seat(0), at(0, 0));
    g.set_gold(Seat(0), 10);
    assert_eq!(g.vt_price(Seat(0)), 1);
    assert_eq!(g.vt_price(Seat(1)), 2);
    play(&mut g, A::BuyVt);
    assert_eq!(g.gold(Seat(0)), 9);
    play(&mut g, A::BuyVt);
    assert_eq!(g.gold(Seat(0)), 7, "second VT: 3 - 1");
    assert_eq!(g.vt(Seat(0)), 2);
}

#[test]
fn feasting_hall_makes_extra_draws_one_gold_cheaper() {
    let mut g = position(2, Phase::Work);
    give_room(&mut g, W::FeastingHall, Seat(0), at(0, 0));
    g.set_gold(Seat(0), 10);
    g.set_gold(Seat(1), 10);
    g.settle();
    chance(&mut g);
    play(&mut g, A::BuyDraw);
    chance(&mut g);
    assert_eq!(g.gold(Seat(0)), 6);
    assert_eq!(g.hand(Seat(0)).len(), 2);
    play(&mut g, A::Pass);
    chance(&mut g);
    play(&mut g, A::BuyDraw);
    chance(&mut g);
    assert_eq!(g.gold(Seat(1)), 5);
}

#[test]
fn cistern_makes_digs_and_builds_one_gold_cheaper() {
    let mut g = position(2, Phase::Dig);
    give_room(&mut g, W::Cistern, Seat(0), at(0, 0));
    g.set_space(at(2, 3), Space::Open(T::Soil));
    assert_eq!(g.claim_cost(Seat(0), at(2, 3), 2, false), 1);
    assert_eq!(g.claim_cost(Seat(1), at(2, 3), 2, false), 2);
    assert_eq!(
        g.claim_cost(Seat(0), at(2, 3), 2, true),
        2,
        "fights are not cheaper"
    );
    g.set_space(at(1, 1), claimed(Seat(0), T::Rock));
    assert_eq!(g.build_cost(Seat(0), W::Armory, at(1, 1)), 6);
    assert_eq!(g.build_cost(Seat(1), W::Armory, at(1, 1)), 7);
}

#[test]
fn trading_post_draws_two_and_discards_two_at_the_start_of_trade() {
    let mut g = position(2, Phase::TradingPost);
    give_room(&mut g, W::TradingPost, Seat(1), at(0, 0));
    g.set_hand(Seat(1), &[W::Hammers]);
    g.set_draw_pile(&[W::BigDig, W::BigDrill]);
    g.settle();
    chance(&mut g);
    assert_eq!(seat(&g), Seat(1));
    assert_eq!(g.hand(Seat(1)), &[W::Hammers, W::BigDrill, W::BigDig]);
    play(&mut g, A::Discard(W::Hammers));
    play(&mut g, A::Discard(W::BigDrill));
    assert_eq!(g.hand(Seat(1)), &[W::BigDig]);
    assert_eq!(g.phase(), Phase::Trade);
}

#[test]
fn store_rooms_raise_the_hand_limit_by_two() {
    let mut g = position(2, Phase::End);
    give_room(&mut g, W::StoreRooms, Seat(0), at(0, 0));
    let nine = [W::PicksAndShovels; 9];
    g.set_hand(Seat(0), &nine);
    g.set_hand(Seat(1), &[W::TunnelsAndShafts; 6][..]);
    let mut eight = [W::Hammers; 1].to_vec();
    eight.extend([W::TunnelsAndShafts; 6]);
    eight.push(W::BigDig);
    g.set_hand(Seat(1), &eight);
    assert_eq!(g.hand_limit(Seat(0)), 9);
    assert_eq!(g.hand_limit(Seat(1)), 7);
    g.settle();
    // Seat 0 keeps 9; seat 1 must discard one.
    assert_eq!(seat(&g), Seat(1));
    play(&mut g, A::Discard(W::BigDig));
    assert_eq!(g.phase(), Phase::Leader);
    assert_eq!(g.hand(Seat(0)).len(), 9);
    assert_eq!(g.hand(Seat(1)).len(), 7);
}

#[test]
fn hall_of_records_puts_four_markers_on_the_hold_once() {
    let mut g = position(2, Phase::Build);
    g.set_space(at(1, 1), claimed(Seat(0), T::Soil));
    g.set_hand(Seat(0), &[W::HallOfRecords]);
    g.set_gold(Seat(0), 3);
    play(&mut g, A::Build(W::HallOfRecords, at(1, 1)));
    assert_eq!(g.hold_markers(Seat(0)), 5);
    assert_eq!(g.vt(Seat(0)), 3);
    assert_eq!(g.gold(Seat(0)), 0);
    pass_until(&mut g, Phase::Leader);
    pass_until(&mut g, Phase::Build);
    assert_eq!(g.hold_markers(Seat(0)), 5, "one-time effect");
}

#[test]
fn trophy_room_and_great_hoard_pay_on_lairs_and_mines() {
    let mut g = position(2, Phase::Dig);
    give_room(&mut g, W::TrophyRoom, Seat(0), at(0, 0));
    give_room(&mut g, W::GreatHoard, Seat(0), at(0, 1));
    g.set_space(at(2, 3), Space::Open(T::Copper));
    g.set_space(at(2, 4), Space::Open(T::Kobolds));
    g.set_hand(Seat(0), &[W::BigDrill, W::Champion, W::Sentries]);
    g.set_gold(Seat(0), 10);
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::BigDrill));
    play(&mut g, A::Commit);
    assert_eq!(g.vt(Seat(0)), 4 + 2);
    pass_until(&mut g, Phase::Fight);
    play(&mut g, A::Target(at(2, 4)));
    play(&mut g, A::AddTile(W::Sentries)); // 2 + 4 vs Kobolds = 6
    play(&mut g, A::Commit);
    assert_eq!(g.vt(Seat(0)), 6 + 6 + 2);
}

#[test]
fn great_gate_alone_may_be_built_next_to_an_uncleared_lair() {
    let mut g = position(2, Phase::Build);
    g.set_space(at(1, 1), claimed(Seat(0), T::Soil));
    g.set_space(at(1, 2), Space::Open(T::Ogres));
    g.set_hand(Seat(0), &[W::GreatGate, W::Armory]);
    g.set_gold(Seat(0), 20);
    let e = refuse(&mut g, A::Build(W::Armory, at(1, 1)));
    assert!(e.to_string().contains("uncleared lairs"), "{e}");
    play(&mut g, A::Build(W::GreatGate, at(1, 1)));
    assert_eq!(g.vt(Seat(0)), 9);
}

#[test]
fn secret_passage_shows_one_hand_to_its_owner_only() {
    let mut g = position(3, Phase::Event);
    give_room(&mut g, W::SecretPassage, Seat(0), at(0, 0));
    g.set_hand(Seat(2), &[W::Champion, W::Greybeards]);
    refuse(&mut g, A::LookAtHand(Seat(0)));
    play(&mut g, A::LookAtHand(Seat(2)));
    let mine = g.observe(Viewer::Seat(Seat(0)));
    let look = mine.look.expect("seat 0 looked");
    assert_eq!(look.target, Seat(2));
    assert_eq!(look.hand, vec![W::Greybeards, W::Champion]);
    assert!(g.observe(Viewer::Seat(Seat(1))).look.is_none());
    assert!(g.observe(Viewer::Spectator).look.is_none());
    assert!(g.observe(Viewer::Seat(Seat(2))).look.is_none());
    // Once per Event phase.
    refuse(&mut g, A::LookAtHand(Seat(1)));
    // Without the room, no look.
    play(&mut g, A::Pass);
    refuse(&mut g, A::LookAtHand(Seat(0)));
    let _ = HoldOptions::default();
}

#[test]
fn transformed_lairs_do_not_block_building() {
    // A lair the Pit Fiend made a fire pit, or the Beholder made Soil, is no longer a lair:
    // a room may be built next to it (but not next to the Pit Fiend or Beholder themselves).
    let mut g = position(2, Phase::Build);
    g.set_space(at(0, 0), claimed(Seat(0), T::Soil));
    g.set_space(at(0, 1), Space::Open(T::Ogres));
    g.set_space(at(0, 2), Space::Open(T::PitFiend));
    g.set_space(at(1, 0), Space::Open(T::Drow));
    g.set_space(at(2, 0), Space::Open(T::Beholder));
    g.set_hand(Seat(0), &[W::Armory]);
    g.set_gold(Seat(0), 20);
    assert!(g.tile_view(at(0, 1)).unwrap().fire_pit);
    assert_eq!(g.tile_view(at(1, 0)).unwrap().face, T::Soil);
    play(&mut g, A::Build(W::Armory, at(0, 0)));
    assert_eq!(g.owner(at(0, 0)), Some(Seat(0)));
    // Once the Pit Fiend is gone the Ogres are a lair again and block building.
    let mut h = position(2, Phase::Build);
    h.set_space(at(0, 0), claimed(Seat(0), T::Soil));
    h.set_space(at(0, 1), Space::Open(T::Ogres));
    h.set_space(at(0, 2), Space::Cleared { owner: Seat(1) });
    h.set_hand(Seat(0), &[W::Armory]);
    h.set_gold(Seat(0), 20);
    let e = refuse(&mut h, A::Build(W::Armory, at(0, 0)));
    assert!(e.to_string().contains("uncleared lairs"), "{e}");
}

#[test]
fn trading_post_with_nothing_to_draw_discards_only_what_the_hand_holds() {
    let mut g = position(2, Phase::TradingPost);
    give_room(&mut g, W::TradingPost, Seat(1), at(0, 0));
    // Every work tile is in a hand (seat 0 holds all but the one Hammers, which seat 1 holds;
    // the test position's room on the board is an extra copy).
    let rest: Vec<W> = W::ALL
        .iter()
        .flat_map(|t| std::iter::repeat_n(*t, t.data().copies as usize))
        .filter(|t| *t != W::Hammers)
        .collect();
    g.set_hand(Seat(0), &rest);
    g.set_hand(Seat(1), &[W::Hammers]);
    assert_eq!(g.draw_pile_len(), 0);
    assert!(g.discard_pile().is_empty());
    g.settle();
    // No chance point: nothing can be drawn; one discard empties the hand.
    assert_eq!(seat(&g), Seat(1));
    play(&mut g, A::Discard(W::Hammers));
    assert!(g.hand(Seat(1)).is_empty());
    assert_eq!(g.phase(), Phase::Trade);
}
