//! The game state, its small helper types, and the public read API for a GUI or CLI.

use crate::board::{Board, Pos, Space, TileView};
use crate::data::{BoardKind, BoardTile, HAND_LIMIT, Leader, RoomEffect, SQUARES, WorkTile};
use crate::types::{EndCondition, HoldOptions, MarkerRef, TradeItem};
use dwarfs_engine::Seat;
use serde::{Deserialize, Serialize};

/// The nine phases of a turn, plus setup, the Intrigue window, the Trading Post step and the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Phase {
    /// Waiting for the setup chance point (board, first leaders, starting hands).
    Setup,
    /// 1. Players pick leader cards in the previous turn's leader order.
    Leader,
    /// End of the Leader phase: each player in seat order may play Intrigue.
    Intrigue,
    /// 2. Income (automatic).
    Gold,
    /// 3. One free draw each, extra draws for gold.
    Work,
    /// Start of the Trade phase: Trading Post owners draw 2 and discard 2.
    TradingPost,
    /// 4. Negotiation.
    Trade,
    /// 5. Events, the Judge, the Secret Passage, buying VT.
    Event,
    /// 6. Claim earth and veins.
    Dig,
    /// 7. Clear lairs (and claim guarded tiles).
    Fight,
    /// 8. Build rooms.
    Build,
    /// 9. Hand limit, leaders returned, end check.
    End,
    /// The game is over.
    Over,
}

impl Phase {
    /// The phase's name as players say it ("Work phase").
    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "Setup",
            Phase::Leader => "Leader phase",
            Phase::Intrigue => "Leader phase (Intrigue)",
            Phase::Gold => "Gold phase",
            Phase::Work => "Work phase",
            Phase::TradingPost => "Trade phase (Trading Post)",
            Phase::Trade => "Trade phase",
            Phase::Event => "Event phase",
            Phase::Dig => "Dig phase",
            Phase::Fight => "Fight phase",
            Phase::Build => "Build phase",
            Phase::End => "End phase",
            Phase::Over => "Game over",
        }
    }
}

/// An offer in the Trade phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// Who offers.
    pub from: Seat,
    /// To whom.
    pub to: Seat,
    /// What `from` gives.
    pub give: Vec<TradeItem>,
    /// What `from` asks of `to`.
    pub ask: Vec<TradeItem>,
    /// Whether it has been put to `to` (who now accepts or declines).
    pub proposed: bool,
}

impl Offer {
    /// The entry of `list` that a gold or VT step adds to (each side holds one amount of each).
    pub(crate) fn entry_of(list: &[TradeItem], item: &TradeItem) -> Option<usize> {
        match item {
            TradeItem::Gold(_) => list.iter().position(|x| matches!(x, TradeItem::Gold(_))),
            TradeItem::Vt(_) => list.iter().position(|x| matches!(x, TradeItem::Vt(_))),
            _ => None,
        }
    }

    /// Adds `item` to `list`: a gold or VT step raises that amount, anything else is a new entry.
    pub(crate) fn add(list: &mut Vec<TradeItem>, item: TradeItem) {
        match (Self::entry_of(list, &item), item) {
            (Some(i), TradeItem::Gold(n)) => {
                if let TradeItem::Gold(m) = &mut list[i] {
                    *m = m.saturating_add(n);
                }
            }
            (Some(i), TradeItem::Vt(n)) => {
                if let TradeItem::Vt(m) = &mut list[i] {
                    *m = m.saturating_add(n);
                }
            }
            _ => list.push(item),
        }
    }
}

/// The sub-step the acting seat is in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Nothing staged.
    None,
    /// Work phase: free draws done; may buy more or pass.
    WorkBuy,
    /// Must discard this many tiles (Trading Post).
    DiscardDown(u8),
    /// An offer being built or awaiting an answer.
    Offer(Offer),
    /// A dig (`fight == false`) or fight being prepared: target and tiles chosen so far.
    Claim {
        /// Fight phase (true) or Dig phase (false).
        fight: bool,
        /// The target square.
        target: Pos,
        /// Tiles from the hand chosen so far (still in the hand until committed).
        tiles: Vec<WorkTile>,
        /// The target as it was when chosen (nothing on the board changes while a claim is
        /// staged).
        view: TileView,
    },
    /// The Judge's switch: the first marker, once picked.
    Judge(Option<MarkerRef>),
    /// Arcane Laws: markers picked up, owners placed back so far, and whether picking is over.
    Arcane {
        /// Markers picked up, in order.
        picked: Vec<MarkerRef>,
        /// New owners for `picked[0..]`, in order.
        placed: Vec<Seat>,
        /// Picking is over; placing.
        placing: bool,
    },
    /// Rune Stones: the tiles drawn, of which one is kept.
    RunePick(Vec<WorkTile>),
}

