//! Balance check by simulation:
//! `cargo run --release -p dwarfs-fall --example balance -- [games] [bot] [rules]`
//! where bot is `planner` (scripted), `random` or `greedy` (one-ply greedy on a simple
//! evaluation), and rules is `classic` (default), `third`, or a 3rd-edition scenario
//! (`axe-gospel`, `siege`, `chaos-control`, `bloodthirsty`, `fortune-teller`). Prints game
//! length, how games ended, the score spread and the win share by seat for 2, 3 and 4 players.

use dwarfs_engine::bot::{Bot, RandomBot, SeatView, Seated};
use dwarfs_engine::playout::play_out;
use dwarfs_engine::{Game, Seat, SeedStream};
use dwarfs_fall::{Colour, Fall, FallAction, FallOptions, TurnStep};

/// One-ply greedy: plays the action whose resulting position evaluates best for the mover
/// (random among near-equal ones).
struct Greedy {
    stream: SeedStream,
}

fn eval(g: &Fall, seat: Seat) -> i32 {
    let me = seat.index();
    let parts = g.score_parts(seat);
    let pv = g
        .player_view(seat, dwarfs_engine::Viewer::Seat(seat))
        .unwrap();
    let mut v = parts.total() * 10 + pv.goals_met as i32 * 60 - pv.kingdom_cards.len() as i32 * 15;
    // Progress towards the cheapest face-up trading goal.
    if let Some(gems) = pv.gems {
        let best = g
            .face_up_goals()
            .iter()
            .flatten()
            .map(|t| {
                (0..4)
                    .map(|i| t.cost[i].saturating_sub(gems[i]) as i32)
                    .sum::<i32>()
            })
            .min()
            .unwrap_or(9);
        v -= best * 12;
    }
    if g.cells()
        .iter()
        .any(|c| c.top.card.kind == dwarfs_fall::Kind::GeneralStore)
    {
        v += 30;
    }
    // Progress towards tasks: own dwarfs on cards that can still complete.
    for c in g.cells() {
        let mine = c.meeples[me];
        if mine == 0 {
            continue;
        }
        let need = c.top.need;
        if mine + c.free_spots >= need {
            v += (mine.min(need) as i32) * 6;
        } else {
            v -= 2 * mine as i32;
        }
    }
    // Gems count towards trades.
    v += pv.gem_count as i32 * 2;
    v
}

/// The evaluation after the best completion of a staged action (card placement, ogre targets).
fn follow(g: &Fall, seat: Seat, depth: u8) -> i32 {
    let staged = matches!(
        g.step(),
        TurnStep::PlaceCard(_) | TurnStep::OgreTarget { .. }
    );
    if depth == 0 || !staged || g.to_act() != dwarfs_engine::Actor::Seat(seat) {
        return eval(g, seat);
    }
    let mut best = i32::MIN;
    for a in g.legal_actions_vec() {
        let mut c = g.clone();
        if c.play(seat, &a).is_ok() {
            best = best.max(follow(&c, seat, depth - 1));
        }
    }
    best
}

impl Bot<Fall> for Greedy {
    fn choose(&mut self, view: &SeatView<'_, Fall>, legal: &[FallAction]) -> usize {
        let seat = view.seat();
        let state = &view.determinize(self.stream.next_entropy());
        let mut best = i32::MIN;
        let mut picks = Vec::new();
        for (i, a) in legal.iter().enumerate() {
            let mut c = state.clone();
            if c.play(seat, a).is_err() {
                continue;
            }
            let mut v = follow(&c, seat, 2);
            // Do not end the turn with actions left unless nothing helps.
            if matches!(a, FallAction::EndActions) && state.step() == TurnStep::Actions {
                v -= 5;
            }
            if v > best {
                best = v;
                picks.clear();
            }
            if v == best {
                picks.push(i);
            }
        }
        picks[self.stream.choose(picks.len())]
    }
}

/// A scripted player: works towards the cheapest face-up trading goal, plays kingdom cards to
/// make room in hand, mines what it needs, trades, reveals its secret goal when it can, and
/// sometimes plays an ogre or hunts a monster.
struct Planner {
    stream: SeedStream,
    /// Seats that upgrade classes whenever they can (3rd edition) and use them.
    upgraders: u8,
}

