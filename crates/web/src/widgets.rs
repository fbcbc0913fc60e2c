//! The page's widgets as scripts see them (`?widgets`): egui's accessibility tree of each frame,
//! reduced to the named widgets with their place on the page, kept in `window.dwarfs_widgets`
//! as JSON. A canvas has no DOM to query; with this a browser test clicks "Hotseat" or a lit
//! board target by its name, as the desktop's GUI tests do through AccessKit.

use serde::Serialize;
use wasm_bindgen::JsValue;

/// One named widget: its role, name, centre and size in CSS pixels, and whether it takes a click.
#[derive(Serialize)]
struct Widget {
    role: String,
    label: String,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    click: bool,
    disabled: bool,
}

/// The egui plugin that publishes each frame's widgets.
pub struct WidgetMap;

impl egui::Plugin for WidgetMap {
    fn debug_name(&self) -> &'static str {
        "dwarfs widget map"
    }

    fn output_hook(&mut self, ctx: &egui::Context, output: &mut egui::FullOutput) {
        let Some(update) = &output.platform_output.accesskit_update else {
            return;
        };
        // Bounds are in egui points; a page at zoom 1 has a point per CSS pixel.
        let zoom = f64::from(ctx.zoom_factor());
        let widgets: Vec<Widget> = update
            .nodes
            .iter()
            .filter(|(_, n)| !n.is_hidden())
            .filter_map(|(_, n)| {
                let label = n.label().or(n.value()).unwrap_or_default().to_string();
                let b = n.bounds()?;
                (!label.is_empty()).then(|| Widget {
                    role: format!("{:?}", n.role()),
                    label,
                    x: (b.x0 + b.x1) / 2.0 * zoom,
                    y: (b.y0 + b.y1) / 2.0 * zoom,
                    w: (b.x1 - b.x0) * zoom,
                    h: (b.y1 - b.y0) * zoom,
                    click: n.supports_action(egui::accesskit::Action::Click),
                    disabled: n.is_disabled(),
                })
            })
            .collect();
        if let (Some(window), Ok(json)) = (web_sys::window(), serde_json::to_string(&widgets)) {
            let _ = js_sys::Reflect::set(
                &window,
                &JsValue::from_str("dwarfs_widgets"),
                &JsValue::from_str(&json),
            );
        }
    }
}
