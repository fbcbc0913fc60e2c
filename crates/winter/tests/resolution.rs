//! Phase 4, Resolution: the shared loss, the end of week 7, final scoring with every VP source,
//! the tie-breaker chain, and the solitaire and bloodlust variants.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_winter::data::{MonsterType as T, SoloRank};
use dwarfs_winter::{DwarfKind, End, Instrument, Winter, WinterAction, WinterOptions};

/// Seat 0's turn in `week`, nothing left in the monster and disaster piles.
fn week(g: &mut Winter, week: u8) {
    g.set_week(week, Seat(0));
    g.set_monster_pile(&[]);
    g.set_disaster_pile(&[]);
}

#[test]
fn a_monster_in_the_castle_at_the_end_of_a_week_loses_the_game_for_everyone() {
    let mut g = position(2);
    week(&mut g, 3);
    g.put_monster(monster(T::Harpy), CASTLE);
    end_turns(&mut g);
    assert_eq!(g.to_act(), Actor::Over);
    let o = g.outcome().unwrap();
    assert!(o.all_lost && o.winners.is_empty());
    assert_eq!(o.scores.len(), 2, "scores are still given");
    assert!(matches!(g.end(), Some(End::Lost { week: 3, .. })));
}

#[test]
fn defeating_the_monster_inside_the_castle_before_the_week_ends_saves_it() {
    let mut g = position(1);
    week(&mut g, 3);
    let m = monster(T::WolfPack); // 1 dwarf, 2 wood
    g.put_monster(m, CASTLE);
    put(&mut g, Seat(0), DwarfKind::Worker, CASTLE, 1);
    play(&mut g, defeat(m, 1));
    end_turns(&mut g);
    assert_eq!(g.end(), None);
    assert_eq!(g.week(), 4);
}

#[test]
fn four_active_disasters_at_the_end_of_a_week_lose_three_do_not() {
    for (n, lost) in [(3, false), (4, true)] {
        let mut g = position(2);
        week(&mut g, 2);
        for name in ["Frozen Harvest", "Locust Swarm", "Wildfire", "Cave-in"]
            .iter()
            .take(n)
        {
            g.put_disaster(disaster(name));
        }
        end_turns(&mut g);
        assert_eq!(
            g.outcome().is_some_and(|o| o.all_lost),
            lost,
            "{n} disasters"
        );
    }
}

#[test]
fn a_loss_at_the_end_of_week_7_beats_surviving_the_winter() {
    // 4 disasters, or a monster in the castle, at the end of the last week: lost, not survived.
    for castle in [false, true] {
        let mut g = position(2);
        week(&mut g, 7);
        if castle {
            g.put_monster(monster(T::Harpy), CASTLE);
        } else {
            for name in ["Frozen Harvest", "Locust Swarm", "Wildfire", "Cave-in"] {
                g.put_disaster(disaster(name));
            }
        }
        end_turns(&mut g);
        let o = g.outcome().unwrap();
        assert!(o.all_lost && o.winners.is_empty(), "castle {castle}");
        assert!(
            matches!(g.end(), Some(End::Lost { week: 7, .. })),
            "castle {castle}: {:?}",
            g.end()
        );
    }
}

#[test]
fn after_week_7_the_game_is_scored_with_every_source_of_vp() {
    let mut g = Winter::test_position(
        WinterOptions {
            bloodlust: true,
            legendary: true,
            ..WinterOptions::default()
        },
        2,
    );
    week(&mut g, 7);
    // Seat 0: two Frost Giants (5 + 5) and a Banshee (3), Flooded Barn (3), the Mason (2 VP),
    // gold and stone at 7 (3 + 2), every dwarf home (3), one legendary dwarf (2), bloodlust 2.
    let p = g.player_mut(Seat(0));
    p.monsters =
        1 << monster(T::FrostGiant).0 | 1 << monster2(T::FrostGiant).0 | 1 << monster(T::Banshee).0;
    p.disasters = 1 << disaster("Flooded Barn").0;
    p.resources = [7, 3, 7, 6];
    g.give_hero(Seat(0), hero("Mason"));
    make_legend(&mut g, Seat(0), DwarfKind::ThunderKing);
    // Seat 1: a dwarf on the board, nothing else.
    put(&mut g, Seat(1), DwarfKind::Worker, wall(1), 1);
    end_turns(&mut g);
    assert_eq!(g.end(), Some(&End::Survived));
    let o = g.outcome().unwrap();
    let s0 = o.score(Seat(0)).unwrap();
    let line = |c: &str| {
        s0.breakdown
            .iter()
            .find(|l| l.category == c)
            .unwrap()
            .points
    };
    assert_eq!(line("Monsters"), 13);
    assert_eq!(line("Disasters"), 3);
    assert_eq!(line("Heroes"), 2);
    assert_eq!(line("Manufacturer"), 5);
    assert_eq!(line("Militia"), 3);
    assert_eq!(line("Legendary dwarfs"), 2);
    assert_eq!(line("Bloodlust"), 2);
    assert_eq!(s0.total, 30);
    assert_eq!(
        o.score(Seat(1)).unwrap().total,
        0,
        "no militia with a dwarf out"
    );
    assert_eq!(o.winners, vec![Seat(0)]);
    assert!(!o.all_lost);
}

