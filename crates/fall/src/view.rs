//! The public read API: what a GUI or CLI draws, and the per-seat observation.
//!
//! Everything here is derived from the state; nothing is stored twice. Hidden information (gems,
//! ogres and secret goals of other seats) only appears in an [`Observation`] for its owner.

use crate::board::NONE;
use crate::data;
use crate::state::{Fall, Pending, Phase};
use crate::types::{Card, CardType, Class, Colour, Kind, OgreKind, Pos, SecretGoal};
use dwarfs_engine::{Actor, Game, Seat, Viewer};
use serde::Serialize;

/// One card as it lies on the mat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    /// The card (colour and kind).
    pub card: Card,
    /// Display name ("ruby mine").
    pub name: &'static str,
    /// Its type.
    pub card_type: CardType,
    /// Open sides as it lies, indexed by [`crate::Dir`] (north, east, south, west); `false` is
    /// a wall.
    pub open: [bool; 4],
    /// Quarter turns clockwise from its printed orientation (always 0 in the classic edition).
    pub rotation: u8,
    /// Meeple spots.
    pub spots: u8,
    /// Dwarfs of one colour its task needs, as printed. A monster's need under Experienced
    /// Beast Hunters differs by player: see [`PlayerView::monster_need`].
    pub need: u8,
    /// VP it adds to a kingdom.
    pub vp: i8,
    /// True for the fire dragon and the frost giant.
    pub monster: bool,
}

impl CardView {
    fn of(fall: &Fall, id: u8) -> CardView {
        let card = Fall::card(id);
        let d = card.kind.data();
        CardView {
            card,
            name: d.name,
            card_type: d.card_type,
            open: crate::types::Dir::ALL.map(|dir| fall.board.side_open(id, dir)),
            rotation: fall.board.rotation(id),
            spots: d.spots,
            need: d.need,
            vp: d.vp,
            monster: card.kind.is_monster(),
        }
    }
}

/// One occupied cell of the mat: its stack and the meeples on its top card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellView {
    /// Where.
    pub pos: Pos,
    /// The top card (the one in play).
    pub top: CardView,
    /// Every card of the stack, bottom first (the last is `top`).
    pub stack: Vec<Card>,
    /// Meeples on the top card per colour, indexed by [`Colour`].
    pub meeples: [u8; 4],
    /// Free spots left on the top card.
    pub free_spots: u8,
    /// 3rd edition: class meeples among `meeples`, by colour.
    pub classes: Vec<(Colour, Class)>,
}

/// One face-up trading goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TradingGoalView {
    /// The goal's number (0..10).
    pub id: u8,
    /// Gems it costs, indexed by [`crate::Gem`].
    pub cost: [u8; 4],
    /// VP.
    pub vp: u8,
}

impl TradingGoalView {
    /// The view of goal `id`, if it exists.
    pub fn of(id: u8) -> Option<TradingGoalView> {
        data::TRADING_GOALS
            .get(id as usize)
            .map(|d| TradingGoalView {
                id,
                cost: d.cost,
                vp: d.vp,
            })
    }
}

/// A kingdom: the cells reachable from one castle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KingdomView {
    /// Whose castle.
    pub colour: Colour,
    /// The castle's position.
    pub castle: Pos,
    /// Every cell in the kingdom (the castle included), in reading order.
    pub cells: Vec<Pos>,
    /// The kingdom's VP as they count for its castle's owner (under Greedy Landlords, already
    /// divided among the castles sharing it).
    pub vp: i32,
}

/// Where the turn stands, for a UI prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TurnStep {
    /// Waiting for the setup deal.
    Setup,
    /// Performing actions; nothing staged.
    Actions,
    /// A kingdom card was chosen and must be placed.
    PlaceCard(Kind),
    /// A kingdom card was chosen and its cell picked; which way it lies must be chosen
    /// ([`crate::FallAction::Orient`]).
    OrientCard {
        /// The card kind.
        kind: Kind,
        /// Where it goes.
        at: Pos,
    },
    /// An ogre was played and its target must be picked (`second` for the second pick of Brute
    /// and Panic).
    OgreTarget {
        /// Which ogre.
        ogre: OgreKind,
        /// The first pick, for Brute and Panic.
        picked: Option<(Pos, Colour)>,
    },
    /// Waiting for a random draw (a stolen gem, an ogre, a trading goal refill).
    Drawing,
    /// Choosing a trading goal to buy.
    ChooseGoal,
    /// Choosing a stack to dig.
    ChooseDig,
    /// Choosing how the task on the card at `at` completes (which class meeples stay; Bar
    /// Fights' second ogre).
    ChooseFinish {
        /// The card whose task completes.
        at: Pos,
    },
    /// Discarding down to 9 cards.
    Discard,
    /// The game is over.
    Over,
}

