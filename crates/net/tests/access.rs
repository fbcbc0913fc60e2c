//! Who may ask a running peer for what, over loopback: a stranger's signed messages during a
//! game are dropped quietly (no incident, the game goes on to its end), and a spectator watches
//! only once the host allowed it (or is told no).

mod common;
use common::{STEP, runtime, seated, spec, ticket_of, wait_for};
use dwarfs_engine::toy::Pig;
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_net::envelope::wrap_wire;
use dwarfs_net::node::{Node, NodeConfig};
use dwarfs_net::spec::{Ending, PeerReport};
use dwarfs_net::{Command, GameUpdate, PeerHandle, Role, Ticket, Update, spawn_peer};
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::{ChatBody, Signed, SyncRequest};
use dwarfs_protocol::{Message, Signer, wire};
use libp2p::identity::Keypair;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::time::timeout;

/// Ada hosts two seats, Bo joins and is ready; returns both handles, the ticket and each one's
/// first state.
async fn two_players(
    rt: &tokio::runtime::Handle,
    dir: &std::path::Path,
    anyone_may_watch: bool,
) -> (PeerHandle<Pig>, PeerHandle<Pig>, String, Pig, Pig) {
    let role = Role::Host {
        seats: 2,
        bots: 0,
        options: vec![],
    };
    let mut host_spec = spec(dir, "Ada", role);
    host_spec.anyone_may_watch = anyone_may_watch;
    let mut host = spawn_peer::<Pig>(rt, host_spec, || {});
    let ticket = ticket_of(&mut host).await;
    let mut joiner = spawn_peer::<Pig>(
        rt,
        spec(
            dir,
            "Bo",
            Role::Join {
                ticket: ticket.clone(),
            },
        ),
        || {},
    );
    seated(&mut joiner).await;
    assert!(joiner.send(Command::Ready(true)));
    let start = |u: &Update<Pig>| match u {
        Update::Started(s) => Some(s.state.clone()),
        _ => None,
    };
    let a = wait_for(&mut host, "the host's start", start).await;
    let b = wait_for(&mut joiner, "the joiner's start", start).await;
    (host, joiner, ticket, a, b)
}

/// Plays the first legal action on our turns until the game is over, then returns the report.
/// An incident, a halt or a refusal fails the test. `each_move` runs after every move applied.
async fn play_to_end(
    h: &mut PeerHandle<Pig>,
    seat: u8,
    mut state: Pig,
    mut each_move: impl FnMut(u32),
) -> PeerReport {
    let mut asked = None;
    loop {
        if let Actor::Seat(s) = state.to_act()
            && s == Seat(seat)
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
            Update::Game(GameUpdate::Applied { state: s, seq, .. }) => {
                state = *s;
                each_move(seq);
            }
            Update::Game(GameUpdate::Chance { state: s, .. }) => state = *s,
            Update::Game(GameUpdate::Incident(i)) => panic!("incident: {i:?}"),
            Update::Game(GameUpdate::Halted(r)) => panic!("halted: {r}"),
            Update::Refused(r) => panic!("our move was refused: {r}"),
            Update::Ended(r) => return *r,
            _ => {}
        }
    }
}

