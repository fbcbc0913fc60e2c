//! The mirror of a network game, fed by hand-made updates as a peer would send them: it follows
//! the engine, sends a staged choice once, holds one choice in flight, and keeps the news.

use dwarfs_client::{
    Command, GameMirror, GameUpdate, Incident, LinkState, LinkUpdate, LobbyUpdate, MAX_CHAT_LINES,
    MAX_WATCH_REQUESTS_SHOWN, Path, PlayError, Started, Update,
};
use dwarfs_engine::toy::{Pig, PigAction, PigOptions};
use dwarfs_engine::{Actor, Game, Seat};

/// A 2-player Pig game after setup, and our seat (the one that acts first).
fn start() -> (Started<Pig>, Seat) {
    let mut g = Pig::new(&PigOptions::default(), 2).expect("2 players");
    g.resolve_chance([7; 32]).expect("setup");
    let Actor::Seat(first) = g.to_act() else {
        panic!("a seat acts after setup")
    };
    (
        Started {
            seat: Some(first),
            names: vec!["Ada".into(), "Bo".into()],
            bots: vec![false, false],
            state: g,
            seed: [1; 32],
            seq: 0,
        },
        first,
    )
}

/// What a peer sends after applying `action` for `seat` to `state`: the move, then its chance
/// point if one follows.
fn applied(state: &mut Pig, seq: u32, seat: Seat, action: PigAction) -> Vec<Update<Pig>> {
    let description = state.describe(&action);
    let events = state.play(seat, &action).expect("legal");
    let mut out = vec![Update::Game(GameUpdate::Applied {
        seq,
        seat,
        description,
        events,
        by_bot: false,
        state: Box::new(state.clone()),
    })];
    if state.to_act() == Actor::Chance {
        let events = state.resolve_chance([seq as u8; 32]).expect("chance");
        out.push(Update::Game(GameUpdate::Chance {
            events,
            state: Box::new(state.clone()),
            rerolled_after: vec![],
        }));
    }
    out
}

#[test]
fn the_mirror_follows_the_peers_states_log_and_agreement() {
    let (started, _) = start();
    let mut engine = started.state.clone();
    let mut m = GameMirror::new(started);
    assert!(m.is_network() && m.may_play());
    let v0 = m.version();
    let mut seq = 0;
    while seq < 6 && engine.to_act() != Actor::Over {
        let Actor::Seat(s) = engine.to_act() else {
            panic!("a seat acts")
        };
        seq += 1;
        let mut states = 0;
        for u in applied(&mut engine, seq, s, PigAction::Roll) {
            let c = m.on_update(u);
            states += usize::from(c.state);
        }
        assert!(states >= 1);
        m.on_update(Update::Game(GameUpdate::Final {
            seq,
            agreed: 2,
            peers: 2,
        }));
    }
    assert_eq!(m.state, engine, "the mirror holds the peer's state");
    assert_eq!(m.seq, seq);
    assert_eq!((m.sync.seq, m.sync.agreed, m.sync.peers), (seq, 2, 2));
    assert!(m.version() > v0, "every new state changes the version");
    let moves: Vec<_> = m.log.iter().filter(|l| l.seat.is_some()).collect();
    assert_eq!(moves.len() as u32, seq, "one log line per move");
    assert!(moves.iter().all(|l| l.text.contains("roll")), "{moves:?}");
}

#[test]
fn a_staged_choice_goes_down_once_and_one_choice_is_in_flight() {
    let (started, me) = start();
    let mut engine = started.state.clone();
    let mut m = GameMirror::new(started);
    let staged = vec![PigAction::Roll, PigAction::Hold];
    assert_eq!(m.play(staged.clone()), Ok(Command::Play(staged)));
    assert_eq!(m.in_flight(), 2);
    assert!(
        !m.may_play(),
        "nothing more is offered while the choice is in flight"
    );
    assert_eq!(m.play(vec![PigAction::Roll]), Err(PlayError::InFlight));
    // The first action comes back applied: one still in flight.
    for u in applied(&mut engine, 1, me, PigAction::Roll) {
        m.on_update(u);
    }
    assert_eq!(m.in_flight(), 1);
    // The session refuses the rest: nothing in flight, the reason shown.
    m.on_update(Update::Refused("it is not your turn".into()));
    assert_eq!(m.in_flight(), 0);
    assert_eq!(m.error.as_deref(), Some("it is not your turn"));
    assert!(m.may_play());
    assert_eq!(m.play(Vec::new()), Err(PlayError::Empty));
    // A halt stops all play.
    m.on_update(Update::Game(GameUpdate::Halted("a desync".into())));
    assert_eq!(m.play(vec![PigAction::Roll]), Err(PlayError::Halted));
}

