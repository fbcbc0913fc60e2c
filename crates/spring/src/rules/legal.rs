//! Listing the legal actions, and the checks that decide each one. Listing and checking share
//! the helpers here, so an action is listed exactly when [`Spring::check`] accepts it.

use crate::data::{
    FAERIE_DATA, FORTRESS_COST, FaerieKind, LINE_LEN, QUEST_DATA, Requirement, Resource,
    TRAIN_TO_2, TRAIN_TO_3,
};
use crate::map::{self, Loc, Locs};
use crate::state::{BoardSpot, Empire, Pending, Phase, Spring, quest_of};
use crate::types::{SpringAction as A, SpringError as E};

const LINE_SPOTS: [BoardSpot; 3] = [
    BoardSpot::BuildFood,
    BoardSpot::BuildWood,
    BoardSpot::BuildGold,
];

/// The board spot that builds `line`.
pub(crate) fn line_spot(line: Resource) -> BoardSpot {
    LINE_SPOTS[line.index()]
}

impl Spring {
    /// Where anyone may put a settlement now: a free grassland spot that is neither water nor
    /// webbed.
    pub(crate) fn buildable(&self) -> Locs {
        self.fortress_sites().minus(self.board.all_webs())
    }

    /// Where a fortress may stand: as a settlement, but webs do not stop it (a fortress suffers
    /// no effect of monsters while it is placed).
    pub(crate) fn fortress_sites(&self) -> Locs {
        map::ALL
            .minus(Locs::WILD)
            .minus(map::water())
            .minus(self.occupied())
    }

    /// Locations next to a seat's buildings or dwarfs.
    pub(crate) fn reach(&self, e: &Empire) -> Locs {
        self.board.map.reach(e.buildings().or(e.dwarf_locs()))
    }

    /// Where a seat may explore: next to its pieces, a wildland or a free spot.
    pub(crate) fn explorable(&self, e: &Empire) -> Locs {
        self.reach(e)
            .and(Locs::WILD.or(map::ALL.minus(self.occupied())))
    }

    /// True if `seat` meets quest `q`'s requirement.
    pub(crate) fn meets(&self, seat: usize, q: usize) -> bool {
        let e = &self.empires[seat];
        let Some(quest) = QUEST_DATA.get(q) else {
            return false;
        };
        let settlements = e.settlements.len() as u8;
        match quest.need {
            Requirement::DragonLevel(l) => e.nest.iter().any(|d| d.level >= l),
            Requirement::Dragons(n) => e.nest.len() as u8 >= n,
            Requirement::Monsters(n) => e.defeated >= n,
            Requirement::Settlements(n) => settlements >= n,
            Requirement::Line(r) => e.built[r.index()] >= LINE_LEN,
            Requirement::Have {
                res,
                faeries,
                settlements: s,
            } => {
                (0..3).all(|i| e.res[i] >= res[i])
                    && self.hidden.hands[seat].count_ones() as u8 >= faeries
                    && settlements >= s
            }
        }
    }

    /// Checks an action for the acting seat without changing anything.
    pub(crate) fn check(&self, a: &A) -> Result<(), E> {
        let Some(seat) = self.current_seat() else {
            return Err(E::NotNow("nobody acts now".into()));
        };
        let s = seat.index();
        let e = &self.empires[s];
        if self.flow.phase == Phase::Placement {
            return match *a {
                A::Place { line, at } => {
                    if e.built[line.index()] >= LINE_LEN {
                        return Err(E::Lacking(format!("your {} line is empty", line.name())));
                    }
                    self.check_site(at, None, false)
                }
                _ => Err(E::NotNow("place a starting settlement first".into())),
            };
        }
        if let Some(p) = self.flow.pending {
            return self.check_pending(s, p, a);
        }
        match *a {
            A::Place { .. } => Err(E::NotNow("starting settlements are placed at setup".into())),
            A::Train { dragon } => self.check_train(e, dragon),
            A::PlayFaerie { card } => self.check_play(s, card),
            A::EndTurn => {
                if self.flow.acted {
                    Ok(())
                } else {
                    Err(E::NotNow(
                        "take your dwarf action before ending the turn".into(),
                    ))
                }
            }
            A::MoveDwarf { .. }
            | A::SwapSettlements { .. }
            | A::SwapDwarfs { .. }
            | A::Ready { .. }
            | A::StopFaerie => Err(E::NotNow("no faerie is being played".into())),
            A::RemoveHero { .. } | A::KeepHeroes => {
                Err(E::NotNow("only after the second expedition spot".into()))
            }
            A::Engage | A::Decline => {
                Err(E::NotNow("only right after exploring a wildland".into()))
            }
            _ if self.flow.acted => Err(E::NotNow(
                "you have taken your dwarf action this turn; end the turn".into(),
            )),
            A::Idle => {
                let mut v = Vec::new();
                self.dwarf_actions(s, &mut v);
                if v.is_empty() {
                    Ok(())
                } else {
                    Err(E::NotNow(
                        "a dwarf may stay idle only when no dwarf action is possible".into(),
                    ))
                }
            }
            _ => self.check_dwarf(s, a),
        }
    }

