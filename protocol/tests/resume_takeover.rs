//! A peer that resumes after a crash and then records a takeover before any move is final again:
//! the takeover record carries the beacon links of the last final move, which the peer's file
//! holds only at checkpoints, so the resumed peer must get them back before it records one. And
//! a 2-player survivor resumed with its partner gone for good hands the partner to the bot.

use dwarfs_engine::toy::{Pig, PigAction};
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_protocol::replay;
use dwarfs_protocol::sim::{Network, fixture};
use dwarfs_protocol::{Event, Phase, Session};

/// Runs `n` until `pred` holds, peer `i` checking its waiting signatures after every step so
/// that its file holds every move it took as final (a driver at a quiet moment; acks counted
/// before their checks otherwise hold a move's frame back a few moves). Returns whether `pred`
/// held within `max_ms` of logical time.
fn run_until_whole(
    n: &mut Network<Pig>,
    i: usize,
    max_ms: u64,
    pred: impl Fn(&Network<Pig>) -> bool,
) -> bool {
    let deadline = n.now + max_ms;
    for k in 0..n.peers.len() {
        n.pump(k);
    }
    while !pred(n) && !n.done() && n.now <= deadline {
        n.step();
        if n.peers[i].session.check_signatures_now() {
            n.pump(i);
        }
    }
    pred(n)
}

/// Peer `i`'s session as it resumes from its replay file now, with its own key and secrets.
fn resumed(n: &Network<Pig>, i: usize) -> Session<Pig> {
    resumed_from(n, i, &n.peers[i].replay)
}

/// Peer `i`'s session as it resumes now from `bytes` (its file, or a part of it).
fn resumed_from(n: &Network<Pig>, i: usize, bytes: &[u8]) -> Session<Pig> {
    let p = &n.peers[i];
    Session::<Pig>::resume_with_signer(
        bytes,
        p.signer.clone(),
        p.secret.clone(),
        fixture::settings(),
        n.now,
    )
    .unwrap()
    .0
}

#[test]
fn a_takeover_right_after_a_resume_is_recorded_with_the_links_of_the_move_before() {
    // Checkpoints every 4 moves: more chances to stop on the move after one.
    let mut n = fixture::net_with(3, 72, fixture::settings(), |c| c.ack_interval = 4);
    // Stop where every peer holds the same last final move, and seat 3's file, read back,
    // ends with it (a move whose chance point needs later links is cut) and it is not a
    // checkpoint: its acks and beacon links are not in the file.
    let interval = n.peers[0].session.config().ack_interval;
    let resume = |n: &Network<Pig>| resumed(n, 2);
    assert!(run_until_whole(&mut n, 2, 1_000_000, |n| {
        let k = n.peers[2].session.final_seq();
        k >= 10
            && k % interval != 0
            && n.peers.iter().all(|p| p.session.final_seq() == k)
            && matches!(n.peers[0].session.state().to_act(), Actor::Seat(s) if s != Seat(1))
            && n.peers[2].session.phase() == &Phase::Playing
            && resume(n).final_seq() == k
    }));
    // Seat 3's process dies and comes back at once from its file; seat 2 is gone for good, so
    // the next move cannot be final without a takeover.
    n.peers[1].offline = true;
    let session = resume(&n);
    let resumed_at = session.final_seq();
    n.peers[2].session = session;
    let seen = n.peers[2].events.len();
    assert!(n.run(20_000_000), "the two players left did not finish");
    for p in [&n.peers[0], &n.peers[2]] {
        assert_eq!(p.session.phase(), &Phase::Over);
    }
    // The case under test: the takeover came at the first move after the resume.
    let resumed = &n.peers[2];
    assert!(
        resumed.events[seen..].iter().any(|e| matches!(
            e,
            Event::TakenOver { seat: Seat(1), from_seq } if *from_seq == resumed_at + 1
        )),
        "seat 2 was not handed over at move {}: {:?}",
        resumed_at + 1,
        resumed.events[seen..]
            .iter()
            .filter(|e| matches!(
                e,
                Event::TakenOver { .. } | Event::Halted { .. } | Event::MoveFinal { .. }
            ))
            .take(5)
            .collect::<Vec<_>>()
    );
    assert!(
        !resumed.events[seen..]
            .iter()
            .any(|e| matches!(e, Event::Cheat(_) | Event::Desync(_)))
    );
    let r = replay::verify::<Pig>(&resumed.replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.takeovers.len(), 1);
    assert_eq!(resumed.replay, n.peers[0].replay);
}

/// A 2-player game: seat 2 crashes and resumes from its file at move `k` (chosen by `at`), and
/// seat 1 is gone for good. Returns the network once the survivor stopped, and `k`.
fn two_player_resume_with_partner_gone(
    seed: u64,
    at: impl Fn(&Network<Pig>, u32) -> bool,
) -> (Network<Pig>, u32) {
    let mut n = fixture::net_with(2, seed, fixture::settings(), |c| c.ack_interval = 4);
    let resume = |n: &Network<Pig>| resumed(n, 1);
    assert!(n.run_until(1_000_000, |n| {
        let k = n.peers[1].session.final_seq();
        k >= 6
            && n.peers.iter().all(|p| p.session.final_seq() == k)
            && n.peers[1].session.phase() == &Phase::Playing
            && at(n, k)
            && resume(n).final_seq() == k
    }));
    n.peers[0].offline = true;
    let s = resume(&n);
    let k = s.final_seq();
    n.peers[1].session = s;
    n.run(20_000_000);
    (n, k)
}

