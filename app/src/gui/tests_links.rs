//! Internet play in the app: how each player is reached (direct, relayed, lost, a failed hole
//! punch) on the game screen and in the lobby, the host's reachability, what the join side says
//! when no path reaches the host, and the relays and UPnP of the settings reaching every peer's
//! spec.

use super::fall_view::FallView;
use super::links::{BEHIND_NAT_NO_RELAY, Links, NO_PATH_AFTER_S, PUNCH_FAILED};
use super::lobby::{Lobby, LobbyNet, LobbyPump};
use super::lobby_net::lobby_update;
use super::net::NetRuntime;
use super::table::Table;
use super::tests::{app, click, harness, has};
use super::tests_net::started;
use super::{DwarfsApp, Screen};
use crate::games::GameKind;
use dwarfs_client::{LinkUpdate, LobbyUpdate, Path, Reachability, RosterSeat};
use dwarfs_engine::{Game, Seat};
use dwarfs_fall::Fall;
use dwarfs_gui::settings::RelayError;
use dwarfs_net::{Command, PeerId, Update};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::convert::Infallible;

type H = Harness<'static, DwarfsApp>;

/// How many nodes carry exactly this label.
fn count(h: &H, label: &str) -> usize {
    h.query_all_by_label(label).count()
}

/// A roster seat held by `peer`.
fn seat(i: u8, name: &str, peer: PeerId) -> RosterSeat {
    RosterSeat {
        seat: Seat(i),
        name: name.into(),
        colour: String::new(),
        peer: Some(peer.to_bytes()),
        addrs: Vec::new(),
        bot: false,
        ready: true,
    }
}

/// A network lobby's peer that never says anything: the lobby is fed by hand.
pub(super) struct Quiet;

impl LobbyNet for Quiet {
    fn send(&self, _: Command<Infallible>) -> bool {
        true
    }

    fn pump(&mut self, _: &mut Lobby) -> LobbyPump {
        LobbyPump::Going
    }
}

/// Feeds one update to the lobby shown, then draws it.
fn feed_lobby(h: &mut H, u: Update<Fall>) {
    lobby_update(&mut h.state_mut().lobby, u);
    h.run_steps(2);
}

