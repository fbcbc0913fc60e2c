//! Clicks to actions: what a click on each widget of the Spring board does with the current
//! pick ([`on_click`]), and the widgets a person clicks, in order, to play an action
//! ([`plan`]). Both follow the engine's legal actions only, so a lit widget always leads to a
//! legal action; the UI tests follow the plans.

use super::words::{
    COMMAND, DECLINE, END_TURN, ENGAGE, IDLE, KEEP_HEROES, STOP_FAERIE, card_label, dragon_label,
    dragon_spot_label, expedition_spot_label, faerie_label, faerie_spot_label, fortress_label,
    line_label, loc_label, owner_label, remove_label, train_label,
};
use dwarfs_spring::SpringAction as A;
use dwarfs_spring::data::Resource;
use dwarfs_spring::map::Loc;
use dwarfs_spring::state::ExpCard;

/// A half-made choice waiting for its target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A production line: next, a map spot to build (or place) its settlement on.
    Line(Resource),
    /// The fortress spot: next, a map spot.
    Fortress,
    /// A dragon spot with the dragons chosen so far: next, dragons, then [`COMMAND`].
    Dragons {
        /// Which spot (0 or 1).
        spot: u8,
        /// Dragons chosen, in increasing order.
        chosen: Vec<u8>,
    },
    /// An expedition spot: next, a quest in the area.
    Expedition(u8),
    /// A faerie's first location (a dwarf to move, a settlement or dwarf to swap).
    From(Loc),
    /// A Shifter's two locations, when dwarfs of several players stand on the second.
    Swap {
        /// Where the own dwarf stands.
        mine: Loc,
        /// Where theirs stands.
        theirs: Loc,
    },
}

/// A clickable thing on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A map location.
    Loc(Loc),
    /// A production line of the acting seat's board.
    Line(Resource),
    /// The fortress spot.
    FortressSpot,
    /// The faerie spot.
    FaerieSpot,
    /// A dragon spot.
    DragonSpot(u8),
    /// An expedition spot.
    ExpeditionSpot(u8),
    /// A dragon of the nest.
    Dragon(u8),
    /// The train button of a dragon.
    Train(u8),
    /// A card of the expedition area.
    Card(ExpCard),
    /// A faerie card of the hand.
    Faerie(u8),
    /// The command button.
    Command,
    /// A Shifter's owner button.
    Owner(u8),
}

/// What a click does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Play this action.
    Play(A),
    /// Change the pick.
    Pick(Option<Pick>),
}

/// The dragons of a command action, in order.
fn command_set(first: u8, second: Option<u8>) -> Vec<u8> {
    let mut v = vec![first];
    v.extend(second);
    v
}

/// What a click on `t` does with `pick`, if anything (a widget with an effect is lit).
pub fn on_click(pick: &Option<Pick>, legal: &[A], t: Target) -> Option<Effect> {
    let find = |f: &dyn Fn(&A) -> bool| legal.iter().find(|a| f(a)).copied();
    let any = |f: &dyn Fn(&A) -> bool| legal.iter().any(f);
    let toggle = |p: Pick| {
        if pick.as_ref() == Some(&p) {
            Effect::Pick(None)
        } else {
            Effect::Pick(Some(p))
        }
    };
    match t {
        Target::Line(r) => {
            any(&|a| matches!(a, A::Place { line, .. } | A::Build { line, .. } if *line == r))
                .then(|| toggle(Pick::Line(r)))
        }
        Target::FortressSpot => {
            any(&|a| matches!(a, A::Fortress { .. })).then(|| toggle(Pick::Fortress))
        }
        Target::FaerieSpot => find(&|a| *a == A::Summon).map(Effect::Play),
        Target::DragonSpot(s) => {
            any(&|a| matches!(a, A::Command { spot, .. } if *spot == s)).then(|| {
                if matches!(pick, Some(Pick::Dragons { spot, .. }) if *spot == s) {
                    Effect::Pick(None)
                } else {
                    Effect::Pick(Some(Pick::Dragons {
                        spot: s,
                        chosen: Vec::new(),
                    }))
                }
            })
        }
        Target::ExpeditionSpot(s) => any(&|a| matches!(a, A::Quest { spot, .. } if *spot == s))
            .then(|| toggle(Pick::Expedition(s))),
        Target::Dragon(d) => {
            if let Some(a) = find(&|a| *a == A::Ready { dragon: d }) {
                return Some(Effect::Play(a));
            }
            let Some(Pick::Dragons { spot, chosen }) = pick else {
                return None;
            };
            let mut next = chosen.clone();
            if let Some(i) = next.iter().position(|&x| x == d) {
                next.remove(i);
            } else {
                next.push(d);
                next.sort_unstable();
            }
            // Lit if the new choice is still part of a legal command.
            let fits = any(&|a| match *a {
                A::Command {
                    spot: s,
                    first,
                    second,
                } => {
                    s == *spot && {
                        let set = command_set(first, second);
                        next.iter().all(|x| set.contains(x))
                    }
                }
                _ => false,
            });
            fits.then_some(Effect::Pick(Some(Pick::Dragons {
                spot: *spot,
                chosen: next,
            })))
        }
        Target::Command => {
            let Some(Pick::Dragons { spot, chosen }) = pick else {
                return None;
            };
            find(&|a| match *a {
                A::Command {
                    spot: s,
                    first,
                    second,
                } => s == *spot && command_set(first, second) == *chosen,
                _ => false,
            })
            .map(Effect::Play)
        }
        Target::Train(d) => find(&|a| *a == A::Train { dragon: d }).map(Effect::Play),
        Target::Card(c) => match pick {
            Some(Pick::Expedition(s)) => find(&|a| *a == A::Quest { spot: *s, card: c }),
            _ => None,
        }
        .map(Effect::Play),
        Target::Faerie(card) => find(&|a| *a == A::PlayFaerie { card }).map(Effect::Play),
        Target::Owner(o) => match pick {
            Some(Pick::Swap { mine, theirs }) => find(&|a| {
                *a == A::SwapDwarfs {
                    mine: *mine,
                    theirs: *theirs,
                    owner: o,
                }
            }),
            _ => None,
        }
        .map(Effect::Play),
        Target::Loc(l) => loc_click(pick, legal, l),
    }
}

