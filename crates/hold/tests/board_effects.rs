//! Lair, impassable and mine effects, and the "+N vs X" bonuses of action tiles.
//!
//! The test board is all Soil outside the hold (plus a Copper at h1 and the Dragon at h8), so
//! every neighbour not set explicitly is an unclaimed Soil (an earth tile).

mod common;
use common::*;
use dwarfs_engine::Seat;
use dwarfs_hold::{
    BoardKind, BoardTile as T, Hold, HoldAction as A, Leader as L, Phase, Pos, Space, WorkTile as W,
};

fn value(g: &Hold, p: Pos) -> u8 {
    g.tile_view(p).expect("a tile").value
}

fn open(g: &mut Hold, p: Pos, t: T) {
    g.set_space(p, Space::Open(t));
}

fn claimed(g: &mut Hold, p: Pos, t: T, owner: Seat) {
    g.set_space(
        p,
        Space::Claimed {
            tile: t,
            as_tile: t,
            owner,
        },
    );
}

#[test]
fn printed_values_without_neighbour_effects() {
    let mut g = position(2, Phase::Dig);
    for (t, v) in [
        (T::Soil, 1),
        (T::Rock, 2),
        (T::Stone, 3),
        (T::Gold, 8),
        (T::Jewels, 12),
    ] {
        open(&mut g, at(0, 0), t);
        assert_eq!(value(&g, at(0, 0)), v, "{t:?}");
    }
}

#[test]
fn troglodytes_gain_two_per_adjacent_rock_claimed_or_not() {
    let mut g = position(2, Phase::Fight);
    open(&mut g, at(0, 1), T::Troglodytes);
    open(&mut g, at(0, 0), T::Rock);
    claimed(&mut g, at(0, 2), T::Rock, Seat(0));
    assert_eq!(value(&g, at(0, 1)), 7 + 4);
}

#[test]
fn giant_spiders_mind_flayers_and_bottomless_pit_raise_adjacent_lairs() {
    let mut g = position(2, Phase::Fight);
    open(&mut g, at(1, 1), T::Gythanki);
    open(&mut g, at(0, 1), T::GiantSpiders);
    assert_eq!(value(&g, at(1, 1)), 9 + 1);
    open(&mut g, at(1, 0), T::MindFlayers);
    assert_eq!(value(&g, at(1, 1)), 9 + 1 + 2);
    open(&mut g, at(1, 2), T::BottomlessPit);
    assert_eq!(value(&g, at(1, 1)), 9 + 1 + 2 + 1);
    // Earth next to them is unaffected.
    assert_eq!(value(&g, at(2, 1)), 1);
}

#[test]
fn drow_gain_two_per_adjacent_lair_and_lower_adjacent_lairs() {
    let mut g = position(2, Phase::Fight);
    open(&mut g, at(0, 1), T::Drow);
    open(&mut g, at(0, 0), T::Gythanki);
    open(&mut g, at(0, 2), T::Kobolds);
    assert_eq!(value(&g, at(0, 1)), 9 + 2 * 2);
    assert_eq!(value(&g, at(0, 0)), 9 - 1);
    assert_eq!(value(&g, at(0, 2)), 6 - 1);
}

#[test]
fn ogres_cave_trolls_earth_giants_and_demon_horde_count_neighbours() {
    let mut g = position(2, Phase::Fight);
    // Ogres at b1: neighbours a1, c1, b2.
    open(&mut g, at(0, 1), T::Ogres);
    open(&mut g, at(0, 0), T::Gythanki);
    assert_eq!(value(&g, at(0, 1)), 10 + 1);
    // Cave Trolls: +1 per adjacent vein (a mine counts too).
    open(&mut g, at(6, 1), T::CaveTrolls);
    open(&mut g, at(6, 0), T::Tin);
    claimed(&mut g, at(6, 2), T::Silver, Seat(1));
    assert_eq!(value(&g, at(6, 1)), 11 + 2);
    // Earth Giants: +1 per adjacent earth tile (g1 and f2 are Soil; e1 is impassable).
    open(&mut g, at(0, 5), T::EarthGiants);
    open(&mut g, at(0, 4), T::OilShale);
    assert_eq!(value(&g, at(0, 5)), 12 + 2);
    // Demon Horde: +1 per adjacent impassable.
    open(&mut g, at(3, 0), T::DemonHorde);
    open(&mut g, at(2, 0), T::MagmaSeep);
    open(&mut g, at(4, 0), T::LavaTubes);
    assert_eq!(value(&g, at(3, 0)), 13 + 2);
}

