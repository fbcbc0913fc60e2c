//! Turn rules: the VT price ladder, dig/fight adjacency and surcharge, building over another
//! player's space, the trade phase, the end conditions, scoring and tie splitting, hidden
//! information and error handling.

mod common;
use common::*;
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_hold::{
    BoardTile as T, EndCondition, Hold, HoldAction as A, HoldOptions, Leader as L, Phase, Space,
    Stage, TradeItem, WorkTile as W,
};

fn claimed(owner: Seat, t: T) -> Space {
    Space::Claimed {
        tile: t,
        as_tile: t,
        owner,
    }
}

#[test]
fn vt_price_ladder_is_shared_by_all_players_in_a_turn() {
    let mut g = position(3, Phase::Event);
    for s in 0..3 {
        g.set_gold(Seat(s), 20);
    }
    play(&mut g, A::BuyVt); // seat 0 pays 2
    play(&mut g, A::BuyVt); // seat 0 pays 3
    play(&mut g, A::Pass);
    assert_eq!(
        g.vt_price(Seat(1)),
        4,
        "the third VT bought by anyone costs 4"
    );
    play(&mut g, A::BuyVt); // seat 1 pays 4
    play(&mut g, A::Pass);
    play(&mut g, A::BuyVt); // seat 2 pays 5
    assert_eq!(g.gold(Seat(0)), 15);
    assert_eq!(g.gold(Seat(1)), 16);
    assert_eq!(g.gold(Seat(2)), 15);
    assert_eq!(g.vt_bought_this_turn(), 4);
    // Too poor for the next one.
    g.set_gold(Seat(2), 5);
    let e = refuse(&mut g, A::BuyVt);
    assert!(e.to_string().contains("need 6 gold"), "{e}");
    // The ladder restarts next turn.
    pass_until(&mut g, Phase::Leader);
    assert_eq!(g.vt_price(Seat(0)), 2);
}

#[test]
fn dig_targets_must_touch_the_hold_or_a_controlled_space() {
    let mut g = position(2, Phase::Dig);
    g.set_gold(Seat(0), 10);
    g.set_hand(Seat(0), &[W::PicksAndShovels]);
    // Next to the hold: fine. Far away: refused.
    let e = refuse(&mut g, A::Target(at(0, 0)));
    assert!(e.to_string().contains("touch the hold"), "{e}");
    assert!(g.legal_actions_vec().contains(&A::Target(at(2, 3))));
    // A space controlled by anyone extends the stronghold.
    g.set_space(at(1, 0), claimed(Seat(1), T::Soil));
    assert!(g.legal_actions_vec().contains(&A::Target(at(0, 0))));
    // Impassables, claimed tiles and the hold are never targets.
    g.set_space(at(2, 4), Space::Open(T::LavaTubes));
    refuse(&mut g, A::Target(at(2, 4)));
    refuse(&mut g, A::Target(at(1, 0)));
    refuse(&mut g, A::Target(at(3, 3)));
    // Lairs are fought, not dug.
    g.set_space(at(2, 2), Space::Open(T::Ogres));
    let e = refuse(&mut g, A::Target(at(2, 2)));
    assert!(e.to_string().contains("Fight phase"), "{e}");
}

