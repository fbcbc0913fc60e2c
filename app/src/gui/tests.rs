//! UI tests (egui_kittest) that drive the real app by its labels, headless.

use super::lobby::LobbySeat;
use super::net::NetSetup;
use super::settings::ConfigDir;
use super::{DwarfsApp, Screen};
use dwarfs_engine::{Actor, Bot, Game, RandomBot};
use dwarfs_fall::rules_text::capital;
use dwarfs_fall::{Colour, FallAction, HandCard};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// A fresh app with no config directory, instant bots and a known player name. Its network
/// stays on loopback with no mDNS, and keeps no replays.
pub(super) fn app() -> DwarfsApp {
    let mut a = DwarfsApp::new(ConfigDir(None));
    a.settings.bot_delay_ms = 0;
    a.settings.name = "Tester".into();
    // Loopback games ask no router for a port.
    a.settings.upnp = false;
    a.net_setup = NetSetup {
        ip: "127.0.0.1".into(),
        mdns: false,
        key: Some(std::env::temp_dir().join("dwarfs-gui-test.key")),
        replay_dir: None,
        gone_timeout_s: 0,
    };
    a
}

/// The settings of a player called `name` on loopback (no router asked for a port).
pub(super) fn player(name: &str) -> super::settings::Settings {
    super::settings::Settings {
        name: name.into(),
        upnp: false,
        ..Default::default()
    }
}

/// A headless harness around the whole app, at a desktop window size.
pub(super) fn harness(app: DwarfsApp) -> Harness<'static, DwarfsApp> {
    Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut DwarfsApp| app.ui(ui), app)
}

/// Clicks the node with exactly this label and lets the UI settle.
pub(super) fn click(h: &mut Harness<'static, DwarfsApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

pub(super) fn has(h: &Harness<'static, DwarfsApp>, label: &str) -> bool {
    h.query_all_by_label_contains(label).next().is_some()
}

#[test]
fn menu_navigation_reaches_every_screen_and_back() {
    let mut h = harness(app());
    for (entry, screen, marker) in [
        ("Settings", Screen::Settings, "Player name"),
        (
            "Join a game",
            Screen::Join,
            "Paste the ticket your host sent you",
        ),
        ("Hotseat", Screen::Lobby, "Hotseat — Dwar7s Fall"),
        ("Host a game", Screen::Lobby, "Host a game — Dwar7s Fall"),
        ("Replays", Screen::Replays, "Open sample game"),
    ] {
        click(&mut h, entry);
        assert_eq!(h.state().screen, screen, "after clicking {entry}");
        assert!(has(&h, marker), "{marker:?} is shown after {entry}");
        click(&mut h, "Menu");
        assert_eq!(h.state().screen, Screen::Menu);
    }
}

#[test]
fn a_pasted_ticket_is_checked_and_a_bad_one_is_explained() {
    let mut h = harness(app());
    click(&mut h, "Join a game");
    h.state_mut().join.ticket = "hello".into();
    click(&mut h, "Join");
    assert!(has(&h, "not a dwarfs ticket"));
}

#[test]
fn a_ticket_names_its_game_and_an_unknown_game_is_refused() {
    let ticket = |game: &str| {
        dwarfs_net::Ticket {
            game: game.into(),
            game_id: [7; 32],
            host: dwarfs_net::PeerId::random(),
            addrs: vec!["/ip4/127.0.0.1/tcp/4001".parse().unwrap()],
        }
        .encode()
    };
    assert_eq!(
        super::menu::ticket_game(&ticket("hold")),
        Ok(crate::games::GameKind::Hold)
    );
    assert!(super::menu::check_ticket(&ticket("fall")).is_ok());
    let chess = super::menu::check_ticket(&ticket("chess")).unwrap_err();
    assert!(
        chess.contains("\"chess\"") && chess.contains("does not know"),
        "{chess}"
    );
    // The join screen says it.
    let mut h = harness(app());
    click(&mut h, "Join a game");
    h.state_mut().join.ticket = ticket("chess");
    click(&mut h, "Join");
    assert_eq!(h.state().screen, Screen::Join);
    assert!(has(&h, "does not know"));
}

#[test]
fn settings_edit_and_save_changes_the_menu() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = app();
    a.platform = std::rc::Rc::new(super::platform::Desktop {
        config: ConfigDir(Some(dir.path().to_path_buf())),
        replay_dir: None,
    });
    let mut h = harness(a);
    click(&mut h, "Settings");
    h.state_mut().draft.name = "Gimli".into();
    click(&mut h, "Green");
    click(&mut h, "Save");
    assert!(dir.path().join("settings.json").exists());
    click(&mut h, "Menu");
    assert!(has(&h, "Playing as Gimli (Green)"));
    // Reloading reads them back.
    let again = DwarfsApp::new(ConfigDir(Some(dir.path().to_path_buf())));
    assert_eq!(again.settings.name, "Gimli");
    assert_eq!(again.settings.colour, 2);
}

