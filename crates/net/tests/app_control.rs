//! An app drives peers through [`dwarfs_net::spawn_peer`] handles, in one process on loopback:
//! the host's ticket and lobby, a LAN browser asking the host what it hosts, a joiner that is
//! not ready until it says so, lobby chat, leaving and re-joining, then a whole game played by
//! commands with every move agreed by both players.

mod common;
use common::{STEP, runtime, spec, ticket_of, wait_for};
use dwarfs_engine::toy::{Pig, PigAction};
use dwarfs_engine::{Actor, Game, Seat};
use dwarfs_net::spec::Ending;
use dwarfs_net::{
    BrowseConfig, Command, GameMirror, GameUpdate, LanUpdate, LobbyUpdate, PeerHandle, Role,
    Started, Ticket, Update, browse_lan, spawn_peer,
};
use std::time::Duration;
use tokio::time::timeout;

/// Ada hosts `seats` seats (no bots); returns her handle and the ticket she got.
async fn host_named_ada(
    rt: &tokio::runtime::Handle,
    dir: &std::path::Path,
    seats: u8,
) -> (PeerHandle<Pig>, String) {
    let role = Role::Host {
        seats,
        bots: 0,
        options: vec![],
    };
    let mut host = spawn_peer::<Pig>(rt, spec(dir, "Ada", role), || {});
    let ticket = ticket_of(&mut host).await;
    (host, ticket)
}

/// Plays whenever it is our turn, through the app's mirror of the game, until the game is over;
/// returns the number of moves and how many `Final` updates said every player agreed.
/// "Roll, then bank" (or roll twice) is staged as one choice and sent as one command: the peer
/// plays its second step once the first (and its die) is final, or, if the die passed the turn,
/// drops it when the other seat's move lands and says so. Every two-step command ends one of
/// those two ways, whatever the dice.
async fn play_to_end(h: &mut PeerHandle<Pig>, seat: u8, state: Pig) -> (u32, u32) {
    let me = Seat(seat);
    let mut m = GameMirror::new(Started {
        seat: Some(me),
        names: vec!["Ada".into(), "Bo".into()],
        bots: vec![false, false],
        state,
        seed: [0; 32],
        seq: 0,
    });
    let mut agreed = 0;
    // Two-step commands sent; of them, those whose second step was played, and those whose
    // second step was dropped; whether a first step came back and its second is awaited.
    let (mut two_step, mut both_played, mut dropped) = (0u32, 0u32, 0u32);
    let mut second_awaited = false;
    let mut asked = None;
    loop {
        if m.state.to_act() == Actor::Seat(me) && m.may_play() && asked != Some(m.seq) {
            let legal = m.state.legal_actions_vec();
            // Roll, then bank (or roll again while there is nothing to bank): always two steps.
            assert!(legal.contains(&PigAction::Roll), "a turn may always roll");
            let second = if legal.contains(&PigAction::Hold) {
                PigAction::Hold
            } else {
                PigAction::Roll
            };
            let staged = vec![PigAction::Roll, second];
            asked = Some(m.seq);
            two_step += 1;
            assert!(h.send(m.play(staged).expect("ours to play")));
        }
        let u = timeout(STEP, h.recv())
            .await
            .expect("no update in time")
            .expect("the peer stopped");
        match &u {
            Update::Game(GameUpdate::Applied { seat: s, .. }) if *s == me => {
                if second_awaited {
                    both_played += 1;
                    second_awaited = false;
                } else if m.in_flight() == 2 {
                    second_awaited = true;
                }
            }
            Update::Refused(r) if r.contains("moved on") => {
                assert!(second_awaited, "only a second step is dropped: {r}");
                dropped += 1;
                second_awaited = false;
            }
            Update::Game(GameUpdate::Final {
                agreed: a, peers, ..
            }) => {
                assert_eq!(*peers, 2, "both players are live");
                if a == peers {
                    agreed += 1;
                }
            }
            Update::Game(GameUpdate::Over { moves, .. }) => {
                assert!(two_step > 0);
                assert_eq!(
                    both_played + dropped,
                    two_step,
                    "each two-step command had its second step played or dropped"
                );
                return (*moves, agreed);
            }
            Update::Game(GameUpdate::Incident(i)) => panic!("incident: {i:?}"),
            Update::Refused(r) => panic!("our move was refused: {r}"),
            Update::Ended(r) => panic!("ended early: {:?}", r.ending),
            _ => {}
        }
        m.on_update(u);
    }
}

