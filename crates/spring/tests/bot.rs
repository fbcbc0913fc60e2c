//! The greedy bot: it plays whole games to the end, goes on a quest it meets, and fights a
//! monster its reveal can beat (while a hopeless fight is declined).

mod common;
use common::*;
use dwarfs_engine::{Actor, Bot, Game, Seat, SeatView, SeedStream};
use dwarfs_spring::data::{DECK_MONSTERS, QUESTS, SETUP_MONSTERS};
use dwarfs_spring::{GreedyBot, Pending, Spring, SpringAction as A, SpringOptions};

fn pick(bot: &mut GreedyBot, g: &Spring) -> A {
    let Actor::Seat(s) = g.to_act() else {
        panic!("a seat acts")
    };
    let legal = g.legal_actions_for_vec(s);
    legal[bot.choose(&SeatView::new(g, s), &legal)]
}

#[test]
fn greedy_bots_play_whole_games_and_take_cards_from_the_area() {
    for players in 2..=4u8 {
        let mut taken = 0;
        for seed in 0..6u64 {
            let mut g = Spring::new(&SpringOptions::default(), players).unwrap();
            let mut chance = SeedStream::new(seed);
            let mut bots: Vec<GreedyBot> = (0..players as u64)
                .map(|i| GreedyBot::new(seed * 8 + i))
                .collect();
            let mut steps = 0;
            while g.to_act() != Actor::Over {
                steps += 1;
                assert!(steps < 20_000, "the game ends");
                match g.to_act() {
                    Actor::Chance => {
                        g.resolve_chance(chance.next_entropy()).unwrap();
                    }
                    Actor::Seat(s) => {
                        let a = pick(&mut bots[s.index()], &g);
                        g.play(s, &a).unwrap();
                    }
                    a => panic!("unexpected {a:?}"),
                }
            }
            assert!(g.outcome().is_some());
            taken += QUESTS + DECK_MONSTERS + SETUP_MONSTERS
                - g.area_cards().count()
                - g.exp_deck_len() as usize;
        }
        // Quests and fights happen: several cards per seat and game leave the area.
        assert!(
            taken >= 6 * 2 * players as usize,
            "{players} players: {taken} cards taken in 6 games"
        );
    }
}

#[test]
fn the_bot_goes_on_a_quest_it_meets() {
    let mut g = Spring::test_position(2);
    // The area holds quests 1-6; "Have 2 Dragons" (quest 3) is met with a second dragon.
    let mut bot = GreedyBot::new(1);
    assert!(!matches!(pick(&mut bot, &g), A::Quest { .. }));
    g.give_dragon(Seat(0), 20, 1);
    match pick(&mut bot, &g) {
        A::Quest { card, .. } => assert_eq!(card as usize, 12 + 2),
        other => panic!("the bot should quest, not {other:?}"),
    }
}

#[test]
fn the_bot_fights_what_it_can_beat_and_declines_a_hopeless_fight() {
    // A Frogling (2 axes) next to seat 0's settlement, with 3 stored successes: a sure win.
    let mut g = Spring::test_position(2);
    let (w, f) = wild_with_field(&g);
    put_settlement(&mut g, Seat(0), dwarfs_spring::data::Resource::Food, f);
    g.put_monster(6, 5, w as usize);
    g.empire_mut(Seat(0)).successes = 3;
    let mut bot = GreedyBot::new(2);
    assert_eq!(pick(&mut bot, &g), A::Explore { at: w });
    play(&mut g, A::Explore { at: w });
    assert_eq!(g.flow().pending, Some(Pending::Wild { wild: w }));
    assert_eq!(pick(&mut bot, &g), A::Engage);

    // A Giant Spider (4 axes) with one dwarf, one settlement and no successes: the bot keeps
    // its dwarf there (for a later, larger reveal) rather than fight now.
    let mut g = Spring::test_position(2);
    put_settlement(&mut g, Seat(0), dwarfs_spring::data::Resource::Food, f);
    g.put_monster(1, 5, w as usize);
    g.board_mut().webs = Default::default();
    play(&mut g, A::Explore { at: w });
    assert_eq!(pick(&mut bot, &g), A::Decline);
}