    /// Checks a site for a settlement or the fortress; `reach` limits it to a seat's reach.
    fn check_site(&self, at: Loc, reach: Option<Locs>, fortress: bool) -> Result<(), E> {
        if at as usize >= crate::data::LOCATIONS {
            return Err(E::Invalid(format!("there is no location {at}")));
        }
        if map::is_wild(at) {
            return Err(E::Place("settlements are never built on wildlands".into()));
        }
        if map::water().has(at) {
            return Err(E::Place("settlements are never built on water".into()));
        }
        if self.occupied().has(at) {
            return Err(E::Place("that spot is occupied".into()));
        }
        if !fortress && self.board.all_webs().has(at) {
            return Err(E::Place(
                "a spider web covers that spot until the Giant Spider is defeated".into(),
            ));
        }
        if let Some(r) = reach
            && !r.has(at)
        {
            return Err(E::Place(
                "build next to your own buildings or dwarfs on the map".into(),
            ));
        }
        Ok(())
    }

    fn check_spot(e: &Empire, spot: BoardSpot, name: &'static str) -> Result<(), E> {
        if e.used & spot.bit() != 0 {
            Err(E::SpotUsed(name))
        } else {
            Ok(())
        }
    }

    fn check_dwarf(&self, s: usize, a: &A) -> Result<(), E> {
        let e = &self.empires[s];
        if e.bastion == 0 {
            return Err(E::Lacking("no dwarf is left in your bastion".into()));
        }
        match *a {
            A::Build { line, at } => {
                Self::check_spot(e, line_spot(line), line.name())?;
                if e.built[line.index()] >= LINE_LEN {
                    return Err(E::Lacking(format!(
                        "your {} line is all built",
                        line.name()
                    )));
                }
                self.check_site(at, Some(self.reach(e)), false)
            }
            A::Fortress { at } => {
                Self::check_spot(e, BoardSpot::Fortress, "fortress")?;
                if e.fortress.is_some() {
                    return Err(E::Lacking("your fortress is already built".into()));
                }
                if e.res.iter().any(|&r| r < FORTRESS_COST) {
                    return Err(E::Lacking(format!(
                        "the fortress costs {FORTRESS_COST} food, {FORTRESS_COST} wood and \
                         {FORTRESS_COST} gold"
                    )));
                }
                self.check_site(at, Some(self.reach(e)), true)
            }
            A::Explore { at } => {
                if at as usize >= crate::data::LOCATIONS {
                    return Err(E::Invalid(format!("there is no location {at}")));
                }
                if !self.reach(e).has(at) {
                    return Err(E::Place(
                        "explore next to your own buildings or dwarfs on the map".into(),
                    ));
                }
                if !map::is_wild(at) && self.occupied().has(at) {
                    return Err(E::Place("that spot is occupied".into()));
                }
                Ok(())
            }
            A::Summon => {
                Self::check_spot(e, BoardSpot::Faerie, "faerie")?;
                if self.room_in_hand(s) == 0 {
                    return Err(E::Lacking("you already hold 5 faeries".into()));
                }
                if self.hidden.faerie_pile == 0 {
                    return Err(E::Lacking("the faerie pile is empty".into()));
                }
                Ok(())
            }
            A::Command {
                spot,
                first,
                second,
            } => {
                match spot {
                    0 => Self::check_spot(e, BoardSpot::Dragon1, "first dragon")?,
                    1 => {
                        Self::check_spot(e, BoardSpot::Dragon2, "second dragon")?;
                        if e.used & BoardSpot::Dragon1.bit() == 0 {
                            return Err(E::NotNow(
                                "the second dragon spot needs the first one used".into(),
                            ));
                        }
                    }
                    _ => return Err(E::Invalid("there are two dragon spots".into())),
                }
                let ready = |d: u8| e.nest.iter().any(|n| n.dragon == d && !n.exhausted);
                if !ready(first) {
                    return Err(E::Invalid(
                        "that dragon is not a ready dragon of yours".into(),
                    ));
                }
                let mut count = 1;
                if let Some(b) = second {
                    if b <= first || !ready(b) {
                        return Err(E::Invalid(
                            "the second dragon must be another ready dragon of yours (in \
                             increasing order)"
                                .into(),
                        ));
                    }
                    count = 2;
                }
                if e.tokens() < count {
                    return Err(E::Lacking("not enough exhaust tokens".into()));
                }
                Ok(())
            }
            A::Quest { spot, card } => {
                match spot {
                    0 => Self::check_spot(e, BoardSpot::Expedition1, "first expedition")?,
                    1 => Self::check_spot(e, BoardSpot::Expedition2, "second expedition")?,
                    _ => return Err(E::Invalid("there are two expedition spots".into())),
                }
                if self.ability_in_play(crate::data::Ability::NoQuests) {
                    return Err(E::NotNow("no quests while the Frogling is in play".into()));
                }
                let Some(q) = quest_of(card) else {
                    return Err(E::Invalid("that card is not a quest".into()));
                };
                if !self.area_cards().any(|c| c == card) {
                    return Err(E::Invalid(
                        "that quest is not in the expedition area".into(),
                    ));
                }
                if !self.meets(s, q) {
                    return Err(E::Lacking(format!(
                        "you do not meet the quest: {}",
                        crate::describe::requirement(q)
                    )));
                }
                Ok(())
            }
            _ => Err(E::Invalid("not a dwarf action".into())),
        }
    }

