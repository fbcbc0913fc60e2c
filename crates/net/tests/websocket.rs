//! The transport a browser can dial (issue 37): WebSocket over TCP, with the same noise and
//! yamux as TCP. A host listening on WebSocket alone puts its WebSocket address in the ticket,
//! and a joiner that listens nowhere (a browser tab cannot accept connections) plays a whole
//! game with it, every move agreed; both replays verify and are the same bytes.

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
    seat: dwarfs_engine::Seat,
    state: Pig,
    asked: Option<Pig>,
    agreed: u32,
    over: Option<u32>,
}

impl Seat {
    async fn start(mut h: PeerHandle<Pig>) -> Seat {
        let (seat, state) = wait_for(&mut h, "the start", |u| match u {
            Update::Started(s) => Some((s.seat.expect("a seat"), s.state.clone())),
            _ => None,
        })
        .await;
        Seat {
            h,
            seat,
            state,
            asked: None,
            agreed: 0,
            over: None,
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
                    assert_eq!(peers, 2);
                    if agreed == peers {
                        self.agreed += 1;
                    }
                }
                Update::Game(GameUpdate::Over { moves, .. }) => self.over = Some(moves),
                Update::Game(GameUpdate::Incident(i)) => panic!("incident: {i:?}"),
                Update::Refused(r) => panic!("refused: {r}"),
                Update::Ended(r) if self.over.is_none() => panic!("ended early: {:?}", r.ending),
                _ => {}
            }
        }
    }
}

#[test]
fn a_joiner_that_only_dials_plays_a_whole_game_with_a_host_over_websocket() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt.block_on(async {
        let h = rt.handle();
        let mut host_spec = spec(
            d,
            "Ada",
            Role::Host {
                seats: 2,
                bots: 0,
                options: vec![],
            },
        );
        host_spec.net.transport = Transport::Ws;
        let mut host = spawn_peer::<Pig>(h, host_spec, || {});
        let ticket = ticket_of(&mut host).await;
        let parsed: Ticket = ticket.parse().expect("a ticket");
        assert!(!parsed.addrs.is_empty());
        for a in &parsed.addrs {
            assert!(a.to_string().ends_with("/ws"), "a WebSocket address: {a}");
        }
        let mut bo_spec = spec(d, "Bo", Role::Join { ticket });
        bo_spec.net.dial_only = true;
        bo_spec.key = None;
        let store = Arc::new(MemoryStore::new(libp2p_identity_key()));
        let mut bo = {
            let _on = h.enter();
            spawn_with_store::<Pig>(bo_spec, store.clone(), || {})
        };
        seated(&mut bo).await;
        assert!(bo.send(Command::Ready(true)));
        let mut seats = [Seat::start(host).await, Seat::start(bo).await];
        timeout(STEP * 4, async {
            while seats.iter().any(|s| s.over.is_none()) {
                for s in seats.iter_mut() {
                    s.step();
                }
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
        })
        .await
        .expect("the game ends in time");
        let moves = seats[0].over.unwrap();
        assert_eq!(seats[1].over, Some(moves));
        assert!(moves > 0);
        for s in &seats {
            assert_eq!(s.agreed, moves, "every move final with both agreeing");
        }
        // (A peer whose game is over ends on its own; a leave is only a courtesy.)
        for s in seats.iter_mut() {
            let _ = s.h.send(Command::Leave);
        }
        // Both peers wrote the same game: the same bytes, and it verifies.
        let (a, b) = (d.join("Ada.replay"), d.join("Bo.replay"));
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        loop {
            let same = std::fs::read(&a).ok() == std::fs::read(&b).ok();
            if same || std::time::Instant::now() > deadline {
                assert!(same, "the two replays differ");
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let bytes = std::fs::read(&a).unwrap();
        dwarfs_protocol::replay::verify::<Pig>(&bytes).expect("the replay verifies");
        // The joiner's store recorded the game, and its key was the store's.
        assert!(store.has_played(&parsed.game_id).unwrap());
        assert!(!d.join("Bo.key").exists(), "no key file for a store's key");
    });
}