/// What one viewer may see of a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// Its colour.
    pub colour: Colour,
    /// Kingdom cards in hand (public).
    pub kingdom_cards: Vec<Kind>,
    /// Number of gem cards in hand (public: the backs can be counted).
    pub gem_count: u8,
    /// Number of ogre cards in hand (public: the backs can be counted).
    pub ogre_count: u8,
    /// Gems by kind: only for the owner.
    pub gems: Option<[u8; 4]>,
    /// Ogres by kind: only for the owner.
    pub ogres: Option<[u8; 5]>,
    /// The secret goal: for the owner, or for everyone once revealed.
    pub secret_goal: Option<SecretGoal>,
    /// True once revealed.
    pub secret_revealed: bool,
    /// Trading goals bought (public).
    pub trading_goals: Vec<u8>,
    /// Defeated monsters (public).
    pub defeated: Vec<Card>,
    /// Goals that count towards the end (trading goals and a revealed secret goal).
    pub goals_met: u8,
    /// Dwarfs in the pile.
    pub dwarfs_in_pile: u8,
    /// Dwarfs on the board.
    pub dwarfs_on_board: u8,
    /// The score from public information only (no gems, no unrevealed secret goal).
    pub public_score: i32,
    /// Meeples of this colour a monster task needs now: the printed 5, or less under Experienced
    /// Beast Hunters after kills.
    pub monster_need: u8,
    /// 3rd edition: upgraded class meeples and where they stand (`None`: in the campfire).
    pub classes: Vec<(Class, Option<Pos>)>,
}

/// What one viewer sees of the game: the whole public board plus their own hidden cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// Who this is for.
    pub viewer: Viewer,
    /// Who acts now.
    pub to_act: Actor,
    /// Where the turn stands.
    pub step: TurnStep,
    /// The round (from 1).
    pub round: u16,
    /// True once a player has triggered the end: this is the last round.
    pub final_round: bool,
    /// Actions spent this turn by the current seat.
    pub actions_used: u8,
    /// Actions the current seat may spend this turn.
    pub action_limit: u8,
    /// Every occupied cell, in reading order.
    pub cells: Vec<CellView>,
    /// Every player, in seat order.
    pub players: Vec<PlayerView>,
    /// The three face-up trading goal slots.
    pub face_up_goals: [Option<TradingGoalView>; 3],
    /// Trading goals left face down.
    pub goal_deck: u8,
    /// Ogre cards left face down.
    pub ogre_deck: u8,
    /// The ogre discard pile (face up) by kind.
    pub ogre_discard: [u8; 5],
    /// Gems left in each pile.
    pub gem_piles: [u8; 4],
    /// Every castle's kingdom.
    pub kingdoms: Vec<KingdomView>,
    /// 3rd edition: the Royal Decrees in play.
    pub decrees: Vec<crate::options::Decree>,
    /// The first player of the round (the axe of Hard Workers; seat 0 otherwise).
    pub first_player: Seat,
    /// Hard Workers: true during the night (Resolve and Discard in turn order).
    pub night: bool,
    /// Battle Memorial: where memorial cards stand.
    pub memorials: Vec<Pos>,
}

impl Fall {
    /// The seat whose turn it is (also during its Resolve and Discard phases).
    pub fn current_seat(&self) -> Seat {
        Seat(self.current)
    }

    /// The round, from 1.
    pub fn round(&self) -> u16 {
        self.round
    }

    /// True once a player has triggered the end of the game.
    pub fn final_round(&self) -> bool {
        self.final_round
    }

