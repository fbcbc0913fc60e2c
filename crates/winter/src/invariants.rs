//! The state's own invariants, checked by the conformance harness after every step.

use crate::data::{DWARFS, MIN_ACTIONS, MIN_HAND_SIZE, RESOURCE_CAP, STARTERS};
use crate::state::{Stage, Winter};

impl Winter {
    /// Component conservation and the limits of every track.
    pub(crate) fn invariants(&self) -> Result<(), String> {
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
            if p.resources.iter().any(|&r| r > RESOURCE_CAP) {
                return Err(format!("{s} holds more than {RESOURCE_CAP} of a resource"));
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
