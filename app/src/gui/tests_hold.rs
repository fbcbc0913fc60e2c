//! UI tests of the Dwarf Hold board (egui_kittest): a whole hotseat game played by clicking,
//! with an accepted trade composed by clicking a hand tile and typing gold amounts, and a whole
//! network game on two boards. The clicking player ([`play_by_clicking`], [`choose`],
//! [`play_over_loopback`]) works on a bare board or on the whole app ([`HoldState`]).

use super::hold_view::HoldView;
use super::hold_view::clicks::{Click, clicks};
use super::table::Table;
use super::tests_boards::{
    Dice, Loopback, board_harness, hotseat_turn, lift_curtain, person, same_settled_position,
    two_boards_over_loopback, until_both,
};
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use dwarfs_hold::{Hold, HoldAction, HoldOptions, Phase, Stage, TradeItem};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

type H = Harness<'static, Table<HoldView>>;

/// A headless harness drawing the game screen of `table`.
fn harness(table: Table<HoldView>) -> H {
    board_harness(table)
}

/// What a harness draws that holds a Hold table: the bare board, or the whole app on its game
/// or end screen.
pub(super) trait HoldState {
    /// The Hold table shown.
    fn hold(&self) -> &Table<HoldView>;
}

impl HoldState for Table<HoldView> {
    fn hold(&self) -> &Table<HoldView> {
        self
    }
}

impl HoldState for super::DwarfsApp {
    fn hold(&self) -> &Table<HoldView> {
        self.table_of::<HoldView>().expect("a Hold table")
    }
}

/// Plays `action` by clicking what the board offers for it, and checks it was played (on a
/// network table: sent, to come back applied).
pub(super) fn play_by_clicking<S: HoldState>(h: &mut Harness<'static, S>, action: &HoldAction) {
    let (stage, phase, seq) = {
        let t = h.state().hold();
        (
            t.mirror.state.stage().clone(),
            t.mirror.state.phase(),
            t.mirror.seq,
        )
    };
    for c in clicks(action, &stage, phase) {
        match c {
            Click::Label(l) => {
                let n = h.query_all_by_label(&l).count();
                assert_eq!(n, 1, "one widget labelled {l:?} to play {action:?}");
                h.get_by_label(&l).click_accesskit();
            }
            Click::Type { field, text } => h.get_by_label(field).set_text_value_accesskit(&text),
        }
        h.run_steps(2);
    }
    let t = h.state().hold();
    let sent = t.mirror.in_flight() > 0;
    assert!(
        t.mirror.seq == seq + 1 || sent,
        "clicking played {action:?} (refusal: {:?})",
        t.mirror.error
    );
}

/// The test player: one trade (a tile and gold for a little gold) that the other accepts,
/// otherwise random legal moves that keep the game moving.
pub(super) fn choose(
    game: &Hold,
    legal: &[HoldAction],
    traded: bool,
    dice: &mut Dice,
) -> HoldAction {
    use HoldAction as A;
    let Actor::Seat(me) = game.to_act() else {
        unreachable!("only seats choose")
    };
    match game.stage() {
        Stage::Offer(o) if o.proposed => {
            return if legal.contains(&A::Accept) {
                A::Accept
            } else {
                A::Decline
            };
        }
        Stage::Offer(o) => {
            let want = [
                (o.give.is_empty(), A::OfferGive(TradeItem::Gold(10))),
                (o.give.is_empty(), A::OfferGive(TradeItem::Gold(1))),
                (
                    !o.give.iter().any(|i| matches!(i, TradeItem::Tile(_))),
                    game.hand(me)
                        .first()
                        .map_or(A::Propose, |t| A::OfferGive(TradeItem::Tile(*t))),
                ),
                (o.ask.is_empty(), A::OfferAsk(TradeItem::Gold(1))),
            ];
            for (needed, a) in want {
                if needed && legal.contains(&a) {
                    return a;
                }
            }
            return if legal.contains(&A::Propose) {
                A::Propose
            } else {
                A::Withdraw
            };
        }
        Stage::Claim { .. } => {
            if legal.contains(&A::Commit) {
                return A::Commit;
            }
            let adds: Vec<&A> = legal
                .iter()
                .filter(|a| matches!(a, A::AddTile(_)))
                .collect();
            return adds
                .get(dice.below(adds.len()))
                .map_or(A::Abandon, |a| (*a).clone());
        }
        _ => {}
    }
    if game.phase() == Phase::Trade {
        let start = A::StartOffer(Seat(1 - me.0));
        return if !traded && legal.contains(&start) {
            start
        } else {
            A::Pass
        };
    }
    if legal.contains(&A::Pass) && dice.below(10) < 4 {
        return A::Pass;
    }
    legal[dice.below(legal.len())].clone()
}