#[test]
fn digging_next_to_opponents_only_costs_two_extra_gold() {
    let mut g = position(2, Phase::Dig);
    g.set_space(at(1, 0), claimed(Seat(1), T::Soil));
    g.set_space(at(0, 0), Space::Open(T::Stone));
    g.set_hand(Seat(0), &[W::PicksAndShovels, W::DwarfMiners]);
    g.set_gold(Seat(0), 3);
    assert!(g.is_far(Seat(0), at(0, 0)));
    assert!(!g.is_far(Seat(1), at(0, 0)));
    assert!(
        !g.is_far(Seat(0), at(2, 3)),
        "next to the hold is never far"
    );
    play(&mut g, A::Target(at(0, 0)));
    play(&mut g, A::AddTile(W::PicksAndShovels));
    play(&mut g, A::AddTile(W::DwarfMiners));
    // 2 tiles + 2 surcharge = 4 gold; only 3.
    let e = refuse(&mut g, A::Commit);
    assert!(e.to_string().contains("need 4 gold"), "{e}");
    play(&mut g, A::Abandon);
    assert_eq!(g.phase(), Phase::Dig);
    assert_eq!(
        seat(&g),
        Seat(0),
        "giving up one dig does not end your Dig phase"
    );
    assert_eq!(g.hand(Seat(0)).len(), 2, "the tiles stay in the hand");
    let e = refuse(&mut g, A::Target(at(0, 0)));
    assert!(e.to_string().contains("gave it up"), "{e}");
    assert!(
        g.legal_actions_vec().contains(&A::Target(at(2, 3))),
        "another target may be chosen"
    );
    play(&mut g, A::Pass);
    assert_eq!(seat(&g), Seat(1));
    // The stronghold's owner pays only per tile.
    g.set_hand(Seat(1), &[W::TunnelsAndShafts]);
    g.set_gold(Seat(1), 1);
    play(&mut g, A::Target(at(0, 0)));
    play(&mut g, A::AddTile(W::TunnelsAndShafts));
    play(&mut g, A::Commit);
    assert_eq!(g.gold(Seat(1)), 0);
    assert_eq!(g.vt(Seat(1)), 3);
}

#[test]
fn fights_use_the_same_adjacency_and_surcharge() {
    let mut g = position(2, Phase::Fight);
    g.set_space(at(0, 0), Space::Open(T::Kobolds));
    g.set_hand(Seat(0), &[W::Sentries]);
    g.set_gold(Seat(0), 10);
    refuse(&mut g, A::Target(at(0, 0)));
    g.set_space(at(1, 0), claimed(Seat(1), T::Soil));
    assert_eq!(g.claim_cost(Seat(0), at(0, 0), 1, true), 3);
    play(&mut g, A::Target(at(0, 0)));
    play(&mut g, A::AddTile(W::Sentries));
    play(&mut g, A::Commit);
    assert_eq!(g.gold(Seat(0)), 7);
    assert_eq!(g.vt(Seat(0)), 6);
    // Only one lair per turn without the General or Barracks.
    assert_eq!(seat(&g), Seat(1));
}

#[test]
fn building_over_another_players_space_pays_them_four_gold() {
    let mut g = position(2, Phase::Build);
    g.set_space(at(2, 3), claimed(Seat(1), T::Rock));
    g.set_space(at(2, 4), Space::Cleared { owner: Seat(1) });
    g.set_hand(Seat(0), &[W::Armory, W::Barracks]);
    g.set_gold(Seat(0), 20);
    g.set_gold(Seat(1), 0);
    let mut h = g.clone();
    play(&mut g, A::Build(W::Armory, at(2, 3)));
    assert_eq!(g.gold(Seat(0)), 20 - 7 - 4);
    assert_eq!(g.gold(Seat(1)), 4);
    assert_eq!(g.owner(at(2, 3)), Some(Seat(0)));
    assert_eq!(g.vt(Seat(0)), 7);
    // A former lair costs 2 more to the vault.
    play(&mut h, A::Build(W::Barracks, at(2, 4)));
    assert_eq!(h.gold(Seat(0)), 20 - 5 - 2 - 4);
    // Not on mines, open tiles or other rooms; not without the gold.
    let mut k = position(2, Phase::Build);
    k.set_space(at(2, 3), claimed(Seat(0), T::Gold));
    k.set_space(
        at(2, 4),
        Space::Room {
            room: W::Brewery,
            owner: Seat(1),
            base: None,
        },
    );
    k.set_space(at(2, 2), claimed(Seat(1), T::Soil));
    k.set_hand(Seat(0), &[W::Armory, W::Sabotage]);
    k.set_gold(Seat(0), 10);
    refuse(&mut k, A::Build(W::Armory, at(2, 3)));
    refuse(&mut k, A::Build(W::Armory, at(2, 4)));
    refuse(&mut k, A::Build(W::Armory, at(0, 0)));
    refuse(&mut k, A::Build(W::Sabotage, at(2, 2)));
    let e = refuse(&mut k, A::Build(W::Armory, at(2, 2)));
    assert!(e.to_string().contains("need 11 gold"), "{e}");
}