#[test]
fn admantium_boulder_and_lava_tubes_raise_adjacent_earth_and_veins() {
    let mut g = position(2, Phase::Dig);
    open(&mut g, at(0, 1), T::AdmantiumBoulder);
    assert_eq!(value(&g, at(0, 0)), 1 + 2);
    open(&mut g, at(5, 1), T::LavaTubes);
    open(&mut g, at(5, 0), T::Platinum);
    assert_eq!(value(&g, at(5, 0)), 9 + 1);
    assert_eq!(
        value(&g, at(5, 2)),
        1,
        "earth is not affected by the Lava Tubes"
    );
}

#[test]
fn xorn_turns_adjacent_veins_into_rock_until_cleared() {
    let mut g = position(2, Phase::Dig);
    open(&mut g, at(2, 2), T::Xorn);
    open(&mut g, at(2, 3), T::Jewels); // next to the hold
    let v = g.tile_view(at(2, 3)).unwrap();
    assert_eq!((v.face, v.kind, v.value), (T::Rock, BoardKind::Earth, 2));
    g.set_hand(Seat(0), &[W::PicksAndShovels]);
    g.set_gold(Seat(0), 5);
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::PicksAndShovels));
    play(&mut g, A::Commit);
    assert_eq!(g.vt(Seat(0)), 2);
    assert_eq!(g.mines_of(Seat(0)).count(), 0, "dug as Rock: not a mine");
    // Claimed as Rock it stays Rock, and a room may be built on it.
    assert_eq!(g.tile_view(at(2, 3)).unwrap().face, T::Rock);
    // With the Xorn gone, an unclaimed vein is a vein again.
    let mut h = position(2, Phase::Dig);
    open(&mut h, at(2, 3), T::Jewels);
    assert_eq!(h.tile_view(at(2, 3)).unwrap().face, T::Jewels);
}

#[test]
fn stone_giants_turn_adjacent_earth_into_stone() {
    let mut g = position(2, Phase::Dig);
    open(&mut g, at(1, 3), T::StoneGiants);
    let v = g.tile_view(at(2, 3)).unwrap();
    assert_eq!((v.face, v.value), (T::Stone, 3));
    assert_eq!(g.tile_view(at(2, 2)).unwrap().face, T::Soil);
}

#[test]
fn beholder_turns_adjacent_lairs_into_soil_that_is_dug() {
    let mut g = position(2, Phase::Dig);
    open(&mut g, at(1, 3), T::Beholder);
    open(&mut g, at(2, 3), T::Dragon);
    let v = g.tile_view(at(2, 3)).unwrap();
    assert_eq!(
        (v.face, v.kind, v.value, v.must_fight),
        (T::Soil, BoardKind::Earth, 1, false)
    );
    g.set_hand(Seat(0), &[W::DwarfMiners]);
    g.set_gold(Seat(0), 5);
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::DwarfMiners));
    play(&mut g, A::Commit);
    assert_eq!(g.vt(Seat(0)), 1);
    assert!(g.trophies(Seat(0)).is_empty(), "dug as Soil, not cleared");
}

#[test]
fn pit_fiend_turns_adjacent_lairs_into_impassable_fire_pits() {
    let mut g = position(2, Phase::Fight);
    open(&mut g, at(1, 3), T::PitFiend);
    open(&mut g, at(2, 3), T::Gythanki);
    open(&mut g, at(1, 2), T::Beholder); // a fire pit: its own effect stops
    let v = g.tile_view(at(2, 3)).unwrap();
    assert!(v.fire_pit);
    assert_eq!(v.kind, BoardKind::Impassable);
    assert_eq!(g.tile_view(at(1, 3)).unwrap().kind, BoardKind::Lair);
    g.set_gold(Seat(0), 10);
    let e = refuse(&mut g, A::Target(at(2, 3)));
    assert!(e.to_string().contains("impassable"), "{e}");
    // The Demon Horde counts fire pits as impassable.
    open(&mut g, at(2, 2), T::DemonHorde);
    assert_eq!(value(&g, at(2, 2)), 13 + 2);
}

