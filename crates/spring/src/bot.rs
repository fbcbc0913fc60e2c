//! A greedy bot: it scores every legal action with a few rules of thumb and plays the best. It
//! fulfils the best quest it can, fights a monster when its reveal can win (and otherwise may
//! send dwarfs to stand on the wildland first, so that a later fight reveals more heroes),
//! keeps faeries in hand while a faerie quest is in the area, trains dragons, builds towards
//! full lines and the fortress. It sees only its seat's view: it plays on a determinized state.
//!
//! [`Weights`] tilt it towards one kind of play; the balance study
//! (`examples/spring_balance.rs`) plays tables of differently weighted bots against each other.
//! Local bot seats use [`Weights::BALANCED`].

use crate::data::{
    FAERIE_DATA, FaerieKind, MONSTER_DATA, QUEST_DATA, Requirement, Resource, Spot, TRAIN_TO_2,
    TRAIN_TO_3,
};
use crate::map;
use crate::state::{HERO_CARDS, Pending, Spring, hero_face, quest_of};
use crate::types::SpringAction as A;
use dwarfs_engine::{Bot, Seat, SeatView, SeedStream};

/// How much a bot likes each kind of play (the other values are fixed rules of thumb).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A name for reports.
    pub name: &'static str,
    /// Building a settlement (plus what its spot gives).
    pub build: i32,
    /// The fortress.
    pub fortress: i32,
    /// Fighting a monster it can beat.
    pub fight: i32,
    /// Gathering on a free wildland.
    pub gather: i32,
    /// Going on a quest.
    pub quest: i32,
    /// Commanding dragons.
    pub dragons: i32,
    /// Training a dragon.
    pub train: i32,
    /// Summoning a faerie.
    pub faeries: i32,
    /// Exploring a grassland spot (to reach further).
    pub explore: i32,
}

impl Weights {
    /// The all-round player.
    pub const BALANCED: Weights = Weights {
        name: "balanced",
        build: 40,
        fortress: 90,
        fight: 70,
        gather: 25,
        quest: 150,
        dragons: 35,
        train: 80,
        faeries: 25,
        explore: 15,
    };
}

/// The greedy bot (see the module doc). Deterministic for a seed.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    weights: Weights,
    stream: SeedStream,
}

impl GreedyBot {
    /// A balanced greedy bot whose determinizations and small noise come from `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyBot::with_weights(seed, Weights::BALANCED)
    }

    /// A greedy bot with its own weights.
    pub fn with_weights(seed: u64, weights: Weights) -> Self {
        GreedyBot {
            weights,
            stream: SeedStream::derive(seed, "spring greedy bot"),
        }
    }
}

impl Bot<Spring> for GreedyBot {
    fn choose(&mut self, view: &SeatView<'_, Spring>, legal: &[A]) -> usize {
        let state = view.determinize(self.stream.next_entropy());
        let noise = &mut self.stream;
        choose(&state, view.seat(), legal, &self.weights, || {
            noise.choose(12) as i32
        })
    }
}

