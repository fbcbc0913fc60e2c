//! A QR code painted for a phone's camera: dark modules on a light square with its quiet zone.

use crate::widgets::label;
use egui::{Color32, Rect, Response, Sense, Ui, pos2, vec2};

/// The quiet zone around the code, in modules.
const QUIET: usize = 4;

/// Paints `text` as a QR code `side` points wide, labelled `name` for screen readers and tests;
/// `None` if the text is too long for a QR code.
pub fn qr_code(ui: &mut Ui, text: &str, side: f32, name: &str) -> Option<Response> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    // In a row of its own: a justified column would stretch the widget's width.
    let (rect, resp) = ui
        .horizontal(|ui| ui.allocate_exact_size(vec2(side, side), Sense::hover()))
        .inner;
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    let n = (width + 2 * QUIET) as f32;
    let module = side / n;
    for (i, c) in colors.iter().enumerate() {
        if *c == qrcode::Color::Dark {
            let (x, y) = ((i % width + QUIET) as f32, (i / width + QUIET) as f32);
            let min = rect.min + vec2(x * module, y * module);
            // A hair of overlap, so that no seam shows between dark modules.
            painter.rect_filled(
                Rect::from_min_max(min, pos2(min.x + module + 0.3, min.y + module + 0.3)),
                0.0,
                Color32::BLACK,
            );
        }
    }
    label(&resp, name.to_string());
    Some(resp)
}