#[test]
fn must_fight_lairs_guard_adjacent_tiles() {
    for (lair, guarded) in [
        (T::Kobolds, T::Soil),
        (T::GoblinTribes, T::Rock),
        (T::OrcArmy, T::Stone),
        (T::ChaosDwarves, T::Copper),
    ] {
        let mut g = position(2, Phase::Dig);
        open(&mut g, at(1, 3), lair);
        open(&mut g, at(2, 3), guarded);
        open(
            &mut g,
            at(2, 2),
            if guarded == T::Soil { T::Rock } else { T::Soil },
        );
        assert!(g.tile_view(at(2, 3)).unwrap().must_fight, "{lair:?}");
        assert!(!g.tile_view(at(2, 2)).unwrap().must_fight, "{lair:?}");
        g.set_hand(Seat(0), &[W::Hammers, W::BigDig]);
        g.set_gold(Seat(0), 10);
        let e = refuse(&mut g, A::Target(at(2, 3)));
        assert!(e.to_string().contains("must be fought"), "{e}");
        pass_until(&mut g, Phase::Fight);
        // Dig-only tiles do not fight; Hammers fight 2.
        play(&mut g, A::Target(at(2, 3)));
        refuse(&mut g, A::AddTile(W::BigDig));
        let need = g.tile_view(at(2, 3)).unwrap().value;
        play(&mut g, A::AddTile(W::Hammers));
        if need <= 2 {
            play(&mut g, A::Commit);
            assert_eq!(g.owner(at(2, 3)), Some(Seat(0)), "{lair:?}");
            assert!(g.trophies(Seat(0)).is_empty());
        } else {
            let e = refuse(&mut g, A::Commit);
            assert!(e.to_string().contains("points"), "{e}");
        }
    }
}

#[test]
fn gythanki_and_dragon_give_gold_when_cleared() {
    for (lair, gold, tiles) in [
        (T::Gythanki, 10, vec![W::Warriors]),
        (T::Dragon, 20, vec![W::Champion]),
    ] {
        let mut g = position(2, Phase::Fight);
        open(&mut g, at(2, 3), lair);
        g.set_hand(Seat(0), &tiles);
        g.set_gold(Seat(0), 1);
        play(&mut g, A::Target(at(2, 3)));
        play(&mut g, A::AddTile(tiles[0]));
        play(&mut g, A::Commit);
        assert_eq!(g.gold(Seat(0)), gold, "{lair:?}");
        assert_eq!(g.trophies(Seat(0)), &[lair]);
        assert_eq!(g.space(at(2, 3)), Some(Space::Cleared { owner: Seat(0) }));
    }
}

#[test]
fn impassables_give_five_vt_for_their_room_built_adjacent() {
    for (imp, room, other) in [
        (T::OilShale, W::MachineShops, W::Brewery),
        (T::UndergroundRiver, W::Cistern, W::CouncilHall),
        (T::MagmaSeep, W::GreatForge, W::GreatHall),
    ] {
        let value = |w: W| w.room().unwrap().0 as u32;
        let mut g = position(2, Phase::Build);
        g.set_leaders(&[L::DwarfLord, L::MasterBuilder]);
        open(&mut g, at(0, 1), imp);
        claimed(&mut g, at(0, 0), T::Soil, Seat(0));
        claimed(&mut g, at(1, 1), T::Soil, Seat(0));
        g.set_hand(Seat(0), &[room]);
        g.set_gold(Seat(0), 50);
        let mut h = g.clone();
        play(&mut g, A::Build(room, at(0, 0)));
        assert_eq!(g.vt(Seat(0)), value(room) + 5, "{imp:?}");
        h.set_hand(Seat(0), &[other]);
        play(&mut h, A::Build(other, at(1, 1)));
        assert_eq!(h.vt(Seat(0)), value(other), "{imp:?} with another room");
    }
}

#[test]
fn mines_pay_income_and_iron_and_mithril_add_points() {
    let mut g = position(2, Phase::Gold);
    g.set_leaders(&[L::DwarfLord, L::ClanElder]);
    let mines = [
        (T::Copper, 1, 0),
        (T::Tin, 1, 0),
        (T::Silver, 2, 0),
        (T::Gold, 2, 0),
        (T::Platinum, 2, 0),
        (T::Gems, 1, 1),
        (T::Jewels, 1, 1),
        (T::Iron, 0, 0),
        (T::Mithril, 0, 0),
    ];
    for (i, (t, _, _)) in mines.iter().enumerate() {
        let p = if i < 7 {
            at(0, i as u8)
        } else {
            at(1, i as u8 - 7)
        };
        claimed(&mut g, p, *t, Seat(0));
    }
    assert_eq!(g.mines_of(Seat(0)).count(), 9);
    let gold: u32 = mines.iter().map(|m| m.1).sum();
    let vt: u32 = mines.iter().map(|m| m.2).sum();
    g.set_draw_pile(&[]);
    g.settle();
    assert_eq!(g.gold(Seat(0)), 10 + gold);
    assert_eq!(g.vt(Seat(0)), vt);
    assert_eq!(g.gold(Seat(1)), 10);
    assert_eq!(g.dig_points(Seat(0), W::PicksAndShovels), 3, "Iron");
    assert_eq!(g.fight_points(Seat(0), W::Hammers, T::Ogres), 3, "Mithril");
}

