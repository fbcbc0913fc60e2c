//! Whole lobbies run without sockets: outputs are passed from one machine to another.

use super::*;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_protocol::Signer;

/// A peer id for the tests: a number, whose key is derived from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Id(u8);

impl LobbyPeer for Id {
    fn to_bytes(&self) -> Vec<u8> {
        vec![self.0]
    }

    fn public_key(&self) -> Option<PublicKeyBytes> {
        Some(key(self.0))
    }

    fn from_bytes(bytes: &[u8]) -> Option<Self> {
        match bytes {
            [n] => Some(Id(*n)),
            _ => None,
        }
    }
}

fn key(n: u8) -> PublicKeyBytes {
    let kp = libp2p::identity::Keypair::ed25519_from_bytes([n; 32]).expect("a key");
    let ed = kp.public().try_into_ed25519().expect("ed25519");
    PublicKeyBytes(ed.to_bytes())
}

/// The signing key of peer `n` (its public half is [`key`]`(n)`).
fn signer(n: u8) -> Signer {
    Signer::from_secret([n; 32])
}

/// `roster` signed by peer `n`.
fn signed_roster(n: u8, roster: Roster) -> Signed<Roster> {
    Signed::sign(&signer(n), Domain::Roster, roster)
}

const GAME: [u8; 32] = [7; 32];
const HOST: Id = Id(1);

fn me(n: u8, name: &str) -> Me<Id> {
    Me {
        id: Id(n),
        signer: signer(n),
        name: name.into(),
        hello: LobbyHello::for_game::<Pig>(name.to_string()),
        spectator: false,
        lan: false,
        ready: true,
        anyone_may_watch: false,
    }
}

/// Lobbies that deliver their messages to each other; every other output is kept per peer.
struct Table {
    peers: Vec<Lobby<Pig, Id>>,
    seen: Vec<Vec<Output<Id>>>,
}

impl Table {
    /// A host of `players` seats and `bots` bot seats, and joiners who dialled it.
    fn new(players: u8, bots: u8, joiners: Vec<Me<Id>>) -> Table {
        Table::hosted_by(me(HOST.0, "Ada"), players, bots, joiners)
    }

    /// As [`Table::new`], with the host's own settings.
    fn hosted_by(host: Me<Id>, players: u8, bots: u8, joiners: Vec<Me<Id>>) -> Table {
        let mut host = Lobby::new(host);
        let options = dwarfs_engine::codec::encode(&PigOptions::default()).unwrap();
        host.host(GAME, players, bots, options);
        host.set_ticket("ticket".into());
        let mut peers = vec![host];
        for j in joiners {
            let mut l = Lobby::new(j);
            l.join(GAME, HOST);
            peers.push(l);
        }
        let seen = peers.iter().map(|_| Vec::new()).collect();
        Table { peers, seen }
    }

    fn at(&self, id: Id) -> usize {
        self.peers
            .iter()
            .position(|l| l.me.id == id)
            .expect("a peer at the table")
    }

    fn lobby(&mut self, id: Id) -> &mut Lobby<Pig, Id> {
        let i = self.at(id);
        &mut self.peers[i]
    }

    /// Opens the connection between two peers.
    fn connect(&mut self, a: Id, b: Id) {
        self.lobby(a).connected_to(b);
        self.lobby(b).connected_to(a);
        self.run();
    }

    /// Delivers messages until none is left.
    fn run(&mut self) {
        loop {
            let mut moved = false;
            for i in 0..self.peers.len() {
                let from = self.peers[i].me.id;
                while let Some(out) = self.peers[i].poll() {
                    moved = true;
                    match out {
                        Output::Lobby(to, m) => {
                            let j = self.at(to);
                            self.peers[j].on_lobby(from, m);
                        }
                        Output::Net(to, m) => {
                            let j = self.at(to);
                            self.peers[j].on_net(from, m);
                        }
                        other => self.seen[i].push(other),
                    }
                }
            }
            if !moved {
                return;
            }
        }
    }

    /// The outputs `id` produced since the last call.
    fn take(&mut self, id: Id) -> Vec<Output<Id>> {
        let i = self.at(id);
        std::mem::take(&mut self.seen[i])
    }
}

fn started(outs: &[Output<Id>]) -> Option<(GameConfig, Option<Id>)> {
    outs.iter().find_map(|o| match o {
        Output::Start { config, ready_to } => Some((config.clone(), *ready_to)),
        _ => None,
    })
}

fn said(outs: &[Output<Id>], part: &str) -> bool {
    outs.iter()
        .any(|o| matches!(o, Output::Say(s) if s.contains(part)))
}

#[test]
fn a_host_and_two_joiners_agree_on_one_configuration_once_all_are_ready() {
    let mut bo = me(2, "Bo");
    bo.ready = false;
    let mut t = Table::new(3, 1, vec![bo, me(3, "Cy")]);
    t.connect(HOST, Id(2));
    t.connect(HOST, Id(3));
    let host = t.take(HOST);
    assert!(said(&host, "Bo joined."), "{host:?}");
    assert!(said(&host, "waiting for Bo to be ready"), "{host:?}");
    assert!(started(&host).is_none(), "Bo is not ready yet");
    // Joiners see the lobby with every seat filled.
    let last_roster = |outs: &[Output<Id>]| {
        outs.iter()
            .rev()
            .find_map(|o| match o {
                Output::Roster(r) => Some(r.clone()),
                _ => None,
            })
            .expect("a roster")
    };
    let r = last_roster(&t.take(Id(3)));
    let names: Vec<&str> = r.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ada", "Bo", "Cy", "bot"]);
    assert_eq!(r.seats[1].peer, Some(vec![2]));
    assert!(!r.seats[1].ready && r.seats[2].ready && r.seats[3].bot);

    t.lobby(Id(2)).set_ready(true);
    t.run();
    let (config, to) = started(&t.take(HOST)).expect("the host starts");
    assert_eq!(to, None);
    assert_eq!(
        config.seats,
        vec![
            SeatSpec::Player(key(1)),
            SeatSpec::Player(key(2)),
            SeatSpec::Player(key(3)),
            SeatSpec::Bot
        ]
    );
    for j in [Id(2), Id(3)] {
        let outs = t.take(j);
        assert_eq!(started(&outs), Some((config.clone(), Some(HOST))));
        assert!(t.lobby(j).is_playing());
        let host_roster = t.lobby(HOST).roster().cloned();
        assert_eq!(t.lobby(j).roster().cloned(), host_roster);
    }
    assert!(t.lobby(HOST).is_playing() && !t.lobby(HOST).is_hosting());
}

