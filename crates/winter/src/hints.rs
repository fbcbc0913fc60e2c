//! Bot knowledge for a search: how strongly a rollout favours each action
//! ([`Winter::weight_of`], behind [`dwarfs_engine::Game::action_weight`]) and a static estimate
//! of how the game stands ([`Winter::estimate`], behind [`dwarfs_engine::Game::evaluate`]).
//!
//! Winter is played by a team against the game: the castle falls for everyone, and only if it
//! holds does the most VP win. A seat's reward from the outcome alone (a whole win for the most
//! VP, next to nothing otherwise) leaves a seat that trails on VP indifferent to the castle, and
//! two such seats never held it. So the estimate rates finished games too (the search then uses
//! it instead of the outcome's rewards): a survival is worth [`TEAM`] to every seat, and only
//! the rest goes by VP.
//!
//! The weights reuse the greedy bot's rules of thumb (`bot.rs`): defend the castle first, fight
//! what the seat can pay for, play music for its cards, gather what its target costs. They read
//! only what the acting seat sees (its own hand, the public board), so a search may call them on
//! any state. The greedy score `s` becomes a weight that grows with its fourth power,
//! `1 + ((s + 20)² / 16)² / 64` (at most about 1.9 million): a placement towards the target
//! (score 60) is played about 250 times as often as ending the turn (score 0), a defeat (score
//! above 200) thousands of times as often, a wasted move (score -10 or below) rarely. Milder
//! curves (the square, the cube) held the castle for fewer weeks in the tests' games.

use crate::bot::{Target, card_worth, monster_distance, score, target};
use crate::data::{BOARD, Card, DISASTER_LIMIT, HERO_CARDS, WEEKS, ZONES, ZoneType};
use crate::rules::score::breakdown;
use crate::state::{End, PlayerBoard, Winter};
use crate::types::WinterAction;
use dwarfs_engine::Seat;

/// What a survived winter is worth to every seat, in thousandths of a whole win, whoever has
/// the most VP: the team's share of the reward. The rest goes by VP, so a seat still plays for
/// the lead, but not at the castle's cost.
pub(crate) const TEAM: u64 = 600;

/// What a lost winter is worth, in thousandths, for each week the castle held before it fell:
/// a little, so that among lost games a search prefers the longer defence.
pub(crate) const LOST_PER_WEEK: u64 = 10;

/// Rollout decisions per seat before the static evaluation ([`rollout_horizon`]). A week takes
/// about 14 decisions a seat (57 at a 4-player table, from the hand choice to the last free
/// placement), so a rollout now meets the week's invasion and the next week's first moves
/// whoever starts it. The Dwar7s default of 24 decisions for the whole table ended a 4-player
/// rollout before the monsters had moved, where the castle is lost: at 1000 iterations four
/// bots with the hard level's knowledge held it in all 55 games played with 24 a seat, and in
/// 30% with 24 in all (`docs/rules/winter.md`, "The rollout horizon").
const HORIZON_PER_SEAT: u32 = 24;

/// [`dwarfs_engine::Game::rollout_horizon`] for `players` seats: [`HORIZON_PER_SEAT`] each
/// (solitaire keeps the default 24).
pub(crate) fn rollout_horizon(players: u8) -> u32 {
    HORIZON_PER_SEAT * u32::from(players.max(1))
}

/// The weight of a greedy score (see the module doc).
fn weight(score: i32) -> u32 {
    let s = (score.clamp(-20, 400) + 20) as u32;
    let sq = s * s / 16;
    1 + sq * sq / 64
}

/// The zones of each type, as bit masks, indexed by `ZoneType as usize`.
const ZONES_OF: [u32; 5] = {
    let mut m = [0u32; 5];
    let mut i = 0;
    while i < ZONES {
        m[BOARD[i].kind as usize] |= 1 << i;
        i += 1;
    }
    m
};

/// How many zones of type `kind` a seat standing in `occupied` (a zone mask) holds.
fn zones_held(occupied: u32, kind: ZoneType) -> u8 {
    (occupied & ZONES_OF[kind as usize]).count_ones() as u8
}