#[test]
fn vp_of_a_defeat_and_an_overcome_played_in_the_game_are_scored_at_the_end() {
    let mut g = position(2);
    week(&mut g, 7);
    let m = monster(T::WolfPack); // 1 dwarf, 2 wood, 2 VP
    let d = disaster("Flooded Barn"); // Field 3, 2 dwarfs, 1 stone + 2 wood, 3 VP
    g.put_monster(m, forest(2));
    g.put_disaster(d);
    put(&mut g, Seat(0), DwarfKind::Worker, forest(2), 1);
    put(&mut g, Seat(0), DwarfKind::Worker, field(3), 2);
    g.player_mut(Seat(0)).resources = [2, 2, 2, 4];
    play(&mut g, defeat(m, 1));
    play(&mut g, overcome(d, 2));
    end_turns(&mut g);
    let o = g.outcome().unwrap();
    let s0 = o.score(Seat(0)).unwrap();
    let line = |c: &str| {
        s0.breakdown
            .iter()
            .find(|l| l.category == c)
            .unwrap()
            .points
    };
    assert_eq!(line("Monsters"), 2);
    assert_eq!(line("Disasters"), 3);
    assert_eq!(line("Militia"), 3, "every dwarf went home");
    assert_eq!(s0.total, 8);
    assert_eq!(o.winners, vec![Seat(0)]);
}

#[test]
fn food_and_wood_at_7_score_their_manufacturer_vp() {
    let mut g = position(1);
    week(&mut g, 7);
    g.player_mut(Seat(0)).resources = [0, 7, 0, 7];
    put(&mut g, Seat(0), DwarfKind::Worker, wall(1), 1);
    end_turns(&mut g);
    let o = g.outcome().unwrap();
    let total = o.score(Seat(0)).unwrap().total;
    let want = dwarfs_winter::data::MANUFACTURER_VP[1] + dwarfs_winter::data::MANUFACTURER_VP[3];
    assert_eq!(total, want as i32);
}

#[test]
fn ties_break_on_dwarfs_home_then_hero_vp_gold_food_stone_wood_disasters_and_monsters() {
    // Each step: seat 1 beats seat 0 on exactly one criterion, everything before it equal.
    type Tweak = fn(&mut Winter);
    let steps: [(&str, Tweak); 8] = [
        ("dwarfs home", |g| {
            // Seat 0 loses the militia (3 VP) and makes it up with gold at 7 (3 VP).
            put(g, Seat(0), DwarfKind::Worker, wall(1), 1);
            g.player_mut(Seat(0)).resources[0] = 7;
        }),
        ("hero VP", |g| {
            // Seat 1 holds a 2-VP hero, seat 0 a 1-VP hero and food at 7 (1 VP).
            g.give_hero(Seat(1), hero("Mason")); // 2 VP
            g.give_hero(Seat(0), hero("Summoner")); // 1 VP
            g.player_mut(Seat(0)).resources[1] = 7; // +1 VP manufacturer (food)
        }),
        ("gold", |g| {
            g.player_mut(Seat(0)).resources[0] = 1;
        }),
        ("food", |g| g.player_mut(Seat(0)).resources[1] = 1),
        ("stone", |g| g.player_mut(Seat(0)).resources[2] = 1),
        ("wood", |g| g.player_mut(Seat(0)).resources[3] = 1),
        ("disasters", |g| {
            // Equal VP: seat 1 two 2-VP disasters, seat 0 one 2-VP disaster and a 2-VP monster.
            g.player_mut(Seat(1)).disasters =
                1 << disaster("Wildfire").0 | 1 << disaster("Cave-in").0;
            g.player_mut(Seat(0)).disasters = 1 << disaster("Windfall").0;
            g.player_mut(Seat(0)).monsters = 1 << monster(T::Harpy).0;
        }),
        ("monsters", |g| {
            // Equal VP: seat 1 two 2-VP monsters, seat 0 one 4-VP monster.
            g.player_mut(Seat(1)).monsters = 1 << monster(T::Harpy).0 | 1 << monster(T::WolfPack).0;
            g.player_mut(Seat(0)).monsters = 1 << monster(T::IceWyrm).0;
        }),
    ];
    for (name, tweak) in steps {
        let mut g = position(2);
        week(&mut g, 7);
        for s in [Seat(0), Seat(1)] {
            g.player_mut(s).resources = [2, 2, 2, 2];
        }
        tweak(&mut g);
        end_turns(&mut g);
        let o = g.outcome().unwrap();
        assert_eq!(
            o.score(Seat(0)).unwrap().total,
            o.score(Seat(1)).unwrap().total,
            "{name}"
        );
        assert_eq!(o.winners, vec![Seat(1)], "{name}");
    }
    // A full tie shares the victory.
    let mut g = position(2);
    week(&mut g, 7);
    end_turns(&mut g);
    assert_eq!(g.outcome().unwrap().winners, vec![Seat(0), Seat(1)]);
}

