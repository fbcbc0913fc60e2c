//! How the other players of a network game are reached — directly, through a relay, or not at
//! all any more — and how reachable this computer is, as the peer reports them
//! ([`dwarfs_client::Links`]); and the words the lobby and the game screen show for
//! them, including what to do when no path reaches the host.

use super::table::{SeatKind, Table};
use super::theme::{self, DANGER, GOLD, PARCHMENT_DIM, TARGET};
use super::view::GameView;
use crate::tips::Tip;
pub use dwarfs_client::{LinkState, Links};
use dwarfs_client::{Reachability, relay_of};
use dwarfs_engine::{Seat, Viewer};
use egui::{RichText, Ui};

/// Shown for a player once hole punching to it failed.
pub const PUNCH_FAILED: &str = "relayed: hole punching failed, the game goes on through the relay";

/// Shown for the host's own reachability when it is behind NAT with no relay.
pub const BEHIND_NAT_NO_RELAY: &str = "Behind NAT, no relay: only players who can reach you directly (same LAN) can join; add a relay in Settings";

/// Shown while joining when no path reaches the host.
pub const NO_PATH: &str = "The host cannot be reached yet. If you are not on the same LAN, you are probably both behind NAT routers that let nobody in, and one of you needs a relay: someone runs `dwarfs relay` on a machine with a public address (a friend's, or a small rented server), the host adds its address in Settings (each player may add it too) and sends a new ticket. Or play on the same LAN.";

/// Seconds of "connecting" on the join side before [`NO_PATH`] is shown.
pub const NO_PATH_AFTER_S: f64 = 20.0;

/// The badge for a link: its words, their colour, and the hover text.
pub fn link_words(state: Option<LinkState>) -> (&'static str, egui::Color32, &'static str) {
    match state {
        Some(LinkState::Direct) => (
            "direct link",
            TARGET,
            "A direct connection: moves go straight between your two computers.",
        ),
        Some(LinkState::Relayed {
            punch_failed: false,
        }) => (
            "relayed link",
            GOLD,
            "Through a relay; a direct connection (hole punching) is being tried.",
        ),
        Some(LinkState::Relayed { punch_failed: true }) => ("relayed link", GOLD, PUNCH_FAILED),
        Some(LinkState::Lost) => (
            "link lost",
            DANGER,
            "No connection to this player right now: the game waits for them to come back, or the others can hand their seat to the bot.",
        ),
        None => (
            "link unknown",
            PARCHMENT_DIM,
            "The network has not said yet how this player is reached.",
        ),
    }
}

/// Draws a link badge with its hover text.
pub fn link_badge(ui: &mut Ui, state: Option<LinkState>) {
    let (words, colour, hover) = link_words(state);
    ui.label(RichText::new(words).color(colour)).tip(hover);
}

/// This computer's reachability in words.
pub fn reachability_text(r: Option<&Reachability>) -> String {
    match r {
        None | Some(Reachability::Unknown) => "Reachability not tested yet".into(),
        Some(Reachability::Public(addrs)) => format!("Reachable at {}", shortlist(addrs)),
        Some(Reachability::Relayed(addrs)) => {
            let mut relays: Vec<dwarfs_client::Multiaddr> = Vec::new();
            for r in addrs.iter().map(relay_of) {
                if !relays.contains(&r) {
                    relays.push(r);
                }
            }
            format!("Behind NAT — relayed via {}", shortlist(&relays))
        }
        Some(Reachability::BehindNat) => BEHIND_NAT_NO_RELAY.into(),
    }
}

/// The first two addresses, and how many more.
fn shortlist(addrs: &[dwarfs_client::Multiaddr]) -> String {
    let shown: Vec<String> = addrs.iter().take(2).map(|a| a.to_string()).collect();
    match addrs.len() {
        0 => "no address yet".into(),
        n if n > 2 => format!("{} (+{} more)", shown.join(", "), n - 2),
        _ => shown.join(", "),
    }
}

