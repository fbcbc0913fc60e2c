// The web page in a real browser: headless Chromium (Debian's /usr/bin/chromium), driven by
// playwright-core, against the page as `dwarfs web` serves it.
//
//   node crates/web/browser-test/run.mjs --page target/page --dwarfs target/debug/dwarfs [--shots DIR]
//
// Checks, each failing the run with a reason:
//  1. the page loads with no console error or uncaught exception and shows the menu, at a
//     desktop and at a phone's window size (390 x 844);
//  2. a replay recorded by `dwarfs simulate --record` and opened with `?replay=` verifies in the
//     page with the verdict `dwarfs replay verify --json` gives (game, moves, chance points,
//     signatures, final hash);
//  3. a tampered copy is refused with the same reason, frame and move as the command's;
//  4. a game of each game between bots (`?watch=`) is played in the page to its end screen;
//  5. a hotseat game of each game against a bot is played to its end screen by clicking
//     through the page (the menu, the lobby, then the board's widgets, found by name with
//     `?widgets`: the clicks of the page's plan for a legal action where the board has a map
//     of its clicks, a random clicker over the lit targets and buttons of Fall's); one game
//     with `--games "Dwarf Hold"`;
//  6. the same on a phone held upright (390 x 844, a touch screen) by tapping (`--phone`), and a
//     press and hold there pins a widget's tooltip until the next tap;
//  7. a browser joins a game hosted by a desktop app (`--only join`): `dwarfs host --web` prints
//     a link, the page opened there joins over WebSocket and plays its seat of a 2-player Pig
//     game to the end screen by clicking, with no takeover; the host's replay verifies; then
//     the same with two tabs in a 3-player game (they reach each other through the host), and
//     with a tab that watches; every tab downloads its replay from its end screen, the host's bytes;
//  8. the page (its module, its JavaScript and index.html) is at most 4 MiB gzipped (-9).
// Prints the time from navigation to the first drawn menu (a figure, not a check).
//
// `--only bench` prints the page's figures for docs/benchmarks.md instead: random playouts in
// the page against `dwarfs bench engine` (`--native <a release build>`) in the same run, the
// frame rate while hard bots think, and how long a hard bot's move takes in the page.
import { chromium } from "playwright-core";
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const page_dir = path.resolve(arg("--page", "target/page"));
const dwarfs = path.resolve(arg("--dwarfs", "target/debug/dwarfs"));
const shots = arg("--shots", null);
// `--native`: the build `--only bench` compares the page with (a release build); `--dwarfs` by default.
const native_dwarfs = path.resolve(arg("--native", dwarfs));
// `--only menu|watch|hotseat|replay|join|size`: one part (while working on it); every part by default.
// `--only bench`: the benchmark (figures, no checks), run only when asked for.
const only = arg("--only", null);
const part = (name) => (only === null && name !== "bench") || only === name;
const chromium_path = process.env.CHROMIUM ?? "/usr/bin/chromium";

const failures = [];
function check(ok, what) {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
}

// The page's size, as a browser downloads it compressed: a size does not depend on the
// machine, so this is a check, not a figure.
if (part("size")) {
  const budget = 4 * 1024 * 1024;
  let raw = 0;
  let gz = 0;
  for (const f of fs.readdirSync(page_dir).filter((f) => /\.(wasm|js|html)$/.test(f))) {
    const b = fs.readFileSync(path.join(page_dir, f));
    raw += b.length;
    gz += zlib.gzipSync(b, { level: 9 }).length;
  }
  check(gz <= budget, `size: the page is ${(gz / 1048576).toFixed(2)} MiB gzipped (${raw.toLocaleString("en")} bytes), at most 4 MiB`);
}

