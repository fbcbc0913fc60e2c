//! A simple greedy bot: it scores each legal action with a few rules of thumb (defend the
//! castle first, fight what it can pay for, play music for its cards, gather what the target
//! costs) and picks the best. It sees only its seat's view: it plays on a determinized state.
//! Used for local bot seats and for balancing the designed data by simulation.

use crate::data::{Card, HeroAbility, MonsterId, POOL_COST, Resources, Zone, ZoneType};
use crate::rules::legal::disaster_cost;
use crate::state::{Stage, Winter};
use crate::types::{DwarfKind, Pick, Squad, WinterAction};
use dwarfs_engine::{Bot, Game, Seat, SeatView, SeedStream};

/// The greedy bot (see the module doc). Deterministic for a seed.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    stream: SeedStream,
}

impl GreedyBot {
    /// A greedy bot whose determinizations are drawn from `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            stream: SeedStream::derive(seed, "winter greedy bot"),
        }
    }
}

impl Bot<Winter> for GreedyBot {
    fn choose(&mut self, view: &SeatView<'_, Winter>, legal: &[WinterAction]) -> usize {
        let state = view.determinize(self.stream.next_entropy());
        choose(&state, view.seat(), legal)
    }
}

/// The index of the action the greedy policy picks for `seat` in `state`.
pub fn choose(state: &Winter, seat: Seat, legal: &[WinterAction]) -> usize {
    match legal.first() {
        Some(WinterAction::ChooseHand(_)) => {
            let best = best_hand(state, seat);
            return legal
                .iter()
                .position(|a| *a == WinterAction::ChooseHand(best))
                .unwrap_or(0);
        }
        // Solitaire, card by card: the most useful card not picked yet. Picked in this order,
        // the hand is the one `best_hand` would choose whole.
        Some(WinterAction::PickCard(_)) => {
            return legal
                .iter()
                .enumerate()
                .max_by_key(|(_, a)| match a {
                    WinterAction::PickCard(c) => (hand_value(state, seat, *c), -(c.0 as i32)),
                    _ => (i32::MIN, 0),
                })
                .map_or(0, |(i, _)| i);
        }
        _ => {}
    }
    let target = target(state, seat);
    let mut best = (i32::MIN, 0);
    for (i, a) in legal.iter().enumerate() {
        let s = score(state, seat, target, a);
        if s > best.0 {
            best = (s, i);
        }
    }
    best.1
}

/// What the seat works towards: a zone and the dwarfs and resources it needs there.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Target {
    zone: Zone,
    dwarfs: u8,
    cost: Resources,
}

fn missing(have: &Resources, cost: &Resources) -> u8 {
    (0..4).map(|i| cost[i].saturating_sub(have[i])).sum()
}

pub(crate) fn target(w: &Winter, seat: Seat) -> Option<Target> {
    let p = w.player(seat);
    let mut best: Option<(i32, Target)> = None;
    for (m, z) in w.monsters() {
        let c = m.card();
        let urgency = (4 - z.distance() as i32) * 12 + c.vp as i32
            - missing(&p.resources, &c.cost) as i32 * 3;
        let t = Target {
            zone: z,
            dwarfs: c.dwarfs,
            cost: c.cost,
        };
        if best.is_none_or(|(u, _)| urgency > u) {
            best = Some((urgency, t));
        }
    }
    let active = w.active_disasters() as i32;
    for d in w.disasters() {
        let c = d.card();
        let cost = disaster_cost(p, &c.cost, c.zone);
        let urgency = active * 10 + c.vp as i32 - missing(&p.resources, &cost) as i32 * 3;
        let t = Target {
            zone: c.zone,
            dwarfs: c.dwarfs,
            cost,
        };
        if best.is_none_or(|(u, _)| urgency > u) {
            best = Some((urgency, t));
        }
    }
    best.map(|(_, t)| t)
}

