//! The generic suite that every registered game runs, with no per-game copy (OpenSpiel style).
//!
//! [`conformance`](crate::conformance) plays random games with every refusal and round trip
//! checked; this module adds what needs a whole game's view of hidden information and of
//! players:
//! - [`termination`]: deterministic players (always the first legal action, always the last, and
//!   any chooser the caller brings, such as the takeover bot) reach the end within
//!   [`Game::max_steps`];
//! - [`hidden_information`]: determinization and non-interference. At sampled states, for every
//!   viewer, [`Game::determinize`] redraws everything the viewer cannot see (other hands, secret
//!   choices, decks); the viewer's observation of the sampled state must be exactly that of the
//!   real one, so what a seat observes never depends on what only others know; nor do the
//!   deciding viewer's legal actions and their weights ([`Game::action_weight`], a bot's
//!   knowledge), so a bot reads only what its seat may see. The sampled
//!   state must keep the game's invariants and play on under the same decisions, and events
//!   redacted for a viewer stay as they are when redacted again;
//! - [`golden`]: fixed (seed, players) random playouts whose final state hashes are pinned.

use crate::bot::Chooser;
use crate::chance::SeedStream;
use crate::codec;
use crate::conformance::Failure;
use crate::game::Game;
use crate::hash::state_hash;
use crate::playout::{random_playout, replay_steps};
use crate::seat::{Actor, Seat, Viewer};
use std::ops::Range;

/// A deterministic player for [`termination`]: always the first or always the last legal action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixed {
    /// Always the first legal action.
    First,
    /// Always the last legal action.
    Last,
}

impl<G: Game> Chooser<G> for Fixed {
    fn pick(&mut self, _state: &G, _seat: Seat, legal: &[G::Action]) -> usize {
        match self {
            Fixed::First => 0,
            Fixed::Last => legal.len().saturating_sub(1),
        }
    }
}

/// Plays one game per seed with `chooser` deciding for every seat, and fails if one does not end
/// within the game's step bound, if a position (full state hash) ever comes back (a game that can
/// repeat a position can loop forever under a deterministic player), or if a rule breaks on the
/// way. `name` says which player it was. Returns the longest game in steps.
pub fn termination<G: Game>(
    options: &G::Options,
    players: u8,
    seeds: Range<u64>,
    name: &str,
    chooser: &mut dyn Chooser<G>,
) -> Result<usize, Failure> {
    let mut longest = 0;
    for seed in seeds {
        let fail = |step: usize, message: String| Failure {
            seed,
            step,
            message: format!("{players} players, every seat played by {name}: {message}"),
        };
        let mut state = G::new(options, players).map_err(|e| fail(0, e.to_string()))?;
        let mut chance = SeedStream::new(seed);
        let mut seen = std::collections::BTreeSet::new();
        let max = G::max_steps(players);
        let mut ended = false;
        for step in 0..max {
            let hash = state_hash(&state).map_err(|e| fail(step, e.to_string()))?;
            if !seen.insert(hash) {
                return Err(fail(step, "a position came back".into()));
            }
            match state.to_act() {
                Actor::Over => {
                    longest = longest.max(step);
                    ended = true;
                    break;
                }
                Actor::Chance => state
                    .resolve_chance(chance.next_entropy())
                    .map(|_| ())
                    .map_err(|e| fail(step, e.to_string()))?,
                actor @ (Actor::Seat(_) | Actor::Simultaneous(_)) => {
                    let Some(seat) = actor.deciding().iter().next() else {
                        return Err(fail(step, "nobody decides".into()));
                    };
                    let legal = state.legal_actions_for_vec(seat);
                    if legal.is_empty() {
                        return Err(fail(step, format!("{seat} has no legal action")));
                    }
                    let i = chooser.pick(&state, seat, &legal).min(legal.len() - 1);
                    state
                        .play(seat, &legal[i])
                        .map(|_| ())
                        .map_err(|e| fail(step, format!("listed action refused: {e}")))?;
                }
            }
        }
        if !ended {
            return Err(fail(
                max,
                format!("the game did not end within {max} steps"),
            ));
        }
    }
    Ok(longest)
}

/// What [`hidden_information`] compared.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HiddenReport {
    /// (state, viewer) pairs determinized and compared.
    pub determinized: usize,
    /// Of those, how many sampled states differed from the real one (hidden parts redrawn).
    pub resampled: usize,
    /// Public decisions played in both the real and the sampled state and compared after.
    pub followed: usize,
}

