//! The replay verifier: re-runs a replay frame by frame through the engine and checks every
//! signature, beacon link and ack on the way. One module per kind of frame or check:
//! [`setup`] (the header), [`moves`] and [`step`] (moves and secret steps), [`records`]
//! (takeovers and the end), [`acks`] and [`links`].

mod acks;
mod links;
mod moves;
mod records;
mod setup;
mod step;

use super::format::{Frame, Header, read_frames};
use super::{Fault, Position, SignatureCheck, VerifyError, VerifyReport};
use crate::keys::{Domain, Signature, VerifyingKey, signed_bytes};
use crate::message::Link;
use dwarfs_engine::{Game, Seat, StateHash, state_hash};

thread_local! {
    static DEFER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Checks one signature (in deferred mode only collects it, for a batch), and collects it
/// when asked.
fn check_sig<T: serde::Serialize>(
    collect: &mut Option<Vec<SignatureCheck>>,
    key: &VerifyingKey,
    domain: Domain,
    body: &T,
    sig: &Signature,
) -> bool {
    let message = signed_bytes(domain, body);
    // Deferred mode (batch verification) collects without checking: see `verify_batched`.
    let ok = DEFER.with(|d| d.get()) || key.verify_raw(&message, &sig.0);
    if let Some(c) = collect {
        c.push(SignatureCheck {
            key: key.to_bytes(),
            message,
            signature: sig.0,
        });
    }
    ok
}

/// Re-runs a replay frame by frame: the engine, every signature, the beacon chains and the
/// acks. Its state between frames is what resuming a game rebuilds from.
pub(super) struct Verifier<G: Game> {
    pub(super) state: G,
    pub(super) keys: Vec<Option<VerifyingKey>>,
    pub(super) live: Vec<bool>,
    /// What is known of every seat's beacon chain (see `links.rs`).
    pub(super) chains: links::Chains,
    pub(super) header: Header,
    pub(super) last_seq: u32,
    pub(super) last_chance: bool,
    /// The state hash right after the last move or secret step, before any chance point it
    /// led to: what its acks sign.
    pub(super) step_hash: Option<StateHash>,
    pub(super) chance_points: u32,
    pub(super) signatures: u32,
    pub(super) takeovers: Vec<(Seat, u32)>,
    pub(super) seat_move: Option<(u32, [u8; 32])>,
    /// Each seat's committed re-roll chain tip.
    pub(super) reroll_tips: Vec<Option<Link>>,
    /// Takeover records so far, as `(from_seq, seats)`.
    pub(super) takeover_sets: Vec<(u32, Vec<Seat>)>,
    /// The move whose acks carry re-roll links (a takeover was recorded at it): the move, the
    /// re-roll position and the seats handed over at it.
    pub(super) reroll_due: Option<(u32, u32, Vec<Seat>)>,
    /// The last move's re-roll position and links, if it was re-rolled (its end record's acks
    /// are the same acks).
    pub(super) last_reroll: Option<(u32, u32, Vec<Link>)>,
    /// The last move's author when its ack is folded into the move (a live seat's signed
    /// move), and whether it re-commits its beacon chain.
    pub(super) mover: Option<(Seat, bool)>,
    pub(super) over: bool,
    /// The seed; `None` while it waits for the re-roll links of a seed round at which seats
    /// were handed to the bot (see `setup.rs`).
    pub(super) seed: Option<[u8; 32]>,
    /// Each player seat's revealed seed nonce (the header's reveals).
    pub(super) nonces: Vec<Option<[u8; 32]>>,
    pub(super) collect: Option<Vec<SignatureCheck>>,
    pub(super) positions: Option<Vec<Position<G>>>,
}

impl<G: Game> Verifier<G> {
    pub(super) fn run_deferred(
        bytes: &[u8],
    ) -> Result<(VerifyReport, Vec<SignatureCheck>), VerifyError> {
        DEFER.with(|d| d.set(true));
        let r = Self::run(bytes, None, Some(Vec::new()));
        DEFER.with(|d| d.set(false));
        r
    }

    pub(super) fn run(
        bytes: &[u8],
        log: Option<&mut Vec<String>>,
        collect: Option<Vec<SignatureCheck>>,
    ) -> Result<(VerifyReport, Vec<SignatureCheck>), VerifyError> {
        Self::run_with_positions(bytes, log, collect, None)
    }

    /// [`Verifier::run`], also filling `positions` (when given) with the state after setup and
    /// after every verified move, up to the first failure.
    pub(super) fn run_with_positions(
        bytes: &[u8],
        mut log: Option<&mut Vec<String>>,
        collect: Option<Vec<SignatureCheck>>,
        positions: Option<&mut Vec<Position<G>>>,
    ) -> Result<(VerifyReport, Vec<SignatureCheck>), VerifyError> {
        let frames = read_frames(bytes);
        let mut it = frames.frames.iter().enumerate();
        let err = |frame: usize, offset: usize, seq: Option<u32>, fault: Fault| VerifyError {
            frame,
            offset,
            seq,
            fault,
        };
        let Some((_, (offset, Frame::Header(header)))) = it.next() else {
            return Err(match (frames.frames.first(), frames.error) {
                (None, Some(e)) => err(0, 0, None, Fault::Read(e)),
                (f, _) => err(0, f.map_or(0, |f| f.0), None, Fault::Header),
            });
        };
        let mut v = Self::start(header, log.as_deref_mut(), collect)
            .map_err(|f| err(0, *offset, None, f))?;
        if positions.is_some() {
            v.positions = Some(vec![Position {
                seq: 0,
                seat: None,
                description: None,
                state: v.state.clone(),
                events: Vec::new(),
                rerolled_after: Vec::new(),
            }]);
        }
        let result = 'run: {
            let all = &frames.frames;
            let last_move_in_file = all
                .iter()
                .rev()
                .find_map(|(_, f)| match f {
                    Frame::Move(m) => Some(m.seq),
                    Frame::Secret(r) => Some(r.seq),
                    _ => None,
                })
                .unwrap_or(0);
            for (index, (offset, frame)) in it {
                let seq_hint = match frame {
                    Frame::Move(_) | Frame::Secret(_) => Some(v.last_seq + 1),
                    _ => Some(v.last_seq),
                };
                if v.over {
                    break 'run Err(err(
                        index,
                        *offset,
                        seq_hint,
                        Fault::Ending("frames follow the end of the game".into()),
                    ));
                }
                match v.frame(frame, &all[index + 1..], log.as_deref_mut()) {
                    Ok(()) => {}
                    // The links of a chance point are in a later frame the file does not have.
                    Err(Fault::MissingLinks) => {
                        break 'run Err(match &frames.error {
                            Some(e) => {
                                let (i, o) = e.position();
                                err(i, o, Some(last_move_in_file + 1), Fault::Read(e.clone()))
                            }
                            None => err(
                                all.len(),
                                bytes.len(),
                                Some(last_move_in_file),
                                Fault::Incomplete(last_move_in_file),
                            ),
                        });
                    }
                    Err(Fault::Ahead {
                        frames_ahead,
                        seq,
                        fault,
                    }) => {
                        let i = index + frames_ahead;
                        let o = all.get(i).map_or(*offset, |f| f.0);
                        break 'run Err(err(i, o, Some(seq), *fault));
                    }
                    Err(f) => break 'run Err(err(index, *offset, seq_hint, f)),
                }
            }
            if let Some(e) = frames.error {
                let (index, offset) = e.position();
                break 'run Err(err(index, offset, Some(v.last_seq + 1), Fault::Read(e)));
            }
            if !v.over {
                break 'run Err(err(
                    frames.frames.len(),
                    bytes.len(),
                    Some(v.last_seq),
                    Fault::Incomplete(v.last_seq),
                ));
            }
            let Some(outcome) = v.state.outcome() else {
                break 'run Err(err(
                    frames.frames.len(),
                    bytes.len(),
                    None,
                    Fault::Ending("the game has no outcome".into()),
                ));
            };
            if let Some(log) = log {
                for s in &outcome.scores {
                    log.push(format!(
                        "  {}: {} points{}",
                        s.seat,
                        s.total,
                        if outcome.winners.contains(&s.seat) {
                            " (winner)"
                        } else {
                            ""
                        }
                    ));
                }
                log.push(format!("  {}", outcome.summary));
                log.push(format!("  {}", outcome.verdict(|s| s.to_string())));
            }
            let sigs = v.collect.take().unwrap_or_default();
            let final_hash = match state_hash(&v.state) {
                Ok(h) => h,
                Err(e) => {
                    break 'run Err(err(frames.frames.len(), bytes.len(), None, Fault::from(e)));
                }
            };
            Ok((
                VerifyReport {
                    game: v.header.config.game.clone(),
                    players: v.header.config.players(),
                    moves: v.last_seq,
                    chance_points: v.chance_points,
                    signatures: v.signatures,
                    final_hash,
                    outcome,
                    takeovers: std::mem::take(&mut v.takeovers),
                    players_at_start: v.header.config.player_seats(),
                },
                sigs,
            ))
        };
        if let (Some(out), Some(p)) = (positions, v.positions.take()) {
            *out = p;
        }
        result
    }

    fn live_seats(&self) -> Vec<usize> {
        (0..self.keys.len())
            .filter(|&i| self.live[i] && self.keys[i].is_some())
            .collect()
    }

    /// Checks one frame after the header; `rest` is the frames after it (a chance point's links
    /// may be in a later one).
    pub(super) fn frame(
        &mut self,
        frame: &Frame,
        rest: &[(usize, Frame)],
        log: Option<&mut Vec<String>>,
    ) -> Result<(), Fault> {
        match frame {
            Frame::Header(_) => Err(Fault::Header),
            Frame::Reseed(r) => self.reseed(r, log),
            Frame::Move(_) | Frame::Secret(_) | Frame::Final(_) if self.seed.is_none() => {
                Err(Fault::Seed(
                    "a move before the seed was drawn again after the seed round's takeovers"
                        .into(),
                ))
            }
            Frame::Takeover(t) => self.takeover(t, log),
            Frame::Final(f) => self.end(f, log),
            Frame::Move(m) => self.play_move(m, frame, rest, log),
            Frame::Secret(r) => self.secret_step(r, frame, rest, log),
        }
    }
}