#[test]
fn a_whole_hotseat_game_of_hold_is_played_by_clicking_with_an_accepted_trade() {
    let options = HoldOptions {
        max_turns: 6,
        ..HoldOptions::default()
    };
    let table =
        Table::<HoldView>::new(&options, vec![person("Ann"), person("Bob")], 0).expect("2 players");
    let mut h = harness(table);
    h.run_steps(2);
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    let mut traded = false;
    let mut moves = 0;
    let mut saw_trade_screen = false;
    while h.state().mirror.state.to_act() != Actor::Over {
        assert!(moves < 3000, "the game ends within 3000 moves");
        lift_curtain(&mut h);
        let (action, acting) = {
            let t = h.state();
            let (s, legal) = hotseat_turn(t);
            (choose(&t.mirror.state, &legal, traded, &mut dice), s)
        };
        if matches!(h.state().mirror.state.stage(), Stage::Offer(o) if !o.proposed) {
            // The trade screen is up: its form fields are there.
            assert!(h.query_by_label("Gold to give").is_some());
            saw_trade_screen = true;
        }
        // Only the viewer's own hand is shown.
        let (mine, theirs) = {
            let g = &h.state().mirror.state;
            (g.hand(acting).to_vec(), g.hand(Seat(1 - acting.0)).to_vec())
        };
        for t in theirs.iter().filter(|t| !mine.contains(t)) {
            assert!(
                h.query_by_label(&format!("tile {}", t.name())).is_none(),
                "the other player's {} is not shown",
                t.name()
            );
        }
        play_by_clicking(&mut h, &action);
        if action == HoldAction::Accept {
            traded = true;
        }
        moves += 1;
    }
    h.run_steps(2);
    let t = h.state();
    assert!(traded, "a trade was accepted");
    assert!(saw_trade_screen, "the trade screen was shown");
    assert!(
        t.mirror.state.outcome().is_some(),
        "the game is over with an outcome"
    );
    let log: Vec<&str> = t.mirror.log.iter().map(|l| l.text.as_str()).collect();
    assert!(
        log.iter().any(|l| l.contains("accepts the offer")),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l.starts_with("Trade made between")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|l| l.contains("offers 10 gold") || l.contains("offers 1 gold")),
        "{log:?}"
    );
    assert!(log.iter().any(|l| l == &"Turn 6 ends"), "{log:?}");
}

#[test]
fn a_spectator_sees_the_board_and_no_hand() {
    let mut t = super::demos::hold_demo_table(60);
    t.viewer = Viewer::Spectator;
    let mut h = harness(t);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("Spectating: hands are hidden")
            .is_some()
    );
    assert!(h.query_all_by_label_contains("tile ").next().is_none());
    for p in dwarfs_hold::Pos::all().filter(|p| !p.is_hold()) {
        assert!(
            h.query_by_label(&format!("square {p}")).is_some(),
            "square {p} is drawn"
        );
    }
}

