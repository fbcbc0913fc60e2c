//! UI tests of the Dwar7s Winter board (egui_kittest): a whole hotseat game played by clicking
//! (hands chosen in secret, music answered by the other player), a solitaire game from the menu
//! to the end screen with its rank, every kind of legal action reachable by its clicks, and a
//! spectator who sees no hand.

use super::table::Table;
use super::tests_boards::{
    Dice, Loopback, board_harness, hotseat_turn, lift_curtain, person, same_settled_position,
    two_boards_over_loopback, until_both,
};
use super::winter_view::WinterView;
use super::winter_view::clicks::clicks;
use super::winter_view::words::card_label;
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_winter::{Card, Pick, Stage, Winter, WinterAction, WinterOptions, Zone};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

type H = Harness<'static, Table<WinterView>>;

/// A headless harness drawing the game screen of `table`.
fn harness(table: Table<WinterView>) -> H {
    board_harness(table)
}

/// The seat that plays next at the table: the acting seat, or the shown deciding seat.
fn acting(t: &Table<WinterView>) -> Seat {
    match (t.mirror.state.to_act(), t.viewer) {
        (Actor::Seat(s), _) => s,
        (Actor::Simultaneous(set), Viewer::Seat(v)) if set.contains(v) => v,
        (a, v) => panic!("nobody at the screen acts: {a:?}, viewer {v:?}"),
    }
}

/// Plays `action` by clicking what the board offers for it, and checks it was played. `get`
/// finds the table in the harness state.
fn play_by_clicking<S>(
    h: &mut Harness<'static, S>,
    get: impl Fn(&S) -> &Table<WinterView>,
    action: &WinterAction,
) {
    let (labels, seq) = {
        let t = get(h.state());
        let me = acting(t);
        (
            clicks(
                action,
                &t.mirror.state.stage(),
                me,
                &t.mirror.state.pool(),
                &t.mirror.state.legal_actions_for_vec(me),
            ),
            t.mirror.seq,
        )
    };
    for l in labels {
        let n = h.query_all_by_label(&l).count();
        assert_eq!(n, 1, "one widget labelled {l:?} to play {action:?}");
        h.get_by_label(&l).click_accesskit();
        h.run_steps(2);
    }
    let t = get(h.state());
    assert_eq!(
        t.mirror.seq,
        seq + 1,
        "clicking played {action:?} (refusal: {:?})",
        t.mirror.error
    );
}

/// The test player: takes on monsters and disasters when it can, answers music with a card when
/// it has one, plays music and acquires heroes often, and otherwise plays at random, ending its
/// turn now and then so that the game moves on.
fn choose(game: &Winter, legal: &[WinterAction], dice: &mut Dice) -> WinterAction {
    use WinterAction as A;
    let pick = |dice: &mut Dice, f: &dyn Fn(&A) -> bool| -> Option<A> {
        let v: Vec<&A> = legal.iter().filter(|a| f(a)).collect();
        (!v.is_empty()).then(|| *v[dice.below(v.len())])
    };
    if let Some(a) = pick(dice, &|a| {
        matches!(a, A::Defeat { .. } | A::Overcome { .. })
    }) {
        return a;
    }
    match game.stage() {
        Stage::Music(m) if m.effect.is_none() => {
            if let Some(a) = pick(dice, &|a| matches!(a, A::PlayCard { .. })) {
                return a;
            }
            return A::Done;
        }
        Stage::Turn => {
            let r = dice.below(10);
            if r < 3
                && let Some(a) = pick(dice, &|a| matches!(a, A::PlayMusic(_)))
            {
                return a;
            }
            if r < 5
                && let Some(a) = pick(dice, &|a| matches!(a, A::Acquire { .. }))
            {
                return a;
            }
            if r == 9 {
                return A::Done;
            }
        }
        _ => {}
    }
    legal[dice.below(legal.len())]
}

/// [`choose`], steered towards cards with a choice: a hand with as many acquired heroes and
/// sages as possible, and the harp (the sage's instrument) when it may be played.
fn steer(game: &Winter, legal: &[WinterAction], dice: &mut Dice) -> WinterAction {
    use WinterAction as A;
    let special = |m: u64| (m >> dwarfs_winter::data::SAGE).count_ones();
    if let Some(best) = legal
        .iter()
        .filter_map(|a| match a {
            A::ChooseHand(m) => Some(special(*m)),
            _ => None,
        })
        .max()
    {
        let v: Vec<&A> = legal
            .iter()
            .filter(|a| matches!(a, A::ChooseHand(m) if special(*m) == best))
            .collect();
        return *v[dice.below(v.len())];
    }
    let harp = A::PlayMusic(dwarfs_winter::Instrument::Harp);
    if legal.contains(&harp) && dice.below(2) == 0 {
        return harp;
    }
    choose(game, legal, dice)
}

