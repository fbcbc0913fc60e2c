//! One of each network-layer message, built around a real ticket: the mutation tests'
//! inputs (`tests/mutated_inputs.rs`) and the fuzz targets' seeds (`fuzz/src/seeds.rs`) start
//! from the same list, so a message added to [`NetMsg`] is added to both here. Only with the
//! `samples` feature.

use dwarfs_engine::Seat;
use dwarfs_net::envelope::{LobbyInfo, NetMsg, Roster, RosterSeat, WatcherList};
use dwarfs_net::ticket::Ticket;
use dwarfs_protocol::Signer;
use dwarfs_protocol::keys::Domain;
use dwarfs_protocol::message::Signed;

/// One of each [`NetMsg`], carrying `ticket`'s game id, host and addresses; the roster (a human
/// seat and a bot seat) and the list of spectators are signed by `host`.
pub fn net_messages(ticket: &Ticket, host: &Signer) -> Vec<NetMsg> {
    let addrs: Vec<Vec<u8>> = ticket.addrs.iter().map(|a| a.to_vec()).collect();
    vec![
        NetMsg::Join {
            game_id: ticket.game_id,
            addrs: addrs.clone(),
            spectator: false,
            need_config: true,
            ready: true,
        },
        NetMsg::Ready(true),
        NetMsg::Leave,
        NetMsg::Watchers(Signed::sign(
            host,
            Domain::Watchers,
            WatcherList {
                game_id: ticket.game_id,
                open: false,
                admitted: vec![ticket.host.to_bytes()],
            },
        )),
        NetMsg::WatchDenied("the host said no".into()),
        NetMsg::TakeSeat(Seat(1)),
        NetMsg::LobbyChat {
            name: "Ada".into(),
            text: "good luck".into(),
        },
        NetMsg::LobbyQuery,
        NetMsg::LobbyInfo(LobbyInfo {
            game: ticket.game.clone(),
            rules_version: 1,
            host_name: "Ada".into(),
            ticket: ticket.encode(),
            seats: 3,
            open: 1,
        }),
        NetMsg::Roster(Signed::sign(
            host,
            Domain::Roster,
            Roster {
                game_id: ticket.game_id,
                seats: vec![
                    RosterSeat {
                        seat: Seat(0),
                        name: "Ada".into(),
                        colour: "Blue".into(),
                        peer: Some(ticket.host.to_bytes()),
                        addrs,
                        bot: false,
                        ready: true,
                    },
                    RosterSeat {
                        seat: Seat(1),
                        name: "bot".into(),
                        colour: "Red".into(),
                        peer: None,
                        addrs: Vec::new(),
                        bot: true,
                        ready: true,
                    },
                ],
                options: Vec::new(),
            },
        )),
        NetMsg::Done,
        NetMsg::Ping(1 << 40),
        NetMsg::Pong(3),
    ]
}