/// The survivor plays only once a live peer answered its sync; its partner never will. It counts
/// the partner as silent, votes it out alone after the gone-timeout (the 2-player rule), and,
/// with no other player live, plays on alone to the end.
#[test]
fn a_2_player_survivor_resumed_at_a_checkpoint_hands_the_gone_partner_to_the_bot() {
    let (n, k) = two_player_resume_with_partner_gone(72, |n, k| {
        k % n.peers[0].session.config().ack_interval == 0
    });
    let survivor = &n.peers[1];
    assert_eq!(
        survivor.session.phase(),
        &Phase::Over,
        "{:?}",
        survivor.events.iter().rev().take(6).collect::<Vec<_>>()
    );
    assert!(
        survivor
            .events
            .iter()
            .any(|e| matches!(e, Event::TakenOver { seat: Seat(0), from_seq } if *from_seq > k)),
        "resumed at {k}: {:?}",
        survivor
            .events
            .iter()
            .filter(|e| matches!(e, Event::TakenOver { .. }))
            .collect::<Vec<_>>()
    );
    let r = replay::verify::<Pig>(&survivor.replay).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        matches!(r.takeovers[..], [(Seat(0), from)] if from > k),
        "{:?}",
        r.takeovers
    );
}

/// The case a file holding beacon links only at checkpoints could not close: the survivor is
/// resumed at a move that is not a checkpoint and that it played itself (a hold: no chance
/// point after it), so its partner's beacon link of that move travelled only in the partner's
/// ack, and the partner is gone for good. The file keeps every live seat's link with every move,
/// so the survivor still records the takeover and its replay verifies.
#[test]
fn a_2_player_survivor_resumed_after_its_own_move_hands_the_gone_partner_to_the_bot() {
    // Checkpoints every 2 moves: more files that end on a move after one.
    let mut n = fixture::net_with(2, 73, fixture::settings(), |c| c.ack_interval = 2);
    let interval = n.peers[0].session.config().ack_interval;
    let hold = dwarfs_engine::codec::encode(&PigAction::Hold).unwrap();
    // Seat 2's file cut right after seat 2's last move, its own hold, not a checkpoint (what a
    // crash between two writes leaves, as the partner plays on).
    let cut = |n: &Network<Pig>| -> Option<(Vec<u8>, u32)> {
        let bytes = &n.peers[1].replay;
        let frames = replay::format::read_frames(bytes).frames;
        let moves: Vec<(usize, &replay::format::MoveRecord)> = frames
            .iter()
            .enumerate()
            .filter_map(|(j, (_, f))| match f {
                replay::format::Frame::Move(m) => Some((j, m)),
                _ => None,
            })
            .collect();
        let (j, m) = *moves.iter().rev().find(|(_, m)| m.seat == Seat(1))?;
        let ok = m.seq >= 6 && m.seq % interval != 0 && m.action == hold;
        let end = frames.get(j + 1).map_or(bytes.len(), |(o, _)| *o);
        ok.then(|| (bytes[..end].to_vec(), m.seq))
    };
    let resume = |n: &Network<Pig>, bytes: &[u8]| resumed_from(n, 1, bytes);
    assert!(n.run_until(1_000_000, |n| {
        cut(n).is_some_and(|(bytes, k)| {
            let s = resume(n, &bytes);
            s.final_seq() == k && s.phase() == &Phase::Playing
        })
    }));
    let (bytes, k) = cut(&n).unwrap();
    // Seat 2's process dies and comes back from its file; seat 1 is gone for good.
    n.peers[0].offline = true;
    let session = resume(&n, &bytes);
    assert_eq!(session.final_seq(), k);
    n.peers[1].session = session;
    n.peers[1].replay = bytes;
    let seen = n.peers[1].events.len();
    n.run(20_000_000);
    let survivor = &n.peers[1];
    assert_eq!(
        survivor.session.phase(),
        &Phase::Over,
        "resumed at {k}: {:?}",
        survivor.events[seen..]
            .iter()
            .rev()
            .take(6)
            .collect::<Vec<_>>()
    );
    assert!(
        survivor.events[seen..].iter().any(|e| matches!(
            e,
            Event::TakenOver { seat: Seat(0), from_seq } if *from_seq == k + 1
        )),
        "resumed at {k}: {:?}",
        survivor.events[seen..]
            .iter()
            .filter(|e| matches!(
                e,
                Event::TakenOver { .. } | Event::Halted { .. } | Event::GameOver { .. }
            ))
            .collect::<Vec<_>>()
    );
    let r = replay::verify::<Pig>(&survivor.replay).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.takeovers, vec![(Seat(0), k + 1)]);
}

