//! Phase 1, Enemy invasion: refresh, monsters attack (order chosen by the first player, one
//! step closer then the ability), reinforcements with on-spawn abilities, the disaster reveal,
//! and the Legendary! monsters and snowball effect.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_winter::data::MonsterType as T;
use dwarfs_winter::{
    DwarfKind, Instrument, Stage, Winter, WinterAction, WinterError, WinterEvent, WinterOptions,
};

/// A position at the end of a week's Actions phase, so that the next week starts when the
/// last seat ends its turn.
fn before_week(players: u8, options: WinterOptions) -> Winter {
    Winter::test_position(options, players)
}

#[test]
fn the_week_begins_by_refreshing_tracks_and_music_tokens() {
    let mut g = position(2);
    g.player_mut(Seat(1)).actions = 3;
    g.player_mut(Seat(1)).hand_size = 5;
    g.player_mut(Seat(0)).tokens = 0;
    g.begin_week_now();
    for s in [Seat(0), Seat(1)] {
        let p = g.player(s);
        assert_eq!((p.actions, p.hand_size, p.tokens), (5, 7, 1));
    }
    assert_eq!(g.board().music_hall, [None; 4]);
}

#[test]
fn each_monster_moves_one_zone_closer_to_the_castle() {
    let mut g = position(2);
    let m = monster(T::Harpy);
    g.put_monster(m, mine(1));
    let ev = g.begin_week_now();
    assert!(ev.contains(&WinterEvent::MonsterMoved(m, mine(1), field(1))));
    assert_eq!(g.monsters().collect::<Vec<_>>(), vec![(m, field(1))]);
    g.begin_week_now();
    assert_eq!(g.monsters().next().unwrap().1, wall(1));
    g.begin_week_now();
    assert_eq!(g.monsters().next().unwrap().1, CASTLE);
    g.begin_week_now();
    assert_eq!(
        g.monsters().next().unwrap().1,
        CASTLE,
        "a monster in the castle stays"
    );
}

#[test]
fn the_first_player_chooses_the_order_in_which_monsters_attack() {
    let mut g = position(3);
    g.set_week(2, Seat(2));
    let a = monster(T::Harpy);
    let b = monster(T::WolfPack);
    g.put_monster(a, mine(1));
    g.put_monster(b, forest(2));
    g.begin_week_now();
    assert_eq!(g.stage(), Stage::Attack);
    assert_eq!(g.to_act(), Actor::Seat(Seat(2)));
    let mut legal = g.legal_actions_vec();
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![WinterAction::Attack(a), WinterAction::Attack(b)];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, want);
    play(&mut g, WinterAction::Attack(b));
    // The last monster attacks by itself; then the reinforcements come.
    assert_eq!(g.stage(), Stage::Reinforce);
    assert!(g.monsters().any(|m| m == (a, field(1))));
    assert!(g.monsters().any(|m| m == (b, field(2))));
}

#[test]
fn frost_giant_costs_each_near_player_one_action_once_and_never_below_3() {
    let mut g = position(3);
    let m = monster(T::FrostGiant);
    g.put_monster(m, forest(1)); // moves to Field 1
    put(&mut g, Seat(0), DwarfKind::Worker, field(1), 2); // in its zone, twice
    put(&mut g, Seat(1), DwarfKind::Worker, wall(1), 1); // adjacent to Field 1
    put(&mut g, Seat(2), DwarfKind::Worker, mine(3), 1); // far away
    g.begin_week_now();
    assert_eq!(g.player(Seat(0)).actions, 4, "abilities do not stack");
    assert_eq!(g.player(Seat(1)).actions, 4);
    assert_eq!(g.player(Seat(2)).actions, 5);
    // Both Frost Giants: 5 - 1 - 1 = 3, the floor, reached but not passed.
    let mut g2 = position(1);
    g2.put_monster(m, field(1));
    g2.put_monster(monster2(T::FrostGiant), field(1));
    put(&mut g2, Seat(0), DwarfKind::Worker, wall(1), 1);
    g2.begin_week_now();
    while g2.stage() == Stage::Attack {
        let a = g2.legal_actions_vec()[0];
        play(&mut g2, a);
    }
    assert_eq!(g2.player(Seat(0)).actions, 3, "5 - 1 - 1 = 3");
}

