//! The greedy bot: it plays every phase from its seat's view only, and it holds the castle far
//! more often than random play.

use dwarfs_engine::{Actor, Bot, Game, RandomBot, SeatView, SeedStream};
use dwarfs_winter::{GreedyBot, Winter, WinterOptions};

/// Plays a game with one bot per seat; true if the winter was survived.
fn survives(options: &WinterOptions, players: u8, seed: u64, greedy: bool) -> bool {
    play_game(options, players, seed, greedy, false)
}

/// [`survives`], and with `thorough` every listed action is applied to a copy and the state
/// goes through the codec at every decision.
fn play_game(
    options: &WinterOptions,
    players: u8,
    seed: u64,
    greedy: bool,
    thorough: bool,
) -> bool {
    let mut g = Winter::new(options, players).unwrap();
    let mut chance = SeedStream::new(seed);
    let mut bots: Vec<Box<dyn Bot<Winter>>> = (0..players as u64)
        .map(|i| -> Box<dyn Bot<Winter>> {
            if greedy {
                Box::new(GreedyBot::new(seed * 10 + i))
            } else {
                Box::new(RandomBot::new(seed * 10 + i))
            }
        })
        .collect();
    for _ in 0..Winter::max_steps(players) {
        match g.to_act() {
            Actor::Over => return !g.outcome().unwrap().all_lost,
            Actor::Chance => {
                g.resolve_chance(chance.next_entropy()).unwrap();
            }
            a => {
                let s = a.deciding().iter().next().unwrap();
                let legal = g.legal_actions_for_vec(s);
                if thorough {
                    for a in &legal {
                        let mut copy = g.clone();
                        copy.play(s, a)
                            .unwrap_or_else(|e| panic!("{a:?} listed but refused: {e}"));
                        copy.check_invariants().unwrap();
                    }
                    let bytes = dwarfs_engine::codec::encode(&g).unwrap();
                    let back: Winter = dwarfs_engine::codec::decode(&bytes).unwrap();
                    assert_eq!(back, g);
                }
                let i = bots[s.index()].choose(&SeatView::new(&g, s), &legal);
                assert!(i < legal.len());
                g.play(s, &legal[i]).unwrap();
            }
        }
        g.check_invariants().unwrap();
    }
    panic!("the game did not end");
}

#[test]
fn the_greedy_bot_plays_whole_games_and_survives_far_more_often_than_random_play() {
    let o = WinterOptions::default();
    for players in [1, 4] {
        let greedy = (0..20).filter(|&s| survives(&o, players, s, true)).count();
        let random = (0..20).filter(|&s| survives(&o, players, s, false)).count();
        assert!(
            greedy > random + 2,
            "{players} players: greedy {greedy}, random {random}"
        );
    }
    let all = WinterOptions {
        nightmare: false,
        bloodlust: true,
        legendary: true,
    };
    let survived = (1..=4)
        .flat_map(|players| (0..10).map(move |seed| (players, seed)))
        .filter(|&(players, seed)| survives(&all, players, seed, true))
        .count();
    assert!(
        survived > 0,
        "late weeks and scoring are reached with Legendary! and bloodlust"
    );
}

#[test]
fn every_listed_action_applies_along_greedy_games_that_reach_the_late_weeks() {
    let all = WinterOptions {
        nightmare: true,
        bloodlust: true,
        legendary: true,
    };
    for o in [WinterOptions::default(), all] {
        for players in 1..=4 {
            for seed in 0..2 {
                play_game(&o, players, seed, true, true);
            }
        }
    }
}

/// A position at the Preparation step of week 1 in which seat 0 owns the 7 starting heroes and
/// 18 pool heroes (25 cards), with dwarfs in a forest and a mine so that producers differ.
fn big_deck(players: u8) -> Winter {
    use dwarfs_engine::Seat;
    use dwarfs_winter::DwarfKind;
    use dwarfs_winter::data::{Card, FIRST_HERO, ZoneType, zone};
    let mut g = Winter::test_position(WinterOptions::default(), players);
    for c in FIRST_HERO..FIRST_HERO + 18 {
        g.give_hero(Seat(0), Card(c));
    }
    for z in [zone(ZoneType::Forest, 1), zone(ZoneType::Mine, 2)] {
        let p = g.player_mut(Seat(0));
        p.home[DwarfKind::Worker.index()] -= 1;
        p.dwarfs[DwarfKind::Worker.index()][z.index()] += 1;
    }
    g.set_monster_pile(&[]);
    g.set_disaster_pile(&[]);
    g.begin_week_now();
    g.resolve_chance([7; 32]).unwrap();
    g
}

#[test]
fn the_greedy_bot_picks_a_solitaire_hand_card_by_card_as_it_would_choose_it_whole() {
    use dwarfs_engine::Seat;
    use dwarfs_winter::WinterAction;
    // With 2 players the bot chooses one whole hand among C(25, 7) = 480 700.
    let duo = big_deck(2);
    let hands = duo.legal_actions_for_vec(Seat(0));
    assert_eq!(hands.len(), 480_700);
    let mut bot = GreedyBot::new(1);
    let whole = hands[bot.choose(&SeatView::new(&duo, Seat(0)), &hands)];
    let WinterAction::ChooseHand(whole) = whole else {
        panic!("{whole:?}")
    };
    // Alone, it picks 7 cards one at a time, each from at most 25 actions, and ends with the same.
    let mut solo = big_deck(1);
    let mut steps = 0;
    while let Actor::Seat(s) = solo.to_act() {
        if !solo.player(s).chosen {
            let legal = solo.legal_actions_vec();
            assert!(legal.len() <= 25);
            let i = bot.choose(&SeatView::new(&solo, s), &legal);
            assert!(matches!(legal[i], WinterAction::PickCard(_)));
            solo.play(s, &legal[i]).unwrap();
            steps += 1;
        } else {
            break;
        }
    }
    assert_eq!(steps, 7);
    assert_eq!(solo.player(Seat(0)).hand, whole);
    assert_ne!(
        whole,
        (1 << 7) - 1,
        "not merely the first cards of the deck"
    );
}
