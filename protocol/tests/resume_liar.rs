//! A resumed player whose signing journal lost its last record (a power cut: the record was
//! written but not yet on disk when the move left) must get that move back from the others
//! before it signs anything for the same move number. One peer that answers its sync with an
//! unsigned "I am where you are" and no items must not be enough: the number is a claim, and
//! the resumed player would sign a second, different move and be named for equivocation.

use dwarfs_engine::toy::{Pig, PigAction};
use dwarfs_engine::{Game, Seat};
use dwarfs_protocol::message::{LogItem, Message};
use dwarfs_protocol::sim::fixture;
use dwarfs_protocol::{Event, Phase, Session, Settings};

fn settings() -> Settings {
    Settings {
        retransmit_ms: 30,
        // Nobody is reported silent, let alone voted out, while the test holds a link cut.
        silence_ms: 60_000,
        sync_chunk: 8,
        takeover_after_ms: None,
        ..Settings::default()
    }
}

#[test]
fn a_lying_empty_sync_answer_does_not_let_a_resumed_player_sign_a_move_anew() {
    const LIAR: usize = 0;
    const HONEST: usize = 1;
    const RESUMED: usize = 2;
    // Every move a checkpoint: the file holds every final move's links, so it resumes right
    // before the lost move.
    let mut n = fixture::game(3, 61, &fixture::options(), settings(), |c| {
        c.ack_interval = 1
    });
    n.peers[RESUMED].autoplay = false;
    // The resumed seat plays by hand (always rolling) up to a turn of its own a few moves in, where it may hold;
    // its signing journal is kept as a driver writes it.
    let mut journal = Vec::new();
    loop {
        assert!(n.run_until(1_000_000, |n| n.peers[RESUMED].session.is_my_turn()));
        while let Some(b) = n.peers[RESUMED].session.poll_signing_record() {
            journal.extend(b);
        }
        let s = &n.peers[RESUMED].session;
        if s.final_seq() >= 5
            && s.state()
                .legal_actions_for_vec(Seat(RESUMED as u8))
                .contains(&PigAction::Hold)
        {
            break;
        }
        n.peers[RESUMED]
            .session
            .submit_local_action(PigAction::Roll)
            .unwrap();
        n.pump(RESUMED);
    }
    let seq = n.peers[RESUMED].session.final_seq() + 1;
    // It signs a move and sends it; then the power goes: the move left, but its journal record
    // never reached the disk, and neither did anything after the last final move.
    n.peers[RESUMED]
        .session
        .submit_local_action(PigAction::Hold)
        .unwrap();
    n.pump(RESUMED);
    while n.peers[RESUMED].session.poll_signing_record().is_some() {}
    while n.peers[RESUMED].session.check_signatures() {}
    n.pump(RESUMED);
    let file = n.peers[RESUMED].replay.clone();
    n.peers[RESUMED].offline = true;
    // The two others both hold it, and take it as final (its author's ack is inside it).
    assert!(n.run_until(2_000, |n| {
        n.peers[LIAR].session.final_seq() >= seq && n.peers[HONEST].session.final_seq() >= seq
    }));
    let (s, _) = Session::<Pig>::resume_with_journal(
        &file,
        &journal,
        n.peers[RESUMED].signer.clone(),
        n.peers[RESUMED].secret.clone(),
        settings(),
        n.now,
    )
    .unwrap();
    assert!(s.final_seq() < seq, "the file ends before the lost move");
    // The liar answers every sync of the resumed seat with its log up to the lost move and
    // "that is all I hold": the move and everything after it left out, its final move said to
    // be the one before. (Where the resumed file ends right before the lost move, that is an
    // answer with no items at all and the resumed seat's own final move.)
    n.peers[LIAR].tamper_to = Some(Box::new(move |_, to, m| match m {
        Message::LogSync(mut sync) if to == RESUMED => {
            sync.items.retain(|item| match item {
                LogItem::Commit(_) | LogItem::Reveal(_) => true,
                LogItem::Move(m) => m.body.seq < seq,
                LogItem::Ack(a) => a.signed.body.seq < seq,
                LogItem::Takeover(t) => t.body.from_seq < seq,
                LogItem::SecretCommit(c) => c.body.seq < seq,
                LogItem::SecretReveal(r) => r.body.seq < seq,
            });
            sync.final_seq = sync.final_seq.min(seq - 1);
            vec![Message::LogSync(sync)]
        }
        m => vec![m],
    }));
    // The honest peer's answers are slow to come: its link to the resumed seat is down a while.
    n.cut.insert((HONEST, RESUMED));
    n.peers[RESUMED].session = s;
    n.peers[RESUMED].offline = false;
    for i in 0..3 {
        let (a, b) = (n.peers[i].peer, n.peers[RESUMED].peer);
        if i != RESUMED {
            n.peers[RESUMED].session.peer_connected(a);
            n.peers[i].session.peer_connected(b);
        }
    }
    // Asked for a move while only the liar has answered, the player would pick the other one.
    let mut signed_anew = false;
    let until = n.now + 2_000;
    while n.now < until {
        n.step();
        let r = &mut n.peers[RESUMED].session;
        if r.final_seq() + 1 == seq && r.is_my_turn() {
            signed_anew = true;
            let _ = r.submit_local_action(PigAction::Roll);
            n.pump(RESUMED);
        }
    }
    assert!(
        !signed_anew,
        "the resumed seat was let play move {seq} on the liar's word alone"
    );
    // The honest peer's link comes back: its answer holds the lost move, and play goes on.
    n.cut.clear();
    n.peers[RESUMED].autoplay = true;
    assert!(n.run(10_000_000), "the game did not finish");
    for p in &n.peers {
        assert_eq!(p.session.phase(), &Phase::Over);
        let named: Vec<_> = p
            .events
            .iter()
            .filter(|e| matches!(e, Event::Cheat(ev) if ev.seat == Some(Seat(RESUMED as u8))))
            .collect();
        assert!(named.is_empty(), "the resumed seat was named: {named:?}");
    }
    assert_eq!(n.peers[RESUMED].replay, n.peers[HONEST].replay);
    dwarfs_protocol::replay::verify::<Pig>(&n.peers[RESUMED].replay).unwrap();
}