/// The floors cannot be passed in play (two Frost Giants take a track of 5 down to 3, two
/// Banshees a hand of 7 down to 5), so the guard is tested on a built position: a track already
/// at its floor when the attacks begin.
#[test]
fn a_track_already_at_its_floor_does_not_go_lower() {
    let mut g = position(1);
    g.put_monster(monster(T::FrostGiant), field(1));
    g.put_monster(monster(T::Banshee), field(1));
    put(&mut g, Seat(0), DwarfKind::Worker, wall(1), 1);
    g.begin_week_now();
    assert_eq!(
        g.stage(),
        Stage::Attack,
        "two monsters: the order is a decision"
    );
    // Built: the tracks at their floors before either attack.
    g.player_mut(Seat(0)).actions = 3;
    g.player_mut(Seat(0)).hand_size = 5;
    let ev = play(&mut g, WinterAction::Attack(monster(T::FrostGiant)));
    assert_eq!(
        g.stage(),
        Stage::Reinforce,
        "the Banshee attacked by itself"
    );
    let p = g.player(Seat(0));
    assert_eq!((p.actions, p.hand_size), (3, 5));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, WinterEvent::MonsterHit { .. })),
        "nothing was taken: {ev:?}"
    );
}

#[test]
fn banshee_reduces_hand_size_to_5_at_most() {
    let mut g = position(1);
    g.put_monster(monster(T::Banshee), wall(1));
    g.put_monster(monster2(T::Banshee), wall(1));
    put(&mut g, Seat(0), DwarfKind::Worker, CASTLE, 1);
    for _ in 0..2 {
        g.begin_week_now();
        while g.stage() == Stage::Attack {
            let a = g.legal_actions_vec()[0];
            play(&mut g, a);
        }
    }
    assert_eq!(g.player(Seat(0)).hand_size, 5);
}

#[test]
fn a_loss_of_food_wood_or_stone_that_cannot_be_paid_is_paid_in_gold() {
    let mut g = position(3);
    g.put_monster(monster(T::ForestTroll), forest(1)); // -> Field 1
    for s in Seat::all(3) {
        put(&mut g, s, DwarfKind::Worker, field(1), 1);
    }
    g.player_mut(Seat(1)).resources = [2, 2, 2, 0]; // no wood: pays gold
    g.player_mut(Seat(2)).resources = [0, 2, 2, 0]; // nothing to pay with
    g.begin_week_now();
    assert_eq!(g.player(Seat(0)).resources, [2, 2, 2, 1]);
    assert_eq!(g.player(Seat(1)).resources, [1, 2, 2, 0]);
    assert_eq!(g.player(Seat(2)).resources, [0, 2, 2, 0]);
}

#[test]
fn wolf_pack_takes_food() {
    let mut g = position(1);
    g.put_monster(monster(T::WolfPack), forest(2)); // -> Field 2
    put(&mut g, Seat(0), DwarfKind::Worker, field(3), 1); // adjacent to Field 2
    g.begin_week_now();
    assert_eq!(g.player(Seat(0)).resources, [4, 3, 4, 4]);
}