/// The runtime the apps' peers run on, as in the desktop app: two workers.
#[test]
fn an_app_hosts_joins_chats_and_plays_through_handles() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    rt.block_on(async {
        let h = rt.handle();
        let (mut host, ticket) = host_named_ada(h, dir.path(), 2).await;
        let open = wait_for(&mut host, "the host's lobby", |u| match u {
            Update::Lobby(LobbyUpdate::Roster { seats, you, .. }) => {
                Some((seats.len(), *you, seats[1].peer.is_none()))
            }
            _ => None,
        })
        .await;
        assert_eq!(
            open,
            (2, Some(Seat(0)), true),
            "seat 2 is open, we sit in seat 1"
        );

        // A LAN browser, pointed at the host directly (mDNS needs a real LAN).
        let t = Ticket::decode(&ticket).unwrap();
        let mut lan = browse_lan(
            h,
            BrowseConfig {
                mdns: false,
                known: vec![(t.host, t.addrs.clone())],
            },
            || {},
        );
        let found = timeout(STEP, lan.recv()).await.unwrap().unwrap();
        match found {
            LanUpdate::Found(l) => {
                assert_eq!(l.peer, t.host);
                assert_eq!(l.info.game, Pig::NAME);
                assert_eq!(l.info.host_name, "Ada");
                assert_eq!((l.info.seats, l.info.open), (2, 1));
                assert_eq!(l.info.ticket, ticket);
            }
            other => panic!("{other:?}"),
        }

        // A joiner that leaves the lobby frees its seat again.
        let quitter = spawn_peer::<Pig>(
            h,
            spec(
                dir.path(),
                "Quinn",
                Role::Join {
                    ticket: ticket.clone(),
                },
            ),
            || {},
        );
        wait_for(&mut host, "Quinn in the lobby", |u| match u {
            Update::Lobby(LobbyUpdate::Roster { seats, .. }) if seats[1].name == "Quinn" => {
                Some(())
            }
            _ => None,
        })
        .await;
        drop(quitter);
        wait_for(&mut host, "Quinn's seat open again", |u| match u {
            Update::Lobby(LobbyUpdate::Roster { seats, .. }) if seats[1].peer.is_none() => Some(()),
            _ => None,
        })
        .await;

        // The joiner is seated but not ready: nothing starts until it says so.
        let mut joiner = spawn_peer::<Pig>(
            h,
            spec(
                dir.path(),
                "Bo",
                Role::Join {
                    ticket: ticket.clone(),
                },
            ),
            || {},
        );
        let (you, ready) = wait_for(&mut joiner, "the joiner's lobby", |u| match u {
            Update::Lobby(LobbyUpdate::Roster { seats, you, .. }) if you.is_some() => {
                Some((*you, seats[1].ready))
            }
            _ => None,
        })
        .await;
        assert_eq!((you, ready), (Some(Seat(1)), false));
        assert!(joiner.send(Command::Chat("hello from Bo".into())));
        let line = wait_for(&mut host, "lobby chat", |u| match u {
            Update::Lobby(LobbyUpdate::Chat { name, text }) => Some((name.clone(), text.clone())),
            Update::Started(_) => panic!("started before the joiner was ready"),
            _ => None,
        })
        .await;
        assert_eq!(line, ("Bo".to_string(), "hello from Bo".to_string()));
        assert!(joiner.send(Command::Ready(true)));

        let start = |u: &Update<Pig>| match u {
            Update::Started(s) => Some((s.seat.map(|s| s.0), s.names.clone(), s.state.clone())),
            _ => None,
        };
        let (hs, names, hstate) = wait_for(&mut host, "the host's start", start).await;
        let (js, _, jstate) = wait_for(&mut joiner, "the joiner's start", start).await;
        assert_eq!((hs, js), (Some(0), Some(1)));
        assert_eq!(names, vec!["Ada".to_string(), "Bo".to_string()]);

        // A move out of turn is refused with a reason, and nothing breaks.
        let a = hstate.legal_actions_vec()[0];
        let waiting = if hstate.to_act() == Actor::Seat(dwarfs_engine::Seat(0)) {
            &mut joiner
        } else {
            &mut host
        };
        assert!(waiting.send(Command::Play(vec![a])));
        let why = wait_for(waiting, "the refusal", |u| match u {
            Update::Refused(r) => Some(r.clone()),
            _ => None,
        })
        .await;
        assert!(why.contains("not your turn"), "{why}");

        let (a, b) = tokio::join!(
            play_to_end(&mut host, 0, hstate),
            play_to_end(&mut joiner, 1, jstate)
        );
        assert_eq!(a.0, b.0, "both saw the same number of moves");
        assert!(a.0 > 0);
        assert_eq!(a.1, a.0, "every move was agreed by both players (host)");
        assert_eq!(b.1, b.0, "every move was agreed by both players (joiner)");
        for h in [&mut host, &mut joiner] {
            // The end says who won and every seat's score, by name (a terminal player sees no
            // other end screen).
            let line = wait_for(h, "the scores", |u| match u {
                Update::Status(l) if l.contains("Scores:") => Some(l.clone()),
                _ => None,
            })
            .await;
            assert!(line.contains("Ada") && line.contains("Bo"), "{line}");
            assert!(
                line.contains(" won") || line.contains("Shared win") || line.contains("Nobody"),
                "{line}"
            );
            let r = wait_for(h, "the end", |u| match u {
                Update::Ended(r) => Some(r.clone()),
                _ => None,
            })
            .await;
            assert_eq!(r.ending, Ending::Over, "{r:?}");
            assert!(r.replay.as_ref().is_some_and(|p| p.exists()));
            // A finished game that verifies has nothing to resume: its secret is removed.
            let mut secret = r.replay.clone().unwrap().into_os_string();
            secret.push(".secret");
            assert!(
                !std::path::Path::new(&secret).exists(),
                "{secret:?} is left"
            );
        }
    });
}

