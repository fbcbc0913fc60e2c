//! Listing and playing seat actions. Every check lives in one predicate that both the listing and
//! the validation use, so "listed" and "accepted" can never disagree.

use crate::action::{FallAction, FallError, FallEvent};
use crate::board::{CellSet, NONE};
use crate::data::{self, FACE_UP_GOALS};
use crate::state::{Fall, Pending, Phase};
use crate::types::{Card, Colour, Dir, HandCard, Kind, OgreKind, Pos};
use dwarfs_engine::Seat;

impl Fall {
    // ----- predicates shared by listing and validation -----

    /// The cell of an on-mat position.
    pub(crate) fn cell_at(pos: Pos) -> Result<u8, FallError> {
        pos.cell().ok_or(FallError::OffMat(pos))
    }

    /// The cell and top card at a position.
    pub(crate) fn top_at(&self, pos: Pos) -> Result<(u8, u8), FallError> {
        let cell = Self::cell_at(pos)?;
        let card = self.board.top(cell).ok_or(FallError::NoCard(pos))?;
        Ok((cell, card))
    }

    /// Where the current seat's dwarf on `cell` can walk in `dir`.
    pub(crate) fn walk_target(&self, cell: u8, dir: Dir) -> Option<u8> {
        let to = self.board.passage(cell, dir)?;
        let card = self.board.top(to)?;
        (self.board.free_spots(card) > 0).then_some(to)
    }

    /// True if the current seat may put a meeple from its campfire on `card` (a free spot, and
    /// the 3rd edition's placement decrees).
    pub(crate) fn may_place_on(&self, card: u8) -> bool {
        if self.board.free_spots(card) == 0 {
            return false;
        }
        if self.third.decrees == 0 {
            return true;
        }
        // One card: search only its area for castles, not every kingdom.
        self.placement_rule_for(card).allows(self, card)
    }

    /// [`Fall::may_place_on`] with the placement rule computed once for many cards.
    #[inline]
    pub(crate) fn may_place_with(&self, card: u8, rule: &crate::decrees::PlacementRule) -> bool {
        self.board.free_spots(card) > 0 && (self.third.decrees == 0 || rule.allows(self, card))
    }

    /// Remembers that a meeple came from the campfire onto `card` this turn.
    pub(crate) fn note_placed(&mut self, card: u8) {
        self.third.placed |= 1u64 << card;
    }

    /// Cards with at least one of the current seat's dwarfs.
    fn own_dwarf_cards(&self) -> u8 {
        let me = self.current as usize;
        self.board
            .top_cards()
            .filter(|&(_, card)| self.board.dwarfs(card, me) > 0 && !self.guarded(card))
            .count() as u8
    }

    /// Brute, first pick: an opponent's dwarf on a card, while you have a dwarf on another card.
    fn brute_pick_ok(&self, card: u8, colour: usize, own_cards: u8) -> bool {
        let me = self.current as usize;
        colour != me
            && self.board.dwarfs(card, colour) > 0
            && !self.guarded(card)
            && own_cards > (self.board.dwarfs(card, me) > 0) as u8
    }

    /// Panic: the cards a dwarf on `cell` can be carried to (1 or 2 cards away through open
    /// sides, ending on a free spot; the card passed through needs no free spot).
    pub(crate) fn panic_targets(&self, cell: u8) -> CellSet {
        let mut reach = CellSet::default();
        for d1 in Dir::ALL {
            let Some(n1) = self.board.passage(cell, d1) else {
                continue;
            };
            reach.insert_cell(n1);
            for d2 in Dir::ALL {
                if let Some(n2) = self.board.passage(n1, d2) {
                    reach.insert_cell(n2);
                }
            }
        }
        let mut out = CellSet::default();
        for c in reach.iter() {
            if c != cell
                && let Some(card) = self.board.top(c)
                && self.board.free_spots(card) > 0
                && !self.guarded(card)
            {
                out.insert_cell(c);
            }
        }
        out
    }

