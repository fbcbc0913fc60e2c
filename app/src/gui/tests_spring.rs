//! UI tests of the Dwar7s Spring board (egui_kittest): a whole hotseat game played by clicking,
//! a whole network game on two boards, every kind of legal action of sampled and built positions
//! played by its clicks, what a spectator sees, the lobby and the replay viewer.

use super::game_screen;
use super::spring_view::SpringView;
use super::spring_view::clicks::plan;
use super::spring_view::words::{COMMAND, faerie_label, loc_label};
use super::table::Table;
use super::tests_boards::{
    Dice, Loopback, board_harness, hotseat_turn, lift_curtain, person, same_settled_position,
    two_boards_over_loopback, until_both,
};
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_spring::data::{FaerieKind, LOCATIONS, MONSTERS};
use dwarfs_spring::{Phase, Spring, SpringAction as A, SpringOptions};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type H = Harness<'static, Table<SpringView>>;

/// A headless harness drawing the game screen of `table`.
fn harness(table: Table<SpringView>) -> H {
    board_harness(table)
}

/// Plays `action` by clicking what the board offers for it, and checks it was played.
fn play_by_clicking(h: &mut H, action: &A) {
    let (seat, legal, seq) = {
        let t = h.state();
        let Actor::Seat(s) = t.mirror.state.to_act() else {
            panic!("a seat acts, not {:?}", t.mirror.state.to_act())
        };
        (s.0, t.legal_for_viewer(), t.mirror.seq)
    };
    for l in plan(action, seat, &legal) {
        let n = h.query_all_by_label(&l).count();
        assert_eq!(n, 1, "one widget labelled {l:?} to play {action:?}");
        h.get_by_label(&l).click_accesskit();
        h.run_steps(2);
    }
    let t = h.state();
    let sent = t.mirror.in_flight() > 0;
    assert!(
        t.mirror.seq == seq + 1 || sent,
        "clicking played {action:?} (refusal: {:?})",
        t.mirror.error
    );
}

/// The test player's choice: mostly dwarf actions and faeries, ending the turn now and then
/// when it may.
fn choose(legal: &[A], dice: &mut Dice) -> A {
    let others: Vec<&A> = legal.iter().filter(|a| **a != A::EndTurn).collect();
    if others.is_empty() || dice.below(3) == 0 {
        legal[dice.below(legal.len())]
    } else {
        *others[dice.below(others.len())]
    }
}

#[test]
fn a_whole_hotseat_game_of_spring_is_played_by_clicking() {
    let table = Table::<SpringView>::new(
        &SpringOptions::default(),
        vec![person("Ann"), person("Bob")],
        0,
    )
    .expect("2 players");
    let mut h = harness(table);
    h.run_steps(2);
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    let mut moves = 0;
    let mut saw_reveal = false;
    let mut kinds = std::collections::BTreeSet::new();
    while h.state().mirror.state.to_act() != Actor::Over {
        assert!(moves < 3000, "the game ends within 3000 moves");
        lift_curtain(&mut h);
        let (action, acting) = {
            let t = h.state();
            let (s, legal) = hotseat_turn(t);
            (choose(&legal, &mut dice), s)
        };
        // Only the viewer's own faeries are shown.
        {
            let g = &h.state().mirror.state;
            let (mine, theirs) = (g.hand(acting), g.hand(Seat(1 - acting.0)));
            for card in (0..20u8).filter(|&c| theirs >> c & 1 == 1 && mine >> c & 1 == 0) {
                assert!(
                    h.query_by_label(&faerie_label(card)).is_none(),
                    "the other player's faerie {card} is not shown"
                );
            }
        }
        let name = format!("{action:?}");
        kinds.insert(name.split([' ', '{']).next().unwrap_or("").to_string());
        play_by_clicking(&mut h, &action);
        if h.query_all_by_label_contains("revealed ").next().is_some() {
            saw_reveal = true;
        }
        moves += 1;
    }
    h.run_steps(2);
    let t = h.state();
    assert!(
        t.mirror.state.outcome().is_some(),
        "the game is over with an outcome"
    );
    assert_eq!(t.mirror.state.phase(), Phase::Over);
    assert!(saw_reveal, "a fight or gathering was revealed on the board");
    for k in ["Place", "Build", "Explore", "EndTurn"] {
        assert!(kinds.contains(k), "{k} was clicked: {kinds:?}");
    }
    let log: Vec<&str> = t.mirror.log.iter().map(|l| l.text.as_str()).collect();
    assert!(log.iter().any(|l| l.starts_with("Era 2 begins")), "{log:?}");
    assert!(
        log.iter().any(|l| l.starts_with("The game ends after era")),
        "{log:?}"
    );
}