// The page and two replays, a good one and a tampered copy, in one directory to serve.
const site = fs.mkdtempSync(path.join(os.tmpdir(), "dwarfs-page-"));
for (const f of fs.readdirSync(page_dir)) fs.copyFileSync(path.join(page_dir, f), path.join(site, f));
const good = path.join(site, "good.replay");
execFileSync(dwarfs, ["simulate", "--game", "fall", "--players", "3", "--games", "1", "--seed", "7", "--record", good], { stdio: "ignore" });
const bytes = fs.readFileSync(good);
const bad = path.join(site, "bad.replay");
const tampered = Buffer.from(bytes);
// A byte two thirds in: inside a signed move or ack, past the header and the seed.
tampered[Math.floor((tampered.length * 2) / 3)] ^= 0x40;
fs.writeFileSync(bad, tampered);
function cli_verdict(file) {
  try {
    return JSON.parse(execFileSync(dwarfs, ["replay", "verify", "--json", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
  } catch (e) {
    return JSON.parse(e.stdout);
  }
}

// `dwarfs web` on a free port; its first line names the address.
const server = spawn(dwarfs, ["web", "--dir", site, "--listen", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
const base = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    const m = out.match(/at (http:\/\/[0-9.:]+)\//);
    if (m) resolve(m[1]);
  });
  server.on("exit", (code) => reject(new Error(`dwarfs web ended (${code}): ${out}`)));
  setTimeout(() => reject(new Error(`dwarfs web did not start: ${out}`)), 20000);
});

const browser = await chromium.launch({
  executablePath: chromium_path,
  args: ["--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

/** Opens `url` at `viewport`; the page and the console errors and exceptions it reports. */
async function open(url, viewport, touch = false) {
  const page = await browser.newPage({ viewport, hasTouch: touch, isMobile: touch });
  // With `touch`, `click` taps the screen (no pointer hovers first).
  page.touch = touch;
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(`console: ${m.text()}`); });
  page.on("pageerror", (e) => errors.push(`exception: ${e.message}`));
  page.on("crash", () => errors.push("the page crashed"));
  page.on("close", () => { if (process.env.DEBUG_CLOSE) console.log("     (the page closed)"); });
  const started = Date.now();
  await page.goto(url);
  return { page, errors, started };
}

/** The named widgets the page drew last (`?widgets`). */
async function widgets(page) {
  return JSON.parse(await page.evaluate(() => window.dwarfs_widgets ?? "[]"));
}

/**
 * A desktop host (`dwarfs host --web`, its own seat played by a bot) and `players - 1` browser
 * tabs opened at its link play a whole game of Pig, each tab clicking its own seat's moves
 * (and, with `watch`, one more tab watches it); then the host's replay must verify, and every
 * tab's replay, downloaded from its end screen, must be the host's bytes. Issue 37.
 */
async function join_game(players, { watch = false, reload = false } = {}) {
  const name = `join ${players} players${watch ? " and a spectator" : ""}${reload ? ", a tab reloaded" : ""}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dwarfs-join-"));
  const replay = path.join(dir, "host.replay");
  const host = spawn(native_dwarfs, ["host", "--game", "pig", "--seats", String(players), "--bot", "random", "--web", "--web-port", "0",
    "--web-dir", site, "--listen", "/ip4/127.0.0.1/tcp/0/ws", "--key", path.join(dir, "host.key"), "--replay", replay,
    "--report", path.join(dir, "host.json"),
    ...(watch ? ["--anyone-may-watch"] : [])],
    { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  host.stdout.on("data", (d) => { out += d; });
  const ended = new Promise((resolve) => host.on("exit", resolve));
  const link = await new Promise((resolve) => {
    const t = setInterval(() => {
      const m = out.match(/Browser link \(the page, with the ticket\): (http:\/\/\S+)/);
      if (m) { clearInterval(t); resolve(m[1]); }
    }, 50);
    setTimeout(() => { clearInterval(t); resolve(null); }, 30000);
  });
  check(link !== null, `${name}: the host prints a browser link with its ticket`);
  if (!link) {
    host.kill();
    return false;
  }
  const tabs = [];
  for (let i = 1; i < players; i++) tabs.push(await open(`${link}&widgets=7&delay=0`, { width: 1280, height: 800 }));
  for (const tab of tabs) {
    const at_join = await tab.page.waitForSelector('body[data-screen="join"]', { timeout: 30000 }).then(() => true, () => false);
    check(at_join, `${name}: the link opens the join screen with the host's ticket`);
    await click(tab.page, "Join");
    // The browser's peer starts now: its report's times count from here.
    tab.joined = Date.now();
  }
  for (const { page } of tabs) {
    await page.waitForSelector('body[data-screen="lobby"]', { timeout: 30000 });
    await click(page, "I'm ready");
  }
  const watcher = watch ? await open(`${link}&widgets=7&delay=0`, { width: 1280, height: 800 }) : null;
  if (watcher) {
    await watcher.page.waitForSelector('body[data-screen="join"]', { timeout: 30000 });
    await click(watcher.page, "Watch");
  }
  const started = Date.now();
  // Where each tab's console stood when the host's game was over (see `gone` below).
  host.stdout.on("data", () => {
    if (/Game over after \d+ moves/.test(out)) for (const t of [...tabs, ...(watcher ? [watcher] : [])]) t.at_over ??= t.errors.length;
  });
  // Pig's moves are buttons named by the move ("player 2 rolls", "player 2 banks 9"): bank
  // when there is something to bank, else roll (the other widgets are the network game's
  // own: leave, hand the seat to the bot, chat).
  let reloaded = false;
  const play = async (page, i) => {
    const deadline = Date.now() + 180000;
    let n = 0;
    while (Date.now() < deadline) {
      if ((await page.evaluate(() => document.body.dataset.screen)) === "end") return n;
      const moves = (await widgets(page)).filter((w) => w.click && !w.disabled && /^player \d+ (rolls|banks)/.test(w.label));
      const pick = moves.find((w) => / banks /.test(w.label)) ?? moves[0];
      if (pick && reload && i === 0 && !reloaded) {
        // At its turn, in the middle of the game, the player reloads the tab (its peer dies
        // with it, telling nobody) and joins again from the same link: the page takes its seat
        // again from what the browser's storage kept (its replay, signing journal and secret).
        reloaded = true;
        const before = Number(await page.evaluate(() => document.body.dataset.moves));
        await page.reload();
        const at_join = await page.waitForSelector('body[data-screen="join"]', { timeout: 30000 }).then(() => true, () => false);
        check(at_join, `${name}: the reloaded tab opens the join screen again`);
        await click(page, "Join");
        const back = await page.waitForSelector('body[data-screen="game"]', { timeout: 60000 }).then(() => true, () => false);
        const moves = Number(await page.evaluate(() => document.body.dataset.moves));
        // Kept are the final moves: one applied and not yet final when the tab closed comes again.
        check(back && moves > 0 && moves >= before - 1, `${name}: the reloaded tab took its seat again at move ${moves}, not from the start (it had seen ${before})`);
        continue;
      }
      if (pick) {
        await click(page, pick.label).catch(() => {});
        n += 1;
      }
      await page.waitForTimeout(100);
    }
    throw new Error("not at the end screen after 3 minutes");
  };
  const clicks = await Promise.all(tabs.map(({ page }, i) => play(page, i).catch(async (e) => {
    console.log(`     ${name}: ${e.message}; the page shows screen ${await page.evaluate(() => document.body.dataset.screen)}, move ${await page.evaluate(() => document.body.dataset.moves)}`);
    if (shots) await page.screenshot({ path: path.join(shots, `web-${name.replace(/\W+/g, "-")}-stuck.png`) });
    return null;
  })));
  check(clicks.every((c) => c !== null), `${name}: every browser seat played a whole game with the desktop host, by clicking, to the end screen (${clicks.join(" and ")} clicks, ${Math.round((Date.now() - started) / 1000)} s)`);
  if (watcher) {
    const at_end = await watcher.page.waitForSelector('body[data-screen="end"]', { timeout: 60000 }).then(() => true, () => false);
    check(at_end, `${name}: the browser spectator followed the game to its end screen`);
  }
  const code = await Promise.race([ended, new Promise((r) => setTimeout(() => r("still running"), 30000))]);
  check(/Game over after \d+ moves/.test(out), `${name}: the desktop host saw the game to its end (exit ${code})`);
  check(!/takeover bot/.test(out), `${name}: the browsers played their own seats throughout (no takeover)`);
  const verdict = cli_verdict(replay);
  check(verdict.ok === true, `${name}: the host's replay of the game with the browsers verifies (${verdict.ok ? verdict.moves + " moves" : JSON.stringify(verdict)})`);
  // The figures of docs/benchmarks.md (printed, not checked): from opening the link to the
  // first hash every peer agreed on, and a move's time from signing to every peer's ack for
  // the browser's seat against the desktop host's, in the same game.
  // (The report comes when the peer's run ends, a little after the end screen.)
  await tabs[0].page.waitForFunction(() => document.body.dataset.report, null, { timeout: 30000 }).catch(() => {});
  const report = JSON.parse((await tabs[0].page.evaluate(() => document.body.dataset.report)) || "null");
  check(report !== null && report.ending === "Over", `${name}: the browser's peer reports the game over (${report ? JSON.stringify(report.ending) : "no report"})`);
  const host_report = fs.existsSync(path.join(dir, "host.json")) ? JSON.parse(fs.readFileSync(path.join(dir, "host.json"), "utf8")) : null;
  if (report && report.first_hash_us != null && !reload) {
    const ms = tabs[0].joined - tabs[0].started + report.first_hash_us / 1000;
    console.log(`     ${name}: link opened -> first agreed hash ${Math.round(ms)} ms (Join clicked ${tabs[0].joined - tabs[0].started} ms after navigation)`);
  }
  const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] / 1000 : NaN; };
  if (report && host_report && !reload) {
    const line = (r) => `p50 ${pct(r.latencies_us, 50).toFixed(2)} ms, p90 ${pct(r.latencies_us, 90).toFixed(2)} ms (${r.latencies_us.length} moves)`;
    console.log(`     ${name}: move -> every ack: browser seat ${line(report)}; desktop seat ${line(host_report)}`);
  }
  // Each tab's own replay (kept in the page's memory), downloaded from its end screen.
  const everyone = watcher ? [...tabs, watcher] : tabs;
  const host_bytes = fs.existsSync(replay) ? fs.readFileSync(replay) : Buffer.alloc(0);
  for (const [i, { page }] of everyone.entries()) {
    const who = watcher && i === tabs.length ? "the spectator" : `browser ${i + 1}`;
    // The button comes with the peer's report, when its run ends (after its linger).
    await page.waitForFunction(() => document.body.dataset.report, null, { timeout: 30000 }).catch(() => {});
    const got = await Promise.all([page.waitForEvent("download", { timeout: 30000 }), click(page, "Download the replay")])
      .then(async ([d]) => fs.readFileSync(await d.path()), (e) => { console.log(`     ${who}: ${e.message}`); return null; });
    check(got !== null && got.equals(host_bytes), `${name}: ${who}'s downloaded replay is the host's, byte for byte (${got ? got.length : "no"} bytes)`);
  }
  if (reload) {
    // The game over stays in the reloaded tab's storage, whole: a tab closed before its
    // download loses nothing (the menu offers the replay).
    const kept = await tabs[0].page.evaluate(() => {
      const out = [];
      for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        if (/^dwarfs\.game\.[0-9a-f]{64}$/.test(k)) out.push({ record: JSON.parse(localStorage.getItem(k)), replay: localStorage.getItem(k + ".replay") });
      }
      return out;
    });
    const got = kept.length === 1 ? Buffer.from(kept[0].replay, "hex") : null;
    check(kept.length === 1 && kept[0].record.over === true && got.equals(host_bytes),
      `${name}: the tab's storage keeps the game over, its replay the host's bytes (${kept.length} kept${got ? ", " + got.length + " bytes" : ""})`);
  }
  // Once the host's game is over it closes its listeners, and a page still dialling it (its
  // relay, while its own peer lingers after the game) is refused: the browser logs that as an
  // error, and it is expected.
  const gone = /^console: WebSocket connection to '.*' failed: .*ERR_CONNECTION_REFUSED/;
  const errors = everyone.flatMap((t) => t.errors.filter((e, k) => !(k >= (t.at_over ?? Infinity) && gone.test(e))));
  check(errors.length === 0, `${name}: no console error or exception${errors.length ? ": " + errors.join("; ") : ""}`);
  if (shots) await tabs[0].page.screenshot({ path: path.join(shots, `web-${name.replace(/\W+/g, "-")}-end.png`) });
  for (const { page } of everyone) await page.close();
  host.kill();
  return reloaded;
}

