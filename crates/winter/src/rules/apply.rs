//! Checking and applying one decision. Every action is applied to a copy of the state, which
//! replaces the state only if the whole action was legal, so a refused action leaves it
//! untouched.

use crate::data::{Card, DisasterId, MonsterId, POOL, POOL_COST, RESOURCE_CAP, Resource, Zone};
use crate::state::{Music, Stage, Winter};
use crate::types::{DwarfKind, Pick, Squad, WinterAction, WinterError, WinterEvent};
use dwarfs_engine::Seat;

type Res = Result<Vec<WinterEvent>, WinterError>;
type Res0 = Result<(), WinterError>;

/// Why a squad is refused.
const SQUAD_REFUSED: &str =
    "send home exactly as many of your dwarfs in its zone as it needs, none to spare";

fn valid(z: Zone) -> Result<Zone, WinterError> {
    if z.is_valid() {
        Ok(z)
    } else {
        Err(WinterError::NoSuchZone)
    }
}

impl Winter {
    /// Applies `action` by the seat that acts now.
    pub(crate) fn apply(&mut self, action: &WinterAction) -> Res {
        self.structure().map_err(WinterError::BadState)?;
        if self.end.is_some() || self.week.refill {
            return Err(WinterError::WrongStep(
                "the game is not waiting for a player",
            ));
        }
        let mut next = self.clone();
        let ev = next.apply_inner(action)?;
        *self = next;
        Ok(ev)
    }

    /// Applies a secret hand choice of `seat` at the Preparation step.
    pub(crate) fn choose_hand(&mut self, seat: Seat, action: &WinterAction) -> Res {
        self.structure().map_err(WinterError::BadState)?;
        let WinterAction::ChooseHand(hand) = *action else {
            return Err(WinterError::WrongStep("everyone is choosing a hand"));
        };
        if self.week.stage != Stage::Prepare || seat.0 >= self.players {
            return Err(WinterError::WrongStep(
                "hands are chosen in the Preparation phase",
            ));
        }
        if self.solo() {
            return Err(WinterError::WrongStep(
                "in solitaire the hand is picked one card at a time",
            ));
        }
        let p = self.player(seat);
        let size = p.hand_size.min(p.deck_size());
        if p.chosen {
            return Err(WinterError::WrongStep("you have already chosen your hand"));
        }
        if hand & !p.deck != 0 || hand.count_ones() != size as u32 {
            return Err(WinterError::BadHand(size));
        }
        let p = self.seat_mut(seat);
        p.hand = hand;
        p.chosen = true;
        self.after_preparation();
        Ok(vec![WinterEvent::HandChosen(seat)])
    }

    /// Solitaire preparation: `card` goes from the deck into the hand; the hand is complete (and
    /// the Actions phase begins) once it holds hand-size cards.
    fn pick_card(&mut self, action: WinterAction, ev: &mut Vec<WinterEvent>) -> Res0 {
        let WinterAction::PickCard(card) = action else {
            return Err(WinterError::WrongStep(
                "pick the cards of your hand one at a time",
            ));
        };
        let seat = Seat(0);
        let p = self.player(seat);
        if p.chosen {
            return Err(WinterError::WrongStep("you have already chosen your hand"));
        }
        if !card.is_valid() || p.deck & card.bit() == 0 || p.hand & card.bit() != 0 {
            return Err(WinterError::BadPick);
        }
        let p = self.seat_mut(seat);
        p.hand |= card.bit();
        if p.hand_len() >= p.hand_size.min(p.deck_size()) {
            p.chosen = true;
            ev.push(WinterEvent::HandChosen(seat));
            self.after_preparation();
        }
        Ok(())
    }

