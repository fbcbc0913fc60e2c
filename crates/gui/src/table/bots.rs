//! A local game's bot seats: the random bot picks at once; a search bot thinks away from the
//! frame (the platform's [`crate::platform::Platform::spawn`], a thread on the desktop) or, on
//! a platform with no thread for it (a web page), a slice per frame
//! ([`dwarfs_engine::Pondering`]); its answer is played only in the position it was asked in
//! ([`crate::bot_job`]).

use super::{Table, os_seed};
use crate::bot_job::{self, Answer, Position, SendBot};
use crate::view::GameView;
use core::time::Duration;
use dwarfs_engine::{Game, Pondering, RandomBot, Seat};
use dwarfs_games::Level;
use std::sync::mpsc;

/// The bot of a bot seat in a local game.
pub(super) struct SeatBot<G: Game> {
    /// The bot (`None` while it thinks on its thread).
    pub(super) bot: Option<SendBot<G>>,
    /// Its level: a search bot thinks on a thread of its own; the random bot (`None`) picks at
    /// once, here.
    pub(super) level: Option<Level>,
}

/// A search bot's choice under way.
pub(super) struct Thinking<G: Game> {
    /// The seat it chooses for.
    seat: Seat,
    /// Its level, for the screen.
    level: Level,
    /// Where the search runs.
    work: Work<G>,
    /// The answer, once it came (kept until the bot's delay has passed).
    answer: Option<Answer<G>>,
}

/// Where a search runs: on a thread of the platform's, or in slices in the frame.
enum Work<G: Game> {
    /// On a thread: the answer comes on this channel.
    Thread(mpsc::Receiver<Answer<G>>),
    /// In the frame, a slice at a time ([`SLICE`]), where the platform has no thread for it.
    Slices {
        /// The search.
        search: Box<dyn Pondering>,
        /// The legal actions it chooses among.
        legal: Vec<<G as Game>::Action>,
        /// The position it was asked in.
        asked_at: Position,
        /// The bot, given back with the answer.
        bot: Option<SendBot<G>>,
    },
}

/// How long a search in the frame works each frame: the page still draws at 30 frames a
/// second or more while a bot thinks.
const SLICE: Duration = Duration::from_millis(10);

/// What a bot seat does now.
pub(super) enum BotStep<A> {
    /// Play this.
    Play(A),
    /// Wait: the bot thinks, or its delay has not passed.
    Wait,
    /// Stop: the error says why.
    Failed,
}