#[test]
fn lobby_fills_with_bots_and_refuses_to_start_while_seats_are_open() {
    let mut h = harness(app());
    click(&mut h, "Host a game");
    // One open seat: start is refused with a reason.
    assert!(has(&h, "open seats wait for players"));
    click(&mut h, "Add seat");
    click(&mut h, "Add seat");
    assert_eq!(h.state().lobby.seats.len(), 4);
    click(&mut h, "Fill with bots");
    assert_eq!(
        h.state().lobby.seats[1..],
        [LobbySeat::Bot, LobbySeat::Bot, LobbySeat::Bot]
    );
    assert!(has(&h, "Bot 4"));
    // The host is not ready yet.
    assert!(has(&h, "I'm ready"));
    click(&mut h, "I'm ready");
    assert!(has(&h, "4 seats ready"));
    // An open seat again: the game cannot start locally, and the lobby offers to open itself
    // to the network for it.
    h.state_mut().lobby.seats[3] = LobbySeat::Open;
    h.run_steps(2);
    assert!(has(&h, "open seats wait for players"));
    assert!(has(&h, "Open lobby"));
    assert!(has(&h, "1 open seat waits for a player"));
    click(&mut h, "Fill with bots");
    assert_eq!(h.state().lobby.seats[3], LobbySeat::Bot);
}

#[test]
fn hotseat_bots_play_at_the_level_chosen_in_the_lobby() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    assert!(
        !has(&h, "I'm ready") && !has(&h, "seats ready"),
        "nobody is asked to be ready at one screen"
    );
    click(&mut h, "Fill with bots");
    assert_eq!(
        h.state().lobby.bot_level,
        Some(crate::games::Level::Normal),
        "normal by default"
    );
    assert!(has(&h, "normal bot"));
    click(&mut h, "easy");
    assert_eq!(h.state().lobby.bot_level, Some(crate::games::Level::Easy));
    assert!(has(&h, "easy bot") && !has(&h, "normal bot"));
    click(&mut h, "random");
    assert_eq!(h.state().lobby.bot_level, None);
    assert!(has(&h, "random bot"));
    // A hosted lobby's bot seats are the takeover bot, whatever the hotseat level.
    let mut h = harness(app());
    click(&mut h, "Host a game");
    click(&mut h, "Fill with bots");
    assert!(has(&h, "takeover bot, run by every peer"));
    assert!(!has(&h, "hard"), "no level to choose for network bots");
}