/// A pending random step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChanceTask {
    /// Lay the board, deal leaders and starting hands.
    Setup,
    /// `seat` draws `count` work tiles.
    Draw(Seat, u8),
    /// `seat` draws up to 7 for Rune Stones.
    RuneStones(Seat),
    /// `target` discards 2 random tiles.
    Sabotage(Seat),
    /// `by` steals a random tile from `from`.
    Informers(Seat, Seat),
}

/// What a seat has used this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnUse {
    /// Tiles dug.
    pub digs: u8,
    /// Fights won.
    pub fights: u8,
    /// Rooms built.
    pub builds: u8,
    /// Whether any tile was played as an action tile (Earth Temple).
    pub played_tiles: bool,
    /// Whether the Judge's switch was used.
    pub judge_used: bool,
    /// Secret Passage looks used.
    pub looks: u8,
    /// Offers started in this Trade phase.
    pub offers: u8,
    /// Squares whose dig this seat gave up this turn (bit `square`): not chosen again.
    pub abandoned_digs: u64,
    /// Squares whose fight this seat gave up this turn (bit `square`): not chosen again.
    pub abandoned_fights: u64,
}

impl TurnUse {
    /// The squares given up in the Fight phase (`fight`) or the Dig phase, as bits.
    pub fn abandoned(&self, fight: bool) -> u64 {
        if fight {
            self.abandoned_fights
        } else {
            self.abandoned_digs
        }
    }
}

/// A look through the Secret Passage: whose hand, and what it held.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Look {
    /// Whose hand.
    pub target: Seat,
    /// The hand at that moment.
    pub hand: Vec<WorkTile>,
}

/// The Dwarf Hold state. See the crate docs for the read API. Its encoding (for hashes, saves
/// and the wire) is one packed byte string after the options (`packed.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hold {
    pub(crate) options: HoldOptions,
    pub(crate) players: u8,
    pub(crate) spaces: Board,
    pub(crate) hold_markers: Vec<u8>,
    pub(crate) gold: Vec<u32>,
    pub(crate) vt: Vec<u32>,
    pub(crate) hands: Vec<Vec<WorkTile>>,
    pub(crate) trophies: Vec<Vec<BoardTile>>,
    /// Face-down draw pile, as a count per work tile design.
    pub(crate) draw_pile: Vec<u8>,
    /// Face-up discard pile, as a count per work tile design.
    pub(crate) discards: Vec<u8>,
    pub(crate) leaders: Vec<Option<Leader>>,
    /// Seats in this turn's leader order (valid once leaders are held).
    pub(crate) order: Vec<Seat>,
    /// Seats in the previous turn's leader order (who picks first).
    pub(crate) prev_order: Vec<Seat>,
    pub(crate) turn: u16,
    pub(crate) phase: Phase,
    pub(crate) cursor: u8,
    pub(crate) chance: Option<ChanceTask>,
    pub(crate) stage: Stage,
    pub(crate) vt_bought: u8,
    pub(crate) used: Vec<TurnUse>,
    pub(crate) trade_turn: Seat,
    pub(crate) trade_passes: u8,
    pub(crate) looks: Vec<Option<Look>>,
    /// Event tiles played this turn, sorted (each may take effect only once per turn).
    pub(crate) events_played: Vec<WorkTile>,
    pub(crate) ended: Vec<EndCondition>,
}