#[test]
fn trade_offers_exchange_everything_at_once_when_accepted() {
    let mut g = position(3, Phase::Trade);
    g.set_space(at(2, 3), claimed(Seat(0), T::Gold));
    g.set_trophies(Seat(1), &[T::Ogres]);
    g.set_hand(Seat(0), &[W::Champion]);
    g.set_hand(Seat(1), &[W::BigDig]);
    g.set_gold(Seat(0), 12);
    g.set_vt(Seat(1), 16);
    play(&mut g, A::StartOffer(Seat(1)));
    play(&mut g, A::OfferGive(TradeItem::Tile(W::Champion)));
    play(&mut g, A::OfferGive(TradeItem::Gold(10)));
    play(&mut g, A::OfferGive(TradeItem::Space(at(2, 3))));
    play(&mut g, A::OfferGive(TradeItem::Gold(1)));
    // Gold steps add up to one amount: 11 gold is one item.
    match g.stage() {
        Stage::Offer(o) => assert_eq!(
            o.give,
            vec![
                TradeItem::Tile(W::Champion),
                TradeItem::Gold(11),
                TradeItem::Space(at(2, 3))
            ]
        ),
        other => panic!("an offer is being built: {other:?}"),
    }
    // Cannot give more gold than held, a tile not held, or gold in other steps.
    refuse(&mut g, A::OfferGive(TradeItem::Gold(10)));
    refuse(&mut g, A::OfferGive(TradeItem::Tile(W::Armory)));
    let e = refuse(&mut g, A::OfferGive(TradeItem::Gold(5)));
    assert!(e.to_string().contains("1, 10 or 100"), "{e}");
    play(&mut g, A::OfferAsk(TradeItem::Vt(10)));
    play(&mut g, A::OfferAsk(TradeItem::Vt(1)));
    refuse(&mut g, A::OfferAsk(TradeItem::Vt(10)));
    play(&mut g, A::OfferAsk(TradeItem::Trophy(T::Ogres)));
    play(&mut g, A::OfferAsk(TradeItem::Tile(W::BigDig)));
    play(&mut g, A::Propose);
    assert_eq!(seat(&g), Seat(1));
    assert_eq!(g.legal_actions_vec(), vec![A::Accept, A::Decline]);
    play(&mut g, A::Accept);
    assert_eq!(g.hand(Seat(0)), &[W::BigDig]);
    assert_eq!(g.hand(Seat(1)), &[W::Champion]);
    assert_eq!((g.gold(Seat(0)), g.gold(Seat(1))), (1, 11));
    assert_eq!((g.vt(Seat(0)), g.vt(Seat(1))), (11, 5));
    assert_eq!(g.owner(at(2, 3)), Some(Seat(1)));
    assert_eq!(g.trophies(Seat(0)), &[T::Ogres]);
    assert_eq!(seat(&g), Seat(1), "the next seat after the offerer acts");
}