/// Determinization and non-interference along random games (see the module doc). Every
/// `every`-th step of each seed's game is examined, for every seat and a spectator, with
/// `samples` determinizations each.
pub fn hidden_information<G: Game>(
    options: &G::Options,
    players: u8,
    seeds: Range<u64>,
    every: usize,
    samples: u8,
) -> Result<HiddenReport, Failure> {
    let mut report = HiddenReport::default();
    for seed in seeds {
        let fail = |step: usize, message: String| Failure {
            seed,
            step,
            message,
        };
        let mut state = G::new(options, players).map_err(|e| fail(0, e.to_string()))?;
        let mut chance = SeedStream::new(seed);
        let mut choices = SeedStream::derive(seed, "suite choices");
        let max = G::max_steps(players);
        for step in 0..max {
            if step % every.max(1) == every.max(1) / 2 {
                for viewer in Viewer::all(players) {
                    for k in 0..samples {
                        let entropy =
                            *blake3::hash(&[&seed.to_le_bytes()[..], &[k]].concat()).as_bytes();
                        compare_sample(&state, viewer, entropy, &mut choices, &mut report)
                            .map_err(|m| fail(step, format!("{viewer:?}, sample {k}: {m}")))?;
                    }
                }
            }
            match state.to_act() {
                Actor::Over => break,
                Actor::Chance => {
                    state
                        .resolve_chance(chance.next_entropy())
                        .map_err(|e| fail(step, e.to_string()))?;
                }
                Actor::Seat(_) | Actor::Simultaneous(_) => {
                    let (seat, action) = pick_decision(&state, &mut choices)
                        .ok_or_else(|| fail(step, "a seat must act with no legal action".into()))?;
                    state
                        .play(seat, &action)
                        .map_err(|e| fail(step, format!("listed action rejected: {e}")))?;
                }
            }
        }
    }
    Ok(report)
}

/// A seat that decides now and one of its legal actions, chosen by `choices`.
fn pick_decision<G: Game>(state: &G, choices: &mut SeedStream) -> Option<(Seat, G::Action)> {
    let deciding: Vec<Seat> = state.to_act().deciding().iter().collect();
    if deciding.is_empty() {
        return None;
    }
    let seat = deciding[choices.choose(deciding.len())];
    let legal = state.legal_actions_for_vec(seat);
    if legal.is_empty() {
        return None;
    }
    let action = legal[choices.choose(legal.len())].clone();
    Some((seat, action))
}

/// One determinization of `real` for `viewer`, checked and then followed for a few public
/// decisions beside the real state.
fn compare_sample<G: Game>(
    real: &G,
    viewer: Viewer,
    entropy: [u8; 32],
    choices: &mut SeedStream,
    report: &mut HiddenReport,
) -> Result<(), String> {
    let sampled = real.determinize(viewer, entropy);
    if sampled.observe(viewer) != real.observe(viewer) {
        return Err("the determinized state is observed differently from the real one".into());
    }
    if sampled.players() != real.players() || sampled.to_act() != real.to_act() {
        return Err("the determinized state has other seats or another actor".into());
    }
    sampled
        .check_invariants()
        .map_err(|m| format!("the determinized state breaks an invariant: {m}"))?;
    if real.determinize(viewer, entropy).observe(viewer) != sampled.observe(viewer)
        || hash_of(&real.determinize(viewer, entropy))? != hash_of(&sampled)?
    {
        return Err("determinize is not a function of the entropy".into());
    }
    if let Viewer::Seat(v) = viewer
        && real.legal_actions_for_vec(v) != sampled.legal_actions_for_vec(v)
    {
        return Err("the viewer's legal actions depend on what it cannot see".into());
    }
    if let Viewer::Seat(v) = viewer
        && real.to_act().deciding().contains(v)
    {
        // A bot's knowledge (its rollout and move-ordering weights) reads only what its seat
        // may see: the weights are the same on every state the seat cannot tell apart.
        let legal = real.legal_actions_for_vec(v);
        let weights = weights_agree(real, v, &legal)?;
        for (action, &seen) in legal.iter().zip(&weights) {
            let guessed = sampled.action_weight(v, action);
            if seen != guessed {
                return Err(format!(
                    "the viewer's weight of {action:?} depends on what it cannot see \
                     ({seen} on the real state, {guessed} on a determinization)"
                ));
            }
        }
    }
    report.determinized += 1;
    if hash_of(&sampled)? != hash_of(real)? {
        report.resampled += 1;
    }
    // The sampled state plays on: the same decisions, while they are legal in both, keep it
    // consistent. (What the viewer is shown afterwards may rightly differ: an action can reveal
    // hidden information to it, like a stolen gem or a look at a hand.)
    let (mut a, mut b) = (real.clone(), sampled);
    for _ in 0..6 {
        if !matches!(a.to_act(), Actor::Seat(_) | Actor::Simultaneous(_))
            || a.to_act() != b.to_act()
            || a.observe(viewer) != b.observe(viewer)
        {
            // Chance, or something was revealed to the viewer: the two may rightly part.
            break;
        }
        let Some((seat, action)) = pick_decision(&a, choices) else {
            break;
        };
        if !b.legal_actions_for_vec(seat).contains(&action) {
            if Viewer::Seat(seat) == viewer {
                return Err(format!(
                    "the viewer's own legal action {action:?} is not legal in the sampled state"
                ));
            }
            break;
        }
        let ea = a
            .play(seat, &action)
            .map_err(|e| format!("the real state refused a listed action: {e}"))?;
        let eb = b
            .play(seat, &action)
            .map_err(|e| format!("the sampled state refused its listed action {action:?}: {e}"))?;
        b.check_invariants()
            .map_err(|m| format!("the sampled state broke an invariant after {action:?}: {m}"))?;
        for (events, state) in [(&ea, &a), (&eb, &b)] {
            for shown_once in events.iter().filter_map(|e| state.redact_event(e, viewer)) {
                let twice = state.redact_event(&shown_once, viewer);
                let once = codec::encode(&shown_once).map_err(|e| e.to_string())?;
                if twice.map(|e| codec::encode(&e).ok()) != Some(Some(once)) {
                    return Err(format!(
                        "redacting an event already redacted for the viewer changed it: \
                         {shown_once:?}"
                    ));
                }
            }
        }
        report.followed += 1;
    }
    Ok(())
}

