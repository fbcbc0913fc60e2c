//! Words for the Hold board: tile and leader explanations for tooltips, clan colour names, and
//! the accessible labels of everything clickable (one place, so that a click path for an action
//! and the widget it clicks always agree).

use dwarfs_engine::{Game, Seat};
use dwarfs_hold::data::{BoardEffect, EventEffect, RoomEffect, TileMatch, WorkEffect};
use dwarfs_hold::{
    BoardKind, BoardTile, Hold, HoldAction, Leader, MarkerRef, Phase, Stage, WorkTile,
};

/// A clan's colour name, from the engine (the one list of names).
pub fn colour(seat: Seat) -> &'static str {
    Hold::seat_colour(seat).unwrap_or("?")
}

fn matches(m: TileMatch) -> String {
    match m {
        TileMatch::Kind(k) => format!("{} tiles", kind_name(k).to_lowercase()),
        TileMatch::Tile(t) => t.name().to_string(),
    }
}

/// The name of a board tile kind.
pub fn kind_name(k: BoardKind) -> &'static str {
    match k {
        BoardKind::Earth => "Earth",
        BoardKind::Lair => "Lair",
        BoardKind::Vein => "Vein",
        BoardKind::Impassable => "Impassable",
    }
}

/// What a board tile does, in sentences.
pub fn board_text(t: BoardTile) -> String {
    let d = t.data();
    let mut s = match d.kind {
        BoardKind::Earth => format!("Earth, value {}: dig it to claim a building site.", d.value),
        BoardKind::Vein => format!("Vein, value {}: dig it to make a mine.", d.value),
        BoardKind::Lair => format!(
            "Lair, value {}: fight it in the Fight phase; it becomes your trophy.",
            d.value
        ),
        BoardKind::Impassable => "Impassable: never claimed, never passed.".to_string(),
    };
    for e in d.effects {
        s.push(' ');
        s.push_str(&match *e {
            BoardEffect::Income { gold, vt } => match (gold, vt) {
                (g, 0) => format!("Income {g} gold a turn."),
                (0, v) => format!("Income {v} VT a turn."),
                (g, v) => format!("Income {g} gold and {v} VT a turn."),
            },
            BoardEffect::MineDigBonus => "Its owner's action tiles get +1 Dig.".into(),
            BoardEffect::MineFightBonus => "Its owner's action tiles get +1 Fight.".into(),
            BoardEffect::MustFight(m) => {
                format!("Adjacent {} must be won in the Fight phase.", matches(m))
            }
            BoardEffect::PerAdjacent { per, of } => {
                format!("Value {per:+} for each adjacent {}.", matches(of))
            }
            BoardEffect::AdjacentValue { delta, of } => {
                format!("Adjacent {} have value {delta:+}.", matches(of))
            }
            BoardEffect::Become { of, into } => {
                format!("Adjacent {} become {}.", matches(of), into.name())
            }
            BoardEffect::FirePits => "Adjacent lairs become impassable fire pits.".into(),
            BoardEffect::GoldOnClear(g) => format!("Clearing it takes {g} gold from the vault."),
            BoardEffect::RoomBonus { room, vt } => {
                format!(
                    "Building the {} next to it gives {vt} VT once.",
                    room.name()
                )
            }
        });
    }
    s
}

fn room_effect(e: RoomEffect) -> String {
    match e {
        RoomEffect::VtOnPick(l, v) => format!("Gain {v} VT when you pick the {}.", l.name()),
        RoomEffect::NoActionTileVt(v) => {
            format!("Gain {v} VT at the end of a turn in which you played no action tile.")
        }
        RoomEffect::DigBonus => "Your action tiles get +1 Dig.".into(),
        RoomEffect::FightBonus => "Your action tiles get +1 Fight.".into(),
        RoomEffect::ExtraDig => "Dig one extra tile per turn.".into(),
        RoomEffect::ExtraFight => "Clear one extra lair per turn.".into(),
        RoomEffect::ExtraBuild => "Build one extra room per turn.".into(),
        RoomEffect::VtDiscount(d) => format!("Victory tokens cost you {d} gold less."),
        RoomEffect::DrawDiscount(d) => format!("Extra draws cost you {d} gold less."),
        RoomEffect::DigBuildDiscount(d) => format!("Each dig and build costs you {d} gold less."),
        RoomEffect::TradingPost(n) => {
            format!("At the start of the Trade phase draw {n} tiles, then discard {n}.")
        }
        RoomEffect::HandSize(n) => format!("Your hand limit rises by {n}."),
        RoomEffect::HoldMarkersOnce(n) => {
            format!("When built, place {n} of your markers on the hold.")
        }
        RoomEffect::TrophyVt(v) => format!("Gain {v} VT every time you clear a lair."),
        RoomEffect::MineVt(v) => format!("Gain {v} VT every time you make a mine."),
        RoomEffect::IgnoresLairs => "May be built next to uncleared lairs.".into(),
        RoomEffect::LookAtHand => "Once each Event phase, look at an opponent's hand.".into(),
    }
}