impl Hold {
    pub(crate) fn blank(options: HoldOptions, players: u8) -> Hold {
        let n = players as usize;
        let mut squares = [Space::Hold; SQUARES];
        for p in Pos::all() {
            if !p.is_hold() {
                squares[p.0 as usize] = Space::Open(BoardTile::Soil);
            }
        }
        let spaces = Board::new(squares);
        Hold {
            options,
            players,
            spaces,
            hold_markers: vec![1; n],
            gold: vec![0; n],
            vt: vec![0; n],
            hands: vec![Vec::new(); n],
            trophies: vec![Vec::new(); n],
            draw_pile: WorkTile::ALL.iter().map(|w| w.data().copies).collect(),
            discards: vec![0; WorkTile::ALL.len()],
            leaders: vec![None; n],
            order: (0..players).map(Seat).collect(),
            prev_order: (0..players).map(Seat).collect(),
            turn: 1,
            phase: Phase::Setup,
            cursor: 0,
            chance: Some(ChanceTask::Setup),
            stage: Stage::None,
            vt_bought: 0,
            used: vec![TurnUse::default(); n],
            trade_turn: Seat(0),
            trade_passes: 0,
            looks: vec![None; n],
            events_played: Vec::new(),
            ended: Vec::new(),
        }
    }

    // ----- Read API -----

    /// The current turn, from 1.
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The staged sub-step of the acting seat (dig being prepared, offer being built...).
    pub fn stage(&self) -> &Stage {
        &self.stage
    }

    /// What a square holds.
    pub fn space(&self, at: Pos) -> Option<Space> {
        self.spaces.get(at.0 as usize).copied()
    }

    /// All 64 squares, in index order.
    pub fn spaces(&self) -> &[Space] {
        &self.spaces
    }

    /// The controller of a square outside the hold.
    pub fn owner(&self, at: Pos) -> Option<Seat> {
        self.space(at).and_then(|s| s.owner())
    }

    /// Every tile on the board as it currently is (after lair and impassable effects).
    pub fn tile_views(&self) -> [Option<TileView>; SQUARES] {
        *self.spaces.views()
    }

    /// One tile as it currently is.
    pub fn tile_view(&self, at: Pos) -> Option<TileView> {
        self.spaces.views().get(at.0 as usize).copied().flatten()
    }

    /// A seat's hand (sorted). Private information: show it only to its owner.
    pub fn hand(&self, seat: Seat) -> &[WorkTile] {
        self.hands.get(seat.index()).map_or(&[], |h| h.as_slice())
    }

    /// A seat's gold.
    pub fn gold(&self, seat: Seat) -> u32 {
        self.gold.get(seat.index()).copied().unwrap_or(0)
    }

    /// A seat's victory tokens.
    pub fn vt(&self, seat: Seat) -> u32 {
        self.vt.get(seat.index()).copied().unwrap_or(0)
    }

    /// A seat's leader card this turn.
    pub fn leader(&self, seat: Seat) -> Option<Leader> {
        self.leaders.get(seat.index()).copied().flatten()
    }

    /// The seat holding a leader card.
    pub fn leader_holder(&self, leader: Leader) -> Option<Seat> {
        (0..self.players)
            .map(Seat)
            .find(|s| self.leader(*s) == Some(leader))
    }

    /// This turn's leader order (after the Leader phase), or the order of the previous turn
    /// (who picks first) during the Leader phase.
    pub fn leader_order(&self) -> &[Seat] {
        if self.phase == Phase::Leader {
            &self.prev_order
        } else {
            &self.order
        }
    }

    /// A seat's clan markers on the hold.
    pub fn hold_markers(&self, seat: Seat) -> u8 {
        self.hold_markers.get(seat.index()).copied().unwrap_or(0)
    }

    /// A seat's trophies (cleared lairs).
    pub fn trophies(&self, seat: Seat) -> &[BoardTile] {
        self.trophies
            .get(seat.index())
            .map_or(&[], |h| h.as_slice())
    }

    /// Work tiles left in the draw pile.
    pub fn draw_pile_len(&self) -> usize {
        self.draw_pile.iter().map(|&c| c as usize).sum()
    }

    /// The face-up discard pile, as (design, count).
    pub fn discard_pile(&self) -> Vec<(WorkTile, u8)> {
        WorkTile::ALL
            .iter()
            .zip(&self.discards)
            .filter(|(_, c)| **c > 0)
            .map(|(w, c)| (*w, *c))
            .collect()
    }

    /// Victory tokens bought so far this turn (by anyone).
    pub fn vt_bought_this_turn(&self) -> u8 {
        self.vt_bought
    }

    /// What `seat` pays for the next VT now.
    pub fn vt_price(&self, seat: Seat) -> u32 {
        let discount: u32 = self
            .rooms_of(seat)
            .filter_map(|r| match r.room() {
                Some((_, RoomEffect::VtDiscount(d))) => Some(d as u32),
                _ => None,
            })
            .sum();
        (crate::data::VT_BASE_PRICE + self.vt_bought as u32)
            .saturating_sub(discount)
            .max(1)
    }

