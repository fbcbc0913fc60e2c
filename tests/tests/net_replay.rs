//! Replays on disk over real libp2p on 127.0.0.1, each peer its own process: resuming when the
//! other players are gone leaves the replay as it was, and a replay that cannot be written (a
//! full disk) stops the game for that peer with a clear message instead of playing on unrecorded.

mod net_common;
use net_common::*;
use std::path::{Path, PathBuf};

child_entry!();

const LIMIT: Duration = Duration::from_secs(60);

fn spec(dir: &Path, i: u8, role: Role) -> PeerSpec {
    let cfg = pig_demo(dir, 2, Transport::Tcp);
    let mut s = demo_spec(&cfg, i, role);
    s.timing.timeout_ms = 40_000;
    s
}

fn replay(dir: &Path, i: u8) -> PathBuf {
    dir.join(format!("peer{}.replay", i + 1))
}

/// Starts a host and one joiner (each spec adjusted by `tweak`).
async fn start(dir: &Path, tweak: impl Fn(u8, &mut PeerSpec)) -> Vec<PeerProc> {
    let l = launcher();
    let mut host = spec(
        dir,
        0,
        Role::Host {
            seats: 2,
            bots: 0,
            options: pig_options(80, 200),
        },
    );
    tweak(0, &mut host);
    let mut h = l.spawn(&host, &dir.join("peer1.log")).unwrap();
    let ticket = h.ticket(LIMIT).await.unwrap();
    let mut joiner = spec(dir, 1, Role::Join { ticket });
    tweak(1, &mut joiner);
    let j = l.spawn(&joiner, &dir.join("peer2.log")).unwrap();
    vec![h, j]
}

#[test]
fn resuming_when_the_others_are_gone_keeps_the_replay_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let mut procs = start(d, |i, s| {
            if i == 1 {
                s.hooks.die_at_seq = Some(6);
            }
        })
        .await;
        let dead = procs.pop().unwrap();
        let (code, _, _, _) = dead.finish(LIMIT).await;
        assert_eq!(code, Some(dwarfs_net::spec::DIE_EXIT_CODE));
        // The other player is gone too.
        procs.pop().unwrap().kill().await;
        let before = std::fs::read(replay(d, 1)).unwrap();
        assert!(before.len() > 100, "the dead peer left a replay");
        let mut s = spec(
            d,
            1,
            Role::Resume {
                replay: replay(d, 1),
                ticket: None,
            },
        );
        s.timing.timeout_ms = 3_000;
        let back = launcher().spawn(&s, &d.join("peer2-resumed.log")).unwrap();
        let (_, report, _, log) = back.finish(LIMIT).await;
        let report = report.unwrap_or_else(|| {
            panic!(
                "no report: {}",
                std::fs::read_to_string(log).unwrap_or_default()
            )
        });
        assert!(
            matches!(report.ending, Ending::TimedOut(_)),
            "{:?}",
            report.ending
        );
        let after = std::fs::read(replay(d, 1)).unwrap();
        assert_eq!(after, before, "the replay is left byte for byte");
    });
}

#[test]
fn a_replay_that_cannot_be_written_stops_the_game_for_that_peer() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt().block_on(async {
        let mut procs = start(d, |i, s| {
            if i == 1 {
                s.hooks.replay_fails_after_writes = Some(3);
            } else {
                s.timing.timeout_ms = 8_000;
            }
        })
        .await;
        let full = procs.pop().unwrap();
        let (_, report, _, log) = full.finish(LIMIT).await;
        let report = report.unwrap_or_else(|| {
            panic!(
                "no report: {}",
                std::fs::read_to_string(log).unwrap_or_default()
            )
        });
        let Ending::Failed(why) = &report.ending else {
            panic!("{:?}", report.ending)
        };
        assert!(why.contains("could not be written"), "{why}");
        assert!(why.contains("no space left"), "{why}");
        assert!(
            report.moves < 10,
            "stopped at once, not {} moves later",
            report.moves
        );
        procs.pop().unwrap().kill().await;
        // What was written before the disk filled up is intact: the header and two frames.
        let bytes = std::fs::read(replay(d, 1)).unwrap();
        let read = dwarfs_protocol::replay::format::read_frames(&bytes);
        assert!(read.error.is_none(), "{:?}", read.error);
        assert_eq!(read.frames.len(), 3);
    });
}