/// How useful playing `card` with `pick` is now.
fn card_value(w: &Winter, seat: Seat, card: Card, pick: Pick, target: Option<Target>) -> i32 {
    let p = w.player(seat);
    let gain = |g: &Resources| -> i32 {
        (0..4)
            .map(|i| {
                let got = g[i].min(7 - p.resources[i]) as i32;
                let wanted = target.is_some_and(|t| t.cost[i] > p.resources[i]);
                got * if wanted { 4 } else { 2 }
            })
            .sum()
    };
    match card.data().ability {
        HeroAbility::Produce(kind) => {
            let n = w.producing_zones(seat, kind);
            let mut g = [0; 4];
            if let Some(r) = kind.produces() {
                g[r.index()] = n;
            }
            gain(&g)
        }
        HeroAbility::Gain(g) => gain(&g),
        HeroAbility::GainEither(..) => match pick {
            Pick::Resource(r) => {
                let mut g = [0; 4];
                g[r.index()] = 1;
                gain(&g)
            }
            _ => 0,
        },
        HeroAbility::MoveIn(..) | HeroAbility::PlaceOrMove(_) => {
            if target.is_some() && p.dwarfs_home() > 0 {
                4
            } else {
                0
            }
        }
        HeroAbility::Summon => match pick {
            Pick::Slot(s) => w
                .pool()
                .get(s as usize)
                .copied()
                .flatten()
                .map_or(0, |c| c.data().vp as i32 * 3 - 2),
            _ => 0,
        },
        HeroAbility::Convert(from, to) => {
            let mut g = [0; 4];
            g[to.index()] = 3;
            gain(&g) - if p.resource(from) > 1 { 2 } else { 5 }
        }
        HeroAbility::Dismiss => match pick {
            Pick::Dwarf(_, z) if target.is_none_or(|t| t.zone != z) => {
                if w.week() == crate::data::WEEKS { 8 } else { 3 }
            }
            _ => -1,
        },
        HeroAbility::Upgrade => match pick {
            Pick::Legend(DwarfKind::IceWarrior) => 12,
            Pick::Legend(_) => 10,
            _ => 0,
        },
    }
}

/// What sending `home` home costs the player, roughly: an action to place each dwarf again
/// (none for the Thunder King), more for a legend whose ability leaves the board.
fn squad_cost(home: Squad) -> i32 {
    home.workers as i32 * 3
        + (home.ice_warrior as i32 + home.earth_guardian as i32) * 4
        + home.thunder_king as i32
}

