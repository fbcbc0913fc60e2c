//! The app over the network, on loopback: one app hosts and opens its lobby, another joins by
//! pasting the ticket and says it is ready, and both play a whole game by clicking (Fall, and
//! Dwarf Hold with an accepted trade), each move signed, sent, agreed by both and shown on both
//! boards, to the same end screen and a replay on each side that verifies offline.

use super::net::NetSetup;
use super::tests::{app, click, harness, has, play_by_clicking};
use super::{DwarfsApp, Screen};
use dwarfs_client::{GameUpdate, Incident, Started, Update};
use dwarfs_engine::{Bot, Game, RandomBot};
use dwarfs_fall::Fall;
use egui_kittest::Harness;
use std::path::Path;
use std::time::{Duration, Instant};

type H = Harness<'static, DwarfsApp>;

pub(super) fn net_app(dir: &Path, name: &str) -> DwarfsApp {
    let mut a = app();
    a.settings.name = name.into();
    a.net_setup = NetSetup {
        ip: "127.0.0.1".into(),
        mdns: false,
        key: Some(dir.join(format!("{name}.key"))),
        replay_dir: Some(dir.join(name)),
        gone_timeout_s: 0,
    };
    a
}

/// The handle of a Fall peer that `a` joins to a host that never answers: a table only needs
/// its handle.
pub(super) fn unreachable_fall_peer(
    a: &DwarfsApp,
    rt: &super::net::NetRuntime,
) -> dwarfs_net::PeerHandle<Fall> {
    let ticket = dwarfs_net::Ticket {
        game: Fall::NAME.into(),
        game_id: [1; 32],
        host: dwarfs_net::PeerId::random(),
        addrs: vec!["/ip4/127.0.0.1/tcp/9".parse().unwrap()],
    }
    .to_string();
    let spec = a
        .net_setup
        .spec(Fall::NAME, &a.settings, dwarfs_net::Role::Join { ticket });
    rt.spawn::<Fall>(spec, &egui::Context::default())
}

/// Draws frames on both apps until `done` holds (the network runs on its own threads).
pub(super) fn until(a: &mut H, b: &mut H, what: &str, done: impl Fn(&H, &H) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done(a, b) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        a.step();
        b.step();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The host opens its lobby and, once its ticket is up, `other` goes to the join screen with it
/// (clicking Join or Watch is left to the test).
pub(super) fn open_lobby_and_hand_ticket(host: &mut H, other: &mut H) {
    click(host, "Open lobby");
    until(host, other, "the ticket", |h, _| {
        h.state().lobby.ticket.is_some()
    });
    let ticket = host.state().lobby.ticket.clone().unwrap();
    click(other, "Join a game");
    other.state_mut().join.ticket = ticket;
}

/// Someone who holds no seat: a node of its own, on its own runtime, that dials the host of
/// `ticket` and sends it session messages signed by its own key (chat claiming a seat, log
/// requests) until the returned flag is set.
fn stranger(
    dir: &Path,
    ticket: &str,
) -> (
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    std::thread::JoinHandle<u32>,
) {
    use dwarfs_net::envelope::wrap_wire;
    use dwarfs_net::node::{Node, NodeConfig};
    use dwarfs_protocol::keys::Domain;
    use dwarfs_protocol::message::{ChatBody, Signed, SyncRequest};
    use dwarfs_protocol::{Message, Signer, wire};
    use std::sync::atomic::Ordering;
    let t = dwarfs_net::Ticket::decode(ticket).unwrap();
    let key = dwarfs_net::identity::load_or_create(Some(&dir.join("stranger.key"))).unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = stop.clone();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let signer = Signer::new(&key).unwrap();
            let mut node = Node::start(NodeConfig::loopback(key)).await.unwrap();
            node.dial(t.host, t.addrs.clone());
            let mut sent = 0;
            while !flag.load(Ordering::SeqCst) {
                sent += 1;
                let body = ChatBody {
                    game_id: t.game_id,
                    seat: Some(dwarfs_engine::Seat(0)),
                    counter: sent,
                    text: "let me in".into(),
                };
                let chat = Message::Chat(Signed {
                    sig: signer.sign(Domain::Chat, &body),
                    body,
                });
                let sync = Message::SyncRequest(SyncRequest {
                    game_id: t.game_id,
                    from_seq: 1,
                    need_setup: true,
                });
                for m in [chat, sync] {
                    node.send(t.host, wrap_wire(&wire::encode(&m).unwrap()));
                }
                while node.try_next_event().is_some() {}
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            node.shutdown().await;
            sent
        })
    });
    (stop, thread)
}

