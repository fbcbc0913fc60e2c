//! Resuming from a replay file a crash may have cut: the game rebuilt and verified up to the
//! last move whose chance point the file can resolve.

use super::format::{self, Frame, Header, read_frames};
use super::verifier::Verifier;
use super::{Fault, VerifyError};
use crate::beacon::ChainTracker;
use crate::message::{
    Ack, AckBody, AckStage, GameId, Link, LogItem, MoveBody, RerollLink, SecretCommitBody,
    SecretRevealBody, Signed,
};
use dwarfs_engine::{Game, Seat, StateHash, state_hash};

/// A rebuilt move: the signed move (`None` for a bot's or a secret step), the acks the file
/// holds, and a secret step's signed commitments and reveals.
pub(crate) type RebuiltMove = (Option<Signed<MoveBody>>, Vec<Option<Ack>>, Vec<LogItem>);

/// A game rebuilt from a (possibly cut) replay file, for a peer resuming after a crash.
pub(crate) struct Rebuilt<G: Game> {
    pub header: Header,
    pub state: G,
    pub final_seq: u32,
    pub live: Vec<bool>,
    pub trackers: Vec<Option<ChainTracker>>,
    /// Per move: the signed move (`None` for bot moves) and the acks the file holds.
    pub moves: Vec<RebuiltMove>,
    /// The bytes of the file that hold the rebuilt frames; the rest must be cut off.
    pub valid_len: usize,
    pub over: bool,
    /// Takeovers in the file: `(from_seq, seats)`.
    pub takeovers: Vec<(u32, Vec<Seat>)>,
    /// The state hash the acks of the last move sign (right after it, before any chance
    /// point).
    pub last_hash: Option<StateHash>,
    /// Every live seat's beacon link at the last move, in seat order (empty before the first
    /// move), when the file holds them (a checkpoint, a move with a takeover at it, any move of
    /// a 2-player game): what a takeover record at the next move carries.
    pub last_links: Option<Vec<(Seat, Link)>>,
    /// The seed the game was set up from.
    pub seed: [u8; 32],
    /// The takeover records at the seed round and the seed drawn again after them, if seats
    /// were handed to the bot before the game started.
    pub seed_round: Option<(Vec<format::TakeoverRecord>, format::ReseedRecord)>,
}

/// What [`check_unfinished`] found in a replay that may be cut or still being written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnfinishedReport {
    /// The last move verified (0 before the first).
    pub moves: u32,
    /// Whether the file holds the end of the game.
    pub over: bool,
    /// How many bytes of the file verify; the rest is a torn last frame or moves whose chance
    /// point needs beacon links the file does not hold yet.
    pub valid_len: usize,
}

/// Verifies a replay of the current format that may be unfinished (a game under way, or cut by a
/// crash), as resuming does: every frame up to the last move whose chance point the file can
/// resolve. A torn last frame is not an error; damage in the middle of the file is.
pub fn check_unfinished<G: Game>(bytes: &[u8]) -> Result<UnfinishedReport, VerifyError> {
    let r = rebuild::<G>(bytes)?;
    Ok(UnfinishedReport {
        moves: r.final_seq,
        over: r.over,
        valid_len: r.valid_len,
    })
}