/// Plays every legal action of `game` whose kind (phase, pending, variant) is new by its clicks
/// on a fresh board.
fn check_every_kind(game: &Spring, checked: &mut std::collections::BTreeSet<String>) {
    let Actor::Seat(s) = game.to_act() else {
        return;
    };
    for a in game.legal_actions_vec() {
        let name = format!("{a:?}");
        let variant = name.split([' ', '{']).next().unwrap_or("").to_string();
        let two = matches!(
            a,
            A::Command {
                second: Some(_),
                ..
            }
        );
        let kind = format!(
            "{:?}/{:?}/{variant}{}",
            game.phase(),
            game.flow()
                .pending
                .map(|p| format!("{p:?}").chars().take(12).collect::<String>()),
            if two { "2" } else { "" }
        );
        if !checked.insert(kind) {
            continue;
        }
        let seats = (0..game.players())
            .map(|i| person(&format!("P{i}")))
            .collect();
        let mut t = Table::from_state(game.clone(), seats, 0);
        t.viewer = Viewer::Seat(s);
        t.curtain = None;
        let mut h = harness(t);
        h.run_steps(2);
        play_by_clicking(&mut h, &a);
    }
}

/// Built positions for the actions random games reach rarely: a fortress, a quest from either
/// expedition spot and the removal after it, training, two dragons commanded, and every
/// targeted faerie.
fn built_positions() -> Vec<Spring> {
    let mut out = Vec::new();
    let me = Seat(0);
    let mut g = Spring::test_position(3);
    // Seat 0: a settlement and a dwarf; seat 1 a settlement and a dwarf next to them.
    let (a, b, c, d) = (
        dwarfs_spring::map::spot_loc(0, 0),
        dwarfs_spring::map::spot_loc(0, 2),
        dwarfs_spring::map::spot_loc(0, 4),
        dwarfs_spring::map::spot_loc(0, 6),
    );
    g.empire_mut(me).settlements.add(a);
    g.empire_mut(me).built[0] = 1;
    g.empire_mut(me).dwarfs.add(b);
    g.empire_mut(me).bastion -= 1;
    g.empire_mut(Seat(1)).settlements.add(c);
    g.empire_mut(Seat(1)).built[1] = 1;
    g.empire_mut(Seat(1)).dwarfs.add(d);
    g.empire_mut(Seat(1)).bastion -= 1;
    g.set_resources(me, [7, 7, 9]);
    g.give_dragon(me, 10, 1);
    g.give_dragon(me, 14, 2);
    let mut hand = 0u32;
    for kind in [
        FaerieKind::Wanderer,
        FaerieKind::Trickster,
        FaerieKind::Shifter,
        FaerieKind::Dawn,
        FaerieKind::Harvest,
    ] {
        hand |= 1 << g.faerie_card(kind).expect("in the pile");
    }
    g.set_hand(me, hand);
    out.push(g.clone());
    // An exhausted dragon for Dawn, and the faerie being applied.
    let mut dawn = g.clone();
    dawn.empire_mut(me).nest[0].exhausted = true;
    out.push(dawn.clone());
    let dawn_card = (0..20u8).find(|&c| {
        dawn.hand(me) >> c & 1 == 1
            && dwarfs_spring::data::FAERIE_DATA[c as usize] == FaerieKind::Dawn
    });
    if let Some(c) = dawn_card {
        dawn.play(me, &A::PlayFaerie { card: c }).expect("playable");
        out.push(dawn);
    }
    // Each targeted faerie in play.
    for kind in [
        FaerieKind::Wanderer,
        FaerieKind::Trickster,
        FaerieKind::Shifter,
    ] {
        let mut p = g.clone();
        if let Some(c) = (0..20u8).find(|&c| {
            p.hand(me) >> c & 1 == 1 && dwarfs_spring::data::FAERIE_DATA[c as usize] == kind
        }) {
            p.play(me, &A::PlayFaerie { card: c }).expect("playable");
            out.push(p);
        }
    }
    // A Shifter with dwarfs of two players on one wildland.
    let mut p = g.clone();
    p.empire_mut(Seat(1)).wild_dwarfs[0] = 1;
    p.empire_mut(Seat(2)).wild_dwarfs[0] = 1;
    p.empire_mut(Seat(2)).bastion -= 1;
    p.empire_mut(Seat(1)).bastion -= 1;
    if let Some(c) = (0..20u8).find(|&c| {
        p.hand(me) >> c & 1 == 1
            && dwarfs_spring::data::FAERIE_DATA[c as usize] == FaerieKind::Shifter
    }) {
        p.play(me, &A::PlayFaerie { card: c }).expect("playable");
        out.push(p);
    }
    // A quest from the second expedition spot, then the removal.
    let mut q = g.clone();
    let quests: Vec<A> = q
        .legal_actions_vec()
        .into_iter()
        .filter(|a| matches!(a, A::Quest { spot: 1, .. }))
        .collect();
    if let Some(a) = quests.first() {
        q.play(me, a).expect("legal");
        let mut n = 0u8;
        while q.to_act() == Actor::Chance {
            n += 1;
            q.resolve_chance([n; 32]).expect("a chance point");
        }
        out.push(q);
    }
    // The area holds quests only, so no monster forbids them.
    assert!(
        g.decks()
            .area
            .iter()
            .flatten()
            .all(|&c| c as usize >= MONSTERS)
    );
    out
}