#[test]
fn a_joiner_greets_until_answered_and_dials_again_while_unreached() {
    let mut l: Lobby<Pig, Id> = Lobby::new(me(2, "Bo"));
    l.set_listen(vec![vec![4, 127, 0, 0, 1]]);
    l.join(GAME, HOST);
    assert_eq!(l.next_wake(), Some(GREET_EVERY_MS));
    l.tick(GREET_EVERY_MS - 1);
    assert_eq!(l.poll(), None, "not yet time to greet");
    for round in 1..=REDIAL_EVERY_GREETS as u64 {
        l.tick(round * GREET_EVERY_MS);
    }
    let outs: Vec<_> = std::iter::from_fn(|| l.poll()).collect();
    assert!(
        said(&outs, "Still trying to reach the host (3 s)"),
        "{outs:?}"
    );
    assert_eq!(outs.last(), Some(&Output::Dial(HOST)));
    assert_eq!(
        outs.len(),
        2,
        "one line and one dial in six rounds: {outs:?}"
    );
    l.connected_to(HOST);
    let hello = LobbyHello::for_game::<Pig>("Bo".to_string());
    let join = NetMsg::Join {
        game_id: GAME,
        addrs: vec![vec![4, 127, 0, 0, 1]],
        spectator: false,
        need_config: true,
        ready: true,
    };
    let greeting = vec![
        Output::Lobby(HOST, LobbyMessage::Hello(hello)),
        Output::Net(HOST, join),
    ];
    assert_eq!(
        std::iter::from_fn(|| l.poll()).collect::<Vec<_>>(),
        greeting
    );
    // Reached but not answered: greet again next round, not dial.
    l.tick(10 * GREET_EVERY_MS);
    assert_eq!(
        std::iter::from_fn(|| l.poll()).collect::<Vec<_>>(),
        greeting
    );
    assert_eq!(l.next_wake(), Some(11 * GREET_EVERY_MS));
}

#[test]
fn a_mismatched_hello_is_refused_with_its_reason_and_gets_no_seat() {
    let mut odd = me(2, "Bo");
    odd.hello.data_digest[0] ^= 0xff;
    let mut t = Table::new(2, 0, vec![odd]);
    t.connect(HOST, Id(2));
    let host = t.take(HOST);
    assert!(said(&host, "Refused Bo"), "{host:?}");
    assert!(
        !said(&host, "joined"),
        "no seat for a refused hello: {host:?}"
    );
    let bo = t.take(Id(2));
    assert!(said(&bo, "Refused by the lobby"), "{bo:?}");
    assert!(
        bo.iter()
            .any(|o| matches!(o, Output::End(r) if r.contains("data"))),
        "the run ends with the reason: {bo:?}"
    );
}

#[test]
fn seats_move_leavers_free_them_and_chat_is_relayed() {
    let mut t = Table::new(3, 0, vec![me(2, "Bo")]);
    t.connect(HOST, Id(2));
    t.take(HOST);
    t.take(Id(2));
    t.lobby(Id(2)).take_seat(Seat(2));
    t.run();
    let seat_of = |t: &mut Table, id: u8| {
        t.lobby(HOST)
            .roster_for_test()
            .seats
            .iter()
            .position(|s| s.peer == Some(vec![id]))
    };
    assert_eq!(seat_of(&mut t, 2), Some(2), "Bo moved to the third seat");
    t.lobby(HOST).take_seat(Seat(2));
    t.run();
    assert!(
        t.take(HOST)
            .iter()
            .any(|o| matches!(o, Output::Refused(r) if r.contains("not open"))),
        "the host cannot take a seat that is not open"
    );
    t.lobby(Id(2)).chat("hello".into());
    t.run();
    for id in [HOST, Id(2)] {
        assert!(t.take(id).contains(&Output::Chat {
            name: "Bo".into(),
            text: "hello".into()
        }));
    }
    t.lobby(HOST).disconnected(Id(2));
    t.run();
    assert!(said(&t.take(HOST), "Bo left the lobby."));
    assert_eq!(seat_of(&mut t, 2), None, "the seat opened again");
    // Bo comes back (and greets again); then the host closes its lobby, which ends Bo's run.
    t.lobby(Id(2)).disconnected(HOST);
    t.connect(HOST, Id(2));
    assert_eq!(seat_of(&mut t, 2), Some(1), "back in the first open seat");
    assert!(t.lobby(HOST).leave());
    t.run();
    assert!(
        t.take(Id(2))
            .contains(&Output::End("the host closed the lobby".into()))
    );
}