    fn apply_inner(&mut self, action: &WinterAction) -> Res {
        let mut ev = Vec::new();
        match (self.week.stage, *action) {
            (Stage::Defenders { seat, left }, WinterAction::Place { kind, zone }) => {
                let zone = valid(zone)?;
                if kind != DwarfKind::Worker || self.player(seat).home[kind.index()] == 0 {
                    return Err(WinterError::NoSuchDwarf);
                }
                self.seat_mut(seat).put(kind, zone);
                ev.push(WinterEvent::Placed(seat, kind, zone));
                if left > 1 {
                    self.week.stage = Stage::Defenders {
                        seat,
                        left: left - 1,
                    };
                } else {
                    let i = (seat.0 + self.players - self.week.first.0) % self.players;
                    self.next_defender(i as usize + 1, &mut ev);
                }
            }
            (Stage::Attack, WinterAction::Attack(m)) => {
                if !m.is_valid() || self.board.to_attack & (1 << m.0) == 0 {
                    return Err(WinterError::BadMonster);
                }
                self.attack(m, &mut ev);
                self.continue_attacks(&mut ev);
            }
            (Stage::Push { by }, WinterAction::Push(m)) => {
                if !m.is_valid() || m == by || self.board.monsters & (1 << m.0) == 0 {
                    return Err(WinterError::BadMonster);
                }
                self.step_monster(m, &mut ev);
                self.week.stage = Stage::Attack;
                self.continue_attacks(&mut ev);
            }
            (Stage::Turn, a) => self.turn_action(a, &mut ev)?,
            (Stage::Music(m), a) => self.music_action(m, a, &mut ev)?,
            (Stage::Prepare, a) if self.solo() => self.pick_card(a, &mut ev)?,
            (Stage::Prepare, _) => {
                return Err(WinterError::WrongStep("everyone is choosing a hand"));
            }
            (Stage::Defenders { .. }, _) => {
                return Err(WinterError::WrongStep("place your defending dwarfs"));
            }
            (Stage::Attack | Stage::Push { .. }, _) => {
                return Err(WinterError::WrongStep(
                    "the first player directs the monsters",
                ));
            }
            (Stage::Setup | Stage::Reinforce | Stage::Over, _) => {
                return Err(WinterError::WrongStep(
                    "the game is not waiting for a player",
                ));
            }
        }
        Ok(ev)
    }

    fn spend_action(&mut self, seat: Seat) -> Result<(), WinterError> {
        let p = self.seat_mut(seat);
        if p.actions_left == 0 {
            return Err(WinterError::NoActions);
        }
        p.actions_left -= 1;
        Ok(())
    }

    fn turn_action(
        &mut self,
        a: WinterAction,
        ev: &mut Vec<WinterEvent>,
    ) -> Result<(), WinterError> {
        let seat = self.week.turn.seat;
        match a {
            WinterAction::Place { kind, zone } => {
                let zone = valid(zone)?;
                if self.player(seat).home[kind.index()] == 0 {
                    return Err(WinterError::NoSuchDwarf);
                }
                if self.week.turn.placed & (1 << zone.0) != 0 {
                    return Err(WinterError::PlacedThere(zone.name()));
                }
                if kind != DwarfKind::ThunderKing {
                    self.spend_action(seat)?;
                }
                self.week.turn.placed |= 1 << zone.0;
                self.seat_mut(seat).put(kind, zone);
                ev.push(WinterEvent::Placed(seat, kind, zone));
            }
            WinterAction::Move {
                owner,
                kind,
                from,
                to,
            } => {
                let (from, to) = (valid(from)?, valid(to)?);
                if owner != seat || self.player(seat).count(kind, from) == 0 {
                    return Err(WinterError::NoSuchDwarf);
                }
                if !from.is_adjacent(to) {
                    return Err(WinterError::NotAdjacent(from.name(), to.name()));
                }
                self.spend_action(seat)?;
                self.seat_mut(seat).shift(kind, from, to);
                ev.push(WinterEvent::Moved(seat, kind, from, to));
            }
            WinterAction::Acquire { slot } => {
                let s = slot as usize;
                if s >= POOL || self.decks.pool[s].is_none() {
                    return Err(WinterError::EmptySlot);
                }
                if self.week.turn.acquired && !self.solo() {
                    return Err(WinterError::AlreadyAcquired);
                }
                if self.player(seat).resources[0] < POOL_COST[s] {
                    return Err(WinterError::CannotPay);
                }
                self.spend_action(seat)?;
                self.seat_mut(seat).resources[0] -= POOL_COST[s];
                let card = self.take_from_pool(s).ok_or(WinterError::EmptySlot)?;
                self.seat_mut(seat).deck |= card.bit();
                self.week.turn.acquired = true;
                ev.push(WinterEvent::Acquired(seat, card));
                if POOL_COST[s] > 0 {
                    ev.push(WinterEvent::Resources(
                        seat,
                        [-(POOL_COST[s] as i8), 0, 0, 0],
                    ));
                }
            }
            WinterAction::PlayMusic(i) => {
                if let Some(why) = self.music_refusal(seat, i) {
                    return Err(WinterError::NoMusic(why));
                }
                if !self.solo() {
                    self.spend_action(seat)?;
                }
                self.seat_mut(seat).tokens -= 1;
                self.board.music_hall[i.index()] = Some(seat);
                self.week.turn.music = self.week.turn.music.saturating_add(1);
                self.week.stage = Stage::Music(Music {
                    instrument: i,
                    leader: seat,
                    current: seat,
                    effect: None,
                });
                ev.push(WinterEvent::Music(seat, i));
            }
            WinterAction::Defeat { monster, home } => self.defeat(seat, monster, home, ev)?,
            WinterAction::Overcome {
                disaster,
                home,
                spare,
            } => self.overcome(seat, disaster, home, spare, ev)?,
            WinterAction::Done => self.end_turn(ev),
            _ => {
                return Err(WinterError::WrongStep(
                    "it is your turn of the Actions phase",
                ));
            }
        }
        Ok(())
    }

