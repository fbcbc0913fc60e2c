//! The readings the rules doc marks ours and this code follows: webs skip spots with a dwarf,
//! dwarfs may stand on webbed spots, the fortress is no settlement for quests, a targeted
//! faerie with nothing to act on cannot be played, and free actions stay open while a choice is
//! pending (a targeted faerie waits).

mod common;
use common::*;
use dwarfs_engine::{Game, Seat};
use dwarfs_spring::data::{FaerieKind, MONSTERS, Resource, Spot};
use dwarfs_spring::map::{self, Loc};
use dwarfs_spring::{Spring, SpringAction as A, SpringError, SpringEvent};

#[test]
fn a_spider_spawning_skips_resource_spots_with_a_dwarf() {
    let mut g = Spring::test_position(2);
    let (w, _) = wild_with_field(&g);
    // Seat 0 beats a Frogling on a wildland that is not the spiders' home; the refill reveals
    // spider card 0, the only card left in the deck.
    let w = if w == 0 { 1 } else { w };
    let f = field_next_to(&g, w);
    put_settlement(&mut g, Seat(0), Resource::Food, f);
    let frogling = 6;
    g.put_monster(frogling, 5, w as usize);
    g.set_exp_deck(1);
    let home = 0; // spider card 0's home wildland, free
    let nearest: Vec<Loc> = g
        .board()
        .map
        .by_distance(home)
        .into_iter()
        .filter(|&l| matches!(map::spot(l), Some(Spot::Resource { .. })))
        .collect();
    // Seat 1's dwarf stands on the nearest resource spot.
    g.empire_mut(Seat(1)).dwarfs.add(nearest[0]);
    g.empire_mut(Seat(0)).successes = 9;
    play(&mut g, A::Explore { at: w as Loc });
    play(&mut g, A::Engage);
    let ev = chance(&mut g, 1);
    assert!(ev.contains(&SpringEvent::MonsterSpawned {
        card: 0,
        wild: Some(home)
    }));
    let webs = g.board().webs[0];
    assert!(!webs.has(nearest[0]), "the dwarf's spot gets no web");
    assert_eq!(
        webs.iter().collect::<Vec<_>>(),
        {
            let mut v = nearest[1..6].to_vec();
            v.sort_unstable();
            v
        },
        "the next five take them"
    );
}

#[test]
fn a_dwarf_may_explore_a_webbed_spot_where_no_settlement_may_be_built() {
    let mut g = Spring::test_position(2);
    let spot = resource_spot(res(Resource::Wood), 2);
    let site = field_next_to(&g, spot);
    put_settlement(&mut g, Seat(0), Resource::Food, site);
    g.board_mut().webs[0].add(spot);
    let build = A::Build {
        line: Resource::Wood,
        at: spot,
    };
    assert!(matches!(refuse(&mut g, build), SpringError::Place(_)));
    play(&mut g, A::Explore { at: spot });
    assert!(g.empire(Seat(0)).unwrap().dwarfs.has(spot));
}

#[test]
fn the_fortress_does_not_count_as_a_settlement_for_quests() {
    let mut g = Spring::test_position(2);
    let card = (MONSTERS + 5) as u8; // five settlements on the world map
    let mut area = g.decks().area;
    area[0] = Some(card);
    g.set_area(area);
    let fields = spots(|s| s == Spot::Field);
    for &l in &fields[..4] {
        put_settlement(&mut g, Seat(0), Resource::Food, l);
    }
    g.empire_mut(Seat(0)).fortress = Some(fields[4]);
    let e = refuse(&mut g, A::Quest { spot: 0, card });
    assert!(matches!(e, SpringError::Lacking(_)), "{e}");
    put_settlement(&mut g, Seat(0), Resource::Wood, fields[5]);
    play(&mut g, A::Quest { spot: 0, card });
}

#[test]
fn a_targeted_faerie_with_nothing_to_act_on_cannot_be_played() {
    let mut g = Spring::test_position(2);
    let dawn = g.faerie_card(FaerieKind::Dawn).unwrap();
    g.set_hand(Seat(0), 1 << dawn);
    // No dragon is exhausted: Dawn has no target.
    let e = refuse(&mut g, A::PlayFaerie { card: dawn });
    assert!(e.to_string().contains("nothing to act on"), "{e}");
    g.empire_mut(Seat(0)).nest[0].exhausted = true;
    play(&mut g, A::PlayFaerie { card: dawn });
}

#[test]
fn free_actions_stay_open_while_a_choice_is_pending_but_a_targeted_faerie_waits() {
    let mut g = Spring::test_position(2);
    let (w, f) = wild_with_field(&g);
    put_settlement(&mut g, Seat(0), Resource::Food, f);
    let dragon = g.empire(Seat(0)).unwrap().nest[0].dragon;
    assert_eq!(g.empire(Seat(0)).unwrap().nest[0].level, 1);
    g.empire_mut(Seat(0)).res = [0, 0, 4];
    let card = |g: &mut Spring, kind| {
        let c = g.faerie_card(kind).unwrap();
        let hand = g.hand(Seat(0)) | 1 << c;
        g.set_hand(Seat(0), hand);
        c
    };
    let valor = card(&mut g, FaerieKind::Valor);
    let wanderer = card(&mut g, FaerieKind::Wanderer);
    // Explore the wildland: the choice to fight (or gather) or decline is pending.
    play(&mut g, A::Explore { at: w });
    assert!(g.flow().pending.is_some());
    let legal = g.legal_actions_vec();
    assert!(legal.contains(&A::Engage) && legal.contains(&A::Decline));
    assert!(legal.contains(&A::Train { dragon }), "{legal:?}");
    assert!(legal.contains(&A::PlayFaerie { card: valor }));
    assert!(!legal.contains(&A::PlayFaerie { card: wanderer }));
    // "At any given moment during your turn": train, and a faerie's successes for this fight.
    play(&mut g, A::Train { dragon });
    assert_eq!(g.empire(Seat(0)).unwrap().nest[0].level, 2);
    play(&mut g, A::PlayFaerie { card: valor });
    assert_eq!(g.empire(Seat(0)).unwrap().successes, 2);
    // A faerie that moves or swaps would start a choice of its own: it waits.
    assert!(matches!(
        refuse(&mut g, A::PlayFaerie { card: wanderer }),
        SpringError::NotNow(_)
    ));
    assert!(g.flow().pending.is_some(), "the choice is still to make");
    play(&mut g, A::Decline);
    assert!(g.flow().pending.is_none());
    assert!(
        g.legal_actions_vec()
            .contains(&A::PlayFaerie { card: wanderer }),
        "after the choice, the Wanderer has a dwarf to move"
    );
}
