//! The page's start: the canvas, eframe's web runner, and the app drawn in it.
//!
//! `?replay=<address>` opens the replay at that address (on the page's own site, or any that
//! allows it) in the viewer, verified: a link to a game anyone can check. `?watch=<game>` starts
//! a game between bots to watch ([`watch`]); `?widgets` publishes the named widgets of every
//! frame for scripts (`crate::widgets`), and `window.dwarfs_plan`: the clicks that play a legal
//! action of the person at the screen, chosen at random from `?widgets=<seed>`
//! ([`Table::click_plan`](dwarfs_gui::table::Table::click_plan)), or `null`.
//! `?bench=playouts&game=<game>&players=<n>&seconds=<s>` runs random playouts before anything
//! else ([`crate::bench`]). The page writes what it shows on its `<body>` for scripts and tests
//! that cannot read a canvas: `data-screen` (the screen), `data-moves` (moves and chance points
//! of the game shown), `data-thinking` (`1` while a bot of the game thinks), `data-verdict` (the verdict on the replay shown, as JSON with the field
//! names of `dwarfs replay verify --json`), `data-replay-error` (why a replay could not be
//! opened), `data-report` (a network game's report once the peer's run ended, as JSON; the
//! replay's bytes left out) and `data-bench` (the benchmark's figures, or `{"error": ...}`).

use crate::browser::{self, Browser};
use dwarfs_gui::shell::{Screen, Shell};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen_futures::JsFuture;

/// The id of the canvas the page draws on (`index.html`).
const CANVAS_ID: &str = "dwarfs_canvas";

/// A replay fetched from the page's address: its name and bytes, or why it could not be.
type Fetched = Rc<RefCell<Option<Result<(String, Vec<u8>), String>>>>;

/// The app in the page.
struct WebApp {
    shell: Shell,
    /// Joins and watches games hosted by a desktop app.
    net: crate::network::PageNet,
    platform: Rc<Browser>,
    /// The replay named by `?replay=`, once fetched.
    fetched: Fetched,
    /// What was last written on the page's body.
    marks: Marks,
    /// `?widgets=<seed>`: the seed of the click plans published, if the page publishes them.
    plans: Option<u64>,
}

/// What the page last wrote on its body, so that it writes only changes.
#[derive(Default)]
struct Marks {
    screen: Option<Screen>,
    verdict: Option<dwarfs_gui::replay::VerdictFacts>,
    error: Option<String>,
    plan: Option<dwarfs_gui::table::ClickPlan>,
    moves: Option<u32>,
    thinking: bool,
    /// Whether the network peer's report is on the body.
    report: bool,
}

impl eframe::App for WebApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.platform.set_context(ui.ctx());
        if let Some(fetched) = self.fetched.borrow_mut().take() {
            match fetched {
                Ok((name, bytes)) => self.shell.replays.open_bytes(&bytes, name),
                Err(e) => self.shell.replays.show_error(e),
            }
        }
        self.shell.ui(ui, Some(&mut self.net));
        self.mark();
    }
}

impl WebApp {
    /// Writes what changed on the page's body.
    fn mark(&mut self) {
        let screen = self.shell.screen;
        if self.marks.screen != Some(screen) {
            self.marks.screen = Some(screen);
            set_body("data-screen", &format!("{screen:?}").to_lowercase());
        }
        // Compared before anything is encoded or copied: most frames change nothing.
        if let Some(facts) = self.shell.replays.facts()
            && self.marks.verdict.as_ref() != Some(facts)
        {
            set_body(
                "data-verdict",
                &serde_json::to_string(facts).unwrap_or_default(),
            );
            self.marks.verdict = Some(facts.clone());
        }
        if let Some(error) = self.shell.replays.error()
            && self.marks.error.as_deref() != Some(error)
        {
            set_body("data-replay-error", error);
            self.marks.error = Some(error.to_string());
        }
        let moves = self.shell.table.as_ref().map(|t| t.seq());
        if moves != self.marks.moves {
            set_body("data-moves", &moves.unwrap_or(0).to_string());
            self.marks.moves = moves;
        }
        let report = self.shell.table.as_ref().and_then(|t| t.report());
        if report.is_some() != self.marks.report {
            let json = report.map(|r| serde_json::to_string(r).unwrap_or_default());
            set_body("data-report", json.as_deref().unwrap_or(""));
            self.marks.report = report.is_some();
        }
        let thinking = self.shell.table.as_ref().is_some_and(|t| t.bot_thinking());
        if thinking != self.marks.thinking {
            set_body("data-thinking", if thinking { "1" } else { "0" });
            self.marks.thinking = thinking;
        }
        if let Some(seed) = self.plans {
            let plan = match (&self.shell.table, self.shell.screen) {
                (Some(table), Screen::Game) => table.click_plan(seed),
                _ => None,
            };
            if plan != self.marks.plan {
                let json = serde_json::to_string(&plan).unwrap_or_default();
                if let Some(window) = web_sys::window() {
                    let _ = js_sys::Reflect::set(
                        &window,
                        &wasm_bindgen::JsValue::from_str("dwarfs_plan"),
                        &wasm_bindgen::JsValue::from_str(&json),
                    );
                }
                self.marks.plan = plan;
            }
        }
    }
}

/// Sets attribute `name` of the page's body.
fn set_body(name: &str, value: &str) {
    if let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    {
        let _ = body.set_attribute(name, value);
    }
}

