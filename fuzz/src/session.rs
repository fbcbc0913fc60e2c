//! The session target's driver: a simulated three-seat Pig game in which seat 2 is hostile. The
//! fuzz input is what seat 2 (or a stranger) sends seat 0: messages decoded from the input and
//! re-signed with seat 2's real key, so the fuzzer speaks as a seated peer with valid signatures.
//!
//! Asserted: no panic; seat 0's state keeps its invariants; and when seats 0 and 1 both finish,
//! they agree on the final state (a hostile seat can get a game halted, never split silently).

use crate::Input;
use dwarfs_engine::Game;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::keys::{Domain, Signer, keypair_from_secret};
use dwarfs_protocol::message::{LobbyMessage, LogItem, Message, Signed};
use dwarfs_protocol::session::{Phase, Settings};
use dwarfs_protocol::sim::{Faults, Network};
use dwarfs_protocol::wire;
use serde::Serialize;

fn sign<T: Serialize>(signer: &Signer, domain: Domain, s: &mut Signed<T>) {
    s.sig = signer.sign(domain, &s.body);
}

fn resign_item(signer: &Signer, item: &mut LogItem) {
    match item {
        LogItem::Commit(s) => sign(signer, Domain::Commit, s),
        LogItem::Reveal(s) => sign(signer, Domain::Reveal, s),
        LogItem::Move(s) => sign(signer, Domain::Move, s),
        LogItem::Ack(a) => sign(signer, Domain::Ack, &mut a.signed),
        LogItem::Takeover(s) => sign(signer, Domain::Takeover, s),
        LogItem::SecretCommit(s) => sign(signer, Domain::SecretCommit, s),
        LogItem::SecretReveal(s) => sign(signer, Domain::SecretReveal, s),
    }
}

/// Signs every signed part of `msg` with `signer`.
pub fn resign(signer: &Signer, msg: &mut Message) {
    match msg {
        Message::Lobby(LobbyMessage::Ready(s)) => sign(signer, Domain::Ready, s),
        Message::Lobby(LobbyMessage::Offer(s)) => sign(signer, Domain::Offer, s),
        Message::Lobby(LobbyMessage::Refuse(s)) => sign(signer, Domain::Refuse, s),
        Message::Lobby(LobbyMessage::Hello(_)) | Message::SyncRequest(_) => {}
        Message::Commit(s) => sign(signer, Domain::Commit, s),
        Message::Reveal(s) => sign(signer, Domain::Reveal, s),
        Message::Move(s) => sign(signer, Domain::Move, s),
        Message::Ack(a) => sign(signer, Domain::Ack, &mut a.signed),
        Message::Chat(s) => sign(signer, Domain::Chat, s),
        Message::Takeover(s) => sign(signer, Domain::Takeover, s),
        Message::SecretCommit(s) => sign(signer, Domain::SecretCommit, s),
        Message::SecretReveal(s) => sign(signer, Domain::SecretReveal, s),
        Message::LogSync(l) => l.items.iter_mut().for_each(|i| resign_item(signer, i)),
        Message::Evidence(e) => e.proof.iter_mut().for_each(|i| resign_item(signer, i)),
    }
}

/// The network every input starts from.
pub fn network(wagers: bool) -> Option<Network<Pig>> {
    let options = PigOptions {
        target: 8,
        wagers,
        ..PigOptions::default()
    };
    let faults = Faults {
        latency_ms: 1,
        ..Faults::default()
    };
    Network::<Pig>::new(&options, 3, 1, faults, Settings::default()).ok()
}

/// Runs one input: a flags byte, a number of steps to run first, then frames, each after two
/// bytes (little-endian): its length in the low 15 bits, and the top bit set when a stranger
/// sends it rather than seat 2.
pub fn run(data: &[u8]) {
    let mut input = Input(data);
    let flags = input.byte();
    let Some(mut net) = network(flags & 1 != 0) else {
        return;
    };
    let stranger = keypair_from_secret([9; 32]).public().to_peer_id();
    for _ in 0..input.byte() {
        net.step();
    }
    while let Some(lo) = input.next_byte() {
        let head = u16::from_le_bytes([lo, input.byte()]);
        let bytes = input.take((head & 0x7fff) as usize);
        let Ok(mut msg) = wire::decode(bytes) else {
            continue;
        };
        let from = if head & 0x8000 == 0 {
            resign(&net.peers[2].signer, &mut msg);
            net.peers[2].peer
        } else {
            stranger
        };
        net.peers[0].session.handle_message(from, msg);
        net.pump(0);
        if let Err(m) = net.peers[0].session.state().check_invariants() {
            panic!("seat 0's state broke an invariant: {m}");
        }
    }
    net.run(20_000);
    let (a, b) = (&net.peers[0].session, &net.peers[1].session);
    if matches!(a.phase(), Phase::Over) && matches!(b.phase(), Phase::Over) {
        assert_eq!(
            a.state_hash(),
            b.state_hash(),
            "two honest seats finished with different states"
        );
        assert_eq!(a.state().outcome(), b.state().outcome());
    }
}

/// Seed inputs: what seat 2 really sends in the same game, from the start and from later on.
pub fn seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (flags, steps) in [(0u8, 0u8), (0, 30), (1, 10)] {
        let Some(mut net) = network(flags & 1 != 0) else {
            continue;
        };
        let sent = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let log = sent.clone();
        net.peers[2].tamper = Some(Box::new(move |_, m: Message| {
            log.borrow_mut().push(m.clone());
            vec![m]
        }));
        net.run(20_000);
        let mut input = vec![flags, steps];
        for m in sent.borrow().iter().take(24) {
            if let Ok(f) = wire::encode(m) {
                input.extend(&(f.len() as u16 & 0x7fff).to_le_bytes());
                input.extend(f);
            }
        }
        out.push(input);
    }
    out
}