/// A click on map location `l`.
fn loc_click(pick: &Option<Pick>, legal: &[A], l: Loc) -> Option<Effect> {
    let find = |f: &dyn Fn(&A) -> bool| legal.iter().find(|a| f(a)).copied();
    match pick {
        Some(Pick::Line(r)) => find(&|a| {
            matches!(*a, A::Place { line, at } | A::Build { line, at } if line == *r && at == l)
        })
        .map(Effect::Play),
        Some(Pick::Fortress) => find(&|a| *a == A::Fortress { at: l }).map(Effect::Play),
        Some(Pick::From(f)) if *f == l => Some(Effect::Pick(None)),
        Some(Pick::From(f)) => {
            let f = *f;
            if let Some(a) = find(&|a| {
                *a == A::MoveDwarf { from: f, to: l } || *a == A::SwapSettlements { mine: f, theirs: l }
            }) {
                return Some(Effect::Play(a));
            }
            let swaps: Vec<A> = legal
                .iter()
                .filter(|a| matches!(**a, A::SwapDwarfs { mine, theirs, .. } if mine == f && theirs == l))
                .copied()
                .collect();
            match swaps.len() {
                0 => None,
                1 => Some(Effect::Play(swaps[0])),
                _ => Some(Effect::Pick(Some(Pick::Swap { mine: f, theirs: l }))),
            }
        }
        Some(_) => None,
        None => {
            if let Some(a) = find(&|a| *a == A::Explore { at: l }) {
                return Some(Effect::Play(a));
            }
            legal
                .iter()
                .any(|a| {
                    matches!(*a,
                        A::MoveDwarf { from: x, .. }
                        | A::SwapSettlements { mine: x, .. }
                        | A::SwapDwarfs { mine: x, .. } if x == l)
                })
                .then_some(Effect::Pick(Some(Pick::From(l))))
        }
    }
}

/// The labels a person clicks, in order, to play `action` as `seat` when `legal` are the legal
/// actions (starting with nothing picked).
pub fn plan(action: &A, seat: u8, legal: &[A]) -> Vec<String> {
    match *action {
        A::Place { line, at } | A::Build { line, at } => {
            vec![line_label(seat, line), loc_label(at)]
        }
        A::Fortress { at } => vec![fortress_label(seat), loc_label(at)],
        A::Explore { at } => vec![loc_label(at)],
        A::Summon => vec![faerie_spot_label(seat)],
        A::Command {
            spot,
            first,
            second,
        } => {
            let mut v = vec![dragon_spot_label(seat, spot), dragon_label(first)];
            v.extend(second.map(dragon_label));
            v.push(COMMAND.into());
            v
        }
        A::Quest { spot, card } => vec![expedition_spot_label(seat, spot), card_label(card)],
        A::Idle => vec![IDLE.into()],
        A::Train { dragon } => vec![train_label(dragon)],
        A::PlayFaerie { card } => vec![faerie_label(card)],
        A::MoveDwarf { from, to } => vec![loc_label(from), loc_label(to)],
        A::SwapSettlements { mine, theirs } => vec![loc_label(mine), loc_label(theirs)],
        A::SwapDwarfs {
            mine,
            theirs,
            owner,
        } => {
            let mut v = vec![loc_label(mine), loc_label(theirs)];
            let several = legal
                .iter()
                .filter(|a| matches!(**a, A::SwapDwarfs { mine: m, theirs: t, .. } if m == mine && t == theirs))
                .count()
                > 1;
            if several {
                v.push(owner_label(owner));
            }
            v
        }
        A::Ready { dragon } => vec![dragon_label(dragon)],
        A::StopFaerie => vec![STOP_FAERIE.into()],
        A::RemoveHero { card } => vec![remove_label(card)],
        A::KeepHeroes => vec![KEEP_HEROES.into()],
        A::EndTurn => vec![END_TURN.into()],
        A::Engage => vec![ENGAGE.into()],
        A::Decline => vec![DECLINE.into()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_picked_spot_then_dragons_then_confirmed() {
        let legal = [
            A::Command {
                spot: 0,
                first: 1,
                second: None,
            },
            A::Command {
                spot: 0,
                first: 1,
                second: Some(5),
            },
        ];
        let p = match on_click(&None, &legal, Target::DragonSpot(0)) {
            Some(Effect::Pick(p)) => p,
            other => panic!("{other:?}"),
        };
        assert_eq!(on_click(&p, &legal, Target::Command), None, "no dragon yet");
        assert_eq!(on_click(&p, &legal, Target::Dragon(2)), None, "not ready");
        let Some(Effect::Pick(p)) = on_click(&p, &legal, Target::Dragon(5)) else {
            panic!()
        };
        assert_eq!(
            on_click(&p, &legal, Target::Command),
            None,
            "5 alone is no command"
        );
        let Some(Effect::Pick(p)) = on_click(&p, &legal, Target::Dragon(1)) else {
            panic!()
        };
        assert_eq!(
            on_click(&p, &legal, Target::Command),
            Some(Effect::Play(legal[1]))
        );
    }
}