impl<V: GameView> Table<V> {
    /// What bot seat `seat` does now, `ready` telling whether its delay has passed. The random
    /// bot picks at once (when ready); a search bot is asked on its thread the first time and
    /// its answer played once it came and the bot is ready. An answer asked in another position
    /// than this one (a move was played, the state was replaced) is dropped and the bot asked
    /// again.
    pub(super) fn bot_step(&mut self, seat: Seat, ready: bool) -> BotStep<<V::G as Game>::Action> {
        if self.thinking.is_some() {
            let Some(answer) = self.take_answer() else {
                return BotStep::Wait;
            };
            let here = Position::of(&self.mirror);
            if answer.seat == seat && answer.asked_at == here {
                let Some(action) = answer.action.clone() else {
                    self.thinking = None;
                    self.give_back(answer);
                    self.mirror.error = Some("the engine lists no legal action".into());
                    return BotStep::Failed;
                };
                if !ready {
                    if let Some(t) = self.thinking.as_mut() {
                        t.answer = Some(answer);
                    }
                    return BotStep::Wait;
                }
                self.thinking = None;
                self.give_back(answer);
                return BotStep::Play(action);
            }
            // Stale: asked in another position. The bot comes back; its choice is dropped.
            self.thinking = None;
            self.give_back(answer);
        }
        let Some(slot) = self.bots.get_mut(seat.index()).and_then(Option::as_mut) else {
            // No bot of ours plays this seat: the first legal action.
            return match self
                .mirror
                .state
                .legal_actions_for_vec(seat)
                .into_iter()
                .next()
            {
                Some(a) if ready => BotStep::Play(a),
                Some(_) => BotStep::Wait,
                None => {
                    self.mirror.error = Some("the engine lists no legal action".into());
                    BotStep::Failed
                }
            };
        };
        let Some(level) = slot.level else {
            if !ready {
                return BotStep::Wait;
            }
            let legal = self.mirror.state.legal_actions_for_vec(seat);
            if legal.is_empty() {
                self.mirror.error = Some("the engine lists no legal action".into());
                return BotStep::Failed;
            }
            let i = match slot.bot.as_mut() {
                Some(bot) => bot.choose(
                    &dwarfs_engine::SeatView::new(&self.mirror.state, seat),
                    &legal,
                ),
                None => 0,
            };
            return BotStep::Play(legal[i.min(legal.len() - 1)].clone());
        };
        let Some(bot) = slot.bot.take() else {
            self.mirror.error = Some(format!("{} has no bot", self.seat_label(seat)));
            return BotStep::Failed;
        };
        let asked_at = Position::of(&self.mirror);
        let mut bot = bot;
        if self.platform.thinks_in_frames() {
            let legal = self.mirror.state.legal_actions_for_vec(seat);
            let view = dwarfs_engine::SeatView::new(&self.mirror.state, seat);
            // A bot that does not ponder goes to the platform's `spawn` below, as anywhere.
            if let Some(search) = bot.ponder(&view, &legal) {
                // The first slice comes next frame.
                if let Some(ctx) = &self.repaint {
                    ctx.request_repaint();
                }
                self.thinking = Some(Thinking {
                    seat,
                    level,
                    work: Work::Slices {
                        search,
                        legal,
                        asked_at,
                        bot: Some(bot),
                    },
                    answer: None,
                });
                return BotStep::Wait;
            }
        }
        let (tx, answers) = mpsc::channel();
        let repaint = self.repaint.clone();
        let state = self.mirror.state.clone();
        let name = format!("bot seat {}", seat.index() + 1);
        let started = self.platform.spawn(
            &name,
            Box::new(move || {
                let a = bot_job::choose(&state, seat, asked_at, bot);
                if tx.send(a).is_ok()
                    && let Some(ctx) = repaint
                {
                    ctx.request_repaint();
                }
            }),
        );
        match started {
            Ok(()) => {
                self.thinking = Some(Thinking {
                    seat,
                    level,
                    work: Work::Thread(answers),
                    answer: None,
                });
                BotStep::Wait
            }
            Err(e) => {
                // No thread for the search: the random bot plays the seat from now on.
                slot.bot = Some(Box::new(RandomBot::new(os_seed())));
                slot.level = None;
                self.mirror.error = Some(format!(
                    "{} could not think on a thread of its own ({e}); a random bot plays it",
                    self.seat_label(seat)
                ));
                BotStep::Wait
            }
        }
    }

    /// The answer of the bot thinking, if it came. A search that ended without an answer (its
    /// thread failed) hands the seat to the random bot.
    fn take_answer(&mut self) -> Option<Answer<V::G>> {
        let t = self.thinking.as_mut()?;
        if let Some(a) = t.answer.take() {
            return Some(a);
        }
        let answers = match &mut t.work {
            Work::Thread(answers) => answers,
            Work::Slices {
                search,
                legal,
                asked_at,
                bot,
            } => {
                let Some(i) = search.work(SLICE) else {
                    // Another slice next frame, whether or not anything else asks for one.
                    if let Some(ctx) = &self.repaint {
                        ctx.request_repaint();
                    }
                    return None;
                };
                let bot = bot.take()?;
                return Some(Answer {
                    seat: t.seat,
                    asked_at: *asked_at,
                    action: legal.get(i).or(legal.first()).cloned(),
                    bot,
                });
            }
        };
        match answers.try_recv() {
            Ok(a) => Some(a),
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => {
                let seat = t.seat;
                self.thinking = None;
                if let Some(slot) = self.bots.get_mut(seat.index()).and_then(Option::as_mut) {
                    slot.bot = Some(Box::new(RandomBot::new(os_seed())));
                    slot.level = None;
                }
                self.mirror.error = Some(format!(
                    "{}'s search failed; a random bot plays it",
                    self.seat_label(seat)
                ));
                None
            }
        }
    }

