//! Bot knowledge: the action weights help a player (a weighted random player beats the uniform
//! one), never give value away (bad offers are not accepted, gifts are not proposed), and the
//! static evaluation favours the seat that stands best.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat, SeedStream};
use dwarfs_hold::{
    BoardTile as T, Hold, HoldAction as A, HoldOptions, Phase, TradeItem, WorkTile as W,
};

/// Picks an index of `legal` with probability proportional to its weight for `seat` (uniformly
/// when every weight is 0).
fn weighted_pick(g: &Hold, seat: Seat, legal: &[A], rng: &mut SeedStream) -> usize {
    let w: Vec<u64> = legal
        .iter()
        .map(|a| g.action_weight(seat, a) as u64)
        .collect();
    let total: u64 = w.iter().sum();
    if total == 0 {
        return rng.choose(legal.len());
    }
    let mut r = rng.choose(total as usize) as u64;
    for (i, wi) in w.iter().enumerate() {
        if r < *wi {
            return i;
        }
        r -= wi;
    }
    legal.len() - 1
}

/// A 2-player game from `seed` where `weighted` picks by the weights and the other seat
/// uniformly; the final scores.
fn game(seed: u64, weighted: Seat) -> Vec<i32> {
    let mut g = Hold::new(&HoldOptions::default(), 2).expect("2 players");
    let mut chance = SeedStream::new(seed);
    let mut picks = SeedStream::derive(seed, "hints test");
    let mut legal = Vec::new();
    loop {
        match g.to_act() {
            Actor::Over => break,
            Actor::Chance => {
                g.resolve_chance(chance.next_entropy()).expect("chance");
            }
            Actor::Seat(s) => {
                g.legal_actions(&mut legal);
                let i = if s == weighted {
                    weighted_pick(&g, s, &legal, &mut picks)
                } else {
                    picks.choose(legal.len())
                };
                g.play(s, &legal[i]).expect("a listed action");
            }
            Actor::Simultaneous(_) => unreachable!("Hold has no simultaneous steps"),
        }
    }
    let o = g.outcome().expect("the game ended");
    let mut scores = vec![0; 2];
    for s in &o.scores {
        scores[s.seat.index()] = s.total;
    }
    scores
}

#[test]
fn a_player_picking_by_the_weights_beats_the_uniform_random_player() {
    let games = 40u64;
    let mut wins = 0;
    for seed in 0..games {
        let me = Seat((seed % 2) as u8);
        let scores = game(seed, me);
        if scores[me.index()] > scores[1 - me.index()] {
            wins += 1;
        }
    }
    assert!(
        wins * 4 >= games * 3,
        "the weighted player won {wins} of {games} games"
    );
}

/// A 2-player Trade phase where seat 0 has just started an offer to seat 1 (both hold 30 gold,
/// seat 1 20 VT, seat 0 a Champion).
fn offer_started() -> Hold {
    let mut g = position(2, Phase::Trade);
    g.set_gold(Seat(0), 30);
    g.set_gold(Seat(1), 30);
    g.set_vt(Seat(1), 20);
    g.set_hand(Seat(0), &[W::Champion]);
    play(&mut g, A::StartOffer(Seat(1)));
    g
}

/// Seat 0 proposes `give` for `ask` to seat 1; returns the position with the offer on the table.
fn offer(give: &[TradeItem], ask: &[TradeItem]) -> Hold {
    let mut g = offer_started();
    for i in give {
        play(&mut g, A::OfferGive(*i));
    }
    for i in ask {
        play(&mut g, A::OfferAsk(*i));
    }
    play(&mut g, A::Propose);
    assert_eq!(seat(&g), Seat(1));
    g
}

#[test]
fn a_bad_offer_is_weighted_zero_for_acceptance_and_a_good_one_is_accepted() {
    // 1 gold for 10 VT: bad for seat 1.
    let g = offer(&[TradeItem::Gold(1)], &[TradeItem::Vt(10)]);
    assert_eq!(g.action_weight(Seat(1), &A::Accept), 0);
    assert!(g.action_weight(Seat(1), &A::Decline) > 0);
    // A Champion for 30 gold is worth less to seat 1 than what it costs.
    let g = offer(
        &[TradeItem::Tile(W::Champion)],
        &[
            TradeItem::Gold(10),
            TradeItem::Gold(10),
            TradeItem::Gold(10),
        ],
    );
    assert_eq!(g.action_weight(Seat(1), &A::Accept), 0);
    // 10 VT for 1 gold: good for seat 1, which accepts more often than it declines.
    let mut g = position(2, Phase::Trade);
    g.set_vt(Seat(0), 20);
    g.set_gold(Seat(1), 5);
    play(&mut g, A::StartOffer(Seat(1)));
    play(&mut g, A::OfferGive(TradeItem::Vt(10)));
    play(&mut g, A::OfferAsk(TradeItem::Gold(1)));
    // The offerer would never put it: it gives value away.
    assert_eq!(g.action_weight(Seat(0), &A::Propose), 0);
    play(&mut g, A::Propose);
    assert!(g.action_weight(Seat(1), &A::Accept) > g.action_weight(Seat(1), &A::Decline));
}