    /// True if some dwarf can be carried by Panic.
    fn panic_has_target(&self) -> bool {
        self.board.top_cards().any(|(c, card)| {
            self.board.dwarf_total(card) > 0 && !self.guarded(card) && self.panic_reaches(c)
        })
    }

    /// True if `panic_targets(cell)` is not empty (stops at the first destination found).
    fn panic_reaches(&self, cell: u8) -> bool {
        let open = |c: u8| {
            c != cell
                && self
                    .board
                    .top(c)
                    .is_some_and(|card| self.board.free_spots(card) > 0 && !self.guarded(card))
        };
        for d1 in Dir::ALL {
            let Some(n1) = self.board.passage(cell, d1) else {
                continue;
            };
            if open(n1) {
                return true;
            }
            for d2 in Dir::ALL {
                if let Some(n2) = self.board.passage(n1, d2)
                    && open(n2)
                {
                    return true;
                }
            }
        }
        false
    }

    /// True if the ogre has at least one complete target now.
    pub(crate) fn ogre_has_target(&self, ogre: OgreKind) -> bool {
        let me = self.current as usize;
        match ogre {
            OgreKind::Brute => {
                let own = self.own_dwarf_cards();
                own > 0
                    && self
                        .board
                        .top_cards()
                        .any(|(_, card)| (0..4).any(|col| self.brute_pick_ok(card, col, own)))
            }
            OgreKind::Ambush => self
                .board
                .top_cards()
                .any(|(_, card)| self.board.dwarf_total(card) > 0 && !self.guarded(card)),
            OgreKind::Crown => self
                .seats
                .iter()
                .enumerate()
                .any(|(i, p)| i != me && p.ogre_count() > 0),
            OgreKind::Panic => self.panic_has_target(),
            OgreKind::Thief => self
                .seats
                .iter()
                .enumerate()
                .any(|(i, p)| i != me && p.gem_count() > 0),
        }
    }

    /// True if a stack can be dug: 2 cards or more, no meeples on top, no monster or castle on top.
    pub(crate) fn diggable(&self, cell: u8) -> bool {
        match self.board.top(cell) {
            Some(card) => {
                let k = Fall::card(card).kind;
                self.board.height(cell) >= 2
                    && self.board.dwarf_total(card) == 0
                    && !k.is_monster()
                    && k != Kind::Castle
            }
            None => false,
        }
    }

    /// True if the current seat can pay for the face-up goal in `slot`.
    pub(crate) fn affordable(&self, slot: usize) -> bool {
        match self.goal_slots.get(slot) {
            Some(&g) if g != NONE => {
                let cost = data::TRADING_GOALS[g as usize].cost;
                let gems = self.me().gems;
                (0..4).all(|i| gems[i] >= cost[i])
            }
            _ => false,
        }
    }

    /// True if the current seat may reveal its secret goal now (unrevealed, condition met).
    pub(crate) fn can_reveal(&self) -> bool {
        self.check_secret().is_ok()
    }

    fn check_secret(&self) -> Result<(), FallError> {
        let p = self.me();
        if p.revealed {
            return Err(FallError::SecretAlreadyRevealed);
        }
        match self.secret_of(self.current as usize) {
            Some((g, _)) if self.secret_met(self.current as usize) => {
                let _ = g;
                Ok(())
            }
            Some((g, _)) => Err(FallError::SecretNotMet(g.text())),
            None => Err(FallError::WrongStep("no secret goal was dealt")),
        }
    }

    // ----- listing -----

