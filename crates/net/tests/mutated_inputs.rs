//! What a stranger can send, made from real data and mutated byte by byte (seeded, so every run
//! tries the same cases): `/dwarfs/1` frame streams, network envelopes and invite tickets. Each
//! test asserts what the result must be, not only that nothing panics.

use dwarfs_engine::SeedStream;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_net::envelope::{Envelope, FRAME_LIMIT, NetMsg, open, wrap_net, wrap_wire};
use dwarfs_net::frame::{FrameError, read_frame, write_frame};
use dwarfs_net::ticket::{Ticket, TicketError};
use dwarfs_protocol::Signer;
use dwarfs_protocol::keys::keypair_from_secret;
use dwarfs_protocol::message::Message;
use dwarfs_protocol::session::Settings;
use dwarfs_protocol::sim::{Faults, Network};
use dwarfs_protocol::wire;
use futures::executor::block_on;
use futures::io::{AsyncRead, Cursor};
use std::cell::RefCell;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

/// Wire frames of every message the peers of a simulated Pig game sent.
fn wire_frames() -> Vec<Vec<u8>> {
    let faults = Faults {
        latency_ms: 1,
        ..Faults::default()
    };
    let options = PigOptions {
        target: 8,
        ..PigOptions::default()
    };
    let mut net = Network::<Pig>::new(&options, 2, 31, faults, Settings::default())
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
    let msgs = seen.take();
    msgs.iter()
        .map(|m| wire::encode(m).expect("a real message encodes"))
        .collect()
}

fn ticket(i: u8) -> Ticket {
    Ticket {
        game: ["pig", "fall", "hold", "winter"][i as usize % 4].into(),
        game_id: [i; 32],
        host: keypair_from_secret([i.wrapping_add(1); 32])
            .public()
            .to_peer_id(),
        addrs: vec![
            "/ip4/127.0.0.1/tcp/4001".parse().expect("an address"),
            format!("/ip4/192.168.1.{i}/udp/4001/quic-v1")
                .parse()
                .expect("an address"),
            "/ip6/::1/tcp/4002".parse().expect("an address"),
        ],
    }
}

/// One of each network-layer message, around ticket 1.
fn net_messages() -> Vec<NetMsg> {
    dwarfs_nettools::samples::net_messages(&ticket(1), &Signer::from_secret([3; 32]))
}

/// A reader that hands out at most `chunk` bytes per read, and says "not yet" before every
/// other read (waking itself), as a slow network stream does.
struct Trickle<'a> {
    data: &'a [u8],
    chunk: usize,
    ready: bool,
    consumed: usize,
}

impl AsyncRead for Trickle<'_> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut [u8],
    ) -> Poll<std::io::Result<usize>> {
        if !self.ready {
            self.ready = true;
            cx.waker().wake_by_ref();
            return Poll::Pending;
        }
        self.ready = false;
        let n = self.chunk.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        self.consumed += n;
        Poll::Ready(Ok(n))
    }
}

/// How reading a stream to its end went.
#[derive(Debug, PartialEq, Eq)]
enum End {
    Clean,
    TooLarge,
    Cut,
}

/// Reads frames until the stream ends or fails, checking the bytes consumed after each frame.
fn read_all(stream: &[u8], chunk: usize, limit: usize) -> (Vec<Vec<u8>>, End) {
    let mut r = Trickle {
        data: stream,
        chunk,
        ready: false,
        consumed: 0,
    };
    let mut frames = Vec::new();
    let mut framed = 0;
    loop {
        match block_on(read_frame(&mut r, limit)) {
            Ok(Some(f)) => {
                assert!(f.len() <= limit, "a frame above the limit was returned");
                framed += 4 + f.len();
                assert_eq!(r.consumed, framed, "read past the end of a frame");
                frames.push(f);
            }
            Ok(None) => {
                assert_eq!(framed, stream.len(), "a clean end inside a frame");
                return (frames, End::Clean);
            }
            Err(FrameError::TooLarge { len, limit: l }) => {
                assert!(len > l);
                return (frames, End::TooLarge);
            }
            Err(_) => return (frames, End::Cut),
        }
    }
}

