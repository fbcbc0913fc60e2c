//! Phase 1.2, monsters attack: each moves one zone closer to the castle, then its ability
//! resolves on every affected player (once per player, however many dwarfs they have there).

use crate::data::{MIN_ACTIONS, MIN_HAND_SIZE, MonsterAbility, MonsterId, Resource};
use crate::state::{Stage, Winter};
use crate::types::{DwarfKind, WinterEvent};

/// The order in which a Yeti sends a player's dwarf home (ours: the rulebook's "returns 1
/// Dwarf" leaves the choice to nobody in particular, and the attack resolves for every player at
/// once): the Thunder King first, who is placed again for free, so losing him costs no action;
/// then a worker, who has no ability to lose; the Earth Guardian and the Ice Warrior last.
const RETURN_ORDER: [DwarfKind; 4] = [
    DwarfKind::ThunderKing,
    DwarfKind::Worker,
    DwarfKind::EarthGuardian,
    DwarfKind::IceWarrior,
];

impl Winter {
    /// Moves monster `m` one step closer to the castle (nothing if it is inside).
    pub(crate) fn step_monster(&mut self, m: MonsterId, ev: &mut Vec<WinterEvent>) {
        let from = self.board.monster_zone[m.0 as usize];
        let to = from.toward_castle();
        if to != from {
            self.board.monster_zone[m.0 as usize] = to;
            ev.push(WinterEvent::MonsterMoved(m, from, to));
        }
    }

    /// Monster `m` attacks: it moves, then its ability resolves. An Ice Wyrm with several
    /// other monsters to choose from stops at [`Stage::Push`].
    pub(crate) fn attack(&mut self, m: MonsterId, ev: &mut Vec<WinterEvent>) {
        self.board.to_attack &= !(1 << m.0);
        self.step_monster(m, ev);
        let zone = self.board.monster_zone[m.0 as usize];
        let kind = m.card().kind;
        let hit =
            |w: &mut Winter,
             ev: &mut Vec<WinterEvent>,
             what: &dyn Fn(&mut crate::state::PlayerBoard) -> Option<String>| {
                for s in w.seat_list() {
                    if w.player(s).near(zone)
                        && let Some(text) = what(w.seat_mut(s))
                    {
                        ev.push(WinterEvent::MonsterHit {
                            monster: m,
                            seat: s,
                            what: text,
                        });
                    }
                }
            };
        match kind.ability() {
            MonsterAbility::LoseAction => hit(self, ev, &|p| {
                (p.actions > MIN_ACTIONS).then(|| {
                    p.actions -= 1;
                    "loses 1 action".to_string()
                })
            }),
            MonsterAbility::LoseHandSize => hit(self, ev, &|p| {
                (p.hand_size > MIN_HAND_SIZE).then(|| {
                    p.hand_size -= 1;
                    "reduces hand size by 1".to_string()
                })
            }),
            MonsterAbility::Lose(r) => hit(self, ev, &|p| {
                p.lose_to_monster(r)
                    .map(|l| format!("loses 1 {}", l.name()))
            }),
            MonsterAbility::LoseAll => hit(self, ev, &|p| {
                let lost: Vec<&str> = [Resource::Food, Resource::Stone, Resource::Wood]
                    .into_iter()
                    .filter_map(|r| p.lose_to_monster(r).map(|l| l.name()))
                    .collect();
                (!lost.is_empty()).then(|| format!("loses {}", lost.join(", ")))
            }),
            MonsterAbility::ReturnDwarf => {
                for s in self.seat_list() {
                    let p = self.seat_mut(s);
                    if let Some(k) = RETURN_ORDER.into_iter().find(|k| p.count(*k, zone) > 0) {
                        p.send_home(k, zone);
                        ev.push(WinterEvent::MonsterHit {
                            monster: m,
                            seat: s,
                            what: format!("sends a {} home", k.name()),
                        });
                    }
                }
            }
            MonsterAbility::Charge => {
                if self.anyone_near(zone) {
                    self.step_monster(m, ev);
                }
            }
            MonsterAbility::MoveOther => {
                let others = self.board.monsters & !(1 << m.0);
                match others.count_ones() {
                    0 => {}
                    1 => self.step_monster(MonsterId(others.trailing_zeros() as u8), ev),
                    _ => self.week.stage = Stage::Push { by: m },
                }
            }
            MonsterAbility::SpawnDisaster | MonsterAbility::SilenceInstrument => {}
        }
    }
}