impl Planner {
    fn pick(&mut self, g: &Fall, seat: Seat, legal: &[FallAction]) -> FallAction {
        use dwarfs_fall::{HandCard, Kind};
        let me = seat.index();
        let pv = g
            .player_view(seat, dwarfs_engine::Viewer::Seat(seat))
            .unwrap();
        let gems = pv.gems.unwrap();
        let has = |a: &FallAction| legal.contains(a);
        let any = |s: &mut SeedStream| legal[s.choose(legal.len())];
        // Target: the face-up goal with the fewest missing gems, then the most VP.
        let target = g
            .face_up_goals()
            .iter()
            .flatten()
            .map(|t| {
                let missing: [u8; 4] = std::array::from_fn(|i| t.cost[i].saturating_sub(gems[i]));
                (missing.iter().sum::<u8>(), std::cmp::Reverse(t.vp), missing)
            })
            .min();
        match g.step() {
            TurnStep::ChooseGoal => {
                let best = legal
                    .iter()
                    .max_by_key(|a| match a {
                        FallAction::BuyGoal(s) => {
                            g.face_up_goals()[*s as usize].map_or(0, |t| t.vp)
                        }
                        _ => 0,
                    })
                    .unwrap();
                return *best;
            }
            TurnStep::Discard => {
                if has(&FallAction::RevealSecret) {
                    return FallAction::RevealSecret;
                }
                for a in legal {
                    if let FallAction::Discard(HandCard::Ogre(_)) = a {
                        return *a;
                    }
                }
                // Discard the gem least needed by the target.
                let need = target.map(|t| t.2).unwrap_or([0; 4]);
                let cost = |a: &FallAction| match a {
                    FallAction::Discard(HandCard::Gem(gem)) => {
                        let i = *gem as usize;
                        (gems[i] as i32 - (gems[i] + need[i]) as i32, i)
                    }
                    _ => (0, 0),
                };
                return *legal.iter().min_by_key(|a| cost(a)).unwrap();
            }
            TurnStep::Actions => {}
            // As before rules version 7 made these choices: cards lie as printed, Bar Fights
            // draws both ogres and class meeples go home first (so the figures in the rules doc
            // still describe this player).
            TurnStep::OrientCard { .. } => return FallAction::Orient(0),
            TurnStep::ChooseFinish { .. } => {
                let two = FallAction::FinishTask {
                    draw_two: true,
                    keep: 0,
                };
                return if has(&two) {
                    two
                } else {
                    FallAction::FinishTask {
                        draw_two: false,
                        keep: 0,
                    }
                };
            }
            _ => return any(&mut self.stream),
        }
        if has(&FallAction::RevealSecret) {
            return FallAction::RevealSecret;
        }
        if self.upgraders & (1 << me) != 0 {
            for class in dwarfs_fall::Class::ALL {
                if has(&FallAction::Upgrade(class)) {
                    return FallAction::Upgrade(class);
                }
            }
            // Place the king (free) where it helps most: on a card where we have dwarfs.
            let kings: Vec<&FallAction> = legal
                .iter()
                .filter(|a| {
                    matches!(a, FallAction::PlaceClass { class: dwarfs_fall::Class::King, at }
                        if g.cell(*at).is_some_and(|c| c.meeples[me] > 0 && c.meeples[me] < c.top.need))
                })
                .collect();
            if let Some(a) = kings.first() {
                return **a;
            }
        }
        let cells = g.cells();
        let useful = |c: &dwarfs_fall::CellView| c.meeples[me] + c.free_spots >= c.top.need;
        let place_on = |pred: &dyn Fn(&dwarfs_fall::CellView) -> bool| {
            cells
                .iter()
                .filter(|c| pred(c) && useful(c) && c.meeples[me] < c.top.need)
                .max_by_key(|c| c.meeples[me])
                .map(|c| FallAction::PlaceDwarf(c.pos))
                .filter(|a| has(a))
        };
        // Trade when a goal is affordable.
        if let Some((0, _, _)) = target
            && let Some(a) = place_on(&|c| c.top.card.kind == Kind::GeneralStore)
        {
            return a;
        }
        // Make room in hand: play kingdom cards while they crowd out gems.
        let cards = pv.kingdom_cards.len();
        let room_needed = target.map_or(3, |t| t.0 as usize + pv.gem_count as usize + 1);
        if cards > 0 && cards + room_needed > 9 || self.stream.choose(4) == 0 {
            let store_on_board = cells.iter().any(|c| c.top.card.kind == Kind::GeneralStore);
            let order = [
                Kind::Castle,
                if store_on_board {
                    Kind::EmeraldMine
                } else {
                    Kind::GeneralStore
                },
                Kind::GoldMine,
                Kind::RubyMine,
                Kind::DiamondMine,
                Kind::EmeraldMine,
                Kind::Tavern,
                Kind::GeneralStore,
                Kind::FrostGiant,
                Kind::FireDragon,
            ];
            for k in order {
                if has(&FallAction::ChooseCard(k)) {
                    return FallAction::ChooseCard(k);
                }
            }
        }
        if let TurnStep::PlaceCard(_) = g.step() {
            return any(&mut self.stream);
        }
        // Mine a missing gem where no dragon is.
        if let Some((_, _, missing)) = target {
            let mines = [
                Kind::EmeraldMine,
                Kind::DiamondMine,
                Kind::RubyMine,
                Kind::GoldMine,
            ];
            let dragon_free = |c: &dwarfs_fall::CellView| {
                !g.area(c.pos).iter().any(|p| {
                    g.cell(*p)
                        .is_some_and(|x| x.top.card.kind == Kind::FireDragon)
                })
            };
            if let Some(a) = place_on(&|c| {
                mines
                    .iter()
                    .position(|&k| k == c.top.card.kind)
                    .is_some_and(|i| missing[i] > 0)
                    && dragon_free(c)
            }) {
                return a;
            }
        }
        // Sometimes: an ogre, a monster hunt, a tavern.
        let ogres: Vec<&FallAction> = legal
            .iter()
            .filter(|a| matches!(a, FallAction::PlayOgre(_)))
            .collect();
        if !ogres.is_empty() && self.stream.choose(3) == 0 {
            return *ogres[self.stream.choose(ogres.len())];
        }
        if self.stream.choose(3) == 0
            && let Some(a) = place_on(&|c| c.top.monster || c.top.card.kind == Kind::Tavern)
        {
            return a;
        }
        FallAction::EndActions
    }
}

