//! Faults over real libp2p on 127.0.0.1, each peer its own process: a dropped connection, a
//! killed peer that resumes from its replay, a silent seat handed to the takeover bot, a
//! spectator joining mid-game, the lobby refusing other card data, a stuck link reopened.

mod net_common;
use net_common::*;
use std::path::{Path, PathBuf};

child_entry!();

const LIMIT: Duration = Duration::from_secs(60);

/// A spec for peer `i` of a test game in `dir`.
fn spec(dir: &Path, i: u8, role: Role) -> PeerSpec {
    let cfg = pig_demo(dir, 3, Transport::Tcp);
    let mut s = demo_spec(&cfg, i, role);
    s.timing.timeout_ms = 40_000;
    s
}

fn host_role(seats: u8, target: u16) -> Role {
    Role::Host {
        seats,
        bots: 0,
        options: pig_options(target, 200),
    }
}

fn log(dir: &Path, i: u8) -> PathBuf {
    dir.join(format!("peer{}.log", i + 1))
}

/// Starts a host and `joiners` joiners (each spec adjusted by `tweak`); returns them and the
/// ticket.
async fn start(
    dir: &Path,
    peers: u8,
    target: u16,
    tweak: impl Fn(u8, &mut PeerSpec),
) -> (Vec<PeerProc>, String) {
    let l = launcher();
    let mut host = spec(dir, 0, host_role(peers, target));
    tweak(0, &mut host);
    let mut h = l.spawn(&host, &log(dir, 0)).unwrap();
    let ticket = h.ticket(LIMIT).await.unwrap();
    let mut procs = vec![h];
    for i in 1..peers {
        let mut s = spec(
            dir,
            i,
            Role::Join {
                ticket: ticket.clone(),
            },
        );
        tweak(i, &mut s);
        procs.push(l.spawn(&s, &log(dir, i)).unwrap());
    }
    (procs, ticket)
}

/// The seat of the peer that died: the one of three no survivor holds (seats go by joining
/// order, so it is not known in advance).
fn dead_seat(o: &DemoOutcome) -> Seat {
    let alive: Vec<Seat> = o
        .peers
        .iter()
        .filter_map(|p| p.report.as_ref()?.seat)
        .collect();
    Seat::all(3).find(|s| !alive.contains(s)).unwrap()
}

fn replay(dir: &Path, i: u8) -> PathBuf {
    dir.join(format!("peer{}.replay", i + 1))
}

#[test]
fn dropped_connections_reconnect_and_catch_up() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        let (procs, _) = start(d, 3, 60, |i, s| {
            if i == 1 {
                s.hooks.drop_links_at_seq = Some(4);
            }
        })
        .await;
        let o = collect::<Pig>(procs, (0..3).map(|i| replay(d, i)).collect(), LIMIT, t0).await;
        assert_verified(&o);
        assert!(
            o.peers[0].report.as_ref().unwrap().moves > 4,
            "{}",
            o.summary()
        );
    });
}

#[test]
fn killed_peer_resumes_from_its_replay() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        let (mut procs, _) = start(d, 3, 80, |i, s| {
            if i == 2 {
                s.hooks.die_at_seq = Some(6);
            }
        })
        .await;
        let dead = procs.pop().unwrap();
        let (code, _, _, _) = dead.finish(LIMIT).await;
        assert_eq!(
            code,
            Some(dwarfs_net::spec::DIE_EXIT_CODE),
            "peer 3 should have died"
        );
        let before = std::fs::read(replay(d, 2)).unwrap();
        assert!(!before.is_empty(), "the dead peer left a replay");
        // Back from its own replay file, with the same key.
        let mut s = spec(
            d,
            2,
            Role::Resume {
                replay: replay(d, 2),
                ticket: None,
            },
        );
        s.name = "peer3".into();
        let back = launcher().spawn(&s, &d.join("peer3-resumed.log")).unwrap();
        procs.push(back);
        let o = collect::<Pig>(procs, (0..3).map(|i| replay(d, i)).collect(), LIMIT, t0).await;
        assert_verified(&o);
        let after = std::fs::read(replay(d, 2)).unwrap();
        assert!(after.starts_with(&before[..before.len().min(64)]));
    });
}

/// The host itself goes silent; the two others vote its seat to the takeover bot and finish.
///
/// Runs a 3-peer game of Pig to `target` in which the host dies at move 4 (`setup` adds each
/// test's settings), and checks that the two survivors finish, every replay verifies, and exactly
/// the dead seat was handed to the bot (`why`), at every survivor and in its replay.
fn host_dies_and_only_its_seat_is_taken_over(
    target: u16,
    setup: impl Fn(u8, &mut PeerSpec),
    why: &str,
) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        let (mut procs, _) = start(d, 3, target, |i, s| {
            setup(i, s);
            // The host dies: there is no central peer, so the game must go on without it.
            if i == 0 {
                s.hooks.die_at_seq = Some(4);
            }
        })
        .await;
        let dead = procs.remove(0);
        let (code, _, _, _) = dead.finish(LIMIT).await;
        assert_eq!(code, Some(dwarfs_net::spec::DIE_EXIT_CODE));
        let o = collect::<Pig>(procs, (1..3).map(|i| replay(d, i)).collect(), LIMIT, t0).await;
        assert_verified(&o);
        let dead_seat = dead_seat(&o);
        for p in &o.peers {
            let r = p.report.as_ref().unwrap();
            assert_eq!(
                r.takeovers.iter().map(|t| t.0).collect::<Vec<_>>(),
                vec![dead_seat],
                "{why}"
            );
            let v = p.verified.as_ref().unwrap();
            assert!(
                v.takeovers.iter().any(|(s, _)| *s == dead_seat),
                "the replay records it"
            );
        }
    });
}