#[test]
fn the_game_screen_shows_each_players_link_and_a_failed_hole_punch() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = app();
    a.net_setup.key = Some(dir.path().join("ada.key"));
    let rt = NetRuntime::start().unwrap();
    let handle = super::tests_net::unreachable_fall_peer(&a, &rt);
    let (ada, bo, cy, watcher) = (
        PeerId::random(),
        PeerId::random(),
        PeerId::random(),
        PeerId::random(),
    );
    // The lobby learnt who sits where from the roster.
    let mut links = Links::default();
    links.on_roster(&[seat(0, "Ada", ada), seat(1, "Bo", bo), seat(2, "Cy", cy)]);
    let mut game = Fall::new(&Default::default(), 3).unwrap();
    game.resolve_chance([3; 32]).unwrap();
    let names = vec!["Ada".into(), "Bo".into(), "Cy".into()];
    let t: Table<FallView> = Table::networked(
        started(game, names, vec![false; 3], Some(Seat(0))),
        Box::new(handle),
    )
    .with_links(links);
    let cy_label = t.seat_label(Seat(2));
    a.table = Some(Box::new(t));
    a.screen = Screen::Game;
    let mut h = harness(a);
    h.run_steps(2);
    let feed = |h: &mut H, u: Update<Fall>| {
        h.state_mut().table_mut::<FallView>().unwrap().on_update(u);
        h.run_steps(2);
    };
    assert!(has(&h, "Players"));
    assert_eq!(count(&h, "link unknown"), 2, "Bo and Cy, no news yet");
    feed(
        &mut h,
        Update::Link(LinkUpdate::Path {
            peer: bo.to_string(),
            path: Some(Path::Direct),
        }),
    );
    feed(
        &mut h,
        Update::Link(LinkUpdate::Path {
            peer: cy.to_string(),
            path: Some(Path::Relayed),
        }),
    );
    assert_eq!(
        (count(&h, "direct link"), count(&h, "relayed link")),
        (1, 1)
    );
    assert_eq!(count(&h, "link unknown"), 0);
    assert!(!has(&h, PUNCH_FAILED), "punching is still being tried");
    // Punching to Cy failed: said next to Cy, and it stays so while the link stays relayed.
    let punch_line = format!("{cy_label}: {PUNCH_FAILED}");
    feed(
        &mut h,
        Update::Link(LinkUpdate::PunchFailed {
            peer: cy.to_string(),
        }),
    );
    assert!(has(&h, &punch_line), "{punch_line}");
    feed(
        &mut h,
        Update::Link(LinkUpdate::Path {
            peer: cy.to_string(),
            path: Some(Path::Relayed),
        }),
    );
    assert!(has(&h, &punch_line));
    assert_eq!(count(&h, "relayed link"), 1);
    // Bo's link is lost.
    feed(
        &mut h,
        Update::Link(LinkUpdate::Path {
            peer: bo.to_string(),
            path: None,
        }),
    );
    assert_eq!((count(&h, "link lost"), count(&h, "direct link")), (1, 0));
    // Cy's link becomes direct after all: no more word of a failed punch, and a late
    // failure report does not undo the direct link.
    feed(
        &mut h,
        Update::Link(LinkUpdate::Path {
            peer: cy.to_string(),
            path: Some(Path::Direct),
        }),
    );
    feed(
        &mut h,
        Update::Link(LinkUpdate::PunchFailed {
            peer: cy.to_string(),
        }),
    );
    assert!(!has(&h, PUNCH_FAILED));
    assert_eq!(
        (count(&h, "direct link"), count(&h, "relayed link")),
        (1, 0)
    );
    // A spectator's link is listed apart from the seats.
    feed(
        &mut h,
        Update::Link(LinkUpdate::Path {
            peer: watcher.to_string(),
            path: Some(Path::Relayed),
        }),
    );
    assert!(has(&h, "spectator …"));
    assert_eq!(count(&h, "relayed link"), 1);
    let links = &h.state().table_of::<FallView>().unwrap().mirror.links;
    assert_eq!(links.seat_peer(1), Some(bo.to_string().as_str()));
    assert_eq!(links.spectators().count(), 1);
}

#[test]
fn the_host_lobby_shows_its_reachability_and_each_joiners_link() {
    let mut h = harness(app());
    click(&mut h, "Host a game");
    // Before the lobby opens, nothing is known.
    assert!(has(&h, "Reachability not tested yet"));
    assert!(has(&h, "No relay in Settings"));
    h.state_mut().lobby.net = Some(Box::new(Quiet));
    h.run_steps(2);
    assert!(has(&h, "Hosting"));
    assert!(has(&h, "Reachability not tested yet"));

    feed_lobby(
        &mut h,
        Update::Link(LinkUpdate::Reachability(Reachability::BehindNat)),
    );
    assert!(has(&h, BEHIND_NAT_NO_RELAY));
    assert!(!has(&h, "Reachability not tested yet"));

    let relay = PeerId::random();
    let me = PeerId::random();
    let circuit = |transport: &str| {
        format!("/ip4/203.0.113.7/{transport}/p2p/{relay}/p2p-circuit/p2p/{me}")
            .parse()
            .unwrap()
    };
    feed_lobby(
        &mut h,
        Update::Link(LinkUpdate::Reachability(Reachability::Relayed(vec![
            circuit("tcp/4001"),
            circuit("tcp/4001"),
            circuit("udp/4001/quic-v1"),
        ]))),
    );
    let via = format!(
        "Behind NAT — relayed via /ip4/203.0.113.7/tcp/4001/p2p/{relay}, /ip4/203.0.113.7/udp/4001/quic-v1/p2p/{relay}"
    );
    assert_eq!(count(&h, &via), 1, "each relay once: {via}");
    assert!(!has(&h, BEHIND_NAT_NO_RELAY));

    feed_lobby(
        &mut h,
        Update::Link(LinkUpdate::Reachability(Reachability::Public(vec![
            "/ip4/198.51.100.4/tcp/4000".parse().unwrap(),
        ]))),
    );
    assert!(has(&h, "Reachable at /ip4/198.51.100.4/tcp/4000"));

    // Bo joins; his link shows on his seat.
    let bo = PeerId::random();
    feed_lobby(
        &mut h,
        Update::Lobby(LobbyUpdate::Roster {
            seats: vec![seat(0, "Tester", me), seat(1, "Bo", bo)],
            options: Vec::new(),
            you: Some(Seat(0)),
        }),
    );
    assert!(has(&h, "Bo"));
    assert_eq!(count(&h, "link unknown"), 1);
    feed_lobby(
        &mut h,
        Update::Link(LinkUpdate::Path {
            peer: bo.to_string(),
            path: Some(Path::Relayed),
        }),
    );
    assert_eq!(count(&h, "relayed link"), 1);
    feed_lobby(
        &mut h,
        Update::Link(LinkUpdate::Path {
            peer: bo.to_string(),
            path: None,
        }),
    );
    assert_eq!((count(&h, "link lost"), count(&h, "relayed link")), (1, 0));
    assert_eq!(
        h.state().lobby.links.seat(1),
        Some(super::links::LinkState::Lost)
    );
}