/// Rebuilds the game from a replay file, verifying everything, up to the last move whose chance
/// point can be resolved from the file (a crash may cut it anywhere).
pub(crate) fn rebuild<G: Game>(bytes: &[u8]) -> Result<Rebuilt<G>, VerifyError> {
    let frames = read_frames(bytes);
    let all = &frames.frames;
    let err = |frame: usize, offset: usize, seq: Option<u32>, fault: Fault| VerifyError {
        frame,
        offset,
        seq,
        fault,
    };
    let Some((_, Frame::Header(header))) = all.first() else {
        return Err(err(
            0,
            0,
            None,
            frames
                .error
                .clone()
                .map(Fault::Read)
                .unwrap_or(Fault::Header),
        ));
    };
    if header.format != format::FORMAT_VERSION {
        return Err(err(
            0,
            0,
            None,
            Fault::Ending(format!(
                "a game cannot resume from a replay of format {} (this build plays format {}): \
                 resume it with the dwarfs release that started it{}",
                header.format,
                format::FORMAT_VERSION,
                if (format::OLDEST_FORMAT_VERSION..format::FORMAT_VERSION).contains(&header.format)
                {
                    "; this build can still verify the file"
                } else {
                    ""
                }
            )),
        ));
    }
    // A torn last frame is what a crash leaves, and is cut; damage anywhere else is reported.
    if let Some(e) = frames.error.as_ref().filter(|e| !e.is_torn_tail()) {
        let (index, offset) = e.position();
        return Err(err(index, offset, None, Fault::Read(e.clone())));
    }
    let mut v = Verifier::<G>::start(header, None, None).map_err(|f| err(0, 0, None, f))?;
    let end_of = |i: usize| -> usize {
        all.get(i + 1).map_or_else(
            || match &frames.error {
                Some(e) => e.position().1,
                None => bytes.len(),
            },
            |f| f.0,
        )
    };
    let mut valid_len = end_of(0);
    let mut moves = Vec::new();
    let mut last_hash = None;
    let game_id = header.config.game_id;
    let mut seed_takeovers = Vec::new();
    let mut reseed = None;
    for (index, (offset, frame)) in all.iter().enumerate().skip(1) {
        if v.over {
            break;
        }
        match frame {
            Frame::Takeover(t) if t.from_seq == 0 => seed_takeovers.push(t.clone()),
            Frame::Reseed(r) => reseed = Some(r.clone()),
            _ => {}
        }
        // What a frame whose chance point the file cannot resolve yet must not change.
        let snapshot = (v.state.clone(), v.chains.clone(), v.live.clone());
        let prev = state_hash(&v.state)
            .map_err(|e| err(index, *offset, Some(v.last_seq + 1), Fault::from(e)))?;
        match v.frame(frame, &all[index + 1..], None) {
            Ok(()) => {}
            Err(Fault::MissingLinks) => {
                (v.state, v.chains, v.live) = snapshot;
                break;
            }
            Err(f) => return Err(err(index, *offset, Some(v.last_seq + 1), f)),
        }
        valid_len = end_of(index);
        let Some(step) = Step::of(frame) else {
            continue;
        };
        // Every move and secret step that verifies ends in `finish_step`, which sets it.
        let hash_after = v.step_hash.take();
        debug_assert!(hash_after.is_some(), "a step verified without its hash");
        let Some(hash_after) = hash_after else {
            continue;
        };
        // The seats live at the move, in seat order (the mover's too): whose links its acks reveal.
        let live_before: Vec<usize> = (0..snapshot.2.len())
            .filter(|&i| snapshot.2[i] && v.keys[i].is_some())
            .collect();
        let at = StepAt {
            game_id,
            prev,
            hash: hash_after,
            live: &live_before,
            reroll_pos: v.takeover_sets.len() as u32,
            seats: header.config.seats.len(),
        };
        moves.push(at.rebuild(&step));
        last_hash = Some(hash_after);
    }
    // The session writes the seed round's takeovers and the seed drawn again after them in one
    // piece with the header: a file cut inside it holds no game that started.
    let Some(seed) = v.seed else {
        return Err(err(
            0,
            0,
            None,
            Fault::Seed(
                "the file ends inside the seed round (seats were handed to the bot before the \
                 game started, and the seed drawn again is missing): the game had not started"
                    .into(),
            ),
        ));
    };
    let final_seq = moves.len() as u32;
    let last_links = match v.chains.last_links.take() {
        _ if final_seq == 0 => Some(Vec::new()),
        Some((n, links)) if n == final_seq => Some(
            links
                .into_iter()
                .map(|(i, link)| (Seat(i as u8), link))
                .collect(),
        ),
        _ => None,
    };
    Ok(Rebuilt {
        header: (**header).clone(),
        state: v.state,
        final_seq,
        live: v.live,
        trackers: v.chains.trackers,
        moves,
        valid_len,
        over: v.over,
        takeovers: v.takeover_sets,
        last_hash,
        last_links,
        seed,
        seed_round: reseed.map(|r| (seed_takeovers, r)),
    })
}

