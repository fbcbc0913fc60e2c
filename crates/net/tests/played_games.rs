//! A key plays a game id once, over loopback: after a game has started, the same key cannot sit
//! down in a game of that id again (a host could otherwise offer an old id again), but it can
//! resume that game from its replay, whose secret it kept next to it; without that secret it
//! cannot.

mod common;
use common::{STEP, runtime, seated, spec, ticket_of, wait_for};
use dwarfs_engine::Game;
use dwarfs_engine::toy::Pig;
use dwarfs_net::spec::{Ending, PeerReport};
use dwarfs_net::{Command, GameUpdate, PeerHandle, Role, Update, spawn_peer};
use tokio::time::timeout;

/// Reads updates until the peer ends, and returns its report.
async fn ended(h: &mut PeerHandle<Pig>) -> PeerReport {
    timeout(STEP, async {
        while let Some(u) = h.recv().await {
            if let Update::Ended(r) = u {
                return *r;
            }
        }
        panic!("the peer stopped without a report")
    })
    .await
    .expect("the peer ends in time")
}

#[test]
fn a_key_cannot_join_a_game_id_twice_but_resumes_it_with_its_secret() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt.block_on(async {
        let h = rt.handle();
        let mut host = spawn_peer::<Pig>(
            h,
            spec(
                d,
                "Ada",
                Role::Host {
                    seats: 2,
                    bots: 0,
                    options: vec![],
                },
            ),
            || {},
        );
        let ticket = ticket_of(&mut host).await;
        let join = Role::Join {
            ticket: ticket.clone(),
        };
        let mut bo = spawn_peer::<Pig>(h, spec(d, "Bo", join.clone()), || {});
        seated(&mut bo).await;
        assert!(bo.send(Command::Ready(true)));
        let started = |u: &Update<Pig>| matches!(u, Update::Started(_)).then_some(());
        wait_for(&mut host, "the host's start", started).await;
        wait_for(&mut bo, "Bo's start", started).await;
        let replay = d.join("Bo.replay");
        let secret = d.join("Bo.replay.secret");
        assert!(replay.exists() && secret.exists());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&secret).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "the game's secret is the user's only");
        }
        assert!(bo.send(Command::Leave));
        ended(&mut bo).await;

        // The same key, the same game id: refused before it sits down, saying what to do.
        let mut again = spawn_peer::<Pig>(h, spec(d, "Bo", join), || {});
        let r = ended(&mut again).await;
        match &r.ending {
            Ending::Failed(why) => {
                assert!(why.contains("already played"), "{why}");
                assert!(why.contains("dwarfs resume"), "{why}");
            }
            other => panic!("a second join of a played game id: {other:?}"),
        }

        // Resuming that game is not a new game: it starts again from the replay.
        let resume = Role::Resume {
            replay: replay.clone(),
            ticket: Some(ticket.clone()),
        };
        let mut back = spawn_peer::<Pig>(h, spec(d, "Bo", resume.clone()), || {});
        wait_for(&mut back, "the resumed game", |u| match u {
            Update::Status(s) if s.contains("The game starts") => Some(()),
            _ => None,
        })
        .await;
        // The app learns its seat and the board, as at a start (a terminal player waits for
        // them before it lists any move).
        let seat = wait_for(
            &mut back,
            "the resumed game's seat and board",
            |u| match u {
                Update::Started(s) => Some((s.seat, s.names.len())),
                _ => None,
            },
        )
        .await;
        assert_eq!(seat, (Some(dwarfs_engine::Seat(1)), 2), "Bo's seat of two");
        assert!(back.send(Command::Leave));
        ended(&mut back).await;

        // Without its secret, a resume would commit to other values: refused.
        std::fs::remove_file(&secret).unwrap();
        let mut lost = spawn_peer::<Pig>(h, spec(d, "Bo", resume), || {});
        let r = ended(&mut lost).await;
        match &r.ending {
            Ending::Failed(why) => {
                assert!(why.contains("secret") && why.contains("missing"), "{why}")
            }
            other => panic!("a resume without the game's secret: {other:?}"),
        }
        assert!(host.send(Command::Leave));
        ended(&mut host).await;
    });
}

/// A replay file that cannot be created ends the host's run at the start, saying why (it once
/// waited in silence while the other seats waited for its seed commit).
#[test]
fn a_host_whose_replay_cannot_be_written_says_so_and_ends() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt.block_on(async {
        let mut s = spec(
            d,
            "Ada",
            Role::Host {
                seats: 2,
                bots: 1,
                options: vec![],
            },
        );
        let blocker = d.join("not-a-dir");
        std::fs::write(&blocker, b"x").unwrap();
        s.replay = Some(blocker.join("game.replay"));
        let mut host = spawn_peer::<Pig>(rt.handle(), s, || {});
        let line = wait_for(&mut host, "the reason", |u| match u {
            Update::Status(l) if l.contains("cannot start") => Some(l.clone()),
            _ => None,
        })
        .await;
        assert!(line.contains("game.replay"), "{line}");
        let r = ended(&mut host).await;
        match &r.ending {
            Ending::Failed(why) => assert!(why.contains("game.replay"), "{why}"),
            other => panic!("{other:?}"),
        }
    });
}