    fn check_train(&self, e: &Empire, dragon: u8) -> Result<(), E> {
        let Some(d) = e.nest.iter().find(|d| d.dragon == dragon) else {
            return Err(E::Invalid("that dragon is not in your nest".into()));
        };
        let cost = match d.level {
            1 => TRAIN_TO_2,
            2 => TRAIN_TO_3,
            _ => return Err(E::Lacking("that dragon is already level 3".into())),
        };
        if e.res[Resource::Gold.index()] < cost {
            return Err(E::Lacking(format!("training it costs {cost} gold")));
        }
        Ok(())
    }

    fn check_play(&self, s: usize, card: u8) -> Result<(), E> {
        let Some(&kind) = FAERIE_DATA.get(card as usize) else {
            return Err(E::Invalid(format!("there is no faerie card {card}")));
        };
        if self.hidden.hands[s] >> card & 1 == 0 {
            return Err(E::Invalid("that faerie is not in your hand".into()));
        }
        if kind.targeted() && !self.has_target(s, kind) {
            return Err(E::Lacking(format!(
                "{} has nothing to act on now",
                kind.name()
            )));
        }
        Ok(())
    }

    /// True if one application of a targeted faerie is possible.
    fn has_target(&self, s: usize, kind: FaerieKind) -> bool {
        let mut v = Vec::new();
        self.faerie_targets(s, kind, &mut v);
        !v.is_empty()
    }