#[test]
fn yeti_sends_one_dwarf_of_each_player_in_its_zone_home() {
    let mut g = position(2);
    g.put_monster(monster(T::Yeti), mine(2)); // -> Field 2
    put(&mut g, Seat(0), DwarfKind::Worker, field(2), 2);
    put(&mut g, Seat(1), DwarfKind::Worker, field(2), 1);
    put(&mut g, Seat(1), DwarfKind::Worker, field(1), 1); // adjacent only: untouched
    g.begin_week_now();
    assert_eq!(g.player(Seat(0)).count(DwarfKind::Worker, field(2)), 1);
    assert_eq!(g.player(Seat(1)).count(DwarfKind::Worker, field(2)), 0);
    assert_eq!(g.player(Seat(1)).count(DwarfKind::Worker, field(1)), 1);
    assert_eq!(g.player(Seat(1)).dwarfs_home(), 6);
}

#[test]
fn ice_wyrm_moves_another_monster_chosen_by_the_first_player() {
    let mut g = position(2);
    let wyrm = monster(T::IceWyrm);
    let a = monster(T::Harpy);
    let b = monster(T::WolfPack);
    g.put_monster(wyrm, mine(1));
    g.put_monster(a, mine(3));
    g.put_monster(b, forest(4));
    g.begin_week_now();
    play(&mut g, WinterAction::Attack(wyrm));
    assert_eq!(g.stage(), Stage::Push { by: wyrm });
    let legal = g.legal_actions_vec();
    assert_eq!(legal.len(), 2);
    assert!(legal.contains(&WinterAction::Push(a)) && legal.contains(&WinterAction::Push(b)));
    refuse(&mut g, WinterAction::Push(wyrm));
    play(&mut g, WinterAction::Push(b));
    assert_eq!(g.stage(), Stage::Attack);
    let zones: Vec<_> = g.monsters().collect();
    assert!(
        zones.contains(&(b, field(4))),
        "moved once by the wyrm: {zones:?}"
    );
    // b still attacks itself this week.
    assert!(g.legal_actions_vec().contains(&WinterAction::Attack(b)));
    play(&mut g, WinterAction::Attack(b));
    assert!(g.monsters().any(|m| m == (b, wall(4))));
}

#[test]
fn the_ice_wyrms_push_is_a_move_only_the_pushed_monsters_ability_does_not_trigger() {
    let mut g = position(2);
    let wyrm = monster(T::IceWyrm);
    let yeti = monster(T::Yeti);
    g.put_monster(wyrm, mine(1));
    g.put_monster(yeti, mine(2));
    put(&mut g, Seat(0), DwarfKind::Worker, field(2), 1);
    g.begin_week_now();
    // The only other monster: pushed without a decision, into Field 2 where seat 0 stands,
    // then its own attack takes it on to Wall 2, where nobody stands.
    let ev = play(&mut g, WinterAction::Attack(wyrm));
    assert!(ev.contains(&WinterEvent::MonsterMoved(yeti, mine(2), field(2))));
    assert!(ev.contains(&WinterEvent::MonsterMoved(yeti, field(2), wall(2))));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, WinterEvent::MonsterHit { monster, .. } if *monster == yeti)),
        "the Yeti hit nobody: {ev:?}"
    );
    assert_eq!(g.player(Seat(0)).count(DwarfKind::Worker, field(2)), 1);
}

#[test]
fn a_harpy_silences_the_instrument_of_its_zone() {
    let mut g = position(2);
    g.put_monster(monster(T::Harpy), forest(1));
    assert!(
        !g.legal_actions_vec()
            .contains(&WinterAction::PlayMusic(Instrument::Drums))
    );
    let e = refuse(&mut g, WinterAction::PlayMusic(Instrument::Drums));
    assert!(matches!(e, WinterError::NoMusic(_)));
    assert!(
        g.legal_actions_vec()
            .contains(&WinterAction::PlayMusic(Instrument::Horn))
    );
}