/// Someone who holds no seat: a node of its own that dials the host from the ticket and sends
/// session messages signed by its own key, until `stop`.
async fn stranger(ticket: &Ticket, stop: Arc<AtomicBool>) -> u32 {
    let key = Keypair::generate_ed25519();
    let signer = Signer::new(&key).expect("an ed25519 key");
    let mut node = Node::start(NodeConfig::loopback(key))
        .await
        .expect("a node");
    node.dial(ticket.host, ticket.addrs.clone());
    let mut sent = 0;
    let mut counter = 0;
    while !stop.load(Ordering::SeqCst) {
        counter += 1;
        let body = ChatBody {
            game_id: ticket.game_id,
            seat: Some(Seat(1)),
            counter,
            text: "let me in".into(),
        };
        let chat = Message::Chat(Signed {
            sig: signer.sign(Domain::Chat, &body),
            body,
        });
        let sync = Message::SyncRequest(SyncRequest {
            game_id: ticket.game_id,
            from_seq: 1,
            need_setup: true,
        });
        for m in [chat, sync] {
            node.send(ticket.host, wrap_wire(&wire::encode(&m).expect("encodes")));
        }
        sent += 1;
        // Drain what the host says back (nothing is expected) so the node keeps running.
        while node.try_next_event().is_some() {}
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    node.shutdown().await;
    sent
}

#[test]
fn a_strangers_signed_messages_mid_game_are_dropped_and_the_game_goes_on_to_its_end() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    rt.block_on(async {
        let (mut host, mut joiner, ticket, a, b) =
            two_players(rt.handle(), dir.path(), false).await;
        let t = Ticket::decode(&ticket).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let strange = tokio::spawn({
            let stop = stop.clone();
            async move { stranger(&t, stop).await }
        });
        let stop_at_end = stop.clone();
        let (ra, rb) = tokio::join!(
            play_to_end(&mut host, 0, a, |_| {}),
            play_to_end(&mut joiner, 1, b, |_| {})
        );
        stop_at_end.store(true, Ordering::SeqCst);
        let sent = strange.await.unwrap();
        assert!(sent > 0);
        for r in [&ra, &rb] {
            assert_eq!(r.ending, Ending::Over, "{r:?}");
            assert!(r.cheats.is_empty(), "no incident: {:?}", r.cheats);
        }
        assert_eq!(ra.final_hash, rb.final_hash);
        assert!(
            ra.dropped_frames > 0,
            "the stranger's frames reached the host during the game and were dropped"
        );
    });
}

/// Plays one seat to the end in the background and returns its report.
fn play_in_background(
    rt: &tokio::runtime::Handle,
    mut h: PeerHandle<Pig>,
    seat: u8,
    state: Pig,
) -> tokio::task::JoinHandle<PeerReport> {
    rt.spawn(async move { play_to_end(&mut h, seat, state, |_| {}).await })
}

#[test]
fn a_spectator_watches_once_the_host_allows_it_and_a_denied_one_is_told_no() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    rt.block_on(async {
        let h = rt.handle();
        let (mut host, joiner, ticket, a, b) = two_players(h, dir.path(), false).await;
        let bo = play_in_background(h, joiner, 1, b);
        let watch = |name: &str| {
            spawn_peer::<Pig>(
                h,
                spec(
                    dir.path(),
                    name,
                    Role::Spectate {
                        ticket: ticket.clone(),
                    },
                ),
                || {},
            )
        };
        let mut cy = watch("Cy");
        let mut di = watch("Di");
        // The host is asked about each (the game waits at Ada's turn meanwhile). Ada allows
        // Cy, not Di.
        let mut asked = Vec::new();
        let mut state = a;
        while asked.len() < 2 {
            let u = timeout(STEP, host.recv()).await.unwrap().unwrap();
            match u {
                Update::WatchRequest { peer, name } => {
                    let allow = name == "Cy";
                    assert!(host.send(Command::AnswerWatcher { peer, allow }));
                    asked.push(name);
                }
                Update::Game(GameUpdate::Applied { state: s, .. })
                | Update::Game(GameUpdate::Chance { state: s, .. }) => state = *s,
                Update::Ended(r) => panic!("the game ended before both asked: {r:?}"),
                _ => {}
            }
        }
        asked.sort();
        assert_eq!(asked, ["Cy", "Di"]);
        let ada = play_in_background(h, host, 0, state);
        let denied = wait_for(&mut di, "Di's end", |u| match u {
            Update::Ended(r) => Some(r.ending.clone()),
            Update::Started(_) => panic!("a denied spectator got the game"),
            _ => None,
        })
        .await;
        assert_eq!(denied, Ending::Refused("the host said no".into()));
        wait_for(&mut cy, "Cy's start", |u| match u {
            Update::Started(s) if s.seat.is_none() => Some(()),
            _ => None,
        })
        .await;
        let (ra, rb) = (ada.await.unwrap(), bo.await.unwrap());
        assert_eq!(ra.ending, Ending::Over);
        assert_eq!(ra.final_hash, rb.final_hash);
        let rc = wait_for(&mut cy, "Cy's end", |u| match u {
            Update::Ended(r) => Some(r.clone()),
            _ => None,
        })
        .await;
        assert_eq!(rc.ending, Ending::Over, "{rc:?}");
        assert_eq!(
            rc.final_hash, ra.final_hash,
            "the spectator saw the same end"
        );
    });
}
