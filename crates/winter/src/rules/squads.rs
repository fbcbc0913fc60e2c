//! After a defeat or an overcome: which of the player's dwarfs go home, and which resource the
//! Earth Guardian saves. Both are the player's choice, so each choice is its own legal action;
//! these list them (few: a zone holds at most 7 workers and one of each legend).

use crate::data::{DisasterCard, DisasterId, MonsterId, Resource, Resources, Zone};
use crate::state::{PlayerBoard, Winter};
use crate::types::{DwarfKind, Squad, WinterAction};
use dwarfs_engine::Seat;

/// What the Ice Warrior counts for against a monster ("counts as 2 dwarfs") and a disaster.
const ICE_VS_MONSTER: u8 = 2;
const ICE_VS_DISASTER: u8 = 1;

impl PlayerBoard {
    /// Every squad of this player's dwarfs in `zone` that meets `need` with no dwarf to spare
    /// (sending any one of them fewer would fall short), the Ice Warrior counting `ice`.
    pub(crate) fn squads(&self, zone: Zone, need: u8, ice: u8, out: &mut impl FnMut(Squad)) {
        if need == 0 {
            out(Squad::default());
            return;
        }
        for legends in 0u8..8 {
            let base = Squad {
                workers: 0,
                ice_warrior: legends & 1 != 0,
                earth_guardian: legends & 2 != 0,
                thunder_king: legends & 4 != 0,
            };
            if DwarfKind::LEGENDS
                .iter()
                .any(|k| base.count(*k) > self.count(*k, zone))
            {
                continue;
            }
            for workers in 0..=self.count(DwarfKind::Worker, zone) {
                let squad = Squad { workers, ..base };
                let ones = workers + squad.earth_guardian as u8 + squad.thunder_king as u8;
                let units = ones + if squad.ice_warrior { ice } else { 0 };
                // The least any one member counts for: dropping it must fall short.
                let least = match (ones, squad.ice_warrior) {
                    (0, false) => continue,
                    (0, true) => ice,
                    _ => 1,
                };
                if units >= need && units - least < need {
                    out(squad);
                }
            }
        }
    }

    /// The ways this player may pay `cost` for a disaster in `zone`, each with the resource
    /// their Earth Guardian there saves (one less of any resource the cost names, their
    /// choice), or `None` and the cost as it is without one.
    pub(crate) fn disaster_payments(
        &self,
        cost: &Resources,
        zone: Zone,
        out: &mut impl FnMut(Option<Resource>, Resources),
    ) {
        let guardian = self.count(DwarfKind::EarthGuardian, zone) > 0;
        let mut saved = false;
        for r in Resource::ALL {
            if guardian && cost[r.index()] > 0 {
                saved = true;
                let mut c = *cost;
                c[r.index()] -= 1;
                if self.can_pay(&c) {
                    out(Some(r), c);
                }
            }
        }
        if !saved && self.can_pay(cost) {
            out(None, *cost);
        }
    }
}

impl PlayerBoard {
    /// True if this player has the dwarfs in `card`'s zone to overcome it and can pay for it in
    /// some way (with their Earth Guardian's saving, if it is there).
    pub(crate) fn can_overcome(&self, card: &DisasterCard) -> bool {
        let mut payable = false;
        self.disaster_payments(&card.cost, card.zone, &mut |_, _| payable = true);
        self.dwarfs_in(card.zone) >= card.dwarfs && payable
    }
}

impl Winter {
    /// Every way `seat` may defeat monster `m` now (none if it cannot), into `out`.
    pub(crate) fn defeats(&self, seat: Seat, m: MonsterId, out: &mut Vec<WinterAction>) {
        if !self.can_defeat(seat, m) {
            return;
        }
        let zone = self.board.monster_zone[m.0 as usize];
        self.player(seat)
            .squads(zone, m.card().dwarfs, ICE_VS_MONSTER, &mut |home| {
                out.push(WinterAction::Defeat { monster: m, home })
            });
    }

    /// Every way `seat` may overcome disaster `d` now (none if it cannot), into `out`.
    pub(crate) fn overcomes(&self, seat: Seat, d: DisasterId, out: &mut Vec<WinterAction>) {
        if !self.can_overcome(seat, d) {
            return;
        }
        let card = d.card();
        let p = self.player(seat);
        p.disaster_payments(&card.cost, card.zone, &mut |spare, _| {
            p.squads(card.zone, card.dwarfs, ICE_VS_DISASTER, &mut |home| {
                out.push(WinterAction::Overcome {
                    disaster: d,
                    home,
                    spare,
                })
            })
        });
    }

    /// True if `home` is a squad `seat` may send home from `zone` for a foe needing `need`
    /// (`monster`: the Ice Warrior counts as 2).
    pub(crate) fn squad_fits(
        &self,
        seat: Seat,
        zone: Zone,
        need: u8,
        monster: bool,
        home: Squad,
    ) -> bool {
        let ice = if monster {
            ICE_VS_MONSTER
        } else {
            ICE_VS_DISASTER
        };
        let mut ok = false;
        self.player(seat)
            .squads(zone, need, ice, &mut |s| ok |= s == home);
        ok
    }
}