#[test]
fn starting_now_gives_open_seats_to_the_bot_and_latecomers_get_the_configuration() {
    let mut watcher = me(3, "Cy");
    watcher.spectator = true;
    let mut open = me(HOST.0, "Ada");
    open.anyone_may_watch = true;
    let mut t = Table::hosted_by(open, 3, 0, vec![watcher]);
    t.connect(HOST, Id(3));
    t.lobby(HOST).start_now();
    t.run();
    let (config, _) = started(&t.take(HOST)).expect("started");
    assert_eq!(
        config.seats,
        vec![SeatSpec::Player(key(1)), SeatSpec::Bot, SeatSpec::Bot]
    );
    assert_eq!(
        started(&t.take(Id(3))),
        Some((config, None)),
        "a spectator starts without a seat and sends no ready"
    );
    // A peer greeting the host once the game runs is handed to the session.
    t.lobby(HOST).on_lobby(
        Id(4),
        LobbyMessage::Hello(LobbyHello::for_game::<Pig>("Di".to_string())),
    );
    t.lobby(HOST).on_net(
        Id(4),
        NetMsg::Join {
            game_id: GAME,
            addrs: vec![],
            spectator: true,
            need_config: true,
            ready: true,
        },
    );
    assert_eq!(
        t.lobby(HOST).poll(),
        Some(Output::Rejoined {
            peer: Id(4),
            need_config: true
        })
    );
    t.lobby(HOST).on_net(Id(4), NetMsg::Leave);
    assert_eq!(t.lobby(HOST).poll(), Some(Output::LeftGame(Id(4))));
}

#[test]
fn seats_are_named_by_the_game_colours_or_by_number() {
    // Pig has no colours: the roster and the lines name seats by number.
    assert_eq!(seat_colour::<Pig>(Seat(2)), "seat 3");
    assert_eq!(seat_label::<Pig>(Seat(0)), "seat 1");
    let mut t = Table::new(2, 1, vec![]);
    t.lobby(HOST).roster_changed();
    let colours: Vec<String> = t
        .lobby(HOST)
        .roster_for_test()
        .seats
        .into_iter()
        .map(|s| s.colour)
        .collect();
    assert_eq!(colours, ["seat 1", "seat 2", "seat 3"]);
}

fn hello(name: &str) -> LobbyMessage {
    LobbyMessage::Hello(LobbyHello::for_game::<Pig>(name.to_string()))
}

fn join(spectator: bool) -> NetMsg {
    NetMsg::Join {
        game_id: GAME,
        addrs: vec![],
        spectator,
        need_config: true,
        ready: true,
    }
}

#[test]
fn a_spectator_waits_for_the_host_to_allow_it_and_a_denied_one_is_told_why() {
    let mut cy = me(3, "Cy");
    cy.spectator = true;
    let mut di = me(4, "Di");
    di.spectator = true;
    let mut bo = me(2, "Bo");
    bo.ready = false;
    let mut t = Table::new(2, 0, vec![bo, cy, di]);
    t.connect(HOST, Id(2));
    t.connect(HOST, Id(3));
    t.connect(HOST, Id(4));
    let host = t.take(HOST);
    for (id, name) in [(Id(3), "Cy"), (Id(4), "Di")] {
        assert!(
            host.contains(&Output::WatchRequest {
                peer: id,
                name: name.into()
            }),
            "{host:?}"
        );
    }
    assert!(
        !t.lobby(HOST).is_watcher(&Id(3)),
        "not before the host says so"
    );
    t.lobby(HOST).answer_watcher(Id(3), true);
    t.lobby(HOST).answer_watcher(Id(4), false);
    t.run();
    assert!(t.lobby(HOST).is_watcher(&Id(3)));
    assert!(!t.lobby(HOST).is_watcher(&Id(4)));
    assert!(
        t.take(Id(4))
            .contains(&Output::End("the host said no".into())),
        "the denied spectator stops, told why"
    );
    // Asking again is refused without asking the host again.
    t.lobby(HOST).on_net(Id(4), join(true));
    assert_eq!(
        t.lobby(HOST).poll(),
        Some(Output::Net(
            Id(4),
            NetMsg::WatchDenied("the host said no".into())
        ))
    );
    // Bo says he is ready: the game starts; the admitted spectator gets the configuration,
    // and the player learns who may watch (it answers that spectator's log requests).
    t.lobby(Id(2)).set_ready(true);
    t.run();
    let (config, _) = started(&t.take(HOST)).expect("started");
    assert_eq!(started(&t.take(Id(3))), Some((config, None)));
    assert!(started(&t.take(Id(4))).is_none());
    assert!(t.lobby(Id(2)).is_watcher(&Id(3)));
    assert!(!t.lobby(Id(2)).is_watcher(&Id(4)));
}

#[test]
fn during_the_game_only_players_and_admitted_spectators_are_answered() {
    let mut t = Table::new(2, 0, vec![me(2, "Bo")]);
    t.connect(HOST, Id(2));
    t.run();
    started(&t.take(HOST)).expect("started");
    // A stranger greets the host as a player: no configuration, no roster.
    t.lobby(HOST).on_lobby(Id(9), hello("Eve"));
    t.lobby(HOST).on_net(Id(9), join(false));
    assert_eq!(t.lobby(HOST).poll(), None);
    // As a spectator it waits for the host's answer, and gets nothing before.
    t.lobby(HOST).on_net(Id(9), join(true));
    assert_eq!(
        t.lobby(HOST).poll(),
        Some(Output::Say("Eve asks to watch the game.".into()))
    );
    assert_eq!(
        t.lobby(HOST).poll(),
        Some(Output::WatchRequest {
            peer: Id(9),
            name: "Eve".into()
        })
    );
    assert_eq!(t.lobby(HOST).poll(), None);
    // A player that is not the host leaves spectators to the host.
    t.lobby(Id(2)).on_lobby(Id(9), hello("Eve"));
    t.lobby(Id(2)).on_net(Id(9), join(true));
    assert!(
        std::iter::from_fn(|| t.lobby(Id(2)).poll()).all(|o| !matches!(o, Output::Rejoined { .. })),
        "no configuration from a player"
    );
    // A roster from a stranger is not taken.
    let before = t.lobby(Id(2)).roster().cloned();
    let mut fake = before.clone().expect("a roster");
    fake.seats[0].addrs = vec![vec![1, 2, 3]];
    t.lobby(Id(2))
        .on_net(Id(9), NetMsg::Roster(signed_roster(9, fake)));
    assert_eq!(t.lobby(Id(2)).poll(), None);
    assert_eq!(t.lobby(Id(2)).roster().cloned(), before);
    // Once allowed, it gets the configuration, and the player is told.
    t.lobby(HOST).answer_watcher(Id(9), true);
    let outs: Vec<_> = std::iter::from_fn(|| t.lobby(HOST).poll()).collect();
    assert!(outs.contains(&Output::Rejoined {
        peer: Id(9),
        need_config: true
    }));
    assert!(outs.contains(&Output::Net(Id(2), watchers(1, GAME, false, &[9]))));
}

