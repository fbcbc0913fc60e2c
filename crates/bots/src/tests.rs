//! Behaviour of the bots on the toy game Pig (hidden bonus cards, chance, and with wagers a
//! simultaneous secret step).

use crate::arena::play_match;
use crate::{Budget, Level, SearchBot, SearchConfig, TakeoverBot, search};
use dwarfs_engine::playout::random_states;
use dwarfs_engine::toy::{Pig, PigOptions};
use dwarfs_engine::{Bot, Game, RandomBot, Seat, SeatView, SeedStream, Viewer, state_hash};

fn quick(iterations: u32) -> SearchConfig {
    Level::Normal
        .config()
        .with_budget(Budget::iterations(iterations))
}

fn wagers() -> PigOptions {
    PigOptions {
        wagers: true,
        ..PigOptions::default()
    }
}

/// Positions where a seat decides, from random games.
fn positions(options: &PigOptions, players: u8, seed: u64) -> Vec<Pig> {
    let g = Pig::new(options, players).unwrap();
    random_states(g, seed, |_, s| !s.to_act().deciding().is_empty()).unwrap()
}

#[test]
fn a_search_is_a_function_of_its_seed_and_iterations() {
    for options in [PigOptions::default(), wagers()] {
        for state in positions(&options, 3, 4).iter().take(12) {
            let seat = state.to_act().deciding().iter().next().unwrap();
            let legal = state.legal_actions_for_vec(seat);
            let view = SeatView::new(state, seat);
            let run = |seed| search(&view, &legal, &quick(64), &mut SeedStream::new(seed));
            let a = run(1);
            assert_eq!(a, run(1));
            if legal.len() > 1 {
                assert_eq!(a.iterations, 64);
                assert!(a.nodes > 1);
            }
        }
    }
}

#[test]
fn the_search_never_reads_what_its_seat_cannot_see() {
    // The same observation with other hidden parts (other seats' bonus cards and wagers): the
    // search, its statistics included, and the takeover bot are unchanged.
    let mut entropy = SeedStream::new(9);
    let mut checked = 0;
    for options in [PigOptions::default(), wagers()] {
        for state in positions(&options, 3, 5).iter().take(20) {
            let seat = state.to_act().deciding().iter().next().unwrap();
            let other = state.determinize(Viewer::Seat(seat), entropy.next_entropy());
            assert_eq!(
                other.observe(Viewer::Seat(seat)),
                state.observe(Viewer::Seat(seat))
            );
            if state_hash(&other) == state_hash(state) {
                continue;
            }
            checked += 1;
            let legal = state.legal_actions_for_vec(seat);
            let run = |s: &Pig| {
                search(
                    &SeatView::new(s, seat),
                    &legal,
                    &quick(48),
                    &mut SeedStream::new(3),
                )
            };
            assert_eq!(run(state), run(&other));
            assert_eq!(
                TakeoverBot::choose(state, seat, 11, 32),
                TakeoverBot::choose(&other, seat, 11, 32)
            );
        }
    }
    assert!(
        checked > 10,
        "only {checked} positions had hidden parts to change"
    );
}

/// Wins (in thousandths of games) of `a` against `b` over `games` 2-player games, seats
/// alternated.
fn wins_against(
    options: &PigOptions,
    games: u64,
    mut a: impl FnMut(u64) -> Box<dyn Bot<Pig>>,
    mut b: impl FnMut(u64) -> Box<dyn Bot<Pig>>,
) -> u32 {
    let mut won = 0;
    for g in 0..games {
        let (mut x, mut y) = (a(g), b(g));
        let a_seat = (g % 2) as usize;
        let mut bots: Vec<&mut dyn Bot<Pig>> = if a_seat == 0 {
            vec![&mut *x, &mut *y]
        } else {
            vec![&mut *y, &mut *x]
        };
        let m = play_match(options, &mut bots, 1000 + g).unwrap();
        won += m.win_share(2)[a_seat];
    }
    won / games as u32
}

#[test]
fn search_beats_random_at_pig() {
    let search_bot = |seed| Box::new(SearchBot::new(quick(200), seed)) as Box<dyn Bot<Pig>>;
    let random = |seed| Box::new(RandomBot::new(seed)) as Box<dyn Bot<Pig>>;
    let w = wins_against(&PigOptions::default(), 40, search_bot, random);
    assert!(
        w >= 750,
        "the search won {w}/1000 of its games against random"
    );
}

#[test]
fn search_plays_simultaneous_wagers_and_beats_random() {
    let search_bot = |seed| Box::new(SearchBot::new(quick(120), seed)) as Box<dyn Bot<Pig>>;
    let random = |seed| Box::new(RandomBot::new(seed)) as Box<dyn Bot<Pig>>;
    let w = wins_against(&wagers(), 30, search_bot, random);
    assert!(
        w >= 700,
        "the search won {w}/1000 of its games against random"
    );
}

#[test]
fn the_takeover_bot_is_a_pure_function_that_changes_with_the_move_number() {
    let states = positions(&PigOptions::default(), 2, 6);
    let mut differs = false;
    for state in states.iter().take(30) {
        let seat = state.to_act().deciding().iter().next().unwrap();
        let a = TakeoverBot::choose(state, seat, 7, 40).unwrap();
        assert_eq!(a, TakeoverBot::choose(&state.clone(), seat, 7, 40).unwrap());
        assert!(a.unwrap() < state.legal_actions_for_vec(seat).len());
        let picks: Vec<_> = (1..=8)
            .map(|seq| TakeoverBot::choose(state, seat, seq, 0).unwrap())
            .collect();
        differs |= picks.iter().any(|p| *p != picks[0]);
    }
    assert!(differs, "the uniform pick draws afresh at every move");
    assert_eq!(
        TakeoverBot::choose(
            &Pig::new(&PigOptions::default(), 2).unwrap(),
            Seat(0),
            1,
            40
        ),
        Ok(None),
        "no seat acts at the setup chance point"
    );
}

#[test]
fn the_takeover_bot_beats_random_and_finishes_games_identically() {
    let run = |seed| {
        let g = Pig::new(&PigOptions::default(), 2).unwrap();
        dwarfs_engine::playout::play_out(
            g,
            &mut TakeoverBot::new(24),
            &mut SeedStream::new(seed),
            false,
        )
        .unwrap()
    };
    assert_eq!(state_hash(&run(5).state), state_hash(&run(5).state));
    struct Takeover(u32);
    impl Bot<Pig> for Takeover {
        fn choose(&mut self, view: &SeatView<'_, Pig>, legal: &[<Pig as Game>::Action]) -> usize {
            // The takeover bot works on the whole state in the protocol; here it is only given
            // a determinization of the seat's view, which must not change its choice.
            self.0 += 1;
            let state = view.determinize([self.0 as u8; 32]);
            let i =
                TakeoverBot::choose(&state, view.seat(), self.0, TakeoverBot::NORMAL_ITERATIONS)
                    .unwrap()
                    .unwrap();
            assert!(i < legal.len());
            i
        }
    }
    let random = |seed| Box::new(RandomBot::new(seed)) as Box<dyn Bot<Pig>>;
    let w = wins_against(
        &PigOptions::default(),
        30,
        |_| Box::new(Takeover(0)),
        random,
    );
    assert!(
        w >= 750,
        "the takeover bot won {w}/1000 of its games against random"
    );
}