/// The other side of the rule: a resumed player waits for every other live player's answer,
/// so one that is gone for good keeps it waiting until the others hand that seat to the bot
/// (here by hand, as in a network game without a seat timeout); it is then no longer waited
/// for, and the game goes on and ends.
#[test]
fn a_resumed_player_waits_for_a_gone_player_until_its_seat_is_handed_to_the_bot() {
    const GONE: usize = 1;
    const RESUMED: usize = 2;
    let manual = Settings {
        takeover_after_ms: None,
        ..fixture::settings()
    };
    let mut n = fixture::game(3, 62, &fixture::options(), manual.clone(), |c| {
        c.ack_interval = 1
    });
    assert!(n.run_until(1_000_000, |n| n.peers[RESUMED].session.final_seq() >= 6));
    let mut journal = Vec::new();
    while let Some(b) = n.peers[RESUMED].session.poll_signing_record() {
        journal.extend(b);
    }
    // Both go down at once; one comes back.
    n.peers[RESUMED].offline = true;
    n.peers[GONE].offline = true;
    n.run_until(200, |_| false);
    let (s, keep) = Session::<Pig>::resume_with_journal(
        &n.peers[RESUMED].replay,
        &journal,
        n.peers[RESUMED].signer.clone(),
        n.peers[RESUMED].secret.clone(),
        manual,
        n.now,
    )
    .unwrap();
    let resumed_at = s.final_seq();
    n.peers[RESUMED].replay.truncate(keep);
    n.peers[RESUMED].session = s;
    n.peers[RESUMED].offline = false;
    // The live peer answered long ago; the gone one never does, and nothing is played.
    n.run_until(3_000, |_| false);
    let r = &n.peers[RESUMED].session;
    assert!(!r.is_my_turn() && r.final_seq() <= resumed_at + 1);
    assert!(
        n.peers[RESUMED]
            .events
            .iter()
            .any(|e| matches!(e, Event::Silent { seat, .. } if *seat == Seat(GONE as u8))),
        "the gone player is reported silent to the resumed one"
    );
    // Both live players hand the gone seat to the bot.
    for i in [0, RESUMED] {
        n.peers[i].session.vote_takeover(Seat(GONE as u8)).unwrap();
        n.pump(i);
    }
    assert!(n.run(10_000_000), "the game did not finish");
    for i in [0, RESUMED] {
        let p = &n.peers[i];
        assert_eq!(p.session.phase(), &Phase::Over);
        assert!(
            !p.events.iter().any(|e| matches!(e, Event::Cheat(_))),
            "{:?}",
            p.events
        );
        assert!(
            p.events
                .iter()
                .any(|e| matches!(e, Event::TakenOver { seat, .. } if *seat == Seat(GONE as u8))),
            "the gone seat was handed to the bot"
        );
    }
    assert_eq!(n.peers[RESUMED].replay, n.peers[0].replay);
    dwarfs_protocol::replay::verify::<Pig>(&n.peers[RESUMED].replay).unwrap();
}