    /// What a seat has used this turn.
    pub fn turn_use(&self, seat: Seat) -> TurnUse {
        self.used.get(seat.index()).copied().unwrap_or_default()
    }

    /// The last hand a seat saw through the Secret Passage this turn. Private to that seat.
    pub fn look(&self, seat: Seat) -> Option<&Look> {
        self.looks.get(seat.index()).and_then(|l| l.as_ref())
    }

    /// Event tiles played so far this turn (sorted). None of them may be played again before the
    /// next turn, even if it is drawn back: this is what keeps every turn finite.
    pub fn events_played(&self) -> &[WorkTile] {
        &self.events_played
    }

    /// Why the game ended (empty while it runs).
    pub fn end_conditions(&self) -> &[EndCondition] {
        &self.ended
    }

    /// Rooms a seat controls.
    pub fn rooms_of(&self, seat: Seat) -> impl Iterator<Item = WorkTile> + '_ {
        self.spaces.of(seat).filter_map(move |s| match *s {
            Space::Room { room, owner, .. } if owner == seat => Some(room),
            _ => None,
        })
    }

    /// Mines (claimed veins) a seat controls, by printed tile.
    pub fn mines_of(&self, seat: Seat) -> impl Iterator<Item = BoardTile> + '_ {
        self.spaces.of(seat).filter_map(move |s| match *s {
            Space::Claimed { as_tile, owner, .. }
                if owner == seat && as_tile.kind() == BoardKind::Vein =>
            {
                Some(as_tile)
            }
            _ => None,
        })
    }

    /// Count of rooms a seat controls with this effect.
    pub(crate) fn room_count(&self, seat: Seat, pred: impl Fn(RoomEffect) -> bool) -> u8 {
        self.rooms_of(seat)
            .filter(|r| r.room().is_some_and(|(_, e)| pred(e)))
            .count() as u8
    }

    /// Action tiles in a seat's hand: what the hand limit counts.
    pub fn action_tiles_in_hand(&self, seat: Seat) -> usize {
        self.hand(seat)
            .iter()
            .filter(|t| t.kind() == crate::data::WorkKind::Action)
            .count()
    }

    /// A seat's hand limit, in action tiles (event and room tiles do not count).
    pub fn hand_limit(&self, seat: Seat) -> usize {
        let extra: usize = self
            .rooms_of(seat)
            .filter_map(|r| match r.room() {
                Some((_, RoomEffect::HandSize(n))) => Some(n as usize),
                _ => None,
            })
            .sum();
        HAND_LIMIT + extra
    }

    /// Extra dig points per action tile.
    pub fn dig_bonus(&self, seat: Seat) -> u8 {
        (self.leader(seat) == Some(Leader::MasterEngineer)) as u8 + self.spaces.bonus(seat).dig
    }

    /// Extra fight points per action tile.
    pub fn fight_bonus(&self, seat: Seat) -> u8 {
        (self.leader(seat) == Some(Leader::DwarfGeneral)) as u8 + self.spaces.bonus(seat).fight
    }

    /// Digs allowed per turn.
    pub fn digs_allowed(&self, seat: Seat) -> u8 {
        1 + (self.leader(seat) == Some(Leader::MasterEngineer)) as u8
            + self.room_count(seat, |e| e == RoomEffect::ExtraDig)
    }

    /// Lairs (fights) allowed per turn.
    pub fn fights_allowed(&self, seat: Seat) -> u8 {
        1 + (self.leader(seat) == Some(Leader::DwarfGeneral)) as u8
            + self.room_count(seat, |e| e == RoomEffect::ExtraFight)
    }

    /// Rooms allowed per turn.
    pub fn builds_allowed(&self, seat: Seat) -> u8 {
        1 + (self.leader(seat) == Some(Leader::MasterBuilder)) as u8
            + self.room_count(seat, |e| e == RoomEffect::ExtraBuild)
    }

    /// Dig points `tile` gives `seat` (0: it cannot dig). An action tile gives its Dig value plus
    /// the dig bonuses, which reach every action tile ("All Action Tiles ... get +1 Dig"), so a
    /// fight-only tile digs with a bonus alone. Event and room tiles dig 1 plus the bonuses.
    pub fn dig_points(&self, seat: Seat, tile: WorkTile) -> u16 {
        let base = match tile.action() {
            Some(a) => a.dig,
            None => crate::data::WILD_DIG,
        };
        base as u16 + self.dig_bonus(seat) as u16
    }

    /// Fight points `tile` gives `seat` against `target`, the tile as it currently is (its face:
    /// a lair transformed into earth gives no "+N vs" bonus), 0 if it cannot fight. Fight bonuses
    /// reach every action tile, dig-only ones too; event and room tiles never fight.
    pub fn fight_points(&self, seat: Seat, tile: WorkTile, target: BoardTile) -> u16 {
        let Some(a) = tile.action() else { return 0 };
        let vs = if a.bonus_vs.contains(&target) {
            a.bonus as u16
        } else {
            0
        };
        a.fight as u16 + vs + self.fight_bonus(seat) as u16
    }

    /// Every clan marker on the board with its owner (hold markers once per seat that has any).
    pub fn markers(&self) -> Vec<(MarkerRef, Seat)> {
        let mut out: Vec<(MarkerRef, Seat)> = (0..self.players)
            .map(Seat)
            .filter(|s| self.hold_markers(*s) > 0)
            .map(|s| (MarkerRef::Hold(s), s))
            .collect();
        for p in Pos::all() {
            if let Some(o) = self.owner(p) {
                out.push((MarkerRef::Space(p), o));
            }
        }
        out
    }

    /// The owner of a marker, if it exists.
    pub fn marker_owner(&self, m: MarkerRef) -> Option<Seat> {
        match m {
            MarkerRef::Hold(s) => (s.0 < self.players && self.hold_markers(s) > 0).then_some(s),
            MarkerRef::Space(p) => {
                if p.is_valid() {
                    self.owner(p)
                } else {
                    None
                }
            }
        }
    }

    /// Whether `seat` is a seat of this game.
    pub(crate) fn seated(&self, seat: Seat) -> bool {
        seat.0 < self.players
    }

    /// Count of `tile` in `seat`'s hand.
    pub(crate) fn in_hand(&self, seat: Seat, tile: WorkTile) -> usize {
        self.hand(seat).iter().filter(|t| **t == tile).count()
    }

    pub(crate) fn add_to_hand(&mut self, seat: Seat, tile: WorkTile) {
        let h = &mut self.hands[seat.index()];
        let i = h.partition_point(|t| *t <= tile);
        h.insert(i, tile);
    }

    pub(crate) fn take_from_hand(&mut self, seat: Seat, tile: WorkTile) -> bool {
        let h = &mut self.hands[seat.index()];
        match h.iter().position(|t| *t == tile) {
            Some(i) => {
                h.remove(i);
                true
            }
            None => false,
        }
    }

    pub(crate) fn discard_from_hand(&mut self, seat: Seat, tile: WorkTile) {
        if self.take_from_hand(seat, tile) {
            self.discards[tile as usize] += 1;
        }
    }

    /// Records that the event tile `tile` was played this turn.
    pub(crate) fn record_event(&mut self, tile: WorkTile) {
        if let Err(i) = self.events_played.binary_search(&tile) {
            self.events_played.insert(i, tile);
        }
    }

    pub(crate) fn recompute_order(&mut self) {
        let mut seats: Vec<Seat> = (0..self.players).map(Seat).collect();
        seats.sort_by_key(|s| (self.leader(*s).map_or(u8::MAX, |l| l as u8), s.0));
        self.order = seats;
    }
}

