//! The host's offer to browsers: the page served on the LAN beside the game, with a link that
//! carries the ticket and its QR code for phones (`dwarfs host --web` at the terminal).

use super::Lobby;
use crate::theme::{self, GOLD};
use crate::tips::Tip;
use egui::{RichText, Ui};

/// Whether the host serves the page to browsers, and where.
#[derive(Clone, Debug, Default)]
pub struct WebShare {
    /// The host asked for it (the shell then asks the network to serve the page).
    pub wanted: bool,
    /// The HTTP port the page is served on, once it is.
    pub port: Option<u16>,
    /// Why the page could not be served.
    pub error: Option<String>,
}

impl WebShare {
    /// Whether the shell should ask the network to serve the page now.
    pub fn to_start(&self) -> bool {
        self.wanted && self.port.is_none() && self.error.is_none()
    }
}

impl Lobby {
    /// The switch, and once the page is served and the ticket known, the link and its QR code.
    pub(super) fn web_share_ui(&mut self, ui: &mut Ui) {
        ui.checkbox(
            &mut self.web.wanted,
            "Serve the page to browsers on the LAN",
        )
        .tip(
            "Browsers on your LAN open the game's page from this computer, with the \
                 ticket inside the link; phones scan its QR code.",
        );
        if !self.web.wanted {
            return;
        }
        if let Some(e) = &self.web.error {
            ui.label(RichText::new(e.clone()).color(GOLD));
            return;
        }
        let (Some(port), Some(ticket)) = (self.web.port, self.ticket.as_ref()) else {
            ui.label(theme::caption("starting the page's server…"));
            return;
        };
        let link = ticket
            .parse::<dwarfs_client::Ticket>()
            .ok()
            .and_then(|t| t.page_link(port));
        let Some(link) = link else {
            ui.label(
                RichText::new("No WebSocket address in the ticket: browsers cannot reach it.")
                    .color(GOLD),
            );
            return;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Browser link:").strong());
            ui.monospace(crate::words::cut(&link, 40))
                .tip(link.as_str());
            if ui.button("Copy link").clicked() {
                ui.ctx().copy_text(link.clone());
                self.note = Some("Link copied: open it in a browser on the LAN.".into());
            }
        });
        crate::qr::qr_code(ui, &link, 180.0, "QR code of the browser link");
        ui.label(theme::caption(
            "A browser on the LAN joins with this link. Two or more browsers at one game cannot \
             reach each other yet.",
        ));
    }
}