/// Clicks through the UI to play `action`, the way a person would (3rd-edition actions by
/// their own buttons).
pub(super) fn play_by_clicking(h: &mut Harness<'static, DwarfsApp>, action: FallAction) {
    let target = |h: &mut Harness<'static, DwarfsApp>, p: dwarfs_fall::Pos| {
        h.get_by_label_contains(&format!("target {p}:"))
            .click_accesskit();
        h.run_steps(2);
    };
    match action {
        FallAction::EndActions => click(h, "End actions"),
        FallAction::ChooseCard(k) => {
            click(h, &capital(k.name()));
            // The card's legal spots light up; pick one.
            let n = h.query_all_by_label_contains("target (").count();
            assert!(n > 0, "no spot offered for the {}", k.name());
            h.query_all_by_label_contains("target (")
                .next()
                .unwrap()
                .click_accesskit();
            h.run_steps(2);
        }
        FallAction::PlaceDwarf(p) => {
            h.get_by_label_contains("Place a dwarf").click_accesskit();
            h.run_steps(2);
            target(h, p);
        }
        FallAction::MoveDwarf { from, dir } => {
            h.get_by_label_contains(&format!("cell {from}:"))
                .click_accesskit();
            h.run_steps(2);
            target(h, from.step(dir));
        }
        FallAction::PlayOgre(o) => click(h, &format!("Play {}", o.name())),
        FallAction::TargetPlayer(s) => click(h, &format!("Target {}", Colour::ALL[s.index()])),
        FallAction::TargetDwarf { at, colour } => {
            let pick = format!("Pick the {colour} dwarf at {at}");
            if has(h, &pick) {
                click(h, &pick);
            } else {
                target(h, at);
            }
        }
        FallAction::PlaceCard(p) | FallAction::TargetCard(p) | FallAction::Dig(p) => target(h, p),
        FallAction::RevealSecret => click(h, "Reveal secret goal"),
        FallAction::BuyGoal(slot) => {
            let id = h.state().table().unwrap().mirror.state.face_up_goals()[slot as usize]
                .unwrap()
                .id;
            click(h, &format!("Buy goal {}", id + 1));
        }
        FallAction::Discard(HandCard::Gem(g)) => click(h, &format!("Discard {}", g.name())),
        FallAction::Discard(HandCard::Ogre(o)) => click(h, &format!("Discard {}", o.name())),
        FallAction::Upgrade(k) => click(h, &format!("Upgrade to {}", k.name())),
        FallAction::PlaceClass { class, at } => {
            click(h, &format!("Place {}", class.name()));
            target(h, at);
        }
        FallAction::MoveClass { class, dir } => {
            let t = h.state().table().unwrap();
            let seat = t.mirror.state.current_seat();
            let from = t
                .mirror
                .state
                .player_view(seat, dwarfs_engine::Viewer::Seat(seat))
                .unwrap()
                .classes
                .iter()
                .find(|(k, _)| *k == class)
                .and_then(|(_, at)| *at)
                .expect("the class meeple is on the board");
            click(h, &format!("Move {}", class.name()));
            target(h, from.step(dir));
        }
        FallAction::WarriorPush { colour, dir } => click(
            h,
            &format!("Warrior pushes the {colour} meeple {}", dir.name()),
        ),
        FallAction::HireHand(o) => click(h, &format!("Hire a hand: discard {}", o.name())),
        FallAction::Rotate { at, clockwise } => {
            h.get_by_label_contains(&format!("cell {at}:"))
                .click_accesskit();
            h.run_steps(2);
            click(
                h,
                if clockwise {
                    "Rotate clockwise"
                } else {
                    "Rotate counter-clockwise"
                },
            );
        }
        FallAction::TradeUp { .. } | FallAction::Orient(_) | FallAction::FinishTask { .. } => {
            let text = h.state().table().unwrap().mirror.state.describe(&action);
            click(h, &text);
        }
    }
}

#[test]
fn a_full_hotseat_game_is_played_by_clicking_to_the_end_screen() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "Add seat");
    click(&mut h, "Fill with bots");
    // Seat 0 (us) stays a person; the others are bots.
    // Random bots keep the test quick (search bots think up to a second a move).
    click(&mut h, "random");
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, Screen::Game);
    let mut chooser = RandomBot::new(5);
    let mut human_moves = 0;
    for _ in 0..4000 {
        if h.state().screen == Screen::End {
            break;
        }
        let table = h.state().table().expect("a game is on");
        let legal = table.legal_for_viewer();
        if legal.is_empty() {
            h.run_steps(1);
            continue;
        }
        let Actor::Seat(seat) = table.mirror.state.to_act() else {
            unreachable!("legal actions only at a seat's turn")
        };
        // Prefer ending the turn now and then so that the game moves on.
        let i = chooser.choose(
            &dwarfs_engine::SeatView::new(&table.mirror.state, seat),
            &legal,
        );
        let action = legal[i];
        let before = table.mirror.seq;
        play_by_clicking(&mut h, action);
        let after = h.state().table().map_or(u32::MAX, |t| t.mirror.seq);
        assert!(
            after > before || h.state().screen == Screen::End,
            "clicking for {action:?} played nothing (error: {:?})",
            h.state().table().and_then(|t| t.mirror.error.clone())
        );
        human_moves += 1;
    }
    assert_eq!(
        h.state().screen,
        Screen::End,
        "the game reached its end screen"
    );
    h.run_steps(2);
    assert!(
        human_moves > 10,
        "we played {human_moves} moves by clicking"
    );
    assert!(has(&h, "Final scores"));
    assert!(has(&h, "Score over the game"));
    let table = h.state().table().unwrap();
    let outcome = table.outcome().unwrap();
    // The end screen names the winner(s) by their seat label.
    let winner = table.seat_label(outcome.winners[0]);
    assert!(has(&h, &winner));
    // The move log holds every move in words.
    assert!(
        table.mirror.log.iter().filter(|l| l.seat.is_some()).count() as u32 == table.mirror.seq
    );
    click(&mut h, "Main menu");
    assert_eq!(h.state().screen, Screen::Menu);
}