impl Bot<Fall> for Planner {
    fn choose(&mut self, view: &SeatView<'_, Fall>, legal: &[FallAction]) -> usize {
        let state = view.determinize(self.stream.next_entropy());
        let a = self.pick(&state, view.seat(), legal);
        legal.iter().position(|x| *x == a).unwrap_or(0)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let bot = args.get(2).cloned().unwrap_or_else(|| "random".into());
    if bot == "stalls" {
        stalls(games);
        return;
    }
    if bot == "trace" {
        trace(games);
        return;
    }
    let rules = args.get(3).cloned().unwrap_or_else(|| "classic".into());
    let options = match rules.as_str() {
        "classic" => FallOptions::default(),
        "third" => FallOptions {
            edition: dwarfs_fall::Edition::Third,
            ..Default::default()
        },
        name => FallOptions {
            edition: dwarfs_fall::Edition::Third,
            scenario: dwarfs_fall::Scenario::ALL
                .into_iter()
                .find(|s| s.name().to_lowercase().replace(' ', "-") == name),
            ..Default::default()
        },
    };
    for players in 2..=4u8 {
        let (mut decisions, mut rounds, mut triggered) = (0u64, 0u64, 0u64);
        let mut wins = vec![0f64; players as usize];
        let mut scores = Vec::new();
        let mut margins = Vec::new();
        for seed in 0..games {
            let state = Fall::new(&options, players).unwrap();
            let mut chance = SeedStream::new(seed);
            let p = if bot.starts_with("planner") {
                let mut b = Planner {
                    stream: SeedStream::derive(seed, "planner"),
                    upgraders: if bot == "planner-upgrade0" { 1 } else { 0 },
                };
                play_out(state, &mut Seated(&mut b), &mut chance, false)
            } else if bot == "greedy" {
                let mut b = Greedy {
                    stream: SeedStream::derive(seed, "greedy"),
                };
                play_out(state, &mut Seated(&mut b), &mut chance, false)
            } else {
                let mut b = RandomBot::new(seed);
                play_out(state, &mut Seated(&mut b), &mut chance, false)
            }
            .unwrap();
            decisions += p.decisions as u64;
            rounds += p.state.round() as u64;
            triggered += p.state.final_round() as u64;
            let o = p.state.outcome().unwrap();
            for w in &o.winners {
                wins[w.index()] += 1.0 / o.winners.len() as f64;
            }
            let mut totals: Vec<i32> = o.scores.iter().map(|s| s.total).collect();
            scores.extend(totals.iter().copied());
            totals.sort_unstable();
            margins.push(totals[totals.len() - 1] - totals[totals.len() - 2]);
        }
        scores.sort_unstable();
        let n = scores.len();
        let mean = scores.iter().map(|&s| s as f64).sum::<f64>() / n as f64;
        let margin = margins.iter().map(|&s| s as f64).sum::<f64>() / margins.len() as f64;
        println!(
            "{bot} {rules} {players}p: {games} games, {:.0} decisions/game, {:.1} rounds/game, {:.0}% ended by 3 goals; \
             score min {} p10 {} median {} mean {:.1} p90 {} max {}; mean winning margin {:.1}; wins by seat {}",
            decisions as f64 / games as f64,
            rounds as f64 / games as f64,
            100.0 * triggered as f64 / games as f64,
            scores[0],
            scores[n / 10],
            scores[n / 2],
            mean,
            scores[n * 9 / 10],
            scores[n - 1],
            margin,
            wins.iter()
                .enumerate()
                .map(|(i, w)| format!("{}={:.1}%", Colour::ALL[i], 100.0 * w / games as f64))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
}

fn trace(seed: u64) {
    let mut state = Fall::new(&FallOptions::default(), 2).unwrap();
    let mut chance = SeedStream::new(seed);
    let mut b = Greedy {
        stream: SeedStream::derive(seed, "greedy"),
    };
    let mut legal = Vec::new();
    while state.round() <= 12 {
        match state.to_act() {
            dwarfs_engine::Actor::Over | dwarfs_engine::Actor::Simultaneous(_) => break,
            dwarfs_engine::Actor::Chance => {
                let ev = state.resolve_chance(chance.next_entropy()).unwrap();
                println!("   chance: {ev:?}");
            }
            dwarfs_engine::Actor::Seat(s) => {
                state.legal_actions(&mut legal);
                let i = b.choose(&SeatView::new(&state, s), &legal);
                println!("r{} {}", state.round(), state.describe(&legal[i]));
                let ev = state.play(s, &legal[i]).unwrap();
                for e in ev {
                    if !matches!(
                        e,
                        dwarfs_fall::FallEvent::DwarfPlaced { .. }
                            | dwarfs_fall::FallEvent::CardPlayed { .. }
                    ) {
                        println!("   {e:?}");
                    }
                }
            }
        }
    }
    for s in 0..2 {
        println!(
            "{:?}",
            state.player_view(Seat(s), dwarfs_engine::Viewer::Seat(Seat(s)))
        );
    }
}

/// Diagnoses 2-player planner games that reach the round limit.
fn stalls(games: u64) {
    for seed in 0..games {
        let state = Fall::new(&FallOptions::default(), 2).unwrap();
        let mut chance = SeedStream::new(seed);
        let mut b = Planner {
            stream: SeedStream::derive(seed, "planner"),
            upgraders: 0,
        };
        let p = play_out(state, &mut Seated(&mut b), &mut chance, false).unwrap();
        let g = p.state;
        if g.final_round() {
            continue;
        }
        let obs = g.observe(dwarfs_engine::Viewer::Spectator);
        let stores = g
            .cells()
            .iter()
            .filter(|c| c.top.card.kind == dwarfs_fall::Kind::GeneralStore)
            .map(|c| format!("{}{:?}", c.pos, c.meeples))
            .collect::<Vec<_>>();
        println!(
            "seed {seed}: goals {:?} deck {} piles {:?} stores {:?} players {:?}",
            obs.face_up_goals
                .iter()
                .map(|t| t.map(|t| t.cost))
                .collect::<Vec<_>>(),
            obs.goal_deck,
            obs.gem_piles,
            stores,
            (0..2)
                .map(|s| {
                    let v = g
                        .player_view(Seat(s), dwarfs_engine::Viewer::Seat(Seat(s)))
                        .unwrap();
                    (
                        v.trading_goals.len(),
                        v.gems,
                        v.kingdom_cards.len(),
                        v.dwarfs_in_pile,
                    )
                })
                .collect::<Vec<_>>()
        );
    }
}
