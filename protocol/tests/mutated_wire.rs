//! Real signed wire messages, captured from simulated games, mutated byte by byte (flips, inserts,
//! deletes, truncations; seeded, so every run tries the same cases). A mutated frame is refused
//! with a wire error, or it decodes to a message in which every signature that verifies under a
//! player's key signs exactly a statement of the original message: mutation never makes a new
//! signed statement. A message that is one signed item and still verifies is the original.

use dwarfs_engine::SeedStream;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::keys::{Domain, Signature, signed_bytes};
use dwarfs_protocol::message::{LobbyMessage, LogItem, Message, Signed};
use dwarfs_protocol::session::Settings;
use dwarfs_protocol::sim::{Faults, Network, sim_signer};
use dwarfs_protocol::wire::{self, WIRE_VERSION, WireError};
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;

const SEED: u64 = 11;
const PLAYERS: u8 = 3;

/// Every message the peers of a simulated Pig game sent.
fn captured(wagers: bool) -> Vec<Message> {
    let options = PigOptions {
        wagers,
        target: 10,
        ..PigOptions::default()
    };
    let faults = Faults {
        latency_ms: 1,
        ..Faults::default()
    };
    let mut net = Network::<Pig>::new(&options, PLAYERS, SEED, faults, Settings::default())
        .expect("a simulated network");
    let seen = Rc::new(RefCell::new(Vec::new()));
    for p in &mut net.peers {
        let seen = seen.clone();
        p.tamper = Some(Box::new(move |_, m: Message| {
            seen.borrow_mut().push(m.clone());
            vec![m]
        }));
    }
    assert!(net.run(200_000), "the simulated game finishes");
    seen.take()
}

/// One signed statement: the exact signed bytes and the signature.
type Statement = (Vec<u8>, [u8; 64]);

fn push<T: Serialize>(out: &mut Vec<Statement>, domain: Domain, s: &Signed<T>) {
    out.push((signed_bytes(domain, &s.body), s.sig.0));
}

fn item_statements(out: &mut Vec<Statement>, item: &LogItem) {
    match item {
        LogItem::Commit(s) => push(out, Domain::Commit, s),
        LogItem::Reveal(s) => push(out, Domain::Reveal, s),
        LogItem::Move(s) => push(out, Domain::Move, s),
        LogItem::Ack(a) => push(out, Domain::Ack, &a.signed),
        LogItem::Takeover(s) => push(out, Domain::Takeover, s),
        LogItem::SecretCommit(s) => push(out, Domain::SecretCommit, s),
        LogItem::SecretReveal(s) => push(out, Domain::SecretReveal, s),
    }
}

/// Every signed statement a message carries.
fn statements(m: &Message) -> Vec<Statement> {
    let mut out = Vec::new();
    match m {
        Message::Lobby(LobbyMessage::Ready(s)) => push(&mut out, Domain::Ready, s),
        Message::Lobby(LobbyMessage::Offer(s)) => push(&mut out, Domain::Offer, s),
        Message::Lobby(LobbyMessage::Refuse(s)) => push(&mut out, Domain::Refuse, s),
        Message::Lobby(LobbyMessage::Hello(_)) | Message::SyncRequest(_) => {}
        Message::Commit(s) => push(&mut out, Domain::Commit, s),
        Message::Reveal(s) => push(&mut out, Domain::Reveal, s),
        Message::Move(s) => push(&mut out, Domain::Move, s),
        Message::Ack(a) => push(&mut out, Domain::Ack, &a.signed),
        Message::Chat(s) => push(&mut out, Domain::Chat, s),
        Message::Takeover(s) => push(&mut out, Domain::Takeover, s),
        Message::SecretCommit(s) => push(&mut out, Domain::SecretCommit, s),
        Message::SecretReveal(s) => push(&mut out, Domain::SecretReveal, s),
        Message::LogSync(l) => l.items.iter().for_each(|i| item_statements(&mut out, i)),
        Message::Evidence(e) => e.proof.iter().for_each(|i| item_statements(&mut out, i)),
    }
    out
}

/// Whether the message is exactly one signed item and nothing else.
fn is_single_signed(m: &Message) -> bool {
    matches!(
        m,
        Message::Commit(_)
            | Message::Reveal(_)
            | Message::Move(_)
            | Message::Chat(_)
            | Message::Takeover(_)
            | Message::SecretCommit(_)
            | Message::SecretReveal(_)
            | Message::Lobby(LobbyMessage::Ready(_))
    )
}

