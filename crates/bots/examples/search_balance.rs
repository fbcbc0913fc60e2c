//! Balance study of every game's designed data with the search bot:
//! `cargo run --release -p dwarfs-bots --example search_balance -- <game> <players> <games> [options]`.
//!
//! Every seat is a search bot with a fixed number of iterations (deterministic for its seed) at
//! the knowledge of a level. One seat (rotated game by game over every seat) may play a
//! *profile*: a restriction that forbids one kind of action (the bot neither plays it nor, in
//! its own search, expects itself to), or a bias that weighs one kind 8 times more in its
//! rollouts and move ordering. Profiles are a wrapper [`Game`] ([`Profiled`]), so the search
//! itself is the crate's, unchanged.
//!
//! Options: `--iters N` (default 300), `--level easy|normal|hard` (the knowledge used: easy
//! plays uniform rollouts to the end; default normal), `--first S` (first seed, default 0),
//! `--profile forbid:KIND` or `--profile favour:KIND` (the kinds each game knows are listed by
//! `--profile list`), `--weight KIND:W` (every seat's search weighs that kind `W` in its
//! rollouts and move ordering instead of the game's own weight, before any favour; repeatable:
//! to study a kind without the bias of the game's hints, e.g. Fall's `upgrade:4`, an ordinary
//! move's weight), `--cut N` (every seat's rollouts stop for the static evaluation after `N`
//! decisions instead of the game's [`Game::rollout_horizon`]), `--profile cut:N` (only the
//! rotated seat's do: to pit a rollout horizon against the game's own), `--third` (Fall's 3rd
//! edition), `--nightmare` (Winter; solitaire is 1 player).
//!
//! Output: one line per game (`game seed=.. prof=<seat or -> win=<seats> scores=.. limit=<0|1>
//! moves=<decisions> cats=<points by category, all seats>` and the game's own notes: Fall's
//! goals, dwarfs at home and kingdom cards in hand per seat, rounds, face-up goals and gem
//! piles, Hold's turns and end conditions, Spring's last era, Winter's week), flushed as it
//! goes, then a summary: seat win shares, the profiled seat's share, games ended by the round or
//! turn limit, the kinds the profiled seat and the other seats played per game, all with 95%
//! intervals.

use dwarfs_bots::rollout::{Cut, RolloutPolicy};
use dwarfs_bots::{Budget, Level, SearchBot, SearchConfig};
use dwarfs_engine::{
    Actor, Bot, ChanceError, DataDigest, Entropy, Game, Outcome, PlayError, Seat, SeatView,
    SeedStream, SetupError, Viewer,
};
use serde::{Deserialize, Serialize};
use std::io::Write;

/// What the study needs to know of a game beyond [`Game`].
trait Study: Game {
    /// Names of the kinds of action a profile may forbid or favour.
    const KINDS: &'static [&'static str];
    /// The kind of `action` (an index into [`Study::KINDS`]), if it is one of them.
    fn kind(action: &Self::Action) -> Option<usize>;
    /// True if the finished game ended by the round or turn limit rather than the rules' own end.
    fn by_limit(&self) -> bool;
    /// A few facts about the finished game, for the game's line (`key=value`, no spaces).
    fn note(&self) -> String {
        String::new()
    }
}