    fn pay(&mut self, seat: Seat, cost: &[u8; 4], ev: &mut Vec<WinterEvent>) {
        let p = self.seat_mut(seat);
        let mut delta = [0i8; 4];
        for i in 0..4 {
            p.resources[i] -= cost[i];
            delta[i] = -(cost[i] as i8);
        }
        if delta != [0; 4] {
            ev.push(WinterEvent::Resources(seat, delta));
        }
    }

    fn defeat(
        &mut self,
        seat: Seat,
        m: MonsterId,
        home: Squad,
        ev: &mut Vec<WinterEvent>,
    ) -> Result<(), WinterError> {
        if !self.can_defeat(seat, m) {
            return Err(WinterError::NotBeatable(
                "it needs more of your dwarfs in its zone or more resources",
            ));
        }
        let card = m.card();
        let zone = self.board.monster_zone[m.0 as usize];
        if !self.squad_fits(seat, zone, card.dwarfs, true, home) {
            return Err(WinterError::NotBeatable(SQUAD_REFUSED));
        }
        self.pay(seat, &card.cost, ev);
        self.send_squad_home(seat, zone, home);
        let p = self.seat_mut(seat);
        p.monsters |= 1 << m.0;
        self.board.monsters &= !(1 << m.0);
        self.board.to_attack &= !(1 << m.0);
        ev.push(WinterEvent::Defeated(seat, m));
        Ok(())
    }

    fn overcome(
        &mut self,
        seat: Seat,
        d: DisasterId,
        home: Squad,
        spare: Option<Resource>,
        ev: &mut Vec<WinterEvent>,
    ) -> Result<(), WinterError> {
        if !self.can_overcome(seat, d) {
            return Err(WinterError::NotBeatable(
                "it needs more of your dwarfs in its zone or more resources",
            ));
        }
        let card = d.card();
        let mut cost = None;
        self.player(seat)
            .disaster_payments(&card.cost, card.zone, &mut |s, c| {
                if s == spare {
                    cost = Some(c);
                }
            });
        let Some(cost) = cost else {
            return Err(WinterError::NotBeatable(
                "the Earth Guardian saves one resource the disaster costs, only with the Earth \
                 Guardian in its zone, and you must hold the rest",
            ));
        };
        if !self.squad_fits(seat, card.zone, card.dwarfs, false, home) {
            return Err(WinterError::NotBeatable(SQUAD_REFUSED));
        }
        self.pay(seat, &cost, ev);
        self.send_squad_home(seat, card.zone, home);
        let p = self.seat_mut(seat);
        let gained = p.gain(Resource::Gold, card.gold);
        p.disasters |= 1 << d.0;
        self.board.disasters &= !(1 << d.0);
        ev.push(WinterEvent::Overcome(seat, d));
        if gained > 0 {
            ev.push(WinterEvent::Resources(seat, [gained as i8, 0, 0, 0]));
        }
        Ok(())
    }

    /// Sends the dwarfs of `home` in `zone` back to `seat`'s player board (checked to be there).
    fn send_squad_home(&mut self, seat: Seat, zone: Zone, home: Squad) {
        let p = self.seat_mut(seat);
        for kind in DwarfKind::ALL {
            for _ in 0..home.count(kind) {
                p.send_home(kind, zone);
            }
        }
    }

