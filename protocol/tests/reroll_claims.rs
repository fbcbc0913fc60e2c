//! Re-roll positions are claims (issue 34, hole 1). An ack's re-roll position says a takeover at
//! its move happened; a seated cheater once used false ones to hide an honest peer's acks (the
//! peer then never saw the move final and was voted out) or to reset everyone's silence timers
//! forever. Now an ack at another position never hides the one that counts, a position no
//! takeover justifies is evidence against its signer, and a rank change is not progress.

use dwarfs_engine::Seat;
use dwarfs_engine::toy::Pig;
use dwarfs_protocol::beacon::Chain;
use dwarfs_protocol::message::{Ack, AckStage, Link, LogItem, Message, RerollLink, Signed};
use dwarfs_protocol::sim::{Network, fixture};
use dwarfs_protocol::{CheatKind, Event, Phase, keys::Domain, lockstep, replay};

/// Seat `w`'s true re-roll link at `pos` (what a cheater knows of its own chain).
fn reroll_link(n: &Network<Pig>, w: usize, pos: u32) -> Link {
    let p = &n.peers[w];
    let cfg = p.session.config();
    let mut chain = Chain::new(
        p.signer
            .derive_secret(&p.secret, &cfg.game_id, "beacon chain"),
        cfg.beacon_segment,
    )
    .reroll_chain(lockstep::reroll_len(cfg));
    chain.link(pos)
}

/// `a` re-signed by `signer` with the re-roll claim `reroll`.
fn with_reroll(signer: &dwarfs_protocol::Signer, a: &Ack, reroll: Option<RerollLink>) -> Message {
    let mut body = a.signed.body.clone();
    body.reroll = reroll;
    Message::Ack(Ack {
        signed: Signed::sign(signer, Domain::Ack, body),
    })
}

