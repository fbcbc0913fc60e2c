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

impl Scenario {
    /// Every scenario.
    pub const ALL: [Scenario; 5] = [
        Scenario::AxeGospel,
        Scenario::Siege,
        Scenario::ChaosControl,
        Scenario::Bloodthirsty,
        Scenario::FortuneTeller,
    ];

    /// The decrees the scenario puts into play (Fortune Teller draws 3 at setup instead).
    pub fn decrees(self) -> &'static [Decree] {
        use Decree::*;
        match self {
            Scenario::AxeGospel => &[HardWorkers, CharmingMerchants, GreedyLandlords],
            Scenario::Siege => &[Fortress, BattleMemorial, GreedyLandlords],
            Scenario::ChaosControl => &[CrazyBalloonists, TheDwarfsWay],
            Scenario::Bloodthirsty => &[
                BarFights,
                HiredHands,
                ExperiencedBeastHunters,
                BattleMemorial,
            ],
            Scenario::FortuneTeller => &[],
        }
    }

    /// Display name.
    pub fn name(self) -> &'static str {
        match self {
            Scenario::AxeGospel => "Axe Gospel",
            Scenario::Siege => "Siege",
            Scenario::ChaosControl => "Chaos Control",
            Scenario::Bloodthirsty => "Bloodthirsty",
            Scenario::FortuneTeller => "Fortune Teller",
        }
    }
}

impl Decree {
    /// Every decree.
    pub const ALL: [Decree; 10] = [
        Decree::TheDwarfsWay,
        Decree::BarFights,
        Decree::ExperiencedBeastHunters,
        Decree::HiredHands,
        Decree::GreedyLandlords,
        Decree::CharmingMerchants,
        Decree::Fortress,
        Decree::CrazyBalloonists,
        Decree::HardWorkers,
        Decree::BattleMemorial,
    ];

    /// Display name.
    pub const fn name(self) -> &'static str {
        match self {
            Decree::TheDwarfsWay => "The Dwarfs Way",
            Decree::BarFights => "Bar Fights",
            Decree::ExperiencedBeastHunters => "Experienced Beast Hunters",
            Decree::HiredHands => "Hired Hands",
            Decree::GreedyLandlords => "Greedy Landlords",
            Decree::CharmingMerchants => "Charming Merchants",
            Decree::Fortress => "Fortress",
            Decree::CrazyBalloonists => "Crazy Balloonists",
            Decree::HardWorkers => "Hard Workers",
            Decree::BattleMemorial => "Battle Memorial",
        }
    }

    /// The decree's text, as printed (for a tooltip).
    pub const fn text(self) -> &'static str {
        match self {
            Decree::TheDwarfsWay => {
                "If, at the end of your turn, there is a kingdom card full of dwarfs but no task can be resolved, return all dwarfs to their owners. It does not apply to monster cards."
            }
            Decree::BarFights => {
                "If you have 3 dwarfs on top of an ogre tavern, you may draw 2 ogre cards (instead of 1)."
            }
            Decree::ExperiencedBeastHunters => {
                "Each defeated monster decreases the amount of meeples you need to defeat the next monster by 1, to a minimum of 3."
            }
            Decree::HiredHands => {
                "You may discard an ogre card (without using its effect) to gain 1 action this turn."
            }
            Decree::GreedyLandlords => {
                "If two or more players share a kingdom, they divide (round down) the kingdom VP by the number of players sharing the kingdom at the end of the game."
            }
            Decree::CharmingMerchants => {
                "You may use a completed trading goal's costs as resources to buy a new trading goal with a higher price. If you do, return the previous trading goal to the trading pool."
            }
            Decree::Fortress => {
                "You may place dwarfs only on cards in your own kingdom or on cards that are part of no kingdom. If there are no valid spots to place a dwarf, you may spend 1 action to rotate any one kingdom card with no meeples on it."
            }
            Decree::CrazyBalloonists => {
                "You may not place more than 1 dwarf from your pile on the same kingdom card each turn."
            }
            Decree::HardWorkers => {
                "Use the axe as the first player's token. Morning: each player, from the first, performs actions only. Night: each player, from the first, resolves and then discards. Then the axe passes to the next player."
            }
            Decree::BattleMemorial => {
                "When a monster is killed, a Memorial card takes its place. New action: rotate any one empty kingdom card by 90 degrees in either direction."
            }
        }
    }

    /// True once the engine implements the decree (the others are refused at setup).
    pub fn implemented(self) -> bool {
        true
    }
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
    /// The decrees fixed by the options (a scenario's, or the hand-picked ones), one bit per
    /// [`Decree`]. Fortune Teller's decrees are drawn at setup instead.
    pub fn decree_bits(&self) -> u16 {
        let from_scenario = self.scenario.map_or(&[][..], |s| s.decrees());
        self.decrees
            .iter()
            .chain(from_scenario)
            .fold(0, |bits, d| bits | (1 << *d as u16))
    }

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
            Edition::Third => {
                if self.scenario.is_some() && !self.decrees.is_empty() {
                    return Err(SetupError::Options(
                        "choose either a scenario or hand-picked decrees, not both".into(),
                    ));
                }
                let mut seen = 0u16;
                for d in self
                    .decrees
                    .iter()
                    .chain(self.scenario.iter().flat_map(|s| s.decrees()))
                {
                    if seen & (1 << *d as u16) != 0 && self.scenario.is_none() {
                        return Err(SetupError::Options(format!(
                            "the decree {} is listed twice",
                            d.name()
                        )));
                    }
                    seen |= 1 << *d as u16;
                    if !d.implemented() {
                        return Err(SetupError::Options(format!(
                            "the Royal Decree {} is not implemented yet",
                            d.name()
                        )));
                    }
                }
                if self.scenario == Some(Scenario::FortuneTeller)
                    && !Decree::ALL.iter().all(|d| d.implemented())
                {
                    return Err(SetupError::Options(
                        "the Fortune Teller scenario needs every Royal Decree, and not all are implemented yet"
                            .into(),
                    ));
                }
                Ok(())
            }
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