/// The index of the action the greedy policy picks for `seat` in `state`; `noise` adds a small
/// random value to each score (ties and near-ties go different ways in different games).
pub fn choose(
    state: &Spring,
    seat: Seat,
    legal: &[A],
    w: &Weights,
    mut noise: impl FnMut() -> i32,
) -> usize {
    let ctx = Context::new(state, seat);
    let mut best = (i32::MIN, 0);
    for (i, a) in legal.iter().enumerate() {
        let v = ctx.value(a, w) + noise();
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

/// What the policy reads once per decision.
pub(crate) struct Context<'a> {
    g: &'a Spring,
    s: usize,
    /// Axes per heroes-deck card, in hundredths.
    axes_per_card: i32,
    /// Backpacks per heroes-deck card, in hundredths.
    packs_per_card: i32,
    /// Faeries wanted in hand for a quest of the area (0: none).
    faeries_wanted: u8,
    /// Gold wanted for a quest of the area.
    gold_wanted: u8,
}

impl<'a> Context<'a> {
    pub(crate) fn new(g: &'a Spring, seat: Seat) -> Self {
        let s = seat.index();
        let e = &g.empires[s];
        // Every card of the deck counts (monsters show nothing, quests a backpack).
        let (mut axes, mut packs) = (0i32, 0i32);
        for id in 0..HERO_CARDS as u8 {
            if e.heroes & (1 << id) != 0 {
                let (a, p) = hero_face(id);
                axes += a as i32;
                packs += p as i32;
            }
        }
        let cards = (e.heroes.count_ones() as i32).max(1);
        let (mut faeries_wanted, mut gold_wanted) = (0, 0);
        for q in g.area_cards().filter_map(quest_of) {
            if let Requirement::Have { res, faeries, .. } = QUEST_DATA[q].need {
                faeries_wanted = faeries_wanted.max(faeries);
                gold_wanted = gold_wanted.max(res[2]);
            }
        }
        Context {
            g,
            s,
            axes_per_card: axes * 100 / cards,
            packs_per_card: packs * 100 / cards,
            faeries_wanted,
            gold_wanted,
        }
    }

    /// Heroes revealed on wildland `wild` with `extra` more own dwarfs there.
    fn reveals(&self, wild: u8, extra: u8) -> i32 {
        let e = &self.g.empires[self.s];
        let around = self.g.board.map.adj(wild);
        let mut n = e.wild_dwarfs.get(wild as usize).copied().unwrap_or(0)
            + extra
            + e.settlements.and(around).len() as u8;
        if e.fortress.is_some_and(|f| around.has(f)) {
            n += crate::data::FORTRESS_REVEALS;
        }
        (n as i32).min(self.g.empires[self.s].heroes.count_ones() as i32)
    }

    /// Expected axes (hundredths) of a fight on `wild` with `extra` more dwarfs, successes in.
    fn fight_odds(&self, wild: u8, extra: u8) -> Option<(i32, i32)> {
        let card = (*self.g.board.monster_at.get(wild as usize)?)?;
        let need = MONSTER_DATA.get(card as usize)?.axes as i32 * 100;
        let have = self.reveals(wild, extra) * self.axes_per_card
            + self.g.empires[self.s].successes as i32 * 100;
        Some((have, need))
    }

    fn spot_value(&self, at: u8) -> i32 {
        match map::spot(at) {
            Some(Spot::Resource { amount, .. }) => amount as i32 * 5,
            _ => 0,
        }
    }

    pub(crate) fn value(&self, a: &A, w: &Weights) -> i32 {
        let g = self.g;
        let e = &g.empires[self.s];
        match *a {
            A::Place { at, .. } => self.spot_value(at) + self.near_wild(at),
            A::Build { line, at } => {
                // Finishing a line is worth 2 VP and its 4th spot's 2 a production.
                let finish = if e.built[line.index()] == 3 { 30 } else { 0 };
                w.build + self.spot_value(at) + finish + self.near_wild(at) / 2
            }
            A::Fortress { at } => w.fortress + self.near_wild(at),
            A::Explore { at } if map::is_wild(at) => match self.fight_odds(at, 1) {
                // A fight it should win now; or a dwarf to stand there for a later fight.
                Some((have, need)) if have + 40 >= need => w.fight + 40,
                Some((have, need)) if have + 160 >= need => w.fight / 2,
                Some(_) => -20,
                None => {
                    let packs =
                        self.reveals(at, 1) * self.packs_per_card / 100 + e.successes as i32;
                    // What the warehouse keeps: past 7 a resource is lost at the next
                    // production. Gold trains dragons (4 and 5 gold a level).
                    let kind = crate::data::wildland(at as usize).0.gives();
                    let room =
                        (crate::data::WAREHOUSE_LIMIT as i32 - e.res[kind.index()] as i32).max(0);
                    let trainable = e.nest.iter().any(|d| d.level < 3);
                    let per = if kind == Resource::Gold && trainable {
                        12
                    } else {
                        8
                    };
                    let kept = packs.min(room);
                    w.gather + per * kept - if kept == 0 { 40 } else { 0 }
                }
            },
            A::Engage => match g.flow.pending {
                Some(Pending::Wild { wild }) => match self.fight_odds(wild, 0) {
                    // Fight when the odds are fair; else keep the dwarf (and successes) there.
                    Some((have, need)) if have + 40 >= need => 10,
                    Some(_) => -10,
                    None => 10,
                },
                _ => 10,
            },
            A::Decline => 0,
            A::Explore { .. } => w.explore,
            A::Summon => w.faeries + 10 * i32::from(g.hand(Seat(self.s as u8)).count_ones() < 3),
            A::Command { second, .. } => w.dragons + if second.is_some() { 10 } else { 0 },
            A::Quest { card, .. } => {
                let vp = quest_of(card).map_or(0, |q| QUEST_DATA[q].vp as i32);
                w.quest + 10 * vp
            }
            A::Idle | A::EndTurn | A::KeepHeroes => 0,
            A::Train { dragon } => {
                let level = e
                    .nest
                    .iter()
                    .find(|d| d.dragon == dragon)
                    .map_or(1, |d| d.level);
                let cost = if level == 1 { TRAIN_TO_2 } else { TRAIN_TO_3 };
                // Keep the gold a quest of the area asks for, unless rich.
                if e.res[2] < cost + self.gold_wanted && e.res[2] < 7 {
                    w.train - 60
                } else {
                    w.train
                }
            }
            A::PlayFaerie { card } => {
                let hand = g.hand(Seat(self.s as u8)).count_ones() as u8;
                let keep = self.faeries_wanted > 0 && hand <= self.faeries_wanted;
                match FAERIE_DATA.get(card as usize) {
                    None => 0,
                    _ if keep => -5,
                    Some(FaerieKind::Wanderer | FaerieKind::Trickster | FaerieKind::Shifter) => -5,
                    Some(FaerieKind::Dawn) => 10,
                    Some(FaerieKind::Valor) => {
                        // Successes help the next fight most.
                        if g.board.monster_at.iter().any(Option::is_some) {
                            40
                        } else {
                            20
                        }
                    }
                    _ => 50,
                }
            }
            A::StopFaerie => 1,
            A::RemoveHero { card } => {
                // Drop a card that shows nothing (a quest or monster card, or a weak starter).
                let (axes, packs) = hero_face(card);
                if axes + packs == 0 && e.heroes.count_ones() > 7 {
                    3
                } else {
                    -1
                }
            }
            _ => 5,
        }
    }

    /// A little for spots next to a wildland holding a monster (settlements there reveal in
    /// fights) or any wildland.
    fn near_wild(&self, at: u8) -> i32 {
        let mut v = 0;
        for wild in 0..crate::data::WILDLANDS as u8 {
            if self.g.board.map.adj(wild).has(at) {
                v += if self.g.board.monster_at[wild as usize].is_some() {
                    6
                } else {
                    3
                };
            }
        }
        v
    }
}