#[test]
fn any_amount_may_be_offered_and_the_item_limit_is_an_option() {
    let mut g = position(2, Phase::Trade);
    g.set_gold(Seat(0), 137);
    g.set_hand(Seat(0), &[W::Champion, W::Hammers, W::BigDig]);
    play(&mut g, A::StartOffer(Seat(1)));
    for step in [100, 10, 10, 10, 1, 1, 1, 1, 1, 1, 1] {
        play(&mut g, A::OfferGive(TradeItem::Gold(step)));
    }
    refuse(&mut g, A::OfferGive(TradeItem::Gold(1)));
    for t in [W::Champion, W::Hammers, W::BigDig] {
        play(&mut g, A::OfferGive(TradeItem::Tile(t)));
    }
    match g.stage() {
        Stage::Offer(o) => assert_eq!(o.give.len(), 4, "137 gold and three tiles"),
        other => panic!("an offer is being built: {other:?}"),
    }
    play(&mut g, A::Propose);
    play(&mut g, A::Accept);
    assert_eq!((g.gold(Seat(0)), g.gold(Seat(1))), (0, 137));
    assert_eq!(g.hand(Seat(1)).len(), 3);

    // With the lobby's limit of 2 items, a third is refused but amounts still grow.
    let mut g = position(2, Phase::Trade);
    g.set_options(HoldOptions {
        max_offer_items: 2,
        ..HoldOptions::default()
    });
    g.set_gold(Seat(0), 30);
    g.set_hand(Seat(0), &[W::Champion, W::Hammers]);
    play(&mut g, A::StartOffer(Seat(1)));
    play(&mut g, A::OfferGive(TradeItem::Gold(10)));
    play(&mut g, A::OfferGive(TradeItem::Tile(W::Champion)));
    let e = refuse(&mut g, A::OfferGive(TradeItem::Tile(W::Hammers)));
    assert!(e.to_string().contains("as many items"), "{e}");
    play(&mut g, A::OfferGive(TradeItem::Gold(10)));
}

#[test]
fn the_hand_limit_counts_action_tiles_only() {
    let mut g = position(2, Phase::End);
    // Seven action tiles and three rooms and events: within the limit.
    let mut hand = vec![W::PicksAndShovels; 7];
    hand.extend([W::StoreRooms, W::Armory, W::Greybeards]);
    g.set_hand(Seat(0), &hand);
    // Eight action tiles and a room: one action tile must go.
    let mut over = vec![W::TunnelsAndShafts; 8];
    over.push(W::Barracks);
    g.set_hand(Seat(1), &over);
    assert_eq!(g.action_tiles_in_hand(Seat(0)), 7);
    g.settle();
    assert_eq!(seat(&g), Seat(1), "seat 0 keeps its 10 tiles");
    assert_eq!(g.legal_actions_vec(), vec![A::Discard(W::TunnelsAndShafts)]);
    let e = refuse(&mut g, A::Discard(W::Barracks));
    assert!(e.to_string().contains("action tile"), "{e}");
    play(&mut g, A::Discard(W::TunnelsAndShafts));
    assert_eq!(g.phase(), Phase::Leader);
    assert_eq!(g.hand(Seat(0)).len(), 10);
    assert_eq!(g.hand(Seat(1)).len(), 8);
}

#[test]
fn an_offer_asking_for_a_tile_the_target_lacks_can_only_be_declined() {
    let mut g = position(2, Phase::Trade);
    g.set_hand(Seat(1), &[W::Hammers]);
    play(&mut g, A::StartOffer(Seat(1)));
    play(&mut g, A::OfferAsk(TradeItem::Tile(W::Champion)));
    play(&mut g, A::Propose);
    assert_eq!(g.legal_actions_vec(), vec![A::Decline]);
    let e = refuse(&mut g, A::Accept);
    assert!(e.to_string().contains("not in the hand"), "{e}");
    play(&mut g, A::Decline);
    assert_eq!(g.hand(Seat(1)), &[W::Hammers]);
}

#[test]
fn trade_phase_ends_when_everyone_passes_in_a_row_and_offers_are_capped() {
    let mut g = position(3, Phase::Trade);
    g.set_options(HoldOptions {
        offers_per_trade: 1,
        ..HoldOptions::default()
    });
    play(&mut g, A::Pass);
    play(&mut g, A::Pass);
    // Seat 2 makes an offer: the run of passes is broken.
    play(&mut g, A::StartOffer(Seat(0)));
    play(&mut g, A::OfferAsk(TradeItem::Tile(W::Hammers)));
    play(&mut g, A::Withdraw);
    assert_eq!(g.phase(), Phase::Trade);
    play(&mut g, A::Pass); // 0
    play(&mut g, A::Pass); // 1
    assert_eq!(seat(&g), Seat(2));
    // Seat 2 used its one offer.
    let e = refuse(&mut g, A::StartOffer(Seat(1)));
    assert!(e.to_string().contains("all your offers"), "{e}");
    play(&mut g, A::Pass);
    assert_eq!(g.phase(), Phase::Event);
}