/// A host playing alone against the bot leaves mid-game and resumes from its replay: there is
/// nobody to catch up from, so it plays on at once (it was refused: "cannot find the other
/// players").
#[test]
fn a_player_alone_with_bots_resumes_and_plays_on() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt.block_on(async {
        let h = rt.handle();
        // A target out of the bot's reach in a few turns: the game must still be on when we
        // leave (at 20, a lucky bot could end it before our second move).
        let options = dwarfs_engine::codec::encode(&dwarfs_engine::toy::PigOptions {
            target: 200,
            ..Default::default()
        })
        .expect("the options encode");
        let host = Role::Host {
            seats: 2,
            bots: 1,
            options,
        };
        let mut ada = spawn_peer::<Pig>(h, spec(d, "Ada", host), || {});
        // Two of our moves, then leave.
        let mut played = 0;
        while played < 2 {
            let legal = wait_for(&mut ada, "our turn", |u| match u {
                Update::Started(s)
                    if s.state.to_act() == dwarfs_engine::Actor::Seat(dwarfs_engine::Seat(0)) =>
                {
                    Some(s.state.legal_actions_vec())
                }
                Update::Game(GameUpdate::Applied { state, .. })
                | Update::Game(GameUpdate::Chance { state, .. })
                    if state.to_act() == dwarfs_engine::Actor::Seat(dwarfs_engine::Seat(0)) =>
                {
                    Some(state.legal_actions_vec())
                }
                _ => None,
            })
            .await;
            assert!(ada.send(Command::Play(vec![legal[0]])));
            played += 1;
        }
        assert!(ada.send(Command::Leave));
        ended(&mut ada).await;
        let resume = Role::Resume {
            replay: d.join("Ada.replay"),
            ticket: None,
        };
        let mut back = spawn_peer::<Pig>(h, spec(d, "Ada", resume), || {});
        let mut state = wait_for(&mut back, "the resumed game", |u| match u {
            Update::Started(s) => Some(Box::new(s.state.clone())),
            _ => None,
        })
        .await;
        // Play on until one of our moves is applied after the resume.
        loop {
            if state.to_act() == dwarfs_engine::Actor::Seat(dwarfs_engine::Seat(0)) {
                assert!(back.send(Command::Play(vec![state.legal_actions_vec()[0]])));
            }
            let (next, ours) = wait_for(&mut back, "a move", |u| match u {
                Update::Game(GameUpdate::Applied { state, seat, .. }) => {
                    Some((state.clone(), seat.0 == 0))
                }
                Update::Game(GameUpdate::Chance { state, .. }) => Some((state.clone(), false)),
                Update::Refused(why) => panic!("refused: {why}"),
                _ => None,
            })
            .await;
            state = next;
            if ours {
                break;
            }
        }
        assert!(back.send(Command::Leave));
        ended(&mut back).await;
    });
}

/// A player alone with the bot could foresee every draw (they all come from its own secrets):
/// the terminal's end says so, as the end screen and `replay verify` do.
#[test]
fn a_player_alone_with_bots_is_told_chance_was_foreseeable() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    rt.block_on(async {
        let host = Role::Host {
            seats: 2,
            bots: 1,
            options: vec![],
        };
        let mut ada = spawn_peer::<Pig>(rt.handle(), spec(d, "Ada", host), || {});
        let mut scores = None;
        let sentence = timeout(STEP * 4, async {
            while let Some(u) = ada.recv().await {
                match u {
                    Update::Started(s)
                        if s.state.to_act()
                            == dwarfs_engine::Actor::Seat(dwarfs_engine::Seat(0)) =>
                    {
                        assert!(ada.send(Command::Play(vec![s.state.legal_actions_vec()[0]])));
                    }
                    Update::Game(GameUpdate::Applied { state, .. })
                    | Update::Game(GameUpdate::Chance { state, .. })
                        if state.to_act() == dwarfs_engine::Actor::Seat(dwarfs_engine::Seat(0)) =>
                    {
                        assert!(ada.send(Command::Play(vec![state.legal_actions_vec()[0]])));
                    }
                    Update::Status(l) if l.contains("Scores:") => scores = Some(l),
                    Update::Status(l) if l.contains("foreseeable") => return l,
                    Update::Ended(r) => panic!("ended without the sentence: {r:?}"),
                    _ => {}
                }
            }
            panic!("the peer stopped")
        })
        .await
        .expect("the game ends in time");
        assert!(scores.is_some(), "the sentence follows the scores");
        assert!(
            sentence.starts_with("From the start, chance was foreseeable by Ada"),
            "{sentence}"
        );
    });
}
