//! The acks a frame stores: that exactly the right live seats signed the state, with the
//! beacon and re-roll links they reveal.

use super::{Verifier, check_sig};
use crate::keys::Domain;
use crate::lockstep::{self, AckClaim, NotFinal};
use crate::message::{AckBody, AckStage, Link};
use crate::replay::Fault;
use crate::replay::format::AckRecord;
use dwarfs_engine::{Game, Seat, StateHash};

/// What the acks of a frame reveal, beside their hash, for [`Verifier::check_acks`].
#[derive(Clone, Copy)]
pub(super) struct Revealed<'a> {
    /// The beacon links of every live seat, in seat order, that applied acks reveal.
    pub(super) links: &'a [Link],
    /// After a takeover at the move: the re-roll position and every live seat's re-roll link.
    pub(super) reroll: Option<(u32, &'a [Link])>,
    /// The move's author whose ack is its signed move (checked with the move, not stored), and
    /// whether it re-commits its beacon chain.
    pub(super) mover: Option<(Seat, bool)>,
}

impl<G: Game> Verifier<G> {
    /// Checks the acks of move `seq` (or of its settled state) stored in a frame, with what they
    /// reveal ([`Revealed`]).
    pub(super) fn check_acks(
        &mut self,
        acks: &[AckRecord],
        seq: u32,
        stage: AckStage,
        hash: StateHash,
        revealed: Revealed<'_>,
    ) -> Result<(), Fault> {
        let Revealed {
            links,
            reroll,
            mover,
        } = revealed;
        let live: Vec<Seat> = self
            .live_seats()
            .into_iter()
            .map(|i| Seat(i as u8))
            .collect();
        let mover = mover.filter(|(m, _)| live.contains(m));
        // A stored ack proves its hash by its signature, checked below against `hash`.
        let mut claims: Vec<AckClaim> = acks
            .iter()
            .map(|a| AckClaim {
                seat: a.seat,
                hash,
                recommits: a.next_tip.is_some(),
            })
            .collect();
        if let Some((seat, recommits)) = mover {
            let at = claims
                .iter()
                .position(|c| c.seat >= seat)
                .unwrap_or(claims.len());
            claims.insert(
                at,
                AckClaim {
                    seat,
                    hash,
                    recommits,
                },
            );
        }
        match lockstep::check_final(&self.header.config, seq, stage, &live, &claims, hash) {
            Ok(()) => {}
            Err(NotFinal::Missing(seat)) => {
                return Err(Fault::Acks(format!("{seat}'s ack is missing")));
            }
            Err(NotFinal::Unexpected(seat)) => {
                return Err(Fault::Acks(format!(
                    "an ack for {seat}, which is not the next live seat to ack"
                )));
            }
            Err(NotFinal::Desync { seat, .. }) => {
                return Err(Fault::Signature { what: "ack", seat });
            }
            Err(NotFinal::Recommit { seat, lacks }) => {
                return Err(Fault::Beacon(format!(
                    "{seat}'s ack {} a beacon re-commit",
                    if lacks {
                        "lacks"
                    } else {
                        "carries an unexpected"
                    }
                )));
            }
        }
        let applied = stage == AckStage::Applied;
        if applied && links.len() != live.len() {
            return Err(Fault::Beacon(format!(
                "{} links stored for {} live players",
                links.len(),
                live.len()
            )));
        }
        if let Some((_, r)) = reroll
            && r.len() != live.len()
        {
            return Err(Fault::Beacon(format!(
                "{} re-roll links stored for {} live players",
                r.len(),
                live.len()
            )));
        }
        for a in acks {
            let (seat, i) = (a.seat, a.seat.index());
            // `check_final` above let only live seats through.
            let k = live.iter().position(|s| *s == seat).unwrap_or(usize::MAX);
            let body = AckBody {
                game_id: self.header.config.game_id,
                seq,
                seat: Seat(i as u8),
                stage,
                hash,
                next_tip: a.next_tip,
                reveal: if applied { links.get(k).copied() } else { None },
                reroll: reroll.and_then(|(pos, r)| {
                    r.get(k)
                        .map(|&link| crate::message::RerollLink { pos, link })
                }),
            };
            let key = self.keys[i].ok_or(Fault::Header)?;
            if !check_sig(&mut self.collect, &key, Domain::Ack, &body, &a.sig) {
                return Err(Fault::Signature { what: "ack", seat });
            }
            self.signatures += 1;
        }
        Ok(())
    }
}