    /// Actions the current seat has spent this turn.
    pub fn actions_used(&self) -> u8 {
        self.actions_used
    }

    /// Where the turn stands.
    pub fn step(&self) -> TurnStep {
        match self.phase {
            Phase::Setup => TurnStep::Setup,
            Phase::Actions => match self.pending {
                Pending::None => TurnStep::Actions,
                Pending::Card(k) => TurnStep::PlaceCard(k),
                Pending::Orient { kind, cell } => TurnStep::OrientCard {
                    kind,
                    at: Pos::of_cell(cell),
                },
                Pending::Brute => TurnStep::OgreTarget {
                    ogre: OgreKind::Brute,
                    picked: None,
                },
                Pending::BruteSwap { cell, colour } => TurnStep::OgreTarget {
                    ogre: OgreKind::Brute,
                    picked: Some((Pos::of_cell(cell), Colour::ALL[colour as usize & 3])),
                },
                Pending::Ambush => TurnStep::OgreTarget {
                    ogre: OgreKind::Ambush,
                    picked: None,
                },
                Pending::Crown => TurnStep::OgreTarget {
                    ogre: OgreKind::Crown,
                    picked: None,
                },
                Pending::Panic => TurnStep::OgreTarget {
                    ogre: OgreKind::Panic,
                    picked: None,
                },
                Pending::PanicMove { cell, colour } => TurnStep::OgreTarget {
                    ogre: OgreKind::Panic,
                    picked: Some((Pos::of_cell(cell), Colour::ALL[colour as usize & 3])),
                },
                Pending::Thief => TurnStep::OgreTarget {
                    ogre: OgreKind::Thief,
                    picked: None,
                },
            },
            Phase::StealGem { .. } | Phase::DrawOgre | Phase::RefillGoal { .. } => {
                TurnStep::Drawing
            }
            Phase::ChooseGoal => TurnStep::ChooseGoal,
            Phase::ChooseDig => TurnStep::ChooseDig,
            Phase::ChooseFinish => TurnStep::ChooseFinish {
                at: self
                    .finishing_card()
                    .and_then(|c| self.board.cell_of(c))
                    .map_or(Pos::CENTRE, Pos::of_cell),
            },
            Phase::Discard => TurnStep::Discard,
            Phase::Over => TurnStep::Over,
        }
    }

    /// The occupied cell at `pos`, if any.
    pub fn cell(&self, pos: Pos) -> Option<CellView> {
        let cell = pos.cell()?;
        let top = self.board.top(cell)?;
        Some(CellView {
            pos,
            top: CardView::of(self, top),
            stack: self.board.stack(cell).into_iter().map(Fall::card).collect(),
            meeples: self.board.dwarfs_all(top),
            free_spots: self.board.free_spots(top),
            classes: (0..self.players as usize)
                .flat_map(|s| {
                    Class::ALL
                        .into_iter()
                        .filter(move |&k| self.class_card(s, k) == Some(top))
                        .map(move |k| (Colour::ALL[s], k))
                })
                .collect(),
        })
    }

    /// Every occupied cell, in reading order (row by row from the north-west).
    pub fn cells(&self) -> Vec<CellView> {
        let mut v: Vec<CellView> = self
            .board
            .top_cards()
            .filter_map(|(c, _)| self.cell(Pos::of_cell(c)))
            .collect();
        v.sort_by_key(|c| (c.pos.y, c.pos.x));
        v
    }

    /// The three face-up trading goals (empty slots are `None`).
    pub fn face_up_goals(&self) -> [Option<TradingGoalView>; 3] {
        self.goal_slots.map(|g| {
            if g == NONE {
                None
            } else {
                TradingGoalView::of(g)
            }
        })
    }

    /// `colour`'s kingdom, or `None` while its castle is not in play.
    pub fn kingdom(&self, colour: Colour) -> Option<KingdomView> {
        let castle = self.board.cell_of(
            Card {
                colour,
                kind: Kind::Castle,
            }
            .id(),
        )?;
        let set = self.board.region(castle);
        let mut cells: Vec<Pos> = set.iter().map(Pos::of_cell).collect();
        cells.sort_by_key(|p| (p.y, p.x));
        Some(KingdomView {
            colour,
            castle: Pos::of_cell(castle),
            cells,
            vp: self.landlord_share(self.board.vp_of(&set), &set),
        })
    }