fn event_effect(e: EventEffect) -> String {
    match e {
        EventEffect::Sabotage(n) => format!("An opponent discards {n} random work tiles."),
        EventEffect::Raid(g) => format!("Steal {g} gold from an opponent."),
        EventEffect::GainVt(v) => format!("Gain {v} VT."),
        EventEffect::GainGold(g) => format!("Gain {g} gold from the vault."),
        EventEffect::Draw(n) => format!("Draw {n} work tiles."),
        EventEffect::DrawKeepOne(n) => format!("Draw {n} work tiles, keep one, discard the rest."),
        EventEffect::StealTile => "Steal a random work tile from an opponent.".into(),
        EventEffect::TurfDispute => "Replace an opponent's clan marker with one of yours.".into(),
        EventEffect::HoldMarkers(n) => format!("Place {n} of your markers on the hold."),
        EventEffect::Intrigue => {
            "At the end of the Leader phase, swap leader cards with an opponent.".into()
        }
        EventEffect::ArcaneLaws(n) => format!("Scramble up to {n} clan markers on the board."),
    }
}

/// What a work tile does, in sentences.
pub fn work_text(t: WorkTile) -> String {
    match t.data().effect {
        WorkEffect::Room { value, effect } => format!(
            "Room, value {value} (its gold cost and VT when built). {}",
            room_effect(effect)
        ),
        WorkEffect::Event(e) => format!("Event. {}", event_effect(e)),
        WorkEffect::Action(a) => {
            let mut s = format!("Action tile: Dig {} · Fight {}.", a.dig, a.fight);
            if !a.bonus_vs.is_empty() {
                let vs: Vec<&str> = a.bonus_vs.iter().map(|b| b.name()).collect();
                s.push_str(&format!(" +{} Fight against {}.", a.bonus, vs.join(", ")));
            }
            s
        }
    }
}

/// What a leader card does, in a sentence.
pub fn leader_text(l: Leader) -> &'static str {
    match l {
        Leader::DwarfLord => "Leader 1: first in the leader order.",
        Leader::ClanElder => "Leader 2: picking it places one of your markers on the hold.",
        Leader::MasterBuilder => "Leader 3: rooms cost half; build one extra room a turn.",
        Leader::MasterEngineer => "Leader 4: +1 Dig on every action tile; dig one extra tile.",
        Leader::DwarfGeneral => "Leader 5: +1 Fight on every action tile; clear one extra lair.",
        Leader::MasterCraftsman => "Leader 6: +3 gold and +2 VT in the Gold phase.",
        Leader::ClanChieftain => "Leader 7: two free draws in the Work phase.",
        Leader::DwarfJudge => {
            "Leader 8: once in the Event phase, switch two markers of different clans."
        }
    }
}

pub use dwarfs_hold::items_text;

// ----- Accessible labels of clickable things -----

/// A board square.
pub fn square_label(p: dwarfs_hold::Pos) -> String {
    format!("square {p}")
}

/// A tile in the viewer's hand.
pub fn hand_label(t: WorkTile) -> String {
    format!("tile {}", t.name())
}

/// A trophy chip of a clan.
pub fn trophy_label(t: BoardTile, owner: Seat) -> String {
    format!("trophy {} of {}", t.name(), colour(owner))
}

/// The Pass button's text for the current step.
pub fn pass_label(stage: &Stage, phase: Phase) -> &'static str {
    match (stage, phase) {
        (Stage::Arcane { .. }, _) => "Stop picking markers",
        (Stage::WorkBuy, _) => "Stop drawing",
        (_, Phase::Intrigue) => "Keep the leaders",
        (_, Phase::Trade) => "Pass (no offer)",
        (_, Phase::Event) => "End my events",
        (_, Phase::Dig) => "End my digs",
        (_, Phase::Fight) => "End my fights",
        (_, Phase::Build) => "End my building",
        _ => "Pass",
    }
}

/// The text of the button that plays `a` directly, for actions that are buttons.
pub fn button_label(a: &HoldAction, stage: &Stage, phase: Phase) -> Option<String> {
    use HoldAction as A;
    Some(match a {
        A::Pass => pass_label(stage, phase).to_string(),
        A::PickLeader(l) => format!("Take the {}", l.name()),
        A::PlayIntrigue(s) => format!("Intrigue: swap leaders with {}", colour(*s)),
        A::BuyDraw => "Draw another tile".into(),
        A::StartOffer(s) => format!("Offer to {}", colour(*s)),
        A::Propose => "Propose the offer".into(),
        A::Withdraw => "Withdraw the offer".into(),
        A::Accept => "Accept the offer".into(),
        A::Decline => "Decline the offer".into(),
        A::BuyVt => "Buy a VT".into(),
        A::PlayEventOn(t, s) => format!("Play {} on {}", t.name(), colour(*s)),
        A::TurfDispute(MarkerRef::Hold(s)) => {
            format!("Turf Dispute on {}'s marker on the hold", colour(*s))
        }
        A::Keep(t) => format!("Keep {}", t.name()),
        A::UseJudge => "Use the Dwarf Judge".into(),
        A::PickMarker(MarkerRef::Hold(s)) => format!("Pick {}'s marker on the hold", colour(*s)),
        A::PlaceMarker(s) => format!("Put a marker back for {}", colour(*s)),
        A::LookAtHand(s) => format!("Look at {}'s hand", colour(*s)),
        A::Commit => "Pay and claim".into(),
        A::Abandon => "Give up this target".into(),
        _ => return None,
    })
}