    fn music_action(
        &mut self,
        m: Music,
        a: WinterAction,
        ev: &mut Vec<WinterEvent>,
    ) -> Result<(), WinterError> {
        let seat = m.current;
        if let Some(mut e) = m.effect {
            match a {
                WinterAction::Done => self.set_effect(m, None),
                WinterAction::Place { .. } | WinterAction::Move { .. } => {
                    let mut legal = Vec::new();
                    self.legal_for(seat, &mut legal);
                    if !legal.contains(&a) {
                        return Err(WinterError::WrongStep(
                            "that move is not one this hero allows",
                        ));
                    }
                    match a {
                        WinterAction::Place { kind, zone } => {
                            self.seat_mut(seat).put(kind, zone);
                            e.moved = Some((seat, kind, zone));
                            ev.push(WinterEvent::Placed(seat, kind, zone));
                        }
                        WinterAction::Move {
                            owner,
                            kind,
                            from,
                            to,
                        } => {
                            self.seat_mut(owner).shift(kind, from, to);
                            e.moved = Some((owner, kind, to));
                            ev.push(WinterEvent::Moved(owner, kind, from, to));
                        }
                        _ => {}
                    }
                    e.left -= 1;
                    let next = (e.left > 0).then_some(e);
                    self.set_effect(m, next);
                    self.drop_empty_effect();
                }
                _ => return Err(WinterError::WrongStep("choose the hero's moves, or stop")),
            }
            return Ok(());
        }
        match a {
            WinterAction::Done => {
                let next = self.next_seat(seat);
                if next == m.leader {
                    self.week.stage = Stage::Turn;
                } else {
                    self.week.stage = Stage::Music(Music { current: next, ..m });
                }
                Ok(())
            }
            // The leader's music is part of their turn: free actions between their cards.
            WinterAction::Defeat { monster, home } if seat == m.leader => {
                self.defeat(seat, monster, home, ev)
            }
            WinterAction::Overcome {
                disaster,
                home,
                spare,
            } if seat == m.leader => self.overcome(seat, disaster, home, spare, ev),
            WinterAction::PlayCard { card, pick } => {
                if !card.is_valid() || self.player(seat).hand & card.bit() == 0 {
                    return Err(WinterError::BadCard("it is not in your hand"));
                }
                if card.data().music != m.instrument {
                    return Err(WinterError::BadCard("it does not play to this instrument"));
                }
                let mut ok = false;
                self.card_picks(seat, card, &mut |p| ok |= p == pick);
                if !ok {
                    return Err(WinterError::BadCard(
                        "its ability cannot be used that way now",
                    ));
                }
                let p = self.seat_mut(seat);
                p.hand &= !card.bit();
                p.played |= card.bit();
                ev.push(WinterEvent::CardPlayed(seat, card));
                self.hero_effect(seat, card, pick, ev);
                Ok(())
            }
            _ => Err(WinterError::WrongStep(
                "music is playing: play matching cards from your hand (its leader may also defeat \
                 and overcome between cards), or stop",
            )),
        }
    }

    /// Sets (or clears) the staged effect of the music under way.
    pub(crate) fn set_effect(&mut self, m: Music, effect: Option<crate::state::Effect>) {
        self.week.stage = Stage::Music(Music { effect, ..m });
    }

    /// Ends a staged effect that has no move left to make.
    pub(crate) fn drop_empty_effect(&mut self) {
        if let Stage::Music(m) = self.week.stage
            && m.effect.is_some()
        {
            let mut legal = Vec::new();
            self.legal_for(m.current, &mut legal);
            if legal.len() <= 1 {
                self.set_effect(m, None);
            }
        }
    }

    /// Gains capped at 7, reported as an event.
    pub(crate) fn gain_all(&mut self, seat: Seat, gains: [u8; 4], ev: &mut Vec<WinterEvent>) {
        let p = self.seat_mut(seat);
        let mut delta = [0i8; 4];
        for r in Resource::ALL {
            delta[r.index()] = p.gain(r, gains[r.index()].min(RESOURCE_CAP)) as i8;
        }
        if delta != [0; 4] {
            ev.push(WinterEvent::Resources(seat, delta));
        }
    }

    /// Puts a card into a seat's action deck.
    pub(crate) fn add_to_deck(&mut self, seat: Seat, card: Card) {
        self.seat_mut(seat).deck |= card.bit();
    }

    /// For the Summoner: the chosen pool card.
    pub(crate) fn summon(&mut self, seat: Seat, pick: Pick, ev: &mut Vec<WinterEvent>) {
        if let Pick::Slot(s) = pick
            && let Some(card) = self.take_from_pool(s as usize)
        {
            self.seat_mut(seat).resources[0] -= crate::data::SUMMON_COST;
            self.add_to_deck(seat, card);
            ev.push(WinterEvent::Acquired(seat, card));
            ev.push(WinterEvent::Resources(
                seat,
                [-(crate::data::SUMMON_COST as i8), 0, 0, 0],
            ));
        }
    }
}