#[test]
fn a_spectator_never_plays_and_lobby_news_changes_nothing() {
    let (mut started, _) = start();
    started.seat = None;
    let mut m = GameMirror::new(started);
    assert_eq!(m.play(vec![PigAction::Roll]), Err(PlayError::Spectator));
    let before = (m.version(), m.log.len());
    let c = m.on_update(Update::Lobby(LobbyUpdate::Chat {
        name: "Eve".into(),
        text: "hi".into(),
    }));
    assert!(!c.state && c.events.is_empty());
    assert_eq!((m.version(), m.log.len()), before);
}

#[test]
fn takeovers_incidents_chat_watchers_and_links_are_kept_and_bounded() {
    let (started, me) = start();
    let other = Seat(1 - me.0);
    let mut m = GameMirror::new(started);
    m.on_update(Update::Game(GameUpdate::Silent { seat: other }));
    assert_eq!(m.seats.silent, Some(other));
    let c = m.on_update(Update::Game(GameUpdate::TakenOver {
        seat: other,
        from_seq: 4,
    }));
    assert_eq!(c.taken_over, Some(other));
    assert_eq!(m.seats.silent, None);
    assert_eq!(m.sync.peers, 1);
    assert!(
        m.log
            .last()
            .is_some_and(|l| l.text.contains("takeover bot"))
    );
    let f = m.foresight().expect("one live player left");
    assert_eq!((f.seat, f.from_seq), (me, 4));

    let inc = Incident {
        kind: "equivocation".into(),
        seq: 3,
        seat: Some(other),
        peer: None,
        evidence: "two moves".into(),
    };
    m.on_update(Update::Game(GameUpdate::Incident(inc.clone())));
    assert!(m.incident_who(&inc).contains("Bo"));
    assert!(m.sync.halted.is_none(), "a report alone does not halt");

    for i in 0..MAX_CHAT_LINES + 3 {
        m.on_update(Update::Game(GameUpdate::Chat {
            seat: other,
            text: format!("line {i}"),
        }));
    }
    assert_eq!(m.talk.chat.len(), MAX_CHAT_LINES);
    assert!(m.talk.chat[0].ends_with("line 3"), "the oldest go first");

    for i in 0..MAX_WATCH_REQUESTS_SHOWN + 5 {
        for _ in 0..2 {
            m.on_update(Update::WatchRequest {
                peer: format!("peer{i}"),
                name: "Eve".into(),
            });
        }
    }
    assert_eq!(m.talk.watch_requests.len(), MAX_WATCH_REQUESTS_SHOWN);
    assert_eq!(
        m.answer_watcher("peer0", true),
        Command::AnswerWatcher {
            peer: "peer0".into(),
            allow: true
        }
    );
    assert_eq!(m.talk.watch_requests.len(), MAX_WATCH_REQUESTS_SHOWN - 1);

    m.on_update(Update::Link(LinkUpdate::Path {
        peer: "p".into(),
        path: Some(Path::Relayed),
    }));
    m.on_update(Update::Link(LinkUpdate::PunchFailed { peer: "p".into() }));
    assert_eq!(
        m.links.spectators().next(),
        Some(("p", LinkState::Relayed { punch_failed: true }))
    );
}

#[test]
fn a_local_game_records_its_own_moves() {
    let (started, me) = start();
    let mut m = GameMirror::local(started.state, 2);
    assert!(!m.is_network());
    let text = m.state.describe(&PigAction::Roll);
    let events = m.state.play(me, &PigAction::Roll).expect("legal");
    let v = m.version();
    m.record_move(me, text, &events);
    assert_eq!((m.seq, m.sync.seq, m.sync.agreed), (1, 1, 2));
    assert!(m.version() > v);
    assert_eq!(m.log[0].seat, Some(me));
}

#[test]
fn a_resumed_games_mirror_counts_on_from_where_the_game_stood() {
    let (mut started, _) = start();
    started.seq = 12;
    let m = GameMirror::new(started);
    assert_eq!(m.seq, 12, "the moves before the resume are counted");
}