#[test]
fn a_joiner_that_cannot_reach_the_host_keeps_trying_and_says_why() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    rt.block_on(async {
        // Nobody listens at port 9 of loopback.
        let ticket = Ticket {
            game: Pig::NAME.into(),
            game_id: [7; 32],
            host: dwarfs_net::PeerId::random(),
            addrs: vec!["/ip4/127.0.0.1/tcp/9".parse().unwrap()],
        }
        .to_string();
        let mut joiner = spawn_peer::<Pig>(
            rt.handle(),
            spec(dir.path(), "Lost", Role::Join { ticket }),
            || {},
        );
        let note = wait_for(&mut joiner, "a note about the host", |u| match u {
            Update::Status(s) if s.starts_with("Still trying to reach the host") => Some(s.clone()),
            _ => None,
        })
        .await;
        assert!(note.contains("firewall"), "{note}");
        // Why: the real dial's failure, in words.
        assert!(
            note.contains("The last try: /ip4/127.0.0.1/tcp/9: the connection was refused"),
            "{note}"
        );
        assert!(joiner.send(Command::Leave));
        let r = wait_for(&mut joiner, "the end", |u| match u {
            Update::Ended(r) => Some(r.clone()),
            _ => None,
        })
        .await;
        assert_eq!(r.ending, Ending::Left);
    });
}