#[test]
fn reinforcements_fill_the_board_to_2_3_or_4_monsters_at_their_spawning_zones() {
    for (players, target) in [(1u8, 2usize), (2, 3), (3, 4), (4, 4)] {
        let mut g = before_week(players, WinterOptions::default());
        g.put_monster(monster(T::Harpy), field(1));
        g.begin_week_now();
        assert_eq!(g.stage(), Stage::Reinforce);
        let ev = chance(&mut g);
        assert_eq!(g.monsters().count(), target, "{players} players");
        for e in &ev {
            if let WinterEvent::MonsterSpawned(m, z) = e {
                assert_eq!(*z, m.card().spawn);
                assert_eq!(z.distance(), 3, "spawns at the edge");
            }
        }
        if players == 1 {
            // Solitaire with the 7 starting heroes: the whole deck is the hand, no decision.
            assert_eq!(g.stage(), Stage::Turn);
        } else {
            assert_eq!(g.stage(), Stage::Prepare);
        }
    }
}

#[test]
fn an_ogre_king_reveals_an_extra_disaster_when_it_spawns() {
    let mut g = position(1);
    g.set_monster_pile(&[monster(T::OgreKing)]);
    g.begin_week_now();
    let ev = chance(&mut g);
    let revealed = ev
        .iter()
        .filter(|e| matches!(e, WinterEvent::DisasterRevealed(..)))
        .count();
    assert_eq!(revealed, 2, "the Ogre King's plus the week's: {ev:?}");
    assert_eq!(g.active_disasters(), 2);
    // Only one monster was left in the pile: the board holds 1 of 2.
    assert_eq!(g.monsters().count(), 1);
}

#[test]
fn one_disaster_a_week_and_two_on_weeks_3_5_and_7_in_nightmare() {
    for nightmare in [false, true] {
        for week in 1..=7u8 {
            let mut g = Winter::test_position(
                WinterOptions {
                    nightmare,
                    ..WinterOptions::default()
                },
                2,
            );
            g.set_monster_pile(&[]);
            g.set_week(week, Seat(0));
            g.begin_week_now();
            chance(&mut g);
            let expect = if nightmare && week % 2 == 1 && week > 1 {
                2
            } else {
                1
            };
            assert_eq!(
                g.active_disasters(),
                expect,
                "week {week}, nightmare {nightmare}"
            );
        }
    }
}

#[test]
fn frost_drake_charges_one_more_step_when_dwarfs_are_near() {
    let mut g = legendary(2);
    let d = monster(T::FrostDrake);
    g.put_monster(d, forest(1));
    g.begin_week_now();
    assert_eq!(
        g.monsters().next().unwrap().1,
        field(1),
        "no dwarf near: one step"
    );
    put(&mut g, Seat(1), DwarfKind::Worker, mine(4), 1); // nowhere near Wall 1
    put(&mut g, Seat(1), DwarfKind::Worker, CASTLE, 1); // adjacent to Wall 1
    g.begin_week_now();
    assert_eq!(
        g.monsters().next().unwrap().1,
        CASTLE,
        "Field 1 -> Wall 1, charges into the castle"
    );
}

#[test]
fn legendary_monsters_take_stone_gold_or_food_stone_and_wood() {
    let mut g = legendary(3);
    g.put_monster(monster(T::IceWraith), mine(1)); // -> Field 1
    put(&mut g, Seat(0), DwarfKind::Worker, field(1), 1);
    g.player_mut(Seat(0)).resources = [2, 1, 0, 1];
    g.begin_week_now();
    assert_eq!(
        g.player(Seat(0)).resources,
        [1, 0, 0, 0],
        "stone lacking: paid in gold"
    );

    let mut g = legendary(1);
    g.put_monster(monster(T::HoardDragon), forest(2));
    g.put_monster(monster(T::RockGolem), mine(2));
    put(&mut g, Seat(0), DwarfKind::Worker, field(2), 1);
    g.begin_week_now();
    while g.stage() == Stage::Attack {
        let a = g.legal_actions_vec()[0];
        play(&mut g, a);
    }
    assert_eq!(g.player(Seat(0)).resources, [3, 4, 3, 4]);
}

