//! One signature rule on every path (issue 34, hole 2). A signer can put a small-order point into
//! its own R or key: RFC 8032's cofactorless single check refuses such a signature while a
//! randomly weighted batch accepts it about half the time, so one signature got two verdicts.
//! Every path now checks by one cofactored rule: batches of every size agree with one-by-one
//! checks on crafted inputs, and a replay holding a crafted signature gets one verdict from
//! `verify`, `verify_one_by_one`, `show`, `positions` and `check_unfinished`; live, every honest
//! peer gives a crafted ack the same verdict.

mod common;
use common::{assemble, frames, recorded};

use dwarfs_engine::toy::Pig;
use dwarfs_protocol::byzantine::craft;
use dwarfs_protocol::keys::{Domain, SigBatch, signed_bytes, verify_bytes};
use dwarfs_protocol::message::{Ack, Message, Signed};
use dwarfs_protocol::replay::{self, format::Frame};
use dwarfs_protocol::sim::sim_key_secret;
use dwarfs_protocol::{Event, Phase};
use proptest::prelude::*;

/// One crafted input: a key, a message and a signature.
#[derive(Clone, Debug)]
struct Input {
    key: [u8; 32],
    msg: Vec<u8>,
    sig: [u8; 64],
}

/// Crafted input number `kind` over `msg`, signed by a key from `who`.
fn crafted(kind: u8, who: u8, msg: &[u8]) -> Input {
    let secret = sim_key_secret(99, who as usize);
    // One of the five small-order points (of order 2, 4, 4, 8, 8).
    let pick = |i: u8| i as usize % 5;
    let (key, sig) = match kind % 10 {
        // Honest.
        0 => {
            let k = craft::key(secret, None);
            (k.public, craft::sign(&k, msg, None))
        }
        // A torsion point in R.
        1..=3 => {
            let k = craft::key(secret, None);
            (k.public, craft::sign(&k, msg, Some(pick(kind))))
        }
        // A torsion point in the key.
        4 | 5 => {
            let k = craft::key(secret, Some(pick(kind)));
            (k.public, craft::sign(&k, msg, None))
        }
        // Both.
        6 => {
            let k = craft::key(secret, Some(pick(who)));
            (k.public, craft::sign(&k, msg, Some(pick(who + 1))))
        }
        // A torsion point in R and a wrong s.
        7 => {
            let k = craft::key(secret, None);
            let mut s = craft::sign(&k, msg, Some(pick(who)));
            s[40] ^= 4;
            (k.public, s)
        }
        // A non-canonical s (s + l).
        8 => {
            let k = craft::key(secret, None);
            let mut s = craft::sign(&k, msg, None);
            // Adding l to s: s < l < 2^253, so the sum fits in 32 bytes.
            let mut carry = 0u16;
            let l_bytes = [
                0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
                0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
            ];
            for i in 0..32 {
                let v = s[32 + i] as u16 + l_bytes[i] as u16 + carry;
                s[32 + i] = v as u8;
                carry = v >> 8;
            }
            (k.public, s)
        }
        // The message changed after signing.
        _ => {
            let k = craft::key(secret, None);
            let s = craft::sign(&k, msg, None);
            let mut other = msg.to_vec();
            other.push(1);
            return Input {
                key: k.public,
                msg: other,
                sig: s,
            };
        }
    };
    Input {
        key,
        msg: msg.to_vec(),
        sig,
    }
}

#[test]
fn hand_signing_matches_the_signer() {
    // The crafting code signs like the project's signer when it adds nothing.
    let secret = sim_key_secret(7, 1);
    let signer = dwarfs_protocol::sim::sim_signer(7, 1);
    let body = (3u32, [9u8; 5]);
    let msg = signed_bytes(Domain::Move, &body);
    let k = craft::key(secret, None);
    assert_eq!(k.public, signer.public().0);
    assert_eq!(
        craft::sign(&k, &msg, None),
        signer.sign(Domain::Move, &body).0
    );
}

#[test]
fn the_crafted_points_are_of_small_order() {
    use curve25519_dalek::traits::IsIdentity;
    for i in 0..5 {
        let p = craft::torsion(i);
        assert!(p.is_small_order() && !p.is_identity(), "point {i}");
    }
}