#[test]
fn an_offer_asks_no_more_once_it_favours_its_author() {
    let mut g = offer_started();
    play(&mut g, A::OfferGive(TradeItem::Gold(1)));
    // Giving 1 gold for nothing: asking is worth trying.
    assert!(g.action_weight(Seat(0), &A::OfferAsk(TradeItem::Vt(1))) > 0);
    assert_eq!(g.action_weight(Seat(0), &A::Propose), 0);
    play(&mut g, A::OfferAsk(TradeItem::Vt(1)));
    // 1 VT for 1 gold favours seat 0: put it, or drop it, but ask nothing more.
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let asks: Vec<&A> = legal
        .iter()
        .filter(|a| matches!(a, A::OfferAsk(_)))
        .collect();
    assert!(!asks.is_empty(), "more could be asked: {legal:?}");
    for a in asks {
        assert_eq!(g.action_weight(Seat(0), a), 0, "{a:?}");
    }
    assert!(g.action_weight(Seat(0), &A::Propose) > 0);
    assert!(g.action_weight(Seat(0), &A::Withdraw) > 0);
}

#[test]
fn gifts_are_never_built_or_proposed() {
    let mut g = position(2, Phase::Trade);
    g.set_gold(Seat(0), 30);
    g.set_gold(Seat(1), 30);
    play(&mut g, A::StartOffer(Seat(1)));
    // Giving with nothing asked in return is weighted 0, so is proposing a gift.
    assert_eq!(
        g.action_weight(Seat(0), &A::OfferGive(TradeItem::Gold(10))),
        0
    );
    assert!(g.action_weight(Seat(0), &A::OfferAsk(TradeItem::Gold(1))) > 0);
    play(&mut g, A::OfferGive(TradeItem::Gold(10)));
    assert_eq!(g.action_weight(Seat(0), &A::Propose), 0);
    assert!(g.action_weight(Seat(0), &A::Withdraw) > 0);
}

#[test]
fn claims_the_hand_cannot_pay_are_weighted_zero_and_a_paid_claim_is_committed() {
    let mut g = position(2, Phase::Dig);
    g.set_space(at(2, 3), dwarfs_hold::Space::Open(T::Stone));
    g.set_hand(Seat(0), &[W::PicksAndShovels]);
    g.set_gold(Seat(0), 10);
    let value = g.tile_view(at(2, 3)).expect("a tile").value as u16;
    let points = g.dig_points(Seat(0), W::PicksAndShovels);
    assert!(points < value, "one tile does not dig the Stone");
    assert_eq!(g.action_weight(Seat(0), &A::Target(at(2, 3))), 0);
    // Enough tiles: the target is worth trying, and once covered the claim is committed.
    g.set_hand(Seat(0), &[W::PicksAndShovels; 6]);
    assert!(g.action_weight(Seat(0), &A::Target(at(2, 3))) > g.action_weight(Seat(0), &A::Pass));
    play(&mut g, A::Target(at(2, 3)));
    assert_eq!(g.action_weight(Seat(0), &A::Abandon), 0);
    while !g.legal_actions_vec().contains(&A::Commit) {
        play(&mut g, A::AddTile(W::PicksAndShovels));
    }
    assert!(g.action_weight(Seat(0), &A::Commit) > g.action_weight(Seat(0), &A::Abandon));
}

#[test]
fn the_evaluation_favours_the_seat_that_stands_best() {
    let mut g = position(3, Phase::Trade);
    g.set_vt(Seat(0), 10);
    g.set_vt(Seat(1), 60);
    g.set_vt(Seat(2), 30);
    let mut out = [0u16; 3];
    assert!(g.evaluate(&mut out));
    assert_eq!(out.iter().map(|&x| x as u32).sum::<u32>(), 1000);
    assert!(out[1] > out[2] && out[2] > out[0], "{out:?}");
    // Later in the game the same lead decides more.
    let early = out[1];
    g.set_turn(35);
    assert!(g.evaluate(&mut out));
    assert!(out[1] > early, "{} then {}", early, out[1]);
    // A wrong-sized buffer is refused.
    assert!(!g.evaluate(&mut [0u16; 2]));
}
