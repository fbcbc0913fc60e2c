//! The verifier's first frame: the header's format and configuration, the seed commits and
//! reveals, and the setup they lead to.

use super::{Verifier, check_sig};
use crate::beacon::{self, ChainTracker};
use crate::config::{Refusal, SeatSpec};
use crate::keys::Domain;
use crate::lockstep;
use crate::replay::format::{self, Header};
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
        if header.commits.len() != players.len() || header.reveals.len() != players.len() {
            return Err(Fault::Seed(format!(
                "{} player seats but {} commits and {} reveals",
                players.len(),
                header.commits.len(),
                header.reveals.len()
            )));
        }
        let digest = cfg.digest();
        let mut signatures = 0;
        let mut nonces = Vec::new();
        let mut trackers = vec![None; keys.len()];
        let mut reroll_tips = vec![None; keys.len()];
        for (k, &i) in players.iter().enumerate() {
            let (c, r) = (&header.commits[k], &header.reveals[k]);
            let seat = Seat(i as u8);
            let key = keys[i].as_ref().ok_or(Fault::Header)?;
            if c.body.seat != Seat(i as u8) || r.body.seat != Seat(i as u8) {
                return Err(Fault::Seed(format!(
                    "commit or reveal out of seat order at {seat}"
                )));
            }
            if !check_sig(&mut collect, key, Domain::Commit, &c.body, &c.sig) {
                return Err(Fault::Signature {
                    what: "seed commit",
                    seat,
                });
            }
            if !check_sig(&mut collect, key, Domain::Reveal, &r.body, &r.sig) {
                return Err(Fault::Signature {
                    what: "seed reveal",
                    seat,
                });
            }
            signatures += 2;
            if c.body.game_id != cfg.game_id
                || r.body.game_id != cfg.game_id
                || c.body.config_digest != digest
            {
                return Err(Fault::Seed(format!("{seat}'s commit is for another game")));
            }
            if beacon::nonce_hash(&cfg.game_id, Seat(i as u8), &r.body.nonce) != c.body.nonce_hash {
                return Err(Fault::Seed(format!(
                    "{seat}'s reveal does not match its commit"
                )));
            }
            nonces.push(r.body.nonce);
            trackers[i] = Some(ChainTracker {
                pos: 0,
                link: c.body.beacon_tip,
            });
            reroll_tips[i] = Some(c.body.reroll_tip);
        }
        let seed = beacon::seed(&cfg.game_id, &nonces);
        lockstep::resolve_setup(&mut state, &seed).map_err(|e| Fault::Illegal(e.to_string()))?;
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
            log.push(format!(
                "seed {} (from {} reveals); setup hash {}",
                crate::keys::hex(&blake3::hash(&seed).as_bytes()[..8]),
                nonces.len(),
                state_hash(&state)?.short()
            ));
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
            collect,
            positions: None,
        })
    }
}
