//! How a person plays each legal action on the Winter board: the widgets to click, in order. The
//! board view labels its widgets with the same words, so this is both the map of the interface
//! and what the UI tests follow.

use super::words::{
    CHOOSE_HAND, card_label, disaster_label, done_label, dwarf_label, home_label, instrument_label,
    monster_label, pick_label, pool_label, zone_label,
};
use dwarfs_engine::Seat;
use dwarfs_winter::{Card, Pick, Stage, WinterAction};

/// The labels of the widgets to click, in order, to play `action` by `me` at `stage` with the
/// Hero Pool `pool`, starting with nothing picked.
pub fn clicks(
    action: &WinterAction,
    stage: &Stage,
    me: Seat,
    pool: &[Option<Card>],
) -> Vec<String> {
    use WinterAction as A;
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
        A::Defeat(m) | A::Attack(m) | A::Push(m) => vec![monster_label(m)],
        A::Overcome(d) => vec![disaster_label(d)],
        A::ChooseHand(mask) => Card::in_mask(mask)
            .map(card_label)
            .chain([CHOOSE_HAND.to_string()])
            .collect(),
        A::PickCard(c) => vec![card_label(c)],
        A::Done => vec![done_label(stage, me).to_string()],
    }
}