#[test]
fn hotseat_with_two_people_hides_the_next_hand_behind_a_curtain() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "Start game");
    // Seat 0 plays until its turn ends; then the screen waits for seat 1.
    for _ in 0..200 {
        let t = h.state().table().unwrap();
        if t.curtain.is_some() {
            break;
        }
        let legal = t.legal_for_viewer();
        let a = if legal.contains(&FallAction::EndActions) {
            FallAction::EndActions
        } else {
            legal[0]
        };
        play_by_clicking(&mut h, a);
    }
    let t = h.state().table().unwrap();
    assert!(t.curtain.is_some(), "a curtain between two people's turns");
    assert!(
        t.legal_for_viewer().is_empty(),
        "nothing can be played behind the curtain"
    );
    assert!(!has(&h, "Your hand"), "no hand is drawn behind the curtain");
    click(&mut h, "Player 2 (Red): show my hand");
    assert!(has(&h, "Your hand (Red)"));
}

#[test]
fn a_replay_is_opened_verified_and_stepped() {
    let mut h = harness(app());
    click(&mut h, "Replays");
    click(&mut h, "Open sample game");
    assert!(has(&h, "Verified:"), "the sample replay verifies");
    let last = h.state().replays.positions();
    assert!(last > 10);
    assert!(has(&h, &format!("Move 0 of {last}")));
    click(&mut h, "Next");
    click(&mut h, "Next");
    assert!(has(&h, &format!("Move 2 of {last}")));
    click(&mut h, "Previous");
    assert!(has(&h, &format!("Move 1 of {last}")));
    click(&mut h, "Last");
    assert!(has(&h, &format!("Move {last} of {last}")));
    assert!(has(&h, "The game is over"));
    click(&mut h, "First");
    assert!(has(&h, &format!("Move 0 of {last}")));
    // Play steps through by itself (one move a second: a harness step is a quarter second),
    // Pause holds, and a step by hand stops it.
    click(&mut h, "Play");
    assert!(has(&h, "Pause"));
    h.run_steps(9);
    let played = h.state().replays.at();
    assert!((1..=3).contains(&played), "played to move {played}");
    click(&mut h, "Pause");
    h.run_steps(8);
    assert_eq!(h.state().replays.at(), played, "paused");
    click(&mut h, "Play");
    click(&mut h, "Next");
    assert!(has(&h, "Play"), "a step by hand stops autoplay");
    let stepped = h.state().replays.at();
    h.run_steps(8);
    assert_eq!(h.state().replays.at(), stepped);
    click(&mut h, "First");
    // A file that is not a replay gives a clear error, and the loaded replay stays.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.replay");
    std::fs::write(&bad, b"hello").unwrap();
    let platform = h.state().platform.clone();
    h.state_mut()
        .replays
        .open_path(bad.to_str().unwrap(), &*platform);
    h.run_steps(2);
    assert!(has(&h, "not a replay"));
    assert!(has(&h, &format!("Move 0 of {last}")));
}

#[test]
fn demo_screens_open_by_name() {
    let mut a = app();
    for s in [
        "menu", "settings", "join", "host", "hotseat", "game", "select", "end", "replay",
    ] {
        a.open(s).unwrap();
    }
    assert!(a.open("nope").unwrap_err().contains("unknown screen"));
}