#[test]
fn an_open_game_lets_anyone_watch_and_every_player_admits_them() {
    let mut open = me(HOST.0, "Ada");
    open.anyone_may_watch = true;
    let mut t = Table::hosted_by(open, 2, 0, vec![me(2, "Bo")]);
    t.connect(HOST, Id(2));
    t.run();
    started(&t.take(HOST)).expect("started");
    // Bo learnt at the start that anyone may watch: he answers a spectator himself.
    t.lobby(Id(2)).on_lobby(Id(9), hello("Eve"));
    t.lobby(Id(2)).on_net(Id(9), join(true));
    assert!(std::iter::from_fn(|| t.lobby(Id(2)).poll()).any(|o| o
        == Output::Rejoined {
            peer: Id(9),
            need_config: true
        }));
    assert!(t.lobby(Id(2)).is_watcher(&Id(9)));
}

#[test]
fn greetings_of_peers_that_left_are_forgotten() {
    let mut t = Table::new(2, 0, vec![]);
    for n in 10..40u8 {
        t.lobby(HOST).connected_to(Id(n));
        t.lobby(HOST).on_lobby(Id(n), hello("x"));
        t.lobby(HOST).identified(Id(n), vec![vec![n]]);
        t.lobby(HOST).disconnected(Id(n));
    }
    let l = t.lobby(HOST);
    assert!(l.hellos.is_empty() && l.addrs.is_empty(), "nothing kept");
}

#[test]
fn only_peers_on_the_local_network_are_told_what_the_host_hosts() {
    let mut t = Table::new(2, 0, vec![]);
    // From the internet: nothing (the ticket is the host's to give).
    t.lobby(HOST).connected_to(Id(8));
    while t.lobby(HOST).poll().is_some() {}
    t.lobby(HOST).on_net(Id(8), NetMsg::LobbyQuery);
    assert_eq!(t.lobby(HOST).poll(), None);
    // From the LAN: the lobby's offer, with the ticket.
    t.lobby(HOST).on_lan(Id(8));
    t.lobby(HOST).on_net(Id(8), NetMsg::LobbyQuery);
    match t.lobby(HOST).poll() {
        Some(Output::Net(Id(8), NetMsg::LobbyInfo(info))) => assert_eq!(info.ticket, "ticket"),
        other => panic!("{other:?}"),
    }
    // Gone and back from elsewhere: nothing again.
    t.lobby(HOST).disconnected(Id(8));
    t.lobby(HOST).connected_to(Id(8));
    while t.lobby(HOST).poll().is_some() {}
    t.lobby(HOST).on_net(Id(8), NetMsg::LobbyQuery);
    assert_eq!(t.lobby(HOST).poll(), None);
}

#[test]
fn a_join_that_does_not_name_the_hosted_game_gets_no_seat() {
    let mut t = Table::new(3, 0, vec![]);
    t.lobby(HOST).connected_to(Id(8));
    t.lobby(HOST).on_lobby(Id(8), hello("Eve"));
    while t.lobby(HOST).poll().is_some() {}
    // Found the host without its ticket: it does not know the game id.
    t.lobby(HOST).on_net(
        Id(8),
        NetMsg::Join {
            game_id: [0; 32],
            addrs: vec![],
            spectator: false,
            need_config: true,
            ready: true,
        },
    );
    assert_eq!(t.lobby(HOST).poll(), None);
    assert!(t.lobby(HOST).roster_for_test().seats[1].peer.is_none());
    // With the ticket's game id, the seat is its.
    t.lobby(HOST).on_net(Id(8), join(false));
    assert!(
        std::iter::from_fn(|| t.lobby(HOST).poll()).any(|o| o == Output::Say("Eve joined.".into()))
    );
    assert_eq!(t.lobby(HOST).roster_for_test().seats[1].peer, Some(vec![8]));
}

/// Bo has dialled the host and waits in a lobby of three seats (one still open).
fn bo_waiting() -> Table {
    let mut t = Table::new(3, 0, vec![me(2, "Bo")]);
    t.connect(HOST, Id(2));
    t.take(Id(2));
    assert!(!t.lobby(Id(2)).is_playing());
    t
}

/// A configuration of our game that seats Bo.
fn config_for_bo() -> GameConfig {
    let seats = vec![
        SeatSpec::Player(key(1)),
        SeatSpec::Player(key(2)),
        SeatSpec::Player(key(9)),
    ];
    GameConfig::new::<Pig>(GAME, &PigOptions::default(), seats).unwrap()
}

fn refusal(n: u8, game_id: [u8; 32]) -> LobbyMessage {
    let body = RefuseBody {
        game_id,
        refusal: Refusal::Seats("go away".into()),
    };
    LobbyMessage::Refuse(Signed::sign(&signer(n), Domain::Refuse, body))
}