/// Draws this computer's reachability (the lobby), with what it means on hover; `relays` is
/// how many relays the settings name.
pub fn reachability_ui(ui: &mut Ui, r: Option<&Reachability>, relays: usize) {
    let text = reachability_text(r);
    let (colour, hover) = match r {
        None | Some(Reachability::Unknown) => (
            PARCHMENT_DIM,
            "Tested once a peer that can test it (a relay, or another player) connects. Players on your LAN can join now.",
        ),
        Some(Reachability::Public(_)) => (TARGET, "Players anywhere can reach you directly."),
        Some(Reachability::Relayed(_)) => (
            TARGET,
            "Players reach you through the relay; hole punching then tries to make each link direct.",
        ),
        Some(Reachability::BehindNat) => (
            GOLD,
            "Your router lets nobody in. A relay (run with `dwarfs relay` on a machine with a public address) gives you an address players can reach.",
        ),
    };
    let all = match r {
        Some(Reachability::Public(a) | Reachability::Relayed(a)) if a.len() > 2 => {
            let list: Vec<String> = a.iter().map(|x| x.to_string()).collect();
            format!("{hover}\n\n{}", list.join("\n"))
        }
        _ => hover.to_string(),
    };
    ui.label(RichText::new(text).color(colour)).tip(all);
    if relays == 0 && matches!(r, None | Some(Reachability::Unknown)) {
        ui.label(theme::caption(
            "No relay in Settings: friends outside your LAN can join only if your router lets them in.",
        ));
    }
}

/// The join side while no roster came from the host: after [`NO_PATH_AFTER_S`] seconds of
/// trying (from `since`, the UI clock when connecting began), what to do when no path works.
/// A spectator (`watching`) may also be waiting for the host to answer.
pub fn no_path_ui(ui: &mut Ui, since: &mut Option<f64>, watching: bool) {
    let now = ui.input(|i| i.time);
    let started = *since.get_or_insert(now);
    let waited = now - started;
    if waited < NO_PATH_AFTER_S {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(NO_PATH_AFTER_S - waited));
        return;
    }
    theme::card_frame().show(ui, |ui| {
        ui.label(RichText::new("No path to the host").strong().color(GOLD));
        if watching {
            ui.label(theme::caption(
                "If the host has not answered your request to watch yet, this may only be the wait.",
            ));
        }
        ui.label(NO_PATH);
    });
}

/// The players of a network game with how each is reached (the game screen's side panel).
pub fn players_ui<V: GameView>(ui: &mut Ui, table: &Table<V>) {
    if table.remote.is_none() {
        return;
    }
    let links = &table.mirror.links;
    ui.label(theme::heading("Players"));
    for (i, s) in table.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        let label = table.seat_label(seat);
        let link = links.seat(i);
        ui.horizontal(|ui| {
            theme::dot(ui, theme::seat_colour(i), 6.0);
            ui.label(RichText::new(&label).color(theme::seat_colour(i)));
            match s.kind {
                SeatKind::Human if table.viewer == Viewer::Seat(seat) => {
                    ui.label(theme::caption("you"));
                }
                SeatKind::Bot => {
                    ui.label(theme::caption("bot"))
                        .tip("The deterministic bot, run by every peer alike.");
                }
                _ => link_badge(ui, link),
            }
        });
        if s.kind != SeatKind::Bot && link == Some(LinkState::Relayed { punch_failed: true }) {
            ui.label(theme::caption(format!("{label}: {PUNCH_FAILED}")));
        }
    }
    for (peer, link) in links.spectators().take(8) {
        ui.horizontal(|ui| {
            // Peer ids are base58 (ASCII): the last six characters tell them apart.
            let short = peer.get(peer.len().saturating_sub(6)..).unwrap_or(peer);
            ui.label(theme::caption(format!("spectator …{short}")))
                .tip(format!("Peer {peer}"));
            link_badge(ui, Some(link));
        });
    }
    if let Some(reach) = &links.reachability
        && *reach != Reachability::Unknown
    {
        ui.label(theme::caption(format!(
            "This computer: {}",
            reachability_text(Some(reach))
        )));
    }
    ui.separator();
}
