//! The app's look: a warm "dwarven hall" dark theme (stone, parchment and gold), player colours,
//! and a few text and frame helpers every screen uses.

use egui::{Color32, CornerRadius, FontFamily, FontId, Frame, Margin, RichText, Stroke, TextStyle};

/// Deep stone: the window background.
pub const STONE_DARK: Color32 = Color32::from_rgb(0x1c, 0x19, 0x17);
/// Panels.
pub const STONE: Color32 = Color32::from_rgb(0x2a, 0x25, 0x21);
/// Raised panels and inactive widgets.
pub const STONE_LIGHT: Color32 = Color32::from_rgb(0x3b, 0x34, 0x2e);
/// Hovered widgets.
pub const STONE_HOVER: Color32 = Color32::from_rgb(0x4d, 0x43, 0x3a);
/// Body text.
pub const PARCHMENT: Color32 = Color32::from_rgb(0xec, 0xdf, 0xc8);
/// Secondary text.
pub const PARCHMENT_DIM: Color32 = Color32::from_rgb(0xa8, 0x9c, 0x88);
/// Accent: gold.
pub const GOLD: Color32 = Color32::from_rgb(0xe8, 0xb8, 0x4a);
/// Accent for legal targets.
pub const TARGET: Color32 = Color32::from_rgb(0x7c, 0xe0, 0x8a);
/// Something went wrong.
pub const DANGER: Color32 = Color32::from_rgb(0xd9, 0x4f, 0x3d);
/// The felt of the board mat.
pub const MAT: Color32 = Color32::from_rgb(0x23, 0x2b, 0x26);

/// Player colours by seat, bright enough on stone, in the order of the games' colour names
/// (`dwarfs_engine::Game::seat_colour`: Blue, Red, Green, Yellow, then Hold's Purple, Orange,
/// White and Black).
pub const SEAT_COLOURS: [Color32; 8] = [
    Color32::from_rgb(0x4a, 0x90, 0xe2),
    Color32::from_rgb(0xe0, 0x4b, 0x4b),
    Color32::from_rgb(0x4c, 0xc0, 0x6a),
    Color32::from_rgb(0xf0, 0xcc, 0x3a),
    Color32::from_rgb(0xa0, 0x6c, 0xe0),
    Color32::from_rgb(0xf0, 0x8c, 0x30),
    Color32::from_rgb(0xf2, 0xf0, 0xea),
    Color32::from_rgb(0x30, 0x30, 0x34),
];

/// Dwar7s Fall card faces: castles.
pub const FALL_CASTLE: Color32 = Color32::from_rgb(0x6b, 0x5d, 0x8c);
/// Dwar7s Fall card faces: mines.
pub const FALL_MINE: Color32 = Color32::from_rgb(0x5d, 0x52, 0x45);
/// Dwar7s Fall card faces: buildings.
pub const FALL_BUILDING: Color32 = Color32::from_rgb(0x7a, 0x5a, 0x38);
/// Dwar7s Fall card faces: monsters.
pub const FALL_MONSTER: Color32 = Color32::from_rgb(0x7d, 0x2e, 0x2a);
/// Gems: emerald.
pub const GEM_EMERALD: Color32 = Color32::from_rgb(0x3c, 0xc8, 0x78);
/// Gems: diamond.
pub const GEM_DIAMOND: Color32 = Color32::from_rgb(0xd8, 0xf0, 0xff);
/// Gems: ruby.
pub const GEM_RUBY: Color32 = Color32::from_rgb(0xe2, 0x3a, 0x5a);
/// Gems: gold.
pub const GEM_GOLD: Color32 = Color32::from_rgb(0xf2, 0xc1, 0x3a);

