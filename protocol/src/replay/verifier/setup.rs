//! The verifier's first frame: the header's format and configuration, the seed commits and
//! reveals, and the setup they lead to.

use super::{Verifier, check_sig};
use crate::beacon::{self, ChainTracker};
use crate::config::{Refusal, SeatSpec};
use crate::keys::Domain;
use crate::lockstep;
use crate::message::{AckBody, AckStage, RerollLink};
use crate::replay::format::{self, Header, ReseedRecord};
use crate::replay::{Fault, SignatureCheck};
use dwarfs_engine::{Game, Seat, state_hash};

impl<G: Game> Verifier<G> {
    /// Checks the header (format, configuration, seed commits and reveals) and starts at the
    /// state after setup.
    pub(in crate::replay) fn start(
        header: &Header,
        log: Option<&mut Vec<String>>,
        mut collect: Option<Vec<SignatureCheck>>,
    ) -> Result<Self, Fault> {
        if !(format::OLDEST_FORMAT_VERSION..=format::FORMAT_VERSION).contains(&header.format) {
            let why = if header.format > format::FORMAT_VERSION {
                "it was written by a newer dwarfs: update dwarfs to verify it"
            } else {
                "it is older than any this build still verifies"
            };
            return Err(Fault::Ending(format!(
                "replay format {} is not supported (this build reads formats {} to {}): {why}",
                header.format,
                format::OLDEST_FORMAT_VERSION,
                format::FORMAT_VERSION
            )));
        }
        let cfg = &header.config;
        let (_options, mut state) = cfg.check::<G>().map_err(|r| match r {
            Refusal::RulesVersion { game, ours, theirs } => {
                Fault::OtherRules { game, ours, theirs }
            }
            r => Fault::Config(r),
        })?;
        let mut keys = Vec::new();
        for s in &cfg.seats {
            keys.push(match s {
                SeatSpec::Player(k) => Some(
                    k.verifier()
                        .map_err(|e| Fault::Config(Refusal::Seats(e.to_string())))?,
                ),
                SeatSpec::Bot => None,
            });
        }
        let players: Vec<usize> = (0..keys.len()).filter(|&i| keys[i].is_some()).collect();
        // From format 8, the seats handed to the bot at the seed round have no reveal here.
        let partial = header.format >= format::SEED_TAKEOVERS
            && !header.reveals.is_empty()
            && header.reveals.len() < players.len();
        // From format 9, a seat handed over at the seed round may have no commit either.
        let partial_commits = header.format >= format::SEED_COMMITS;
        if (header.commits.len() != players.len() && !partial_commits)
            || header.commits.len() > players.len()
            || (header.reveals.len() != players.len() && !partial)
        {
            return Err(Fault::Seed(format!(
                "{} player seats but {} commits and {} reveals",
                players.len(),
                header.commits.len(),
                header.reveals.len()
            )));
        }
        let digest = cfg.digest();
        let mut signatures = 0;
        let mut nonces = vec![None; keys.len()];
        let mut trackers = vec![None; keys.len()];
        let mut reroll_tips = vec![None; keys.len()];
        let mut reveals = header.reveals.iter().peekable();
        let mut commits = header.commits.iter().peekable();
        for &i in &players {
            let seat = Seat(i as u8);
            // A commit for every player in seat order, or (from format 9) none for a seat handed
            // over at the seed round, which then has no reveal either.
            let Some(c) = commits.next_if(|c| c.body.seat == seat || !partial_commits) else {
                if reveals.peek().is_some_and(|r| r.body.seat == seat) {
                    return Err(Fault::Seed(format!("{seat} revealed with no commit")));
                }
                continue;
            };
            let key = keys[i].as_ref().ok_or(Fault::Header)?;
            if c.body.seat != seat {
                return Err(Fault::Seed(format!("commit out of seat order at {seat}")));
            }
            if !check_sig(&mut collect, key, Domain::Commit, &c.body, &c.sig) {
                return Err(Fault::Signature {
                    what: "seed commit",
                    seat,
                });
            }
            signatures += 1;
            if c.body.game_id != cfg.game_id || c.body.config_digest != digest {
                return Err(Fault::Seed(format!("{seat}'s commit is for another game")));
            }
            trackers[i] = Some(ChainTracker {
                pos: 0,
                link: c.body.beacon_tip,
            });
            reroll_tips[i] = Some(c.body.reroll_tip);
            // A reveal for every player in seat order, or (from format 8) none for a seat
            // handed over at the seed round: takeover records at move 0 must say so.
            let Some(r) = reveals.next_if(|r| r.body.seat == seat || !partial) else {
                continue;
            };
            if r.body.seat != seat {
                return Err(Fault::Seed(format!("reveal out of seat order at {seat}")));
            }
            if !check_sig(&mut collect, key, Domain::Reveal, &r.body, &r.sig) {
                return Err(Fault::Signature {
                    what: "seed reveal",
                    seat,
                });
            }
            signatures += 1;
            if r.body.game_id != cfg.game_id {
                return Err(Fault::Seed(format!("{seat}'s reveal is for another game")));
            }
            if beacon::nonce_hash(&cfg.game_id, seat, &r.body.nonce) != c.body.nonce_hash {
                return Err(Fault::Seed(format!(
                    "{seat}'s reveal does not match its commit"
                )));
            }
            nonces[i] = Some(r.body.nonce);
        }
        if let Some(c) = commits.next() {
            return Err(Fault::Seed(format!(
                "commit out of seat order at {}",
                c.body.seat
            )));
        }
        if let Some(r) = reveals.next() {
            return Err(Fault::Seed(format!(
                "reveal out of seat order at {}",
                r.body.seat
            )));
        }
        let seed = if partial {
            None
        } else {
            let all: Vec<[u8; 32]> = nonces.iter().flatten().copied().collect();
            let seed = beacon::seed(&cfg.game_id, &all);
            lockstep::resolve_setup(&mut state, &seed)
                .map_err(|e| Fault::Illegal(e.to_string()))?;
            Some(seed)
        };
        if let Some(log) = log {
            log.push(format!(
                "{} (rules v{}), {} seats, game {}",
                cfg.game,
                cfg.rules_version,
                keys.len(),
                crate::keys::hex(&cfg.game_id[..8])
            ));
            for (i, k) in cfg.seats.iter().enumerate() {
                log.push(format!(
                    "  {}: {}",
                    Seat(i as u8),
                    match k {
                        SeatSpec::Player(k) =>
                            k.peer_id().map(|p| p.to_string()).unwrap_or_default(),
                        SeatSpec::Bot => "bot".into(),
                    }
                ));
            }
            match &seed {
                Some(seed) => log.push(format!(
                    "seed {} (from {} reveals); setup hash {}",
                    crate::keys::hex(&blake3::hash(seed).as_bytes()[..8]),
                    header.reveals.len(),
                    state_hash(&state)?.short()
                )),
                None => log.push(format!(
                    "{} of {} players revealed their seed nonce; the seed is drawn again below",
                    header.reveals.len(),
                    players.len()
                )),
            }
        }
        let live = keys.iter().map(|k| k.is_some()).collect();
        let n_seats = keys.len();
        Ok(Verifier {
            state,
            keys,
            live,
            chains: super::links::Chains {
                trackers,
                cache: vec![(0, Vec::new()); n_seats],
                claims: Vec::new(),
                last_links: None,
            },
            header: header.clone(),
            last_seq: 0,
            last_chance: false,
            step_hash: None,
            chance_points: 0,
            signatures,
            takeovers: Vec::new(),
            seat_move: None,
            reroll_tips,
            takeover_sets: Vec::new(),
            reroll_due: None,
            last_reroll: None,
            mover: None,
            over: false,
            seed,
            nonces,
            collect,
            positions: None,
        })
    }
}

