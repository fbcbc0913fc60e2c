//! Seed corpora made from real data: wire messages captured from simulated games, real network
//! envelopes and tickets, recorded replays, and game inputs that play real legal actions.

use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_engine::{Actor, Game, Seat, SeedStream, codec};
use dwarfs_games::GameKind;
use dwarfs_net::envelope::{NetMsg, wrap_net, wrap_wire};
use dwarfs_net::ticket::Ticket;
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{LobbyHello, LobbyMessage, Message, Signed};
use dwarfs_protocol::session::Settings;
use dwarfs_protocol::sim::{Faults, Network, sim_game_id, sim_signer};
use dwarfs_protocol::{replay, wire};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The seed inputs of one target.
pub fn for_target(target: &str) -> Vec<Vec<u8>> {
    match target {
        "wire" => wire_frames(),
        "envelope" => envelopes(),
        "frame" => frame_streams(),
        "ticket" => tickets(),
        "replay" => replays(),
        "replay_read" => replay_files(),
        "session" => crate::session::seeds(),
        "byzantine" => crate::byzantine::seeds(),
        _ => match target.strip_prefix("game_").and_then(GameKind::from_name) {
            Some(kind) => dwarfs_games::with_game!(kind, G, game_inputs::<G>()),
            None => Vec::new(),
        },
    }
}

/// Every message the peers of a simulated Pig game sent, in order.
pub fn sim_messages(players: u8, seed: u64, wagers: bool) -> Vec<Message> {
    let options = PigOptions {
        wagers,
        ..PigOptions::default()
    };
    let Ok(mut net) = Network::<Pig>::new(
        &options,
        players,
        seed,
        Faults {
            latency_ms: 1,
            ..Faults::default()
        },
        Settings::default(),
    ) else {
        return Vec::new();
    };
    let seen = Rc::new(RefCell::new(Vec::new()));
    for p in &mut net.peers {
        let seen = seen.clone();
        p.tamper = Some(Box::new(move |_, m: Message| {
            seen.borrow_mut().push(m.clone());
            vec![m]
        }));
    }
    net.run(200_000);
    let mut out = vec![
        Message::Lobby(LobbyMessage::Hello(LobbyHello {
            protocol: wire::WIRE_VERSION,
            game: Pig::NAME.into(),
            rules_version: Pig::RULES_VERSION,
            data_digest: Pig::data_digest(),
            name: "Ada".into(),
        })),
        Message::Lobby(LobbyMessage::Offer(Signed::sign(
            &net.peers[0].signer,
            Domain::Offer,
            net.peers[0].session.config().clone(),
        ))),
    ];
    out.extend(seen.borrow().iter().cloned());
    out
}

/// A few messages of each kind, so the corpus stays small.
fn sample_by_kind(msgs: Vec<Message>, per_kind: usize) -> Vec<Message> {
    let mut count: BTreeMap<&'static str, usize> = BTreeMap::new();
    msgs.into_iter()
        .filter(|m| {
            let c = count.entry(m.kind()).or_default();
            *c += 1;
            *c <= per_kind
        })
        .collect()
}

fn wire_frames() -> Vec<Vec<u8>> {
    let mut msgs = sample_by_kind(sim_messages(3, 1, false), 4);
    msgs.extend(sample_by_kind(sim_messages(2, 2, true), 3));
    msgs.iter().filter_map(|m| wire::encode(m).ok()).collect()
}

/// A real ticket for the game of `seed`.
pub fn ticket(seed: u64) -> Ticket {
    let host = sim_signer(seed, 0)
        .public()
        .peer_id()
        .expect("an ed25519 key");
    Ticket {
        game: "pig".into(),
        game_id: sim_game_id(seed),
        host,
        addrs: vec![
            "/ip4/127.0.0.1/tcp/4001".parse().expect("an address"),
            "/ip6/::1/udp/4001/quic-v1".parse().expect("an address"),
        ],
    }
}

/// One of each network-layer message, around ticket 1.
pub fn net_messages() -> Vec<NetMsg> {
    dwarfs_nettools::samples::net_messages(&ticket(1), &sim_signer(1, 0))
}

fn envelopes() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = net_messages().iter().map(wrap_net).collect();
    out.extend(wire_frames().iter().take(12).map(|f| wrap_wire(f)));
    out
}

/// Frame target inputs: a limit byte, a count of chunk sizes, the sizes, then the stream.
fn frame_streams() -> Vec<Vec<u8>> {
    let frames = envelopes();
    let mut out = Vec::new();
    for (i, chunk) in frames.chunks(4).enumerate() {
        let mut input = vec![0xff, 3, 1 + i as u8, 0, 7];
        for f in chunk {
            input.extend_from_slice(&(f.len() as u32).to_le_bytes());
            input.extend_from_slice(f);
        }
        out.push(input);
    }
    out
}