/// What the weights of one seat's actions in one state share, each part worked out the first
/// time an action needs it: where the seat's dwarfs stand, what it works towards (the costly
/// part: a search over every monster and disaster), and each card's worth for a hand. Weighing
/// all legal actions at once ([`Winter::weights_of`]) works each out once, where weighing them
/// one by one redid it for every action (for a hand, for each of its cards, among up to 31,824
/// hands); the weights are the same.
struct Shared {
    occupied: Option<u32>,
    target: Option<Option<Target>>,
    /// Each card's worth for a hand, clamped at 0, for the cards in `known`.
    worth: [i32; HERO_CARDS],
    known: u64,
}

impl Default for Shared {
    fn default() -> Self {
        Shared {
            occupied: None,
            target: None,
            worth: [0; HERO_CARDS],
            known: 0,
        }
    }
}

impl Shared {
    fn occupied(&mut self, w: &Winter, seat: Seat) -> u32 {
        *self
            .occupied
            .get_or_insert_with(|| w.player(seat).occupied())
    }

    fn target(&mut self, w: &Winter, seat: Seat) -> Option<Target> {
        *self.target.get_or_insert_with(|| target(w, seat))
    }

    /// The sum of the worths of the cards in `mask`.
    fn hand_worth(&mut self, w: &Winter, seat: Seat, mask: u64) -> i32 {
        let occupied = self.occupied(w, seat);
        let mut sum = 0;
        for c in Card::in_mask(mask) {
            if self.known & c.bit() == 0 {
                self.worth[c.0 as usize] = card_worth(c, |k| zones_held(occupied, k)).max(0);
                self.known |= c.bit();
            }
            sum += self.worth[c.0 as usize];
        }
        sum
    }
}

impl Winter {
    /// The rollout weight of `action` for `seat` (see the module doc).
    pub(crate) fn weight_of(&self, seat: Seat, action: &WinterAction) -> u32 {
        self.weigh(seat, action, &mut Shared::default())
    }

    /// The rollout weights of `actions` for `seat`, appended to `out`: each exactly
    /// [`Winter::weight_of`], with what they share worked out once.
    pub(crate) fn weights_of(&self, seat: Seat, actions: &[WinterAction], out: &mut Vec<u32>) {
        let mut shared = Shared::default();
        out.extend(actions.iter().map(|a| self.weigh(seat, a, &mut shared)));
    }

    fn weigh(&self, seat: Seat, action: &WinterAction, shared: &mut Shared) -> u32 {
        match *action {
            // A hand: the sum of its cards' usefulness for the week, squared. A hand is chosen
            // among up to C(18, 7) = 31,824, so each card's worth is cheap: a "Produce" card
            // counts the zones of its type the seat stands in, blocked or not.
            WinterAction::ChooseHand(mask) => {
                let v = shared.hand_worth(self, seat, mask);
                let v = v.clamp(0, 200) as u32;
                1 + v * v / 8
            }
            WinterAction::PickCard(c) => {
                let occupied = shared.occupied(self, seat);
                let v = card_worth(c, |k| zones_held(occupied, k)).clamp(0, 60) as u32;
                1 + v * v
            }
            // Which monster attacks next: the farthest first, so that those near the castle
            // may still be stopped by a later push.
            WinterAction::Attack(m) | WinterAction::Push(m) => {
                1 << (2 * monster_distance(self, m).clamp(0, 8))
            }
            // Only these read the seat's target (the search for it is the costly part).
            WinterAction::Place { .. }
            | WinterAction::Move { .. }
            | WinterAction::Acquire { .. }
            | WinterAction::PlayMusic(_)
            | WinterAction::PlayCard { .. } => {
                weight(score(self, seat, shared.target(self, seat), action))
            }
            _ => weight(score(self, seat, None, action)),
        }
    }