#[test]
fn every_legal_action_of_sampled_positions_is_played_by_its_clicks() {
    use dwarfs_engine::{Bot, RandomBot};
    let mut checked = std::collections::BTreeSet::new();
    for g in built_positions() {
        check_every_kind(&g, &mut checked);
    }
    for seed in 1..=2u64 {
        let players = 2 + seed as u8;
        let mut game = Spring::new(&SpringOptions::default(), players).unwrap();
        let mut bot = RandomBot::new(seed);
        let mut n = 0u8;
        while game.to_act() != Actor::Over {
            let Actor::Seat(s) = game.to_act() else {
                n = n.wrapping_add(1);
                game.resolve_chance([n; 32]).unwrap();
                continue;
            };
            check_every_kind(&game, &mut checked);
            let legal = game.legal_actions_vec();
            let i = bot.choose(&dwarfs_engine::SeatView::new(&game, s), &legal);
            game.play(s, &legal[i]).unwrap();
        }
    }
    let has = |k: &str| checked.iter().any(|c| c.ends_with(k));
    for k in [
        "/Place",
        "/Build",
        "/Fortress",
        "/Explore",
        "/Summon",
        "/Command",
        "/Command2",
        "/Quest",
        "/Train",
        "/PlayFaerie",
        "/MoveDwarf",
        "/SwapSettlements",
        "/SwapDwarfs",
        "/Ready",
        "/StopFaerie",
        "/RemoveHero",
        "/KeepHeroes",
        "/EndTurn",
        "/Engage",
        "/Decline",
    ] {
        assert!(has(k), "an action {k} was checked: {checked:?}");
    }
}

/// A half-made choice forgotten with Escape: the dragons' spot picked, then Escape, and the
/// command's clicks from the start play it (without Escape the spot's second click would put
/// the choice down again, and the command's button would never show).
#[test]
fn escape_forgets_a_half_made_choice() {
    let g = built_positions().remove(0);
    let me = Seat(0);
    let legal = g.legal_actions_vec();
    let two = *legal
        .iter()
        .find(|a| {
            matches!(
                a,
                A::Command {
                    second: Some(_),
                    ..
                }
            )
        })
        .expect("two dragons may be commanded in the built position");
    let mut t = Table::from_state(
        g.clone(),
        (0..g.players()).map(|i| person(&format!("P{i}"))).collect(),
        0,
    );
    t.viewer = Viewer::Seat(me);
    t.curtain = None;
    let mut h = harness(t);
    h.run_steps(2);
    let steps = plan(&two, me.0, &legal);
    // The spot and the first dragon chosen: the choice is half made.
    for l in &steps[..2] {
        h.get_by_label(l).click_accesskit();
        h.run_steps(2);
    }
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert_eq!(
        h.query_all_by_label(COMMAND).count(),
        0,
        "no command offered once the choice is forgotten"
    );
    play_by_clicking(&mut h, &two);
}

