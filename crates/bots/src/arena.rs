//! Playing whole games between bots: for tests and `dwarfs bench bots`.

use dwarfs_engine::{Actor, Bot, Game, Outcome, SeatView, SeedStream};
use web_time::{Duration, Instant};

/// One finished game between bots.
#[derive(Clone, Debug)]
pub struct Match {
    /// How it ended.
    pub outcome: Outcome,
    /// Decisions each seat made.
    pub moves: Vec<u32>,
    /// Time each seat's bot spent choosing.
    pub thinking: Vec<Duration>,
    /// The longest single choice of each seat's bot.
    pub slowest: Vec<Duration>,
    /// Processor time each seat's bot spent choosing (its thread on a core: what the choice
    /// costs whatever the machine's load), where the system tells it ([`thread_cpu_time`]).
    pub cpu: Option<Vec<Duration>>,
    /// The most processor time of a single choice of each seat's bot, where measured.
    pub slowest_cpu: Option<Vec<Duration>>,
}

/// The processor time this thread has run so far, where the system tells it (Linux:
/// `/proc/thread-self/schedstat`, in nanoseconds); `None` elsewhere.
pub fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse::<u64>().ok()?;
    Some(Duration::from_nanos(ns))
}

impl Match {
    /// Each seat's share of the win in thousandths: the winners split 1000 (nothing when
    /// everyone lost).
    pub fn win_share(&self, players: u8) -> Vec<u32> {
        let mut out = vec![0; players as usize];
        let o = &self.outcome;
        if !o.all_lost && !o.winners.is_empty() {
            for w in &o.winners {
                if let Some(x) = out.get_mut(w.index()) {
                    *x += 1000 / o.winners.len() as u32;
                }
            }
        }
        out
    }
}

/// Plays one game with `bots[i]` in seat `i`, chance from `seed`'s stream. An error names the
/// seed and what went wrong (an engine refusal, or a game longer than [`Game::max_steps`]).
pub fn play_match<G: Game>(
    options: &G::Options,
    bots: &mut [&mut dyn Bot<G>],
    seed: u64,
) -> Result<Match, String> {
    let players = bots.len() as u8;
    let mut state = G::new(options, players).map_err(|e| e.to_string())?;
    let mut chance = SeedStream::new(seed);
    let mut moves = vec![0u32; bots.len()];
    let mut thinking = vec![Duration::ZERO; bots.len()];
    let mut slowest = vec![Duration::ZERO; bots.len()];
    let mut cpu = thread_cpu_time().map(|_| vec![Duration::ZERO; bots.len()]);
    let mut slowest_cpu = cpu.clone();
    for _ in 0..G::max_steps(players) {
        match state.to_act() {
            Actor::Over => {
                let outcome = state
                    .outcome()
                    .ok_or_else(|| format!("seed {seed}: the game is over without an outcome"))?;
                return Ok(Match {
                    outcome,
                    moves,
                    thinking,
                    slowest,
                    cpu,
                    slowest_cpu,
                });
            }
            Actor::Chance => {
                state
                    .resolve_chance(chance.next_entropy())
                    .map_err(|e| format!("seed {seed}: {e}"))?;
            }
            actor => {
                let Some(seat) = actor.deciding().iter().next() else {
                    return Err(format!("seed {seed}: no seat decides at {actor:?}"));
                };
                let legal = state.legal_actions_for_vec(seat);
                if legal.is_empty() {
                    return Err(format!("seed {seed}: {seat} has no legal action"));
                }
                let cpu_before = cpu.as_ref().and_then(|_| thread_cpu_time());
                let t = Instant::now();
                let i = bots[seat.index()].choose(&SeatView::new(&state, seat), &legal);
                let took = t.elapsed();
                thinking[seat.index()] += took;
                slowest[seat.index()] = slowest[seat.index()].max(took);
                if let (Some(before), Some(after)) = (cpu_before, thread_cpu_time())
                    && let (Some(c), Some(m)) = (cpu.as_mut(), slowest_cpu.as_mut())
                {
                    // The system counts a running thread's time at its scheduler's ticks, so a
                    // short move may be charged a little of what ran before it: never more
                    // than the move's wall time.
                    let used = after.saturating_sub(before).min(took);
                    c[seat.index()] += used;
                    m[seat.index()] = m[seat.index()].max(used);
                }
                moves[seat.index()] += 1;
                let action = legal
                    .get(i)
                    .ok_or_else(|| format!("seed {seed}: the bot chose {i} of {}", legal.len()))?;
                state
                    .play(seat, action)
                    .map_err(|e| format!("seed {seed}: {e}"))?;
            }
        }
    }
    Err(format!(
        "seed {seed}: the game did not end within {} steps",
        G::max_steps(players)
    ))
}