#[test]
fn each_tie_breaker_outranks_the_next_one() {
    // Seat 1 is ahead on the earlier criterion and behind on the next one, everything else
    // equal (no resource at 7, so no VP changes): swapping the two in the chain would make
    // seat 0 win.
    let pairs: [(&str, [u8; 4], [u8; 4]); 3] = [
        ("gold before food", [3, 1, 2, 2], [2, 3, 2, 2]),
        ("food before stone", [2, 3, 1, 2], [2, 2, 3, 2]),
        ("stone before wood", [2, 2, 3, 1], [2, 2, 2, 3]),
    ];
    for (name, seat1, seat0) in pairs {
        let mut g = position(2);
        week(&mut g, 7);
        g.player_mut(Seat(1)).resources = seat1;
        g.player_mut(Seat(0)).resources = seat0;
        end_turns(&mut g);
        let o = g.outcome().unwrap();
        assert_eq!(
            o.score(Seat(0)).unwrap().total,
            o.score(Seat(1)).unwrap().total
        );
        assert_eq!(o.winners, vec![Seat(1)], "{name}");
    }
    // Hero VP before gold: seat 1 holds a 2-VP hero and 1 gold, seat 0 a 1-VP hero, 6 gold and
    // food at 7 (1 VP) to even the VP.
    let mut g = position(2);
    week(&mut g, 7);
    g.give_hero(Seat(1), hero("Mason"));
    g.give_hero(Seat(0), hero("Summoner"));
    g.player_mut(Seat(1)).resources = [1, 2, 2, 2];
    g.player_mut(Seat(0)).resources = [6, 7, 2, 2];
    end_turns(&mut g);
    let o = g.outcome().unwrap();
    assert_eq!(
        o.score(Seat(0)).unwrap().total,
        o.score(Seat(1)).unwrap().total
    );
    assert_eq!(o.winners, vec![Seat(1)], "hero VP before gold");
}

#[test]
fn solitaire_music_is_free_up_to_three_times_and_heroes_can_be_acquired_repeatedly() {
    let mut g = position(1);
    g.set_pool(0, hero("Mason"));
    g.set_pool(1, hero("Cook"));
    play(&mut g, WinterAction::Acquire { slot: 0 });
    chance(&mut g);
    play(&mut g, WinterAction::Acquire { slot: 0 });
    chance(&mut g);
    assert_eq!(g.player(Seat(0)).heroes_acquired(), 2);
    for i in [Instrument::Drums, Instrument::Horn, Instrument::Flute] {
        play(&mut g, WinterAction::PlayMusic(i));
        play(&mut g, WinterAction::Done);
    }
    assert_eq!(
        g.player(Seat(0)).actions_left,
        3,
        "only the two acquisitions cost actions"
    );
    assert!(
        !g.legal_actions_vec()
            .contains(&WinterAction::PlayMusic(Instrument::Harp)),
        "3 tokens"
    );
}

