//! How a person plays each legal action on the Winter board: the widgets to click, in order. The
//! board view labels its widgets with the same words, so this is both the map of the interface
//! and what the UI tests follow.

use super::words::{
    CHOOSE_HAND, card_label, disaster_label, done_label, dwarf_label, fight_label, home_label,
    instrument_label, monster_label, pick_label, pool_label, zone_label,
};
use super::{Foe, several_choices};
use dwarfs_engine::Seat;
use dwarfs_winter::{Card, Pick, Stage, WinterAction};

/// The labels of the widgets to click, in order, to play `action` by `me` at `stage` with the
/// Hero Pool `pool` and the legal actions `legal`, starting with nothing picked.
pub fn clicks(
    action: &WinterAction,
    stage: &Stage,
    me: Seat,
    pool: &[Option<Card>],
    legal: &[WinterAction],
) -> Vec<String> {
    use WinterAction as A;
    // The foe, then (with a choice of who goes home) the choice's button.
    let fight = |foe: String, f: Foe| {
        if several_choices(legal, f) {
            vec![foe, fight_label(action)]
        } else {
            vec![foe]
        }
    };
    match *action {
        A::Place { kind, zone } => vec![home_label(kind), zone_label(zone)],
        A::Move {
            owner,
            kind,
            from,
            to,
        } => vec![dwarf_label(owner, kind, from), zone_label(to)],
        A::Acquire { slot } => {
            let card = pool
                .get(slot as usize)
                .copied()
                .flatten()
                .unwrap_or(Card(0));
            vec![pool_label(slot, card)]
        }
        A::PlayMusic(i) => vec![instrument_label(i)],
        A::PlayCard {
            card,
            pick: Pick::Nothing,
        } => vec![card_label(card)],
        A::PlayCard { card, pick } => vec![card_label(card), pick_label(pick, pool)],
        A::Attack(m) | A::Push(m) => vec![monster_label(m)],
        A::Defeat { monster, .. } => fight(monster_label(monster), Foe::Monster(monster)),
        A::Overcome { disaster, .. } => fight(disaster_label(disaster), Foe::Disaster(disaster)),
        A::ChooseHand(mask) => Card::in_mask(mask)
            .map(card_label)
            .chain([CHOOSE_HAND.to_string()])
            .collect(),
        A::PickCard(c) => vec![card_label(c)],
        A::Done => vec![done_label(stage, me).to_string()],
    }
}
