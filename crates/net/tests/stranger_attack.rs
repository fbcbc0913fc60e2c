//! A stranger attacks a game in progress, over real sockets on loopback: hundreds of `/dwarfs/1`
//! streams each holding the start of a 1 MiB frame, garbage frames, and frames announcing more
//! than the limit. The game finishes, both replays verify, and the heap of the whole process
//! (both players, the stranger and the test) grows by far less than what the stranger announced.
//!
//! Memory is measured with a counting allocator (this file holds a single test, so nothing else
//! allocates meanwhile); the process's resident size is printed for the record.

mod stranger;

mod common;
use common::{STEP, seated, spec, ticket_of, wait_for};
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_engine::{Actor, Game, codec};
use dwarfs_net::spec::Ending;
use dwarfs_net::{Command, GameUpdate, PeerHandle, Role, Ticket, Update, spawn_peer};
use std::sync::atomic::Ordering;
use std::time::Duration;
use stranger::{PEAK, Stranger, frame, garbage, partial_frame, reset_peak, send_raw};
use tokio::time::timeout;

/// Resident and peak resident size of this process in KiB, from /proc (Linux).
fn rss_kib() -> Option<(u64, u64)> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| {
        s.lines()
            .find(|l| l.starts_with(name))?
            .split_whitespace()
            .nth(1)?
            .parse::<u64>()
            .ok()
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

const MIB: usize = 1 << 20;
/// Streams the first stranger opens, each announcing a 1 MiB frame and sending
/// [`STALLED_BYTES`] of it.
const STALLED_STREAMS: usize = 300;
/// How much of each announced frame the first stranger sends before it stalls.
const STALLED_BYTES: usize = 32 * 1024;
/// The most the heap may grow while the stranger attacks (announced: 300 MiB).
const HEAP_BOUND: usize = 32 * MIB;

/// Plays the first legal action whenever it is `seat`'s turn, until the game is over; returns
/// the number of moves. Incidents (a stranger's garbage may be reported) do not stop it.
async fn play_to_end(h: &mut PeerHandle<Pig>, seat: u8, mut state: Pig) -> u32 {
    let mut asked = None;
    loop {
        if let Actor::Seat(s) = state.to_act()
            && s.0 == seat
            && asked != Some(state.clone())
        {
            let a = state.legal_actions_vec()[0];
            asked = Some(state.clone());
            assert!(h.send(Command::Play(vec![a])));
        }
        let u = timeout(STEP, h.recv())
            .await
            .expect("no update in time")
            .expect("the peer stopped");
        match u {
            Update::Game(GameUpdate::Applied { state: s, .. })
            | Update::Game(GameUpdate::Chance { state: s, .. }) => state = *s,
            Update::Game(GameUpdate::Over { moves, .. }) => return moves,
            Update::Refused(r) => panic!("our move was refused: {r}"),
            Update::Ended(r) => panic!("ended early: {:?}", r.ending),
            _ => {}
        }
    }
}

/// The stranger's attack on `victim` at `addrs`: returns the streams it holds open (dropping
/// them would end the attack) and a line describing what it sent.
async fn attack(
    victim: dwarfs_net::PeerId,
    addrs: Vec<libp2p::Multiaddr>,
) -> (Vec<Stranger>, Vec<libp2p::Stream>, String) {
    let mut held = Vec::new();
    // One identity: hundreds of streams, each the start of a 1 MiB frame, left hanging.
    let mut a = Stranger::start();
    assert!(a.dial(victim, addrs.clone()).await, "the stranger connects");
    let mut opened = 0;
    for _ in 0..STALLED_STREAMS {
        if let Some(mut s) = a.open(victim).await {
            opened += 1;
            send_raw(&mut s, &partial_frame(MIB as u32, STALLED_BYTES)).await;
            held.push(s);
        }
    }
    // Another: garbage frames on a few streams, each stream ending with a frame that announces
    // more than the limit (the host closes the stream there).
    let mut b = Stranger::start();
    assert!(b.dial(victim, addrs).await, "the second stranger connects");
    let mut garbage_frames = 0;
    let mut oversize = 0;
    for i in 0..4u64 {
        if let Some(mut s) = b.open(victim).await {
            for j in 0..50u64 {
                let mut g = garbage(i * 1000 + j, 64 + (j as usize * 97) % 4000);
                // Half of them start with a real channel tag, so they reach the decoders.
                if j % 2 == 0 {
                    g[0] = (j % 4) as u8 / 2;
                }
                if send_raw(&mut s, &frame(&g)).await {
                    garbage_frames += 1;
                }
            }
            if send_raw(&mut s, &partial_frame(u32::MAX, 16)).await {
                oversize += 1;
            }
            held.push(s);
        }
    }
    let what = format!(
        "{opened} streams announcing 1 MiB frames with {} KiB sent, {garbage_frames} garbage \
         frames, {oversize} oversize",
        STALLED_BYTES / 1024
    );
    (vec![a, b], held, what)
}

#[test]
fn a_game_finishes_and_memory_stays_bounded_while_a_stranger_attacks() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let dir = tempfile::tempdir().unwrap();
    let game = async {
        let h = rt.handle();
        let options = codec::encode(&PigOptions {
            target: 30,
            max_rounds: 20,
            wagers: false,
        })
        .unwrap();
        let role = Role::Host {
            seats: 2,
            bots: 0,
            options,
        };
        let mut host = spawn_peer::<Pig>(h, spec(dir.path(), "Ada", role), || {});
        let ticket = ticket_of(&mut host).await;
        let t = Ticket::decode(&ticket).unwrap();
        let mut joiner = spawn_peer::<Pig>(h, spec(dir.path(), "Bo", Role::Join { ticket }), || {});
        seated(&mut joiner).await;
        assert!(joiner.send(Command::Ready(true)));
        let start = |u: &Update<Pig>| match u {
            Update::Started(s) => Some(s.state.clone()),
            _ => None,
        };
        let hstate = wait_for(&mut host, "the host's start", start).await;
        let jstate = wait_for(&mut joiner, "the joiner's start", start).await;

        // The game is on and waits for its first move: the stranger attacks the host.
        let rss_before = rss_kib();
        let base = reset_peak();
        let (strangers, held, what) = attack(t.host, t.addrs.clone()).await;
        let during = PEAK.load(Ordering::Relaxed) - base;

        // The game is played to the end while the stranger holds its streams open.
        let (a, b) = tokio::join!(
            play_to_end(&mut host, 0, hstate),
            play_to_end(&mut joiner, 1, jstate)
        );
        assert_eq!(a, b, "both saw the same moves");
        assert!(a > 0);
        let peak = PEAK.load(Ordering::Relaxed) - base;
        let rss_after = rss_kib();
        drop(held);
        drop(strangers);

        for p in [&mut host, &mut joiner] {
            let r = wait_for(p, "the end", |u| match u {
                Update::Ended(r) => Some(r.clone()),
                _ => None,
            })
            .await;
            assert_eq!(r.ending, Ending::Over, "{r:?}");
            let path = r.replay.clone().expect("a replay file");
            let v = dwarfs_nettools::demo::verify_file::<Pig>(&path)
                .unwrap_or_else(|e| panic!("the replay {path:?} does not verify: {e}"));
            assert_eq!(v.moves, a, "the replay holds every move");
        }
        eprintln!(
            "memory under attack ({what}): heap growth {:.1} MiB during the attack, \
             {:.1} MiB peak to the game's end; RSS before {:?} KiB, after (current, peak) {:?} KiB",
            during as f64 / MIB as f64,
            peak as f64 / MIB as f64,
            rss_before,
            rss_after,
        );
        assert!(
            peak < HEAP_BOUND,
            "the heap grew by {} MiB under attack (bound {} MiB)",
            peak / MIB,
            HEAP_BOUND / MIB
        );
    };
    rt.block_on(async { timeout(Duration::from_secs(180), game).await })
        .expect("the test finished in time");
}