/**
 * Clicks the enabled widget named `label` (that takes a click, or with `field` a text field),
 * waiting for it to be drawn (`rounds` looks a tenth of a second apart), and scrolling its panel
 * with the mouse wheel (as a person would) while it lies outside the window.
 */
async function click(page, label, field = false, rounds = 100) {
  const { width, height } = page.viewportSize();
  const named = (w) => w.label === label && (w.click || (field && w.role === "TextInput")) && !w.disabled;
  for (let i = 0; i < rounds; i++) {
    const all = await widgets(page);
    const found = all.find(named);
    // Where to click: its centre, or (when a smaller widget lies on it, like a disaster on a
    // zone) the first point of a grid over it that no other clickable widget covers.
    const w = found && { ...found, ...spot(found, all) };
    // Under the game screen's top bar (named "game top bar"; its height grows where the prompt
    // wraps), under another text drawn over the widget, or outside the window: out of sight.
    const bar = all.find((o) => o.label === "game top bar");
    const top = bar ? bar.y + bar.h / 2 + 4 : 64;
    const under_text = w && all.some((o) => o !== found && o.role === "Label"
      && Math.abs(w.x - o.x) <= o.w / 2 && Math.abs(w.y - o.y) <= o.h / 2);
    if (w && (w.y < top || under_text || w.y > height - 8 || w.x < 4 || w.x > width - 4)) {
      // Over the panel (the widget's column: near the window's foot for a widget below it,
      // which may sit in a short panel there like Hold's hand, else the middle), a wheel turn
      // towards it.
      await page.mouse.move(Math.min(Math.max(w.x, 4), width - 4), w.y > height - 8 ? height - 16 : height / 2);
      await page.mouse.wheel(0, Math.sign(w.y - height / 2) * Math.min(Math.abs(w.y - height / 2), height / 2));
      await page.waitForTimeout(100);
      continue;
    }
    if (w) {
      // Aim, then click where it is still drawn: a widget moves when the screen above it
      // changes (a longer prompt), and the map is of the last frame.
      if (!page.touch) await page.mouse.move(w.x, w.y);
      await page.waitForTimeout(30);
      const again = (await widgets(page)).find(named);
      if (!again || Math.abs(again.x - found.x) > 1 || Math.abs(again.y - found.y) > 1) continue;
      if (process.env.DEBUG_CLICKS) console.log(`       click ${label} (under text: ${under_text}) at ${Math.round(w.x)},${Math.round(w.y)} (widget ${Math.round(found.x)},${Math.round(found.y)} ${Math.round(found.w)}x${Math.round(found.h)}); under it: ${all.filter((o) => o !== found && Math.abs(w.x - o.x) <= o.w / 2 && Math.abs(w.y - o.y) <= o.h / 2).map((o) => `${o.label} [${o.role}]${o.click ? "" : " (no click)"}`).join(", ")}`);
      if (page.touch) await page.touchscreen.tap(w.x, w.y);
      else await page.mouse.click(w.x, w.y);
      await page.waitForTimeout(50);
      return;
    }
    // Nudge the pointer: egui draws a new frame (and a new widget list) on input.
    await page.mouse.move(2 + (i % 2), 2);
    await page.waitForTimeout(100);
  }
  const seen = (await widgets(page)).filter((w) => w.label === label).map((w) => `at ${Math.round(w.x)},${Math.round(w.y)}${w.disabled ? ", disabled" : ""}${w.click ? "" : ", takes no click"}`);
  throw new Error(`no enabled widget named ${JSON.stringify(label)} in reach${seen.length ? ` (one is drawn ${seen.join("; ")})` : ""}`);
}