#[test]
fn a_spectator_sees_the_board_and_no_faerie_hand() {
    let mut t = super::demos::spring_demo_table(60);
    assert!(
        (0..4).any(|s| t.mirror.state.hand(Seat(s)) != 0),
        "someone holds faeries"
    );
    t.viewer = Viewer::Spectator;
    let mut h = harness(t);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("Spectating: hands are hidden")
            .is_some()
    );
    assert!(
        h.query_all_by_label_contains("faerie card")
            .next()
            .is_none()
    );
    for l in 0..LOCATIONS as u8 {
        assert!(
            h.query_by_label(&loc_label(l)).is_some(),
            "location {l} is drawn"
        );
    }
    // A seat sees its own faeries.
    let mut t = super::demos::spring_demo_table(60);
    let s = (0..4)
        .find(|&s| t.mirror.state.hand(Seat(s)) != 0)
        .expect("a hand");
    let card = t.mirror.state.hand(Seat(s)).trailing_zeros() as u8;
    t.viewer = Viewer::Seat(Seat(s));
    let mut h = harness(t);
    h.run_steps(3);
    assert!(h.query_by_label(&faerie_label(card)).is_some());
}

#[test]
fn dwarfs_spring_is_picked_in_the_hotseat_lobby_and_reaches_its_board() {
    use super::tests::{app, click, harness, has};
    let mut h = harness(app());
    assert!(has(&h, "Dwar7s Spring"), "the menu lists the games");
    click(&mut h, "Hotseat");
    click(&mut h, "Dwar7s Spring");
    assert!(has(&h, "Hotseat — Dwar7s Spring"));
    assert_eq!(h.state().lobby.game, crate::games::GameKind::Spring);
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, super::Screen::Game);
    let t = h.state().table_of::<SpringView>().expect("a Spring table");
    assert_eq!(t.mirror.state.phase(), Phase::Placement);
    h.run_steps(2);
    assert!(has(&h, "Dwar7s Spring"), "the game screen names the game");
}

#[test]
fn the_replay_viewer_opens_a_spring_replay_and_steps_through_it() {
    use super::tests::{app, click, harness, has};
    let mut a = app();
    a.open("replay-spring").expect("a known screen");
    let mut h = harness(a);
    h.run_steps(2);
    let last = h.state().replays.positions();
    assert!(last > 10, "a whole game: {last} moves");
    assert!(has(&h, "Verified"), "the Spring replay verifies");
    assert!(has(&h, "sample game of Dwar7s Spring"));
    assert!(
        h.query_by_label(&loc_label(0)).is_some(),
        "the map is drawn"
    );
    click(&mut h, "Next");
    click(&mut h, "Next");
    assert_eq!(h.state().replays.at(), 2);
    click(&mut h, "Last");
    assert_eq!(h.state().replays.at(), last);
}

#[test]
fn two_boards_play_spring_over_loopback_by_clicking() {
    let Loopback {
        host: mut a,
        joiner: mut b,
        seats,
        _keep,
    } = two_boards_over_loopback::<SpringView>(&SpringOptions::default());
    assert_eq!(seats, (Some(Seat(0)), Some(Seat(1))));
    let mut dice = Dice(0x2545_f491_4f6c_dd1d);
    let mut moves = 0u32;
    loop {
        until_both(
            &mut a,
            &mut b,
            "the same position on both boards",
            |a, b| same_settled_position(a.state(), b.state()),
        );
        if a.state().mirror.state.to_act() == Actor::Over {
            break;
        }
        assert!(moves < 3000, "the game ends within 3000 moves");
        let mover = if a.state().legal_for_viewer().is_empty() {
            &mut b
        } else {
            &mut a
        };
        let (action, seq) = {
            let t = mover.state();
            let Actor::Seat(acting) = t.mirror.state.to_act() else {
                panic!("a seat acts, not {:?}", t.mirror.state.to_act())
            };
            assert_eq!(
                t.viewer,
                Viewer::Seat(acting),
                "only the acting seat's board offers moves"
            );
            assert!(t.mirror.error.is_none(), "{:?}", t.mirror.error);
            (choose(&t.legal_for_viewer(), &mut dice), t.mirror.seq)
        };
        play_by_clicking(mover, &action);
        until_both(&mut a, &mut b, "the move applied on both boards", |a, b| {
            a.state().mirror.seq == seq + 1 && b.state().mirror.seq == seq + 1
        });
        moves += 1;
    }
    for h in [&a, &b] {
        let t = h.state();
        assert_eq!(t.mirror.seq, moves, "every move clicked was played once");
        assert!(t.mirror.state.outcome().is_some());
        assert!(t.mirror.error.is_none(), "{:?}", t.mirror.error);
    }
    assert_eq!(
        a.state().mirror.state,
        b.state().mirror.state,
        "both boards end in one state"
    );
}