/// The kind of an action, for the record of what was played.
fn kind(game: &Winter, seat: Seat, a: &WinterAction) -> String {
    let name = format!("{a:?}");
    let variant = name.split([' ', '(', '{']).next().unwrap_or("").to_string();
    match (game.stage(), a) {
        (Stage::Music(m), WinterAction::PlayCard { .. }) if m.leader != seat => {
            "Answer".to_string()
        }
        (Stage::Music(m), _) if m.effect.is_some() => format!("Effect/{variant}"),
        _ => variant,
    }
}

/// The kinds of action the whole hotseat game plays at least once.
const WANTED: [&str; 8] = [
    "Place",
    "Move",
    "Acquire",
    "PlayMusic",
    "PlayCard",
    "Answer",
    "ChooseHand",
    "Done",
];

#[test]
fn a_whole_hotseat_game_of_winter_is_played_by_clicking() {
    let table = Table::<WinterView>::new(
        &WinterOptions::default(),
        vec![person("Ann"), person("Bob")],
        0,
    )
    .expect("2 players");
    let mut h = harness(table);
    h.run_steps(2);
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    let mut played = std::collections::BTreeSet::new();
    let mut moves = 0;
    while h.state().mirror.state.to_act() != Actor::Over {
        assert!(moves < 3000, "the game ends within 3000 moves");
        lift_curtain(&mut h);
        let (action, me) = {
            let t = h.state();
            let (me, legal) = hotseat_turn(t);
            // Each kind of action is played by clicking the first time it may be; otherwise
            // the test player chooses.
            let first = legal.iter().find(|a| {
                let k = kind(&t.mirror.state, me, a);
                WANTED.contains(&k.as_str()) && !played.contains(&k)
            });
            (
                first
                    .copied()
                    .unwrap_or_else(|| choose(&t.mirror.state, &legal, &mut dice)),
                me,
            )
        };
        // Only the viewer's own hand is shown: no card of the other's hand that the viewer
        // does not own too.
        {
            let g = &h.state().mirror.state;
            let mine = g.player(me).deck;
            let theirs = g.player(Seat(1 - me.0)).hand;
            for c in Card::in_mask(theirs & !mine) {
                assert!(
                    h.query_by_label(&card_label(c)).is_none(),
                    "the other player's {} is not shown",
                    c.name()
                );
            }
        }
        played.insert(kind(&h.state().mirror.state, me, &action));
        play_by_clicking(&mut h, |t| t, &action);
        moves += 1;
    }
    h.run_steps(2);
    let t = h.state();
    let outcome = t
        .mirror
        .state
        .outcome()
        .expect("the game is over with an outcome");
    for k in [
        "Place",
        "Move",
        "Acquire",
        "PlayMusic",
        "PlayCard",
        "Answer",
        "ChooseHand",
        "Done",
    ] {
        assert!(
            played.contains(k),
            "a {k} was played by clicking: {played:?}"
        );
    }
    let log: Vec<&str> = t.mirror.log.iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.iter().any(|l| l.starts_with("Week 2 begins")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|l| l.starts_with("The castle falls") || *l == "The winter is survived"),
        "{log:?}"
    );
    assert_eq!(outcome.scores.len(), 2);
}

#[test]
fn a_spectator_sees_the_board_and_no_hand() {
    let mut t = super::demos::winter_demo_table(80);
    t.viewer = Viewer::Spectator;
    let mut h = harness(t);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("Spectating: hands are hidden")
            .is_some()
    );
    assert!(h.query_all_by_label_contains("card ").next().is_none());
    let g = &h.state().mirror.state;
    assert!(
        g.player_boards().iter().any(|p| p.hand != 0),
        "someone holds cards"
    );
    for z in Zone::all() {
        assert!(
            h.query_by_label(&format!("zone {}", z.name())).is_some(),
            "zone {} is drawn",
            z.name()
        );
    }
    for (m, _) in g.monsters() {
        let l = super::winter_view::words::monster_label(m);
        assert!(h.query_by_label(&l).is_some(), "{l} is drawn");
    }
    assert!(
        h.query_by_label_contains("Castle: ").is_some(),
        "the danger line"
    );
}