#[test]
fn silent_seat_is_taken_over_by_the_bot() {
    host_dies_and_only_its_seat_is_taken_over(
        60,
        // Long enough that a live peer stalled by a loaded machine is not judged silent too
        // (it would then follow the game read-only, and this test counts takeovers).
        |_, s| s.timing.seat_timeout_ms = 10_000,
        "exactly the silent seat is taken over",
    );
}

#[test]
fn a_disconnected_player_is_voted_out_but_a_slow_one_is_not() {
    host_dies_and_only_its_seat_is_taken_over(
        40,
        |i, s| {
            // The app's rule: only a player whose connection is gone is voted out.
            s.timing.gone_timeout_ms = 500;
            // Thinks twice as long as the dead peer needs to be voted out, every move.
            if i == 1 {
                s.timing.bot_delay_ms = 1000;
            }
        },
        "only the disconnected seat is taken over, never the slow one",
    );
}

#[test]
fn spectator_joins_mid_game_and_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        // An open game: the host (a terminal peer, with no app to ask) lets anyone watch.
        let (mut procs, ticket) = start(d, 2, 150, |i, s| {
            s.timing.bot_delay_ms = 25;
            s.anyone_may_watch = i == 0;
        })
        .await;
        procs[0].started(LIMIT).await.unwrap();
        tokio::time::sleep(Duration::from_millis(700)).await;
        let mut s = spec(d, 2, Role::Spectate { ticket });
        s.name = "watcher".into();
        procs.push(launcher().spawn(&s, &log(d, 2)).unwrap());
        let o = collect::<Pig>(procs, (0..3).map(|i| replay(d, i)).collect(), LIMIT, t0).await;
        assert_verified(&o);
        let watcher = o.peers[2].report.as_ref().unwrap();
        assert_eq!(watcher.seat, None, "the watcher holds no seat");
        // It joined after moves were already final: it made none of them itself and its
        // session learnt them by catching up.
        assert!(watcher.latencies_us.is_empty());
        let host = o.peers[0].report.as_ref().unwrap();
        let joined_after = watcher.configured_us.unwrap();
        assert!(joined_after > 0 && host.moves > 20, "{}", o.summary());
    });
}

#[test]
fn other_card_data_is_refused_at_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        let (procs, _) = start(d, 2, 60, |i, s| {
            s.timing.timeout_ms = 5_000;
            if i == 1 {
                s.hooks.fake_digest = true;
            }
        })
        .await;
        let o = collect::<Pig>(procs, (0..2).map(|i| replay(d, i)).collect(), LIMIT, t0).await;
        let joiner = o.peers[1].report.as_ref().expect("a report");
        match &joiner.ending {
            Ending::Refused(why) => assert!(
                why.contains("card-data digest mismatch"),
                "the refusal must say which: {why}"
            ),
            other => panic!("the joiner was not refused: {other:?}"),
        }
        assert_ne!(o.peers[1].exit, Some(0));
        let host = o.peers[0].report.as_ref().expect("a report");
        assert_eq!(host.moves, 0, "no game started");
        assert!(!replay(d, 0).exists(), "no replay without a game");
    });
}

#[test]
fn a_link_that_swallows_frames_is_reopened_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        // Seat 2 never gets a frame from the host's session until the connection is reopened:
        // without the silence-triggered reconnection the game would stall for good.
        let (procs, _) = start(d, 3, 40, |i, s| {
            s.timing.retransmit_ms = 100;
            if i == 0 {
                s.hooks.mute_seat_until_reconnect = Some(Seat(1));
            }
        })
        .await;
        let o = collect::<Pig>(procs, (0..3).map(|i| replay(d, i)).collect(), LIMIT, t0).await;
        assert_verified(&o);
    });
}

#[test]
fn chat_reaches_every_player() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let t0 = Instant::now();
        let (procs, _) = start(d, 3, 60, |i, s| {
            if i == 1 {
                s.hooks.chat = Some("good luck, dwarfs".into());
            }
        })
        .await;
        let o = collect::<Pig>(procs, (0..3).map(|i| replay(d, i)).collect(), LIMIT, t0).await;
        assert_verified(&o);
        let author = o.peers[1].report.as_ref().unwrap().seat.unwrap();
        let want = format!("seat {}: good luck, dwarfs", author.0 + 1);
        for i in [0, 2] {
            let r = o.peers[i].report.as_ref().unwrap();
            assert!(r.chat.contains(&want), "{} got {:?}", r.name, r.chat);
        }
    });
}