impl Study for dwarfs_fall::Fall {
    const KINDS: &'static [&'static str] = &["upgrade", "ogre", "dig", "class"];
    fn kind(action: &Self::Action) -> Option<usize> {
        use dwarfs_fall::FallAction as A;
        match action {
            A::Upgrade(_) => Some(0),
            A::PlayOgre(_) => Some(1),
            A::Dig(_) => Some(2),
            A::PlaceClass { .. } | A::MoveClass { .. } => Some(3),
            _ => None,
        }
    }
    fn by_limit(&self) -> bool {
        !self.final_round()
    }
    fn note(&self) -> String {
        let obs = self.observe(Viewer::Spectator);
        // Per seat: trading goals bought, dwarfs at home (not on the mat) and kingdom cards
        // still in hand.
        let per_seat = |f: fn(&dwarfs_fall::PlayerView) -> usize| -> String {
            (0..self.players())
                .map(|s| {
                    self.player_view(Seat(s), Viewer::Spectator)
                        .map_or(0, |v| f(&v))
                        .to_string()
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let goals = per_seat(|v| v.trading_goals.len());
        let home = per_seat(|v| v.dwarfs_in_pile as usize);
        let cards = per_seat(|v| v.kingdom_cards.len());
        let up: Vec<String> = obs
            .face_up_goals
            .iter()
            .map(|t| {
                t.map_or("-".to_string(), |t| {
                    format!("{:?}", t.cost).replace(' ', "")
                })
            })
            .collect();
        format!(
            "goals={goals} home={home} cards={cards} rounds={} up={} piles={}",
            self.round(),
            up.join("/"),
            format!("{:?}", obs.gem_piles).replace(' ', "")
        )
    }
}

impl Study for dwarfs_hold::Hold {
    const KINDS: &'static [&'static str] = &["offer", "accept", "fight", "vt", "event"];
    fn kind(action: &Self::Action) -> Option<usize> {
        use dwarfs_hold::HoldAction as A;
        match action {
            A::StartOffer(_) => Some(0),
            A::Accept => Some(1),
            A::Target(_) => Some(2),
            A::BuyVt => Some(3),
            A::PlayEvent(_) | A::PlayEventOn(..) => Some(4),
            _ => None,
        }
    }
    fn by_limit(&self) -> bool {
        self.end_conditions().is_empty()
    }
    fn note(&self) -> String {
        let ends: Vec<String> = self
            .end_conditions()
            .iter()
            .map(|e| format!("{e:?}"))
            .collect();
        format!("turns={} ends={}", self.turn(), ends.join(","))
    }
}

impl Study for dwarfs_spring::Spring {
    const KINDS: &'static [&'static str] = &[
        "command", "quest", "build", "summon", "train", "engage", "explore",
    ];
    fn kind(action: &Self::Action) -> Option<usize> {
        use dwarfs_spring::SpringAction as A;
        match action {
            A::Command { .. } => Some(0),
            A::Quest { .. } => Some(1),
            A::Build { .. } => Some(2),
            A::Summon => Some(3),
            A::Train { .. } => Some(4),
            // Fight the wildland's monster (or gather where there is none).
            A::Engage => Some(5),
            A::Explore { .. } => Some(6),
            _ => None,
        }
    }
    fn by_limit(&self) -> bool {
        // Spring has no round limit: it ends after era 4 or by the expedition rule.
        false
    }
    fn note(&self) -> String {
        format!("era={}", self.flow().era)
    }
}

impl Study for dwarfs_winter::Winter {
    const KINDS: &'static [&'static str] = &["acquire", "music", "attack"];
    fn kind(action: &Self::Action) -> Option<usize> {
        use dwarfs_winter::WinterAction as A;
        match action {
            A::Acquire { .. } => Some(0),
            A::PlayMusic(_) => Some(1),
            A::Attack(_) => Some(2),
            _ => None,
        }
    }
    fn by_limit(&self) -> bool {
        // Winter ends after week 7 or when the castle falls: no limit of ours.
        false
    }
    fn note(&self) -> String {
        format!("week={}", self.week())
    }
}

/// What one seat plays: kinds it never plays, kinds it favours (bit masks over
/// [`Study::KINDS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct SeatProfile {
    forbid: u32,
    favour: u32,
}

/// How much more a favoured kind weighs.
const FAVOUR: u32 = 8;

/// A game whose seats play profiles: forbidden actions are not listed for their seat (unless
/// nothing else is legal), favoured ones weigh more. Every other hook that shapes a search
/// (`evaluate`, `rollout_horizon`, `max_steps`) must forward to the game's own: one left to the
/// trait's default studies another bot. `action_weights` alone keeps the default on purpose: it
/// asks this wrapper's `action_weight` for each action, so the profiles and `--weight` apply.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
struct Profiled<G: Study> {
    inner: G,
    seats: [SeatProfile; 8],
    /// Weights that replace the game's for a kind, every seat (0: the game's own).
    weights: [u32; 8],
}

impl<G: Study> Profiled<G> {
    fn filter(&self, seat: Seat, out: &mut Vec<G::Action>) {
        let forbid = self.seats.get(seat.index()).map_or(0, |p| p.forbid);
        if forbid == 0 {
            return;
        }
        let banned = |a: &G::Action| G::kind(a).is_some_and(|k| forbid & (1 << k) != 0);
        if out.iter().any(|a| !banned(a)) {
            out.retain(|a| !banned(a));
        }
    }
}

impl<G: Study> Game for Profiled<G> {
    type Options = G::Options;
    type Action = G::Action;
    type Event = G::Event;
    type Observation = G::Observation;
    type Error = G::Error;
    const NAME: &'static str = G::NAME;
    const RULES_VERSION: u32 = G::RULES_VERSION;
    const MIN_PLAYERS: u8 = G::MIN_PLAYERS;
    const MAX_PLAYERS: u8 = G::MAX_PLAYERS;