/// Dwarf Hold board: unclaimed earth.
pub const HOLD_EARTH: Color32 = Color32::from_rgb(0x6b, 0x4e, 0x2e);
/// Dwarf Hold board: veins and mines.
pub const HOLD_VEIN: Color32 = Color32::from_rgb(0x3e, 0x55, 0x6e);
/// Dwarf Hold board: lairs.
pub const HOLD_LAIR: Color32 = Color32::from_rgb(0x74, 0x2a, 0x2a);
/// Dwarf Hold board: impassable tiles.
pub const HOLD_IMPASSABLE: Color32 = Color32::from_rgb(0x18, 0x16, 0x15);
/// Dwarf Hold board: a lair turned into a fire pit.
pub const HOLD_FIRE: Color32 = Color32::from_rgb(0x9a, 0x3c, 0x12);
/// Dwarf Hold board: a built room.
pub const HOLD_ROOM: Color32 = Color32::from_rgb(0x8c, 0x74, 0x4a);
/// Dwarf Hold board: a former lair (cleared).
pub const HOLD_CLEARED: Color32 = Color32::from_rgb(0x44, 0x30, 0x30);
/// Dwarf Hold board: the hold in the middle.
pub const HOLD_HOLD: Color32 = Color32::from_rgb(0x5a, 0x4a, 0x2a);
/// Dwarf Hold work tiles: rooms.
pub const WORK_ROOM: Color32 = Color32::from_rgb(0x7a, 0x5c, 0x34);
/// Dwarf Hold work tiles: events.
pub const WORK_EVENT: Color32 = Color32::from_rgb(0x4e, 0x3a, 0x6a);
/// Dwarf Hold work tiles: action tiles.
pub const WORK_ACTION: Color32 = Color32::from_rgb(0x34, 0x5a, 0x44);

/// The colour of seat `i` (wraps beyond 8).
pub fn seat_colour(i: usize) -> Color32 {
    SEAT_COLOURS[i % SEAT_COLOURS.len()]
}

