//! Lobby options: the edition, and the 3rd edition's scenario and Royal Decrees (reserved until
//! that edition is implemented), and the round limit.

use crate::data::{DEFAULT_ROUND_LIMIT, MAX_ROUND_LIMIT};
use dwarfs_engine::SetupError;
use serde::{Deserialize, Serialize};

/// Which rulebook to play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edition {
    /// The classic rulebook (`dwar7s-fall-classic.txt`).
    #[default]
    Classic,
    /// The 3rd edition (campfires, class meeples, Royal Decrees). Not implemented yet.
    Third,
}

/// A 3rd-edition scenario (chooses the Royal Decrees).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scenario {
    /// Hard Workers, Charming Merchants, Greedy Landlords.
    AxeGospel,
    /// Fortress, Battle Memorial, Greedy Landlords.
    Siege,
    /// Crazy Balloonists, The Dwarfs Way.
    ChaosControl,
    /// Bar Fights, Hired Hands, Experienced Beast Hunters, Battle Memorial.
    Bloodthirsty,
    /// Three random decrees, drawn at a chance point.
    FortuneTeller,
}

/// A 3rd-edition Royal Decree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Decree {
    /// A full card where no task resolves sends its meeples home.
    TheDwarfsWay,
    /// 3 dwarfs on a tavern draw 2 ogres.
    BarFights,
    /// Each defeated monster lowers the meeples needed for the next.
    ExperiencedBeastHunters,
    /// Discard an ogre for one more action.
    HiredHands,
    /// Shared kingdoms divide their VP.
    GreedyLandlords,
    /// A completed trading goal's cost counts towards a dearer one.
    CharmingMerchants,
    /// Place dwarfs only in your own kingdom or in no kingdom.
    Fortress,
    /// At most one dwarf from your pile per card each turn.
    CrazyBalloonists,
    /// Morning and night phases, the axe as first-player token.
    HardWorkers,
    /// Memorial cards replace defeated monsters and add the rotate action.
    BattleMemorial,
}

/// Options for a game of Fall.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FallOptions {
    /// Which rulebook.
    pub edition: Edition,
    /// Rounds after which the game is scored even if nobody triggered the end (1..=100; see the
    /// rules doc: a safety net so that every game ends).
    pub round_limit: u16,
    /// 3rd edition only: the scenario. Must be `None` in the classic edition.
    pub scenario: Option<Scenario>,
    /// 3rd edition only: hand-picked decrees. Must be empty in the classic edition.
    pub decrees: Vec<Decree>,
}

impl Default for FallOptions {
    fn default() -> Self {
        FallOptions {
            edition: Edition::Classic,
            round_limit: DEFAULT_ROUND_LIMIT,
            scenario: None,
            decrees: Vec::new(),
        }
    }
}

impl FallOptions {
    /// Classic options with the default round limit.
    pub fn classic() -> Self {
        Self::default()
    }

    /// Checks the options, with a message a player can act on.
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.round_limit == 0 || self.round_limit > MAX_ROUND_LIMIT {
            return Err(SetupError::Options(format!(
                "the round limit must be between 1 and {MAX_ROUND_LIMIT}, not {}",
                self.round_limit
            )));
        }
        match self.edition {
            Edition::Third => Err(SetupError::Options(
                "the 3rd edition is not implemented yet".into(),
            )),
            Edition::Classic => {
                if self.scenario.is_some() || !self.decrees.is_empty() {
                    Err(SetupError::Options(
                        "scenarios and Royal Decrees belong to the 3rd edition; the classic edition has none"
                            .into(),
                    ))
                } else {
                    Ok(())
                }
            }
        }
    }
}