    pub(crate) fn list(&self, out: &mut Vec<FallAction>) {
        out.clear();
        match self.phase {
            Phase::Actions => self.list_actions(out),
            Phase::ChooseGoal => {
                if self.can_reveal() {
                    out.push(FallAction::RevealSecret);
                }
                for s in 0..FACE_UP_GOALS {
                    if self.affordable(s) {
                        out.push(FallAction::BuyGoal(s as u8));
                    }
                }
                self.trade_ups(&mut |slot, goal| out.push(FallAction::TradeUp { slot, goal }));
            }
            Phase::ChooseDig => {
                if self.can_reveal() {
                    out.push(FallAction::RevealSecret);
                }
                for (c, _) in self.board.top_cards() {
                    if self.diggable(c) {
                        out.push(FallAction::Dig(Pos::of_cell(c)));
                    }
                }
            }
            Phase::ChooseFinish => {
                if let Some(card) = self.finishing_card() {
                    self.finishes(card, &mut |draw_two, keep| {
                        out.push(FallAction::FinishTask { draw_two, keep })
                    });
                }
            }
            Phase::Discard => {
                if self.check_secret().is_ok() {
                    out.push(FallAction::RevealSecret);
                }
                let p = self.me();
                if !p.over_limit() {
                    // The end-of-turn window: reveal, or end the turn without revealing.
                    out.push(FallAction::EndActions);
                    return;
                }
                for g in Fall::gem_kinds(&p.gems) {
                    out.push(FallAction::Discard(HandCard::Gem(g)));
                }
                for o in Fall::ogre_kinds(&p.ogres) {
                    out.push(FallAction::Discard(HandCard::Ogre(o)));
                }
            }
            _ => {}
        }
    }

    fn list_actions(&self, out: &mut Vec<FallAction>) {
        let me = self.current as usize;
        match self.pending {
            Pending::None => {
                out.push(FallAction::EndActions);
                if self.check_secret().is_ok() {
                    out.push(FallAction::RevealSecret);
                }
                let p = self.me();
                let rule = self.placement_rule();
                if self.has_action() {
                    for k in Kind::ALL {
                        if p.has_kind(k) {
                            out.push(FallAction::ChooseCard(k));
                        }
                    }
                    let pile = self.workers_home(me) > 0;
                    for (c, card) in self.board.top_cards() {
                        if pile && self.may_place_with(card, &rule) {
                            out.push(FallAction::PlaceDwarf(Pos::of_cell(c)));
                        }
                        if self.workers_on(card, me) > 0 {
                            for d in Dir::ALL {
                                if self.walk_target(c, d).is_some() {
                                    out.push(FallAction::MoveDwarf {
                                        from: Pos::of_cell(c),
                                        dir: d,
                                    });
                                }
                            }
                        }
                    }
                }
                for o in Fall::ogre_kinds(&p.ogres) {
                    if self.ogre_has_target(o) {
                        out.push(FallAction::PlayOgre(o));
                    }
                }
                if self.third() {
                    self.list_class_actions(out, &rule);
                    self.list_decree_actions(out, &rule);
                }
            }
            Pending::Card(k) => {
                let blocked = self.memorial_cells();
                self.board.placements(k, &blocked, &mut |c| {
                    out.push(FallAction::PlaceCard(Pos::of_cell(c)))
                })
            }
            Pending::Orient { kind, .. } => {
                out.extend((0..kind.orientations()).map(FallAction::Orient));
            }
            Pending::Brute => {
                let own = self.own_dwarf_cards();
                for (c, card) in self.board.top_cards() {
                    for col in 0..4 {
                        if self.brute_pick_ok(card, col, own) {
                            out.push(FallAction::TargetDwarf {
                                at: Pos::of_cell(c),
                                colour: Colour::ALL[col],
                            });
                        }
                    }
                }
            }
            Pending::BruteSwap { cell, .. } => {
                for (c, card) in self.board.top_cards() {
                    if c != cell && self.board.dwarfs(card, me) > 0 && !self.guarded(card) {
                        out.push(FallAction::TargetCard(Pos::of_cell(c)));
                    }
                }
            }
            Pending::Ambush => {
                for (c, card) in self.board.top_cards() {
                    if self.board.dwarf_total(card) > 0 && !self.guarded(card) {
                        out.push(FallAction::TargetCard(Pos::of_cell(c)));
                    }
                }
            }
            Pending::Crown | Pending::Thief => {
                let crown = self.pending == Pending::Crown;
                for (i, p) in self.seats.iter().enumerate() {
                    let has = if crown {
                        p.ogre_count() > 0
                    } else {
                        p.gem_count() > 0
                    };
                    if i != me && has {
                        out.push(FallAction::TargetPlayer(Seat(i as u8)));
                    }
                }
            }
            Pending::Panic => {
                for (c, card) in self.board.top_cards() {
                    if self.board.dwarf_total(card) == 0
                        || self.guarded(card)
                        || !self.panic_reaches(c)
                    {
                        continue;
                    }
                    for col in 0..4 {
                        if self.board.dwarfs(card, col) > 0 {
                            out.push(FallAction::TargetDwarf {
                                at: Pos::of_cell(c),
                                colour: Colour::ALL[col],
                            });
                        }
                    }
                }
            }
            Pending::PanicMove { cell, .. } => {
                for c in self.panic_targets(cell).iter() {
                    out.push(FallAction::TargetCard(Pos::of_cell(c)));
                }
            }
        }
    }