#[test]
fn a_survived_solitaire_game_reports_the_rank_reached() {
    let rank = |monsters: &[dwarfs_winter::MonsterId], disasters: &[&str], gold: u8| {
        let mut g = position(1);
        week(&mut g, 7);
        let p = g.player_mut(Seat(0));
        p.monsters = monsters.iter().fold(0, |m, x| m | 1 << x.0);
        p.disasters = disasters.iter().fold(0, |m, x| m | 1 << disaster(x).0);
        p.resources = [gold, 0, 0, 0];
        end_turns(&mut g);
        (g.solo_rank(), g.outcome().unwrap())
    };
    // 4 disasters (2+2+3+3 = 10) and monsters 5+5+4+4 = 18, militia 3: 31 VP.
    let ms = [
        monster(T::FrostGiant),
        monster2(T::FrostGiant),
        monster(T::IceWyrm),
        monster2(T::IceWyrm),
    ];
    let ds = ["Frozen Harvest", "Locust Swarm", "Flooded Barn", "Blight"];
    let (r, o) = rank(&ms, &ds, 0);
    assert_eq!(r, Some(SoloRank::Survivor));
    assert!(o.summary.contains("The Survivor"));
    // 5 monsters and 30+ VP: the Beast Hunter.
    let ms5 = [ms[0], ms[1], ms[2], ms[3], monster(T::OgreKing)];
    // 5 monsters (23), 2 disasters (4), militia: 30 VP, the Beast Hunter.
    assert_eq!(rank(&ms5, &ds[..2], 0).0, Some(SoloRank::BeastHunter));
    // 6 monsters (28), 4 disasters (10), gold at 7 (3), militia: 44 VP, the Frost King.
    let ms6 = [
        ms[0],
        ms[1],
        ms[2],
        ms[3],
        monster(T::OgreKing),
        monster2(T::OgreKing),
    ];
    assert_eq!(rank(&ms6, &ds, 7).0, Some(SoloRank::FrostKing));
    assert_eq!(
        rank(&ms6, &ds, 0).0,
        Some(SoloRank::BeastHunter),
        "41 VP but no track at 7"
    );
    assert_eq!(rank(&[], &[], 0).0, None);
}

#[test]
fn the_knight_needs_7_heroes_and_the_legend_7_monsters_and_7_disasters() {
    let mut g = position(1);
    week(&mut g, 7);
    // 8 heroes: 2+2+2+3+3+3+3+2 = 20 VP, 4 disasters (10 VP), militia 3: 33 VP.
    for name in [
        "Mason",
        "Forester",
        "Cook",
        "Lumberjack",
        "Baker",
        "Miner",
        "Goldsmith",
        "Scout",
    ] {
        g.give_hero(Seat(0), hero(name));
    }
    g.player_mut(Seat(0)).disasters = ["Frozen Harvest", "Locust Swarm", "Flooded Barn", "Blight"]
        .iter()
        .fold(0, |m, d| m | 1 << disaster(d).0);
    end_turns(&mut g);
    assert_eq!(g.outcome().unwrap().score(Seat(0)).unwrap().total, 33);
    assert_eq!(
        g.solo_rank(),
        Some(SoloRank::Survivor),
        "33 VP: not yet a knight"
    );

    let mut g = position(1);
    week(&mut g, 7);
    for name in [
        "Mason",
        "Forester",
        "Cook",
        "Lumberjack",
        "Baker",
        "Miner",
        "Goldsmith",
        "Scout",
    ] {
        g.give_hero(Seat(0), hero(name));
    }
    // 20 VP of heroes, monsters 5 + 5 + 2, militia 3: 35 VP with 8 heroes.
    g.player_mut(Seat(0)).monsters =
        1 << monster(T::FrostGiant).0 | 1 << monster(T::OgreKing).0 | 1 << monster(T::Harpy).0;
    end_turns(&mut g);
    assert_eq!(g.outcome().unwrap().score(Seat(0)).unwrap().total, 35);
    assert_eq!(g.solo_rank(), Some(SoloRank::KnightOfTheRoundTable));

    let mut g = position(1);
    week(&mut g, 7);
    let p = g.player_mut(Seat(0));
    p.monsters = (0..7).fold(0, |m, i| m | 1 << i);
    p.disasters = (0..7).fold(0, |m, i| m | 1 << i);
    end_turns(&mut g);
    assert_eq!(g.solo_rank(), Some(SoloRank::Legend));
    assert!(g.outcome().unwrap().summary.contains("The Legend"));
}