#[test]
fn a_hand_of_thirty_kinds_of_tile_is_drawn_inside_the_window() {
    // A long game's hand holds a score of kinds: a fixed-height hand once wrapped its rows
    // off the bottom of the window, where no click could reach them.
    let mut game = Hold::test_position(2, Phase::Work);
    let mut kinds = dwarfs_hold::WorkTile::ALL.to_vec();
    kinds.dedup();
    game.set_hand(Seat(0), &kinds[..30]);
    game.settle();
    let mut t = Table::from_state(game, vec![person("Ann"), person("Bob")], 0);
    t.curtain = None;
    let mut h = harness(t);
    h.run_steps(3);
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1400.0, 900.0));
    for k in &kinds[..30] {
        let label = format!("tile {}", k.name());
        let n = h.get_by_label(&label);
        assert!(
            window.contains_rect(n.rect()),
            "{} is drawn at {:?}, outside the window",
            k.name(),
            n.rect()
        );
    }
}

#[test]
fn an_amount_beyond_the_gold_held_is_refused_with_a_reason() {
    let mut game = Hold::test_position(2, Phase::Trade);
    game.settle();
    let gold = game.gold(Seat(0));
    let mut t = Table::from_state(game, vec![person("Ann"), person("Bob")], 0);
    t.curtain = None;
    let mut h = harness(t);
    h.run_steps(2);
    play_by_clicking(&mut h, &HoldAction::StartOffer(Seat(1)));
    h.get_by_label("Gold to give")
        .set_text_value_accesskit(&(gold + 1).to_string());
    h.run_steps(2);
    let seq = h.state().mirror.seq;
    h.get_by_label("Give gold").click_accesskit();
    h.run_steps(2);
    assert_eq!(h.state().mirror.seq, seq, "nothing was added");
    assert!(
        h.query_by_label_contains("more gold than its holder has")
            .is_some()
    );
}

#[test]
fn the_demo_tables_open_on_the_trade_screen_and_at_the_end() {
    let t = super::demos::hold_trade_demo_table();
    assert!(
        matches!(t.mirror.state.stage(), Stage::Offer(o) if !o.proposed && !o.give.is_empty()),
        "an offer is being composed: {:?}",
        t.mirror.state.stage()
    );
    let mut h = harness(t);
    h.run_steps(2);
    assert!(h.query_by_label("Gold to give").is_some());
    assert!(h.query_by_label("Propose the offer").is_some());
    let end = super::demos::hold_demo_table(usize::MAX);
    assert_eq!(end.mirror.state.to_act(), Actor::Over);
    let end = super::demos::hold_end_demo_table();
    assert!(end.mirror.state.outcome().is_some());
    assert!(end.history.len() > 10, "the score chart has a history");
}

/// What a game played over the network by [`play_over_loopback`] came to.
pub(super) struct Played {
    /// The moves clicked, each applied once on both boards.
    pub moves: u32,
    /// An offer was accepted.
    pub traded: bool,
}

/// Plays the two-player network game shown on `a` and `b` (one harness per seat) to its end:
/// each move is chosen by [`choose`] and clicked on the harness of the seat that acts, and both
/// boards must show it applied, in the same position, before the next.
pub(super) fn play_over_loopback<S: HoldState>(
    a: &mut Harness<'static, S>,
    b: &mut Harness<'static, S>,
    dice: &mut Dice,
) -> Played {
    let mut traded = false;
    let mut moves = 0u32;
    loop {
        until_both(a, b, "the same position on both boards", |a, b| {
            same_settled_position(a.state().hold(), b.state().hold())
        });
        if a.state().hold().mirror.state.to_act() == Actor::Over {
            return Played { moves, traded };
        }
        assert!(moves < 2000, "the game ends within 2000 moves");
        let mover = if a.state().hold().legal_for_viewer().is_empty() {
            &mut *b
        } else {
            &mut *a
        };
        let (action, seq) = {
            let t = mover.state().hold();
            let Actor::Seat(acting) = t.mirror.state.to_act() else {
                panic!("a seat acts, not {:?}", t.mirror.state.to_act())
            };
            assert_eq!(
                t.viewer,
                Viewer::Seat(acting),
                "only the acting seat's board offers moves"
            );
            assert!(t.mirror.error.is_none(), "{:?}", t.mirror.error);
            let legal = t.legal_for_viewer();
            (choose(&t.mirror.state, &legal, traded, dice), t.mirror.seq)
        };
        play_by_clicking(mover, &action);
        until_both(a, b, "the move applied on both boards", |a, b| {
            a.state().hold().mirror.seq == seq + 1 && b.state().hold().mirror.seq == seq + 1
        });
        if action == HoldAction::Accept {
            traded = true;
        }
        moves += 1;
    }
}