fn run_to_end(mut g: Hold) -> Hold {
    pass_until_over(&mut g);
    g
}

fn pass_until_over(g: &mut Hold) {
    for _ in 0..500 {
        match g.to_act() {
            Actor::Over | Actor::Simultaneous(_) => return,
            Actor::Chance => {
                chance(g);
            }
            Actor::Seat(_) => {
                let legal = g.legal_actions_vec();
                let a = if legal.contains(&A::Pass) {
                    A::Pass
                } else {
                    legal[0].clone()
                };
                play(g, a);
            }
        }
    }
    panic!("not over");
}

#[test]
fn each_end_condition_ends_the_game_at_the_end_of_the_turn() {
    type Case = (EndCondition, fn(&mut Hold));
    let cases: [Case; 5] = [
        (EndCondition::AllVeinsMined, |g| {
            g.set_space(at(0, 7), claimed(Seat(0), T::Copper))
        }),
        (EndCondition::AllLairsCleared, |g| {
            g.set_space(at(7, 7), Space::Cleared { owner: Seat(1) });
            g.set_trophies(Seat(1), &[T::Dragon]);
        }),
        (EndCondition::AllRoomsBuilt, |g| {
            let free: Vec<_> = dwarfs_hold::Pos::all()
                .filter(|p| !p.is_hold() && ![at(0, 7), at(7, 7), at(6, 7)].contains(p))
                .collect();
            for (i, r) in W::ALL.iter().filter(|w| w.room().is_some()).enumerate() {
                g.set_space(
                    free[i],
                    Space::Room {
                        room: *r,
                        owner: Seat(0),
                        base: Some(T::Soil),
                    },
                );
            }
        }),
        (EndCondition::AllEarthClaimed, |g| {
            for p in dwarfs_hold::Pos::all() {
                if let Some(Space::Open(t)) = g.space(p)
                    && t.kind() == dwarfs_hold::BoardKind::Earth
                {
                    g.set_space(p, claimed(Seat(1), t));
                }
            }
        }),
        (EndCondition::OverHundredVt, |g| g.set_vt(Seat(1), 101)),
    ];
    for (cond, setup) in cases {
        let mut g = position(2, Phase::Build);
        g.set_space(at(6, 7), Space::Open(T::Rock)); // keep earth open unless the case claims it
        setup(&mut g);
        assert_eq!(g.end_conditions_met(), vec![cond], "{cond:?}");
        let g = run_to_end(g);
        assert_eq!(g.turn(), 1, "{cond:?}: ends at the end of the current turn");
        assert_eq!(g.end_conditions(), &[cond]);
        assert!(g.outcome().is_some());
    }
    // Exactly 100 VT does not end the game.
    let mut g = position(2, Phase::Build);
    g.set_vt(Seat(0), 100);
    assert!(g.end_conditions_met().is_empty());
    pass_until(&mut g, Phase::Leader);
    assert_eq!(g.turn(), 2);
}

#[test]
fn the_turn_limit_ends_a_stalled_game() {
    let mut g = position(2, Phase::Build);
    g.set_options(HoldOptions {
        max_turns: 2,
        ..HoldOptions::default()
    });
    let g = run_to_end(g);
    assert_eq!(g.turn(), 2);
    assert_eq!(g.end_conditions(), &[EndCondition::TurnLimit]);
}