fn offer(n: u8, config: GameConfig) -> LobbyMessage {
    LobbyMessage::Offer(Signed::sign(&signer(n), Domain::Offer, config))
}

fn outputs(t: &mut Table, id: Id) -> Vec<Output<Id>> {
    std::iter::from_fn(|| t.lobby(id).poll()).collect()
}

#[test]
fn offers_rosters_and_refusals_count_only_from_the_dialled_host() {
    let mut t = bo_waiting();
    let roster = t.lobby(Id(2)).roster().cloned().expect("the host's roster");
    let mut moved = roster.clone();
    moved.seats[1].addrs = vec![vec![6, 6, 6]];
    // Another peer (connected, signing with its own key) is not the host.
    let bo = Id(2);
    t.lobby(bo).connected_to(Id(9));
    outputs(&mut t, bo);
    t.lobby(bo).on_lobby(Id(9), refusal(9, GAME));
    t.lobby(bo)
        .on_net(Id(9), NetMsg::Roster(signed_roster(9, moved.clone())));
    t.lobby(bo).on_lobby(Id(9), offer(9, config_for_bo()));
    assert_eq!(outputs(&mut t, bo), vec![]);
    assert!(!t.lobby(bo).is_playing());
    assert_eq!(t.lobby(bo).roster(), Some(&roster));
    // Nor does the host's own signature help a message that another peer sends.
    t.lobby(bo).on_lobby(Id(9), refusal(1, GAME));
    t.lobby(bo)
        .on_net(Id(9), NetMsg::Roster(signed_roster(1, moved.clone())));
    t.lobby(bo).on_lobby(Id(9), offer(1, config_for_bo()));
    assert_eq!(outputs(&mut t, bo), vec![]);
    // From the host but not signed by its key: forged, ignored.
    t.lobby(bo).on_lobby(HOST, refusal(9, GAME));
    t.lobby(bo)
        .on_net(HOST, NetMsg::Roster(signed_roster(9, moved.clone())));
    t.lobby(bo).on_lobby(HOST, offer(9, config_for_bo()));
    let mut forged = match offer(1, config_for_bo()) {
        LobbyMessage::Offer(o) => o,
        _ => unreachable!(),
    };
    forged.body.options = dwarfs_engine::codec::encode(&PigOptions {
        target: 5,
        ..PigOptions::default()
    })
    .unwrap();
    t.lobby(bo).on_lobby(HOST, LobbyMessage::Offer(forged));
    assert_eq!(outputs(&mut t, bo), vec![]);
    assert_eq!(t.lobby(bo).roster(), Some(&roster));
    // The host's refusal for another game is not ours.
    t.lobby(bo).on_lobby(HOST, refusal(1, [8; 32]));
    assert_eq!(outputs(&mut t, bo), vec![]);
    // The host's, signed by it: heeded.
    t.lobby(bo)
        .on_net(HOST, NetMsg::Roster(signed_roster(1, moved.clone())));
    assert!(outputs(&mut t, bo).contains(&Output::Roster(moved.clone())));
    t.lobby(bo).on_lobby(HOST, refusal(1, GAME));
    let outs = outputs(&mut t, bo);
    assert!(
        outs.iter()
            .any(|o| matches!(o, Output::End(why) if why.contains("go away"))),
        "{outs:?}"
    );
}

#[test]
fn the_hosts_signed_offer_starts_the_game_and_is_what_a_player_relays() {
    let mut t = bo_waiting();
    let config = config_for_bo();
    t.lobby(Id(2)).on_lobby(HOST, offer(1, config.clone()));
    let outs = outputs(&mut t, Id(2));
    assert_eq!(started(&outs), Some((config.clone(), Some(HOST))));
    // A latecomer is handed the host's offer, not one signed by Bo.
    let relayed = t.lobby(Id(2)).offer_for(&config);
    assert!(relayed.is_signed_by(&key(1), Domain::Offer));
    assert!(
        t.lobby(Id(2))
            .signed_roster()
            .is_some_and(|r| r.is_signed_by(&key(1), Domain::Roster))
    );
}

#[test]
fn a_refusal_from_a_joiner_does_not_end_the_hosts_lobby() {
    let mut t = bo_waiting();
    t.lobby(HOST).on_lobby(Id(2), refusal(2, GAME));
    let outs = outputs(&mut t, HOST);
    assert!(
        !outs.iter().any(|o| matches!(o, Output::End(_))),
        "{outs:?}"
    );
    assert!(t.lobby(HOST).is_hosting());
}

#[test]
fn rosters_with_bad_seats_or_peers_are_refused_never_trusted() {
    let mut t = bo_waiting();
    let good = t.lobby(Id(2)).roster().cloned().unwrap();
    let mut bad_rosters = Vec::new();
    let mut r = good.clone();
    r.seats[2].seat = Seat(255);
    bad_rosters.push(r);
    let mut r = good.clone();
    r.seats.swap(0, 1);
    bad_rosters.push(r);
    let mut r = good.clone();
    while r.seats.len() <= Pig::MAX_PLAYERS as usize {
        let mut s = r.seats[2].clone();
        s.seat = Seat(r.seats.len() as u8);
        r.seats.push(s);
    }
    bad_rosters.push(r);
    let mut r = good.clone();
    r.seats.clear();
    bad_rosters.push(r);
    let mut r = good.clone();
    r.seats[1].peer = Some(vec![1, 2, 3]);
    bad_rosters.push(r);
    let mut r = good.clone();
    r.seats[2].peer = r.seats[1].peer.clone();
    bad_rosters.push(r);
    let mut r = good.clone();
    r.game_id = [8; 32];
    bad_rosters.push(r);
    for bad in bad_rosters {
        assert!(check_roster::<Pig, Id>(&bad, &GAME).is_err(), "{bad:?}");
        t.lobby(Id(2))
            .on_net(HOST, NetMsg::Roster(signed_roster(1, bad.clone())));
        let outs = outputs(&mut t, Id(2));
        assert!(
            !outs
                .iter()
                .any(|o| matches!(o, Output::Roster(_) | Output::Addresses(_))),
            "{bad:?}: {outs:?}"
        );
        assert_eq!(t.lobby(Id(2)).roster(), Some(&good));
    }
    assert_eq!(check_roster::<Pig, Id>(&good, &GAME), Ok(()));
    // A joiner asking for a seat out of range is refused, and nothing moves.
    t.lobby(HOST).on_net(Id(2), NetMsg::TakeSeat(Seat(255)));
    assert_eq!(outputs(&mut t, HOST), vec![]);
    assert_eq!(t.lobby(HOST).roster_for_test(), good);
}