#[test]
fn two_boards_play_hold_over_loopback_by_clicking_with_an_accepted_trade() {
    let Loopback {
        host: mut a,
        joiner: mut b,
        seats,
        _keep,
    } = two_boards_over_loopback::<HoldView>(&HoldOptions {
        max_turns: 2,
        ..HoldOptions::default()
    });
    assert_eq!(seats, (Some(Seat(0)), Some(Seat(1))));
    assert_eq!(
        a.state().mirror.state.options().max_turns,
        2,
        "the host's options are used"
    );
    let Played { moves, traded } =
        play_over_loopback(&mut a, &mut b, &mut Dice(0x2545_f491_4f6c_dd1d));
    assert!(traded, "a trade was accepted");
    for h in [&a, &b] {
        let t = h.state();
        assert_eq!(t.mirror.seq, moves, "every move clicked was played once");
        assert!(t.mirror.state.outcome().is_some());
        assert!(t.mirror.error.is_none(), "{:?}", t.mirror.error);
        let log: Vec<&str> = t.mirror.log.iter().map(|l| l.text.as_str()).collect();
        assert!(
            log.iter().any(|l| l.contains("accepts the offer")),
            "{log:?}"
        );
        assert!(
            log.iter().any(|l| l.starts_with("Trade made between")),
            "{log:?}"
        );
    }
}

#[test]
fn every_legal_action_of_sampled_positions_is_played_by_its_clicks() {
    use dwarfs_engine::{Bot, RandomBot};
    let mut checked = std::collections::BTreeSet::new();
    for seed in 1..=4u64 {
        let players = 2 + seed as u8;
        let mut game = Hold::new(
            &HoldOptions {
                max_turns: 8,
                ..HoldOptions::default()
            },
            players,
        )
        .unwrap();
        let mut bot = RandomBot::new(seed);
        let mut n = 0u8;
        while game.to_act() != Actor::Over {
            let Actor::Seat(s) = game.to_act() else {
                n = n.wrapping_add(1);
                game.resolve_chance([n; 32]).unwrap();
                continue;
            };
            let legal = game.legal_actions_vec();
            {
                // Each kind of action once per stage kind, to keep the test short.
                for a in &legal {
                    // The variant and, for offers and markers, the kind of its item.
                    let name = format!("{a:?}");
                    let cut = name
                        .match_indices('(')
                        .nth(1)
                        .map_or(name.len(), |(i, _)| i);
                    let kind = format!("{:?}/{}", game.phase(), &name[..cut]);
                    if !checked.insert(kind) {
                        continue;
                    }
                    let seats = (0..players).map(|i| person(&format!("P{i}"))).collect();
                    let mut t = Table::from_state(game.clone(), seats, 0);
                    t.viewer = Viewer::Seat(s);
                    t.curtain = None;
                    let mut h = harness(t);
                    h.run_steps(2);
                    play_by_clicking(&mut h, a);
                }
            }
            let i = bot.choose(&dwarfs_engine::SeatView::new(&game, s), &legal);
            game.play(s, &legal[i]).unwrap();
        }
    }
    // The Secret Passage is rare in short random games: a built one, looked through by clicking.
    let mut game = Hold::test_position(2, Phase::Event);
    game.set_space(
        dwarfs_hold::Pos::new(2, 3).expect("on the board"),
        dwarfs_hold::Space::Room {
            room: dwarfs_hold::WorkTile::SecretPassage,
            owner: Seat(0),
            base: Some(dwarfs_hold::BoardTile::Soil),
        },
    );
    game.settle();
    let look = HoldAction::LookAtHand(Seat(1));
    assert!(game.legal_actions_vec().contains(&look));
    let mut t = Table::from_state(game, vec![person("P0"), person("P1")], 0);
    t.viewer = Viewer::Seat(Seat(0));
    t.curtain = None;
    let mut h = harness(t);
    h.run_steps(2);
    play_by_clicking(&mut h, &look);
    checked.insert("Event/LookAtHand(Seat".to_string());
    let has = |k: &str| checked.iter().any(|c| c.contains(k));
    for k in [
        "PickLeader",
        "BuyDraw",
        "StartOffer",
        "OfferGive(Tile",
        "OfferGive(Gold",
        "OfferAsk(Vt",
        "OfferAsk(Tile",
        "Propose",
        "BuyVt",
        "Target",
        "AddTile",
        "Build",
        "Discard",
        "Commit",
        "Abandon",
        "Accept",
        "Decline",
        "OfferGive(Space",
        "OfferAsk(Trophy",
        "PlayEvent(",
        "PlayEventOn(",
        "PlayIntrigue",
        "TurfDispute(Hold",
        "TurfDispute(Space",
        "UseJudge",
        "PickMarker(Hold",
        "PickMarker(Space",
        "PlaceMarker",
        "LookAtHand",
        "Keep(",
    ] {
        assert!(has(k), "an action {k} was checked: {checked:?}");
    }
    assert!(checked.len() >= 60, "{} kinds checked", checked.len());
}