#[test]
fn ties_split_awards_rounding_down() {
    assert_eq!(Hold::split_award(&[3, 3, 1], 24), vec![12, 12, 0]);
    assert_eq!(Hold::split_award(&[2, 2, 2, 0], 12), vec![4, 4, 4, 0]);
    assert_eq!(Hold::split_award(&[5, 5, 5, 5, 5], 12), vec![2, 2, 2, 2, 2]);
    assert_eq!(
        Hold::split_award(&[1, 5, 5, 5, 5, 5, 5], 24),
        vec![0, 4, 4, 4, 4, 4, 4]
    );
    assert_eq!(
        Hold::split_award(&[0, 0], 12),
        vec![0, 0],
        "nobody has any: no award"
    );
}

#[test]
fn final_scoring_awards_majorities_and_gold() {
    let mut g = position(3, Phase::Build);
    g.set_vt(Seat(0), 20);
    g.set_vt(Seat(1), 10);
    g.set_gold(Seat(0), 29);
    g.set_gold(Seat(2), 10);
    g.set_hold_markers(Seat(0), 2);
    g.set_hold_markers(Seat(1), 2);
    g.set_trophies(Seat(2), &[T::Ogres]);
    g.set_space(at(7, 7), Space::Cleared { owner: Seat(2) });
    g.set_space(at(0, 0), claimed(Seat(1), T::Gold));
    g.set_space(at(0, 1), claimed(Seat(2), T::Tin));
    g.set_space(
        at(0, 2),
        Space::Room {
            room: W::Armory,
            owner: Seat(1),
            base: Some(T::Soil),
        },
    );
    g.set_space(at(5, 5), Space::Open(T::Gythanki));
    let g = {
        let mut g = g;
        g.set_options(HoldOptions {
            max_turns: 1,
            ..HoldOptions::default()
        });
        run_to_end(g)
    };
    let o = g.outcome().unwrap();
    let totals: Vec<i32> = o.scores.iter().map(|s| s.total).collect();
    // Seat 0: 20 VT + 12 (hold tie) + 2 gold VT. Seat 1: 10 + 12 + 12 rooms + 6 mines (tie).
    // Seat 2: 12 trophies + 6 mines + 1 gold VT.
    assert_eq!(totals, vec![34, 40, 19]);
    assert_eq!(o.winners, vec![Seat(1)]);
    let lines: Vec<&str> = o.scores[0]
        .breakdown
        .iter()
        .map(|l| l.category.as_str())
        .collect();
    assert!(lines.contains(&"Gold (1 VT per 10)"));
}

#[test]
fn hands_are_private_to_their_owner() {
    let mut g = position(3, Phase::Event);
    g.set_hand(Seat(1), &[W::Champion, W::Armory]);
    let own = g.observe(Viewer::Seat(Seat(1)));
    assert_eq!(own.own_hand, Some(vec![W::Armory, W::Champion]));
    let other = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(other.own_hand, Some(vec![]));
    assert_eq!(other.hand_sizes[1], 2);
    assert_eq!(g.observe(Viewer::Spectator).own_hand, None);
    // No observation but the owner's mentions the Champion.
    let encoded = format!("{:?}", g.observe(Viewer::Seat(Seat(2))));
    assert!(!encoded.contains("Champion"));
    // Tiles added to a dig are laid face up: everyone sees them (the move names them anyway).
    let mut d = position(2, Phase::Dig);
    d.set_hand(Seat(0), &[W::BigDig]);
    d.set_gold(Seat(0), 5);
    play(&mut d, A::Target(at(2, 3)));
    play(&mut d, A::AddTile(W::BigDig));
    assert!(matches!(
        d.observe(Viewer::Seat(Seat(1))).stage,
        Stage::Claim { ref tiles, .. } if tiles == &vec![W::BigDig]
    ));
    assert_eq!(d.observe(Viewer::Seat(Seat(1))).own_hand, Some(vec![]));
    assert_eq!(
        d.observe(Viewer::Seat(Seat(0))).own_hand,
        Some(vec![W::BigDig])
    );
}