impl<G: Game> Verifier<G> {
    /// The seed drawn again after the seed round's takeovers (format 8): every seat without a
    /// reveal in the header was handed to the bot by the takeover records before it, and every
    /// live seat revealed its re-roll link at the last takeover's position in a signed ack of
    /// the state before setup.
    pub(super) fn reseed(
        &mut self,
        r: &ReseedRecord,
        log: Option<&mut Vec<String>>,
    ) -> Result<(), Fault> {
        if self.seed.is_some() {
            return Err(Fault::Seed(
                "the seed is drawn again, but every player revealed and it was agreed".into(),
            ));
        }
        let live = self.live_seats();
        if let Some(i) = (0..self.keys.len())
            .find(|&i| self.keys[i].is_some() && self.live[i] != self.nonces[i].is_some())
        {
            let seat = Seat(i as u8);
            return Err(Fault::Seed(if self.live[i] {
                format!("{seat} did not reveal its seed nonce and was not handed to the bot")
            } else {
                format!("{seat} was handed to the bot at the seed round, but its reveal is kept")
            }));
        }
        let mut after: Vec<Seat> = self
            .takeover_sets
            .iter()
            .flat_map(|(_, s)| s.iter().copied())
            .collect();
        after.sort_unstable();
        if r.after != after {
            return Err(Fault::Seed(
                "the seats the seed is drawn again after are not those handed to the bot".into(),
            ));
        }
        if r.links.len() != live.len() || r.acks.len() != live.len() {
            return Err(Fault::Seed(format!(
                "{} re-roll links and {} acks for {} live players",
                r.links.len(),
                r.acks.len(),
                live.len()
            )));
        }
        let cfg = &self.header.config;
        let pos = self.takeover_sets.len() as u32;
        let len = lockstep::reroll_len(cfg);
        let hash = state_hash(&self.state)?;
        let mut nonces = Vec::with_capacity(live.len());
        for ((&i, link), a) in live.iter().zip(&r.links).zip(&r.acks) {
            let seat = Seat(i as u8);
            if a.seat != seat || a.next_tip.is_some() {
                return Err(Fault::Seed(format!(
                    "the seed round's acks are out of seat order at {seat}"
                )));
            }
            let tip = self.reroll_tips[i].ok_or(Fault::Header)?;
            if !beacon::check_reroll(&tip, len, pos, link) {
                return Err(Fault::Seed(format!(
                    "{seat}'s re-roll link does not match its committed re-roll chain"
                )));
            }
            let body = AckBody {
                game_id: cfg.game_id,
                seq: 0,
                seat,
                stage: AckStage::Applied,
                hash,
                next_tip: None,
                reveal: None,
                reroll: Some(RerollLink { pos, link: *link }),
            };
            let key = self.keys[i].as_ref().ok_or(Fault::Header)?;
            if !check_sig(&mut self.collect, key, Domain::Ack, &body, &a.sig) {
                return Err(Fault::Signature {
                    what: "seed round ack",
                    seat,
                });
            }
            self.signatures += 1;
            nonces.push(self.nonces[i].ok_or(Fault::Header)?);
        }
        let seed = beacon::reseed(&cfg.game_id, &nonces, &r.links);
        lockstep::resolve_setup(&mut self.state, &seed)
            .map_err(|e| Fault::Illegal(e.to_string()))?;
        self.seed = Some(seed);
        if let Some(p) = self.positions.as_mut().and_then(|p| p.first_mut()) {
            p.state = self.state.clone();
        }
        if let Some(log) = log {
            log.push(format!(
                "seed {} drawn again after {} withheld (from {} reveals and {} re-roll links); \
                 setup hash {}",
                crate::keys::hex(&blake3::hash(&seed).as_bytes()[..8]),
                after
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" and "),
                nonces.len(),
                r.links.len(),
                state_hash(&self.state)?.short()
            ));
        }
        Ok(())
    }
}