    /// Each seat's expected reward in thousandths (see [`dwarfs_engine::Game::evaluate`]), for
    /// finished games too, so that every seat's search plays for the team: a survived winter is
    /// worth [`TEAM`] to every seat whoever has the most VP, and the rest by VP (90% of it to
    /// the most VP, 10% by place); a lost one at most [`LOST_PER_WEEK`] for each week held.
    /// Before the end: the chance the castle holds to the end of week 7 times what a survival
    /// is worth, each seat's VP share being its VP so far plus one, cubed, over the table's. The
    /// chance falls with every monster near the castle (less for one a seat could defeat now)
    /// and every active disaster (less for one a seat could overcome now), compounded over the
    /// weeks left.
    pub(crate) fn estimate(&self, out: &mut [u16]) -> bool {
        let n = (self.players as usize)
            .min(out.len())
            .min(crate::state::MAX_SEATS);
        if n == 0 {
            return false;
        }
        out.iter_mut().for_each(|x| *x = 0);
        let mut vp = [0u64; crate::state::MAX_SEATS];
        for (s, v) in vp.iter_mut().enumerate().take(n) {
            *v = self.vp(Seat(s as u8)) as u64;
        }
        let vp = &vp[..n];
        let held = |week: u8| LOST_PER_WEEK * u64::from(week.saturating_sub(1));
        let survived = |by_vp: u64| TEAM + (1000 - TEAM) * by_vp / 1000;
        match &self.end {
            Some(End::Lost { week, .. }) => {
                out.iter_mut().for_each(|o| *o = held(*week) as u16);
            }
            Some(End::Survived) => {
                let best = vp.iter().copied().max().unwrap_or(0);
                let low = vp.iter().copied().min().unwrap_or(0);
                let winners = vp.iter().filter(|&&t| t == best).count().max(1) as u64;
                for (o, &t) in out.iter_mut().zip(vp) {
                    let win = if t == best { 900 / winners } else { 0 };
                    let place = if best > low {
                        (t - low) * 100 / (best - low)
                    } else {
                        100
                    };
                    *o = survived(win + place) as u16;
                }
            }
            None => {
                let survive = u64::from(self.survival());
                let lost = held(self.week.week);
                let cube = |v: u64| (v + 1) * (v + 1) * (v + 1);
                let total: u64 = vp.iter().map(|&v| cube(v)).sum::<u64>().max(1);
                for (o, &v) in out.iter_mut().zip(vp) {
                    let value =
                        survive * survived(1000 * cube(v) / total) + (1000 - survive) * lost;
                    *o = (value / 1000) as u16;
                }
            }
        }
        true
    }

    /// The estimated chance (thousandths) that the castle holds to the end of the winter.
    fn survival(&self) -> u32 {
        let disasters = self.active_disasters() as u32;
        if disasters >= DISASTER_LIMIT as u32 {
            return 0;
        }
        let seats = &self.seats[..(self.players as usize).min(crate::state::MAX_SEATS)];
        // Threat this week: each monster by how close it stands (16 in the castle, 1 at the
        // edge), a quarter of that when a seat could defeat it now (dwarfs there and the
        // cost in hand), half when a seat has the dwarfs but not the cost.
        let near: u32 = self
            .monsters()
            .map(|(m, z)| {
                let t = 4u32.saturating_sub(z.distance() as u32);
                let c = m.card();
                let strong = |p: &&PlayerBoard| p.monster_strength(z) >= c.dwarfs;
                let threat = t * t * 4;
                if seats.iter().filter(strong).any(|p| p.can_pay(&c.cost)) {
                    threat / 4
                } else if seats.iter().any(|p| strong(&p)) {
                    threat / 2
                } else {
                    threat
                }
            })
            .sum();
        // Active disasters against the limit, less for those a seat could overcome now.
        let open: u32 = self
            .disasters()
            .map(|d| {
                let beaten = seats.iter().any(|p| p.can_overcome(d.card()));
                if beaten { 1 } else { 2 }
            })
            .sum();
        let threat = near * 25 / 4 + open * open * 15;
        let per_week = 950u32.saturating_sub(threat).max(100);
        // Compounded over this week and the weeks after it (each a little calmer than now).
        let left = WEEKS.saturating_sub(self.week.week) as u32;
        let mut p = per_week;
        for _ in 0..left {
            p = p * (per_week + 1000) / 2 / 1000;
        }
        p
    }