/// A move or secret step as its frame records it.
enum Step<'a> {
    Move(&'a format::MoveRecord),
    Secret(&'a format::SecretRecord),
}

impl<'a> Step<'a> {
    fn of(frame: &'a Frame) -> Option<Self> {
        match frame {
            Frame::Move(m) => Some(Step::Move(m)),
            Frame::Secret(r) => Some(Step::Secret(r)),
            _ => None,
        }
    }
}

/// Where a rebuilt move stands: what its signed items name beside the frame's own fields.
struct StepAt<'a> {
    game_id: GameId,
    /// The state hash before the move.
    prev: StateHash,
    /// The state hash right after it, before any chance point: what its acks sign.
    hash: StateHash,
    /// The seats live at the move, in seat order.
    live: &'a [usize],
    /// The re-roll position its acks' re-roll links are at, if it has any.
    reroll_pos: u32,
    seats: usize,
}

impl StepAt<'_> {
    /// The signed move, the acks the frame stores and a secret step's signed commitments and
    /// reveals, rebuilt from the frame.
    fn rebuild(&self, step: &Step<'_>) -> RebuiltMove {
        let (seq, acks, links, reroll) = match step {
            Step::Move(m) => (m.seq, &m.acks, &m.beacon, &m.reroll),
            Step::Secret(r) => (r.seq, &r.acks, &r.beacon, &r.reroll),
        };
        let (signed, secret) = match step {
            Step::Move(m) => (self.signed_move(m), Vec::new()),
            Step::Secret(r) => (None, self.secret_items(r)),
        };
        let mut out = vec![None; self.seats];
        for a in acks {
            let k = self.live.iter().position(|&i| i == a.seat.index());
            let Some(slot) = out.get_mut(a.seat.index()) else {
                continue;
            };
            *slot = Some(Ack {
                signed: Signed {
                    body: AckBody {
                        game_id: self.game_id,
                        seq,
                        seat: a.seat,
                        stage: AckStage::Applied,
                        hash: self.hash,
                        next_tip: a.next_tip,
                        reveal: k.and_then(|k| links.get(k)).copied(),
                        reroll: reroll.as_ref().and_then(|r| {
                            k.and_then(|k| r.links.get(k)).map(|&link| RerollLink {
                                pos: self.reroll_pos,
                                link,
                            })
                        }),
                    },
                    sig: a.sig,
                },
            });
        }
        (signed, out, secret)
    }

    /// A seat's signed move (its author's ack folded in); `None` for the bot's.
    fn signed_move(&self, m: &format::MoveRecord) -> Option<Signed<MoveBody>> {
        let (sig, reveal) = m.sig.zip(m.reveal)?;
        Some(Signed {
            body: MoveBody {
                game_id: self.game_id,
                seq: m.seq,
                seat: m.seat,
                prev: self.prev,
                action: m.action.clone(),
                hash: self.hash,
                reveal,
                next_tip: m.next_tip,
            },
            sig,
        })
    }

    /// A secret step's signed commitments and reveals, seat by seat.
    fn secret_items(&self, r: &format::SecretRecord) -> Vec<LogItem> {
        let mut items = Vec::new();
        for c in &r.choices {
            let Some(p) = &c.proof else { continue };
            let digest =
                crate::secret::commitment(&self.game_id, r.seq, c.seat, &c.action, &p.salt);
            items.push(LogItem::SecretCommit(Signed {
                body: SecretCommitBody {
                    game_id: self.game_id,
                    seq: r.seq,
                    prev: self.prev,
                    seat: c.seat,
                    digest,
                },
                sig: p.commit_sig,
            }));
            items.push(LogItem::SecretReveal(Signed {
                body: SecretRevealBody {
                    game_id: self.game_id,
                    seq: r.seq,
                    seat: c.seat,
                    action: c.action.clone(),
                    salt: p.salt,
                },
                sig: p.reveal_sig,
            }));
        }
        items
    }
}