/// Every seat an honest peer (not `cheater`) reported handed to the bot.
fn taken_over(n: &Network<Pig>, cheater: usize) -> Vec<Seat> {
    let mut v: Vec<Seat> = n
        .peers
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != cheater)
        .flat_map(|(_, p)| p.events.iter())
        .filter_map(|e| match e {
            Event::TakenOver { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The seats named in evidence by an honest peer (not `cheater`).
fn named(n: &Network<Pig>, cheater: usize) -> Vec<(CheatKind, Option<Seat>)> {
    n.peers
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != cheater)
        .flat_map(|(_, p)| p.events.iter())
        .filter_map(|e| match e {
            Event::Cheat(ev) => Some((ev.kind, ev.seat)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_higher_position_sent_to_one_peer_does_not_hide_the_true_ack() {
    // Seat W sends honest peer 0, before each true ack, a copy claiming a takeover at the move
    // (position 1, with its true re-roll link): today's code kept the higher one, never counted
    // it and ignored the true one, so peer 0 never saw the move final and was voted out.
    for players in [3u8, 4] {
        for seed in 0..3u64 {
            let mut n = fixture::net(players, 40 + seed);
            let w = players as usize - 1;
            let link = reroll_link(&n, w, 1);
            n.peers[w].tamper_to = Some(Box::new(move |signer, to, m| match m {
                Message::Ack(a) if to == 0 && a.signed.body.reroll.is_none() => {
                    let fake = with_reroll(signer, &a, Some(RerollLink { pos: 1, link }));
                    vec![fake, Message::Ack(a)]
                }
                m => vec![m],
            }));
            n.run(300_000);
            for (i, p) in n.peers.iter().enumerate() {
                assert_eq!(
                    p.session.phase(),
                    &Phase::Over,
                    "{players} players, seed {seed}: peer {i} finished"
                );
                assert!(replay::verify::<Pig>(&p.replay).is_ok());
            }
            let h = n.hashes();
            assert!(h.windows(2).all(|x| x[0] == x[1]), "one state");
            assert!(taken_over(&n, w).is_empty(), "nobody voted out");
            assert!(
                named(&n, w).iter().all(|(_, s)| *s == Some(Seat(w as u8))),
                "only the cheater may be named: {:?}",
                named(&n, w)
            );
        }
    }
}

#[test]
fn ever_higher_positions_are_neither_progress_nor_unreported() {
    // Seat W withholds its true acks and sends, in their place, acks claiming positions 1, 2,
    // 3, ... Today each counted as progress: nobody was ever reported silent, no vote, no
    // evidence, and the game froze. Now they are held aside (or, past its chain, refused as
    // evidence): W is reported silent, handed to the bot, and the game finishes.
    for players in [2u8, 3, 4] {
        let mut n = fixture::net(players, 70 + players as u64);
        let w = players as usize - 1;
        let links: Vec<Link> = (1..=players as u32)
            .map(|p| reroll_link(&n, w, p))
            .collect();
        let mut pos = 0u32;
        let me = Seat(w as u8);
        n.peers[w].tamper = Some(Box::new(move |signer, m| match m {
            Message::Ack(a)
                if a.signed.body.reroll.is_none() && a.signed.body.stage == AckStage::Applied =>
            {
                pos += 1;
                let link = links.get(pos as usize - 1).copied().unwrap_or([7; 16]);
                vec![with_reroll(signer, &a, Some(RerollLink { pos, link }))]
            }
            // Its true acks withheld from its sync answers too.
            Message::LogSync(mut s) => {
                s.items
                    .retain(|i| !matches!(i, LogItem::Ack(a) if a.signed.body.seat == me));
                vec![Message::LogSync(s)]
            }
            m => vec![m],
        }));
        n.run(120_000);
        let honest: Vec<usize> = (0..players as usize).filter(|&i| i != w).collect();
        for &i in &honest {
            let p = &n.peers[i];
            assert_eq!(
                p.session.phase(),
                &Phase::Over,
                "{players} players: honest peer {i} finished ({:?})",
                p.session.phase()
            );
            assert!(replay::verify::<Pig>(&p.replay).is_ok());
        }
        assert_eq!(taken_over(&n, w), vec![Seat(w as u8)], "{players} players");
        assert!(
            named(&n, w).iter().all(|(_, s)| *s == Some(Seat(w as u8))),
            "only the cheater may be named: {:?}",
            named(&n, w)
        );
    }
}

#[test]
fn a_position_taken_by_a_takeover_at_another_move_is_evidence() {
    // Seat 3 of 4 goes silent and is handed to the bot (takeover 1); seat 0's peer then claims
    // position 1 for a later move: provably false (every peer applies takeovers in one order),
    // and named.
    let mut n = fixture::net(4, 91);
    let link = reroll_link(&n, 0, 1);
    n.run_until(60_000, |n| n.peers[3].session.final_seq() >= 4);
    n.peers[3].offline = true;
    n.run_until(200_000, |n| {
        n.peers[0]
            .events
            .iter()
            .any(|e| matches!(e, Event::TakenOver { .. }))
    });
    let mut armed = true;
    n.peers[0].tamper = Some(Box::new(move |signer, m| match m {
        Message::Ack(a) if armed && a.signed.body.reroll.is_none() => {
            armed = false;
            let fake = with_reroll(signer, &a, Some(RerollLink { pos: 1, link }));
            vec![fake, Message::Ack(a)]
        }
        m => vec![m],
    }));
    n.run(200_000);
    assert_eq!(taken_over(&n, 0), vec![Seat(3)]);
    let found = named(&n, 0);
    assert!(
        found.contains(&(CheatKind::FalseReroll, Some(Seat(0)))),
        "named: {found:?}"
    );
    assert!(found.iter().all(|(_, s)| *s == Some(Seat(0))), "{found:?}");
    for i in 0..3 {
        assert_eq!(n.peers[i].session.phase(), &Phase::Over);
    }
}
