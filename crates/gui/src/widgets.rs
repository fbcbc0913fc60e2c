//! Painted widgets the board views share: a labelled chip (a card, a tile, an instrument) and
//! the label that names a painted widget for screen readers and the UI tests.

use super::theme::{GOLD, PARCHMENT, STONE_DARK, TARGET};
use egui::{Color32, CornerRadius, FontId, Pos2, Response, Sense, Stroke, StrokeKind, Ui, Vec2};

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

/// The pan of a picture drawn about `centre + pan` after its zoom goes from `old` to `new`
/// about the point `at`: what was under `at` stays under it (a pointer's scroll, a pinch, a
/// zoom button about the middle). Fall's kingdom and Winter's small board share it.
pub fn pan_after_zoom(pan: Vec2, old: f32, new: f32, at: Pos2, centre: Pos2) -> Vec2 {
    let k = new / old;
    pan * k + (at - centre) * (1.0 - k)
}

#[cfg(test)]
mod tests {
    use super::pan_after_zoom;
    use egui::{pos2, vec2};

    #[test]
    fn a_zoom_keeps_the_point_under_the_pointer_in_place() {
        let centre = pos2(100.0, 100.0);
        let (pan, old, new, at) = (vec2(30.0, -20.0), 1.0, 2.5, pos2(160.0, 70.0));
        // The picture's point under `at`, in picture units, before and after.
        let under = |pan: egui::Vec2, zoom: f32| (at - (centre + pan)) / zoom;
        let after = pan_after_zoom(pan, old, new, at, centre);
        assert!((under(pan, old) - under(after, new)).length() < 1e-4);
        // About the centre with no pan, nothing moves.
        assert_eq!(
            pan_after_zoom(egui::Vec2::ZERO, 1.0, 2.0, centre, centre),
            egui::Vec2::ZERO
        );
    }
}