/// Installs the theme on a context.
pub fn install(ctx: &egui::Context) {
    let mut visuals = egui::Visuals::dark();
    visuals.override_text_color = Some(PARCHMENT);
    visuals.panel_fill = STONE;
    visuals.window_fill = STONE;
    visuals.extreme_bg_color = STONE_DARK;
    visuals.faint_bg_color = STONE_LIGHT;
    visuals.hyperlink_color = GOLD;
    visuals.selection.bg_fill = Color32::from_rgb(0x8a, 0x64, 0x1c);
    visuals.selection.stroke = Stroke::new(1.0, GOLD);
    let radius = CornerRadius::same(6);
    let w = &mut visuals.widgets;
    w.noninteractive.bg_fill = STONE;
    w.noninteractive.weak_bg_fill = STONE;
    w.noninteractive.bg_stroke = Stroke::new(1.0, STONE_LIGHT);
    w.noninteractive.fg_stroke = Stroke::new(1.0, PARCHMENT);
    w.inactive.bg_fill = STONE_LIGHT;
    w.inactive.weak_bg_fill = STONE_LIGHT;
    w.inactive.bg_stroke = Stroke::new(1.0, Color32::from_rgb(0x55, 0x4a, 0x40));
    w.inactive.fg_stroke = Stroke::new(1.0, PARCHMENT);
    w.hovered.bg_fill = STONE_HOVER;
    w.hovered.weak_bg_fill = STONE_HOVER;
    w.hovered.bg_stroke = Stroke::new(1.0, GOLD);
    w.hovered.fg_stroke = Stroke::new(1.5, Color32::WHITE);
    w.active.bg_fill = Color32::from_rgb(0x6a, 0x52, 0x30);
    w.active.weak_bg_fill = Color32::from_rgb(0x6a, 0x52, 0x30);
    w.active.bg_stroke = Stroke::new(1.5, GOLD);
    w.active.fg_stroke = Stroke::new(1.5, Color32::WHITE);
    for s in [
        &mut w.noninteractive,
        &mut w.inactive,
        &mut w.hovered,
        &mut w.active,
        &mut w.open,
    ] {
        s.corner_radius = radius;
    }
    ctx.set_visuals(visuals);
    ctx.all_styles_mut(|style| {
        style.text_styles = [
            (
                TextStyle::Heading,
                FontId::new(26.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(15.0, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(15.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Small,
                FontId::new(12.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(13.0, FontFamily::Monospace),
            ),
        ]
        .into();
        style.spacing.item_spacing = egui::vec2(8.0, 7.0);
        style.spacing.button_padding = egui::vec2(12.0, 6.0);
        style.spacing.interact_size.y = 28.0;
        // Scroll bars that stay drawn beside content that does not fit (egui's default floats
        // them only under the pointer), so a cut-off side panel says that it scrolls.
        style.spacing.scroll = egui::style::ScrollStyle::solid();
    });
}

/// The game's title text.
pub fn title(text: &str) -> RichText {
    RichText::new(text).size(56.0).color(GOLD).strong()
}

/// A section heading.
pub fn heading(text: impl Into<String>) -> RichText {
    RichText::new(text.into()).size(22.0).color(GOLD).strong()
}

/// A small caption.
pub fn caption(text: impl Into<String>) -> RichText {
    RichText::new(text.into()).size(12.5).color(PARCHMENT_DIM)
}

/// A raised card-like panel.
pub fn card_frame() -> Frame {
    Frame::new()
        .fill(STONE_LIGHT)
        .stroke(Stroke::new(1.0, Color32::from_rgb(0x55, 0x4a, 0x40)))
        .corner_radius(CornerRadius::same(10))
        .inner_margin(Margin::same(14))
}

/// A panel frame with a margin.
pub fn panel_frame() -> Frame {
    Frame::new().fill(STONE).inner_margin(Margin::same(12))
}

/// A big menu button.
pub fn big_button(text: &str) -> egui::Button<'static> {
    egui::Button::new(RichText::new(text.to_owned()).size(20.0).strong())
        .min_size(egui::vec2(280.0, 46.0))
        .corner_radius(CornerRadius::same(10))
}

/// A call-to-action button in gold.
pub fn primary_button(text: &str) -> egui::Button<'static> {
    egui::Button::new(
        RichText::new(text.to_owned())
            .size(17.0)
            .strong()
            .color(STONE_DARK),
    )
    .fill(GOLD)
    .min_size(egui::vec2(140.0, 34.0))
}

/// A filled colour dot (a player's token), as a widget.
pub fn dot(ui: &mut egui::Ui, colour: Color32, radius: f32) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(
        egui::vec2(radius * 2.0 + 2.0, radius * 2.0),
        egui::Sense::hover(),
    );
    ui.painter().circle_filled(rect.center(), radius, colour);
    ui.painter()
        .circle_stroke(rect.center(), radius, Stroke::new(1.0, STONE_DARK));
    resp
}

/// A small cut-gem diamond, as a widget.
pub fn gem(ui: &mut egui::Ui, colour: Color32, size: f32) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let c = rect.center();
    let h = size * 0.5;
    let pts = vec![
        c + egui::vec2(0.0, -h),
        c + egui::vec2(h * 0.8, 0.0),
        c + egui::vec2(0.0, h),
        c + egui::vec2(-h * 0.8, 0.0),
    ];
    ui.painter().add(egui::Shape::convex_polygon(
        pts,
        colour,
        Stroke::new(1.0, STONE_DARK),
    ));
    resp
}

/// Lays `add` out in a column of `width` points centred in the remaining space.
pub fn centered_column<R>(
    ui: &mut egui::Ui,
    width: f32,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let w = width.min(ui.available_width());
    let left = (ui.available_width() - w) / 2.0;
    let rect = egui::Rect::from_min_size(
        ui.cursor().min + egui::vec2(left, 0.0),
        egui::vec2(w, ui.available_height()),
    );
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), add)
        .inner
}
