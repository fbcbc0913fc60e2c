//! The bot knowledge hooks (`Game::action_weight`, `Game::evaluate`): a player that picks at
//! random in proportion to the weights holds the castle longer and scores more than the uniform
//! random player; the weights use only what the seat sees; the estimate rates a survival for the whole team.

mod common;
use common::*;
use dwarfs_engine::playout::play_out;
use dwarfs_engine::suite::weights_agree;
use dwarfs_engine::{Actor, Game, Seat, SeedStream};
use dwarfs_winter::data::MonsterType;
use dwarfs_winter::{End, Winter, WinterAction, WinterOptions};

/// A random index into `legal`, in proportion to `seat`'s action weights.
fn weighted(g: &Winter, seat: Seat, legal: &[WinterAction], rng: &mut SeedStream) -> usize {
    let weights: Vec<u64> = legal
        .iter()
        .map(|a| g.action_weight(seat, a) as u64)
        .collect();
    let total: u64 = weights.iter().sum();
    assert!(total > 0, "every weight is 0 at {:?}", g.stage());
    let mut r = rng.next_u64() % total;
    for (i, w) in weights.iter().enumerate() {
        if r < *w {
            return i;
        }
        r -= w;
    }
    unreachable!()
}

/// Plays one game; seats in `smart` pick by weight, the others uniformly. Returns the final
/// state.
fn play(options: &WinterOptions, players: u8, seed: u64, smart: &[bool]) -> Winter {
    let mut rng = SeedStream::derive(seed, "winter hints test");
    let mut chooser = |g: &Winter, seat: Seat, legal: &[WinterAction]| {
        if smart[seat.index()] {
            weighted(g, seat, legal, &mut rng)
        } else {
            rng.choose(legal.len())
        }
    };
    let g = Winter::new(options, players).unwrap();
    play_out(g, &mut chooser, &mut SeedStream::new(seed), false)
        .unwrap()
        .state
}

/// Whole weeks the castle held (7: the winter was survived).
fn weeks_held(g: &Winter) -> u32 {
    match g.end() {
        Some(End::Survived) => 7,
        Some(End::Lost { week, .. }) => *week as u32 - 1,
        None => panic!("the game is not over"),
    }
}

fn vp(g: &Winter, seat: Seat) -> i32 {
    g.outcome().unwrap().scores[seat.index()].total
}

const GAMES: u64 = 60;

#[test]
fn weighted_tables_hold_the_castle_longer_than_uniform_ones() {
    let all = WinterOptions {
        nightmare: true,
        bloodlust: true,
        legendary: true,
    };
    for options in [WinterOptions::default(), all] {
        for players in 1..=4u8 {
            let (mut smart, mut uniform) = (0, 0);
            let (mut smart_survived, mut uniform_survived) = (0, 0);
            for seed in 0..GAMES {
                let s = play(&options, players, seed, &[true; 4]);
                let u = play(&options, players, seed, &[false; 4]);
                smart += weeks_held(&s);
                uniform += weeks_held(&u);
                smart_survived += u32::from(weeks_held(&s) == 7);
                uniform_survived += u32::from(weeks_held(&u) == 7);
            }
            println!(
                "{options:?} {players} players: weeks held, weighted {:.2} (survived {smart_survived}) vs uniform {:.2} (survived {uniform_survived})",
                smart as f64 / GAMES as f64,
                uniform as f64 / GAMES as f64
            );
            assert!(
                smart > uniform + GAMES as u32 / 2,
                "{players} players: {smart} vs {uniform} weeks"
            );
        }
    }
}

#[test]
fn a_weighted_seat_outscores_uniform_seats_at_the_same_table() {
    for players in 2..=4u8 {
        let (mut ahead, mut behind) = (0, 0);
        let (mut smart_vp, mut uniform_vp) = (0, 0);
        for seed in 0..GAMES {
            // The weighted seat moves round the table.
            let me = Seat((seed % players as u64) as u8);
            let mut smart = [false; 4];
            smart[me.index()] = true;
            let g = play(&WinterOptions::default(), players, 1000 + seed, &smart);
            let mine = vp(&g, me);
            let best_other = Seat::all(players)
                .filter(|&s| s != me)
                .map(|s| vp(&g, s))
                .max()
                .unwrap();
            smart_vp += mine;
            uniform_vp += Seat::all(players)
                .filter(|&s| s != me)
                .map(|s| vp(&g, s))
                .sum::<i32>();
            if mine > best_other {
                ahead += 1;
            } else if mine < best_other {
                behind += 1;
            }
        }
        let others = (players - 1) as f64;
        println!(
            "{players} players: weighted seat ahead of every uniform seat in {ahead}, behind in {behind} of {GAMES}; mean VP {:.2} vs {:.2}",
            smart_vp as f64 / GAMES as f64,
            uniform_vp as f64 / GAMES as f64 / others
        );
        assert!(ahead > 2 * behind, "{players} players: {ahead} vs {behind}");
    }
}

