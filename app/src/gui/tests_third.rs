//! UI tests for the 3rd edition (egui_kittest): the lobby's edition, scenario and decree
//! choices, the Royal Decrees panel, and 3rd-edition play by clicking.

use super::settings::ConfigDir;
use super::{DwarfsApp, Screen};
use dwarfs_fall::{Decree, Edition, Scenario};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn app() -> DwarfsApp {
    let mut a = DwarfsApp::new(ConfigDir(None));
    a.settings.bot_delay_ms = 0;
    a.settings.name = "Tester".into();
    a
}

fn harness(app: DwarfsApp) -> Harness<'static, DwarfsApp> {
    Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut DwarfsApp| app.ui(ui), app)
}

fn click(h: &mut Harness<'static, DwarfsApp>, label: &str) {
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

fn has(h: &Harness<'static, DwarfsApp>, label: &str) -> bool {
    h.query_all_by_label_contains(label).next().is_some()
}

#[test]
fn the_lobby_sets_up_the_third_edition_with_a_scenario_or_picked_decrees() {
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    assert_eq!(h.state().lobby.options.edition, Edition::Classic);
    assert!(!has(&h, "Scenario:"), "no scenarios in the classic edition");
    click(&mut h, "3rd edition");
    assert_eq!(h.state().lobby.options.edition, Edition::Third);
    click(&mut h, "Siege");
    assert_eq!(h.state().lobby.options.scenario, Some(Scenario::Siege));
    assert!(has(&h, "Fortress") && has(&h, "Battle Memorial"));
    // Hand-picked decrees instead of a scenario.
    click(&mut h, "Pick decrees");
    assert_eq!(h.state().lobby.options.scenario, None);
    click(&mut h, "Hired Hands");
    click(&mut h, "Bar Fights");
    assert_eq!(
        h.state().lobby.options.decrees,
        vec![Decree::BarFights, Decree::HiredHands]
    );
    click(&mut h, "Bar Fights");
    assert_eq!(h.state().lobby.options.decrees, vec![Decree::HiredHands]);
    // Invalid options (set behind the UI's back) are refused with the engine's reason.
    h.state_mut().lobby.options.scenario = Some(Scenario::Siege);
    h.run_steps(2);
    assert!(has(&h, "not both"), "the validate() error is shown");
    click(&mut h, "Start game");
    assert_eq!(
        h.state().screen,
        Screen::Lobby,
        "no game with invalid options"
    );
    // Back to classic: the options are classic again and a game starts.
    click(&mut h, "Classic");
    assert_eq!(h.state().lobby.options.scenario, None);
    assert!(h.state().lobby.options.decrees.is_empty());
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, Screen::Game);
}