    fn check_pending(&self, s: usize, p: Pending, a: &A) -> Result<(), E> {
        // Free actions stay open "at any given moment during your turn", a pending choice too;
        // a faerie that acts on the board would start a choice of its own, so it waits.
        match *a {
            A::Train { dragon } => return self.check_train(&self.empires[s], dragon),
            A::PlayFaerie { card } => {
                if FAERIE_DATA.get(card as usize).is_some_and(|k| k.targeted()) {
                    return Err(E::NotNow(
                        "finish the choice under way first: a faerie that moves or swaps \
                         waits until then"
                            .into(),
                    ));
                }
                return self.check_play(s, card);
            }
            _ => {}
        }
        match (p, a) {
            (Pending::Faerie { .. }, A::StopFaerie) => Ok(()),
            (Pending::Faerie { kind, .. }, _) => {
                let mut v = Vec::new();
                self.faerie_targets(s, kind, &mut v);
                if v.contains(a) {
                    Ok(())
                } else {
                    Err(E::Invalid(format!(
                        "{} cannot do that: it can {}, or stop",
                        kind.name(),
                        kind.text()
                    )))
                }
            }
            (Pending::Remove, A::KeepHeroes) => Ok(()),
            (Pending::Remove, A::RemoveHero { card }) => {
                if *card < 64 && self.empires[s].heroes >> card & 1 == 1 {
                    Ok(())
                } else {
                    Err(E::Invalid("that card is not in your heroes deck".into()))
                }
            }
            (Pending::Remove, _) => Err(E::NotNow(
                "first choose a card to remove from your heroes deck, or keep them all".into(),
            )),
            (Pending::Wild { .. }, A::Engage | A::Decline) => Ok(()),
            (Pending::Wild { .. }, _) => Err(E::NotNow(
                "first choose whether to fight (or gather) on the wildland you explored".into(),
            )),
        }
    }

    /// One application's possible targets for a targeted faerie.
    pub(crate) fn faerie_targets(&self, s: usize, kind: FaerieKind, out: &mut Vec<A>) {
        let e = &self.empires[s];
        match kind {
            FaerieKind::Wanderer => {
                let free = Locs::WILD.or(map::ALL.minus(self.occupied()));
                for from in e.dwarf_locs().iter() {
                    for to in self.board.map.adj(from).and(free).iter() {
                        out.push(A::MoveDwarf { from, to });
                    }
                }
            }
            FaerieKind::Trickster => {
                for mine in e.settlements.iter() {
                    for (o, other) in self.empires.iter().enumerate() {
                        if o != s {
                            for theirs in other.settlements.iter() {
                                out.push(A::SwapSettlements { mine, theirs });
                            }
                        }
                    }
                }
            }
            FaerieKind::Shifter => {
                for mine in e.dwarf_locs().iter() {
                    for (o, other) in self.empires.iter().enumerate() {
                        if o != s {
                            for theirs in other.dwarf_locs().iter() {
                                if theirs != mine {
                                    out.push(A::SwapDwarfs {
                                        mine,
                                        theirs,
                                        owner: o as u8,
                                    });
                                }
                            }
                        }
                    }
                }
            }
            FaerieKind::Dawn => {
                for d in &e.nest {
                    if d.exhausted {
                        out.push(A::Ready { dragon: d.dragon });
                    }
                }
            }
            _ => {}
        }
    }