/// The disasters revealed, in order.
fn reveals(ev: &[WinterEvent]) -> Vec<dwarfs_winter::DisasterId> {
    ev.iter()
        .filter_map(|e| match e {
            WinterEvent::DisasterRevealed(d, _) => Some(*d),
            _ => None,
        })
        .collect()
}

/// A Legendary! 2-player week with no monster to come, `active` disasters on the board and
/// only `pile` left, resolved with entropy `e` at the reinforcements.
fn reveal_week(active: &[&str], pile: &[&str], e: u8) -> (Winter, Vec<WinterEvent>) {
    let mut g = legendary(2);
    g.set_monster_pile(&[]);
    for name in active {
        g.put_disaster(disaster(name));
    }
    g.set_disaster_pile(&pile.iter().map(|n| disaster(n)).collect::<Vec<_>>());
    g.begin_week_now();
    assert_eq!(g.stage(), Stage::Reinforce);
    let ev = g.resolve_chance([e; 32]).unwrap();
    (g, ev)
}

#[test]
fn snowball_a_disaster_revealed_on_a_disaster_brings_another_while_at_most_3_are_active() {
    let hail = disaster("Hailstorm"); // Field 1 (Legendary!), on the Frozen Harvest
    let sleet = disaster("Sleet"); // Field 3
    // The draw is forced by the entropy: with the Hailstorm drawn first it lands on the Frozen
    // Harvest (2 active) and brings the Sleet (3 active); with the Sleet first, nothing more.
    let mut seen = [false; 2];
    for e in 0..32 {
        let (g, ev) = reveal_week(&["Frozen Harvest"], &["Hailstorm", "Sleet"], e);
        let order = reveals(&ev);
        if order[0] == hail {
            seen[0] = true;
            assert_eq!(order, vec![hail, sleet], "the snowball draws the Sleet");
            assert_eq!(g.active_disasters(), 3);
        } else {
            seen[1] = true;
            assert_eq!(order, vec![sleet], "no shared zone, no snowball");
            assert_eq!(g.active_disasters(), 2);
        }
    }
    assert_eq!(
        seen,
        [true, true],
        "both draws happen among the entropies tried"
    );

    // Counted before the reveal: with 3 already active, the Hailstorm (the 4th) still brings
    // one more, 5 in all; with 4 already active, none.
    let mut hail_first = false;
    for e in 0..32 {
        let (g, ev) = reveal_week(
            &["Frozen Harvest", "Wildfire", "Cave-in"],
            &["Hailstorm", "Sleet"],
            e,
        );
        let order = reveals(&ev);
        if order[0] == hail {
            hail_first = true;
            assert_eq!(order, vec![hail, sleet]);
            assert_eq!(g.active_disasters(), 5);
        } else {
            assert_eq!(order, vec![sleet]);
            assert_eq!(g.active_disasters(), 4);
        }
    }
    assert!(hail_first);
    let mut hail_first = false;
    for e in 0..32 {
        let (g, ev) = reveal_week(
            &["Frozen Harvest", "Wildfire", "Cave-in", "Windfall"],
            &["Hailstorm", "Sleet"],
            e,
        );
        hail_first |= reveals(&ev)[0] == hail;
        assert_eq!(reveals(&ev).len(), 1, "no extra draw");
        assert_eq!(g.active_disasters(), 5);
    }
    assert!(hail_first);

    // Without Legendary! there is no snowball.
    let frozen = disaster("Frozen Harvest");
    for e in 0..8 {
        let mut g = position(2);
        g.set_monster_pile(&[]);
        g.put_disaster(frozen);
        g.set_disaster_pile(&[hail, sleet]);
        g.begin_week_now();
        g.resolve_chance([e; 32]).unwrap();
        assert_eq!(g.active_disasters(), 2);
    }
    // Only the Hailstorm in the pile: the snowball finds the pile empty and draws nothing.
    let (g, _) = reveal_week(&["Frozen Harvest"], &["Hailstorm"], 7);
    assert_eq!(g.active_disasters(), 2);
}