#[test]
fn errors_leave_the_state_untouched_and_say_why() {
    let mut g = position(2, Phase::Event);
    for a in [
        A::PickLeader(L::DwarfLord),
        A::Commit,
        A::BuyVt,
        A::PlayEvent(W::Greybeards),
        A::PlayEventOn(W::RaidTreasury, Seat(9)),
        A::Build(W::Armory, dwarfs_hold::Pos(200)),
        A::Target(dwarfs_hold::Pos(64)),
        A::LookAtHand(Seat(1)),
    ] {
        let e = refuse(&mut g, a.clone());
        assert!(!e.to_string().is_empty(), "{a:?}");
    }
    // The wrong seat is refused by the engine.
    assert!(g.play(Seat(1), &A::Pass).is_err());
    // Chance points refuse seats; a finished game refuses chance.
    let mut fresh = Hold::new(&HoldOptions::default(), 2).unwrap();
    assert_eq!(fresh.to_act(), Actor::Chance);
    assert!(fresh.play(Seat(0), &A::Pass).is_err());
    fresh.resolve_chance([1; 32]).unwrap();
    assert!(fresh.resolve_chance([1; 32]).is_err());
    // Bad options and player counts.
    assert!(Hold::new(&HoldOptions::default(), 1).is_err());
    assert!(Hold::new(&HoldOptions::default(), 9).is_err());
    let bad = HoldOptions {
        max_turns: 0,
        ..HoldOptions::default()
    };
    assert!(Hold::new(&bad, 4).is_err());
}

#[test]
fn setup_lays_all_sixty_tiles_deals_leaders_and_three_tiles_each() {
    let mut g = Hold::new(&HoldOptions::default(), 8).unwrap();
    g.resolve_chance([3; 32]).unwrap();
    g.check_invariants().unwrap();
    let mut leaders: Vec<_> = (0..8).map(|s| g.leader(Seat(s)).unwrap()).collect();
    leaders.sort();
    assert_eq!(leaders, L::ALL.to_vec());
    for s in 0..8 {
        assert_eq!(g.hand(Seat(s)).len(), 3);
        let elder = g.leader(Seat(s)) == Some(L::ClanElder);
        assert_eq!(g.hold_markers(Seat(s)), 1 + elder as u8);
    }
    assert_eq!(g.draw_pile_len(), 72 - 24);
    assert_eq!(g.phase(), Phase::Intrigue);
    // Different entropy, different board.
    let mut h = Hold::new(&HoldOptions::default(), 8).unwrap();
    h.resolve_chance([4; 32]).unwrap();
    assert_ne!(g.spaces(), h.spaces());
}

#[test]
fn every_action_has_a_description() {
    let mut g = position(2, Phase::Event);
    g.set_hand(Seat(0), &[W::Greybeards]);
    assert_eq!(
        g.describe(&A::PlayEvent(W::Greybeards)),
        "Blue plays Greybeards"
    );
    assert_eq!(
        g.describe(&A::Target(at(2, 3))),
        "Blue goes for the Soil (value 1) at d3"
    );
    // Items in an offer read as English: "an" before a vowel.
    assert_eq!(
        TradeItem::Tile(W::EarthPriest).to_string(),
        "an Earth Priest tile"
    );
    assert_eq!(TradeItem::Tile(W::Champion).to_string(), "a Champion tile");
    assert_eq!(
        g.describe(&A::StartOffer(Seat(1))),
        "Blue starts an offer to Red"
    );
}

#[test]
fn an_empty_draw_pile_refills_from_the_discards_and_no_tiles_means_no_draws() {
    // Only discards left: the free draw comes from them.
    let mut g = position(2, Phase::Work);
    g.set_draw_pile(&[]);
    g.settle();
    assert_eq!(g.draw_pile_len(), 0);
    chance(&mut g);
    assert_eq!(g.hand(Seat(0)).len(), 1);
    assert!(g.draw_pile_len() > 60, "the discards became the draw pile");
    assert!(g.discard_pile().is_empty());
    // Nothing anywhere: no chance point, and buying a draw is not offered.
    let mut h = position(2, Phase::Work);
    let all: Vec<W> = W::ALL
        .iter()
        .flat_map(|t| std::iter::repeat_n(*t, t.data().copies as usize))
        .collect();
    h.set_hand(Seat(1), &all);
    h.set_gold(Seat(0), 50);
    h.settle();
    assert_eq!(seat(&h), Seat(0));
    assert_eq!(h.legal_actions_vec(), vec![A::Pass]);
    let e = refuse(&mut h, A::BuyDraw);
    assert!(e.to_string().contains("no work tiles left"), "{e}");
}

