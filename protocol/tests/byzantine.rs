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
