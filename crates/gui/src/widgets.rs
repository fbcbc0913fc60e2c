//! Painted widgets the board views share: a labelled chip (a card, a tile, an instrument) and
//! the label that names a painted widget for screen readers and the UI tests.

use super::theme::{GOLD, PARCHMENT, STONE_DARK, TARGET};
use egui::{Color32, CornerRadius, FontId, Response, Sense, Stroke, StrokeKind, Ui};

/// Labels a painted widget for screen readers and UI tests.
pub fn label(resp: &Response, text: String) {
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, resp.enabled(), &text));
}

/// A painted chip (a card, an instrument, dwarfs at home): `clickable` chips are outlined as
/// targets, `selected` ones in gold.
pub fn chip(
    ui: &mut Ui,
    text: &str,
    fill: Color32,
    size: egui::Vec2,
    clickable: bool,
    selected: bool,
    name: String,
) -> Response {
    let sense = if clickable {
        Sense::click()
    } else {
        Sense::hover()
    };
    let (r, resp) = ui.allocate_exact_size(size, sense);
    let p = ui.painter();
    let fill = if clickable && resp.hovered() {
        fill.gamma_multiply(1.3)
    } else {
        fill
    };
    p.rect_filled(r, CornerRadius::same(6), fill);
    let (w, c) = if selected {
        (3.0, GOLD)
    } else if clickable {
        (2.5, TARGET)
    } else {
        (1.0, STONE_DARK)
    };
    p.rect_stroke(
        r,
        CornerRadius::same(6),
        Stroke::new(w, c),
        StrokeKind::Inside,
    );
    let galley = p.layout(
        text.to_owned(),
        FontId::proportional(12.0),
        PARCHMENT,
        r.width() - 8.0,
    );
    let at = r.center() - galley.size() / 2.0;
    p.galley(at, galley, PARCHMENT);
    label(&resp, name);
    resp
}

/// A chat line being typed, `width` wide, with its Send button: returns the trimmed line when it
/// is sent (the button, or Enter in the field) and clears the field; empty lines are not sent.
pub fn chat_input(ui: &mut Ui, input: &mut String, width: f32) -> Option<String> {
    let edit = ui.add(
        egui::TextEdit::singleline(input)
            .hint_text("say something")
            .desired_width(width),
    );
    let send = ui.button("Send").clicked()
        || (edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)));
    let text = input.trim().to_string();
    if !send || text.is_empty() {
        return None;
    }
    input.clear();
    Some(text)
}