/// Setters for building test positions. Not part of the stable API; they do not keep the
/// game's invariants by themselves.
#[doc(hidden)]
impl Hold {
    /// A position for tests: setup done, every square outside the hold an unclaimed Soil tile
    /// except a Copper vein at h1 (row 0, col 7) and the Dragon at h8 (row 7, col 7),
    /// empty hands (every work tile in the draw pile), no gold or VT, one marker each on the
    /// hold, seat `i` holding leader `i` (so seat 0 is the Dwarf Lord), at the start of `phase`
    /// of turn 1. Adjust it with the other setters, then call [`Hold::settle`].
    pub fn test_position(players: u8, phase: Phase) -> Hold {
        let players = players.clamp(2, 8);
        let mut h = Hold::blank(HoldOptions::default(), players);
        h.chance = None;
        // One unmined vein and one uncleared lair in far corners, so no end condition holds.
        h.spaces.set(7, Space::Open(BoardTile::Copper));
        h.spaces.set(63, Space::Open(BoardTile::Dragon));
        let leaders: Vec<Leader> = Leader::ALL[..players as usize].to_vec();
        h.set_leaders(&leaders);
        h.prev_order = h.order.clone();
        if phase == Phase::Leader {
            h.leaders = vec![None; players as usize];
        }
        h.set_phase(phase);
        h
    }