    /// Every dwarf action of seat `s` (no free actions).
    pub(crate) fn dwarf_actions(&self, s: usize, out: &mut Vec<A>) {
        let e = &self.empires[s];
        if e.bastion == 0 {
            return;
        }
        let reach = self.reach(e);
        let sites = self.buildable().and(reach);
        for line in Resource::ALL {
            if e.used & line_spot(line).bit() == 0 && e.built[line.index()] < LINE_LEN {
                out.extend(sites.iter().map(|at| A::Build { line, at }));
            }
        }
        if e.used & BoardSpot::Fortress.bit() == 0
            && e.fortress.is_none()
            && e.res.iter().all(|&r| r >= FORTRESS_COST)
        {
            let sites = self.fortress_sites().and(reach);
            out.extend(sites.iter().map(|at| A::Fortress { at }));
        }
        out.extend(self.explorable(e).iter().map(|at| A::Explore { at }));
        if e.used & BoardSpot::Faerie.bit() == 0
            && self.room_in_hand(s) > 0
            && self.hidden.faerie_pile != 0
        {
            out.push(A::Summon);
        }
        for spot in 0..2u8 {
            let (this, needs) = if spot == 0 {
                (BoardSpot::Dragon1, 0)
            } else {
                (BoardSpot::Dragon2, BoardSpot::Dragon1.bit())
            };
            if e.used & this.bit() != 0 || e.used & needs != needs {
                continue;
            }
            let mut ready: Vec<u8> = e
                .nest
                .iter()
                .filter(|d| !d.exhausted)
                .map(|d| d.dragon)
                .collect();
            ready.sort_unstable();
            let tokens = e.tokens();
            for (i, &a) in ready.iter().enumerate() {
                if tokens >= 1 {
                    out.push(A::Command {
                        spot,
                        first: a,
                        second: None,
                    });
                }
                if tokens >= 2 {
                    for &b in &ready[i + 1..] {
                        out.push(A::Command {
                            spot,
                            first: a,
                            second: Some(b),
                        });
                    }
                }
            }
        }
        if !self.ability_in_play(crate::data::Ability::NoQuests) {
            for (spot, bs) in [(0u8, BoardSpot::Expedition1), (1, BoardSpot::Expedition2)] {
                if e.used & bs.bit() != 0 {
                    continue;
                }
                for card in self.area_cards() {
                    if let Some(q) = quest_of(card)
                        && self.meets(s, q)
                    {
                        out.push(A::Quest { spot, card });
                    }
                }
            }
        }
    }

    /// Every legal action of the acting seat, in a fixed order.
    pub(crate) fn legal_list(&self, out: &mut Vec<A>) {
        out.clear();
        if self.flow.chance.is_some() {
            return;
        }
        let Some(seat) = self.current_seat() else {
            return;
        };
        let s = seat.index();
        let e = &self.empires[s];
        match self.flow.phase {
            Phase::Placement => {
                let sites = self.buildable();
                for line in Resource::ALL {
                    if e.built[line.index()] < LINE_LEN {
                        out.extend(sites.iter().map(|at| A::Place { line, at }));
                    }
                }
                return;
            }
            Phase::Actions => {}
            Phase::Setup | Phase::Over => return,
        }
        match self.flow.pending {
            Some(Pending::Faerie { kind, .. }) => {
                self.faerie_targets(s, kind, out);
                out.push(A::StopFaerie);
            }
            Some(Pending::Remove) => {
                let mut h = e.heroes;
                while h != 0 {
                    let card = h.trailing_zeros() as u8;
                    h &= h - 1;
                    out.push(A::RemoveHero { card });
                }
                out.push(A::KeepHeroes);
            }
            Some(Pending::Wild { .. }) => {
                out.push(A::Engage);
                out.push(A::Decline);
            }
            None => {
                if self.flow.acted {
                    out.push(A::EndTurn);
                } else {
                    let before = out.len();
                    self.dwarf_actions(s, out);
                    if out.len() == before {
                        out.push(A::Idle);
                    }
                }
            }
        }
        self.free_actions(s, out);
    }

    /// The free actions open to seat `s` now: training, and playing a faerie (one that acts on
    /// the board only while no choice is pending, and only with something to act on).
    fn free_actions(&self, s: usize, out: &mut Vec<A>) {
        let e = &self.empires[s];
        let pending = self.flow.pending.is_some();
        let gold = e.res[Resource::Gold.index()];
        for d in &e.nest {
            let cost = match d.level {
                1 => TRAIN_TO_2,
                2 => TRAIN_TO_3,
                _ => continue,
            };
            if gold >= cost {
                out.push(A::Train { dragon: d.dragon });
            }
        }
        let mut hand = self.hidden.hands[s];
        while hand != 0 {
            let card = hand.trailing_zeros() as u8;
            hand &= hand - 1;
            let kind = FAERIE_DATA[card as usize];
            if !kind.targeted() || (!pending && self.has_target(s, kind)) {
                out.push(A::PlayFaerie { card });
            }
        }
    }
}
