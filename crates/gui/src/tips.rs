//! Hover information that touch reaches too. On a phone nothing hovers (egui hides tooltips
//! while a finger is down), so a press and hold on a widget pins its tooltip on the screen until
//! the next tap. Every tooltip of the app goes through [`Tip`] instead of egui's `on_hover_text`
//! and `on_hover_ui`; the shell calls [`release`] once a frame.

use egui::{Context, Id, Order, Response, Ui, WidgetText, vec2};

/// How long a finger rests on a widget, not moving, before its tip is pinned (egui's own long
/// press is 0.8 s, after which a release is no longer a click).
pub const HOLD_S: f64 = 0.6;

/// How far the finger may wander during a hold, in points.
const HOLD_SLOP: f32 = 8.0;

/// The pinned tip: whose it is, and the frame it was pinned on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pinned {
    id: Id,
    frame: u64,
}

fn pin_key() -> Id {
    Id::unique("dwarfs_pinned_tip")
}

/// A tooltip that a press and hold pins on a touch screen.
pub trait Tip: Sized {
    /// The tooltip `text`: on hover, or pinned by a press and hold.
    fn tip(self, text: impl Into<WidgetText>) -> Self;
    /// The tooltip drawn by `add`: on hover, or pinned by a press and hold.
    fn tip_ui(self, add: impl FnOnce(&mut Ui)) -> Self;
    /// The tooltip `text` of a disabled widget (why it is disabled); nothing while enabled.
    fn tip_disabled(self, text: impl Into<WidgetText>) -> Self;
}

impl Tip for Response {
    fn tip(self, text: impl Into<WidgetText>) -> Self {
        let text = text.into();
        self.tip_ui(|ui| {
            ui.label(text);
        })
    }

    fn tip_ui(self, add: impl FnOnce(&mut Ui)) -> Self {
        if !self.enabled() {
            return self;
        }
        pinnable(self, add)
    }

    fn tip_disabled(self, text: impl Into<WidgetText>) -> Self {
        if self.enabled() {
            return self;
        }
        let text = text.into();
        pinnable(self, |ui| {
            ui.label(text);
        })
    }
}

/// `add`'s tooltip for `resp`: pinned after a press and hold, else on hover (of an enabled
/// widget, or of a disabled one: egui keeps the two apart).
fn pinnable(this: Response, add: impl FnOnce(&mut Ui)) -> Response {
    let ctx = this.ctx.clone();
    if held(&ctx, &this) {
        let frame = ctx.cumulative_frame_nr();
        ctx.data_mut(|d| d.insert_temp(pin_key(), Pinned { id: this.id, frame }));
    }
    let pinned = ctx
        .data(|d| d.get_temp::<Pinned>(pin_key()))
        .is_some_and(|p| p.id == this.id);
    if !pinned {
        return if this.enabled() {
            this.on_hover_ui(add)
        } else {
            this.on_disabled_hover_ui(add)
        };
    }
    let width = (ctx.content_rect().width() - 16.0).min(320.0);
    egui::Area::new(this.id.with("pinned_tip"))
        .order(Order::Tooltip)
        .fixed_pos(this.rect.left_bottom() + vec2(0.0, 4.0))
        .constrain(true)
        .interactable(false)
        .show(&ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(width);
                add(ui);
            });
        });
    this
}

/// True while a finger has rested on `resp` long enough to pin its tip.
fn held(ctx: &Context, resp: &Response) -> bool {
    ctx.input(|i| {
        let p = &i.pointer;
        i.any_touches()
            && p.primary_down()
            && p.press_start_time().is_some_and(|t| i.time - t >= HOLD_S)
            && p.press_origin().is_some_and(|o| {
                resp.rect.contains(o) && p.latest_pos().is_some_and(|l| l.distance(o) <= HOLD_SLOP)
            })
    })
}

/// Drops the pinned tip at the first press after the one that pinned it (once a frame).
pub fn release(ctx: &Context) {
    let Some(p) = ctx.data(|d| d.get_temp::<Pinned>(pin_key())) else {
        return;
    };
    let pressed = ctx.input(|i| i.pointer.any_pressed());
    if pressed && ctx.cumulative_frame_nr() > p.frame {
        ctx.data_mut(|d| d.remove::<Pinned>(pin_key()));
    }
}
