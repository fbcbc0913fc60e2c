//! A cheating peer is caught over the real network: each peer is its own process on 127.0.0.1,
//! and a test-only option makes one of them send an illegal move, equivocate, or forge an ack.

mod net_common;
use net_common::*;

child_entry!();

/// Plays a 3-peer game where peer 3 cheats from move 3 on; returns the honest peers' reports.
/// Also returns the cheater's seat number (1-based, as reports name seats).
fn cheat_game(cheat: Cheat) -> (Vec<PeerReport>, u8) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cfg = pig_demo(d, 3, Transport::Tcp);
    rt().block_on(async {
        let t0 = Instant::now();
        let l = launcher();
        let host_role = Role::Host {
            seats: 3,
            bots: 0,
            options: pig_options(80, 200),
        };
        let mut specs = vec![demo_spec(&cfg, 0, host_role)];
        // Normally over in a few seconds; the bound leaves room for a stuck link to be reopened
        // (a peer silent for 10 s gets a fresh connection).
        specs[0].timing.timeout_ms = 25_000;
        let mut h = l.spawn(&specs[0], &d.join("peer1.log")).unwrap();
        let ticket = h.ticket(Duration::from_secs(30)).await.unwrap();
        let mut procs = vec![h];
        for i in 1..3 {
            let mut s = demo_spec(
                &cfg,
                i,
                Role::Join {
                    ticket: ticket.clone(),
                },
            );
            s.timing.timeout_ms = 25_000;
            if i == 2 {
                s.hooks.cheat = Some(cheat);
                s.hooks.cheat_from_seq = 3;
            }
            procs.push(l.spawn(&s, &d.join(format!("peer{}.log", i + 1))).unwrap());
            specs.push(s);
        }
        let replays = specs.iter().map(|s| s.replay.clone().unwrap()).collect();
        let o = collect::<Pig>(procs, replays, Duration::from_secs(40), t0).await;
        let cheater = o.peers[2]
            .report
            .clone()
            .and_then(|r| r.seat)
            .expect("the cheater's seat");
        let honest: Vec<PeerReport> = o.peers[..2]
            .iter()
            .map(|p| {
                p.report
                    .clone()
                    .unwrap_or_else(|| panic!("no report:\n{}", logs(&o)))
            })
            .collect();
        for r in &honest {
            assert!(
                !r.cheats.is_empty(),
                "{} saw no cheat:\n{}{}",
                r.name,
                o.summary(),
                logs(&o)
            );
        }
        (honest, cheater.0 + 1)
    })
}

#[test]
fn illegal_move_is_detected_and_stops_the_game() {
    let (honest, seat) = cheat_game(Cheat::IllegalMove);
    for r in honest {
        let want = format!("illegal move by seat {seat}");
        assert!(
            r.cheats.iter().any(|c| c.starts_with(&want)),
            "{:?}",
            r.cheats
        );
        assert!(matches!(r.ending, Ending::Halted(_)), "{:?}", r.ending);
    }
}

#[test]
fn equivocation_is_detected() {
    let (honest, seat) = cheat_game(Cheat::Equivocate);
    for r in honest {
        let want = format!("equivocation by seat {seat}");
        assert!(
            r.cheats.iter().any(|c| c.starts_with(&want)),
            "{:?}",
            r.cheats
        );
        assert_ne!(r.ending, Ending::Over);
    }
}

#[test]
fn forged_ack_is_detected() {
    let (honest, _) = cheat_game(Cheat::ForgeAck);
    for r in honest {
        assert!(
            r.cheats
                .iter()
                .any(|c| c.contains("bad signature") || c.contains("wrong seat")),
            "{:?}",
            r.cheats
        );
    }
}