    /// Runs the automatic steps from the current position (income, phase changes, end of turn)
    /// up to the next decision or chance point.
    pub fn settle(&mut self) -> Vec<crate::types::HoldEvent> {
        let mut ev = Vec::new();
        self.advance(&mut ev);
        ev
    }

    /// Sets the options.
    pub fn set_options(&mut self, options: HoldOptions) {
        self.options = options;
    }

    /// Replaces a square's content.
    pub fn set_space(&mut self, at: Pos, space: Space) {
        self.spaces.set(at.0 as usize, space);
    }

    /// Replaces a hand (sorted on the way in). Tiles are taken from / returned to the draw pile
    /// so component counts stay right where possible.
    pub fn set_hand(&mut self, seat: Seat, tiles: &[WorkTile]) {
        for t in std::mem::take(&mut self.hands[seat.index()]) {
            self.draw_pile[t as usize] += 1;
        }
        for &t in tiles {
            if self.draw_pile[t as usize] > 0 {
                self.draw_pile[t as usize] -= 1;
            } else if self.discards[t as usize] > 0 {
                self.discards[t as usize] -= 1;
            }
            self.add_to_hand(seat, t);
        }
    }

    /// The draw pile as a count per design (hidden information: for tests only).
    pub fn draw_pile_counts(&self) -> &[u8] {
        &self.draw_pile
    }

    /// Sets a seat's gold.
    pub fn set_gold(&mut self, seat: Seat, gold: u32) {
        self.gold[seat.index()] = gold;
    }

    /// Sets a seat's VT.
    pub fn set_vt(&mut self, seat: Seat, vt: u32) {
        self.vt[seat.index()] = vt;
    }

    /// Sets a seat's markers on the hold.
    pub fn set_hold_markers(&mut self, seat: Seat, n: u8) {
        self.hold_markers[seat.index()] = n;
    }

    /// Sets a seat's trophies.
    pub fn set_trophies(&mut self, seat: Seat, t: &[BoardTile]) {
        self.trophies[seat.index()] = t.to_vec();
        self.trophies[seat.index()].sort();
    }

    /// Sets every seat's leader (index = seat) and the leader order.
    pub fn set_leaders(&mut self, leaders: &[Leader]) {
        for (i, l) in leaders.iter().enumerate().take(self.players as usize) {
            self.leaders[i] = Some(*l);
        }
        self.recompute_order();
    }

    /// Empties the draw pile into the discards (or back) so draws are predictable in tests:
    /// keeps only `keep` in the draw pile.
    pub fn set_draw_pile(&mut self, keep: &[WorkTile]) {
        for i in 0..self.draw_pile.len() {
            self.discards[i] += self.draw_pile[i];
            self.draw_pile[i] = 0;
        }
        for &t in keep {
            if self.discards[t as usize] > 0 {
                self.discards[t as usize] -= 1;
                self.draw_pile[t as usize] += 1;
            }
        }
    }

    /// Moves the game to the start of `phase` (first seat in leader order), clearing any stage.
    pub fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
        self.cursor = 0;
        self.stage = Stage::None;
        self.chance = None;
        self.trade_turn = self.first_trader();
        self.trade_passes = 0;
    }

    /// Sets the VT bought so far this turn.
    pub fn set_vt_bought(&mut self, n: u8) {
        self.vt_bought = n;
    }

    /// Sets the turn number.
    pub fn set_turn(&mut self, turn: u16) {
        self.turn = turn;
    }

    /// Sets the previous turn's leader order.
    pub fn set_prev_order(&mut self, order: &[Seat]) {
        self.prev_order = order.to_vec();
    }

    /// Resets what every seat has used this turn.
    pub fn reset_turn_use(&mut self) {
        self.used = vec![TurnUse::default(); self.players as usize];
    }
}