#[test]
fn a_fight_is_revealed_card_by_card_then_its_result() {
    use super::view::GameView;
    use dwarfs_spring::SpringEvent as E;
    let game = Spring::test_position(2);
    let reveal = [
        E::HeroesRevealed {
            seat: 0,
            wild: 0,
            fight: true,
            cards: vec![0, 1, 2],
            successes: 1,
            total: 5,
        },
        E::MonsterDefeated { seat: 0, card: 0 },
    ];
    let shown = |h: &H| h.query_all_by_label_contains("revealed ").count();
    let table = |game: &Spring| {
        let mut t =
            Table::<SpringView>::from_state(game.clone(), vec![person("Ann"), person("Bob")], 0);
        t.curtain = None;
        t.view.on_events(&t.mirror.state, &reveal);
        t
    };
    // The first card at once, one more every 0.7 s of the board's clock (a frame is 0.25 s
    // here), the result last.
    let mut h = harness(table(&game));
    h.run_steps(1);
    assert!((1..3).contains(&shown(&h)), "not every card at once");
    assert!(h.query_by_label_contains("is defeated").is_none());
    h.run_steps(8);
    assert_eq!(shown(&h), 3, "every card in time");
    assert!(h.query_by_label("revealed Shieldmaiden").is_some());
    assert!(h.query_by_label_contains("is defeated").is_some());
    // Or every card at once (on a board whose frames are 0.01 s apart).
    let mut h: H = Harness::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .with_step_dt(0.01)
        .build_ui_state(
            |ui, t: &mut Table<SpringView>| {
                let _ = game_screen::game(ui, t);
            },
            table(&game),
        );
    h.run_steps(1);
    assert_eq!(shown(&h), 1);
    h.get_by_label(super::spring_view::words::REVEAL_ALL)
        .click_accesskit();
    h.run_steps(2);
    assert_eq!(shown(&h), 3);
}

#[test]
fn a_hotseat_game_of_spring_against_a_bot_goes_from_the_menu_to_the_end_screen() {
    super::tests_boards::hotseat_against_a_bot_to_the_end::<SpringView>("Dwar7s Spring");
}

#[test]
fn the_replay_viewer_reveals_a_fight_card_by_card_when_stepped_onto_it() {
    use super::tests::{app, click, harness, has};
    use dwarfs_gui::replay;
    use dwarfs_spring::SpringEvent as E;
    // A recorded game with a fight of two cards or more, and the move that reveals it.
    let (bytes, at, cards) = (1..40)
        .find_map(|seed| {
            let bytes = replay::sample::<Spring>(&SpringOptions::default(), 3, seed).unwrap();
            let r = replay::load::<Spring>(&bytes, "sample".into()).unwrap();
            r.positions.iter().enumerate().find_map(|(i, p)| {
                p.events.iter().find_map(|e| match e {
                    E::HeroesRevealed {
                        fight: true, cards, ..
                    } if cards.len() >= 2 => Some((bytes.clone(), i, cards.len())),
                    _ => None,
                })
            })
        })
        .expect("a sample game with a fight of two cards or more");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fight.replay");
    std::fs::write(&path, bytes).unwrap();
    let mut a = app();
    a.open("replay").expect("a known screen");
    let platform = a.platform.clone();
    a.replays.open_path(path.to_str().unwrap(), &*platform);
    let mut h = harness(a);
    h.run_steps(2);
    assert!(has(&h, "Verified"), "the replay verifies");
    let shown =
        |h: &Harness<'static, super::DwarfsApp>| h.query_all_by_label_contains("revealed ").count();
    // Just before the fight nothing is being revealed.
    h.state_mut().replays.go_to(at - 1);
    h.run_steps(2);
    assert_eq!(h.state().replays.at(), at - 1);
    let before = shown(&h);
    // One step onto the fight: its cards come one at a time, as on the live board.
    click(&mut h, "Next");
    assert_eq!(h.state().replays.at(), at);
    let mut seen = vec![shown(&h)];
    for _ in 0..(cards * 4) {
        h.run_steps(1);
        if seen.last() != Some(&shown(&h)) {
            seen.push(shown(&h));
        }
    }
    assert!(
        before == 0 || before != seen[0],
        "the fight's reveal replaced what was shown before"
    );
    assert_eq!(
        seen,
        (1..=cards).collect::<Vec<_>>(),
        "the {cards} cards are revealed one by one"
    );
    assert!(
        has(&h, "is defeated") || has(&h, "holds its ground"),
        "the fight's result is shown after the last card"
    );
}