#[test]
fn every_screen_of_the_screenshot_script_opens_and_draws() {
    let script = include_str!("../../../scripts/screenshots.sh");
    let line = script
        .lines()
        .find_map(|l| l.strip_prefix("SCREENS=("))
        .and_then(|l| l.strip_suffix(')'))
        .expect("the script lists its screens");
    let screens: Vec<&str> = line.split_whitespace().collect();
    for hold in [
        "hold",
        "hold-trade",
        "hold-end",
        "hotseat-hold",
        "replay-hold",
    ] {
        assert!(screens.contains(&hold), "the script shoots {hold}");
    }
    let unknown = app().open("nope").unwrap_err();
    for s in screens {
        assert!(unknown.contains(s), "the error message names {s}");
        let mut a = app();
        a.open(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        // Drawn only (some older screens have unnamed text fields, checked elsewhere).
        let mut h = Harness::builder()
            .with_size(egui::vec2(1400.0, 900.0))
            .with_accessibility_check(false)
            .build_ui_state(|ui, app: &mut DwarfsApp| app.ui(ui), a);
        h.run_steps(2);
        assert!(
            h.state().replays.positions() > 0 || !s.starts_with("replay"),
            "{s} opens a replay"
        );
    }
}

#[test]
fn the_network_lobby_and_lan_list_show_what_the_network_reports() {
    let mut a = app();
    a.open("joined").unwrap();
    let mut h = harness(a);
    h.run_steps(2);
    assert!(has(&h, "Joined a game — Dwar7s Fall"));
    assert!(has(&h, "Ada"));
    assert!(has(&h, "not ready"));
    assert!(has(&h, "Open — waiting for a player"));
    assert!(has(&h, "takeover bot, run by every peer"));
    assert!(has(&h, "I'm ready"));
    // The joiner cannot change the host's seats.
    assert!(!has(&h, "Add seat") && !has(&h, "Fill with bots"));
    let mut a = app();
    a.open("lan").unwrap();
    let mut h = harness(a);
    h.run_steps(2);
    assert!(has(&h, "Ada's game of Dwar7s Fall"));
    assert!(has(&h, "2 of 4 seats open"));
    assert!(has(&h, "Gimli's game of Dwarf Hold"));
    assert!(has(&h, "Join Gimli"));
    assert!(
        has(&h, "Dori's game of chess"),
        "an unknown game is listed by its name"
    );
}

#[test]
fn opponents_hidden_cards_are_not_shown() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "Start game");
    let t = h.state().table().unwrap();
    let blue = dwarfs_engine::Viewer::Seat(dwarfs_engine::Seat(0));
    let red_own = dwarfs_engine::Viewer::Seat(dwarfs_engine::Seat(1));
    let mine = t
        .mirror
        .state
        .player_view(dwarfs_engine::Seat(0), blue)
        .unwrap();
    let theirs = t
        .mirror
        .state
        .player_view(dwarfs_engine::Seat(1), red_own)
        .unwrap()
        .secret_goal
        .unwrap();
    // Our own secret goal is in our hand; Red's is nowhere on screen.
    assert!(has(
        &h,
        &format!("Secret goal: {}", mine.secret_goal.unwrap().name())
    ));
    assert_ne!(Some(theirs), mine.secret_goal);
    assert!(
        !has(&h, theirs.name()),
        "Red's secret goal {theirs:?} leaks"
    );
    assert!(has(&h, "secret hidden"));
}

#[test]
fn a_desync_shows_a_banner_and_saves_a_report() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = app();
    // The desktop saves reports in the app's directory.
    a.platform = std::rc::Rc::new(super::platform::Desktop {
        config: ConfigDir(Some(dir.path().to_path_buf())),
        replay_dir: None,
    });
    let mut h = harness(a);
    h.state_mut().open("game").unwrap();
    h.run_steps(2);
    assert!(has(&h, "local game"));
    let table = h
        .state_mut()
        .table_mut::<super::fall_view::FallView>()
        .unwrap();
    table.mirror.sync.incident = Some(dwarfs_client::Incident {
        kind: "Desync".into(),
        seq: 42,
        seat: None,
        peer: Some("12D3KooWTest".into()),
        evidence: "our hash 1a2b, theirs 3c4d".into(),
    });
    h.run_steps(2);
    assert!(has(&h, "Desync at move 42"));
    assert!(has(&h, "12D3KooWTest"));
    click(&mut h, "Save report");
    assert!(dir.path().join("dwarfs-incident-move-42.txt").exists());
    assert!(has(&h, "saved to"));
}

#[test]
fn the_join_and_settings_screens_fit_a_phone_wide_window() {
    let mut h = Harness::builder()
        .with_size(egui::vec2(390.0, 844.0))
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut DwarfsApp| app.ui(ui), app());
    h.run_steps(2);
    click(&mut h, "Join a game");
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 844.0));
    let inside = |h: &Harness<'static, DwarfsApp>, labels: &[&str]| {
        for label in labels {
            let r = h.get_by_label(label).rect();
            assert!(
                window.contains_rect(r),
                "{label} at {r:?} is outside the window"
            );
        }
    };
    inside(&h, &["Join", "Watch"]);
    click(&mut h, "Menu");
    click(&mut h, "Settings");
    inside(&h, &["Save", "Add relay", "Yellow"]);
}
