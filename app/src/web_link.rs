//! The link a host gives to browsers (`dwarfs host --web`) as the terminal shows it: the line
//! scripts read it after, and the link as a QR code for phones. The link itself is
//! [`dwarfs_net::Ticket::page_link`].

/// How `dwarfs host --web` starts the line of the link (scripts read the link after it).
pub const LINK_LINE: &str = "Browser link (the page, with the ticket): ";

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

    #[test]
    fn the_qr_code_is_a_square_of_blocks_with_its_quiet_zone() {
        let link = "http://10.0.0.2:8080/?join=dwarfs1-0123456789abcdefghjkmnpqrstvwxyz\
                    0123456789abcdefghjkmnpqrstvwxyz0123456789abcdefghjkmnpqrstvwxyz";
        let text = qr_text(link).unwrap();
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