/// One pinned random playout: `players` seats, `seed`, and the hex state hash it must end with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Golden {
    /// Seats.
    pub players: u8,
    /// The playout's seed ([`random_playout`]).
    pub seed: u64,
    /// The final state hash, in hex.
    pub hash: &'static str,
}

/// Plays each golden vector and returns the lines to pin for those whose hash changed (empty
/// when all match). Each playout is also re-run from its recorded steps, which must give the
/// same hash.
pub fn golden<G: Game>(options: &G::Options, vectors: &[Golden]) -> Result<Vec<String>, String> {
    let mut wrong = Vec::new();
    for v in vectors {
        let p = random_playout::<G>(options, v.players, v.seed, true)
            .map_err(|e| format!("golden ({}, {}): {e}", v.players, v.seed))?;
        let got = p
            .hash()
            .map_err(|e| format!("golden ({}, {}): {e}", v.players, v.seed))?
            .to_hex();
        let again = replay_steps::<G>(options, v.players, &p.steps)
            .map_err(|e| format!("golden ({}, {}) replay: {e}", v.players, v.seed))?;
        if hash_of(&again)?.to_hex() != got {
            return Err(format!(
                "golden ({}, {}): re-running the recorded steps gave another hash",
                v.players, v.seed
            ));
        }
        if got != v.hash {
            wrong.push(format!(
                "Golden {{ players: {}, seed: {}, hash: \"{got}\" }},",
                v.players, v.seed
            ));
        }
    }
    Ok(wrong)
}

/// A state's hash, or why it has none, for the suite's reports.
/// The weights of `legal` (`seat`'s legal actions in `state`), once [`Game::action_weights`]
/// (all at once) has been checked to give exactly what [`Game::action_weight`] gives each action
/// alone; an error shows both lists.
pub fn weights_agree<G: Game>(
    state: &G,
    seat: Seat,
    legal: &[G::Action],
) -> Result<Vec<u32>, String> {
    let mut all_at_once = Vec::new();
    state.action_weights(seat, legal, &mut all_at_once);
    let one_by_one: Vec<u32> = legal.iter().map(|a| state.action_weight(seat, a)).collect();
    if all_at_once != one_by_one {
        return Err(format!(
            "action_weights gives other weights than action_weight one action at a time \
             ({all_at_once:?} against {one_by_one:?})"
        ));
    }
    Ok(one_by_one)
}