#[test]
fn event_and_room_tiles_dig_one_each_and_cost_a_gold_each() {
    let mut g = position(2, Phase::Dig);
    g.set_space(at(2, 3), Space::Open(T::Rock));
    g.set_space(
        at(0, 0),
        Space::Room {
            room: W::EarthTemple,
            owner: Seat(0),
            base: Some(T::Soil),
        },
    );
    g.set_hand(Seat(0), &[W::Sabotage, W::Armory, W::Hammers]);
    g.set_gold(Seat(0), 2);
    assert_eq!(g.dig_points(Seat(0), W::Sabotage), 1);
    assert_eq!(g.dig_points(Seat(0), W::Armory), 1);
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::Sabotage));
    let e = refuse(&mut g, A::Commit);
    assert!(e.to_string().contains("points"), "{e}");
    play(&mut g, A::AddTile(W::Armory));
    // 2 points cover the Rock: nothing more may be added.
    refuse(&mut g, A::AddTile(W::Hammers));
    play(&mut g, A::Commit);
    assert_eq!(g.gold(Seat(0)), 0, "1 gold per tile played");
    assert_eq!(g.vt(Seat(0)), 2);
    assert_eq!(g.owner(at(2, 3)), Some(Seat(0)));
    assert_eq!(g.hand(Seat(0)), &[W::Hammers]);
    let discards = g.discard_pile();
    assert!(discards.contains(&(W::Sabotage, 1)) && discards.contains(&(W::Armory, 1)));
    // They were played as action tiles: the Earth Temple pays nothing this turn.
    pass_until(&mut g, Phase::Leader);
    assert_eq!(g.vt(Seat(0)), 2);
    // Leaders were returned in the End phase.
    assert_eq!(g.leader(Seat(0)), None);
    assert_eq!(g.leader(Seat(1)), None);
    // Event and room tiles never fight.
    let mut f = position(2, Phase::Fight);
    f.set_space(at(2, 3), Space::Open(T::Kobolds));
    f.set_hand(Seat(0), &[W::Greybeards, W::Sentries]);
    f.set_gold(Seat(0), 5);
    play(&mut f, A::Target(at(2, 3)));
    let e = refuse(&mut f, A::AddTile(W::Greybeards));
    assert!(e.to_string().contains("no fight points"), "{e}");
}

#[test]
fn a_cleared_lair_pays_its_current_value_and_becomes_a_former_lair() {
    let mut g = position(2, Phase::Fight);
    g.set_space(at(2, 3), Space::Open(T::Ogres));
    g.set_space(at(2, 2), Space::Open(T::Gythanki)); // Ogres +1 per adjacent lair
    assert_eq!(g.tile_view(at(2, 3)).unwrap().value, 11);
    g.set_hand(Seat(0), &[W::PikesAndHalberds, W::Hammers]);
    g.set_gold(Seat(0), 5);
    play(&mut g, A::Target(at(2, 3)));
    play(&mut g, A::AddTile(W::PikesAndHalberds)); // 3 + 7 vs Ogres = 10 < 11
    refuse(&mut g, A::Commit);
    play(&mut g, A::AddTile(W::Hammers));
    play(&mut g, A::Commit);
    assert_eq!(g.vt(Seat(0)), 11);
    assert_eq!(g.gold(Seat(0)), 3);
    assert_eq!(g.trophies(Seat(0)), &[T::Ogres]);
    assert_eq!(g.space(at(2, 3)), Some(Space::Cleared { owner: Seat(0) }));
    assert_eq!(g.tile_view(at(2, 3)), None, "the lair tile left the board");
}