    // ----- validation and application -----

    /// Validates `action` fully, then applies it. Nothing is changed on error.
    pub(crate) fn act(&mut self, action: &FallAction) -> Result<Vec<FallEvent>, FallError> {
        match self.phase {
            Phase::Actions => self.act_in_actions(action),
            Phase::ChooseGoal => match *action {
                FallAction::BuyGoal(slot) => {
                    if !self.affordable(slot as usize) {
                        return Err(FallError::CannotBuy(slot));
                    }
                    let mut ev = Vec::new();
                    if !self.buy_goal(slot as usize, &mut ev) {
                        self.run_resolve(&mut ev);
                    }
                    Ok(ev)
                }
                FallAction::TradeUp { slot, goal } => {
                    if !self.can_trade_up(slot, goal) {
                        return Err(FallError::CannotBuy(slot));
                    }
                    let mut ev = Vec::new();
                    if !self.trade_up(slot, goal, &mut ev) {
                        self.run_resolve(&mut ev);
                    }
                    Ok(ev)
                }
                FallAction::RevealSecret => self.reveal_secret(),
                _ => Err(FallError::WrongStep(
                    "choose which trading goal to buy at the general store",
                )),
            },
            Phase::ChooseDig => match *action {
                FallAction::Dig(pos) => {
                    let cell = Self::cell_at(pos)?;
                    if !self.diggable(cell) {
                        return Err(FallError::CannotDig(pos));
                    }
                    let mut ev = Vec::new();
                    self.dig(cell, &mut ev);
                    self.run_resolve(&mut ev);
                    Ok(ev)
                }
                FallAction::RevealSecret => self.reveal_secret(),
                _ => Err(FallError::WrongStep("choose which stack your castle digs")),
            },
            Phase::ChooseFinish => match *action {
                FallAction::FinishTask { draw_two, keep } => {
                    let card = self.finishing_card().ok_or(FallError::BadFinish)?;
                    if !self.finish_ok(card, draw_two, keep) {
                        return Err(FallError::BadFinish);
                    }
                    self.phase = Phase::Actions;
                    let mut ev = Vec::new();
                    if !self.finish_task(card, draw_two, keep, &mut ev) {
                        self.run_resolve(&mut ev);
                    }
                    Ok(ev)
                }
                _ => Err(FallError::WrongStep(
                    "choose how your task completes: which class meeples stay, and how many ogres to draw",
                )),
            },
            Phase::Discard => match *action {
                FallAction::RevealSecret => {
                    let mut ev = self.reveal_secret()?;
                    if !self.me().over_limit() {
                        self.end_turn(&mut ev);
                    }
                    Ok(ev)
                }
                FallAction::EndActions if !self.me().over_limit() => {
                    let mut ev = Vec::new();
                    self.end_turn(&mut ev);
                    Ok(ev)
                }
                FallAction::Discard(card) => self.discard(card),
                _ => Err(FallError::WrongStep(
                    "discard gems or ogres down to 9 cards in hand",
                )),
            },
            _ => Err(FallError::WrongStep("the game is not waiting for a player")),
        }
    }