    fn data_digest() -> DataDigest {
        G::data_digest()
    }
    fn new(options: &Self::Options, players: u8) -> Result<Self, SetupError> {
        Ok(Profiled {
            inner: G::new(options, players)?,
            seats: [SeatProfile::default(); 8],
            weights: [0; 8],
        })
    }
    fn options(&self) -> &Self::Options {
        self.inner.options()
    }
    fn players(&self) -> u8 {
        self.inner.players()
    }
    fn to_act(&self) -> Actor {
        self.inner.to_act()
    }
    fn legal_actions(&self, out: &mut Vec<Self::Action>) {
        self.inner.legal_actions(out);
        if let Actor::Seat(s) = self.inner.to_act() {
            self.filter(s, out);
        }
    }
    fn legal_actions_for(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        self.inner.legal_actions_for(seat, out);
        self.filter(seat, out);
    }
    fn apply_simultaneous(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, PlayError<Self::Error>> {
        self.inner.apply_simultaneous(seat, action)
    }
    fn apply_action(&mut self, action: &Self::Action) -> Result<Vec<Self::Event>, Self::Error> {
        self.inner.apply_action(action)
    }
    fn resolve_chance(&mut self, entropy: Entropy) -> Result<Vec<Self::Event>, ChanceError> {
        self.inner.resolve_chance(entropy)
    }
    fn observe(&self, viewer: Viewer) -> Self::Observation {
        self.inner.observe(viewer)
    }
    fn determinize(&self, viewer: Viewer, entropy: Entropy) -> Self {
        Profiled {
            inner: self.inner.determinize(viewer, entropy),
            seats: self.seats,
            weights: self.weights,
        }
    }
    fn action_weight(&self, seat: Seat, action: &Self::Action) -> u32 {
        let kind = G::kind(action);
        let w = match kind.and_then(|k| self.weights.get(k)) {
            Some(&w) if w > 0 => w,
            _ => self.inner.action_weight(seat, action),
        };
        let favour = self.seats.get(seat.index()).map_or(0, |p| p.favour);
        match kind {
            Some(k) if favour & (1 << k) != 0 => w.max(1) * FAVOUR,
            _ => w,
        }
    }
    fn evaluate(&self, out: &mut [u16]) -> bool {
        self.inner.evaluate(out)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
    fn describe(&self, action: &Self::Action) -> String {
        self.inner.describe(action)
    }
    fn describe_event(&self, event: &Self::Event) -> Option<String> {
        self.inner.describe_event(event)
    }
    fn max_steps(players: u8) -> usize {
        G::max_steps(players)
    }
    fn rollout_horizon(players: u8) -> u32 {
        G::rollout_horizon(players)
    }
}

/// The command line.
struct Args {
    game: String,
    players: u8,
    games: u64,
    first: u64,
    iters: u32,
    level: Level,
    profile: Option<(bool, String)>,
    weights: Vec<(String, u32)>,
    /// Every seat's rollout cut, if not the game's horizon.
    cut: Option<u32>,
    /// The profiled seat's rollout cut (`--profile cut:N`).
    prof_cut: Option<u32>,
    third: bool,
    nightmare: bool,
}

fn parse() -> Result<Args, String> {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: balance <fall|hold|winter|spring> <players> <games> [--iters N] \
                 [--level L] [--first S] [--profile forbid:KIND|favour:KIND|list] \
                 [--weight KIND:W] [--cut N] [--profile cut:N] [--third] [--nightmare]";
    let num = |i: usize| raw.get(i).and_then(|s| s.parse::<u64>().ok()).ok_or(usage);
    let mut a = Args {
        game: raw.first().cloned().ok_or(usage)?,
        players: num(1)? as u8,
        games: num(2)?,
        first: 0,
        iters: 300,
        level: Level::Normal,
        profile: None,
        weights: Vec::new(),
        cut: None,
        prof_cut: None,
        third: false,
        nightmare: false,
    };
    let mut i = 3;
    while i < raw.len() {
        let value = raw.get(i + 1).cloned().unwrap_or_default();
        match raw[i].as_str() {
            "--iters" => a.iters = value.parse().map_err(|_| usage)?,
            "--first" => a.first = value.parse().map_err(|_| usage)?,
            "--level" => a.level = value.parse().map_err(|e| format!("{e}"))?,
            "--cut" => a.cut = Some(value.parse().map_err(|_| usage)?),
            "--profile" if value.starts_with("cut:") => {
                a.prof_cut = Some(value["cut:".len()..].parse().map_err(|_| usage)?)
            }
            "--profile" => {
                a.profile = Some(match value.split_once(':') {
                    Some(("forbid", k)) => (true, k.to_string()),
                    Some(("favour", k)) => (false, k.to_string()),
                    _ => (true, value.clone()),
                })
            }
            "--weight" => {
                let (k, w) = value.split_once(':').ok_or(usage)?;
                let w = w.parse().map_err(|_| usage)?;
                if w == 0 {
                    return Err("a weight is at least 1".to_string());
                }
                a.weights.push((k.to_string(), w));
            }
            "--third" => {
                a.third = true;
                i += 1;
                continue;
            }
            "--nightmare" => {
                a.nightmare = true;
                i += 1;
                continue;
            }
            _ => return Err(usage.to_string()),
        }
        i += 2;
    }
    Ok(a)
}

/// A 95% Wilson interval for `k` successes in `n`, in percent.
fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 100.0);
    }
    let z = 1.96;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (100.0 * (c - h).max(0.0), 100.0 * (c + h).min(1.0))
}