#[test]
fn a_host_of_another_wire_version_ends_the_lobby_with_why_and_strangers_do_not() {
    let mut t = bo_waiting();
    // A stranger's frames of another version: nothing happens.
    t.lobby(Id(2)).on_wire_version(Id(9), 1);
    assert!(outputs(&mut t, Id(2)).is_empty());
    // The host's: the run ends, saying what to do.
    t.lobby(Id(2)).on_wire_version(HOST, 1);
    let bo = outputs(&mut t, Id(2));
    assert!(said(&bo, "another dwarfs"), "{bo:?}");
    assert!(
        bo.iter().any(|o| matches!(o, Output::End(r)
            if r.contains("version 1") && r.contains("same version"))),
        "{bo:?}"
    );
}

/// A game of Ada (the host), Bo and Cy, started: the host's signed roster as Bo holds it.
fn hosts_roster_of_three() -> Signed<Roster> {
    let mut t = Table::new(3, 0, vec![me(2, "Bo"), me(3, "Cy")]);
    t.connect(HOST, Id(2));
    t.connect(HOST, Id(3));
    t.run();
    assert!(t.lobby(Id(2)).is_playing());
    t.lobby(Id(2))
        .hosts_roster()
        .expect("the host's signed roster")
}

/// Bo resumed that game from his address book `book`, with a ticket naming `host` or none.
fn bo_resumed(book: Option<AddressBook>, host: Option<Id>) -> Lobby<Pig, Id> {
    let mut bo = Lobby::<Pig, Id>::new(me(2, "Bo"));
    bo.resume(GAME, book, vec![HOST, Id(3)], host);
    bo
}

/// Whether `bo` lets Eve (a stranger) watch when she asks.
fn lets_eve_watch(bo: &mut Lobby<Pig, Id>) -> bool {
    bo.on_lobby(Id(9), hello("Eve"));
    bo.on_net(Id(9), join(true));
    while bo.poll().is_some() {}
    bo.is_watcher(&Id(9))
}

/// The list of spectators `open` and `admitted` for `game_id`, signed by peer `n`.
fn watchers(n: u8, game_id: [u8; 32], open: bool, admitted: &[u8]) -> NetMsg {
    let list = WatcherList {
        game_id,
        open,
        admitted: admitted.iter().map(|a| vec![*a]).collect(),
    };
    NetMsg::Watchers(Signed::sign(&signer(n), Domain::Watchers, list))
}

#[test]
fn a_resumed_player_opens_the_game_to_spectators_only_on_the_hosts_signed_word() {
    let book = AddressBook::Hosts(hosts_roster_of_three());
    let mut bo = bo_resumed(Some(book), Some(HOST));
    let cy = Id(3);
    // Cy, a player and a contact of Bo's, is not the host: his word opens nothing.
    bo.on_net(cy, watchers(3, GAME, true, &[8]));
    // Nor does a list the host signed for another game, or one whose body was changed.
    bo.on_net(HOST, watchers(1, [8; 32], true, &[8]));
    let mut forged = match watchers(1, GAME, false, &[]) {
        NetMsg::Watchers(s) => s,
        _ => unreachable!(),
    };
    forged.body.open = true;
    forged.body.admitted = vec![vec![8]];
    bo.on_net(HOST, NetMsg::Watchers(forged));
    // From a stranger, even signed by the host: not a contact.
    bo.on_net(Id(9), watchers(1, GAME, true, &[8]));
    assert!(!bo.is_watcher(&Id(8)), "nobody the host named");
    assert!(!lets_eve_watch(&mut bo), "the game is not open");
    // The host's signed word, even relayed by Cy: heeded.
    bo.on_net(cy, watchers(1, GAME, false, &[8]));
    assert!(bo.is_watcher(&Id(8)));
    assert!(!lets_eve_watch(&mut bo), "still closed");
    bo.on_net(HOST, watchers(1, GAME, true, &[]));
    assert!(lets_eve_watch(&mut bo), "the host opened it");
}