    fn reveal_secret(&mut self) -> Result<Vec<FallEvent>, FallError> {
        self.check_secret()?;
        let seat = self.current as usize;
        self.seats[seat].revealed = true;
        let goal = self.secret_of(seat).map(|(g, _)| g);
        Ok(goal
            .map(|goal| FallEvent::SecretRevealed {
                seat: Seat(seat as u8),
                goal,
            })
            .into_iter()
            .collect())
    }

    fn discard(&mut self, card: HandCard) -> Result<Vec<FallEvent>, FallError> {
        if !self.me().over_limit() {
            return Err(FallError::NothingToDiscard);
        }
        match card {
            HandCard::Gem(g) => {
                if self.me().gems[g as usize] == 0 {
                    return Err(FallError::NotInHand);
                }
                self.me_mut().gems[g as usize] -= 1;
                self.gem_piles[g as usize] += 1;
            }
            HandCard::Ogre(o) => {
                if self.me().ogres[o as usize] == 0 {
                    return Err(FallError::NotInHand);
                }
                self.me_mut().ogres[o as usize] -= 1;
                self.ogre_discard[o as usize] += 1;
            }
        }
        let mut ev = vec![FallEvent::Discarded {
            seat: Seat(self.current),
            card,
        }];
        if !self.me().over_limit() {
            self.end_turn(&mut ev);
        }
        Ok(ev)
    }

    /// Lays the current seat's kingdom card of kind `k` on `cell` turned `turns` quarter turns
    /// (the caller checked the placement), spending the action.
    fn lay_card(&mut self, k: Kind, cell: u8, turns: u8) -> Vec<FallEvent> {
        let stacked = self.board.top(cell).is_some();
        let card = Card {
            colour: self.colour(),
            kind: k,
        };
        self.board.put_turned(card.id(), cell, turns);
        self.me_mut().hand &= !(1 << k as u16);
        self.actions_used += 1;
        self.pending = Pending::None;
        vec![FallEvent::CardPlayed {
            card,
            at: Pos::of_cell(cell),
            stacked,
            turns,
        }]
    }

    pub(crate) fn spend_action(&self) -> Result<(), FallError> {
        if self.has_action() {
            Ok(())
        } else {
            Err(FallError::NoActionsLeft(self.turn_action_limit()))
        }
    }

