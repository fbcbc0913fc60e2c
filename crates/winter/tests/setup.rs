//! Setup: pool, resources and tracks, dwarfs, starting heroes, Impending Doom, The Defenders,
//! the first player and the winter track; the solitaire and Legendary! set-ups.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat, SeatSet};
use dwarfs_winter::data::{DWARFS, SAGE, STARTERS};
use dwarfs_winter::{DwarfKind, Stage, Winter, WinterAction, WinterOptions};

fn set_up(players: u8, options: WinterOptions) -> Winter {
    let mut g = Winter::new(&options, players).unwrap();
    assert_eq!(
        g.to_act(),
        Actor::Chance,
        "a new game stops at its setup chance point"
    );
    chance(&mut g);
    g
}

#[test]
fn every_player_starts_with_2_of_each_resource_tracks_at_5_and_7_seven_dwarfs_and_seven_starting_heroes()
 {
    let g = set_up(2, WinterOptions::default());
    assert_eq!(g.week(), 1, "the winter token starts on week 1");
    assert_eq!(g.first_player(), Seat(0));
    assert!(
        g.pool().iter().all(Option::is_some),
        "4 heroes face up in the pool"
    );
    for s in [Seat(0), Seat(1)] {
        let p = g.player(s);
        assert_eq!(p.resources, [2, 2, 2, 2]);
        assert_eq!((p.actions, p.hand_size), (5, 7));
        assert_eq!(
            p.deck,
            (1 << STARTERS) - 1,
            "the 7 starting heroes and nothing else"
        );
        assert_eq!(p.hero_vp(), 0, "starting heroes are worth 0 VP");
        assert_eq!(p.tokens, 1, "one music token");
        assert_eq!(p.dwarfs_home(), DWARFS, "every dwarf on the player board");
    }
    assert_eq!(g.active_disasters(), 0, "no Impending Doom with 2 players");
}

#[test]
fn impending_doom_reveals_1_disaster_with_3_players_and_2_with_4() {
    for (players, doom) in [(1, 0), (2, 0), (3, 1), (4, 2)] {
        let g = set_up(players, WinterOptions::default());
        assert_eq!(g.active_disasters(), doom, "{players} players");
    }
}

#[test]
fn the_defenders_2nd_player_places_1_dwarf_3rd_and_4th_place_2_each_then_week_1_begins() {
    let mut g = set_up(4, WinterOptions::default());
    let expect = [(Seat(1), 1), (Seat(2), 2), (Seat(3), 2)];
    for (s, n) in expect {
        for left in (1..=n).rev() {
            assert_eq!(g.stage(), Stage::Defenders { seat: s, left });
            assert_eq!(g.to_act(), Actor::Seat(s));
            play(
                &mut g,
                WinterAction::Place {
                    kind: DwarfKind::Worker,
                    zone: wall(1),
                },
            );
        }
    }
    assert_eq!(g.player(Seat(0)).dwarfs_home(), 7);
    assert_eq!(g.player(Seat(1)).dwarfs_home(), 6);
    assert_eq!(g.player(Seat(2)).dwarfs_home(), 5);
    assert_eq!(g.player(Seat(3)).dwarfs_home(), 5);
    assert_eq!(
        g.player(Seat(2)).count(DwarfKind::Worker, wall(1)),
        2,
        "both defenders in one zone"
    );
    // Week 1: no monsters to attack, so the reinforcements' chance point comes next.
    assert_eq!(g.stage(), Stage::Reinforce);
    chance(&mut g);
    assert_eq!(g.stage(), Stage::Prepare);
    assert_eq!(g.to_act(), Actor::Simultaneous(SeatSet::all(4)));
}

#[test]
fn a_solitaire_game_starts_with_4_of_each_resource_3_music_tokens_and_no_defenders() {
    let g = set_up(1, WinterOptions::default());
    let p = g.player(Seat(0));
    assert_eq!(p.resources, [4, 4, 4, 4]);
    assert_eq!(p.tokens, 3);
    assert_eq!(g.stage(), Stage::Reinforce, "straight to week 1");
}

#[test]
fn legendary_gives_every_player_the_sage() {
    let g = set_up(
        3,
        WinterOptions {
            legendary: true,
            ..WinterOptions::default()
        },
    );
    for s in Seat::all(3) {
        assert_ne!(g.player(s).deck & (1 << SAGE), 0);
        assert_eq!(g.player(s).deck_size(), 8);
    }
    let g = set_up(3, WinterOptions::default());
    assert_eq!(g.player(Seat(0)).deck & (1 << SAGE), 0);
}

#[test]
fn legendary_adds_its_8_monsters_and_12_disasters_to_the_piles() {
    let base = Winter::new(&WinterOptions::default(), 2).unwrap();
    assert_eq!(base.decks().monsters.count_ones(), 16);
    assert_eq!(base.decks().disasters.count_ones(), 12);
    let legendary = WinterOptions {
        legendary: true,
        ..WinterOptions::default()
    };
    let g = Winter::new(&legendary, 2).unwrap();
    assert_eq!(g.decks().monsters.count_ones(), 24);
    assert_eq!(g.decks().disasters.count_ones(), 24);
    let added = g.decks().disasters & !base.decks().disasters;
    let base_count = dwarfs_winter::data::BASE_DISASTERS;
    assert_eq!(added, ((1u32 << 24) - 1) & !((1u32 << base_count) - 1));
    assert_eq!(
        disaster("Hailstorm").0 as usize,
        base_count,
        "the first Legendary! disaster"
    );
}

#[test]
fn impending_doom_counts_towards_the_4_disasters_that_lose() {
    // 4 players: 2 disasters at setup; in week 1 an Ogre King (the only monster left) reveals a
    // 3rd and the week's reveal a 4th: the castle falls at the end of week 1.
    let mut g = Winter::new(&WinterOptions::default(), 4).unwrap();
    g.set_monster_pile(&[monster(dwarfs_winter::data::MonsterType::OgreKing)]);
    chance(&mut g);
    assert_eq!(g.active_disasters(), 2);
    while let Stage::Defenders { .. } = g.stage() {
        play(
            &mut g,
            WinterAction::Place {
                kind: DwarfKind::Worker,
                zone: wall(1),
            },
        );
    }
    chance(&mut g);
    assert_eq!(g.active_disasters(), 4);
    choose_first_hands(&mut g);
    end_turns(&mut g);
    assert!(
        matches!(g.end(), Some(dwarfs_winter::End::Lost { week: 1, reason }) if reason.contains("4 disasters")),
        "{:?}",
        g.end()
    );
}

#[test]
fn the_defenders_with_2_and_3_players_stop_at_the_last_seat() {
    for (players, expect) in [
        (2, &[(Seat(1), 1)][..]),
        (3, &[(Seat(1), 1), (Seat(2), 2)][..]),
    ] {
        let mut g = set_up(players, WinterOptions::default());
        for &(s, n) in expect {
            for left in (1..=n).rev() {
                assert_eq!(
                    g.stage(),
                    Stage::Defenders { seat: s, left },
                    "{players} players"
                );
                play(
                    &mut g,
                    WinterAction::Place {
                        kind: DwarfKind::Worker,
                        zone: wall(2),
                    },
                );
            }
        }
        assert_eq!(
            g.stage(),
            Stage::Reinforce,
            "{players} players: week 1 begins"
        );
        let home: Vec<u8> = (0..players)
            .map(|s| g.player(Seat(s)).dwarfs_home())
            .collect();
        let want: &[u8] = if players == 2 { &[7, 6] } else { &[7, 6, 5] };
        assert_eq!(home, want, "{players} players");
    }
}