/// The value of `name` in the page's address (`?name=value`).
fn query(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    web_sys::UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(name)
}

/// Starts the game between bots that `?watch=<game>&players=<n>&level=<easy|normal|hard>` asks
/// for (random players without a level, the game's fewest players, at least 2, without
/// `players`); an unknown game is reported in the console and ignored.
fn watch(shell: &mut Shell, game: &str) {
    let Some(kind) = dwarfs_gui::dwarfs_games::GameKind::from_name(game) else {
        web_sys::console::error_1(&format!("?watch={game}: no such game").into());
        return;
    };
    let level = query("level").and_then(|l| l.parse().ok());
    let players = query("players")
        .and_then(|p| p.parse().ok())
        .unwrap_or(*kind.players().start().max(&2));
    shell.watch_bots(kind, players, level);
}

/// Runs the benchmark `?bench=playouts` asks for and writes its figures on the page's body.
fn bench() {
    let game = query("game").unwrap_or_else(|| "fall".into());
    let figures = match dwarfs_gui::dwarfs_games::GameKind::from_name(&game) {
        None => Err(format!("?game={game}: no such game")),
        Some(kind) => {
            let players = query("players")
                .and_then(|p| p.parse().ok())
                .unwrap_or(*kind.players().start().max(&2));
            let seconds: f64 = query("seconds").and_then(|s| s.parse().ok()).unwrap_or(3.0);
            let start = js_sys::Date::now();
            let mut ms = 0.0;
            dwarfs_gui::dwarfs_games::with_game!(
                kind,
                G,
                crate::bench::playouts::<G>(players, || {
                    ms = js_sys::Date::now() - start;
                    ms < seconds * 1000.0
                })
            )
            .map(|mut p| {
                p.ms = ms as u64;
                p
            })
        }
    };
    let json = match figures {
        Ok(p) => serde_json::to_string(&p).unwrap_or_default(),
        Err(e) => serde_json::json!({ "error": e }).to_string(),
    };
    set_body("data-bench", &json);
}

/// Fetches the replay at `address` into `into`, and wakes the page.
async fn fetch_replay(address: String, into: Fetched, ctx: egui::Context) {
    let got = async {
        let window = web_sys::window().ok_or("no window")?;
        let response: web_sys::Response = JsFuture::from(window.fetch_with_str(&address))
            .await
            .map_err(|e| format!("{address} could not be fetched: {e:?}"))?
            .dyn_into()
            .map_err(|_| "not a response".to_string())?;
        if !response.ok() {
            return Err(format!(
                "{address} could not be fetched: HTTP {}",
                response.status()
            ));
        }
        let buffer = response.array_buffer().map_err(|e| format!("{e:?}"))?;
        let buffer = JsFuture::from(buffer)
            .await
            .map_err(|e| format!("{address} could not be read: {e:?}"))?;
        Ok((address.clone(), js_sys::Uint8Array::new(&buffer).to_vec()))
    }
    .await;
    *into.borrow_mut() = Some(got);
    ctx.request_repaint();
}

/// Starts the app on the page's canvas (called when the module loads).
#[wasm_bindgen(start)]
pub fn start() {
    wasm_bindgen_futures::spawn_local(async {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let canvas = document
            .get_element_by_id(CANVAS_ID)
            .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok());
        let Some(canvas) = canvas else {
            web_sys::console::error_1(&format!("no canvas with id {CANVAS_ID}").into());
            return;
        };
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions {
                    dithering: false,
                    ..Default::default()
                },
                Box::new(|cc| {
                    let plans = query("widgets").map(|w| w.parse().unwrap_or(1));
                    if plans.is_some() {
                        cc.egui_ctx.enable_accesskit();
                        cc.egui_ctx.add_plugin(crate::widgets::WidgetMap);
                    }
                    let platform = Rc::new(Browser::default());
                    let (settings, note) = browser::load_settings();
                    let mut shell = Shell::new(settings, note, platform.clone());
                    let fetched = Fetched::default();
                    // `?delay=<ms>`: the bots' delay before each move, for this visit.
                    if let Some(ms) = query("delay").and_then(|d| d.parse().ok()) {
                        shell.settings.bot_delay_ms = ms;
                    }
                    if query("bench").as_deref() == Some("playouts") {
                        bench();
                    }
                    // `?join=<ticket>`: the link a host serves (`dwarfs host --web`) opens the
                    // join screen with its ticket.
                    if let Some(ticket) = query("join").filter(|t| !t.is_empty() && t.len() < 4096)
                    {
                        shell.join.ticket = ticket;
                        shell.screen = Screen::Join;
                    }
                    if let Some(game) = query("watch") {
                        watch(&mut shell, &game);
                    }
                    if let Some(address) = query("replay") {
                        shell.screen = Screen::Replays;
                        let ctx = cc.egui_ctx.clone();
                        wasm_bindgen_futures::spawn_local(fetch_replay(
                            address,
                            fetched.clone(),
                            ctx,
                        ));
                    }
                    Ok(Box::new(WebApp {
                        shell,
                        net: Default::default(),
                        platform,
                        fetched,
                        marks: Marks::default(),
                        plans,
                    }))
                }),
            )
            .await;
        if let Some(loading) = document.get_element_by_id("loading") {
            match started {
                Ok(()) => loading.remove(),
                Err(e) => loading.set_text_content(Some(&format!(
                    "dwarfs could not start in this browser: {e:?}"
                ))),
            }
        }
    });
}
