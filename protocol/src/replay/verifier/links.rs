//! The beacon links a replay stores: checked against each seat's committed hash chain, kept
//! for the chance points ahead, and the links movers signed in their moves settled against them.

use super::Verifier;
use crate::beacon::{self, ChainTracker};
use crate::config::GameConfig;
use crate::lockstep;
use crate::message::Link;
use crate::replay::Fault;
use crate::replay::format::{self, Frame};
use dwarfs_engine::{Game, Seat};

/// What the verifier knows of every seat's beacon chain.
#[derive(Clone)]
pub(in crate::replay) struct Chains {
    /// Per seat: the last link verified against its committed chain, and its position.
    pub(in crate::replay) trackers: Vec<Option<ChainTracker>>,
    /// Per seat: links verified ahead, `(position of the first, links)`.
    pub(in crate::replay) cache: Vec<(u32, Vec<Link>)>,
    /// Beacon links movers signed in their moves, `(seat, move, link)`, not yet checked against
    /// the chains (they are once a later frame's links reach back to them).
    pub(in crate::replay) claims: Vec<(usize, u32, Link)>,
    /// The last move whose frame carries every live seat's beacon link, and those links of
    /// the seats still live (a resumed session's takeover record needs them).
    pub(in crate::replay) last_links: Option<(u32, Vec<(usize, Link)>)>,
}

impl<G: Game> Verifier<G> {
    /// Takes the links a link frame carries at position `c`: checks them against every live
    /// seat's committed chain and caches the links down to the last verified one.
    pub(super) fn absorb_links(&mut self, c: u32, links: &[Link]) -> Result<(), Fault> {
        let live = self.live_seats();
        if links.len() != live.len() {
            return Err(Fault::Beacon(format!(
                "{} links stored for {} live players",
                links.len(),
                live.len()
            )));
        }
        let max = self.header.config.beacon_segment;
        for (link, &i) in links.iter().zip(&live) {
            let t = self.chains.trackers[i].ok_or(Fault::Header)?;
            if t.pos == c {
                if t.link != *link {
                    return Err(Fault::Beacon(format!(
                        "{}'s link at move {c} differs from the one derived before",
                        Seat(i as u8)
                    )));
                }
                continue;
            }
            if t.pos > c || c - t.pos > max {
                return Err(Fault::Beacon(format!(
                    "{}'s link at move {c} cannot follow its chain at {}",
                    Seat(i as u8),
                    t.pos
                )));
            }
            // Walk down from c to the last verified link, keeping every link on the way.
            let n = (c - t.pos) as usize;
            let mut chain = vec![[0u8; 16]; n];
            let mut cur = *link;
            for k in (0..n).rev() {
                chain[k] = cur;
                cur = beacon::step_down(&cur, t.pos + 1 + k as u32);
            }
            if cur != t.link {
                return Err(Fault::Beacon(format!(
                    "{}'s link at move {c} does not match its committed hash chain",
                    Seat(i as u8)
                )));
            }
            self.chains.cache[i] = (t.pos + 1, chain);
            self.chains.trackers[i] = Some(ChainTracker {
                pos: c,
                link: *link,
            });
        }
        self.settle_claims()
    }

    /// Checks the links movers signed in their moves against the chains, as far as the links
    /// verified so far reach.
    fn settle_claims(&mut self) -> Result<(), Fault> {
        let mut left = Vec::new();
        for (i, n, link) in std::mem::take(&mut self.chains.claims) {
            let (from, chain) = &self.chains.cache[i];
            let known = match self.chains.trackers[i] {
                Some(t) if t.pos == n => Some(t.link),
                _ if n >= *from && ((n - from) as usize) < chain.len() => {
                    Some(chain[(n - from) as usize])
                }
                _ => None,
            };
            match known {
                Some(l) if l != link => {
                    return Err(Fault::Beacon(format!(
                        "the link {} signed in move {n} does not match its committed hash chain",
                        Seat(i as u8)
                    )));
                }
                Some(_) => {}
                None => left.push((i, n, link)),
            }
        }
        self.chains.claims = left;
        Ok(())
    }

