//! The transport a browser can dial (issue 37): WebSocket over TCP, with the same noise and
//! yamux as TCP. A host listening on WebSocket alone puts its WebSocket address in the ticket,
//! and a joiner that listens nowhere (a browser tab cannot accept connections) plays a whole
//! game with it, every move agreed; both replays verify and are the same bytes. Two such
//! joiners, which cannot dial each other, play a 3-player game with the host through its relay.

mod common;
use common::{STEP, runtime, seated, spec, ticket_of, wait_for};
use dwarfs_engine::toy::Pig;
use dwarfs_engine::{Actor, Game};
use dwarfs_net::store::{MemoryStore, PeerStore};
use dwarfs_net::{
    Command, GameUpdate, PeerHandle, Role, Ticket, Transport, Update, spawn_peer, spawn_with_store,
};
use std::sync::Arc;

/// A fresh player key, as a browser makes and keeps one.
fn libp2p_identity_key() -> libp2p::identity::Keypair {
    libp2p::identity::Keypair::generate_ed25519()
}
use std::time::Duration;
use tokio::time::timeout;

/// Plays the first legal move whenever it is `h`'s turn until the game is over; returns the
/// moves and how many were final with both players agreeing.
struct Seat {
    h: PeerHandle<Pig>,
    /// How many peers play (each must agree on every move).
    peers: usize,
    seat: dwarfs_engine::Seat,
    state: Pig,
    asked: Option<Pig>,
    agreed: u32,
    over: Option<u32>,
    /// The peer's report, once it ended (after the game).
    report: Option<Box<dwarfs_net::PeerReport>>,
}

impl Seat {
    async fn start(mut h: PeerHandle<Pig>, peers: usize) -> Seat {
        let (seat, state) = wait_for(&mut h, "the start", |u| match u {
            Update::Started(s) => Some((s.seat.expect("a seat"), s.state.clone())),
            _ => None,
        })
        .await;
        Seat {
            h,
            peers,
            seat,
            state,
            asked: None,
            agreed: 0,
            over: None,
            report: None,
        }
    }

    /// Plays if it is our turn, then takes in what came.
    fn step(&mut self) {
        if self.over.is_none()
            && self.state.to_act() == Actor::Seat(self.seat)
            && self.asked.as_ref() != Some(&self.state)
        {
            self.asked = Some(self.state.clone());
            let first = self.state.legal_actions_vec()[0];
            assert!(self.h.send(Command::Play(vec![first])));
        }
        while let Some(u) = self.h.try_recv() {
            match u {
                Update::Game(GameUpdate::Applied { state, .. })
                | Update::Game(GameUpdate::Chance { state, .. }) => self.state = *state,
                Update::Game(GameUpdate::Final { agreed, peers, .. }) => {
                    assert_eq!(peers, self.peers);
                    if agreed == peers {
                        self.agreed += 1;
                    }
                }
                Update::Game(GameUpdate::Over { moves, .. }) => self.over = Some(moves),
                Update::Game(GameUpdate::Incident(i)) => panic!("incident: {i:?}"),
                // A seat that resumed plays from where its replay stood: a move of the other
                // seat it had not yet seen lands first, its choice is dropped, and it chooses
                // again (as a person does).
                Update::Refused(r) if r.contains("choose again") => self.asked = None,
                Update::Refused(r) => panic!("refused: {r}"),
                Update::Ended(r) if self.over.is_none() => panic!("ended early: {:?}", r.ending),
                Update::Ended(r) => self.report = Some(r),
                _ => {}
            }
        }
    }
}

/// Plays every seat until the game is over, every move final with every peer agreeing; then
/// leaves (a peer whose game is over ends on its own; a leave is only a courtesy).
async fn play_to_end(seats: &mut [Seat]) {
    step_until(seats, STEP * 4, "the game ends in time", |s| {
        s.over.is_some()
    })
    .await;
    let moves = seats[0].over.unwrap();
    assert!(moves > 0);
    for s in seats.iter() {
        assert_eq!(s.over, Some(moves));
        assert_eq!(s.agreed, moves, "every move final with every peer agreeing");
    }
    for s in seats.iter_mut() {
        let _ = s.h.send(Command::Leave);
    }
}