    fn act_in_actions(&mut self, action: &FallAction) -> Result<Vec<FallEvent>, FallError> {
        if self.pending == Pending::None && self.third() {
            if let Some(r) = self.act_class(action) {
                return r;
            }
            if let Some(r) = self.act_decree(action) {
                return r;
            }
        }
        let me = self.current as usize;
        let colour = self.colour();
        match (self.pending, *action) {
            (Pending::None, FallAction::EndActions) => {
                let mut ev = vec![FallEvent::ActionsEnded(Seat(self.current))];
                self.end_actions(&mut ev);
                Ok(ev)
            }
            (Pending::None, FallAction::RevealSecret) => self.reveal_secret(),
            (Pending::None, FallAction::ChooseCard(k)) => {
                self.spend_action()?;
                if !self.me().has_kind(k) {
                    return Err(FallError::CardNotInHand(k.name()));
                }
                self.pending = Pending::Card(k);
                Ok(Vec::new())
            }
            (Pending::Card(k), FallAction::PlaceCard(pos)) => {
                let cell = Self::cell_at(pos)?;
                let blocked = self.memorial_cells();
                let empty = self.board.is_empty() && blocked.is_empty();
                if !self.board.can_put(k, cell, empty, &blocked) {
                    let why = match self.board.top(cell) {
                        None if blocked.contains(cell) => "a memorial card stands there",
                        None if empty => "the first card goes at the centre of the mat (0, 0)",
                        None => "a new card must touch a card already played",
                        Some(t) if self.board.dwarf_total(t) > 0 => {
                            "nothing can be stacked on a card with meeples"
                        }
                        Some(t) if Fall::card(t).kind.card_type() != k.card_type() => {
                            "only cards of the same type stack"
                        }
                        Some(_) => "nothing can be stacked on castles or monsters",
                    };
                    return Err(FallError::BadPlacement {
                        card: k.name(),
                        at: pos,
                        why,
                    });
                }
                if k.orientations() > 1 {
                    self.pending = Pending::Orient { kind: k, cell };
                    return Ok(Vec::new());
                }
                Ok(self.lay_card(k, cell, 0))
            }
            (Pending::Orient { kind, cell }, FallAction::Orient(turns)) => {
                if turns >= kind.orientations() {
                    return Err(FallError::BadOrientation {
                        card: kind.name(),
                        ways: kind.orientations(),
                        turns,
                    });
                }
                Ok(self.lay_card(kind, cell, turns))
            }
            (Pending::None, FallAction::PlaceDwarf(pos)) => {
                self.spend_action()?;
                if self.workers_home(me) == 0 {
                    return Err(FallError::NoDwarfsLeft);
                }
                let (_, card) = self.top_at(pos)?;
                if !self.may_place_on(card) {
                    return Err(FallError::NoFreeSpot(pos));
                }
                self.board.add_dwarf(card, me);
                self.me_mut().pile -= 1;
                self.note_placed(card);
                self.actions_used += 1;
                Ok(vec![FallEvent::DwarfPlaced { colour, at: pos }])
            }
            (Pending::None, FallAction::MoveDwarf { from, dir }) => {
                self.spend_action()?;
                let (cell, card) = self.top_at(from)?;
                if self.workers_on(card, me) == 0 {
                    return Err(FallError::NoOwnDwarf(from));
                }
                let Some(to) = self.board.passage(cell, dir) else {
                    return Err(FallError::Walled {
                        from,
                        dir: dir.name(),
                    });
                };
                let to_card = self
                    .board
                    .top(to)
                    .ok_or(FallError::NoCard(from.step(dir)))?;
                if self.board.free_spots(to_card) == 0 {
                    return Err(FallError::NoFreeSpot(Pos::of_cell(to)));
                }
                self.board.remove_dwarf(card, me);
                self.board.add_dwarf(to_card, me);
                self.actions_used += 1;
                Ok(vec![FallEvent::DwarfMoved {
                    colour,
                    from,
                    to: Pos::of_cell(to),
                }])
            }
            (Pending::None, FallAction::PlayOgre(o)) => {
                if self.me().ogres[o as usize] == 0 {
                    return Err(FallError::OgreNotInHand(o.name()));
                }
                if !self.ogre_has_target(o) {
                    return Err(FallError::NoOgreTarget(o.name()));
                }
                self.me_mut().ogres[o as usize] -= 1;
                self.ogre_discard[o as usize] += 1;
                self.pending = match o {
                    OgreKind::Brute => Pending::Brute,
                    OgreKind::Ambush => Pending::Ambush,
                    OgreKind::Crown => Pending::Crown,
                    OgreKind::Panic => Pending::Panic,
                    OgreKind::Thief => Pending::Thief,
                };
                Ok(vec![FallEvent::OgrePlayed {
                    seat: Seat(self.current),
                    ogre: o,
                }])
            }
            (Pending::Brute, FallAction::TargetDwarf { at, colour: c }) => {
                let (cell, card) = self.top_at(at)?;
                if !self.brute_pick_ok(card, c.index(), self.own_dwarf_cards()) {
                    return Err(FallError::BadTarget(
                        "pick an opponent's dwarf on a card other than one of your dwarfs",
                    ));
                }
                self.pending = Pending::BruteSwap {
                    cell,
                    colour: c as u8,
                };
                Ok(Vec::new())
            }
            (Pending::BruteSwap { cell, colour: c }, FallAction::TargetCard(pos)) => {
                let (mine, my_card) = self.top_at(pos)?;
                if mine == cell || self.board.dwarfs(my_card, me) == 0 || self.guarded(my_card) {
                    return Err(FallError::BadTarget(
                        "pick another card where one of your dwarfs stands",
                    ));
                }
                let their_card = self.board.top(cell).unwrap_or(NONE);
                let c = c as usize;
                self.carry(their_card, my_card, c);
                self.carry(my_card, their_card, me);
                self.pending = Pending::None;
                Ok(vec![FallEvent::Swapped {
                    theirs: Colour::ALL[c],
                    their_card: Pos::of_cell(cell),
                    my_card: pos,
                }])
            }
            (Pending::Ambush, FallAction::TargetCard(pos)) => {
                let (_, card) = self.top_at(pos)?;
                if self.board.dwarf_total(card) == 0 || self.guarded(card) {
                    return Err(FallError::BadTarget(
                        "pick a card with meeples on it and no guardian",
                    ));
                }
                let home = self.clear_card(card);
                self.pending = Pending::None;
                Ok(vec![FallEvent::Cleared {
                    at: pos,
                    sent_home: home,
                }])
            }
            (Pending::Crown, FallAction::TargetPlayer(s)) => {
                let v = s.index();
                if v == me || self.seats.get(v).is_none_or(|p| p.ogre_count() == 0) {
                    return Err(FallError::BadTarget(
                        "pick an opponent who holds ogre cards",
                    ));
                }
                let taken = std::mem::take(&mut self.seats[v].ogres);
                for (i, n) in taken.iter().enumerate() {
                    self.seats[me].ogres[i] += n;
                }
                self.pending = Pending::None;
                Ok(vec![FallEvent::OgresStolen {
                    by: Seat(self.current),
                    from: s,
                    count: taken.iter().sum(),
                }])
            }
            (Pending::Thief, FallAction::TargetPlayer(s)) => {
                let v = s.index();
                if v == me || self.seats.get(v).is_none_or(|p| p.gem_count() == 0) {
                    return Err(FallError::BadTarget("pick an opponent who holds gems"));
                }
                self.pending = Pending::None;
                self.phase = Phase::StealGem { victim: v as u8 };
                Ok(Vec::new())
            }
            (Pending::Panic, FallAction::TargetDwarf { at, colour: c }) => {
                let (cell, card) = self.top_at(at)?;
                if self.board.dwarfs(card, c.index()) == 0 || self.guarded(card) {
                    return Err(FallError::BadTarget(
                        "pick a card where that colour has a dwarf",
                    ));
                }
                if !self.panic_reaches(cell) {
                    return Err(FallError::BadTarget(
                        "that dwarf has nowhere to go within two cards",
                    ));
                }
                self.pending = Pending::PanicMove {
                    cell,
                    colour: c as u8,
                };
                Ok(Vec::new())
            }
            (Pending::PanicMove { cell, colour: c }, FallAction::TargetCard(pos)) => {
                let to = Self::cell_at(pos)?;
                if !self.panic_targets(cell).contains(to) {
                    return Err(FallError::BadTarget(
                        "pick a card with a free spot one or two cards away, not through walls",
                    ));
                }
                let from_card = self.board.top(cell).unwrap_or(NONE);
                let to_card = self.board.top(to).unwrap_or(NONE);
                self.carry(from_card, to_card, c as usize);
                self.pending = Pending::None;
                Ok(vec![FallEvent::DwarfMoved {
                    colour: Colour::ALL[c as usize],
                    from: Pos::of_cell(cell),
                    to: pos,
                }])
            }
            (Pending::None, _) => Err(FallError::WrongStep(
                "play a card, place or move a dwarf, play an ogre, or end your actions",
            )),
            (Pending::Card(_), _) => Err(FallError::WrongStep("place the kingdom card you chose")),
            (Pending::Orient { .. }, _) => Err(FallError::WrongStep(
                "choose which way the kingdom card you placed lies",
            )),
            (Pending::Brute | Pending::Panic, _) => {
                Err(FallError::WrongStep("pick the dwarf your ogre targets"))
            }
            (Pending::Crown | Pending::Thief, _) => {
                Err(FallError::WrongStep("pick the opponent your ogre targets"))
            }
            (Pending::Ambush | Pending::BruteSwap { .. } | Pending::PanicMove { .. }, _) => {
                Err(FallError::WrongStep("pick the card your ogre targets"))
            }
        }
    }
}