#[test]
fn every_legal_action_of_sampled_positions_is_played_by_its_clicks() {
    let mut checked = std::collections::BTreeSet::new();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 1..=24u64 {
        let players = 1 + (seed % 4) as u8;
        let options = WinterOptions {
            legendary: seed % 2 == 0,
            ..WinterOptions::default()
        };
        let mut game = Winter::new(&options, players).unwrap();
        let mut dice = Dice(0x9e37_79b9_7f4a_7c15 ^ seed);
        let mut n = seed as u8;
        while game.to_act() != Actor::Over {
            let s = match game.to_act() {
                Actor::Chance => {
                    n = n.wrapping_add(1);
                    game.resolve_chance([n; 32]).unwrap();
                    continue;
                }
                Actor::Simultaneous(set) => set.iter().next().unwrap(),
                Actor::Seat(s) => s,
                Actor::Over => unreachable!(),
            };
            let legal = game.legal_actions_for_vec(s);
            // Each kind of action once per stage kind (and pick kind) and game, to keep the test
            // short.
            for a in &legal {
                let stage = format!("{:?}", game.stage());
                let stage = stage.split([' ', '(', '{']).next().unwrap_or("");
                let pick = match a {
                    WinterAction::PlayCard { pick, .. } => {
                        let p = format!("{pick:?}");
                        p.split('(').next().unwrap_or("").to_string()
                    }
                    // Which dwarf: a legendary one, or another player's.
                    WinterAction::Place { kind, .. } => format!("{kind:?}"),
                    WinterAction::Move { owner, kind, .. } => {
                        let whose = if *owner == s { "own" } else { "other's" };
                        format!("{whose} {kind:?}")
                    }
                    _ => String::new(),
                };
                let k = format!("{stage}/{}/{pick}", kind(&game, s, a));
                checked.insert(k.clone());
                if !seen.insert((seed, k)) {
                    continue;
                }
                let seats = (0..players).map(|i| person(&format!("P{i}"))).collect();
                let mut t = Table::from_state(game.clone(), seats, 0);
                t.viewer = Viewer::Seat(s);
                t.curtain = None;
                let mut h = harness(t);
                h.run_steps(2);
                play_by_clicking(&mut h, |t| t, a);
            }
            let a = steer(&game, &legal, &mut dice);
            game.play(s, &a).unwrap();
        }
    }
    let has = |k: &str| checked.iter().any(|c| c.contains(k));
    for k in [
        "Defenders/Place",
        "Turn/Place",
        "Turn/Move",
        "Turn/Acquire",
        "Turn/PlayMusic",
        "Turn/Done",
        "Music/PlayCard/Nothing",
        "Music/PlayCard/Resource",
        "Music/Answer",
        "Music/Done",
        "Music/Effect/Move/other's",
        "Music/Effect/Place",
        "Turn/Place/ThunderKing",
        "Turn/Place/IceWarrior",
        "Music/Effect/Done",
        "/Legend",
        "/Dwarf",
        "/Slot",
        "Turn/Defeat",
        "Turn/Overcome",
        "Push/Push",
        "Attack/Attack",
        "Prepare/ChooseHand",
        "Prepare/PickCard",
    ] {
        assert!(has(k), "an action {k} was checked: {checked:?}");
    }
    assert!(
        checked.len() >= 35,
        "{} kinds checked: {checked:?}",
        checked.len()
    );
    assert!(seen.len() >= 150, "{} actions clicked", seen.len());
}

