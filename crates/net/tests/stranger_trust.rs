//! Saying Join does not make a stranger trusted, over real sockets on loopback: a peer that
//! greets a host and sends a join for another game, or asks to watch and is never admitted, is
//! held to the connection limits like any stranger (the peers of our lobbies and games are
//! exempt from them; see `Lobby::trusted`).

mod stranger;

mod common;
use common::{spec, ticket_of, wait_for};
use dwarfs_engine::toy::Pig;
use dwarfs_net::envelope::{NetMsg, wrap_net, wrap_wire};
use dwarfs_net::node::MAX_CONNECTIONS_PER_PEER;
use dwarfs_net::{Role, Ticket, Update, spawn_peer};
use dwarfs_protocol::message::{LobbyHello, LobbyMessage};
use dwarfs_protocol::{Message, wire};
use std::time::Duration;
use stranger::{Stranger, frame, send_raw};
use tokio::time::timeout;

/// Dials beyond the per-peer limit the stranger makes after its joins.
const EXTRA_DIALS: usize = 12;

#[test]
fn a_stranger_that_says_join_is_still_held_to_the_connection_limits() {
    let rt = common::runtime();
    let dir = tempfile::tempdir().unwrap();
    let test = async {
        let role = Role::Host {
            seats: 2,
            bots: 0,
            options: vec![],
        };
        let mut host = spawn_peer::<Pig>(rt.handle(), spec(dir.path(), "Ada", role), || {});
        let ticket = ticket_of(&mut host).await;
        let t = Ticket::decode(&ticket).unwrap();

        // The stranger greets the host as a player would, then joins another game (it has no
        // ticket), and asks to watch this one (which the host never answers).
        let mut s = Stranger::start();
        assert!(
            s.dial(t.host, t.addrs.clone()).await,
            "the stranger connects"
        );
        let mut st = s.open(t.host).await.expect("a stream to the host");
        let hello = Message::Lobby(LobbyMessage::Hello(LobbyHello::for_game::<Pig>("Eve")));
        let hello = wrap_wire(&wire::encode(&hello).unwrap());
        let join = |game_id, spectator| {
            wrap_net(&NetMsg::Join {
                game_id,
                addrs: vec![],
                spectator,
                need_config: true,
                ready: true,
            })
        };
        for f in [hello, join([0; 32], false), join(t.game_id, true)] {
            assert!(
                send_raw(&mut st, &frame(&f)).await,
                "the host reads the stream"
            );
        }
        // The host asks its app about the spectator: the joins were read.
        wait_for(&mut host, "the spectator request", |u| match u {
            Update::WatchRequest { name, .. } if name == "Eve" => Some(()),
            _ => None,
        })
        .await;
        // Time for whatever the joins led to to reach the swarm.
        tokio::time::sleep(Duration::from_millis(300)).await;

        for _ in 0..EXTRA_DIALS {
            s.dial(t.host, t.addrs.clone()).await;
        }
        // The host closes the connections past the limit as they come: wait until the count
        // settles within it (a trusted peer would keep every one).
        let mut live = s.live();
        for _ in 0..100 {
            live = s.live();
            if live <= MAX_CONNECTIONS_PER_PEER as usize {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(
            live <= MAX_CONNECTIONS_PER_PEER as usize,
            "the stranger holds {live} connections to the host (limit {MAX_CONNECTIONS_PER_PEER}): \
             its join made it trusted"
        );
        assert!(live >= 1, "the connections within the limit stay up");
        drop(st);
    };
    rt.block_on(async { timeout(Duration::from_secs(60), test).await })
        .expect("the test finished in time");
}