pub(crate) fn score(w: &Winter, seat: Seat, target: Option<Target>, a: &WinterAction) -> i32 {
    let p = w.player(seat);
    let in_effect = matches!(w.stage(), Stage::Music(m) if m.effect.is_some());
    let toward = |z: Zone| target.map_or(0, |t| 6 - t.zone.steps_to(z).min(6) as i32);
    match *a {
        WinterAction::Defeat { monster: m, home } => {
            200 + m.card().vp as i32 + (4 - monster_distance(w, m)) * 20 - squad_cost(home)
        }
        WinterAction::Overcome {
            disaster: d,
            home,
            spare,
        } => {
            // Save the resource held least of.
            let kept = spare.map_or(0, |r| 7 - p.resource(r) as i32);
            180 + d.card().vp as i32 + w.active_disasters() as i32 * 10 - squad_cost(home) + kept
        }
        WinterAction::PlayMusic(i) => {
            let mut v = 0;
            for c in Card::in_mask(p.hand) {
                if c.data().music == i {
                    let mut best = 0;
                    w.card_picks(seat, c, &mut |pk| {
                        best = best.max(card_value(w, seat, c, pk, target))
                    });
                    v += best.max(0);
                }
            }
            if v > 2 { 20 + v } else { -1 }
        }
        WinterAction::PlayCard { card, pick } => {
            let v = card_value(w, seat, card, pick, target);
            if v > 0 { 40 + v } else { -5 }
        }
        WinterAction::Place { kind, zone } => {
            let free = kind == DwarfKind::ThunderKing && !in_effect;
            let base = if free { 5 } else { 0 };
            match target {
                Some(t) if zone == t.zone => {
                    let strength = p.monster_strength(zone);
                    if strength < t.dwarfs && missing(&p.resources, &t.cost) <= 2 {
                        60 + base
                    } else if strength < t.dwarfs {
                        25 + base
                    } else {
                        -10
                    }
                }
                _ => {
                    let producing = zone.kind().produces().is_some()
                        && !w.blocked(zone)
                        && p.occupied() & (1 << zone.0) == 0;
                    if producing && p.dwarfs_home() > 3 {
                        10 + base + toward(zone)
                    } else {
                        -10
                    }
                }
            }
        }
        WinterAction::Move {
            owner,
            kind,
            from,
            to,
        } => {
            if owner != seat {
                return -5;
            }
            let Some(t) = target else { return -10 };
            if from == t.zone {
                return -20;
            }
            let closer = t.zone.steps_to(to) < t.zone.steps_to(from);
            if closer && p.count(kind, from) > 0 {
                if in_effect { 30 } else { 8 + toward(to) }
            } else {
                -10
            }
        }
        WinterAction::Acquire { slot } => {
            let (Some(&cost), Some(Some(card))) = (
                POOL_COST.get(slot as usize),
                w.pool().get(slot as usize).copied(),
            ) else {
                return -10;
            };
            let reserve = target.map_or(0, |t| t.cost[0]);
            if p.resources[0].saturating_sub(cost) < reserve {
                return -10;
            }
            12 + card.data().vp as i32 * 4 - cost as i32 * 3
        }
        WinterAction::Attack(m) => monster_distance(w, m),
        WinterAction::Push(m) => monster_distance(w, m) * 2,
        WinterAction::ChooseHand(_) | WinterAction::PickCard(_) | WinterAction::Done => 0,
    }
}

/// How far monster `m` stands from the castle (0 for an id that names no monster).
pub(crate) fn monster_distance(w: &Winter, m: MonsterId) -> i32 {
    w.board()
        .monster_zone
        .get(m.0 as usize)
        .map_or(0, |z| z.distance() as i32)
}

/// How useful `card` is in `seat`'s hand for the week ahead.
pub(crate) fn hand_value(w: &Winter, seat: Seat, card: Card) -> i32 {
    card_worth(card, |kind| w.producing_zones(seat, kind))
}

/// [`hand_value`] with the zones a "Produce" card would produce in given by `producing`.
pub(crate) fn card_worth(card: Card, producing: impl Fn(ZoneType) -> u8) -> i32 {
    match card.data().ability {
        HeroAbility::Produce(kind) => 2 + 3 * producing(kind) as i32,
        HeroAbility::Gain(g) => 3 * g.iter().map(|&x| x as i32).sum::<i32>(),
        HeroAbility::GainEither(..) => 3,
        HeroAbility::MoveIn(_, n) | HeroAbility::PlaceOrMove(n) => 2 + n as i32,
        HeroAbility::Summon => 3,
        HeroAbility::Convert(..) => 4,
        HeroAbility::Dismiss => 2,
        HeroAbility::Upgrade => 8,
    }
}

/// The hand of the most useful cards for the week ahead (ties: the lower card id).
fn best_hand(w: &Winter, seat: Seat) -> u64 {
    let p = w.player(seat);
    let k = p.hand_size.min(p.deck_size()) as usize;
    let mut cards: Vec<(i32, Card)> = Card::in_mask(p.deck)
        .map(|c| (hand_value(w, seat, c), c))
        .collect();
    cards.sort_by_key(|(v, c)| (-v, c.0));
    cards.iter().take(k).fold(0, |m, (_, c)| m | c.bit())
}

/// Convenience for simulations: the greedy choice for the seat that acts now in `state`
/// (which must be a decision, not a chance point), with full knowledge of the state.
pub fn greedy_pick(state: &Winter, seat: Seat) -> Option<WinterAction> {
    let legal = state.legal_actions_for_vec(seat);
    legal.get(choose(state, seat, &legal)).copied()
}