#[test]
fn a_resumed_player_knows_the_host_from_the_signature_its_address_book_kept() {
    let signed = hosts_roster_of_three();
    // No ticket: the book's signature names the host.
    let mut bo = bo_resumed(Some(AddressBook::Hosts(signed.clone())), None);
    bo.on_net(Id(3), watchers(3, GAME, true, &[]));
    assert!(!lets_eve_watch(&mut bo), "Cy is not the host");
    bo.on_net(HOST, watchers(1, GAME, true, &[]));
    assert!(
        lets_eve_watch(&mut bo),
        "Ada signed the roster: she is the host"
    );
    // The host's signed roster is what Bo hands a latecomer.
    assert_eq!(bo.signed_roster(), Some(signed.clone()));
    // A bare book (or none) names no host: nobody's list counts, the host's neither.
    for book in [Some(AddressBook::Bare(signed.body.clone())), None] {
        let mut bo = bo_resumed(book, None);
        bo.on_net(Id(3), watchers(3, GAME, true, &[]));
        bo.on_net(HOST, watchers(1, GAME, true, &[]));
        assert!(!lets_eve_watch(&mut bo), "no host known");
    }
    // A book whose roster a player other than the host signed names that player, never a
    // peer outside the roster.
    let by_stranger = signed_roster(9, signed.body.clone());
    let mut bo = bo_resumed(Some(AddressBook::Hosts(by_stranger)), None);
    bo.on_net(HOST, watchers(1, GAME, true, &[]));
    assert!(
        !lets_eve_watch(&mut bo),
        "a signature of no player names no host"
    );
}

#[test]
fn an_address_book_keeps_the_hosts_signature_and_reads_a_bare_roster() {
    let signed = hosts_roster_of_three();
    for book in [
        AddressBook::Hosts(signed.clone()),
        AddressBook::Bare(signed.body.clone()),
    ] {
        assert_eq!(AddressBook::decode(&book.encode()), Some(book.clone()));
        assert_eq!(book.roster(), &signed.body);
    }
    // A bare roster's bytes are those of a book written before books kept the signature.
    let old = dwarfs_engine::codec::encode_plain(&signed.body);
    assert_eq!(
        AddressBook::decode(&old),
        Some(AddressBook::Bare(signed.body.clone()))
    );
    assert_eq!(AddressBook::decode(b"garbage"), None);
    // The host keeps its own signed roster; a joiner the host's.
    let mut t = Table::new(2, 0, vec![me(2, "Bo")]);
    t.connect(HOST, Id(2));
    t.run();
    for id in [HOST, Id(2)] {
        let kept = t.lobby(id).hosts_roster().expect("the host's roster");
        assert!(kept.is_signed_by(&key(1), Domain::Roster));
        assert_eq!(Some(&kept.body), t.lobby(id).roster());
    }
}

/// The peers `id` trusts, as numbers.
fn trusted(t: &mut Table, id: Id) -> Vec<u8> {
    t.lobby(id).trusted().iter().map(|p| p.0).collect()
}

/// Eve (peer 8, at the table but in no lobby of her own) greets the host and sends `msg`.
fn eve_says(t: &mut Table, msg: NetMsg) {
    if !t.peers.iter().any(|l| l.me.id == Id(8)) {
        t.peers.push(Lobby::new(me(8, "Eve")));
        t.seen.push(Vec::new());
    }
    t.lobby(HOST).connected_to(Id(8));
    t.lobby(HOST).on_lobby(Id(8), hello("Eve"));
    t.lobby(HOST).on_net(Id(8), msg);
    t.run();
}

#[test]
fn a_join_trusts_nobody_until_the_host_seats_or_admits_the_peer() {
    // Four seats: the lobby stays open.
    let mut t = Table::new(4, 0, vec![me(2, "Bo"), me(3, "Cy")]);
    assert_eq!(trusted(&mut t, HOST), Vec::<u8>::new());
    // A join for another game (no ticket), or a request to watch the host has not answered
    // (then denied): not trusted.
    eve_says(
        &mut t,
        NetMsg::Join {
            game_id: [0; 32],
            addrs: vec![],
            spectator: false,
            need_config: true,
            ready: true,
        },
    );
    assert_eq!(trusted(&mut t, HOST), Vec::<u8>::new());
    eve_says(&mut t, join(true));
    assert_eq!(trusted(&mut t, HOST), Vec::<u8>::new(), "not admitted yet");
    t.lobby(HOST).answer_watcher(Id(8), false);
    t.run();
    assert_eq!(trusted(&mut t, HOST), Vec::<u8>::new(), "denied");
    // A joiner whose hello was refused gets no seat, so no trust, whatever it joins.
    let mut odd = LobbyHello::for_game::<Pig>("Odd".to_string());
    odd.data_digest[0] ^= 0xff;
    t.lobby(HOST).connected_to(Id(7));
    t.lobby(HOST).on_lobby(Id(7), LobbyMessage::Hello(odd));
    t.lobby(HOST).on_net(Id(7), join(false));
    while t.lobby(HOST).poll().is_some() {}
    assert_eq!(trusted(&mut t, HOST), Vec::<u8>::new());
    // Seated joiners are; one that leaves the lobby, or is gone, no longer is.
    t.connect(HOST, Id(2));
    t.connect(HOST, Id(3));
    assert_eq!(trusted(&mut t, HOST), [2, 3]);
    t.lobby(HOST).on_net(Id(2), NetMsg::Leave);
    assert_eq!(trusted(&mut t, HOST), [3]);
    t.lobby(HOST).disconnected(Id(3));
    assert_eq!(trusted(&mut t, HOST), Vec::<u8>::new());
}

#[test]
fn a_full_lobby_refuses_a_joiner_and_trusts_it_not() {
    let mut t = Table::new(2, 0, vec![me(2, "Bo")]);
    let mut bo = me(2, "Bo");
    bo.ready = false;
    t.peers[1] = Lobby::new(bo);
    t.peers[1].join(GAME, HOST);
    t.connect(HOST, Id(2));
    assert_eq!(trusted(&mut t, HOST), [2]);
    // The seats are taken: Eve is refused.
    eve_says(&mut t, join(false));
    assert_eq!(trusted(&mut t, HOST), [2]);
}