#[test]
fn a_join_that_reaches_no_host_says_what_to_do() {
    let mut a = app();
    a.lobby = Lobby::joined(&a.settings, GameKind::Fall, Box::new(Quiet), false);
    a.screen = Screen::Lobby;
    let mut h = harness(a);
    h.run_steps(2);
    assert!(has(&h, "Waiting for the host's lobby"));
    assert!(!has(&h, "No path to the host"), "not at once");
    // Connecting began long ago.
    h.state_mut().lobby.connecting_since = Some(-2.0 * NO_PATH_AFTER_S);
    h.run_steps(2);
    assert!(has(&h, "No path to the host"));
    assert!(has(&h, "`dwarfs relay` on a machine with a public address"));
    assert!(has(&h, "same LAN"));
    // The host's roster arrives: the hint goes.
    feed_lobby(
        &mut h,
        Update::Lobby(LobbyUpdate::Roster {
            seats: vec![
                seat(0, "Ada", PeerId::random()),
                seat(1, "Tester", PeerId::random()),
            ],
            options: Vec::new(),
            you: Some(Seat(1)),
        }),
    );
    assert!(has(&h, "Ada"));
    assert!(!has(&h, "No path to the host"));
}

#[test]
fn relays_typed_in_the_settings_reach_every_peer_spec_and_a_bad_one_is_refused() {
    let mut h = harness(app());
    assert!(
        super::settings::Settings::default().upnp,
        "UPnP is on for a new player"
    );
    click(&mut h, "Settings");
    // An address without the relay's peer id, typed into the field.
    let field = h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Relay address");
    field.focus();
    h.run_steps(1);
    h.get_by_role_and_label(egui::accesskit::Role::TextInput, "Relay address")
        .type_text("/ip4/203.0.113.7/tcp/4001");
    h.run_steps(2);
    assert_eq!(h.state().relay_input.text, "/ip4/203.0.113.7/tcp/4001");
    click(&mut h, "Add relay");
    assert!(has(&h, &RelayError::NoPeerId.to_string()));
    assert!(h.state().draft.relays.is_empty());
    // A relayed address is refused too, with its own reason.
    let relay = PeerId::random();
    let good = format!("/ip4/203.0.113.7/tcp/4001/p2p/{relay}");
    h.state_mut().relay_input.text = format!("{good}/p2p-circuit");
    click(&mut h, "Add relay");
    assert!(has(&h, &RelayError::Relayed.to_string()));
    // The whole line `dwarfs relay` prints is taken.
    h.state_mut().relay_input.text = format!("RELAY {good}");
    click(&mut h, "Add relay");
    assert!(!has(&h, &RelayError::Relayed.to_string()), "the error goes");
    assert_eq!(h.state().draft.relays, vec![good.clone()]);
    assert!(h.state().relay_input.text.is_empty());
    // A second one, then removed.
    let other = format!("/dns4/relay.example.org/tcp/4001/p2p/{}", PeerId::random());
    h.state_mut().relay_input.text = other.clone();
    click(&mut h, "Add relay");
    assert_eq!(h.state().draft.relays, vec![good.clone(), other]);
    let remove = h.query_all_by_label("Remove").nth(1).unwrap();
    remove.click_accesskit();
    h.run_steps(2);
    assert_eq!(h.state().draft.relays, vec![good.clone()]);
    // The test player has UPnP off; tick it on, and save.
    assert!(!h.state().draft.upnp);
    click(&mut h, "Ask my router to open a port (UPnP)");
    click(&mut h, "Save");
    let s = &h.state().settings;
    assert_eq!((s.relays.clone(), s.upnp), (vec![good.clone()], true));
    // Hosting and joining build their specs from the saved settings.
    let app = h.state();
    for role in [
        dwarfs_net::Role::Host {
            seats: 2,
            bots: 0,
            options: Vec::new(),
        },
        dwarfs_net::Role::Join {
            ticket: "dwarfs1-x".into(),
        },
    ] {
        let spec = app.peer_spec(GameKind::Fall, role);
        assert_eq!(spec.net.relays, vec![good.clone()]);
        assert!(spec.net.upnp);
        assert_eq!(spec.name, "Tester");
    }
}

