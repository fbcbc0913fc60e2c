//! The link a host gives to browsers (`dwarfs host --web`): the page it serves on the LAN with
//! the game's ticket in it (`http://IP:PORT/?join=TICKET`), and that link as a QR code for
//! phones.

use dwarfs_net::Ticket;

/// How `dwarfs host --web` starts the line of the link (scripts read the link after it).
pub const LINK_LINE: &str = "Browser link (the page, with the ticket): ";

/// The page's address with the ticket in it (see [`Ticket::page_link`]).
pub fn link(ticket: &Ticket, http_port: u16) -> Option<String> {
    ticket.page_link(http_port)
}

/// `text` as a QR code in block characters, two rows of modules to a line, light modules drawn
/// (for a terminal with a dark background, the usual kind; a phone's camera reads it either
/// way round on most phones).
pub fn qr_text(text: &str) -> Result<String, qrcode::types::QrError> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(text.as_bytes())?;
    Ok(code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .quiet_zone(true)
        .build())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ticket(addrs: &[&str]) -> Ticket {
        Ticket {
            game: "pig".into(),
            game_id: [7; 32],
            host: dwarfs_net::PeerId::random(),
            addrs: addrs.iter().map(|a| a.parse().unwrap()).collect(),
        }
    }

    #[test]
    fn the_link_is_on_the_lan_address_of_a_websocket_listener_and_carries_the_ticket() {
        let t = ticket(&[
            "/ip4/127.0.0.1/tcp/4001",
            "/ip4/127.0.0.1/tcp/4002/ws",
            "/ip4/192.168.1.20/udp/4003/quic-v1",
            "/ip4/192.168.1.20/tcp/4004/ws",
        ]);
        let link = link(&t, 8080).unwrap();
        let (base, ticket_text) = link.split_once("/?join=").unwrap();
        assert_eq!(base, "http://192.168.1.20:8080");
        let back: Ticket = ticket_text.parse().unwrap();
        assert_eq!(back.host, t.host);
        assert_eq!(back.addrs, t.addrs);
        // Loopback when that is all there is; none without a WebSocket address.
        let local = ticket(&["/ip4/127.0.0.1/tcp/4002/ws"]);
        assert!(
            super::link(&local, 80)
                .unwrap()
                .starts_with("http://127.0.0.1:80/?join=")
        );
        assert_eq!(super::link(&ticket(&["/ip4/10.0.0.2/tcp/4001"]), 80), None);
    }

    #[test]
    fn the_qr_code_is_a_square_of_blocks_with_its_quiet_zone() {
        let link = link(&ticket(&["/ip4/10.0.0.2/tcp/4002/ws"]), 8080).unwrap();
        let text = qr_text(&link).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let width = lines[0].chars().count();
        assert!(lines.iter().all(|l| l.chars().count() == width));
        // Two module rows a line: as many lines as half the width, rounded up.
        assert_eq!(lines.len(), width.div_ceil(2));
        // The quiet zone (light modules) is drawn as full blocks on a dark terminal.
        assert!(lines[0].chars().all(|c| c == '█'));
        // A version-5 code at least: the link is long.
        assert!(width >= 37 + 8, "{width}");
    }
}