// What the random clicker never presses: leaving, the board's zoom, panels.
const AVOID = new Set(["Leave game", "Menu", "+", "-", "Fit", "board", "Resize panel", "Leave", "Back to the menu", "Clear the hand"]);

/** A point of widget `w` that none of the smaller clickable widgets in `all` covers. */
function spot(w, all) {
  // egui takes a press within a few pixels of a widget as on it: keep 8 away.
  const covers = (o, x, y) => o !== w && o.click && Math.abs(x - o.x) <= o.w / 2 + 8 && Math.abs(y - o.y) <= o.h / 2 + 8
    && o.w * o.h < w.w * w.h;
  for (let fy = 0; fy <= 8; fy++) {
    for (let fx = 0; fx <= 8; fx++) {
      // From the centre outwards: 0, +1/10, -1/10, +2/10, ... of the size.
      const step = (f) => (f % 2 === 0 ? 1 : -1) * Math.ceil(f / 2) / 10;
      const x = w.x + step(fx) * w.w, y = w.y + step(fy) * w.h;
      if (!all.some((o) => covers(o, x, y))) return { x, y };
    }
  }
  return { x: w.x, y: w.y };
}

/** Types `text` into the text field named `field` (its old text selected and replaced). */
async function type_into(page, field, text) {
  await click(page, field, true);
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
  await page.waitForTimeout(50);
}