fn hash_of<G: Game>(state: &G) -> Result<crate::hash::StateHash, String> {
    state_hash(state).map_err(|e| format!("the state cannot be encoded: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::toy::{Pig, PigOptions};

    fn wagers() -> PigOptions {
        PigOptions {
            wagers: true,
            ..Default::default()
        }
    }

    #[test]
    fn deterministic_players_finish_pig() {
        for o in [PigOptions::default(), wagers()] {
            for players in [1, 3] {
                termination::<Pig>(&o, players, 0..5, "first", &mut Fixed::First).unwrap();
                termination::<Pig>(&o, players, 0..5, "last", &mut Fixed::Last).unwrap();
            }
        }
    }

    #[test]
    fn a_player_that_never_ends_the_game_is_caught() {
        // Always rolling never banks, but Pig still ends by its round limit; a game whose bound
        // is too small for its players must fail, so shrink the bound with a target nobody
        // reaches and rounds beyond `max_steps`.
        let o = PigOptions {
            target: u16::MAX,
            max_rounds: u16::MAX,
            wagers: false,
        };
        let err = termination::<Pig>(&o, 2, 0..1, "first", &mut Fixed::First).unwrap_err();
        assert!(err.message.contains("did not end"), "{err}");
    }

    #[test]
    fn pig_hides_bonus_cards_and_wagers() {
        let r = hidden_information::<Pig>(&wagers(), 3, 0..6, 5, 3).unwrap();
        assert!(r.determinized > 100, "{r:?}");
        assert!(r.resampled > 0 && r.followed > 0, "{r:?}");
    }

    /// A Pig that leaks every bonus card: in its observation, or (`WEIGHTS`) only in the weights
    /// a bot plays by.
    #[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
    struct Leaky<const WEIGHTS: bool>(Pig);

    impl<const WEIGHTS: bool> Leaky<WEIGHTS> {
        fn bonus_cards(&self) -> Vec<u8> {
            Seat::all(self.players())
                .map(|s| self.0.observe(Viewer::Seat(s)).own_bonus.unwrap_or(9))
                .collect()
        }
    }

    impl<const WEIGHTS: bool> Game for Leaky<WEIGHTS> {
        type Options = PigOptions;
        type Action = <Pig as Game>::Action;
        type Event = <Pig as Game>::Event;
        type Observation = (<Pig as Game>::Observation, Vec<u8>);
        type Error = <Pig as Game>::Error;
        const NAME: &'static str = "leaky";
        const RULES_VERSION: u32 = 1;
        const MIN_PLAYERS: u8 = 1;
        const MAX_PLAYERS: u8 = 8;
        fn data_digest() -> crate::DataDigest {
            Pig::data_digest()
        }
        fn new(o: &PigOptions, p: u8) -> Result<Self, crate::SetupError> {
            Pig::new(o, p).map(Leaky)
        }
        fn options(&self) -> &PigOptions {
            self.0.options()
        }
        fn players(&self) -> u8 {
            self.0.players()
        }
        fn to_act(&self) -> Actor {
            self.0.to_act()
        }
        fn legal_actions(&self, out: &mut Vec<Self::Action>) {
            self.0.legal_actions(out)
        }
        fn apply_action(&mut self, a: &Self::Action) -> Result<Vec<Self::Event>, Self::Error> {
            self.0.apply_action(a)
        }
        fn resolve_chance(
            &mut self,
            e: crate::Entropy,
        ) -> Result<Vec<Self::Event>, crate::ChanceError> {
            self.0.resolve_chance(e)
        }
        fn observe(&self, v: Viewer) -> Self::Observation {
            let shown = if WEIGHTS {
                Vec::new()
            } else {
                self.bonus_cards()
            };
            (self.0.observe(v), shown)
        }
        fn determinize(&self, v: Viewer, e: crate::Entropy) -> Self {
            Leaky(self.0.determinize(v, e))
        }
        fn action_weight(&self, _seat: Seat, _action: &Self::Action) -> u32 {
            if WEIGHTS {
                1 + self.bonus_cards().iter().map(|&b| b as u32).sum::<u32>()
            } else {
                1
            }
        }
        fn outcome(&self) -> Option<crate::Outcome> {
            self.0.outcome()
        }
        fn describe(&self, a: &Self::Action) -> String {
            self.0.describe(a)
        }
        fn describe_event(&self, e: &Self::Event) -> Option<String> {
            self.0.describe_event(e)
        }
    }

    /// A Pig whose observation shows every bonus card: the suite must catch the leak.
    #[test]
    fn a_leaking_observation_is_caught() {
        let err =
            hidden_information::<Leaky<false>>(&PigOptions::default(), 2, 0..3, 4, 4).unwrap_err();
        assert!(err.message.contains("observed differently"), "{err}");
    }

    /// A Pig whose bot weights read the other seats' bonus cards: caught, though every
    /// observation is right.
    #[test]
    fn weights_that_read_hidden_cards_are_caught() {
        let err =
            hidden_information::<Leaky<true>>(&PigOptions::default(), 2, 0..3, 4, 4).unwrap_err();
        assert!(err.message.contains("weight"), "{err}");
    }

    #[test]
    fn golden_reports_changed_hashes() {
        let p = random_playout::<Pig>(&PigOptions::default(), 2, 7, false).unwrap();
        let right = Golden {
            players: 2,
            seed: 7,
            hash: Box::leak(
                p.hash()
                    .expect("the state encodes")
                    .to_hex()
                    .into_boxed_str(),
            ),
        };
        assert_eq!(golden::<Pig>(&PigOptions::default(), &[right]), Ok(vec![]));
        let wrong = Golden {
            hash: "00",
            ..right
        };
        let lines = golden::<Pig>(&PigOptions::default(), &[wrong]).unwrap();
        assert_eq!(lines.len(), 1);
        assert!(lines[0].contains(right.hash));
    }
}