    /// `seat`'s VP so far, as scored at the end.
    fn vp(&self, seat: Seat) -> u32 {
        breakdown(self, self.player(seat)).total()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_masks_hold_each_zone_once() {
        let all = ZONES_OF.iter().fold(0, |m, z| {
            assert_eq!(m & z, 0);
            m | z
        });
        assert_eq!(all, (1 << ZONES) - 1);
        assert_eq!(ZONES_OF[ZoneType::Castle as usize].count_ones(), 1);
        assert_eq!(zones_held(u32::MAX, ZoneType::Forest), 4);
    }

    #[test]
    fn a_survival_is_worth_the_team_share_to_every_seat_and_a_fall_next_to_nothing() {
        use dwarfs_engine::Game;
        let mut g = Winter::new(&crate::WinterOptions::default(), 2).unwrap();
        let mut out = [0u16; 2];
        g.end = Some(End::Lost {
            week: 4,
            reason: "test".into(),
        });
        assert!(g.estimate(&mut out));
        assert_eq!(out, [30, 30], "three weeks held");
        g.end = Some(End::Survived);
        assert!(g.estimate(&mut out));
        // Equal VP: both share the lead.
        let each = TEAM + (1000 - TEAM) * (450 + 100) / 1000;
        assert_eq!(out, [each as u16; 2]);
        g.end = None;
        assert!(g.estimate(&mut out));
        let survive = u64::from(g.survival());
        assert!(survive > 0);
        for o in out {
            let o = u64::from(o);
            assert!(
                o >= survive * TEAM / 1000 && o <= survive,
                "{o} for a survival chance of {survive}"
            );
        }
    }

    /// Plays `games` greedy games of `players` seats and returns the decisions (not chance
    /// points) and the weeks played, over them all.
    fn greedy_decisions_and_weeks(players: u8, games: u64) -> (usize, usize) {
        use dwarfs_engine::playout::play_out;
        use dwarfs_engine::{Game, SeedStream};
        let (mut decisions, mut weeks) = (0, 0);
        for seed in 0..games {
            let start = Winter::new(&crate::WinterOptions::default(), players).unwrap();
            let mut chance = SeedStream::derive(seed, "winter horizon test");
            let played = play_out(start, &mut crate::bot::choose, &mut chance, false).unwrap();
            decisions += played.decisions;
            weeks += usize::from(match &played.state.end {
                Some(End::Lost { week, .. }) => *week,
                _ => WEEKS,
            });
        }
        (decisions, weeks)
    }

    #[test]
    fn a_rollout_sees_about_a_week_of_the_tables_play_at_any_table_size() {
        // A greedy table takes 25 / 29 / 50 / 72 decisions a week with 1-4 players (solitaire
        // picks its hand card by card). The old fixed 24 saw a third of a 4-player week.
        for players in 1..=4u8 {
            let (decisions, weeks) = greedy_decisions_and_weeks(players, 6);
            let per_week = (decisions / weeks.max(1)) as u32;
            let horizon = rollout_horizon(players);
            assert!(
                10 * horizon >= 9 * per_week,
                "{players} players: a horizon of {horizon} decisions ends well before the end \
                 of a week ({per_week} decisions)"
            );
            assert!(
                horizon <= 2 * per_week,
                "{players} players: {horizon} decisions is more than two weeks of {per_week}"
            );
        }
    }

    #[test]
    fn weights_grow_with_the_greedy_score_and_never_vanish() {
        assert_eq!(weight(-100), 1);
        assert_eq!(weight(-20), 1);
        assert!(weight(-10) < weight(0));
        assert!(weight(0) * 50 < weight(200));
        assert!(weight(10_000) == weight(400));
    }
}