#[test]
fn a_solitaire_game_goes_from_the_menu_to_the_end_screen_with_its_result() {
    use super::tests::{app, click, harness, has};
    use dwarfs_engine::{Bot, SeatView};
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "Dwar7s Winter");
    assert!(has(&h, "Hotseat — Dwar7s Winter"));
    while h.query_all_by_label("Remove").next().is_some() {
        click(&mut h, "Remove");
    }
    assert_eq!(h.state().lobby.seats.len(), 1, "a game against nobody");
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, super::Screen::Game);
    fn table(a: &super::DwarfsApp) -> &Table<WinterView> {
        a.table_of::<WinterView>().expect("a Winter table")
    }
    assert!(table(h.state()).mirror.state.solo(), "a solitaire game");
    // The player clicks what the game's greedy bot would choose from the player's view.
    let mut player = dwarfs_winter::GreedyBot::new(3);
    let mut moves = 0;
    while h.state().screen == super::Screen::Game {
        assert!(moves < 2000, "the game ends within 2000 moves");
        let action = {
            let t = table(h.state());
            let legal = t.legal_for_viewer();
            assert!(
                !legal.is_empty(),
                "the player acts: {:?}",
                t.mirror.state.to_act()
            );
            let i = player.choose(&SeatView::new(&t.mirror.state, Seat(0)), &legal);
            legal[i]
        };
        play_by_clicking(&mut h, table, &action);
        h.run_steps(1);
        moves += 1;
    }
    assert_eq!(h.state().screen, super::Screen::End);
    h.run_steps(2);
    let (outcome, rank) = {
        let t = table(h.state());
        // The score chart has a point per week, though the one seat always acts.
        let weeks = t.mirror.state.week() as usize;
        assert!(
            t.history.len() > weeks,
            "{} points for {weeks} weeks",
            t.history.len()
        );
        (t.outcome().expect("over"), t.mirror.state.solo_rank())
    };
    assert!(has(&h, "Final scores"));
    assert!(has(&h, &outcome.summary), "{}", outcome.summary);
    if outcome.all_lost {
        assert!(
            has(&h, " lost") && !has(&h, "Everyone lost"),
            "a game of one is lost by its player"
        );
        assert!(outcome.summary.contains("The castle fell"));
    } else {
        let rank = rank.map_or("below every rank", |r| r.title());
        assert!(has(&h, rank), "the rank {rank} is shown");
    }
}

#[test]
fn a_card_with_a_choice_shows_its_choices_and_plays_the_one_clicked() {
    // A position in music where a card of the viewer's hand needs a choice (the sage of the
    // Legendary! expansion, at the latest).
    let options = WinterOptions {
        legendary: true,
        ..WinterOptions::default()
    };
    let mut game = Winter::new(&options, 2).unwrap();
    let mut dice = Dice(77);
    let mut n = 0u8;
    let found = loop {
        assert!(
            game.to_act() != Actor::Over,
            "a card with a choice comes up"
        );
        let s = match game.to_act() {
            Actor::Chance => {
                n = n.wrapping_add(1);
                game.resolve_chance([n; 32]).unwrap();
                continue;
            }
            Actor::Simultaneous(set) => set.iter().next().unwrap(),
            Actor::Seat(s) => s,
            Actor::Over => unreachable!(),
        };
        let legal = game.legal_actions_for_vec(s);
        if let Some(a) = legal
            .iter()
            .find(|a| matches!(a, WinterAction::PlayCard { pick, .. } if *pick != Pick::Nothing))
        {
            break (s, *a);
        }
        let a = steer(&game, &legal, &mut dice);
        game.play(s, &a).unwrap();
    };
    let (s, action) = found;
    let WinterAction::PlayCard { card, .. } = action else {
        unreachable!()
    };
    let seats = vec![person("Ann"), person("Bob")];
    let mut t = Table::from_state(game, seats, 0);
    t.viewer = Viewer::Seat(s);
    t.curtain = None;
    let mut h = harness(t);
    h.run_steps(2);
    let seq = h.state().mirror.seq;
    h.get_by_label(&card_label(card)).click_accesskit();
    h.run_steps(2);
    assert_eq!(h.state().mirror.seq, seq, "the card waits for its choice");
    assert!(
        h.query_by_label_contains(&format!("How to play {}", card.name()))
            .is_some()
    );
    assert!(h.query_by_label("Cancel").is_some());
    h.get_by_label("Cancel").click_accesskit();
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("How to play").is_none(),
        "cancelled"
    );
    play_by_clicking(&mut h, |t| t, &action);
}

#[test]
fn the_winter_demo_screens_open() {
    use super::tests::{app, harness, has};
    let t = super::demos::winter_prepare_demo_table();
    assert_eq!(t.mirror.state.stage(), Stage::Prepare);
    let mut h = self::harness(t);
    h.run_steps(2);
    assert!(
        h.query_by_label(super::winter_view::words::CHOOSE_HAND)
            .is_some()
    );
    let mut a = app();
    a.open("winter-end").expect("a known screen");
    let mut h = harness(a);
    h.run_steps(2);
    let verdict = {
        let t = h.state().table_of::<WinterView>().expect("a Winter table");
        t.outcome()
            .expect("the game is over")
            .verdict(|s| t.seat_label(s))
    };
    assert!(has(&h, &verdict), "the verdict {verdict:?} is shown");
    assert!(has(&h, "Final scores"));
}

