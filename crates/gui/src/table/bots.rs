//! A local game's bot seats: the random bot picks at once; a search bot thinks away from the
//! frame: on a thread (the platform's [`crate::platform::Platform::spawn`], on the desktop) or,
//! on a platform with no thread for it (a web page), in slices between the frames
//! ([`dwarfs_engine::Pondering`], [`crate::platform::Platform::run_slices`]). Either way its
//! answer comes on a channel and is played only in the position it was asked in
//! ([`crate::bot_job`]).

use super::{Table, os_seed};
use crate::bot_job::{self, Answer, Position, SendBot};
use crate::view::GameView;
use core::time::Duration;
use dwarfs_engine::{Game, Pondering, RandomBot, Seat};
use dwarfs_games::Level;
use std::rc::Rc;
use std::sync::mpsc;

/// The bot of a bot seat in a local game.
pub(super) struct SeatBot<G: Game> {
    /// The bot (`None` while it thinks).
    pub(super) bot: Option<SendBot<G>>,
    /// Its level: a search bot thinks away from the frame; the random bot (`None`) picks at
    /// once, here.
    pub(super) level: Option<Level>,
}

/// A search bot's choice under way.
pub(super) struct Thinking<G: Game> {
    /// The seat it chooses for.
    seat: Seat,
    /// Its level, for the screen.
    level: Level,
    /// Where the answer comes, from the thread or the last slice.
    answers: mpsc::Receiver<Answer<G>>,
    /// Held while the choice is wanted: a search in slices stops at its next slice once this
    /// is dropped (the game was left), instead of thinking on for nobody.
    _wanted: Rc<()>,
    /// The answer, once it came (kept until the bot's delay has passed).
    answer: Option<Answer<G>>,
}