#[test]
fn two_apps_on_loopback_show_each_other_directly_linked() {
    use super::tests_net::{net_app, open_lobby_and_hand_ticket, until};
    let dir = tempfile::tempdir().unwrap();
    let mut host = harness(net_app(dir.path(), "Ada"));
    let mut joiner = harness(net_app(dir.path(), "Bo"));
    click(&mut host, "Host a game");
    open_lobby_and_hand_ticket(&mut host, &mut joiner);
    click(&mut joiner, "Join");
    until(&mut host, &mut joiner, "the joiner seated", |h, j| {
        j.state().lobby.you.is_some() && has(h, "Bo") && has(j, "Ada")
    });
    until(
        &mut host,
        &mut joiner,
        "direct links in the lobby",
        |h, j| count(h, "direct link") == 1 && count(j, "direct link") == 1,
    );
    click(&mut joiner, "I'm ready");
    until(&mut host, &mut joiner, "the game on both", |h, j| {
        h.state().screen == Screen::Game && j.state().screen == Screen::Game
    });
    // The links learnt in the lobby carry over to the game screen.
    assert_eq!(
        (count(&host, "direct link"), count(&joiner, "direct link")),
        (1, 1)
    );
}

#[test]
fn a_host_serves_the_page_and_shows_the_browser_link_with_its_qr_code() {
    let mut h = harness(app());
    // The page's server as if started already (this test serves nothing).
    h.state_mut().page = Some(48080);
    click(&mut h, "Host a game");
    h.state_mut().lobby.net = Some(Box::new(Quiet));
    h.run_steps(2);
    let ticket = dwarfs_net::Ticket {
        game: "fall".into(),
        game_id: [3; 32],
        host: PeerId::random(),
        addrs: vec![
            "/ip4/127.0.0.1/tcp/4001".parse().unwrap(),
            "/ip4/192.168.7.9/tcp/4002/ws".parse().unwrap(),
        ],
    }
    .to_string();
    feed_lobby(&mut h, Update::Lobby(LobbyUpdate::Ticket(ticket.clone())));
    assert!(!has(&h, "Browser link"), "nothing offered until asked for");
    click(&mut h, "Serve the page to browsers on the LAN");
    h.run_steps(2);
    assert_eq!(h.state().lobby.web.port, Some(48080));
    assert!(has(&h, "Browser link"));
    let qr = h.get_by_label("QR code of the browser link").rect();
    assert!(
        qr.width() >= 150.0 && (qr.width() - qr.height()).abs() < 1.0,
        "{qr:?}"
    );
    // The link copied is the page's on the ticket's LAN WebSocket address, ticket inside.
    h.get_by_label("Copy link").click_accesskit();
    h.step();
    let copied = h
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        });
    assert_eq!(
        copied,
        Some(format!("http://192.168.7.9:48080/?join={ticket}"))
    );
}