#[test]
fn the_end_screen_of_a_survived_solitaire_game_shows_the_rank_reached() {
    use super::tests::{app, harness, has};
    let mut a = app();
    a.open("winter-end").expect("a known screen");
    let rank = {
        let t = a.table_of::<WinterView>().expect("a Winter table");
        assert!(t.mirror.state.solo(), "a solitaire game");
        t.mirror
            .state
            .solo_rank()
            .expect("the greedy bot reaches a rank in some solitaire game")
    };
    let mut h = harness(a);
    h.run_steps(2);
    assert!(has(&h, "Final scores"));
    assert!(has(&h, "You (Blue) won"), "the verdict");
    assert!(
        has(&h, &format!("You survived the winter: {}", rank.title())),
        "the rank {} is shown",
        rank.title()
    );
}

#[test]
fn the_replay_viewer_opens_a_winter_replay_and_steps_through_it_on_the_board() {
    use super::tests::{app, click, harness, has};
    let mut a = app();
    a.replays.open_sample_of(crate::games::GameKind::Winter);
    a.screen = super::Screen::Replays;
    let mut h = harness(a);
    h.run_steps(2);
    let last = h.state().replays.positions();
    assert!(last > 10, "a whole game: {last} moves");
    assert!(has(&h, "Verified"), "the Winter replay verifies");
    assert!(has(&h, "sample game of Dwar7s Winter"));
    click(&mut h, "Next");
    click(&mut h, "Next");
    assert_eq!(h.state().replays.at(), 2);
    // The board view draws the position: its zones and the castle's danger line.
    assert!(h.query_by_label("zone Castle").is_some());
    assert!(has(&h, "Castle: "));
    click(&mut h, "Last");
    assert_eq!(h.state().replays.at(), last);
}

/// Clicks the widgets that play `action` on a networked board (the move is applied later).
fn click_plan(h: &mut H, action: &WinterAction) {
    let labels = {
        let t = h.state();
        clicks(
            action,
            &t.mirror.state.stage(),
            acting(t),
            &t.mirror.state.pool(),
            &t.mirror.state.legal_actions_for_vec(acting(t)),
        )
    };
    for l in labels {
        h.get_by_label(&l).click_accesskit();
        h.run_steps(2);
    }
}

#[test]
fn two_boards_play_winter_over_loopback_choosing_hands_in_secret() {
    let Loopback {
        host: mut a,
        joiner: mut b,
        _keep,
        ..
    } = two_boards_over_loopback::<WinterView>(&WinterOptions::default());
    let mut dice = Dice(0x2545_f491_4f6c_dd1d);
    let mut hands = 0;
    let mut moves = 0u32;
    // Two weeks are enough to choose hands twice in secret and play music across the network.
    while hands < 4 {
        until_both(
            &mut a,
            &mut b,
            "the same position on both boards",
            |a, b| same_settled_position(a.state(), b.state()),
        );
        if a.state().mirror.state.to_act() == Actor::Over {
            break;
        }
        assert!(moves < 1000, "two weeks take fewer than 1000 moves");
        let seq = a.state().mirror.seq;
        let mut clicked = 0;
        for h in [&mut a, &mut b] {
            let legal = h.state().legal_for_viewer();
            if legal.is_empty() {
                continue;
            }
            let action = choose(&h.state().mirror.state, &legal, &mut dice);
            if matches!(action, WinterAction::ChooseHand(_)) {
                hands += 1;
                // The other's choice is not known to this board before it chooses.
                let other = Seat(1 - acting(h.state()).0);
                assert_eq!(
                    h.state().mirror.state.player(other).hand,
                    0,
                    "no hand leaks"
                );
            }
            click_plan(h, &action);
            clicked += 1;
        }
        // A secret step is one move, however many seats choose in it.
        until_both(&mut a, &mut b, "the move applied on both boards", |a, b| {
            a.state().mirror.seq == seq + 1 && b.state().mirror.seq == seq + 1
        });
        moves += clicked;
    }
    assert_eq!(hands, 4, "both players chose a hand in two weeks");
    for h in [&a, &b] {
        let t = h.state();
        assert!(t.mirror.error.is_none(), "{:?}", t.mirror.error);
        assert!(t.mirror.state.week() >= 2);
    }
}

