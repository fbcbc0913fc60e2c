//! The Byzantine seat (`dwarfs_protocol::byzantine`) over many seeds: 2, 3 and 4 players, Pig
//! and Dwarf Hold, with the simulator's drops, duplicates and reordering on, the seat deviating
//! at every kind of send and then playing on honestly or going silent. After every run every
//! invariant of the module holds (see its docs); a failing seed prints its plan to replay it.

use dwarfs_engine::Game;
use dwarfs_engine::toy::Pig;
use dwarfs_hold::Hold;
use dwarfs_protocol::byzantine::{self, After, Deviation, Outcome, Plan};
use dwarfs_protocol::sim::{Faults, fixture};

/// The network of every run: a little loss, duplication and reordering.
const FAULTS: Faults = Faults {
    drop: 20,
    duplicate: 20,
    reorder: 50,
    latency_ms: 3,
    max_extra_delay_ms: 20,
};

/// One run: `players` peers of `G` from `seed`, the last seat Byzantine, choosing from
/// `deviations`.
fn run_with<G: Game>(
    options: &G::Options,
    players: u8,
    seed: u64,
    rate: u16,
    budget: u32,
    after: After,
    deviations: &'static [Deviation],
) -> (Result<Outcome, byzantine::Violation>, Plan) {
    let plan = Plan {
        seat: players as usize - 1,
        seed: seed ^ 0x5eed,
        rate,
        budget,
        after,
        deviations,
    };
    (
        byzantine::run_case::<G>(options, players, seed, FAULTS, plan),
        plan,
    )
}

fn sweep<G: Game>(options: &G::Options, seeds: std::ops::Range<u64>) -> Vec<Outcome> {
    let mut outcomes = Vec::new();
    for seed in seeds {
        let players = 2 + (seed % 3) as u8;
        let rate = [50, 200, 600][(seed / 3 % 3) as usize];
        let budget = [10, 60, 400][(seed / 9 % 3) as usize];
        let after = if seed % 2 == 0 {
            After::Honest
        } else {
            After::Silent
        };
        let (r, plan) = run_with::<G>(options, players, seed, rate, budget, after, Deviation::ALL);
        match r {
            Ok(o) => outcomes.push(o),
            Err(v) => panic!(
                "{} with {players} players, seed {seed}, {plan:?}: {v}",
                G::NAME
            ),
        }
    }
    outcomes
}

#[test]
fn pig_keeps_every_invariant_against_a_byzantine_seat() {
    let outcomes = sweep::<Pig>(&fixture::options(), 0..240);
    // The sweep exercises both endings: games finished despite the seat, and halts that name it.
    assert!(outcomes.iter().any(|o| o.finished > 0));
    assert!(outcomes.iter().any(|o| o.halted_naming_it > 0));
}

#[test]
fn hold_keeps_every_invariant_against_a_byzantine_seat() {
    let outcomes = sweep::<Hold>(&Default::default(), 1000..1024);
    assert!(outcomes.iter().any(|o| o.finished + o.halted_naming_it > 0));
}

#[test]
fn a_bad_signature_to_one_peer_neither_halts_it_nor_costs_its_seat() {
    // Bad signatures sent to one peer alone over the author's own connection: once, that peer
    // halted on the first (the item was used before its check) and the others, who could not
    // be convinced, handed its seat to the bot (4 players, seed 47 of the sweep's pattern). A
    // bad signature now gets the verdict it gets on arrival (named, dropped) on every path.
    for (players, seed, deviations) in [
        (4, 47, Deviation::ALL),
        (3, 5, &[Deviation::BadSignature][..]),
        (4, 6, &[Deviation::BadSignature][..]),
    ] {
        let plan = Plan {
            seat: players as usize - 1,
            seed: seed ^ 0x5eed,
            rate: 200,
            budget: 400,
            after: After::Honest,
            deviations,
        };
        let mut net = dwarfs_protocol::sim::Network::<Pig>::new(
            &fixture::options(),
            players,
            seed,
            FAULTS,
            byzantine::settings(),
        )
        .unwrap();
        let adversary = byzantine::install(&mut net, seed, plan);
        let outcome = byzantine::run_and_check(&mut net, plan.seat, 600_000, 20_000)
            .unwrap_or_else(|v| panic!("{plan:?}: {v}"));
        let bad = adversary
            .tally()
            .used
            .get(&Deviation::BadSignature)
            .copied();
        assert!(bad.unwrap_or(0) > 0, "{plan:?} sent no bad signature");
        // Bad signatures alone cost nobody the game: every honest peer finishes.
        if deviations.len() == 1 {
            assert_eq!(outcome.finished, players as usize - 1, "{plan:?}");
        }
    }
}

#[test]
fn a_peer_halted_by_a_lie_told_to_it_alone_is_heard_by_the_others() {
    // Found by the byzantine fuzz target (Dwarf Hold, 3 players): the seat sent one peer a false
    // state hash, that peer halted naming it and relayed the proof, but the others dropped the
    // proof (each peer checks only so much relayed evidence per peer), because the halted peer
    // had spent its share relaying bad signatures and false re-roll claims that could convince
    // nobody; they reported it silent and handed its seat to the bot. Findings that others
    // cannot act on are no longer relayed.
    let plan = Plan {
        seat: 2,
        seed: 288391218988355847,
        rate: 208,
        budget: 180,
        after: After::Honest,
        deviations: Deviation::ALL,
    };
    let faults = Faults {
        drop: 0,
        duplicate: 0,
        reorder: 0,
        latency_ms: 1,
        max_extra_delay_ms: 0,
    };
    let outcome = byzantine::run_case::<Hold>(&Default::default(), 3, 402, faults, plan)
        .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(outcome.halted_naming_it, 2, "{outcome:?}");
}

#[test]
fn a_seat_that_never_commits_is_handed_to_the_bot_at_the_seed_round() {
    // Found by the byzantine fuzz target: the seat is silent from the start, so its seed commit
    // never comes, and the seed takeover at move 0 covered a withheld reveal only: the other
    // waited at the seed round for ever. It is handed to the bot there too (replay format 9).
    let plan = Plan {
        seat: 1,
        seed: 272094801721344,
        rate: 0,
        budget: 0,
        after: After::Silent,
        deviations: Deviation::ALL,
    };
    let faults = Faults {
        drop: 12,
        duplicate: 0,
        reorder: 0,
        latency_ms: 1,
        max_extra_delay_ms: 0,
    };
    let outcome =
        byzantine::run_case::<Hold>(&Default::default(), 2, 69656269249576959, faults, plan)
            .unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(outcome.finished, 1, "{outcome:?}");
}

#[test]
fn with_3_and_4_players_a_seat_that_never_commits_is_handed_over_and_the_game_finishes() {
    for players in [3u8, 4] {
        let plan = Plan {
            seat: players as usize - 1,
            seed: 11,
            rate: 0,
            budget: 0,
            after: After::Silent,
            deviations: Deviation::ALL,
        };
        let outcome = byzantine::run_case::<Pig>(&fixture::options(), players, 5, FAULTS, plan)
            .unwrap_or_else(|v| panic!("{players} players: {v}"));
        assert_eq!(outcome.finished, players as usize - 1, "{outcome:?}");
    }
}
