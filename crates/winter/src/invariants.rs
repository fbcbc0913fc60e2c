//! The state's own invariants, checked by the conformance harness after every step, and the
//! structural part of them that every entry point checks first: a state built by hand or
//! deserialized from elsewhere may break them, and the engine must refuse it, never panic.

use crate::data::{
    DISASTER_CARDS, DWARFS, HERO_CARDS, HeroAbility, MIN_ACTIONS, MIN_HAND_SIZE, MONSTER_CARDS,
    RESOURCE_CAP, STARTERS,
};
use crate::state::{MAX_SEATS, Stage, Winter};
use dwarfs_engine::Seat;

/// The bits of a mask of `n` cards.
const fn cards(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

impl Winter {
    /// Everything the rules index by: the player count, every seat the state names, every
    /// card id in a mask or a slot, every zone a monster stands in, a staged hero's moves. (The
    /// counts the rules add to, resources and dwarfs, saturate instead, and are checked by the
    /// full invariants.) The entry points (`apply`, `choose_hand`, the chance
    /// points, the legal actions) check this first, so that no state makes them panic.
    pub(crate) fn structure(&self) -> Result<(), String> {
        let n = self.players;
        if n == 0 || n as usize > MAX_SEATS {
            return Err(format!("{n} players: a game has 1 to {MAX_SEATS}"));
        }
        let seat = |what: &str, s: Seat| {
            if s.0 < n {
                Ok(())
            } else {
                Err(format!("the {what} is {s}, not one of the {n} seats"))
            }
        };
        seat("first player", self.week.first)?;
        if matches!(self.week.stage, Stage::Turn | Stage::Music(_)) {
            seat("turn", self.week.turn.seat)?;
        }
        match self.week.stage {
            Stage::Defenders { seat: s, .. } => seat("defending seat", s)?,
            Stage::Music(m) => {
                seat("music leader", m.leader)?;
                seat("music player", m.current)?;
                if let Some(e) = m.effect {
                    let staged = matches!(
                        e.card.data().ability,
                        HeroAbility::MoveIn(..) | HeroAbility::PlaceOrMove(_)
                    );
                    if !e.card.is_valid() || !staged || e.left == 0 {
                        return Err("the staged hero moves are not a hero's moves".into());
                    }
                    if let Some((owner, _, z)) = e.moved {
                        seat("moved dwarf's owner", owner)?;
                        if !z.is_valid() {
                            return Err("the staged hero moves name no real zone".into());
                        }
                    }
                }
            }
            Stage::Push { by } if !by.is_valid() || self.board.monsters & (1 << by.0) == 0 => {
                return Err("the pushing Ice Wyrm is not on the board".into());
            }
            _ => {}
        }
        let monsters = cards(MONSTER_CARDS) as u32;
        let disasters = cards(DISASTER_CARDS) as u32;
        let heroes = cards(HERO_CARDS);
        if (self.board.monsters | self.board.to_attack | self.decks.monsters) & !monsters != 0
            || (self.board.disasters | self.decks.disasters) & !disasters != 0
            || self.decks.heroes & !heroes != 0
            || self.decks.pool.iter().flatten().any(|c| !c.is_valid())
        {
            return Err("a card that does not exist".into());
        }
        if self.board.to_attack & !self.board.monsters != 0 {
            return Err("a monster attacks that is not on the board".into());
        }
        if self.monsters().any(|(_, z)| !z.is_valid()) {
            return Err("a monster stands outside the board".into());
        }
        for s in self.seat_list() {
            let p = self.player(s);
            if (p.deck | p.hand | p.played) & !heroes != 0
                || p.monsters & !monsters != 0
                || p.disasters & !disasters != 0
            {
                return Err(format!("{s} holds a card that does not exist"));
            }
        }
        Ok(())
    }

    /// Component conservation and the limits of every track.
    pub(crate) fn invariants(&self) -> Result<(), String> {
        self.structure()?;
        let mut monsters_seen = self.decks.monsters | self.board.monsters;
        let mut disasters_seen = self.decks.disasters | self.board.disasters;
        let mut heroes = self.decks.heroes;
        for c in self.decks.pool.iter().flatten() {
            if heroes & c.bit() != 0 {
                return Err(format!("{} is both in the pool and the pile", c.name()));
            }
            heroes |= c.bit();
        }
        if self.decks.monsters & self.board.monsters != 0 {
            return Err("a monster is both on the board and in the pile".into());
        }
        if self.decks.disasters & self.board.disasters != 0 {
            return Err("a disaster is both active and in the pile".into());
        }
        for s in self.seat_list() {
            let p = self.player(s);
            let total: u32 = p.home.iter().map(|&n| n as u32).sum::<u32>()
                + p.dwarfs.iter().flatten().map(|&n| n as u32).sum::<u32>();
            if total != DWARFS as u32 {
                return Err(format!("{s} has {total} dwarfs, not {DWARFS}"));
            }
            if p.resources.iter().any(|&r| r > RESOURCE_CAP) {
                return Err(format!("{s} holds more than {RESOURCE_CAP} of a resource"));
            }
            for (k, &made) in [
                p.has_legend(crate::DwarfKind::IceWarrior),
                p.has_legend(crate::DwarfKind::EarthGuardian),
                p.has_legend(crate::DwarfKind::ThunderKing),
            ]
            .iter()
            .enumerate()
            {
                let n =
                    p.home[k + 1] as u32 + p.dwarfs[k + 1].iter().map(|&n| n as u32).sum::<u32>();
                if n != made as u32 {
                    return Err(format!("{s} has {n} legendary dwarfs of kind {}", k + 1));
                }
            }
            if p.actions < MIN_ACTIONS || p.hand_size < MIN_HAND_SIZE {
                return Err(format!("{s}'s tracks went below their floors"));
            }
            if p.hand & !p.deck != 0 || p.played & !p.deck != 0 || p.hand & p.played != 0 {
                return Err(format!("{s}'s hand is not drawn from their deck"));
            }
            if self.week.stage == Stage::Prepare
                && !p.chosen
                && p.hand_len() >= p.hand_size.min(p.deck_size())
            {
                return Err(format!("{s}'s hand is complete but not chosen"));
            }
            if self.week.stage == Stage::Prepare && !p.chosen && !self.solo() && p.hand != 0 {
                return Err(format!("{s} holds cards before choosing a hand"));
            }
            if p.deck & ((1 << STARTERS) - 1) != (1 << STARTERS) - 1 {
                return Err(format!("{s} lost a starting hero"));
            }
            let heroes_owned = p.deck >> crate::data::FIRST_HERO << crate::data::FIRST_HERO;
            if heroes & heroes_owned != 0 {
                return Err(format!("{s} owns a hero that is still in the pool or pile"));
            }
            heroes |= heroes_owned;
            if monsters_seen & p.monsters != 0 || disasters_seen & p.disasters != 0 {
                return Err("a card is in two places".into());
            }
            monsters_seen |= p.monsters;
            disasters_seen |= p.disasters;
        }
        let all_heroes = ((1u64 << crate::data::HERO_CARDS) - 1) >> crate::data::FIRST_HERO
            << crate::data::FIRST_HERO;
        let missing = all_heroes & !heroes;
        // Heroes leave play only by the pool being short (none), so every hero is somewhere.
        if missing != 0 {
            return Err("a hero card went missing".into());
        }
        if self.week.week == 0 || self.week.week > crate::data::WEEKS {
            return Err("the week is out of range".into());
        }
        if (self.week.stage == Stage::Over) != self.end.is_some() {
            return Err("the game is over exactly when it has ended".into());
        }
        Ok(())
    }
}