#[test]
fn who_goes_home_after_a_defeat_is_chosen_with_a_button_after_the_monster() {
    use dwarfs_winter::{DwarfKind, MonsterId, Squad};
    let mut g = Winter::test_position(
        WinterOptions {
            legendary: true,
            ..WinterOptions::default()
        },
        2,
    );
    // A 2-dwarf monster with the Ice Warrior and 2 workers there: the Ice Warrior alone, or
    // the 2 workers.
    let m = (0..32)
        .map(MonsterId)
        .find(|m| m.is_valid() && m.card().dwarfs == 2)
        .expect("a 2-dwarf monster");
    let zone = Zone::all().find(|z| *z != Zone::CASTLE).unwrap();
    g.put_monster(m, zone);
    let p = g.player_mut(Seat(0));
    p.resources = [7; 4];
    p.home[DwarfKind::Worker.index()] -= 3;
    p.legends |= 1 << DwarfKind::IceWarrior.index();
    p.dwarfs[DwarfKind::IceWarrior.index()][zone.index()] = 1;
    p.dwarfs[DwarfKind::Worker.index()][zone.index()] = 2;
    let mut t = Table::from_state(g, vec![person("Ann"), person("Bob")], 0);
    t.viewer = Viewer::Seat(Seat(0));
    t.curtain = None;
    let mut h = harness(t);
    h.run_steps(2);
    let ice = WinterAction::Defeat {
        monster: m,
        home: Squad {
            ice_warrior: true,
            ..Squad::default()
        },
    };
    // The click map the UI tests and the page's click plans follow: the monster, then the
    // choice's button.
    let monster = super::winter_view::words::monster_label(m);
    {
        let w = &h.state().mirror.state;
        assert_eq!(
            clicks(
                &ice,
                &w.stage(),
                Seat(0),
                &w.pool(),
                &w.legal_actions_for_vec(Seat(0))
            ),
            vec![monster.clone(), "Send home the Ice Warrior".to_string()]
        );
    }
    // The monster first: the choices appear, nothing is played yet.
    h.get_by_label(&monster).click_accesskit();
    h.run_steps(2);
    assert!(h.query_by_label("Send home 2 dwarfs").is_some());
    assert!(h.query_by_label("Send home the Ice Warrior").is_some());
    assert_eq!(h.state().mirror.seq, 0, "a choice is still to make");
    h.get_by_label("Send home the Ice Warrior")
        .click_accesskit();
    h.run_steps(2);
    let t = h.state();
    assert_eq!(t.mirror.seq, 1, "{:?}", t.mirror.error);
    let p = t.mirror.state.player(Seat(0));
    assert_eq!(p.count(DwarfKind::IceWarrior, zone), 0);
    assert_eq!(p.count(DwarfKind::Worker, zone), 2);
}

#[test]
fn the_castle_warning_says_how_close_the_castle_is_to_falling() {
    use dwarfs_winter::{DisasterId, MonsterId};
    let shown = |game: Winter| {
        let mut t = Table::from_state(game, vec![person("Ann"), person("Bob")], 0);
        t.viewer = Viewer::Seat(Seat(0));
        t.curtain = None;
        let mut h = harness(t);
        h.run_steps(2);
        h
    };
    let has = |h: &H, s: &str| h.query_all_by_label_contains(s).next().is_some();
    // Calm: one disaster, a monster at the edge.
    let mut g = Winter::test_position(WinterOptions::default(), 2);
    let edge = Zone::all().max_by_key(|z| z.distance()).unwrap();
    g.put_monster(MonsterId(0), edge);
    g.put_disaster(DisasterId(0));
    let h = shown(g.clone());
    assert!(has(&h, "Castle: 1 of 4 disasters active"));
    assert!(has(
        &h,
        &format!("{}, {} steps from the castle", edge.name(), edge.distance())
    ));
    assert!(!has(&h, "DANGER"));
    // Three disasters: one more and the castle falls.
    g.put_disaster(DisasterId(1));
    g.put_disaster(DisasterId(2));
    let h = shown(g.clone());
    assert!(has(&h, "DANGER! Castle: 3 of 4 disasters active (1 more"));
    // A monster inside the castle.
    g.put_monster(MonsterId(1), Zone::CASTLE);
    let h = shown(g);
    assert!(has(&h, "INSIDE THE CASTLE"));
}