#[test]
fn dwarf_hold_is_picked_in_the_hotseat_lobby_and_reaches_its_board() {
    use super::tests::{app, click, harness, has};
    let mut h = harness(app());
    assert!(has(&h, "Dwarf Hold"), "the menu lists the games");
    click(&mut h, "Hotseat");
    assert!(has(&h, "Hotseat — Dwar7s Fall"));
    click(&mut h, "Dwarf Hold");
    assert!(has(&h, "Hotseat — Dwarf Hold"));
    assert_eq!(h.state().lobby.game, crate::games::GameKind::Hold);
    // Hold takes up to 8 players: seats can be added past Fall's 4.
    for _ in 0..5 {
        click(&mut h, "Add seat");
    }
    assert_eq!(h.state().lobby.seats.len(), 7);
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, super::Screen::Game);
    let t = h.state().table_of::<HoldView>().expect("a Hold table");
    assert_eq!(t.mirror.state.players(), 7);
    assert!(h.state().table().is_none(), "not a Fall table");
    h.run_steps(2);
    assert!(has(&h, "Dwarf Hold"), "the game screen names the game");
}

#[test]
fn the_replay_viewer_opens_a_hold_replay_and_steps_through_it() {
    use super::tests::{app, click, harness, has};
    let mut a = app();
    a.open("replay-hold").expect("a known screen");
    let mut h = harness(a);
    h.run_steps(2);
    let last = h.state().replays.positions();
    assert!(last > 10, "a whole game: {last} moves");
    assert!(has(&h, "Verified"), "the Hold replay verifies");
    assert!(has(&h, "sample game of Dwarf Hold"));
    assert!(
        h.query_by_label("Dwarf Hold").is_some(),
        "the viewer names the game"
    );
    click(&mut h, "Next");
    click(&mut h, "Next");
    assert_eq!(h.state().replays.at(), 2);
    assert!(has(&h, "Move 2 of"));
    click(&mut h, "Last");
    assert_eq!(h.state().replays.at(), last);
    click(&mut h, "Previous");
    assert_eq!(h.state().replays.at(), last - 1);
}

