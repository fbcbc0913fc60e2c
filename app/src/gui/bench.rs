//! The GUI frame-time benchmark: the game screen on a mid-game 4-player Fall board, run headless
//! through `egui::Context::run_ui` plus tessellation (all the CPU work of a frame; the GPU upload
//! is left out). Run with `DWARFS_GUI_BENCH=<frames> dwarfs`.

use super::{DwarfsApp, Screen, demo_table, settings::ConfigDir};
use std::time::Instant;

/// Runs `frames` frames (after a warm-up) and reports mean, median and 95th percentile.
pub fn frame_time(frames: u32) -> String {
    let frames = frames.max(10);
    let mut app = DwarfsApp::new(ConfigDir(None));
    let table = demo_table(120, false, 0);
    let cells = table.mirror.state.cells().len();
    app.table = Some(Box::new(table));
    app.screen = Screen::Game;
    let ctx = egui::Context::default();
    let input = |t: f64, i: u32| egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1400.0, 900.0),
        )),
        time: Some(t),
        // Move the pointer over the board so that hover work (tooltips, highlights) is counted.
        events: vec![egui::Event::PointerMoved(egui::pos2(
            500.0 + (i % 200) as f32,
            400.0 + (i % 100) as f32,
        ))],
        ..Default::default()
    };
    let mut run = |i: u32| {
        let mut out = ctx.run_ui(input(i as f64 / 60.0, i), |ui| app.ui(ui));
        // No GPU here: the font atlas updates are dropped.
        out.textures_delta.clear();
        let prims = ctx.tessellate(out.shapes, out.pixels_per_point);
        std::hint::black_box(prims);
    };
    for i in 0..20 {
        run(i);
    }
    let mut times: Vec<f64> = (0..frames)
        .map(|i| {
            let t = Instant::now();
            run(20 + i);
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(|a, b| a.total_cmp(b));
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let median = times[times.len() / 2];
    let p95 = times[(times.len() * 95 / 100).min(times.len() - 1)];
    format!(
        "GUI frame (Fall, 4 players, {cells} cards on the mat, 1400x900): mean {mean:.3} ms, median {median:.3} ms, p95 {p95:.3} ms over {frames} frames"
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_benchmark_runs_headless_and_reports_its_figures() {
        let r = super::frame_time(10);
        assert!(r.contains("mean") && r.contains("p95"), "{r}");
        assert!(!r.contains(" 0 cards"), "a mid-game board has cards: {r}");
    }
}