#[test]
fn an_admitted_spectator_is_trusted_until_it_stops_watching() {
    let mut t = Table::new(2, 0, vec![]);
    eve_says(&mut t, join(true));
    t.lobby(HOST).answer_watcher(Id(8), true);
    t.run();
    assert_eq!(trusted(&mut t, HOST), [8]);
    t.lobby(HOST).on_net(Id(8), NetMsg::Leave);
    assert_eq!(trusted(&mut t, HOST), Vec::<u8>::new());
    assert!(!t.lobby(HOST).is_watcher(&Id(8)));
}

#[test]
fn a_joiner_trusts_its_host_and_the_players_of_the_hosts_roster() {
    let mut t = bo_waiting();
    let bo = Id(2);
    assert_eq!(trusted(&mut t, bo), [1]);
    // A roster from another peer, even naming it, changes nothing.
    let mut fake = t.lobby(bo).roster().cloned().expect("a roster");
    fake.seats[2].peer = Some(vec![9]);
    t.lobby(bo).connected_to(Id(9));
    t.lobby(bo)
        .on_net(Id(9), NetMsg::Roster(signed_roster(9, fake)));
    assert_eq!(trusted(&mut t, bo), [1]);
    // Cy joins: the host's roster names him.
    t.peers.push(Lobby::new(me(3, "Cy")));
    t.seen.push(Vec::new());
    t.peers[2].join(GAME, HOST);
    t.connect(HOST, Id(3));
    assert!(t.lobby(bo).is_playing());
    assert_eq!(trusted(&mut t, bo), [1, 3]);
    assert_eq!(trusted(&mut t, Id(3)), [1, 2]);
    assert_eq!(trusted(&mut t, HOST), [2, 3]);
}

#[test]
fn the_players_of_the_game_are_trusted_until_they_leave_or_the_game_is_over() {
    let mut t = Table::new(3, 0, vec![me(2, "Bo"), me(3, "Cy")]);
    t.connect(HOST, Id(2));
    t.connect(HOST, Id(3));
    assert!(t.lobby(Id(2)).is_playing());
    assert_eq!(trusted(&mut t, Id(2)), [1, 3]);
    // A stranger asking to watch is not trusted until the host admits it; then the host and,
    // on the host's signed word, the players trust it.
    eve_says(&mut t, join(true));
    assert_eq!(trusted(&mut t, HOST), [2, 3]);
    t.lobby(HOST).answer_watcher(Id(8), true);
    t.run();
    assert_eq!(trusted(&mut t, HOST), [2, 3, 8]);
    assert_eq!(trusted(&mut t, Id(2)), [1, 3, 8]);
    // Cy leaves the game under way: no longer trusted (his seat goes to the bot).
    t.lobby(Id(2)).on_net(Id(3), NetMsg::Leave);
    assert!(
        outputs(&mut t, Id(2)).contains(&Output::LeftGame(Id(3))),
        "the driver votes his seat out"
    );
    assert_eq!(trusted(&mut t, Id(2)), [1, 8]);
    // The game is over for Bo: nobody.
    t.lobby(Id(2)).game_over();
    assert_eq!(trusted(&mut t, Id(2)), Vec::<u8>::new());
}

#[test]
fn a_resumed_player_trusts_the_games_players_whatever_its_book_holds() {
    // A ticket and no address book: only the host is known, until the session names the
    // configuration's players.
    let mut bo = bo_resumed(None, Some(HOST));
    let ids = |l: &Lobby<Pig, Id>| l.trusted().iter().map(|p| p.0).collect::<Vec<_>>();
    assert_eq!(ids(&bo), [1]);
    bo.seated([HOST, Id(2), Id(3)]);
    assert_eq!(ids(&bo), [1, 3]);
    // From the book alone.
    let bo = bo_resumed(Some(AddressBook::Hosts(hosts_roster_of_three())), None);
    assert_eq!(ids(&bo), [1, 3]);
}

#[test]
fn a_joiner_says_why_the_host_is_unreached_and_gives_up_in_the_end() {
    let mut l: Lobby<Pig, Id> = Lobby::new(me(2, "Bo"));
    l.join(GAME, HOST);
    l.dial_failed(HOST, "/ip4/127.0.0.1/tcp/9: the connection was refused");
    let mut now = 0;
    let mut outs = Vec::new();
    while now < GIVE_UP_UNREACHED_MS - GREET_EVERY_MS {
        now += GREET_EVERY_MS;
        l.tick(now);
        outs.extend(std::iter::from_fn(|| l.poll()));
    }
    assert!(
        said(
            &outs,
            "The last try: /ip4/127.0.0.1/tcp/9: the connection was refused."
        ),
        "{outs:?}"
    );
    assert!(!outs.iter().any(|o| matches!(o, Output::Unreachable(_))));
    l.tick(GIVE_UP_UNREACHED_MS);
    let end: Vec<_> = std::iter::from_fn(|| l.poll()).collect();
    match &end[..] {
        [Output::Unreachable(why)] => {
            assert!(
                why.contains("Could not reach the host in 3 minutes"),
                "{why}"
            );
            assert!(why.contains("the connection was refused"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    // Nothing more: the run ends.
    l.tick(GIVE_UP_UNREACHED_MS + 10 * GREET_EVERY_MS);
    assert_eq!(l.poll(), None);
}

#[test]
fn a_joiner_that_reached_the_host_once_never_gives_up_on_it() {
    let mut l: Lobby<Pig, Id> = Lobby::new(me(2, "Bo"));
    l.join(GAME, HOST);
    l.connected_to(HOST);
    l.disconnected(HOST);
    let _ = std::iter::from_fn(|| l.poll()).count();
    let mut now = 0;
    while now < 2 * GIVE_UP_UNREACHED_MS {
        now += GREET_EVERY_MS;
        l.tick(now);
        while let Some(o) = l.poll() {
            assert!(!matches!(o, Output::Unreachable(_)), "{o:?}");
        }
    }
}