#[test]
fn action_tiles_get_their_bonus_only_against_their_lair() {
    let g = position(2, Phase::Fight);
    let s = Seat(0);
    let cases = [
        (W::Champion, T::Dragon, 15),
        (W::RuneMaster, T::Beholder, 13),
        (W::BattleMage, T::DemonHorde, 13),
        (W::EarthPriest, T::PitFiend, 14),
        (W::Clansmen, T::OrcArmy, 7),
        (W::GiantSlayer, T::StoneGiants, 12),
        (W::GiantSlayer, T::EarthGiants, 12),
        (W::FlameThrower, T::CaveTrolls, 11),
        (W::Warriors, T::Gythanki, 9),
        (W::Berserkers, T::MindFlayers, 11),
        (W::ShieldBearers, T::Drow, 9),
        (W::Sentries, T::Kobolds, 6),
        (W::Gunners, T::ChaosDwarves, 8),
        (W::Crossbows, T::GiantSpiders, 7),
        (W::SwordAndAxes, T::GoblinTribes, 6),
        (W::TunnelFighters, T::Troglodytes, 7),
        (W::PikesAndHalberds, T::Ogres, 10),
        (W::DemolitionTeam, T::Xorn, 10),
    ];
    for (tile, lair, total) in cases {
        assert_eq!(g.fight_points(s, tile, lair), total, "{tile:?} vs {lair:?}");
        let base = tile.action().unwrap().fight as u16;
        let elsewhere = if lair == T::Dragon {
            T::Ogres
        } else {
            T::Dragon
        };
        assert_eq!(g.fight_points(s, tile, elsewhere), base, "{tile:?}");
    }
    // "D or F" tiles dig with D and fight with F.
    assert_eq!(g.dig_points(s, W::Clansmen), 2);
    assert_eq!(g.dig_points(s, W::DemolitionTeam), 4);
    assert_eq!(g.dig_points(s, W::Champion), 0);
    assert_eq!(g.fight_points(s, W::PicksAndShovels, T::Ogres), 0);
}

#[test]
fn bonus_vs_a_lair_is_lost_when_the_lair_is_no_longer_itself() {
    // Kobolds next to the Beholder are Soil, next to the Stone Giants that Soil is Stone, and
    // the Orc Army guards Stone: the tile at c3 is fought for as a Stone (3), not as Kobolds.
    let mut g = position(2, Phase::Fight);
    open(&mut g, at(2, 3), T::Kobolds);
    open(&mut g, at(1, 3), T::Beholder);
    open(&mut g, at(2, 2), T::StoneGiants);
    open(&mut g, at(2, 4), T::OrcArmy);
    let v = g.tile_view(at(2, 3)).unwrap();
    assert_eq!(
        (v.printed, v.face, v.value, v.must_fight),
        (T::Kobolds, T::Stone, 3, true)
    );
    g.set_hand(Seat(0), &[W::Sentries, W::DwarfMiners]);
    g.set_gold(Seat(0), 10);
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::Sentries));
    // Sentries fight 2; their +4 is against Kobolds, and there are none here.
    let e = refuse(&mut g, A::Commit);
    assert!(e.to_string().contains("points"), "{e}");
    play(&mut g, A::AddTile(W::DwarfMiners));
    play(&mut g, A::Commit);
    assert_eq!(g.vt(Seat(0)), 3);
    assert!(g.trophies(Seat(0)).is_empty(), "won as Stone, not cleared");
    // A real Kobolds lair still gives the Sentries their bonus.
    let mut k = position(2, Phase::Fight);
    open(&mut k, at(2, 3), T::Kobolds);
    k.set_hand(Seat(0), &[W::Sentries]);
    k.set_gold(Seat(0), 10);
    play(&mut k, A::Target(at(2, 3)));
    play(&mut k, A::AddTile(W::Sentries));
    play(&mut k, A::Commit);
    assert_eq!(k.trophies(Seat(0)), &[T::Kobolds]);
}
