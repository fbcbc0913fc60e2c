//! A game kept to come back to (a page closed or reloaded in the middle of it, issue 37): the
//! menu offers it first, resuming starts the peer to reopen it, a link to the same game resumes
//! it rather than joining again (the key played it, so a join would be refused), and it can be
//! forgotten.

use super::lobby::LobbyNet;
use super::menu::{KeptGame, LanLobbies};
use super::tests_links::Quiet;
use crate::games::GameKind;
use dwarfs_client::{LobbyInfo, Role, Ticket};
use dwarfs_gui::platform::Inline;
use dwarfs_gui::settings::Settings;
use dwarfs_gui::shell::{Network, Screen, Shell};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::rc::Rc;

/// A network that keeps games, as a page does, and records what it was asked.
#[derive(Default)]
struct Keeping {
    kept: Vec<KeptGame>,
    started: Vec<Role>,
    forgotten: Vec<[u8; 32]>,
    failed: Vec<String>,
}

/// No LAN search.
struct NoLan;

impl LanLobbies for NoLan {
    fn running(&self) -> bool {
        false
    }
    fn error(&self) -> Option<&str> {
        None
    }
    fn lobbies(&self) -> Vec<&LobbyInfo> {
        Vec::new()
    }
}

impl Network for Keeping {
    fn start_peer(
        &mut self,
        _game: GameKind,
        role: Role,
        _anyone_may_watch: bool,
        _settings: &Settings,
        _ctx: &egui::Context,
    ) -> Result<Box<dyn LobbyNet>, String> {
        self.started.push(role);
        Ok(Box::new(Quiet))
    }

    fn search_lan(&mut self, _shown: bool, _ctx: &egui::Context) {}

    fn lan(&self) -> &dyn LanLobbies {
        &NoLan
    }

    fn join_failed(&mut self, why: String) {
        self.failed.push(why);
    }

    fn can_host(&self) -> bool {
        false
    }

    fn kept_games(&self) -> Vec<KeptGame> {
        self.kept.clone()
    }

    fn forget_kept(&mut self, game_id: &[u8; 32]) {
        self.forgotten.push(*game_id);
        self.kept.retain(|k| k.game_id != *game_id);
    }

    fn kept_replay(&self, game_id: &[u8; 32]) -> Option<Vec<u8>> {
        // The kept bytes: here, the game id itself.
        Some(game_id.to_vec())
    }
}

const ID: [u8; 32] = [9; 32];

type H = Harness<'static, (Shell, Keeping)>;

/// The shell of a page that kept a game of Dwar7s Fall (`over`, or left in the middle), at its
/// menu.
fn page_with(over: bool) -> H {
    let net = Keeping {
        kept: vec![KeptGame {
            game_id: ID,
            game: GameKind::Fall,
            over,
        }],
        ..Keeping::default()
    };
    let shell = Shell::new(Settings::default(), None, Rc::new(Inline));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(64)
        .build_ui_state(
            |ui, (shell, net): &mut (Shell, Keeping)| shell.ui(ui, Some(net)),
            (shell, net),
        );
    h.run_steps(2);
    h
}

/// A page that kept a game left in the middle.
fn page() -> H {
    page_with(false)
}

const RESUME: &str = "Resume your game of Dwar7s Fall";

#[test]
fn the_menu_offers_a_kept_game_first_and_resuming_reopens_it() {
    let mut h = page();
    h.get_by_label(RESUME).click_accesskit();
    h.run_steps(2);
    let (shell, net) = h.state();
    assert_eq!(net.started, vec![Role::Reopen { game_id: ID }]);
    assert_eq!(shell.screen, Screen::Lobby);
}

#[test]
fn a_kept_game_is_forgotten_when_asked() {
    let mut h = page();
    h.get_by_label("Forget it").click_accesskit();
    h.run_steps(2);
    assert_eq!(h.state().1.forgotten, vec![ID]);
    assert_eq!(h.query_all_by_label(RESUME).count(), 0, "no longer offered");
}

/// A ticket of a game of Dwar7s Fall with id `game_id`.
fn ticket(game_id: [u8; 32]) -> String {
    Ticket {
        game: "fall".into(),
        game_id,
        host: dwarfs_net::Keypair::generate_ed25519()
            .public()
            .to_peer_id(),
        addrs: vec!["/ip4/127.0.0.1/tcp/4001/ws".parse().unwrap()],
    }
    .encode()
}

/// What the page starts when Join is clicked with `ticket` on its join screen.
fn joined_with(ticket: String) -> Vec<Role> {
    let mut h = page();
    h.state_mut().0.join.ticket = ticket;
    h.state_mut().0.screen = Screen::Join;
    h.run_steps(2);
    h.get_by_label("Join").click_accesskit();
    h.run_steps(2);
    h.state().1.started.clone()
}

#[test]
fn a_link_to_a_kept_game_resumes_it_and_a_link_to_another_joins() {
    assert_eq!(joined_with(ticket(ID)), vec![Role::Reopen { game_id: ID }]);
    let other = ticket([3; 32]);
    assert_eq!(
        joined_with(other.clone()),
        vec![Role::Join { ticket: other }]
    );
}

#[test]
fn a_kept_game_over_offers_its_replay_and_its_link_does_not_resume_it() {
    let mut h = page_with(true);
    assert_eq!(h.query_all_by_label(RESUME).count(), 0, "nothing to resume");
    h.get_by_label("Download the replay of your game of Dwar7s Fall")
        .click_accesskit();
    h.run_steps(2);
    // The kept bytes went to the platform, which here keeps nothing and says so.
    assert!(
        h.query_all_by_label_contains("Not saved: no file can be handed over here")
            .next()
            .is_some()
    );
    assert!(h.state().1.started.is_empty(), "no peer started");
    let mut h = page_with(true);
    h.state_mut().0.join.ticket = ticket(ID);
    h.state_mut().0.screen = Screen::Join;
    h.run_steps(2);
    h.get_by_label("Join").click_accesskit();
    h.run_steps(2);
    let (_, net) = h.state();
    assert!(net.started.is_empty(), "neither resumed nor joined");
    assert!(
        net.failed[0].contains("its replay is on the menu"),
        "{:?}",
        net.failed
    );
}