    /// The walled area the card at `pos` lies in: every cell reachable from it through open
    /// sides (itself included), in reading order. A fire dragon stops the mines of its area; from
    /// a castle, the area is its kingdom. Empty if no card is there.
    pub fn area(&self, pos: Pos) -> Vec<Pos> {
        let Some(cell) = pos.cell() else {
            return Vec::new();
        };
        let mut cells: Vec<Pos> = self.board.region(cell).iter().map(Pos::of_cell).collect();
        cells.sort_by_key(|p| (p.y, p.x));
        cells
    }

    /// Every castle's kingdom, in seat order.
    pub fn kingdoms(&self) -> Vec<KingdomView> {
        (0..self.players as usize)
            .filter_map(|i| self.kingdom(Colour::ALL[i]))
            .collect()
    }

    /// Kingdom cards still in `seat`'s hand (public).
    pub fn kingdom_hand(&self, seat: Seat) -> Vec<Kind> {
        self.seats.get(seat.index()).map_or(Vec::new(), |p| {
            Kind::ALL.into_iter().filter(|&k| p.has_kind(k)).collect()
        })
    }

    /// What `viewer` sees of `seat`.
    pub fn player_view(&self, seat: Seat, viewer: Viewer) -> Option<PlayerView> {
        let p = self.seats.get(seat.index())?;
        let own = viewer == Viewer::Seat(seat);
        let parts = self.score_parts(seat);
        Some(PlayerView {
            seat,
            colour: Colour::ALL[seat.index()],
            kingdom_cards: self.kingdom_hand(seat),
            gem_count: p.gem_count(),
            ogre_count: p.ogre_count(),
            gems: own.then_some(p.gems),
            ogres: own.then_some(p.ogres),
            secret_goal: if own || p.revealed {
                self.secret_of(seat.index()).map(|(g, _)| g)
            } else {
                None
            },
            secret_revealed: p.revealed,
            trading_goals: (0..data::TRADING_GOALS.len() as u8)
                .filter(|&g| p.goals & (1 << g) != 0)
                .collect(),
            defeated: (0..36u8)
                .filter(|&c| p.defeated & (1u64 << c) != 0)
                .map(Fall::card)
                .collect(),
            goals_met: p.goals_met(),
            dwarfs_in_pile: p.pile,
            dwarfs_on_board: self.board.dwarfs_of(seat.index()),
            public_score: parts.total() - parts.gems,
            monster_need: self.monster_need(seat.index()),
            classes: Class::ALL
                .into_iter()
                .filter(|&k| p.classes[k as usize] != crate::state::CLASS_LOCKED)
                .map(|k| {
                    let at = self
                        .class_card(seat.index(), k)
                        .and_then(|c| self.board.cell_of(c))
                        .map(Pos::of_cell);
                    (k, at)
                })
                .collect(),
        })
    }

    /// Gems left in each pile, indexed by [`crate::Gem`].
    pub fn gem_piles(&self) -> [u8; 4] {
        self.gem_piles
    }

    /// The observation for `viewer` (also [`Game::observe`]).
    pub fn observation(&self, viewer: Viewer) -> Observation {
        Observation {
            viewer,
            to_act: self.to_act(),
            step: self.step(),
            round: self.round,
            final_round: self.final_round,
            actions_used: self.actions_used,
            action_limit: self.turn_action_limit(),
            cells: self.cells(),
            players: Seat::all(self.players)
                .filter_map(|s| self.player_view(s, viewer))
                .collect(),
            face_up_goals: self.face_up_goals(),
            goal_deck: self.goal_deck.count_ones() as u8,
            ogre_deck: self.ogre_deck.iter().sum(),
            ogre_discard: self.ogre_discard,
            gem_piles: self.gem_piles,
            kingdoms: self.kingdoms(),
            decrees: self.decrees(),
            first_player: Seat(self.third.first),
            night: self.third.night,
            memorials: self.memorial_cells().iter().map(Pos::of_cell).collect(),
        }
    }
}