#[test]
fn two_apps_host_join_and_play_a_networked_game_by_clicking() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = harness(net_app(dir.path(), "Ada"));
    let mut joiner = harness(net_app(dir.path(), "Bo"));

    click(&mut host, "Host a game");
    assert!(has(&host, "open the lobby to get a ticket"));
    click(&mut host, "Open lobby");
    until(&mut host, &mut joiner, "the ticket", |h, _| {
        h.state().lobby.ticket.is_some()
    });
    assert!(has(&host, "Hosting — Dwar7s Fall"));
    let ticket = host.state().lobby.ticket.clone().unwrap();
    // The host would rather play Red: it moves to the open second seat.
    until(&mut host, &mut joiner, "the host's roster", |h, _| {
        h.state().lobby.you == Some(0)
    });
    click(&mut host, "Sit here (Red)");
    until(&mut host, &mut joiner, "the host in seat 2", |h, _| {
        h.state().lobby.you == Some(1)
    });

    click(&mut joiner, "Join a game");
    joiner.state_mut().join.ticket = ticket;
    click(&mut joiner, "Join");
    assert_eq!(joiner.state().screen, Screen::Lobby);
    until(&mut host, &mut joiner, "the joiner seated", |h, j| {
        j.state().lobby.you == Some(0) && has(h, "Bo") && has(j, "Ada")
    });
    // Seated but not ready: the game waits.
    assert!(has(&host, "not ready"));
    assert_eq!(host.state().screen, Screen::Lobby);
    click(&mut joiner, "I'm ready");
    until(
        &mut host,
        &mut joiner,
        "the game to start on both",
        |h, j| h.state().screen == Screen::Game && j.state().screen == Screen::Game,
    );
    // Both are told that hands are hidden on screen, not in memory.
    for app in [&host, &joiner] {
        assert!(has(app, super::trust::HIDDEN_HANDS_CAPTION));
    }

    // A stranger sends the host signed messages from the start of the game to its end: they
    // are dropped, and neither board stops.
    let (stop_stranger, stranger) =
        stranger(dir.path(), host.state().lobby.ticket.as_ref().unwrap());
    // A third app comes to watch once the game is under way.
    let mut watcher = harness(net_app(dir.path(), "Cy"));
    let mut watching = false;
    let mut allowed = false;
    let mut chooser = RandomBot::new(9);
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut clicked = [0u32; 2];
    while host.state().screen != Screen::End || joiner.state().screen != Screen::End {
        assert!(Instant::now() < deadline, "the game did not end in time");
        if !watching && host.state().table().is_some_and(|t| t.mirror.seq >= 10) {
            let ticket = host.state().lobby.ticket.clone().unwrap();
            click(&mut watcher, "Join a game");
            watcher.state_mut().join.ticket = ticket;
            click(&mut watcher, "Watch");
            assert!(has(&watcher, "Watching a game — Dwar7s Fall"));
            watching = true;
        }
        // The host is asked whether Cy may watch, and allows it.
        if watching && !allowed && has(&host, "Cy asks to watch the game.") {
            click(&mut host, "Allow");
            allowed = true;
            assert!(!has(&host, "Cy asks to watch the game."), "answered once");
        }
        watcher.step();
        for (i, h) in [&mut host, &mut joiner].into_iter().enumerate() {
            h.step();
            let Some(t) = h.state().table() else { continue };
            assert!(
                t.mirror.sync.incident.is_none(),
                "{:?}",
                t.mirror.sync.incident
            );
            assert!(t.mirror.error.is_none(), "{:?}", t.mirror.error);
            let legal = t.legal_for_viewer();
            if legal.is_empty() {
                continue;
            }
            let seat = t.mirror.state.current_seat();
            let pick =
                legal[chooser.choose(&dwarfs_engine::SeatView::new(&t.mirror.state, seat), &legal)];
            play_by_clicking(h, pick);
            clicked[i] += 1;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(clicked[0] > 5 && clicked[1] > 5, "both played: {clicked:?}");
    stop_stranger.store(true, std::sync::atomic::Ordering::SeqCst);
    assert!(stranger.join().unwrap() > 0);
    // The watcher caught up from the middle of the game and saw the same end, offering no move.
    let final_hash = dwarfs_engine::state_hash(&host.state().table().unwrap().mirror.state);
    let deadline = Instant::now() + Duration::from_secs(30);
    while watcher
        .state()
        .table()
        .is_none_or(|t| dwarfs_engine::state_hash(&t.mirror.state) != final_hash)
    {
        assert!(
            Instant::now() < deadline,
            "the watcher did not reach the end"
        );
        watcher.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    // The update that the last move is final may come a frame after the end screen.
    let deadline = Instant::now() + Duration::from_secs(30);
    while [&host, &joiner].iter().any(|h| {
        h.state()
            .table()
            .is_none_or(|t| t.mirror.sync.seq != t.mirror.seq)
    }) {
        assert!(
            Instant::now() < deadline,
            "the last move never showed as agreed"
        );
        host.step();
        joiner.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    let w = watcher.state().table().unwrap();
    assert_eq!(w.viewer, dwarfs_engine::Viewer::Spectator);
    assert!(w.legal_for_viewer().is_empty());
    assert!(w.mirror.sync.incident.is_none());
    // Both boards ended in the same state, every move agreed by both players.
    let (a, b) = (
        host.state().table().unwrap(),
        joiner.state().table().unwrap(),
    );
    assert_eq!(
        dwarfs_engine::state_hash(&a.mirror.state),
        dwarfs_engine::state_hash(&b.mirror.state)
    );
    assert_eq!(a.mirror.seq, b.mirror.seq);
    assert_eq!(
        (a.mirror.sync.seq, a.mirror.sync.agreed, a.mirror.sync.peers),
        (a.mirror.seq, 2, 2)
    );
    assert_eq!(
        a.mirror.log.iter().filter(|l| l.seat.is_some()).count() as u32,
        a.mirror.seq
    );
    let moves = a.mirror.seq;
    host.run_steps(2);
    assert!(has(&host, "Final scores"));
    // Each app's replay verifies offline.
    let reports = verified_replays::<Fall>(&mut host, &mut joiner, |app| {
        app.table()?.mirror.report.as_ref()
    });
    for r in reports {
        assert_eq!(r.moves, moves);
    }
    let report = host.state().table().unwrap().mirror.report.clone().unwrap();
    assert!(
        report.dropped_frames > 0,
        "the stranger's frames reached the host, and were dropped"
    );
    assert!(report.cheats.is_empty(), "{:?}", report.cheats);
    host.run_steps(2);
    click(&mut host, "Open the replay");
    assert_eq!(host.state().screen, Screen::Replays);
}

#[test]
fn a_report_alone_leaves_the_board_playable_and_only_a_halt_stops_it_with_a_banner() {
    use super::table::{SeatKind, Table};
    use dwarfs_engine::{Game, Seat};
    let dir = tempfile::tempdir().unwrap();
    let a = net_app(dir.path(), "Ada");
    let rt = super::net::NetRuntime::start().unwrap();
    let handle = unreachable_fall_peer(&a, &rt);
    let mut game = Fall::new(&Default::default(), 2).unwrap();
    game.resolve_chance([3; 32]).unwrap();
    // We sit in the seat that acts first, so the board offers our moves.
    let me = game.current_seat();
    let other = Seat(1 - me.0);
    let mut names = vec![String::new(), String::new()];
    names[me.index()] = "Ada".into();
    names[other.index()] = "Bo".into();
    let mut t: Table<super::fall_view::FallView> = Table::networked(
        started(game, names, vec![false, false], Some(me)),
        Box::new(handle),
    );
    assert_eq!(t.seats[other.index()].kind, SeatKind::Remote);
    assert!(!t.legal_for_viewer().is_empty(), "our turn");
    assert!(!t.mirror.sync.local);
    t.on_update(Update::Game(GameUpdate::Final {
        seq: 3,
        agreed: 2,
        peers: 2,
    }));
    assert_eq!(
        (t.mirror.sync.seq, t.mirror.sync.agreed, t.mirror.sync.peers),
        (3, 2, 2)
    );
    // A report the session goes on after (a bad signature; a stranger's message never even
    // reaches the app): shown, and the board still offers our moves.
    t.on_update(Update::Game(GameUpdate::Incident(Incident {
        kind: "bad signature".into(),
        seq: 3,
        seat: Some(other),
        peer: Some("12D3KooWBo".into()),
        evidence: "a chat whose signature does not verify".into(),
    })));
    assert!(t.mirror.sync.incident.is_some());
    assert!(t.mirror.sync.halted.is_none());
    assert!(!t.legal_for_viewer().is_empty(), "the game goes on");
    // Equivocation: the session reports it, then halts.
    t.on_update(Update::Game(GameUpdate::Incident(Incident {
        kind: "equivocation".into(),
        seq: 4,
        seat: Some(other),
        peer: Some("12D3KooWBo".into()),
        evidence: "two signed moves for move 4".into(),
    })));
    let inc = t
        .mirror
        .sync
        .incident
        .clone()
        .expect("the incident is shown");
    assert_eq!((inc.kind.as_str(), inc.seq), ("equivocation", 4));
    let who = t.mirror.incident_who(&inc);
    assert!(who.contains("Bo"), "{who}");
    assert!(
        !t.legal_for_viewer().is_empty(),
        "not halted until the session says so"
    );
    t.on_update(Update::Game(GameUpdate::Halted(
        "seat 2 signed two different messages for move 4 (equivocation)".into(),
    )));
    // A halted board offers no move.
    assert!(t.legal_for_viewer().is_empty());
    // The banner says it, with the report button.
    let mut app = net_app(dir.path(), "Ada2");
    app.table = Some(Box::new(t));
    app.screen = Screen::Game;
    let mut h = harness(app);
    h.run_steps(2);
    assert!(has(&h, "equivocation at move 4"));
    assert!(has(&h, "The game is halted"));
    assert!(has(&h, "Save report"));
}

#[test]
fn the_host_answers_a_spectator_in_the_lobby_and_a_denied_one_is_told_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = harness(net_app(dir.path(), "Ada"));
    let mut watcher = harness(net_app(dir.path(), "Cy"));
    click(&mut host, "Host a game");
    // Off by default: each spectator is asked about.
    assert!(!host.state().lobby.anyone_may_watch);
    assert!(has(&host, "Anyone may watch"));
    open_lobby_and_hand_ticket(&mut host, &mut watcher);
    click(&mut watcher, "Watch");
    until(&mut host, &mut watcher, "the host asked", |h, _| {
        has(h, "Cy asks to watch.")
    });
    click(&mut host, "Deny");
    assert!(!has(&host, "Cy asks to watch."));
    // Its peer stops, and the lobby says why.
    until(&mut host, &mut watcher, "the spectator told", |_, w| {
        w.state().lobby.net.is_none()
    });
    let note = watcher.state().lobby.note.clone().unwrap_or_default();
    assert!(note.contains("refused: the host said no"), "{note}");
}

#[test]
fn in_an_open_game_anyone_may_watch_without_asking_the_host() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = harness(net_app(dir.path(), "Ada"));
    let mut watcher = harness(net_app(dir.path(), "Cy"));
    click(&mut host, "Host a game");
    click(&mut host, "Anyone may watch");
    assert!(host.state().lobby.anyone_may_watch);
    click(&mut host, "Open lobby");
    until(&mut host, &mut watcher, "the ticket", |h, _| {
        h.state().lobby.ticket.is_some()
    });
    let ticket = host.state().lobby.ticket.clone().unwrap();
    click(&mut host, "Start now — bots take the open seats");
    until(&mut host, &mut watcher, "the host's game", |h, _| {
        h.state().screen == Screen::Game
    });
    click(&mut watcher, "Join a game");
    watcher.state_mut().join.ticket = ticket;
    click(&mut watcher, "Watch");
    until(&mut host, &mut watcher, "the spectator's board", |_, w| {
        w.state().screen == Screen::Game
    });
    assert!(!has(&host, "asks to watch"), "the host was not asked");
    let w = watcher.state().table().unwrap();
    assert_eq!(w.viewer, dwarfs_engine::Viewer::Spectator);
}

/// Two apps on the Dwarf Hold board of one network game, through the menu: Ada hosts (seat 1),
/// Bo joins by the ticket (seat 2) and says he is ready.
fn hosted_hold_game(dir: &Path) -> (H, H) {
    let mut host = harness(net_app(dir, "Ada"));
    let mut joiner = harness(net_app(dir, "Bo"));

    click(&mut host, "Host a game");
    click(&mut host, "Dwarf Hold");
    assert!(has(&host, "Host a game — Dwarf Hold"));
    click(&mut host, "Open lobby");
    until(&mut host, &mut joiner, "the ticket", |h, _| {
        h.state().lobby.ticket.is_some()
    });
    assert!(has(&host, "Hosting — Dwarf Hold"));
    let ticket = host.state().lobby.ticket.clone().unwrap();
    assert_eq!(
        super::menu::ticket_game(&ticket),
        Ok(crate::games::GameKind::Hold),
        "the ticket names the game"
    );

    click(&mut joiner, "Join a game");
    joiner.state_mut().join.ticket = ticket;
    click(&mut joiner, "Join");
    assert_eq!(joiner.state().screen, Screen::Lobby);
    assert_eq!(joiner.state().lobby.game, crate::games::GameKind::Hold);
    until(&mut host, &mut joiner, "the joiner seated", |h, j| {
        j.state().lobby.you.is_some() && has(h, "Bo") && has(j, "Ada")
    });
    assert!(has(&joiner, "Joined a game — Dwarf Hold"));
    click(&mut joiner, "I'm ready");
    until(
        &mut host,
        &mut joiner,
        "the Hold game to start on both",
        |h, j| h.state().screen == Screen::Game && j.state().screen == Screen::Game,
    );
    (host, joiner)
}

/// Waits for both apps' replays to be saved and verifies each offline; returns the reports.
fn verified_replays<G: Game>(
    host: &mut H,
    joiner: &mut H,
    remote: impl Fn(&DwarfsApp) -> Option<&dwarfs_net::PeerReport>,
) -> Vec<dwarfs_protocol::replay::VerifyReport> {
    until(host, joiner, "both replays", |h, j| {
        [h, j].iter().all(|x| remote(x.state()).is_some())
    });
    [&*host, &*joiner]
        .iter()
        .map(|h| {
            let report = remote(h.state()).unwrap();
            let path = report.replay.clone().expect("the replay was saved");
            let bytes = std::fs::read(&path).unwrap();
            dwarfs_protocol::replay::verify::<G>(&bytes)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect()
}

#[test]
fn a_hosted_dwarf_hold_lobby_is_joined_by_ticket_and_starts_on_both_apps() {
    use super::hold_view::HoldView;
    let dir = tempfile::tempdir().unwrap();
    let (host, joiner) = hosted_hold_game(dir.path());
    for app in [&host, &joiner] {
        let t = app.state().table_of::<HoldView>().expect("a Hold table");
        assert_eq!(t.mirror.state.players(), 2);
        assert!(t.remote.is_some(), "a network game");
    }
    assert!(has(&host, "Dwarf Hold") && has(&joiner, "Dwarf Hold"));
}

#[test]
fn two_apps_play_a_whole_game_of_dwarf_hold_by_clicking_to_the_same_verdict() {
    use super::hold_view::HoldView;
    use super::tests_boards::Dice;
    use super::tests_hold::{HoldState, Played, play_over_loopback};
    use dwarfs_hold::Hold;
    let dir = tempfile::tempdir().unwrap();
    let (mut host, mut joiner) = hosted_hold_game(dir.path());
    assert_eq!(
        (host.state().hold().viewer, joiner.state().hold().viewer),
        (
            dwarfs_engine::Viewer::Seat(dwarfs_engine::Seat(0)),
            dwarfs_engine::Viewer::Seat(dwarfs_engine::Seat(1))
        )
    );
    let Played { moves, traded } =
        play_over_loopback(&mut host, &mut joiner, &mut Dice(0x2545_f491_4f6c_dd1d));
    assert!(traded, "a trade was accepted");
    // Both apps go to the end screen, the last move agreed by both players.
    until(&mut host, &mut joiner, "both end screens", |h, j| {
        [h, j].iter().all(|x| {
            let t = x.state().hold();
            x.state().screen == Screen::End && t.mirror.sync.seq == t.mirror.seq
        })
    });
    let (a, b) = (host.state().hold(), joiner.state().hold());
    assert_eq!(a.mirror.seq, moves, "every move clicked was played once");
    assert_eq!(a.mirror.state, b.mirror.state);
    assert_eq!(
        (a.mirror.sync.seq, a.mirror.sync.agreed, a.mirror.sync.peers),
        (a.mirror.seq, 2, 2)
    );
    for t in [a, b] {
        assert!(t.mirror.error.is_none() && t.mirror.sync.incident.is_none());
        let log: Vec<&str> = t.mirror.log.iter().map(|l| l.text.as_str()).collect();
        assert!(
            log.iter().any(|l| l.starts_with("Trade made between")),
            "{log:?}"
        );
    }
    let verdict = |t: &super::table::Table<HoldView>| {
        t.outcome()
            .expect("the game is over")
            .verdict(|s| t.seat_label(s))
    };
    let verdict = [verdict(a), verdict(b)];
    assert_eq!(verdict[0], verdict[1], "the same verdict on both apps");
    let (outcome, final_hash) = (
        a.outcome(),
        dwarfs_engine::state_hash(&a.mirror.state).unwrap(),
    );
    host.run_steps(2);
    joiner.run_steps(2);
    for h in [&host, &joiner] {
        assert!(has(h, &verdict[0]), "{verdict:?} on both end screens");
        assert!(has(h, "Final scores") && has(h, "Score over the game"));
    }
    // Each app's replay verifies offline, to the same end.
    let reports = verified_replays::<Hold>(&mut host, &mut joiner, |app| {
        app.table_of::<HoldView>()?.mirror.report.as_ref()
    });
    for r in reports {
        assert_eq!(
            (r.game.as_str(), r.players, r.moves),
            (Hold::NAME, 2, moves)
        );
        assert_eq!(r.final_hash, final_hash);
        assert_eq!(Some(r.outcome), outcome);
    }
}

/// The end screen of a network game says from which move chance was foreseeable, and by whom,
/// once a single live player was left (the same sentence as `replay verify` and `replay show`):
/// a 2-player survivor from the takeover on, a person alone with bots from the start, and
/// nothing while two players were live to the end.
#[test]
fn the_end_screen_says_from_when_a_lone_live_player_could_foresee_chance() {
    use super::fall_view::FallView;
    use super::table::Table;
    use dwarfs_engine::Seat;
    let dir = tempfile::tempdir().unwrap();
    let a = net_app(dir.path(), "Ada");
    let rt = super::net::NetRuntime::start().unwrap();
    let finished = dwarfs_engine::playout::random_playout::<Fall>(&Default::default(), 2, 5, false)
        .unwrap()
        .state;
    // Tables of peers that never reach anyone.
    let table = |bots: Vec<bool>| -> Table<FallView> {
        let handle = unreachable_fall_peer(&a, &rt);
        let names = vec!["Ada".into(), "Bo".into()];
        Table::networked(
            started(finished.clone(), names, bots, Some(Seat(0))),
            Box::new(handle),
        )
    };
    let end_screen = |t: Table<FallView>| {
        let mut app = net_app(dir.path(), "Ada2");
        app.table = Some(Box::new(t));
        app.screen = Screen::End;
        let mut h = harness(app);
        h.run_steps(2);
        h
    };
    // Bo was handed to the takeover bot at move 41: Ada alone from then on.
    let mut t = table(vec![false, false]);
    t.on_update(Update::Game(GameUpdate::TakenOver {
        seat: Seat(1),
        from_seq: 41,
    }));
    let said = format!(
        "From move 41 on, chance was foreseeable by {} (the only live player)",
        t.seat_label(Seat(0))
    );
    let h = end_screen(t);
    assert!(has(&h, "Final scores"));
    assert!(has(&h, &said), "{said}");
    // Ada alone with a bot: from the start.
    let t = table(vec![false, true]);
    let said = format!(
        "From the start, chance was foreseeable by {} (the only live player)",
        t.seat_label(Seat(0))
    );
    let h = end_screen(t);
    assert!(has(&h, &said), "{said}");
    // Both played to the end: nothing to say.
    let h = end_screen(table(vec![false, false]));
    assert!(has(&h, "Final scores"));
    assert!(!has(&h, "foreseeable"));
}

/// The start of a network game around `state`, as a peer would report it.
pub(super) fn started<G: dwarfs_engine::Game>(
    state: G,
    names: Vec<String>,
    bots: Vec<bool>,
    seat: Option<dwarfs_engine::Seat>,
) -> Started<G> {
    Started {
        seat,
        names,
        bots,
        state,
        seed: [0; 32],
        seq: 0,
    }
}
