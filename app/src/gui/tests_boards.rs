//! Test helpers every game's board tests share: a headless harness of one table, and two
//! networked tables of a game playing each other over loopback.

use super::game_screen;
use super::net::{NetRuntime, NetSetup};
use super::table::{SeatInfo, SeatKind, Table};
use super::view::GameView;
use dwarfs_client::LobbyUpdate;
use dwarfs_engine::{Game, Seat};
use dwarfs_net::{Command, PeerHandle, Role, Update};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};

/// A headless harness drawing the game screen of `table`.
pub(super) fn board_harness<V: GameView>(table: Table<V>) -> Harness<'static, Table<V>> {
    Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_max_steps(64)
        .build_ui_state(
            |ui, t: &mut Table<V>| {
                let _ = game_screen::game(ui, t);
            },
            table,
        )
}

/// Reads a peer's updates until `pick` returns something (a hang guard fails the test).
pub(super) fn wait_update<G: Game, T>(
    h: &mut PeerHandle<G>,
    what: &str,
    mut pick: impl FnMut(Update<G>) -> Option<T>,
) -> T {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        match h.try_recv() {
            Some(u) => {
                if let Some(t) = pick(u) {
                    return t;
                }
            }
            None => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// Draws frames on both harnesses until `done` holds (the network runs on its own threads).
pub(super) fn until_both<S>(
    a: &mut Harness<'static, S>,
    b: &mut Harness<'static, S>,
    what: &str,
    done: impl Fn(&Harness<'static, S>, &Harness<'static, S>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(a, b) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        a.step();
        b.step();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Two boards of a game started over loopback: Ada hosts a two-seat lobby with `options`, Bo
/// joins by its ticket and says he is ready. Keep `_keep` (the replay directory and the network
/// runtime) alive while they play.
pub(super) struct Loopback<V: GameView> {
    /// The host's board.
    pub host: Harness<'static, Table<V>>,
    /// The joiner's board.
    pub joiner: Harness<'static, Table<V>>,
    /// The seats the host and the joiner got.
    pub seats: (Option<Seat>, Option<Seat>),
    /// Lives as long as the boards.
    pub _keep: (tempfile::TempDir, NetRuntime),
}

/// Starts [`Loopback`] boards of `V`'s game with `options`.
pub(super) fn two_boards_over_loopback<V: GameView>(
    options: &<V::G as Game>::Options,
) -> Loopback<V> {
    let dir = tempfile::tempdir().unwrap();
    let setup = |name: &str| NetSetup {
        ip: "127.0.0.1".into(),
        mdns: false,
        key: Some(dir.path().join(format!("{name}.key"))),
        replay_dir: Some(dir.path().join(name)),
        gone_timeout_s: 0,
    };
    let rt = NetRuntime::start().unwrap();
    let ctx = egui::Context::default();
    let role = Role::Host {
        seats: 2,
        bots: 0,
        options: dwarfs_engine::codec::encode(options).unwrap(),
    };
    let name = <V::G as Game>::NAME;
    let mut host = rt.spawn::<V::G>(
        setup("Ada").spec(name, &super::tests::player("Ada"), role),
        &ctx,
    );
    let ticket = wait_update(&mut host, "the ticket", |u| match u {
        Update::Lobby(LobbyUpdate::Ticket(t)) => Some(t),
        _ => None,
    });
    let role = Role::Join { ticket };
    let mut joiner = rt.spawn::<V::G>(
        setup("Bo").spec(name, &super::tests::player("Bo"), role),
        &ctx,
    );
    wait_update(&mut joiner, "a seat in the lobby", |u| match u {
        Update::Lobby(LobbyUpdate::Roster { you: Some(_), .. }) => Some(()),
        _ => None,
    });
    assert!(joiner.send(Command::Ready(true)));
    let start = |u: Update<V::G>| match u {
        Update::Started(s) => Some(*s),
        _ => None,
    };
    let hstart = wait_update(&mut host, "the host's start", start);
    let jstart = wait_update(&mut joiner, "the joiner's start", start);
    let (hs, js) = (hstart.seat, jstart.seat);
    let a = board_harness(Table::networked(hstart, Box::new(host)));
    let b = board_harness(Table::networked(jstart, Box::new(joiner)));
    Loopback {
        host: a,
        joiner: b,
        seats: (hs, js),
        _keep: (dir, rt),
    }
}

/// A person at a hotseat table.
pub(super) fn person(name: &str) -> SeatInfo {
    SeatInfo {
        name: name.into(),
        kind: SeatKind::Human,
    }
}

/// A small deterministic generator (xorshift) for the test players' choices.
pub(super) struct Dice(pub(super) u64);

impl Dice {
    /// A number below `n` (0 for `n` = 0).
    pub(super) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Clicks "show my hand" when a hotseat curtain covers the board.
pub(super) fn lift_curtain<V: GameView>(h: &mut Harness<'static, Table<V>>) {
    if h.state().curtain.is_some() {
        h.get_by_label_contains("show my hand").click_accesskit();
        h.run_steps(2);
        assert!(h.state().curtain.is_none());
    }
}

/// Whether two networked boards show the same settled position (no move of theirs in flight)
/// with a move for one of them to make, or the game over.
pub(super) fn same_settled_position<V: GameView>(a: &Table<V>, b: &Table<V>) -> bool
where
    V::G: PartialEq,
{
    a.mirror.seq == b.mirror.seq
        && a.mirror.state == b.mirror.state
        && a.mirror.in_flight() == 0
        && b.mirror.in_flight() == 0
        && (a.mirror.state.to_act() == dwarfs_engine::Actor::Over
            || !a.legal_for_viewer().is_empty()
            || !b.legal_for_viewer().is_empty())
}

/// At a hotseat table: the seat the screen shows, which must be one that decides now (the table
/// resolves chance itself), and its legal actions, which must not be empty.
pub(super) fn hotseat_turn<V: GameView>(t: &Table<V>) -> (Seat, Vec<<V::G as Game>::Action>) {
    let actor = t.mirror.state.to_act();
    let dwarfs_engine::Viewer::Seat(s) = t.viewer else {
        panic!("a spectator's view is shown while {actor:?} acts");
    };
    assert!(
        actor.includes(s),
        "the acting person's view is shown: {actor:?}, viewer {s}"
    );
    let legal = t.legal_for_viewer();
    assert!(!legal.is_empty(), "the acting person may act");
    (s, legal)
}

/// From the menu: hotseat, pick the game titled `title`, add a bot seat, start, play the
/// person's moves at random until the end screen shows the verdict and the chart, then "Play
/// again" returns to the same game's lobby.
pub(super) fn hotseat_against_a_bot_to_the_end<V: GameView>(title: &str) {
    use super::Screen;
    use super::tests::{app, click, harness, has};
    use dwarfs_engine::{Bot, RandomBot, SeatView, Viewer};
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, title);
    assert!(has(&h, "This game has no options."));
    click(&mut h, "Bot");
    // Random bots keep the test quick (search bots think up to a second a move).
    click(&mut h, "random");
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, Screen::Game);
    let mut chooser = RandomBot::new(5);
    let mut frames = 0;
    while h.state().screen == Screen::Game {
        assert!(frames < 20_000, "the game ends");
        frames += 1;
        let t = h.state_mut().table_mut::<V>().expect("a table of the game");
        let legal = t.legal_for_viewer();
        if let (false, Viewer::Seat(s)) = (legal.is_empty(), t.viewer) {
            let i = chooser.choose(&SeatView::new(&t.mirror.state, s), &legal);
            let action = legal[i].clone();
            assert!(t.play(&action), "{:?}", t.mirror.error);
        }
        h.step();
    }
    assert_eq!(h.state().screen, Screen::End);
    h.run_steps(2);
    let verdict = {
        let t = h.state().table_of::<V>().expect("a table of the game");
        t.outcome().expect("over").verdict(|s| t.seat_label(s))
    };
    assert!(has(&h, &verdict), "{verdict}");
    assert!(has(&h, "Score over the game"));
    click(&mut h, "Play again");
    assert_eq!(h.state().screen, Screen::Lobby);
    assert!(
        has(&h, &format!("Hotseat — {title}")),
        "again, the same game"
    );
}