/// Steps every seat until `done` holds for each; panics with `what` after `limit`.
async fn step_until(seats: &mut [Seat], limit: Duration, what: &str, done: impl Fn(&Seat) -> bool) {
    timeout(limit, async {
        while !seats.iter().all(&done) {
            for s in seats.iter_mut() {
                s.step();
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    })
    .await
    .expect(what);
}

/// Waits until every replay in `others` has the bytes of `first`; then `first` must verify.
async fn same_replays(first: &std::path::Path, others: &[&std::path::Path]) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    loop {
        let a = std::fs::read(first).ok();
        let same = others.iter().all(|b| std::fs::read(b).ok() == a);
        if same || std::time::Instant::now() > deadline {
            assert!(same, "the replays differ");
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    dwarfs_protocol::replay::verify::<Pig>(&std::fs::read(first).unwrap())
        .expect("the replay verifies");
}

/// A joiner that listens nowhere, as a browser tab, with its key in a store; with `in_memory`,
/// its replay is kept in memory, as a browser's is, rather than in a file.
fn dial_only(
    h: &tokio::runtime::Handle,
    d: &std::path::Path,
    name: &str,
    ticket: String,
    in_memory: bool,
) -> (PeerHandle<Pig>, Arc<MemoryStore>) {
    let store = Arc::new(MemoryStore::new(libp2p_identity_key()));
    let peer = dial_only_with(h, d, name, Role::Join { ticket }, in_memory, &store);
    (peer, store)
}

/// [`dial_only`] in `role`, with the key and games in `store`.
fn dial_only_with(
    h: &tokio::runtime::Handle,
    d: &std::path::Path,
    name: &str,
    role: Role,
    in_memory: bool,
    store: &Arc<MemoryStore>,
) -> PeerHandle<Pig> {
    let mut s = spec(d, name, role);
    s.net.dial_only = true;
    s.key = None;
    if in_memory {
        s.replay = None;
        s.replay_in_memory = true;
    }
    let _on = h.enter();
    spawn_with_store::<Pig>(s, store.clone(), || {})
}

/// A host named Ada of `seats` seats listening on WebSocket alone, and its ticket.
async fn ws_host(
    h: &tokio::runtime::Handle,
    d: &std::path::Path,
    seats: u8,
) -> (PeerHandle<Pig>, String) {
    let mut s = spec(
        d,
        "Ada",
        Role::Host {
            seats,
            bots: 0,
            options: vec![],
        },
    );
    s.net.transport = Transport::Ws;
    let mut host = spawn_peer::<Pig>(h, s, || {});
    let ticket = ticket_of(&mut host).await;
    (host, ticket)
}

#[test]
fn a_joiner_that_only_dials_plays_a_whole_game_with_a_host_over_websocket() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt.block_on(async {
        let h = rt.handle();
        let (host, ticket) = ws_host(h, d, 2).await;
        let parsed: Ticket = ticket.parse().expect("a ticket");
        assert!(!parsed.addrs.is_empty());
        for a in &parsed.addrs {
            assert!(a.to_string().ends_with("/ws"), "a WebSocket address: {a}");
        }
        let (mut bo, store) = dial_only(h, d, "Bo", ticket, false);
        seated(&mut bo).await;
        assert!(bo.send(Command::Ready(true)));
        let mut seats = [Seat::start(host, 2).await, Seat::start(bo, 2).await];
        play_to_end(&mut seats).await;
        let (a, b) = (d.join("Ada.replay"), d.join("Bo.replay"));
        same_replays(&a, &[&b]).await;
        // The joiner's store recorded the game, and its key was the store's.
        assert!(store.has_played(&parsed.game_id).unwrap());
        assert!(!d.join("Bo.key").exists(), "no key file for a store's key");
    });
}

#[test]
fn two_joiners_that_only_dial_play_a_three_player_game_through_the_hosts_relay() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt.block_on(async {
        let h = rt.handle();
        let (host, ticket) = ws_host(h, d, 3).await;
        let (mut bo, _) = dial_only(h, d, "Bo", ticket.clone(), false);
        let (mut cy, _) = dial_only(h, d, "Cy", ticket, true);
        seated(&mut bo).await;
        seated(&mut cy).await;
        assert!(bo.send(Command::Ready(true)));
        assert!(cy.send(Command::Ready(true)));
        let mut seats = [
            Seat::start(host, 3).await,
            Seat::start(bo, 3).await,
            Seat::start(cy, 3).await,
        ];
        play_to_end(&mut seats).await;
        let replays = ["Ada", "Bo"].map(|n| d.join(format!("{n}.replay")));
        same_replays(&replays[0], &[&replays[1]]).await;
        assert!(
            !d.join("Cy.replay").exists(),
            "no file for a replay kept in memory"
        );
        // Bo and Cy reached each other through the host's relay: each had frames of the other
        // only over a relayed connection.
        step_until(&mut seats, STEP, "every peer ends after the game", |s| {
            s.report.is_some()
        })
        .await;
        let ids: Vec<String> = seats
            .iter()
            .map(|s| s.report.as_ref().unwrap().peer.clone())
            .collect();
        // Cy's replay, kept in memory, came with its report: the host's bytes.
        let kept = seats[2].report.as_ref().unwrap().replay_bytes.clone();
        assert_eq!(
            kept,
            std::fs::read(&replays[0]).ok(),
            "the replay in memory is the host's"
        );
        for (me, other) in [(1, 2), (2, 1)] {
            let r = seats[me].report.as_ref().unwrap();
            let link = r
                .links
                .iter()
                .find(|l| l.peer == ids[other])
                .expect("a link to the other joiner");
            assert!(
                link.frames_relayed > 0 && link.frames_direct == 0,
                "{}: relayed only: {link:?}",
                r.name
            );
        }
    });
}

#[test]
fn a_joiner_whose_page_closed_comes_back_from_its_store_and_finishes_the_game() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt.block_on(async {
        let h = rt.handle();
        let (host, ticket) = ws_host(h, d, 2).await;
        let game_id = ticket.parse::<Ticket>().expect("a ticket").game_id;
        // A page: dials only, its replay in memory, its key and games in the browser's storage.
        let store = Arc::new(MemoryStore::keeping_games(libp2p_identity_key()));
        let page = |role| dial_only_with(h, d, "Bo", role, true, &store);
        let mut bo = page(Role::Join { ticket });
        seated(&mut bo).await;
        assert!(bo.send(Command::Ready(true)));
        let mut seats = [Seat::start(host, 2).await, Seat::start(bo, 2).await];
        // Six moves final, and one of them the page's own (signed, so in its journal).
        let games = store.saved_games().expect("the store keeps games");
        let signed = || games.load(&game_id).is_some_and(|k| !k.journal.is_empty());
        step_until(&mut seats, STEP * 2, "six moves final", |s| s.agreed >= 6).await;
        while !signed() {
            step_until(&mut seats, STEP * 2, "a move more", |s| s.agreed >= 1).await;
            let n = seats[0].agreed;
            step_until(&mut seats, STEP * 2, "a move more", |s| s.agreed > n).await;
        }
        let [host, bo] = seats;
        let kept = games.load(&game_id).expect("the game is kept");
        let frames = dwarfs_protocol::replay::format::read_frames(&kept.replay);
        assert!(frames.error.is_none() && frames.frames.len() > 1);
        // The tab closes: nobody is told.
        bo.h.crash().await;
        // The page opens again and comes back to its seat from what its storage kept.
        let back = page(Role::Reopen { game_id });
        let mut seats = [host, Seat::start(back, 2).await];
        step_until(&mut seats, STEP * 4, "the game ends in time", |s| {
            s.over.is_some() && s.report.is_some()
        })
        .await;
        let moves = seats[0].over.unwrap();
        assert_eq!(seats[1].over, Some(moves));
        assert_eq!(seats[0].agreed, moves, "every move agreed by both players");
        let host_bytes = std::fs::read(d.join("Ada.replay")).unwrap();
        let host_replay = dwarfs_protocol::replay::verify::<Pig>(&host_bytes).unwrap();
        let bytes = seats[1].report.as_ref().unwrap().replay_bytes.clone();
        let bytes = bytes.expect("the resumed page's replay");
        let replay = dwarfs_protocol::replay::verify::<Pig>(&bytes).expect("it verifies");
        assert_eq!(replay.final_hash, host_replay.final_hash);
        assert_eq!(bytes, host_bytes, "the host's bytes");
        // The game over stays kept, whole, to download later; nothing resumes it.
        let kept = games.load(&game_id).expect("a game over is kept");
        assert!(kept.over);
        assert_eq!(kept.replay, host_bytes, "its whole replay");
        let mut again = dial_only_with(h, d, "Bo", Role::Reopen { game_id }, true, &store);
        let why = loop {
            match again.recv().await.expect("an update") {
                Update::Ended(r) => break format!("{:?}", r.ending),
                _ => continue,
            }
        };
        assert!(why.contains("it is over"), "{why}");
    });
}