#[derive(Default, Debug)]
struct Tally {
    refused: usize,
    bad_signature: usize,
    unsigned: usize,
    verified: usize,
}

fn run_cases(msgs: &[Message], cases: usize, seed: u64) -> Tally {
    let keys: Vec<_> = (0..PLAYERS as usize)
        .map(|i| sim_signer(SEED, i).public().verifier().expect("a key"))
        .collect();
    let verifies =
        |(bytes, sig): &Statement| keys.iter().any(|k| k.verify_raw(bytes, &Signature(*sig).0));
    let real: Vec<(Vec<u8>, Vec<Statement>)> = msgs
        .iter()
        .map(|m| {
            let signed = statements(m);
            assert!(signed.iter().all(verifies), "a real {} verifies", m.kind());
            (wire::encode(m).expect("a real message encodes"), signed)
        })
        .collect();
    let mut rng = SeedStream::new(seed);
    let mut tally = Tally::default();
    for _ in 0..cases {
        let i = rng.choose(msgs.len());
        let (original, (frame, originals)) = (&msgs[i], &real[i]);
        let bad = rng.mutate_bytes(frame);
        match wire::decode(&bad) {
            Err(e) => {
                // The error names what is wrong with the frame.
                match bad.first() {
                    None => assert_eq!(e, WireError::Empty),
                    Some(&v) if v != WIRE_VERSION => {
                        assert_eq!(e, WireError::Version { got: v })
                    }
                    Some(_) => assert!(matches!(e, WireError::Malformed(_)), "{e:?}"),
                }
                tally.refused += 1;
            }
            Ok(m) => {
                // What decoded has one canonical form.
                let again = wire::encode(&m).expect("re-encodes");
                assert_eq!(wire::decode(&again).expect("re-decodes"), m);
                let found = statements(&m);
                if found.is_empty() {
                    tally.unsigned += 1;
                    continue;
                }
                let mut all = true;
                for s in &found {
                    if verifies(s) {
                        assert!(
                            originals.contains(s),
                            "a mutated {} carries a valid signature over a statement the \
                             original did not make",
                            m.kind()
                        );
                    } else {
                        all = false;
                    }
                }
                if !all {
                    tally.bad_signature += 1;
                } else {
                    if is_single_signed(&m) {
                        assert_eq!(&m, original, "a verified single signed item changed");
                    }
                    tally.verified += 1;
                }
            }
        }
    }
    eprintln!("{tally:?}");
    tally
}

#[test]
fn mutated_signed_messages_are_refused_or_carry_only_the_original_signed_statements() {
    let msgs = captured(false);
    let kinds: std::collections::BTreeSet<&str> = msgs.iter().map(|m| m.kind()).collect();
    for k in ["commit", "reveal", "move", "ack"] {
        assert!(kinds.contains(k), "the capture has {k} messages: {kinds:?}");
    }
    let t = run_cases(&msgs, 4000, 1);
    assert!(t.refused > 1000, "{t:?}");
    assert!(t.bad_signature > 100, "{t:?}");
}

#[test]
fn mutated_secret_step_messages_keep_their_signatures_honest() {
    let msgs: Vec<Message> = captured(true)
        .into_iter()
        .filter(|m| matches!(m, Message::SecretCommit(_) | Message::SecretReveal(_)))
        .collect();
    assert!(
        !msgs.is_empty(),
        "a wager game sends secret commits and reveals"
    );
    let t = run_cases(&msgs, 2000, 2);
    assert!(t.refused > 500 && t.bad_signature > 50, "{t:?}");
}

#[test]
fn mutated_log_syncs_never_gain_a_signed_item() {
    // A log sync as a peer sends it, from another peer's real signed items.
    let items: Vec<LogItem> = captured(false)
        .into_iter()
        .filter_map(|m| match m {
            Message::Commit(c) => Some(LogItem::Commit(c)),
            Message::Move(mv) => Some(LogItem::Move(mv)),
            Message::Ack(a) => Some(LogItem::Ack(a)),
            _ => None,
        })
        .take(12)
        .collect();
    let game_id = items
        .iter()
        .find_map(|i| match i {
            LogItem::Move(m) => Some(m.body.game_id),
            _ => None,
        })
        .expect("a move");
    let sync = Message::LogSync(dwarfs_protocol::message::LogSync {
        game_id,
        final_seq: 3,
        items,
    });
    let t = run_cases(std::slice::from_ref(&sync), 1500, 3);
    assert!(t.refused > 100 && t.bad_signature > 100, "{t:?}");
}