#[test]
fn every_piece_of_a_crowded_zone_is_drawn_inside_it_on_a_desktop_and_a_zoomed_phone() {
    use super::winter_view::words::{
        disaster_label, distance_label, dwarf_label, monster_label, monster_name, zone_label,
    };
    use dwarfs_winter::{DisasterId, DwarfKind, MonsterId};
    // The disaster and the two monsters with the longest names, in one zone with dwarfs of
    // both seats: a worker pair, a lone worker and the Ice Warrior.
    let disaster = (0..64)
        .map(DisasterId)
        .filter(|d| d.is_valid() && d.card().zone.distance() > 0)
        .max_by_key(|d| d.name().len())
        .unwrap();
    let zone = disaster.card().zone;
    let mut monsters: Vec<MonsterId> = (0..64).map(MonsterId).filter(|m| m.is_valid()).collect();
    monsters.sort_by_key(|m| std::cmp::Reverse(monster_name(*m).len()));
    monsters.truncate(2);
    let mut g = Winter::test_position(
        WinterOptions {
            legendary: true,
            ..WinterOptions::default()
        },
        2,
    );
    g.put_disaster(disaster);
    for m in &monsters {
        g.put_monster(*m, zone);
    }
    let p = g.player_mut(Seat(0));
    p.home[DwarfKind::Worker.index()] -= 2;
    p.dwarfs[DwarfKind::Worker.index()][zone.index()] = 2;
    p.legends |= 1 << DwarfKind::IceWarrior.index();
    p.dwarfs[DwarfKind::IceWarrior.index()][zone.index()] = 1;
    let p = g.player_mut(Seat(1));
    p.home[DwarfKind::Worker.index()] -= 1;
    p.dwarfs[DwarfKind::Worker.index()][zone.index()] = 1;
    let mut pieces: Vec<String> = monsters.iter().map(|m| monster_label(*m)).collect();
    pieces.push(disaster_label(disaster));
    pieces.push(dwarf_label(Seat(0), DwarfKind::Worker, zone));
    pieces.push(dwarf_label(Seat(0), DwarfKind::IceWarrior, zone));
    pieces.push(dwarf_label(Seat(1), DwarfKind::Worker, zone));
    for size in [egui::vec2(390.0, 844.0), egui::vec2(1400.0, 900.0)] {
        let mut t = Table::from_state(g.clone(), vec![person("Ann"), person("Bob")], 0);
        t.viewer = Viewer::Seat(Seat(0));
        t.curtain = None;
        let mut h = Harness::builder()
            .with_size(size)
            .with_max_steps(64)
            .build_ui_state(
                |ui, t: &mut Table<WinterView>| {
                    let _ = super::game_screen::game(ui, t);
                },
                t,
            );
        h.run_steps(2);
        // A phone's board zooms in (a desktop's has no zoom): as far as it goes.
        let phone = size.x < 500.0;
        assert_eq!(h.query_by_label("Zoom in").is_some(), phone, "{size:?}");
        let mut presses = 0;
        while phone && !h.get_by_label("Zoom in").accesskit_node().is_disabled() {
            h.get_by_label("Zoom in").click();
            h.run_steps(2);
            presses += 1;
            assert!(presses < 20, "the zoom has no end");
        }
        let area = h.get_by_label(&zone_label(zone)).rect();
        let tag = h.query_by_label(&distance_label(zone)).map(|n| n.rect());
        let rects: Vec<(String, egui::Rect)> = pieces
            .iter()
            .map(|l| (l.clone(), h.get_by_label(l).rect()))
            .collect();
        for (i, (l, r)) in rects.iter().enumerate() {
            assert!(
                area.contains_rect(*r),
                "{size:?}: {l} {r:?} spills out of {area:?}"
            );
            if let Some(t) = tag {
                assert!(
                    !t.intersects(*r),
                    "{size:?}: {l} {r:?} under the distance tag {t:?}"
                );
            }
            for (m, q) in &rects[i + 1..] {
                assert!(!r.intersects(*q), "{size:?}: {l} {r:?} over {m} {q:?}");
            }
        }
    }
}