#[test]
fn mutated_frame_streams_keep_every_frame_before_the_damage_and_never_exceed_the_limit() {
    let envelopes: Vec<Vec<u8>> = wire_frames()
        .iter()
        .map(|f| wrap_wire(f))
        .chain(net_messages().iter().map(wrap_net))
        .collect();
    let mut rng = SeedStream::new(7);
    let mut ends = [0usize; 3];
    for case in 0..3000 {
        // A stream of 1 to 6 real frames.
        let start = rng.choose(envelopes.len());
        let count = 1 + rng.choose(6);
        let frames: Vec<&Vec<u8>> = envelopes.iter().cycle().skip(start).take(count).collect();
        let mut stream = Cursor::new(Vec::new());
        let mut bounds = Vec::new();
        for f in &frames {
            block_on(write_frame(&mut stream, f, FRAME_LIMIT)).expect("a real frame is written");
            bounds.push(stream.get_ref().len());
        }
        let stream = stream.into_inner();
        let chunk = 1 + rng.choose(64);
        if case % 10 == 0 {
            // Undamaged, any chunking: exactly the frames written.
            let (got, end) = read_all(&stream, chunk, FRAME_LIMIT);
            assert_eq!(end, End::Clean);
            assert_eq!(got.iter().collect::<Vec<_>>(), frames);
        }
        let bad = rng.mutate_bytes(&stream);
        let first_diff = stream
            .iter()
            .zip(&bad)
            .position(|(a, b)| a != b)
            .unwrap_or(stream.len().min(bad.len()));
        let limit = if case % 3 == 0 { 128 } else { FRAME_LIMIT };
        let (got, end) = read_all(&bad, chunk, limit);
        ends[end as usize] += 1;
        // Every frame that ends before the first damaged byte is read back intact.
        let intact = bounds.iter().take_while(|&&b| b <= first_diff).count();
        for (i, f) in frames.iter().take(intact).enumerate() {
            if f.len() > limit {
                break;
            }
            assert_eq!(
                got.get(i),
                Some(*f),
                "case {case}: frame {i} before the damage"
            );
        }
    }
    assert!(
        ends.iter().all(|&n| n > 0),
        "clean, too large, cut: {ends:?}"
    );
}

#[test]
fn mutated_envelopes_are_refused_or_open_to_what_their_bytes_say() {
    let frames = wire_frames();
    let nets = net_messages();
    let mut rng = SeedStream::new(8);
    let mut outcomes = [0usize; 3];
    for _ in 0..8000 {
        let original = if rng.choose(2) == 0 {
            wrap_wire(&frames[rng.choose(frames.len())])
        } else {
            wrap_net(&nets[rng.choose(nets.len())])
        };
        let bad = rng.mutate_bytes(&original);
        match open(&bad) {
            Err(reason) => {
                match bad.first() {
                    None => assert_eq!(reason, "empty frame"),
                    Some(0) => panic!("a wire frame is never refused by the envelope"),
                    Some(1) => assert!(reason.starts_with("bad network message"), "{reason}"),
                    Some(t) => assert_eq!(reason, format!("unknown channel {t}")),
                }
                outcomes[0] += 1;
            }
            Ok(Envelope::Wire(rest)) => {
                assert_eq!(bad[0], 0);
                assert_eq!(
                    rest,
                    &bad[1..],
                    "the wire channel hands on exactly the bytes"
                );
                outcomes[1] += 1;
            }
            Ok(Envelope::Net(m)) => {
                assert_eq!(bad[0], 1);
                // Decoding is a function of the bytes: the message's own encoding opens to it,
                // and a message equal to a real one has that one's encoding.
                let canonical = wrap_net(&m);
                match open(&canonical) {
                    Ok(Envelope::Net(again)) => assert_eq!(again, m),
                    other => panic!("a decoded message does not round-trip: {other:?}"),
                }
                for (real, bytes) in nets.iter().map(|n| (n, wrap_net(n))) {
                    assert_eq!(*real == m, bytes == canonical);
                }
                // A lobby's ticket keeps its checksum: damaged, it is refused, never another.
                if let NetMsg::LobbyInfo(info) = &m {
                    match Ticket::decode(&info.ticket) {
                        Ok(t) => assert_eq!(t, ticket(1)),
                        Err(e) => assert!(!e.to_string().is_empty()),
                    }
                }
                outcomes[2] += 1;
            }
        }
    }
    assert!(
        outcomes.iter().all(|&n| n > 100),
        "refused, wire, net: {outcomes:?}"
    );
}

#[test]
fn mutated_tickets_are_refused_with_a_reason_or_are_the_same_ticket() {
    let tickets: Vec<Ticket> = (0..8).map(ticket).collect();
    let mut rng = SeedStream::new(9);
    let (mut refused, mut same, mut checksum) = (0, 0, 0);
    for _ in 0..8000 {
        let t = &tickets[rng.choose(tickets.len())];
        let s = t.encode();
        // Damage as a paste does (case, spaces, line breaks) or as a typo or bit rot does.
        let bad: String = match rng.choose(3) {
            0 => {
                let mut c: Vec<char> = s.chars().collect();
                let i = rng.choose(c.len());
                match rng.choose(3) {
                    0 => c[i] = c[i].to_ascii_uppercase(),
                    1 => c.insert(i.max(8), [' ', '\n', '\t'][rng.choose(3)]),
                    _ => c[i] = ['o', 'i', 'l', '0', '1', 'u', '-', 'z'][rng.choose(8)],
                }
                c.into_iter().collect()
            }
            _ => String::from_utf8_lossy(&rng.mutate_bytes(s.as_bytes())).into_owned(),
        };
        match Ticket::decode(&bad) {
            Ok(got) => {
                assert_eq!(
                    &got, t,
                    "a damaged ticket {bad:?} decoded to another ticket"
                );
                same += 1;
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                if e == TicketError::Checksum {
                    checksum += 1;
                }
                refused += 1;
            }
        }
    }
    assert!(
        refused > 1000 && same > 100 && checksum > 500,
        "refused {refused}, same {same}, checksum {checksum}"
    );
}