#[test]
fn the_end_screen_of_a_finished_hold_game_shows_the_verdict_and_the_chart() {
    use super::tests::{app, harness, has};
    let mut a = app();
    a.open("hold-end").expect("a known screen");
    let mut h = harness(a);
    h.run_steps(2);
    let (verdict, turns) = {
        let t = h.state().table_of::<HoldView>().expect("a Hold table");
        let outcome = t.outcome().expect("the game is over");
        (outcome.verdict(|s| t.seat_label(s)), t.history.len())
    };
    assert!(turns > 2, "a score per turn for the chart: {turns}");
    assert!(has(&h, &verdict), "the verdict {verdict:?} is shown");
    assert!(has(&h, "Score over the game"));
    assert!(has(&h, "Final scores"));
}

/// From the menu: hotseat, Dwarf Hold (its lobby shows Hold's options), a bot seat, random
/// moves for the person until the end screen, then "Play again" returns to Hold's lobby.
#[test]
fn a_hotseat_game_of_hold_against_a_bot_goes_from_the_menu_to_the_end_screen() {
    use super::Screen;
    use super::tests::{app, click, harness, has};
    use dwarfs_engine::{Bot, RandomBot, SeatView};
    let mut h = harness(app());
    click(&mut h, "Hotseat");
    click(&mut h, "Dwarf Hold");
    for option in ["Turn limit", "Offers per Trade phase", "Items per offer"] {
        assert!(has(&h, option), "the lobby offers {option}");
    }
    click(&mut h, "Bot");
    click(&mut h, "Start game");
    assert_eq!(h.state().screen, Screen::Game);
    let mut chooser = RandomBot::new(5);
    let mut frames = 0;
    while h.state().screen == Screen::Game {
        assert!(frames < 20_000, "the game ends");
        frames += 1;
        let t = h.state_mut().table_mut::<HoldView>().expect("a Hold table");
        // The search bot thinks on its thread: its answer is awaited here, whatever the clock.
        t.wait_for_bot();
        let legal = t.legal_for_viewer();
        if let (false, Viewer::Seat(s)) = (legal.is_empty(), t.viewer) {
            let i = chooser.choose(&SeatView::new(&t.mirror.state, s), &legal);
            let action = legal[i].clone();
            assert!(t.play(&action), "{:?}", t.mirror.error);
        }
        h.step();
    }
    assert_eq!(h.state().screen, Screen::End);
    h.run_steps(2);
    let verdict = {
        let t = h.state().table_of::<HoldView>().expect("a Hold table");
        t.outcome().expect("over").verdict(|s| t.seat_label(s))
    };
    assert!(has(&h, &verdict), "{verdict}");
    click(&mut h, "Play again");
    assert_eq!(h.state().screen, Screen::Lobby);
    assert!(has(&h, "Hotseat — Dwarf Hold"), "again, the same game");
}

/// The table keeps the legal actions it listed for a position (the board asks every frame) and
/// lists anew once the position changes.
#[test]
fn the_tables_legal_actions_follow_every_change_of_position() {
    let mut t = super::demos::hold_demo_table(3);
    for seat in &mut t.seats {
        seat.kind = super::table::SeatKind::Human;
    }
    let (mut lists, mut changed, mut n) = (0, 0, 0u8);
    let mut before: Vec<HoldAction> = Vec::new();
    while lists < 40 {
        match t.mirror.state.to_act() {
            Actor::Seat(s) => {
                t.viewer = Viewer::Seat(s);
                let listed = t.legal_for_viewer();
                assert_eq!(
                    listed,
                    t.mirror.state.legal_actions_for_vec(s),
                    "listing {lists}"
                );
                assert_eq!(t.legal_for_viewer(), listed, "asked again, the same list");
                if listed != before {
                    changed += 1;
                }
                t.mirror.state.play(s, &listed[0]).unwrap();
                before = listed;
                lists += 1;
            }
            Actor::Chance => {
                n = n.wrapping_add(1);
                t.mirror.state.resolve_chance([n; 32]).unwrap();
            }
            _ => break,
        }
    }
    assert!(
        changed > 10,
        "the positions offered different moves: {changed}"
    );
}