/** The page's plan for the person at the screen (`window.dwarfs_plan`), or null. */
async function plan_of(page) {
  return JSON.parse(await page.evaluate(() => window.dwarfs_plan ?? "null"));
}

/**
 * Plays a hotseat game of `title` against a random bot by clicking; the clicks it took, or
 * throws why it could not. On a board with a map of its clicks (`window.dwarfs_plan`: a legal
 * action chosen at random, and the widgets that play it), the clicks of the plan, each found by
 * its name; on a board played by its lit targets (Fall), a random clicker.
 */
async function play_hotseat(page, title) {
  await click(page, "Hotseat");
  await click(page, title);
  await click(page, "Bot");
  await click(page, "random");
  await click(page, "Start game");
  return play_to_end(page, [...title].reduce((a, c) => a + c.charCodeAt(0), 0));
}

/** Plays the person's moves of the game on screen by clicking, to its end screen (see above). */
async function play_to_end(page, seed, ms = 360000) {
  let rng = seed;
  const random = (n) => { rng = (rng * 1103515245 + 12345) % 2147483648; return rng % n; };
  const deadline = Date.now() + ms;
  let followed = null;
  let tries = 0;
  let missed = null;
  for (let clicks = 0; Date.now() < deadline; ) {
    const screen = await page.evaluate(() => document.body.dataset.screen);
    if (screen === "end") return clicks;
    const plan = await plan_of(page);
    if (plan) {
      // The same plan three times means its clicks do not play it.
      const again = followed && followed.version === plan.version && followed.action === plan.action;
      tries = again ? tries + 1 : 0;
      if (tries >= 2) {
        const fields = (await widgets(page)).filter((w) => w.role === "TextInput" || /^Ask for/.test(w.label));
        throw new Error(`clicking ${JSON.stringify(plan.clicks)} did not play ${plan.action}${missed ? ` (${missed})` : ""} (${JSON.stringify(fields)})`);
      }
      // A click of the last try missed (the page busy): what it did pick is forgotten first,
      // else clicking the plan's first widget again would put that choice down.
      if (again) {
        console.log(`       ${plan.action}: tried again${missed ? ` (${missed})` : ""}`);
        await page.keyboard.press("Escape");
        await page.waitForTimeout(50);
      }
      // A widget of the plan that does not show (a click before it missed) ends this try.
      missed = null;
      for (const c of plan.clicks) {
        try {
          if (c.Label !== undefined) await click(page, c.Label, false, 60);
          else await type_into(page, c.Type.field, c.Type.text);
        } catch (e) {
          missed = e.message;
          break;
        }
        clicks += 1;
      }
      followed = plan;
      // Wait for the move to show (a new plan, someone else's turn, or the end).
      for (let i = 0; i < 50; i++) {
        const now = await plan_of(page);
        if (!now || now.version !== plan.version) break;
        await page.mouse.move(2 + (i % 2), 2);
        await page.waitForTimeout(50);
      }
      continue;
    }
    const live = (await widgets(page)).filter((w) => w.click && !w.disabled && !AVOID.has(w.label) && w.w > 0 && w.h > 0);
    // A lit target first (a card chosen asks where); else, half the time, a button that ends
    // the turn (so that the game ends in minutes); else anything of the screen that takes a
    // click (buttons, cards, a board's spots).
    const targets = live.filter((w) => w.label.startsWith("target "));
    const buttons = live.filter((w) => w.role !== "TextInput");
    const enders = buttons.filter((w) => /^(End|Pass|Done|Skip|Confirm|Continue|Stop|Decline|Choose this)/.test(w.label));
    const pool = targets.length ? targets : enders.length && random(2) === 0 ? enders : buttons;
    if (pool.length === 0) {
      await page.mouse.move(3, 3 + (clicks % 2));
      await page.waitForTimeout(50);
      continue;
    }
    const w = pool[random(pool.length)];
    await page.mouse.click(w.x, w.y);
    clicks += 1;
    await page.waitForTimeout(20);
  }
  throw new Error(`not at the end screen after ${Math.round(ms / 1000)} s`);
}