#[test]
fn the_estimate_rates_a_survival_for_the_whole_team() {
    let mut out = [0u16; 4];
    for seed in 0..20 {
        let mut g = Winter::new(&WinterOptions::default(), 4).unwrap();
        let mut chance = SeedStream::new(seed);
        let mut rng = SeedStream::derive(seed, "estimate");
        loop {
            assert!(g.evaluate(&mut out));
            assert!(out.iter().all(|&x| x <= 1000), "{out:?}");
            match g.to_act() {
                Actor::Over => break,
                Actor::Chance => {
                    g.resolve_chance(chance.next_entropy()).unwrap();
                }
                a => {
                    let seat = a.deciding().iter().next().unwrap();
                    let legal = g.legal_actions_for_vec(seat);
                    let i = weighted(&g, seat, &legal, &mut rng);
                    g.play(seat, &legal[i]).unwrap();
                }
            }
        }
        // Over: a lost winter is worth next to nothing, the same to everyone; a survived one
        // is worth most of a win to every seat, and more to the winners.
        let o = g.outcome().unwrap();
        if o.all_lost {
            assert!(out.iter().all(|&x| x == out[0] && x <= 60), "{out:?}");
        } else {
            assert!(out.iter().all(|&x| x >= 600), "{out:?}");
            for w in &o.winners {
                assert!(out.iter().all(|&x| x <= out[w.index()]), "{out:?}");
            }
        }
    }
}

#[test]
fn the_estimate_falls_as_a_monster_nears_the_castle_and_rises_with_the_weeks() {
    let total = |g: &Winter| {
        let mut out = [0u16; 3];
        assert!(g.evaluate(&mut out));
        out.iter().map(|&x| x as u32).sum::<u32>()
    };
    let calm = position(3);
    let mut edge = calm.clone();
    edge.put_monster(monster(MonsterType::WolfPack), forest(1));
    let mut near = calm.clone();
    near.put_monster(monster(MonsterType::WolfPack), wall(1));
    let mut castle = calm.clone();
    castle.put_monster(monster(MonsterType::WolfPack), CASTLE);
    let (c, e, w, k) = (total(&calm), total(&edge), total(&near), total(&castle));
    assert!(c > e && e > w && w > k, "{c} {e} {w} {k}");
    let mut late = edge.clone();
    late.set_week(6, Seat(0));
    assert!(total(&late) > e);
}

#[test]
fn games_the_estimate_rates_higher_in_week_3_hold_the_castle_longer() {
    // Weighted tables rarely lose before the end of week 3, so every game is measured there.
    const WEEK: u8 = 3;
    for players in 1..=4u8 {
        let n = players as usize;
        // (estimate at the first turn of the week, weeks held)
        let mut seen: Vec<(u32, u32)> = Vec::new();
        for seed in 0..160u64 {
            let mut g = Winter::new(&WinterOptions::default(), players).unwrap();
            let mut chance = SeedStream::new(seed);
            let mut rng = SeedStream::derive(seed, "estimate by week");
            let mut estimate = None;
            loop {
                if estimate.is_none() && g.week() == WEEK && g.stage() == dwarfs_winter::Stage::Turn
                {
                    let mut out = [0u16; 4];
                    assert!(g.evaluate(&mut out[..n]));
                    estimate = Some(out.iter().map(|&x| x as u32).sum::<u32>());
                }
                match g.to_act() {
                    Actor::Over => break,
                    Actor::Chance => {
                        g.resolve_chance(chance.next_entropy()).unwrap();
                    }
                    a => {
                        let seat = a.deciding().iter().next().unwrap();
                        let legal = g.legal_actions_for_vec(seat);
                        let i = weighted(&g, seat, &legal, &mut rng);
                        g.play(seat, &legal[i]).unwrap();
                    }
                }
            }
            if let Some(e) = estimate {
                seen.push((e, weeks_held(&g)));
            }
        }
        seen.sort();
        let half = seen.len() / 2;
        let mean = |s: &[(u32, u32)]| s.iter().map(|x| x.1).sum::<u32>() as f64 / s.len() as f64;
        let (low, high) = (mean(&seen[..half]), mean(&seen[seen.len() - half..]));
        println!(
            "{players} players: {} games reached week {WEEK}; weeks held {low:.2} in the lower half of the estimates, {high:.2} in the upper",
            seen.len()
        );
        assert!(high > low + 0.25, "{players} players: {low} vs {high}");
    }
}

/// `action_weights` works out once what the weights share (the seat's target, where its dwarfs
/// stand, each card's worth for a hand); each weight must still be exactly the one
/// `action_weight` gives that action alone, at every decision of every seat, hand choices and
/// solitaire picks included.
#[test]
fn weighing_every_action_at_once_gives_each_its_own_weight() {
    for players in 1..=4u8 {
        let (mut decisions, mut hands, mut picks) = (0, 0, 0);
        for seed in 0..3 {
            let mut rng = SeedStream::derive(seed, "winter weights at once");
            let mut g = Winter::new(&WinterOptions::default(), players).unwrap();
            while g.to_act() != Actor::Over {
                if g.to_act() == Actor::Chance {
                    g.resolve_chance(rng.next_entropy()).unwrap();
                    continue;
                }
                let deciding = g.to_act().deciding();
                for seat in deciding.iter() {
                    let legal = g.legal_actions_for_vec(seat);
                    if let Err(e) = weights_agree(&g, seat, &legal) {
                        panic!("{players}p seed {seed} at {:?}: {e}", g.stage());
                    }
                    decisions += 1;
                    match legal.first() {
                        Some(WinterAction::ChooseHand(_)) => hands += 1,
                        Some(WinterAction::PickCard(_)) => picks += 1,
                        _ => {}
                    }
                }
                let seat = deciding.iter().next().unwrap();
                let legal = g.legal_actions_for_vec(seat);
                let pick = rng.choose(legal.len());
                g.play(seat, &legal[pick]).unwrap();
            }
        }
        assert!(decisions > 100, "{players}p: {decisions} decisions");
        if players == 1 {
            assert!(picks > 0, "solitaire picks its hand card by card");
        } else {
            assert!(hands > 0, "{players}p: a hand was chosen");
        }
    }
}