#[test]
fn a_snowballed_disaster_on_another_disaster_snowballs_again() {
    let hail = disaster("Hailstorm"); // Field 1, on the Frozen Harvest
    let barn = disaster("Flooded Barn"); // Field 3, on the Sleet
    let rot = disaster("Rot"); // Forest 4, alone
    // 2 active: the Hailstorm (on the Frozen Harvest, 2 before it) brings one more; when that
    // is the Flooded Barn (on the Sleet, 3 before it), it brings the Rot too: 5 active from one
    // reveal. The same the other way round; the Rot shares no zone and stops a chain.
    let mut chained = false;
    for e in 0..64 {
        let (g, ev) = reveal_week(
            &["Frozen Harvest", "Sleet"],
            &["Hailstorm", "Flooded Barn", "Rot"],
            e,
        );
        let order = reveals(&ev);
        if order.starts_with(&[hail, barn]) || order.starts_with(&[barn, hail]) {
            chained = true;
            assert_eq!(order.len(), 3, "{order:?}");
            assert_eq!(order[2], rot);
            assert_eq!(g.active_disasters(), 5);
        } else if order[0] == rot {
            assert_eq!(order, vec![rot], "the Rot shares no zone");
            assert_eq!(g.active_disasters(), 3);
        } else {
            assert_eq!(order[1..], [rot], "{order:?}");
            assert_eq!(g.active_disasters(), 4);
        }
    }
    assert!(chained, "the chain happens among the entropies tried");
}