    /// Drops the thinking bot's answer if it came for another position than this one (the bot
    /// comes back to its seat), whoever acts now; an answer for this position is kept.
    pub(super) fn drop_stale_answer(&mut self) {
        let here = Position::of(&self.mirror);
        if let Some(t) = self.thinking.as_mut()
            && t.answer.is_none()
            && let Work::Slices { asked_at, bot, .. } = &mut t.work
        {
            // A search in the frame works only when its seat's turn asks (`bot_step`); one
            // asked in another position stops here, and its bot goes back to its seat.
            if *asked_at != here {
                let (seat, bot) = (t.seat, bot.take());
                self.thinking = None;
                if let (Some(bot), Some(slot)) = (
                    bot,
                    self.bots.get_mut(seat.index()).and_then(Option::as_mut),
                ) {
                    slot.bot = Some(bot);
                }
            }
            return;
        }
        if self.thinking.is_none() {
            return;
        }
        let Some(answer) = self.take_answer() else {
            return;
        };
        if answer.asked_at == Position::of(&self.mirror) {
            if let Some(t) = self.thinking.as_mut() {
                t.answer = Some(answer);
            }
        } else {
            self.thinking = None;
            self.give_back(answer);
        }
    }

    /// Hands a bot back to its seat after it answered.
    fn give_back(&mut self, answer: Answer<V::G>) {
        if let Some(slot) = self
            .bots
            .get_mut(answer.seat.index())
            .and_then(Option::as_mut)
        {
            slot.bot = Some(answer.bot);
        }
    }

    /// The seat whose bot is thinking now, and its level.
    pub fn thinking(&self) -> Option<(Seat, Level)> {
        self.thinking.as_ref().map(|t| (t.seat, t.level))
    }

    /// Waits for the thinking bot's answer (tests: a search is then over, whatever the clock).
    #[doc(hidden)]
    pub fn wait_for_bot(&mut self) {
        let Some(t) = self.thinking.as_mut() else {
            return;
        };
        if t.answer.is_some() {
            return;
        }
        if let Work::Thread(answers) = &t.work {
            if let Ok(a) = answers.recv() {
                t.answer = Some(a);
            }
            return;
        }
        while self.thinking.as_ref().is_some_and(|t| t.answer.is_none()) {
            let Some(a) = self.take_answer() else {
                continue;
            };
            if let Some(t) = self.thinking.as_mut() {
                t.answer = Some(a);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::Platform;
    use crate::table::{SeatInfo, SeatKind, Table};
    use crate::text_view::TextView;
    use dwarfs_engine::Actor;
    use dwarfs_engine::toy::{Pig, PigOptions};
    use std::rc::Rc;

    /// A web page's platform: no thread for a search, which must run in the frame.
    struct Page;

    impl Platform for Page {
        fn spawn(&self, _name: &str, _job: Box<dyn FnOnce() + Send>) -> Result<(), String> {
            panic!("a page has no thread: the search must run a slice per frame")
        }

        fn thinks_in_frames(&self) -> bool {
            true
        }

        fn save_text(&self, _file_name: &str, _text: &str) -> Result<String, String> {
            Err("nothing is saved here".into())
        }
    }

    #[test]
    fn on_a_page_search_bots_think_in_the_frame_and_play_a_game_to_its_end() {
        let seats = (1..=2)
            .map(|i| SeatInfo {
                name: format!("Bot {i}"),
                kind: SeatKind::Bot,
            })
            .collect();
        let mut t = Table::<TextView<Pig>>::new_with_bots(
            &PigOptions::default(),
            seats,
            0,
            Some(Level::Easy),
            Rc::new(Page),
            |seed| Box::new(Level::Easy.bot(seed)),
        )
        .expect("a 2-player Pig table");
        let (mut frames, mut thinking_frames) = (0u32, 0u32);
        while t.mirror.state.to_act() != Actor::Over {
            t.advance(f64::from(frames) / 60.0);
            if t.thinking().is_some() {
                thinking_frames += 1;
            }
            frames += 1;
            assert!(
                frames < 200_000,
                "the game did not end: {:?}",
                t.mirror.error
            );
        }
        assert!(t.mirror.error.is_none(), "{:?}", t.mirror.error);
        assert!(t.mirror.seq > 2, "moves were played");
        assert!(thinking_frames > 0, "no frame saw a bot thinking");
    }
}