fn share(k: f64, n: f64) -> String {
    let (lo, hi) = wilson(k, n);
    format!("{:.1}% ({lo:.1}-{hi:.1})", 100.0 * k / n.max(1.0))
}

/// The index of kind `k` in [`Study::KINDS`].
fn kind_index<G: Study>(k: &str) -> Result<usize, String> {
    G::KINDS
        .iter()
        .position(|n| *n == k)
        .ok_or_else(|| format!("unknown kind {k}; kinds: {:?}", G::KINDS))
}

fn run<G: Study>(a: &Args, options: G::Options) -> Result<(), String> {
    let mut weights = [0u32; 8];
    for (k, w) in &a.weights {
        weights[kind_index::<G>(k)?] = *w;
    }
    let profile = match &a.profile {
        None if a.prof_cut.is_some() => Some(SeatProfile {
            forbid: 0,
            favour: 0,
        }),
        None => None,
        Some((_, k)) if k == "list" => return Err(format!("kinds: {:?}", G::KINDS)),
        Some((forbid, k)) => {
            let i = kind_index::<G>(k)?;
            Some(if *forbid {
                SeatProfile {
                    forbid: 1 << i,
                    favour: 0,
                }
            } else {
                SeatProfile {
                    forbid: 0,
                    favour: 1 << i,
                }
            })
        }
    };
    let with_cut = |config: SearchConfig, cut: Option<u32>| match cut {
        Some(n) => SearchConfig {
            rollout: RolloutPolicy {
                cut: Cut::After(n),
                ..config.rollout
            },
            ..config
        },
        None => config,
    };
    let config = with_cut(
        a.level.config().with_budget(Budget::iterations(a.iters)),
        a.cut,
    );
    // `config` holds every seat's cut already; the profiled seat's replaces it.
    let prof_config = with_cut(config, a.prof_cut);
    let n = a.players as usize;
    let mut wins = vec![0.0f64; n];
    let (mut prof_win, mut limits, mut moves, mut done) = (0.0f64, 0u64, 0u64, 0u64);
    let (mut all_lost, mut kinds_played) = (0u64, vec![0u64; G::KINDS.len()]);
    let mut kinds_others = vec![0u64; G::KINDS.len()];
    let mut out = std::io::stdout().lock();
    for seed in a.first..a.first + a.games {
        let mut state = Profiled::<G>::new(&options, a.players).map_err(|e| e.to_string())?;
        state.weights = weights;
        let prof_seat = profile.map(|p| {
            let s = (seed % a.players as u64) as usize;
            state.seats[s] = p;
            s
        });
        let mut bots: Vec<SearchBot> = (0..n)
            .map(|s| {
                let config = if Some(s) == prof_seat {
                    prof_config
                } else {
                    config
                };
                SearchBot::new(config, seed * 16 + s as u64 + 1)
            })
            .collect();
        let mut chance = SeedStream::new(seed);
        let mut steps = 0u64;
        let outcome = loop {
            match state.to_act() {
                Actor::Over => break state.outcome().ok_or("over without an outcome")?,
                Actor::Chance => {
                    state
                        .resolve_chance(chance.next_entropy())
                        .map_err(|e| e.to_string())?;
                }
                actor => {
                    let seat = actor.deciding().iter().next().ok_or("no seat decides")?;
                    let legal = state.legal_actions_for_vec(seat);
                    let i = if legal.len() == 1 {
                        0
                    } else {
                        bots[seat.index()].choose(&SeatView::new(&state, seat), &legal)
                    };
                    let action = legal.get(i).ok_or("bad choice")?;
                    if let Some(k) = G::kind(action) {
                        if Some(seat.index()) == prof_seat {
                            kinds_played[k] += 1;
                        } else {
                            kinds_others[k] += 1;
                        }
                    }
                    state
                        .play(seat, action)
                        .map_err(|e| format!("seed {seed}: {e}"))?;
                    steps += 1;
                }
            }
            if steps > G::max_steps(a.players) as u64 {
                return Err(format!("seed {seed}: no end"));
            }
        };
        let limit = state.inner.by_limit();
        done += 1;
        moves += steps;
        limits += limit as u64;
        all_lost += outcome.all_lost as u64;
        if !outcome.all_lost && !outcome.winners.is_empty() {
            let w = 1.0 / outcome.winners.len() as f64;
            for s in &outcome.winners {
                wins[s.index()] += w;
                if Some(s.index()) == prof_seat {
                    prof_win += w;
                }
            }
        }
        let winners: Vec<String> = outcome.winners.iter().map(|s| s.0.to_string()).collect();
        let scores: Vec<String> = outcome.scores.iter().map(|s| s.total.to_string()).collect();
        // Points by category, summed over the seats.
        let mut cats: Vec<(String, i32)> = Vec::new();
        for line in outcome.scores.iter().flat_map(|s| &s.breakdown) {
            let name = line.category.replace(' ', "_");
            match cats.iter_mut().find(|(c, _)| *c == name) {
                Some((_, p)) => *p += line.points,
                None => cats.push((name, line.points)),
            }
        }
        let cats: Vec<String> = cats.iter().map(|(c, p)| format!("{c}:{p}")).collect();
        writeln!(
            out,
            "{} seed={seed} prof={} win={} lost={} scores={} limit={} moves={steps} cats={} {}",
            G::NAME,
            prof_seat.map_or("-".to_string(), |s| s.to_string()),
            winners.join(","),
            outcome.all_lost as u8,
            scores.join(","),
            limit as u8,
            cats.join(","),
            state.inner.note(),
        )
        .map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
    let g = done as f64;
    let decided = g - all_lost as f64;
    writeln!(
        out,
        "summary {} {}p games={done} iters={} level={} profile={:?} profile_cut={:?} cut={:?} \
         weights={:?}",
        G::NAME,
        a.players,
        a.iters,
        a.level,
        a.profile,
        a.prof_cut,
        a.cut,
        a.weights
    )
    .map_err(|e| e.to_string())?;
    for (s, w) in wins.iter().enumerate() {
        writeln!(out, "  seat {}: {}", s + 1, share(*w, decided)).map_err(|e| e.to_string())?;
    }
    if profile.is_some() {
        writeln!(
            out,
            "  profiled seat: {} (fair {:.1}%); its kinds played per game {:?}",
            share(prof_win, decided),
            100.0 / n as f64,
            kinds_played
                .iter()
                .map(|k| format!("{:.1}", *k as f64 / g))
                .collect::<Vec<_>>()
        )
        .map_err(|e| e.to_string())?;
    }
    let others = (n - profile.is_some() as usize).max(1) as f64;
    writeln!(
        out,
        "  kinds {:?} played per game by each other seat: {:?}",
        G::KINDS,
        kinds_others
            .iter()
            .map(|k| format!("{:.1}", *k as f64 / g / others))
            .collect::<Vec<_>>()
    )
    .map_err(|e| e.to_string())?;
    writeln!(
        out,
        "  ended by the limit: {}; all lost: {}; decisions/game {:.0}",
        share(limits as f64, g),
        share(all_lost as f64, g),
        moves as f64 / g
    )
    .map_err(|e| e.to_string())?;
    Ok(())
}

fn main() {
    let result = parse().and_then(|a| match a.game.as_str() {
        "fall" => {
            let mut o = dwarfs_fall::FallOptions::default();
            if a.third {
                o.edition = dwarfs_fall::Edition::Third;
            }
            run::<dwarfs_fall::Fall>(&a, o)
        }
        "hold" => run::<dwarfs_hold::Hold>(&a, Default::default()),
        "spring" => run::<dwarfs_spring::Spring>(&a, Default::default()),
        "winter" => {
            let o = dwarfs_winter::WinterOptions {
                nightmare: a.nightmare,
                ..Default::default()
            };
            run::<dwarfs_winter::Winter>(&a, o)
        }
        g => Err(format!("unknown game {g}")),
    });
    if let Err(e) = result {
        eprintln!("{e}");
        std::process::exit(2);
    }
}