#[test]
fn snowball_applies_to_the_ogre_kings_reveal_and_to_impending_doom() {
    let hail = disaster("Hailstorm"); // Field 1, on the Frozen Harvest
    let pile = ["Hailstorm", "Sleet", "Snowdrift"].map(disaster);
    // The Ogre King's reveal then the week's: the Hailstorm, whenever it is one of them, lands
    // on the Frozen Harvest with at most 3 active and brings one more. When the Ogre King's
    // reveal is the Hailstorm, the snowball comes before the week's reveal.
    let mut ogre_hail = false;
    for e in 0..32 {
        let mut g = legendary(1);
        g.set_monster_pile(&[monster(T::OgreKing)]);
        g.put_disaster(disaster("Frozen Harvest"));
        g.set_disaster_pile(&pile);
        g.begin_week_now();
        let ev = g.resolve_chance([e; 32]).unwrap();
        let order = reveals(&ev);
        ogre_hail |= order[0] == hail;
        let snowball = order[..2].contains(&hail);
        assert_eq!(order.len(), 2 + snowball as usize, "{order:?}");
        assert_eq!(g.active_disasters() as usize, 1 + order.len());
    }
    assert!(
        ogre_hail,
        "the Ogre King revealed the Hailstorm for some entropy"
    );

    // Impending Doom (3 players: 1 disaster) snowballs too.
    let mut seen = [false; 2];
    for e in 0..32 {
        let o = WinterOptions {
            legendary: true,
            ..WinterOptions::default()
        };
        let mut g = Winter::new(&o, 3).unwrap();
        g.put_disaster(disaster("Frozen Harvest"));
        g.set_disaster_pile(&pile);
        let ev = g.resolve_chance([e; 32]).unwrap();
        let order = reveals(&ev);
        let hail_first = order[0] == hail;
        seen[hail_first as usize] = true;
        assert_eq!(order.len(), if hail_first { 2 } else { 1 }, "{order:?}");
        assert_eq!(g.active_disasters() as usize, 1 + order.len());
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn the_yeti_sends_home_the_thunder_king_then_a_worker_the_earth_guardian_the_ice_warrior() {
    use DwarfKind::{EarthGuardian as EG, IceWarrior as IW, ThunderKing as TK, Worker as W};
    let mut g = legendary(4);
    g.put_monster(monster(T::Yeti), mine(2)); // -> Field 2
    let here = field(2);
    let sets: [&[DwarfKind]; 4] = [&[W, TK, EG, IW], &[W, EG, IW], &[EG, IW], &[IW]];
    for (s, kinds) in Seat::all(4).zip(sets) {
        for &k in kinds {
            if k != W {
                make_legend(&mut g, s, k);
            }
            put(&mut g, s, k, here, 1);
        }
    }
    g.begin_week_now();
    let home = |g: &Winter, s: u8| -> Vec<DwarfKind> {
        DwarfKind::ALL
            .into_iter()
            .filter(|k| g.player(Seat(s)).home[k.index()] > 0 && *k != W)
            .collect()
    };
    // The Thunder King is placed again for free: losing him costs no action.
    assert_eq!(home(&g, 0), vec![TK]);
    assert_eq!(
        g.player(Seat(0)).count(W, here),
        1,
        "seat 0 keeps its worker"
    );
    assert_eq!(home(&g, 1), vec![]);
    assert_eq!(g.player(Seat(1)).count(W, here), 0, "seat 1: the worker");
    assert_eq!(home(&g, 2), vec![EG]);
    assert_eq!(home(&g, 3), vec![IW]);
    for (s, kinds) in Seat::all(4).zip(sets) {
        assert_eq!(
            g.player(s).dwarfs_in(here) as usize,
            kinds.len() - 1,
            "{s}: one dwarf each"
        );
    }
}

#[test]
fn an_ice_wyrm_with_one_other_monster_moves_it_without_a_decision() {
    let mut g = position(2);
    let wyrm = monster(T::IceWyrm);
    let harpy = monster(T::Harpy);
    g.put_monster(wyrm, mine(1));
    g.put_monster(harpy, mine(3));
    g.begin_week_now();
    let ev = play(&mut g, WinterAction::Attack(wyrm));
    assert!(ev.contains(&WinterEvent::MonsterMoved(wyrm, mine(1), field(1))));
    assert!(
        ev.contains(&WinterEvent::MonsterMoved(harpy, mine(3), field(3))),
        "pushed by the wyrm: {ev:?}"
    );
    assert!(
        ev.contains(&WinterEvent::MonsterMoved(harpy, field(3), wall(3))),
        "then its own attack"
    );
    assert_eq!(g.stage(), Stage::Reinforce, "no Push decision was asked");
}

#[test]
fn a_harpy_on_a_wall_or_in_the_castle_silences_the_harp() {
    for z in [wall(2), CASTLE] {
        let mut g = position(2);
        g.put_monster(monster(T::Harpy), z);
        let e = refuse(&mut g, WinterAction::PlayMusic(Instrument::Harp));
        assert!(matches!(e, WinterError::NoMusic(_)));
        for i in [Instrument::Drums, Instrument::Horn, Instrument::Flute] {
            assert!(g.legal_actions_vec().contains(&WinterAction::PlayMusic(i)));
        }
    }
}

#[test]
fn the_hoard_dragon_takes_nothing_from_a_player_with_no_gold() {
    // The Hoard Dragon attacks a worker's zone: one gold lost, and nothing in its place.
    let attacked = |gold: u8| {
        let mut g = legendary(1);
        g.put_monster(monster(T::HoardDragon), forest(2));
        put(&mut g, Seat(0), DwarfKind::Worker, field(2), 1);
        g.player_mut(Seat(0)).resources[0] = gold;
        let before = g.player(Seat(0)).resources;
        g.begin_week_now();
        while g.stage() == Stage::Attack {
            let a = g.legal_actions_vec()[0];
            play(&mut g, a);
        }
        (before, g.player(Seat(0)).resources)
    };
    let (before, after) = attacked(2);
    assert_eq!(
        after,
        [1, before[1], before[2], before[3]],
        "one gold taken"
    );
    let (before, after) = attacked(0);
    assert_eq!(
        after, before,
        "no gold: nothing taken, nothing else instead"
    );
}