    /// Every live seat's link at position `n` (a chance point), from the cache, or from the first
    /// later frame that carries links.
    pub(super) fn links_at(
        &mut self,
        n: u32,
        current: &Frame,
        rest: &[(usize, Frame)],
    ) -> Result<Vec<Link>, Fault> {
        let live = self.live_seats();
        let covered = |v: &Self| {
            live.iter().all(|&i| {
                let (from, chain) = &v.chains.cache[i];
                n >= *from && ((n - from) as usize) < chain.len()
            })
        };
        if !covered(self) {
            let cfg = self.header.config.clone();
            let found = std::iter::once(current)
                .chain(rest.iter().map(|(_, f)| f))
                .enumerate()
                .find_map(|(k, f)| links_of(f, &cfg).map(|(c, l)| (k, c, l.to_vec())));
            let Some((k, c, links)) = found else {
                return Err(Fault::MissingLinks);
            };
            if c < n {
                return Err(Fault::Beacon(format!(
                    "the links for the chance point of move {n} are missing"
                )));
            }
            if let Err(f) = self.absorb_links(c, &links) {
                return Err(if k == 0 {
                    f
                } else {
                    Fault::Ahead {
                        frames_ahead: k,
                        seq: c,
                        fault: Box::new(f),
                    }
                });
            }
            if !covered(self) {
                return Err(Fault::Beacon(format!(
                    "the links for the chance point of move {n} are missing"
                )));
            }
        }
        Ok(live
            .iter()
            .map(|&i| {
                let (from, chain) = &self.chains.cache[i];
                chain[(n - from) as usize]
            })
            .collect())
    }

    /// Every live seat's beacon link at move `seq`, in seat order, from the links its frame
    /// stores ([`format::MoveRecord::beacon`]): all of them on a checkpoint (`stored`); on any
    /// other move of a 2-player game, from format [`format::LINKS_EVERY_MOVE`] on, those of the
    /// acks the move is final on, with the mover's from its signed move. `None` on any other
    /// move (its links follow from a later frame's).
    pub(super) fn links_at_move(
        &self,
        seq: u32,
        links: &[Link],
        stored: bool,
        frame: &Frame,
    ) -> Result<Option<Vec<Link>>, Fault> {
        if stored {
            return Ok(Some(links.to_vec()));
        }
        if self.header.format < format::LINKS_EVERY_MOVE
            || !lockstep::links_every_move(&self.header.config)
        {
            if !links.is_empty() {
                return Err(Fault::Beacon(
                    "links stored on a move that is not a checkpoint".into(),
                ));
            }
            return Ok(None);
        }
        let folded = match (self.mover, frame) {
            (Some((seat, _)), Frame::Move(m)) => m.reveal.map(|r| (seat.index(), r)),
            _ => None,
        };
        let live = self.live_seats();
        let want = live.len() - usize::from(folded.is_some());
        if links.len() != want {
            return Err(Fault::Beacon(format!(
                "{} links stored for the {want} live players whose acks make move {seq} final",
                links.len()
            )));
        }
        let mut stored_links = links.iter();
        let mut all = Vec::with_capacity(live.len());
        for i in live {
            match folded {
                Some((mover, reveal)) if mover == i => all.push(reveal),
                _ => all.extend(stored_links.next()),
            }
        }
        Ok(Some(all))
    }
}

/// The beacon links a frame carries, and the position they are at.
fn links_of<'a>(frame: &'a Frame, cfg: &GameConfig) -> Option<(u32, &'a [Link])> {
    match frame {
        Frame::Move(m) if lockstep::is_checkpoint(cfg, m.seq) || m.reroll.is_some() => {
            Some((m.seq, &m.beacon))
        }
        Frame::Secret(r) if lockstep::is_checkpoint(cfg, r.seq) || r.reroll.is_some() => {
            Some((r.seq, &r.beacon))
        }
        Frame::Takeover(t) => Some((t.from_seq.saturating_sub(1), &t.beacon)),
        Frame::Final(f) => Some((f.seq, &f.beacon)),
        _ => None,
    }
}
