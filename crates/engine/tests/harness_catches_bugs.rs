//! The conformance harness must fail on broken games, or passing it would prove nothing.

use dwarfs_engine::conformance::{Config, check};
use dwarfs_engine::toy::{Pig, PigAction, PigError, PigEvent, PigObservation, PigOptions};
use dwarfs_engine::{Actor, ChanceError, DataDigest, Entropy, Game, Outcome, SetupError, Viewer};
use serde::{Deserialize, Serialize};

/// Which bug the wrapped game has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
enum Bug {
    #[default]
    AcceptsUnlisted,
    DirtiesOnError,
    NeverEnds,
    ListsTwice,
}

#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
struct BuggyOptions {
    bug: Bug,
}

impl dwarfs_engine::options::GameOptions for BuggyOptions {
    fn specs() -> &'static [dwarfs_engine::options::OptionSpec] {
        &[]
    }
    fn from_values(
        _: &dwarfs_engine::options::OptionValues,
    ) -> Result<Self, dwarfs_engine::SetupError> {
        Ok(Self::default())
    }
    fn to_values(&self) -> dwarfs_engine::options::OptionValues {
        Default::default()
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Buggy {
    inner: Pig,
    bug: Bug,
    junk: u32,
    opts: BuggyOptions,
}

impl Game for Buggy {
    type Options = BuggyOptions;
    type Action = PigAction;
    type Event = PigEvent;
    type Observation = PigObservation;
    type Error = PigError;
    const NAME: &'static str = "buggy";
    const RULES_VERSION: u32 = 1;
    const MIN_PLAYERS: u8 = 1;
    const MAX_PLAYERS: u8 = 8;

    fn data_digest() -> DataDigest {
        [0; 32]
    }
    fn new(options: &BuggyOptions, players: u8) -> Result<Self, SetupError> {
        Ok(Buggy {
            inner: Pig::new(&PigOptions::default(), players)?,
            bug: options.bug,
            junk: 0,
            opts: options.clone(),
        })
    }
    fn options(&self) -> &BuggyOptions {
        &self.opts
    }
    fn players(&self) -> u8 {
        self.inner.players()
    }
    fn to_act(&self) -> Actor {
        self.inner.to_act()
    }
    fn legal_actions(&self, out: &mut Vec<PigAction>) {
        self.inner.legal_actions(out);
        if self.bug == Bug::ListsTwice
            && let Some(last) = out.last().cloned()
        {
            out.push(last);
        }
    }
    fn apply_action(&mut self, a: &PigAction) -> Result<Vec<PigEvent>, PigError> {
        match (self.bug, self.inner.apply_action(a)) {
            (Bug::AcceptsUnlisted, Err(_)) => Ok(vec![]),
            (Bug::DirtiesOnError, Err(e)) => {
                self.junk += 1;
                Err(e)
            }
            (Bug::NeverEnds, r) => {
                if self.inner.to_act() == Actor::Over {
                    self.inner = Pig::new(&PigOptions::default(), self.players()).unwrap();
                }
                r
            }
            (_, r) => r,
        }
    }
    fn resolve_chance(&mut self, e: Entropy) -> Result<Vec<PigEvent>, ChanceError> {
        self.inner.resolve_chance(e)
    }
    fn observe(&self, v: Viewer) -> PigObservation {
        self.inner.observe(v)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
    fn describe(&self, a: &PigAction) -> String {
        self.inner.describe(a)
    }
    fn describe_event(&self, e: &PigEvent) -> Option<String> {
        self.inner.describe_event(e)
    }
    fn max_steps(players: u8) -> usize {
        Pig::max_steps(players)
    }
}

fn fails_with(bug: Bug) -> String {
    match check::<Buggy>(&BuggyOptions { bug }, &Config::new(2, 0..20)) {
        Ok(r) => panic!("{bug:?} went unnoticed: {r:?}"),
        Err(f) => f.message,
    }
}

#[test]
fn accepting_an_unlisted_action_is_caught() {
    assert!(fails_with(Bug::AcceptsUnlisted).contains("was accepted"));
}

#[test]
fn changing_state_on_a_rejected_action_is_caught() {
    assert!(fails_with(Bug::DirtiesOnError).contains("changed the state"));
}

#[test]
fn a_game_that_never_ends_is_caught() {
    assert!(fails_with(Bug::NeverEnds).contains("did not end"));
}

#[test]
fn listing_an_action_twice_is_caught() {
    assert!(fails_with(Bug::ListsTwice).contains("listed twice"));
}