#[test]
fn crafted_signatures_have_one_verdict_each() {
    // The crafted kinds are what they claim: valid under the one rule, whatever torsion they
    // carry; refused when s or the message is wrong.
    for kind in 0..10u8 {
        let i = crafted(kind, kind, b"a message");
        let expected = matches!(kind, 0..=6);
        assert_eq!(
            verify_bytes(&i.key, &i.msg, &i.sig),
            expected,
            "kind {kind}"
        );
        let mut b = SigBatch::default();
        b.queue(&i.key, &i.msg, &i.sig);
        assert_eq!(b.verify_all(), expected, "kind {kind} in a batch of one");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// A batch of any size and mix accepts exactly when every one-by-one check does.
    #[test]
    fn batches_agree_with_single_checks(
        items in prop::collection::vec((0u8..10, 0u8..4, any::<u16>()), 1..24),
    ) {
        let inputs: Vec<Input> = items
            .iter()
            .map(|(kind, who, m)| crafted(*kind, *who, &m.to_le_bytes()))
            .collect();
        let singles = inputs.iter().all(|i| verify_bytes(&i.key, &i.msg, &i.sig));
        let mut b = SigBatch::default();
        for i in &inputs {
            b.queue(&i.key, &i.msg, &i.sig);
        }
        prop_assert_eq!(b.verify_all(), singles);
    }
}

#[test]
fn mixed_order_batches_agree_at_every_size() {
    // The reported case: one signature with an order-2 point in R among honest ones, in
    // batches of every size, at every position. Under the old rule about half were accepted.
    for size in 1..=16usize {
        for at in 0..size {
            let mut b = SigBatch::default();
            for j in 0..size {
                let kind = if j == at { 1 } else { 0 };
                let i = crafted(kind, (j % 4) as u8, &[size as u8, j as u8]);
                b.queue(&i.key, &i.msg, &i.sig);
            }
            assert!(b.verify_all(), "size {size}, crafted at {at}");
            // The same with a crafted signature that is invalid: refused by every batch.
            let mut b = SigBatch::default();
            for j in 0..size {
                let kind = if j == at { 7 } else { 0 };
                let i = crafted(kind, (j % 4) as u8, &[size as u8, j as u8]);
                b.queue(&i.key, &i.msg, &i.sig);
            }
            assert!(!b.verify_all(), "size {size}, invalid at {at}");
        }
    }
}

/// A 3-player Pig replay whose move `seq` signature is re-signed by its author with a torsion
/// point in R (`valid`), or with one and a wrong s.
fn replay_with_crafted_move(seq: u32, valid: bool) -> Vec<u8> {
    // `recorded` plays with the simulator's keys for its seed.
    let seed = 4;
    let bytes = recorded(3, seed);
    let (_, sigs) = replay::signatures::<Pig>(&bytes).unwrap();
    let mut fr = frames(&bytes);
    let k = fr
        .iter()
        .position(|f| matches!(f, Frame::Move(m) if m.seq == seq && m.sig.is_some()))
        .expect("a signed move");
    let Frame::Move(m) = &mut fr[k] else {
        unreachable!()
    };
    let old = m.sig.unwrap();
    let check = sigs.iter().find(|c| c.signature == old.0).unwrap();
    let key = craft::key(sim_key_secret(seed, m.seat.index()), None);
    assert_eq!(key.public, check.key);
    let mut sig = craft::sign(&key, &check.message, Some(0));
    if !valid {
        sig[45] ^= 1;
    }
    m.sig.as_mut().unwrap().0 = sig;
    assemble(&fr)
}

#[test]
fn a_replay_with_a_crafted_signature_gets_one_verdict_on_every_path() {
    for valid in [true, false] {
        let bytes = replay_with_crafted_move(5, valid);
        let batched = replay::verify::<Pig>(&bytes);
        let single = replay::verify_one_by_one::<Pig>(&bytes);
        let shown = replay::show::<Pig>(&bytes);
        let (_, positions) = replay::positions::<Pig>(&bytes);
        let resumed = replay::check_unfinished::<Pig>(&bytes);
        assert_eq!(batched.is_ok(), valid, "{batched:?}");
        assert_eq!(batched, single);
        assert_eq!(positions, single);
        assert_eq!(shown.contains("VERIFICATION FAILED"), !valid, "{shown}");
        assert_eq!(resumed.is_ok(), valid, "{resumed:?}");
        if !valid {
            assert_eq!(batched.unwrap_err().seq, Some(5));
        }
        // Forty times: the verdict is a function of the file.
        for _ in 0..40 {
            assert_eq!(replay::verify::<Pig>(&bytes).is_ok(), valid);
        }
    }
}

#[test]
fn honest_peers_agree_on_a_crafted_ack() {
    // Live, 4 players: seat 3 signs every ack with a torsion point in R (valid under the one
    // rule). Every honest peer accepts them alike: nobody halts, nobody is named, the game
    // finishes with one state, and every replay verifies on both paths.
    for seed in 0..4u64 {
        let mut n = common::pig_net(4, 300 + seed);
        let key = craft::key(sim_key_secret(300 + seed, 3), None);
        n.peers[3].tamper = Some(Box::new(move |_, m| {
            let m = match m {
                Message::Ack(a) => {
                    let msg = signed_bytes(Domain::Ack, &a.signed.body);
                    let t = (a.signed.body.seq % 5) as usize;
                    Message::Ack(Ack {
                        signed: Signed {
                            sig: dwarfs_protocol::keys::Signature(craft::sign(&key, &msg, Some(t))),
                            body: a.signed.body,
                        },
                    })
                }
                m => m,
            };
            vec![m]
        }));
        n.run(600_000);
        for p in &n.peers {
            assert_eq!(p.session.phase(), &Phase::Over, "seed {seed}");
            assert!(
                !p.events.iter().any(|e| matches!(e, Event::Cheat(_))),
                "seed {seed}: nobody is named"
            );
            assert!(replay::verify::<Pig>(&p.replay).is_ok());
            assert!(replay::verify_one_by_one::<Pig>(&p.replay).is_ok());
        }
        let h = n.hashes();
        assert!(h.windows(2).all(|w| w[0] == w[1]));
    }
}