try {
  if (part("menu")) for (const [name, viewport] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 390, height: 844 }]]) {
    const { page, errors, started } = await open(`${base}/`, viewport);
    const shown = await page.waitForSelector('body[data-screen="menu"]', { timeout: 30000 }).then(() => true, () => false);
    const ms = Date.now() - started;
    check(shown, `${name}: the page shows the menu`);
    if (shown) console.log(`     first menu frame ${ms} ms after navigation (${name})`);
    // A few more frames, so that an error in drawing shows.
    await page.waitForTimeout(500);
    check(errors.length === 0, `${name}: no console error or exception${errors.length ? ": " + errors.join("; ") : ""}`);
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `web-menu-${name}.png`) });
    }
    await page.close();
  }

  // Nothing hovers on a phone: a press and hold pins a widget's tooltip until the next tap
  // (the bot levels' descriptions in the hotseat lobby), and the long press is not a click.
  if (part("menu")) {
    const { page, errors } = await open(`${base}/?widgets=7`, { width: 390, height: 844 }, true);
    await click(page, "Hotseat");
    let level = null;
    for (let i = 0; i < 50 && !level; i++) {
      level = (await widgets(page)).find((w) => w.label === "hard");
      if (!level) await page.waitForTimeout(100);
    }
    const tip = async () => (await widgets(page)).some((w) => w.label.startsWith("A long search"));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: level.x, y: level.y }] });
    await page.waitForTimeout(1200);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForTimeout(300);
    check(await tip(), "phone: a press and hold on a bot level pins its description");
    if (shots) await page.screenshot({ path: path.join(shots, "web-phone-tip.png") });
    await page.touchscreen.tap(20, 800);
    await page.waitForTimeout(300);
    check(!(await tip()), "phone: the next tap takes the pinned description away");
    check(errors.length === 0, `phone tip: no console error or exception${errors.length ? ": " + errors.join("; ") : ""}`);
    await page.close();
  }

  // Every game between bots in the page, to its end screen: the engines, the bots (with their
  // clock, at a level) and the table run in the browser.
  if (part("watch")) for (const [game, level] of [["fall", "easy"], ["hold", null], ["winter", null], ["spring", null], ["pig", null]]) {
    const query = `watch=${game}&delay=0${level ? `&level=${level}` : ""}`;
    const { page, errors, started } = await open(`${base}/?${query}`, { width: 1280, height: 800 });
    const ended = await page.waitForSelector('body[data-screen="end"]', { timeout: 240000 }).then(() => true, () => false);
    check(ended, `${game} between ${level ?? "random"} bots: played to the end screen (${Math.round((Date.now() - started) / 1000)} s)`);
    check(errors.length === 0, `${game}: no console error or exception${errors.length ? ": " + errors.join("; ") : ""}`);
    if (shots) await page.screenshot({ path: path.join(shots, `web-end-${game}.png`) });
    await page.close();
  }

  // The frame rate while search bots think (a figure, not a check): hard bots, whose search
  // runs a slice per frame, for five seconds.
  if (part("watch")) {
    const { page } = await open(`${base}/?watch=fall&level=hard&delay=0&players=4`, { width: 1280, height: 800 });
    await page.waitForSelector('body[data-screen="game"]', { timeout: 30000 });
    const fps = await page.evaluate(() => new Promise((resolve) => {
      let frames = 0;
      const start = performance.now();
      const tick = (t) => { frames += 1; if (t - start < 5000) requestAnimationFrame(tick); else resolve(frames * 1000 / (t - start)); };
      requestAnimationFrame(tick);
    }));
    console.log(`     ${fps.toFixed(1)} frames a second while hard bots think (Fall, 4 bots)`);
    await page.close();
  }

  // A hotseat game of each game against a bot, by clicking through the page: the menu, the
  // lobby (the game, a bot in seat 2, random bots for speed), then the human seat's moves by
  // clicking the widgets that play them, to the end screen.
  const titles = (arg("--games", null) ?? "Dwar7s Fall,Dwarf Hold,Dwar7s Winter,Dwar7s Spring").split(",").filter(Boolean);
  // And each on a phone held upright (390 x 844, a touch screen), by tapping. `--phone "..."`
  // names the games (`--phone ""` none; `--games ""` leaves the desktop's out).
  const phone = (arg("--phone", null) ?? "Dwar7s Fall,Dwarf Hold,Dwar7s Winter,Dwar7s Spring").split(",").filter(Boolean);
  const runs = [...titles.map((t) => [t, false]), ...phone.map((t) => [t, true])];
  if (part("hotseat")) for (const [title, touch] of runs) {
    const viewport = touch ? { width: 390, height: 844 } : { width: 1280, height: 800 };
    const { page, errors, started } = await open(`${base}/?widgets=7&delay=0`, viewport, touch);
    await page.waitForSelector('body[data-screen="menu"]', { timeout: 30000 });
    const clicks = await play_hotseat(page, title).catch((e) => { console.log(`     ${title}: ${e.message}`); return null; });
    const how = touch ? "on a phone (390 x 844), by tapping" : "by clicking";
    check(clicks !== null, `${title}: a hotseat game against a bot played ${how} to the end screen (${clicks} clicks, ${Math.round((Date.now() - started) / 1000)} s)`);
    check(errors.length === 0, `${title} ${how}: no console error or exception${errors.length ? ": " + errors.join("; ") : ""}`);
    if (shots) await page.screenshot({ path: path.join(shots, `web-hotseat-${title.replace(/\W+/g, "-")}${touch ? "-phone" : ""}.png`) });
    await page.close();
  }

  // A browser joins a game hosted by a desktop app (issue 37): `dwarfs host --web` serves the
  // page and prints a link with the ticket; the page opened at that link joins over WebSocket as
  // a full lockstep peer (its own key in the browser's storage, signing and checking every move)
  // and plays its seat by clicking to the end screen; the host's replay then verifies.
  if (part("join")) {
    await join_game(2);
    // Two browser tabs (each its own browser context: its own storage and key) cannot dial
    // each other: they reach each other through the host's relay.
    await join_game(3);
    // A browser that watches (the host lets anyone watch) follows the game to its end.
    await join_game(2, { watch: true });
    // A tab reloaded in the middle of the game comes back to its seat and finishes.
    // (A game the host wins before the tab's first turn has nothing to reload in: once more.)
    let reloaded = await join_game(2, { reload: true });
    if (!reloaded) reloaded = await join_game(2, { reload: true });
    check(reloaded, "join 2 players, a tab reloaded: the tab was reloaded in the middle of the game");
  }

  if (part("bench")) {
    // Random playouts, page against native, one game after the other in this run.
    for (const [game, players] of [["fall", 4], ["hold", 4], ["winter", 2], ["spring", 2], ["pig", 2]]) {
      const out = execFileSync(native_dwarfs, ["bench", "engine", "--game", game, "--players", `${players}`, "--seconds", "3"], { encoding: "utf8" });
      const native = Number(/games, (\d+) moves\/s/.exec(out)?.[1]);
      const { page } = await open(`${base}/?bench=playouts&game=${game}&players=${players}&seconds=3`, { width: 800, height: 600 });
      await page.waitForSelector("body[data-bench]", { timeout: 60000 });
      const got = await page.evaluate(() => JSON.parse(document.body.dataset.bench));
      await page.close();
      if (got.error) { console.log(`     ${game}: ${got.error}`); continue; }
      const paged = Math.round(got.moves * 1000 / got.ms);
      console.log(`     random playouts, ${game} ${players} players: page ${paged} moves/s (${got.games} games), native ${native} moves/s: native/page ${(native / paged).toFixed(2)}x`);
    }
    // Hard bots in a 4-player Fall game: the frame rate, and the time between their moves
    // (no delay, so each is a search), over 30 s.
    const { page } = await open(`${base}/?watch=fall&level=hard&delay=0&players=4`, { width: 1280, height: 800 });
    await page.waitForSelector('body[data-screen="game"]', { timeout: 30000 });
    const figures = await page.evaluate(() => new Promise((resolve) => {
      let frames = 0;
      const start = performance.now();
      const moves = [];
      let last = start;
      new MutationObserver(() => { const t = performance.now(); moves.push(t - last); last = t; })
        .observe(document.body, { attributes: true, attributeFilter: ["data-moves"] });
      const tick = (t) => { frames += 1; if (t - start < 30000) requestAnimationFrame(tick); else resolve({ fps: frames * 1000 / (t - start), moves }); };
      requestAnimationFrame(tick);
    }));
    await page.close();
    const m = figures.moves.slice(1).sort((a, b) => a - b);
    const at = (q) => m.length ? Math.round(m[Math.min(m.length - 1, Math.floor(q * m.length))]) : NaN;
    console.log(`     hard bots (Fall, 4 players), 30 s: ${figures.fps.toFixed(1)} frames a second; ${m.length} moves, time per move median ${at(0.5)} ms, 90% ${at(0.9)} ms, max ${at(1)} ms`);
  }

  const fields = ["ok", "game", "moves", "chance_points", "signatures", "final_hash"];
  const want_good = cli_verdict(good);
  if (part("replay")) {
  check(want_good.ok === true, "the command verifies the recorded replay");
  {
    const { page, errors } = await open(`${base}/?replay=good.replay`, { width: 1280, height: 800 });
    const got = await page.waitForSelector("body[data-verdict]", { timeout: 60000 })
      .then(() => page.evaluate(() => JSON.parse(document.body.dataset.verdict)), () => null);
    check(got !== null, "the page gives a verdict on the recorded replay");
    for (const f of fields) check(got && got[f] === want_good[f], `recorded replay: ${f} is the command's (${want_good[f]}; page ${got && got[f]})`);
    check(errors.length === 0, `recorded replay: no console error${errors.length ? ": " + errors.join("; ") : ""}`);
    if (shots) await page.screenshot({ path: path.join(shots, "web-replay.png") });
    await page.close();
  }
  const want_bad = cli_verdict(bad);
  check(want_bad.ok === false, "the command refuses the tampered replay");
  {
    const { page } = await open(`${base}/?replay=bad.replay`, { width: 1280, height: 800 });
    const got = await page.waitForSelector("body[data-verdict], body[data-replay-error]", { timeout: 60000 })
      .then(() => page.evaluate(() => ({
        verdict: document.body.dataset.verdict ? JSON.parse(document.body.dataset.verdict) : null,
        error: document.body.dataset.replayError ?? null,
      })), () => null);
    const v = got && got.verdict;
    check(v !== null && v.ok === false, `the page refuses the tampered replay (${JSON.stringify(got)})`);
    // The command's message is "<file> does not verify: <reason>"; the page gives the reason.
    check(v && want_bad.error.endsWith(`does not verify: ${v.error}`), `tampered replay: the page's reason is the command's (${want_bad.error}; page ${v && v.error})`);
    check(v && v.bad_frame === want_bad.bad_frame && (v.bad_move ?? null) === (want_bad.bad_move ?? null),
      `tampered replay: the first bad frame and move are the command's (${want_bad.bad_frame}/${want_bad.bad_move})`);
    if (shots) await page.screenshot({ path: path.join(shots, "web-replay-refused.png") });
    await page.close();
  }
  }
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(site, { recursive: true, force: true });
}

if (failures.length) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log("the web page passed every check");