/// How long a search in slices works in one call: the page draws between the calls, so a
/// frame waits at most this long for one.
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
        let (tx, answers) = mpsc::channel();
        let wanted = Rc::new(());
        let repaint = self.repaint.clone();
        let started = if self.platform.thinks_in_slices() {
            let legal = self.mirror.state.legal_actions_for_vec(seat);
            let view = dwarfs_engine::SeatView::new(&self.mirror.state, seat);
            let mut bot = bot;
            match bot.ponder(&view, &legal) {
                Some(search) => self.platform.run_slices(slices(
                    search,
                    legal,
                    Answer {
                        seat,
                        asked_at,
                        action: None,
                        bot,
                    },
                    tx,
                    Rc::downgrade(&wanted),
                    repaint,
                )),
                // A bot that does not ponder goes to the platform's `spawn`, as anywhere.
                None => self.spawn_search(seat, asked_at, bot, tx, repaint),
            }
        } else {
            self.spawn_search(seat, asked_at, bot, tx, repaint)
        };
        match started {
            Ok(()) => {
                self.thinking = Some(Thinking {
                    seat,
                    level,
                    answers,
                    _wanted: wanted,
                    answer: None,
                });
                BotStep::Wait
            }
            Err(e) => {
                // Nowhere to think: the random bot plays the seat from now on.
                if let Some(slot) = self.bots.get_mut(seat.index()).and_then(Option::as_mut) {
                    slot.bot = Some(Box::new(RandomBot::new(os_seed())));
                    slot.level = None;
                }
                self.mirror.error = Some(format!(
                    "{} could not think away from the screen ({e}); a random bot plays it",
                    self.seat_label(seat)
                ));
                BotStep::Wait
            }
        }
    }

    /// Runs `bot`'s choice for `seat` through the platform's `spawn` (a thread on the desktop),
    /// its answer sent on `tx`.
    fn spawn_search(
        &self,
        seat: Seat,
        asked_at: Position,
        bot: SendBot<V::G>,
        tx: mpsc::Sender<Answer<V::G>>,
        repaint: Option<egui::Context>,
    ) -> Result<(), String> {
        let state = self.mirror.state.clone();
        let name = format!("bot seat {}", seat.index() + 1);
        self.platform.spawn(
            &name,
            Box::new(move || {
                let a = bot_job::choose(&state, seat, asked_at, bot);
                if tx.send(a).is_ok()
                    && let Some(ctx) = repaint
                {
                    ctx.request_repaint();
                }
            }),
        )
    }

    /// The answer of the bot thinking, if it came. A search that ended without an answer (its
    /// thread failed) hands the seat to the random bot.
    fn take_answer(&mut self) -> Option<Answer<V::G>> {
        let t = self.thinking.as_mut()?;
        if let Some(a) = t.answer.take() {
            return Some(a);
        }
        match t.answers.try_recv() {
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

    /// Waits for the thinking bot's answer (tests: a search is then over, whatever the clock;
    /// on a platform that runs slices, only once they have run).
    #[doc(hidden)]
    pub fn wait_for_bot(&mut self) {
        let Some(t) = self.thinking.as_mut() else {
            return;
        };
        if t.answer.is_none()
            && let Ok(a) = t.answers.recv()
        {
            t.answer = Some(a);
        }
    }
}

/// The slices of a search: each works [`SLICE`] and says whether the search is over; the last
/// sends `answer` (with the action chosen among `legal`) on `tx` and asks `repaint` for a
/// frame. Once nobody holds `wanted`, the next slice ends the search with no answer.
fn slices<G: Game>(
    mut search: Box<dyn Pondering>,
    legal: Vec<G::Action>,
    answer: Answer<G>,
    tx: mpsc::Sender<Answer<G>>,
    wanted: std::rc::Weak<()>,
    repaint: Option<egui::Context>,
) -> Box<dyn FnMut() -> bool> {
    let mut answer = Some(answer);
    Box::new(move || {
        if wanted.strong_count() == 0 {
            return true;
        }
        let Some(i) = search.work(SLICE) else {
            return false;
        };
        if let Some(mut a) = answer.take() {
            a.action = legal.get(i).or(legal.first()).cloned();
            if tx.send(a).is_ok()
                && let Some(ctx) = &repaint
            {
                ctx.request_repaint();
            }
        }
        true
    })
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

    /// A web page's platform: no thread for a search, which runs in slices, one per task of
    /// the page's event loop (here: one per [`Page::task`]).
    #[derive(Default)]
    struct Page {
        slices: std::cell::RefCell<Vec<Box<dyn FnMut() -> bool>>>,
    }

    impl Page {
        /// Runs one slice of every search under way; how many there were.
        fn task(&self) -> usize {
            let mut pending = std::mem::take(&mut *self.slices.borrow_mut());
            let n = pending.len();
            pending.retain_mut(|slice| !slice());
            self.slices.borrow_mut().extend(pending);
            n
        }
    }

    impl Platform for Page {
        fn spawn(&self, _name: &str, _job: Box<dyn FnOnce() + Send>) -> Result<(), String> {
            panic!("a page has no thread: the search must run in slices")
        }

        fn thinks_in_slices(&self) -> bool {
            true
        }

        fn run_slices(&self, slice: Box<dyn FnMut() -> bool>) -> Result<(), String> {
            self.slices.borrow_mut().push(slice);
            Ok(())
        }

        fn save_text(&self, _file_name: &str, _text: &str) -> Result<String, String> {
            Err("nothing is saved here".into())
        }
    }

    /// Two bot seats.
    fn two_bots() -> Vec<SeatInfo> {
        (1..=2)
            .map(|i| SeatInfo {
                name: format!("Bot {i}"),
                kind: SeatKind::Bot,
            })
            .collect()
    }

    #[test]
    fn on_a_page_search_bots_think_in_slices_between_frames_and_play_a_game_to_its_end() {
        let seats = two_bots();
        let page = Rc::new(Page::default());
        let mut t = Table::<TextView<Pig>>::new_with_bots(
            &PigOptions::default(),
            seats,
            0,
            Some(Level::Easy),
            page.clone(),
            |seed| Box::new(Level::Easy.bot(seed)),
        )
        .expect("a 2-player Pig table");
        let (mut frames, mut slices) = (0u32, 0usize);
        while t.mirror.state.to_act() != Actor::Over {
            // A frame, then a task of the event loop: a slice of the search under way.
            t.advance(f64::from(frames) / 60.0);
            let seq = t.mirror.seq;
            let ran = page.task();
            assert!(ran <= 1, "one search at a time, not {ran}");
            assert_eq!(t.mirror.seq, seq, "a slice plays nothing: the frame does");
            slices += ran;
            frames += 1;
            assert!(
                frames < 200_000,
                "the game did not end: {:?}",
                t.mirror.error
            );
        }
        assert!(t.mirror.error.is_none(), "{:?}", t.mirror.error);
        assert!(t.mirror.seq > 2, "moves were played");
        assert!(slices > 0, "no search ran in slices");
    }

    #[test]
    fn a_search_in_slices_stops_when_its_game_is_left() {
        let seats = two_bots();
        let page = Rc::new(Page::default());
        // Fall: a hard move is far more than one slice.
        let mut t = Table::<crate::fall_view::FallView>::new_with_bots(
            &Default::default(),
            seats,
            0,
            Some(Level::Hard),
            page.clone(),
            |seed| Box::new(Level::Hard.bot(seed)),
        )
        .expect("a 2-player Fall table");
        for frame in 0..100 {
            t.advance(f64::from(frame));
            if t.thinking().is_some() {
                break;
            }
        }
        assert!(t.thinking().is_some(), "a hard bot thinks");
        assert_eq!(page.task(), 1, "its search runs a slice");
        assert_eq!(page.task(), 1, "and is not over after two");
        drop(t);
        assert_eq!(page.task(), 1, "the next slice sees nobody waits");
        assert_eq!(page.task(), 0, "and the search is over");
    }
}
