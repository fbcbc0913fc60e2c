//! The end: final scoring, the tie-breakers, the shared loss and the solitaire ranks.

use crate::data::{
    DWARFS, LEGEND_VP, MANUFACTURER_VP, MILITIA_VP, MonsterId, RESOURCE_CAP, Resource, SoloRank,
};
use crate::state::{End, PlayerBoard, Winter, bits32};
use dwarfs_engine::{Outcome, ScoreLine, Seat, SeatScore};

/// One seat's score, line by line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Breakdown {
    /// VP of defeated monsters.
    pub monsters: u8,
    /// VP of overcome disasters.
    pub disasters: u8,
    /// VP of the heroes in the action deck.
    pub heroes: u8,
    /// Manufacturer VP for resource tracks at 7.
    pub manufacturer: u8,
    /// Militia: 3 VP when every dwarf is home.
    pub militia: u8,
    /// Legendary!: 2 VP per legendary dwarf.
    pub legends: u8,
    /// Bloodlust: 1 VP per different monster type defeated.
    pub bloodlust: u8,
}

impl Breakdown {
    /// The total.
    pub fn total(&self) -> u32 {
        [
            self.monsters,
            self.disasters,
            self.heroes,
            self.manufacturer,
            self.militia,
            self.legends,
            self.bloodlust,
        ]
        .iter()
        .map(|&v| v as u32)
        .sum()
    }
}

/// The number of different monster types in a mask of monster cards.
fn monster_types(mask: u32) -> u8 {
    let mut types = 0u32;
    for i in bits32(mask) {
        types |= 1 << MonsterId(i).card().kind as u32;
    }
    types.count_ones() as u8
}

/// A player's score as it stands.
pub fn breakdown(w: &Winter, p: &PlayerBoard) -> Breakdown {
    Breakdown {
        monsters: bits32(p.monsters).map(|i| MonsterId(i).card().vp).sum(),
        disasters: bits32(p.disasters)
            .map(|i| crate::data::DisasterId(i).card().vp)
            .sum(),
        heroes: p.hero_vp(),
        manufacturer: Resource::ALL
            .iter()
            .filter(|r| p.resource(**r) >= RESOURCE_CAP)
            .map(|r| MANUFACTURER_VP[r.index()])
            .sum(),
        militia: if p.dwarfs_home() == DWARFS {
            MILITIA_VP
        } else {
            0
        },
        legends: p.legends.count_ones() as u8 * LEGEND_VP,
        bloodlust: if w.options.bloodlust {
            monster_types(p.monsters)
        } else {
            0
        },
    }
}

/// The rulebook's tie-breakers, in order: dwarfs on the player board, hero VP, gold, food,
/// stone, wood, disasters overcome, monsters defeated.
pub fn tiebreakers(p: &PlayerBoard) -> Vec<i32> {
    vec![
        p.dwarfs_home() as i32,
        p.hero_vp() as i32,
        p.resource(Resource::Gold) as i32,
        p.resource(Resource::Food) as i32,
        p.resource(Resource::Stone) as i32,
        p.resource(Resource::Wood) as i32,
        p.disasters.count_ones() as i32,
        p.monsters.count_ones() as i32,
    ]
}

/// The highest solitaire rank the (only) player's position reaches.
pub(crate) fn solo_rank(w: &Winter) -> Option<SoloRank> {
    let p = w.player(Seat(0));
    let vp = breakdown(w, p).total();
    let monsters = p.monsters.count_ones();
    let disasters = p.disasters.count_ones();
    let ranks = [
        (
            SoloRank::Legend,
            vp >= 50 && monsters >= 7 && disasters >= 7,
        ),
        (
            SoloRank::FrostKing,
            vp >= 40 && p.resources.iter().any(|&r| r >= RESOURCE_CAP),
        ),
        (
            SoloRank::KnightOfTheRoundTable,
            vp >= 35 && p.heroes_acquired() >= 7,
        ),
        (SoloRank::BeastHunter, vp >= 30 && monsters >= 5),
        (SoloRank::Survivor, vp >= 25 && disasters >= 4),
    ];
    ranks.into_iter().find(|(_, ok)| *ok).map(|(r, _)| r)
}

impl Winter {
    /// Every seat's score as it stands now (final once the game is over).
    pub fn scores(&self) -> Vec<SeatScore> {
        self.seat_list()
            .map(|s| {
                let p = self.player(s);
                let b = breakdown(self, p);
                let mut lines = vec![
                    ("Monsters", b.monsters),
                    ("Disasters", b.disasters),
                    ("Heroes", b.heroes),
                    ("Manufacturer", b.manufacturer),
                    ("Militia", b.militia),
                ];
                if self.options.legendary {
                    lines.push(("Legendary dwarfs", b.legends));
                }
                if self.options.bloodlust {
                    lines.push(("Bloodlust", b.bloodlust));
                }
                SeatScore::new(
                    s,
                    lines
                        .into_iter()
                        .map(|(c, v)| ScoreLine {
                            category: c.to_string(),
                            points: v as i32,
                        })
                        .collect(),
                    tiebreakers(p),
                )
            })
            .collect()
    }

    /// The outcome once the game is over.
    pub(crate) fn final_outcome(&self) -> Option<Outcome> {
        match self.end.as_ref()? {
            End::Lost { week, reason } => Some(Outcome::everyone_lost(
                self.scores(),
                format!(
                    "The castle fell in week {week}: {reason}. {} lost.",
                    if self.solo() { "You" } else { "Everyone" }
                ),
            )),
            End::Survived => {
                let summary = if self.solo() {
                    match self.solo_rank() {
                        Some(r) => format!("You survived the winter: {}", r.title()),
                        None => "You survived the winter, below every rank".to_string(),
                    }
                } else {
                    "The dwarfs survived the winter; the most VP wins".to_string()
                };
                Some(Outcome::ranked(self.scores(), summary))
            }
        }
    }
}