fn tickets() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for seed in 1..4 {
        let t = ticket(seed);
        out.push(t.encode().into_bytes());
        out.push(format!("  {}\n", t.encode().to_uppercase()).into_bytes());
    }
    // Raw-body mode (first byte 0): the target wraps the rest with a valid checksum.
    let body = ticket(4).encode();
    if let Some(payload) = ticket_payload(&body) {
        let mut v = vec![0u8];
        v.extend(payload);
        out.push(v);
    }
    out
}

/// The payload (checksum cut off) of an encoded ticket, decoded from its base32.
fn ticket_payload(s: &str) -> Option<Vec<u8>> {
    const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";
    let body = s.split_once('-')?.1;
    let (mut acc, mut bits, mut out) = (0u32, 0u32, Vec::new());
    for c in body.chars() {
        let v = ALPHABET.iter().position(|&a| a as char == c)? as u32;
        acc = (acc << 5) | v;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
        acc &= (1 << bits) - 1;
    }
    out.truncate(out.len().checked_sub(4)?);
    Some(out)
}

fn replays() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (players, seed, wagers) in [(2, 1, false), (3, 2, false), (2, 3, true)] {
        let options = PigOptions {
            wagers,
            target: 8,
            ..PigOptions::default()
        };
        if let Ok(r) = replay::record_simulated::<Pig>(&options, players, seed) {
            out.push(r);
        }
    }
    out
}

/// Replay parser inputs: the recorded replays, the same frames behind a protocol v1 magic, what
/// a crash leaves (a cut last frame, a last frame followed by zeros), and
/// signing journals of real signed moves and secret commitments.
fn replay_files() -> Vec<Vec<u8>> {
    use dwarfs_protocol::replay::format::{
        JOURNAL_MAGIC, MAGICS_V1, SignedRecord, encode_record, read_frames,
    };
    let recorded = replays();
    let mut out = recorded.clone();
    for r in &recorded {
        let frames = read_frames(r);
        let mut v1 = r.clone();
        v1[..8].copy_from_slice(MAGICS_V1[1]);
        out.push(v1);
        if let Some(&(last, _)) = frames.frames.last() {
            out.push(r[..last + (r.len() - last) / 2].to_vec());
            let mut zeroed = r.clone();
            zeroed[r.len() - 1] ^= 0xff;
            zeroed.extend([0; 5]);
            out.push(zeroed);
        }
    }
    for (players, seed, wagers) in [(2, 4, false), (2, 5, true)] {
        let mut journal = JOURNAL_MAGIC.to_vec();
        for m in sim_messages(players, seed, wagers) {
            let record = match m {
                Message::Move(m) => SignedRecord::Move(m),
                Message::SecretCommit(c) => SignedRecord::SecretCommit(c),
                _ => continue,
            };
            journal.extend(encode_record(&record));
            if journal.len() > 4_000 {
                break;
            }
        }
        out.push(journal);
    }
    out
}

/// Game driver inputs that play real legal actions: the seed, the options index (the defaults),
/// the seat count, no walk, then one operation per step of a random game: "one random step" at
/// a chance point (the driver draws it from the same seed stream), else a legal action's encoding.
fn game_inputs<G: Game>() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for seed in 0..6u64 {
        let span = G::MAX_PLAYERS - G::MIN_PLAYERS + 1;
        let players_byte = seed as u8;
        let players = G::MIN_PLAYERS + players_byte % span;
        let mut input = seed.to_le_bytes().to_vec();
        input.extend([0, players_byte, 0]);
        let Ok(mut g) = G::new(&G::Options::default(), players) else {
            continue;
        };
        let mut chance = SeedStream::new(seed);
        let mut pick = SeedStream::derive(seed, "fuzz seeds");
        for _ in 0..60 {
            let seat = match g.to_act() {
                Actor::Over => break,
                Actor::Chance => {
                    input.push(0x00);
                    let _ = g.resolve_chance(chance.next_entropy());
                    continue;
                }
                Actor::Seat(s) => s,
                Actor::Simultaneous(set) => {
                    let seats: Vec<Seat> = set.iter().collect();
                    seats[0x20 % seats.len().max(1)]
                }
            };
            let legal = g.legal_actions_for_vec(seat);
            if legal.is_empty() {
                break;
            }
            let a = &legal[pick.choose(legal.len())];
            let bytes = codec::encode(a).expect("a legal action encodes");
            if bytes.len() >= 64 {
                break;
            }
            input.extend([0x20, bytes.len() as u8]);
            input.extend(&bytes);
            let _ = g.play(seat, a);
        }
        out.push(input);
    }
    out
}