#[test]
fn a_player_who_leaves_mid_game_is_replaced_by_the_bot_at_once() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    rt.block_on(async {
        let h = rt.handle();
        let (host, ticket) = host_named_ada(h, dir.path(), 3).await;
        let mut peers = vec![host];
        for name in ["Bo", "Cy"] {
            let j = spawn_peer::<Pig>(
                h,
                spec(
                    dir.path(),
                    name,
                    Role::Join {
                        ticket: ticket.clone(),
                    },
                ),
                || {},
            );
            assert!(j.send(Command::Ready(true)));
            peers.push(j);
        }
        let mut states = Vec::new();
        let mut seats = Vec::new();
        for p in peers.iter_mut() {
            let (seat, st) = wait_for(p, "the start", |u| match u {
                Update::Started(s) => Some((s.seat.unwrap().0, s.state.clone())),
                _ => None,
            })
            .await;
            seats.push(seat);
            states.push(st);
        }
        // Whoever sits in seat 3 plays a few moves, then closes the app.
        let k = seats.iter().position(|&s| s == 2).unwrap();
        let leaver = peers.remove(k);
        seats.remove(k);
        states.remove(k);
        let mut moves_seen = 0;
        let mut taken_over = None;
        let mut over = [false, false];
        let mut asked: [Option<Pig>; 2] = [None, None];
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        let mut cy = Some(leaver);
        while !(over[0] && over[1]) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the game did not end"
            );
            for i in 0..2 {
                let st = &states[i];
                if let Actor::Seat(s) = st.to_act()
                    && s.0 == seats[i]
                    && asked[i].as_ref() != Some(st)
                {
                    asked[i] = Some(st.clone());
                    assert!(peers[i].send(Command::Play(vec![st.legal_actions_vec()[0]])));
                }
                while let Some(u) = peers[i].try_recv() {
                    match u {
                        Update::Game(GameUpdate::Applied { state, .. })
                        | Update::Game(GameUpdate::Chance { state, .. }) => {
                            states[i] = *state;
                            if i == 0 {
                                moves_seen += 1;
                            }
                        }
                        Update::Game(GameUpdate::TakenOver { seat, .. }) => {
                            taken_over = Some(seat.0)
                        }
                        Update::Game(GameUpdate::Over { .. }) => over[i] = true,
                        Update::Game(GameUpdate::Incident(x)) => panic!("incident: {x:?}"),
                        Update::Ended(r) if !over[i] => panic!("ended early: {:?}", r.ending),
                        Update::Refused(r) => panic!("refused: {r}"),
                        _ => {}
                    }
                }
            }
            // The leaver answers its turns until six moves are in, then leaves.
            if let Some(c) = cy.as_mut() {
                if moves_seen >= 6 {
                    drop(cy.take());
                } else {
                    while let Some(u) = c.try_recv() {
                        if let Update::Game(GameUpdate::Applied { state, .. })
                        | Update::Game(GameUpdate::Chance { state, .. }) = u
                            && state.to_act() == Actor::Seat(dwarfs_engine::Seat(2))
                        {
                            c.send(Command::Play(vec![state.legal_actions_vec()[0]]));
                        }
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        assert_eq!(taken_over, Some(2), "the leaver's seat went to the bot");
    });
}

#[test]
fn players_choose_their_seat_and_colour_in_the_lobby() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    rt.block_on(async {
        let h = rt.handle();
        let (mut host, ticket) = host_named_ada(h, dir.path(), 3).await;
        let mut bo = spawn_peer::<Pig>(h, spec(dir.path(), "Bo", Role::Join { ticket }), || {});
        wait_for(&mut bo, "Bo seated", |u| match u {
            Update::Lobby(LobbyUpdate::Roster {
                you: Some(Seat(1)), ..
            }) => Some(()),
            _ => None,
        })
        .await;
        // Bo moves to the open third seat; the second opens.
        assert!(bo.send(Command::TakeSeat(Seat(2))));
        let seats = wait_for(&mut bo, "Bo in seat 3", |u| match u {
            Update::Lobby(LobbyUpdate::Roster {
                seats,
                you: Some(Seat(2)),
                ..
            }) => Some(seats.clone()),
            _ => None,
        })
        .await;
        assert!(
            seats[1].peer.is_none() && !seats[1].bot,
            "seat 2 is open again"
        );
        assert_eq!(seats[2].name, "Bo");
        // A taken seat and a seat that does not exist are refused.
        assert!(host.send(Command::TakeSeat(Seat(2))));
        let why = wait_for(&mut host, "a refusal", |u| match u {
            Update::Refused(r) => Some(r.clone()),
            _ => None,
        })
        .await;
        assert_eq!(why, "seat 3 is not open", "seats are named from 1");
        assert!(host.send(Command::TakeSeat(Seat(7))));
        let why = wait_for(&mut host, "a refusal", |u| match u {
            Update::Refused(r) => Some(r.clone()),
            _ => None,
        })
        .await;
        assert_eq!(why, "there is no seat 8");
        // Start now: the bot takes the open seat; Bo plays the seat it chose.
        assert!(host.send(Command::StartNow));
        let (seat, bots) = wait_for(&mut bo, "the start", |u| match u {
            Update::Started(s) => Some((s.seat, s.bots.clone())),
            _ => None,
        })
        .await;
        assert_eq!(seat, Some(dwarfs_engine::Seat(2)));
        assert_eq!(bots, vec![false, true, false]);
    });
}
