//! The heroes' abilities, resolved when a card is played to music. The checks (is the card in
//! hand, of the music's type, is its pick possible) are done before; see `legal::card_picks`.

use crate::data::{Card, HeroAbility, Resource, SUMMON_COST, UPGRADE_COST, Zone};
use crate::state::{Effect, Stage, Winter};
use crate::types::{DwarfKind, Pick, WinterEvent};
use dwarfs_engine::Seat;

/// Gold the Mercenary's dismissal brings.
pub const DISMISS_GOLD: u8 = 3;
/// What a Convert hero gives for the 1 resource spent.
pub const CONVERT_GAIN: u8 = 3;

impl Winter {
    /// Zones of the type `kind` that `seat` occupies and where nothing blocks production.
    pub fn producing_zones(&self, seat: Seat, kind: crate::data::ZoneType) -> u8 {
        let occupied = self.player(seat).occupied();
        Zone::all()
            .filter(|z| z.kind() == kind && occupied & (1 << z.0) != 0 && !self.blocked(*z))
            .count() as u8
    }

    /// Resolves `card`'s ability for `seat` with `pick` (already checked).
    pub(crate) fn hero_effect(
        &mut self,
        seat: Seat,
        card: Card,
        pick: Pick,
        ev: &mut Vec<WinterEvent>,
    ) {
        match card.data().ability {
            HeroAbility::Produce(kind) => {
                let n = self.producing_zones(seat, kind);
                if let Some(r) = kind.produces() {
                    let mut g = [0; 4];
                    g[r.index()] = n;
                    self.gain_all(seat, g, ev);
                }
            }
            HeroAbility::Gain(g) => self.gain_all(seat, g, ev),
            HeroAbility::GainEither(..) => {
                if let Pick::Resource(r) = pick {
                    let mut g = [0; 4];
                    g[r.index()] = 1;
                    self.gain_all(seat, g, ev);
                }
            }
            HeroAbility::MoveIn(_, n) | HeroAbility::PlaceOrMove(n) => {
                if let Stage::Music(m) = self.week.stage {
                    self.set_effect(
                        m,
                        Some(Effect {
                            card,
                            left: n,
                            moved: None,
                        }),
                    );
                    self.drop_empty_effect();
                }
            }
            HeroAbility::Summon => {
                debug_assert!(self.player(seat).resources[0] >= SUMMON_COST);
                self.summon(seat, pick, ev);
            }
            HeroAbility::Convert(from, to) => {
                let p = self.seat_mut(seat);
                p.resources[from.index()] -= 1;
                let got = p.gain(to, CONVERT_GAIN);
                let mut d = [0i8; 4];
                d[from.index()] = -1;
                d[to.index()] += got as i8;
                ev.push(WinterEvent::Resources(seat, d));
            }
            HeroAbility::Dismiss => {
                if let Pick::Dwarf(kind, zone) = pick {
                    self.seat_mut(seat).send_home(kind, zone);
                    ev.push(WinterEvent::SentHome(seat, kind, zone));
                    let mut g = [0; 4];
                    g[Resource::Gold.index()] = DISMISS_GOLD;
                    self.gain_all(seat, g, ev);
                }
            }
            HeroAbility::Upgrade => {
                if let Pick::Legend(kind) = pick {
                    let p = self.seat_mut(seat);
                    p.resources[Resource::Gold.index()] -= UPGRADE_COST;
                    p.home[DwarfKind::Worker.index()] -= 1;
                    p.home[kind.index()] += 1;
                    p.legends |= 1 << kind.index();
                    ev.push(WinterEvent::Upgraded(seat, kind));
                    ev.push(WinterEvent::Resources(
                        seat,
                        [-(UPGRADE_COST as i8), 0, 0, 0],
                    ));
                }
            }
        }
    }
}