/// A 2-player game: seat 2's process dies, and seat 1, after the gone-timeout, hands it to the
/// bot alone (the 2-player rule) and plays on. Seat 2 then resumes from its file, which knows
/// nothing of the vote, told it was down for `down_ms` ([`Session::note_downtime`]). Returns the
/// network once both stopped.
fn resumed_after_a_lone_vote(down_ms: u64) -> Network<Pig> {
    let mut n = fixture::net_with(2, 74, fixture::settings(), |c| c.ack_interval = 4);
    assert!(n.run_until(1_000_000, |n| {
        let k = n.peers[1].session.final_seq();
        k >= 6
            && n.peers.iter().all(|p| p.session.final_seq() == k)
            && n.peers[1].session.phase() == &Phase::Playing
    }));
    // Seat 2 dies; its file is what it had written.
    let file = n.peers[1].replay.clone();
    n.peers[1].offline = true;
    assert!(
        n.run_until(20_000_000, |n| n.peers[0]
            .events
            .iter()
            .any(|e| matches!(e, Event::TakenOver { seat: Seat(1), .. }))),
        "seat 1 hands the dead seat to the bot"
    );
    let p = &n.peers[1];
    let mut s = Session::<Pig>::resume_with_signer(
        &file,
        p.signer.clone(),
        p.secret.clone(),
        fixture::settings(),
        n.now,
    )
    .unwrap()
    .0;
    s.note_downtime(down_ms);
    n.peers[1].session = s;
    n.peers[1].events.clear();
    n.peers[1].offline = false;
    n.run(20_000_000);
    n
}

/// Down for the gone-timeout or more, the resumed player finds the lone vote right and follows
/// the game read-only (it once called the vote an eviction and halted).
#[test]
fn a_player_resumed_after_its_seat_went_to_the_bot_follows_the_game() {
    let gone = fixture::settings().gone_after_ms;
    let n = resumed_after_a_lone_vote(gone);
    let back = &n.peers[1];
    assert!(
        !back
            .events
            .iter()
            .any(|e| matches!(e, Event::Cheat(_) | Event::Halted { .. })),
        "{:?}",
        back.events.iter().rev().take(6).collect::<Vec<_>>()
    );
    assert!(
        back.events
            .iter()
            .any(|e| matches!(e, Event::TakenOver { seat: Seat(1), .. })),
        "it learns its seat went to the bot"
    );
    assert_eq!(back.session.phase(), &Phase::Over, "it follows to the end");
    assert_eq!(n.peers[0].session.phase(), &Phase::Over);
}

/// Down for less than the gone-timeout, a lone vote against the resumed player is judged as
/// for a player that was running: a partner cannot hand a seat to the bot the moment its player
/// comes back from a short restart. Here the vote (cast during a long downtime the session is
/// told was short) is reported as an eviction.
#[test]
fn a_lone_vote_against_a_player_back_from_a_short_restart_is_an_eviction() {
    let n = resumed_after_a_lone_vote(0);
    let back = &n.peers[1];
    assert!(
        back.events.iter().any(|e| matches!(
            e,
            Event::Cheat(ev) if ev.kind == dwarfs_protocol::CheatKind::Eviction
        )),
        "{:?}",
        back.events.iter().rev().take(6).collect::<Vec<_>>()
    );
}

/// A 3-player game where the last move of the player about to leave is still on its way when
/// the third player's process restarts (seed 71, the replay file whole at move 29): the first
/// player, hearing nothing from the restarting player, votes against it as well as against the
/// gone one. Handing both over can never pass (one voter would be left, short of the quorum of
/// 2), so that vote must not bind its voter: once, it applied no takeover and refused the
/// restarted player's next move for ever, and the game froze.
#[test]
fn a_vote_that_can_no_longer_pass_binds_nobody() {
    let mut n = fixture::net_with(3, 71, fixture::settings(), |c| c.ack_interval = 4);
    let resume = |n: &Network<Pig>| resumed(n, 2);
    assert!(run_until_whole(&mut n, 2, 1_000_000, |n| {
        let k = n.peers[2].session.final_seq();
        k == 29 && n.peers.iter().all(|p| p.session.final_seq() == k) && resume(n).final_seq() == k
    }));
    n.peers[1].offline = true;
    n.peers[2].session = resume(&n);
    let seen: Vec<usize> = n.peers.iter().map(|p| p.events.len()).collect();
    assert!(n.run(20_000_000), "the two players left did not finish");
    // The case under test: the first player voted against both others.
    let voted_both = [1u8, 2].iter().all(|&t| {
        n.peers[0].events[seen[0]..]
            .iter()
            .any(|e| matches!(e, Event::Silent { seat, .. } if *seat == Seat(t)))
    });
    assert!(voted_both, "{:?}", &n.peers[0].events[seen[0]..]);
    for i in [0, 2] {
        let p = &n.peers[i];
        assert_eq!(p.session.phase(), &Phase::Over);
        assert!(
            p.events[seen[i]..]
                .iter()
                .any(|e| matches!(e, Event::TakenOver { seat: Seat(1), .. }))
        );
        replay::verify::<Pig>(&p.replay).unwrap_or_else(|e| panic!("peer {i}: {e}"));
    }
}
