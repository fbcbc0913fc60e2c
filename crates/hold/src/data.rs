//! Every piece of Dwarf Hold data in one reviewed place: the 60 board tiles, the 72 work tiles,
//! the 8 leader cards, and the numbers the rules use.
//!
//! All values come from the rulebook (`shared/seeds/dwarf-hold.txt`); the few the rulebook leaves
//! open are marked "ours" here and explained in `docs/rules/hold.md`. [`data_digest`] is blake3
//! over the canonical encoding of everything in this module, so peers with different data never
//! start a game together.

use serde::{Deserialize, Serialize};

/// The board is 8 x 8 squares.
pub const BOARD_SIDE: u8 = 8;
/// Squares on the board.
pub const SQUARES: usize = 64;
/// The 2 x 2 hold covers rows and columns 3 and 4.
pub const HOLD_LOW: u8 = 3;
/// See [`HOLD_LOW`].
pub const HOLD_HIGH: u8 = 4;

/// Gold every player gets in the Gold phase.
pub const GOLD_PER_TURN: u32 = 10;
/// The Master Craftsman's extra gold in the Gold phase.
pub const CRAFTSMAN_GOLD: u32 = 3;
/// The Master Craftsman's victory tokens in the Gold phase.
pub const CRAFTSMAN_VT: u32 = 2;
/// Work tiles dealt to each player at setup.
pub const STARTING_HAND: u8 = 3;
/// Gold per extra work-tile draw in the Work phase.
pub const EXTRA_DRAW_COST: u32 = 5;
/// Price of the first victory token bought in a turn; each later one (by anyone) costs 1 more.
pub const VT_BASE_PRICE: u32 = 2;
/// Gold per action tile played in a dig or fight.
pub const GOLD_PER_TILE_PLAYED: u32 = 1;
/// Extra gold when the target touches only opponents' spaces.
pub const FAR_SURCHARGE: u32 = 2;
/// Gold paid to the owner when building over their space.
pub const TAKEOVER_GOLD: u32 = 4;
/// Extra gold to build in a former lair.
pub const FORMER_LAIR_SURCHARGE: u32 = 2;
/// Hand limit at the end of the turn (counts all work tiles: see the rules doc).
pub const HAND_LIMIT: usize = 7;
/// Dig points an event or room tile gives when played as an action tile in a dig.
pub const WILD_DIG: u8 = 1;
/// End-of-game award for the most clan markers on the hold.
pub const AWARD_HOLD: u32 = 24;
/// End-of-game award for the most trophies.
pub const AWARD_TROPHIES: u32 = 12;
/// End-of-game award for the most rooms.
pub const AWARD_ROOMS: u32 = 12;
/// End-of-game award for the most mines.
pub const AWARD_MINES: u32 = 12;
/// Gold per victory token at the end of the game.
pub const GOLD_PER_FINAL_VT: u32 = 10;
/// The game ends at the end of a turn in which a player has more than this many VT.
pub const VT_END_THRESHOLD: u32 = 100;
/// Gold stolen by Raid Treasury.
pub const RAID_GOLD: u32 = 7;
/// VT from Forge Great Relic.
pub const RELIC_VT: u32 = 7;
/// Gold from Unearth Big Diamond.
pub const DIAMOND_GOLD: u32 = 10;
/// Tiles drawn by Greybeards.
pub const GREYBEARDS_DRAW: u8 = 3;
/// Tiles drawn by Rune Stones (one is kept).
pub const RUNE_STONES_DRAW: u8 = 7;
/// Tiles the victim of Sabotage discards at random.
pub const SABOTAGE_DISCARDS: u8 = 2;
/// Markers Great Oratory places on the hold.
pub const ORATORY_MARKERS: u8 = 2;
/// Markers Arcane Laws may scramble.
pub const ARCANE_MARKERS: usize = 6;

/// The four kinds of board tile (the hold is not a tile kind here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BoardKind {
    /// Building sites (value 1-3).
    Earth,
    /// Monster lairs (value 6-15); fought for, kept as trophies.
    Lair,
    /// Veins (value 4-12); dug to become mines.
    Vein,
    /// Never controlled, never passed.
    Impassable,
}

/// One of the 36 board tile designs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum BoardTile {
    Soil,
    Rock,
    Stone,
    Copper,
    Tin,
    Iron,
    Silver,
    Gold,
    Platinum,
    Mithril,
    Gems,
    Jewels,
    Kobolds,
    GoblinTribes,
    Troglodytes,
    OrcArmy,
    GiantSpiders,
    ChaosDwarves,
    Drow,
    Gythanki,
    Ogres,
    Xorn,
    CaveTrolls,
    MindFlayers,
    StoneGiants,
    EarthGiants,
    DemonHorde,
    Beholder,
    PitFiend,
    Dragon,
    BottomlessPit,
    AdmantiumBoulder,
    OilShale,
    UndergroundRiver,
    LavaTubes,
    MagmaSeep,
}

/// Which neighbouring tiles an effect looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TileMatch {
    /// Tiles of this kind (after transformations).
    Kind(BoardKind),
    /// Tiles that currently are this tile (after transformations).
    Tile(BoardTile),
}

/// A board tile's effect. Lair effects work only while the lair is on the board, uncleared and
/// not itself transformed; impassable effects always work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardEffect {
    /// A mine's income in the Gold phase.
    Income {
        /// Gold per turn.
        gold: u8,
        /// VT per turn.
        vt: u8,
    },
    /// The mine's owner's action tiles get +1 Dig.
    MineDigBonus,
    /// The mine's owner's action tiles get +1 Fight.
    MineFightBonus,
    /// Adjacent unclaimed tiles matching must be won in the Fight phase with fight points.
    MustFight(TileMatch),
    /// This lair's value rises by `per` for each adjacent tile matching.
    PerAdjacent {
        /// Value per matching neighbour.
        per: i8,
        /// Which neighbours count.
        of: TileMatch,
    },
    /// Adjacent unclaimed tiles matching change value by `delta`.
    AdjacentValue {
        /// Value change.
        delta: i8,
        /// Which neighbours change.
        of: TileMatch,
    },
    /// Adjacent unclaimed tiles matching become another tile (an earth tile).
    Become {
        /// Which neighbours change.
        of: TileMatch,
        /// What they become.
        into: BoardTile,
    },
    /// Adjacent uncleared lairs become impassable fire pits.
    FirePits,
    /// Clearing this lair takes this much gold from the vault.
    GoldOnClear(u8),
    /// Building this room next to the tile gives its builder VT once.
    RoomBonus {
        /// The room.
        room: WorkTile,
        /// VT gained.
        vt: u8,
    },
}

/// One board tile design.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BoardTileData {
    /// The design.
    pub tile: BoardTile,
    /// Printed name.
    pub name: &'static str,
    /// Printed kind.
    pub kind: BoardKind,
    /// Copies in the game.
    pub copies: u8,
    /// Printed value (0 for impassables, printed "X").
    pub value: u8,
    /// Effects, in the order they are printed.
    pub effects: &'static [BoardEffect],
}

use BoardEffect as B;
use BoardKind::{Earth, Impassable, Lair, Vein};

const fn bt(
    tile: BoardTile,
    name: &'static str,
    kind: BoardKind,
    copies: u8,
    value: u8,
    effects: &'static [BoardEffect],
) -> BoardTileData {
    BoardTileData {
        tile,
        name,
        kind,
        copies,
        value,
        effects,
    }
}

/// The board tile set list, in the rulebook's order (index = `BoardTile as usize`).
pub const BOARD_TILES: [BoardTileData; 36] = {
    use BoardTile as T;
    use TileMatch::{Kind, Tile};
    [
        bt(T::Soil, "Soil", Earth, 6, 1, &[]),
        bt(T::Rock, "Rock", Earth, 6, 2, &[]),
        bt(T::Stone, "Stone", Earth, 6, 3, &[]),
        bt(
            T::Copper,
            "Copper",
            Vein,
            2,
            4,
            &[B::Income { gold: 1, vt: 0 }],
        ),
        bt(T::Tin, "Tin", Vein, 2, 5, &[B::Income { gold: 1, vt: 0 }]),
        bt(T::Iron, "Iron", Vein, 2, 6, &[B::MineDigBonus]),
        bt(
            T::Silver,
            "Silver",
            Vein,
            2,
            7,
            &[B::Income { gold: 2, vt: 0 }],
        ),
        bt(T::Gold, "Gold", Vein, 2, 8, &[B::Income { gold: 2, vt: 0 }]),
        bt(
            T::Platinum,
            "Platinum",
            Vein,
            2,
            9,
            &[B::Income { gold: 2, vt: 0 }],
        ),
        bt(T::Mithril, "Mithril", Vein, 2, 10, &[B::MineFightBonus]),
        bt(
            T::Gems,
            "Gems",
            Vein,
            2,
            11,
            &[B::Income { gold: 1, vt: 1 }],
        ),
        bt(
            T::Jewels,
            "Jewels",
            Vein,
            2,
            12,
            &[B::Income { gold: 1, vt: 1 }],
        ),
        bt(
            T::Kobolds,
            "Kobolds",
            Lair,
            1,
            6,
            &[B::MustFight(Tile(T::Soil))],
        ),
        bt(
            T::GoblinTribes,
            "Goblin Tribes",
            Lair,
            1,
            6,
            &[B::MustFight(Tile(T::Rock))],
        ),
        bt(
            T::Troglodytes,
            "Troglodytes",
            Lair,
            1,
            7,
            &[B::PerAdjacent {
                per: 2,
                of: Tile(T::Rock),
            }],
        ),
        bt(
            T::OrcArmy,
            "Orc Army",
            Lair,
            1,
            7,
            &[B::MustFight(Tile(T::Stone))],
        ),
        bt(
            T::GiantSpiders,
            "Giant Spiders",
            Lair,
            1,
            8,
            &[B::AdjacentValue {
                delta: 1,
                of: Kind(Lair),
            }],
        ),
        bt(
            T::ChaosDwarves,
            "Chaos Dwarves",
            Lair,
            1,
            8,
            &[B::MustFight(Kind(Vein))],
        ),
        bt(
            T::Drow,
            "Drow",
            Lair,
            1,
            9,
            &[
                B::PerAdjacent {
                    per: 2,
                    of: Kind(Lair),
                },
                B::AdjacentValue {
                    delta: -1,
                    of: Kind(Lair),
                },
            ],
        ),
        bt(T::Gythanki, "Gythanki", Lair, 1, 9, &[B::GoldOnClear(10)]),
        bt(
            T::Ogres,
            "Ogres",
            Lair,
            1,
            10,
            &[B::PerAdjacent {
                per: 1,
                of: Kind(Lair),
            }],
        ),
        bt(
            T::Xorn,
            "Xorn",
            Lair,
            1,
            10,
            &[B::Become {
                of: Kind(Vein),
                into: T::Rock,
            }],
        ),
        bt(
            T::CaveTrolls,
            "Cave Trolls",
            Lair,
            1,
            11,
            &[B::PerAdjacent {
                per: 1,
                of: Kind(Vein),
            }],
        ),
        bt(
            T::MindFlayers,
            "Mind Flayers",
            Lair,
            1,
            11,
            &[B::AdjacentValue {
                delta: 2,
                of: Kind(Lair),
            }],
        ),
        bt(
            T::StoneGiants,
            "Stone Giants",
            Lair,
            1,
            12,
            &[B::Become {
                of: Kind(Earth),
                into: T::Stone,
            }],
        ),
        bt(
            T::EarthGiants,
            "Earth Giants",
            Lair,
            1,
            12,
            &[B::PerAdjacent {
                per: 1,
                of: Kind(Earth),
            }],
        ),
        bt(
            T::DemonHorde,
            "Demon Horde",
            Lair,
            1,
            13,
            &[B::PerAdjacent {
                per: 1,
                of: Kind(Impassable),
            }],
        ),
        bt(
            T::Beholder,
            "Beholder",
            Lair,
            1,
            13,
            &[B::Become {
                of: Kind(Lair),
                into: T::Soil,
            }],
        ),
        bt(T::PitFiend, "Pit Fiend", Lair, 1, 14, &[B::FirePits]),
        bt(T::Dragon, "Dragon", Lair, 1, 15, &[B::GoldOnClear(20)]),
        bt(
            T::BottomlessPit,
            "Bottomless Pit",
            Impassable,
            1,
            0,
            &[B::AdjacentValue {
                delta: 1,
                of: Kind(Lair),
            }],
        ),
        bt(
            T::AdmantiumBoulder,
            "Admantium Boulder",
            Impassable,
            1,
            0,
            &[B::AdjacentValue {
                delta: 2,
                of: Kind(Earth),
            }],
        ),
        bt(
            T::OilShale,
            "Oil Shale",
            Impassable,
            1,
            0,
            &[B::RoomBonus {
                room: WorkTile::MachineShops,
                vt: 5,
            }],
        ),
        bt(
            T::UndergroundRiver,
            "Underground River",
            Impassable,
            1,
            0,
            &[B::RoomBonus {
                room: WorkTile::Cistern,
                vt: 5,
            }],
        ),
        bt(
            T::LavaTubes,
            "Lava Tubes",
            Impassable,
            1,
            0,
            &[B::AdjacentValue {
                delta: 1,
                of: Kind(Vein),
            }],
        ),
        bt(
            T::MagmaSeep,
            "Magma Seep",
            Impassable,
            1,
            0,
            &[B::RoomBonus {
                room: WorkTile::GreatForge,
                vt: 5,
            }],
        ),
    ]
};

impl BoardTile {
    /// Every design, in index order.
    pub const ALL: [BoardTile; 36] = {
        let mut out = [BoardTile::Soil; 36];
        let mut i = 0;
        while i < 36 {
            out[i] = BOARD_TILES[i].tile;
            i += 1;
        }
        out
    };

    /// This design's data.
    pub fn data(self) -> &'static BoardTileData {
        &BOARD_TILES[self as usize]
    }

    /// Printed name.
    pub fn name(self) -> &'static str {
        self.data().name
    }

    /// Printed kind.
    pub fn kind(self) -> BoardKind {
        self.data().kind
    }
}

/// The three kinds of work tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WorkKind {
    /// Built on the board in the Build phase.
    Room,
    /// One-shot effects, mostly in the Event phase.
    Event,
    /// Dig and fight points.
    Action,
}

/// One of the 8 leader cards, in leader order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Leader {
    DwarfLord,
    ClanElder,
    MasterBuilder,
    MasterEngineer,
    DwarfGeneral,
    MasterCraftsman,
    ClanChieftain,
    DwarfJudge,
}

/// Leader names, in leader order (index = `Leader as usize`).
pub const LEADER_NAMES: [&str; 8] = [
    "Dwarf Lord",
    "Clan Elder",
    "Master Builder",
    "Master Engineer",
    "Dwarf General",
    "Master Craftsman",
    "Clan Chieftain",
    "Dwarf Judge",
];

impl Leader {
    /// All leaders in leader order.
    pub const ALL: [Leader; 8] = [
        Leader::DwarfLord,
        Leader::ClanElder,
        Leader::MasterBuilder,
        Leader::MasterEngineer,
        Leader::DwarfGeneral,
        Leader::MasterCraftsman,
        Leader::ClanChieftain,
        Leader::DwarfJudge,
    ];

    /// Printed name.
    pub fn name(self) -> &'static str {
        LEADER_NAMES[self as usize]
    }
}

/// A room's continuous (or one-time) effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoomEffect {
    /// Gain VT when you pick this leader in the Leader phase.
    VtOnPick(Leader, u8),
    /// Gain VT at the end of a turn in which you played no action tile.
    NoActionTileVt(u8),
    /// Your action tiles get +1 Dig.
    DigBonus,
    /// Your action tiles get +1 Fight.
    FightBonus,
    /// You may dig one extra tile per turn.
    ExtraDig,
    /// You may clear one extra lair per turn.
    ExtraFight,
    /// You may build one extra room per turn.
    ExtraBuild,
    /// Victory tokens cost you this much less in the Event phase.
    VtDiscount(u8),
    /// Extra work-tile draws cost you this much less in the Work phase.
    DrawDiscount(u8),
    /// Each dig and each build costs you this much less gold.
    DigBuildDiscount(u8),
    /// At the start of the Trade phase draw this many work tiles, then discard as many.
    TradingPost(u8),
    /// Your hand limit rises by this much.
    HandSize(u8),
    /// One time, when built: place this many of your clan markers on the hold.
    HoldMarkersOnce(u8),
    /// Gain VT every time you clear a lair.
    TrophyVt(u8),
    /// Gain VT every time you build a mine.
    MineVt(u8),
    /// May be built next to uncleared lairs.
    IgnoresLairs,
    /// Once in each Event phase, look at one opponent's hand.
    LookAtHand,
}

/// An event tile's effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventEffect {
    /// The target opponent discards this many random work tiles.
    Sabotage(u8),
    /// Steal gold from the target opponent.
    Raid(u8),
    /// Gain VT.
    GainVt(u8),
    /// Gain gold from the vault.
    GainGold(u8),
    /// Draw work tiles.
    Draw(u8),
    /// Draw work tiles, keep one, discard the rest.
    DrawKeepOne(u8),
    /// Steal one random work tile from the target opponent.
    StealTile,
    /// Replace the target clan marker with one of your own.
    TurfDispute,
    /// Place clan markers on the hold.
    HoldMarkers(u8),
    /// Played at the end of the Leader phase: swap leader cards with an opponent.
    Intrigue,
    /// Scramble up to this many clan markers on the board.
    ArcaneLaws(u8),
}

/// Dig and fight points of an action tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ActionStats {
    /// Dig points (0: cannot dig).
    pub dig: u8,
    /// Fight points (0: cannot fight).
    pub fight: u8,
    /// Extra fight points against these lairs.
    pub bonus_vs: &'static [BoardTile],
    /// How many extra fight points.
    pub bonus: u8,
}

/// What a work tile does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum WorkEffect {
    /// A room: its printed value (gold cost and VT) and effect.
    Room {
        /// Printed value.
        value: u8,
        /// Effect.
        effect: RoomEffect,
    },
    /// An event.
    Event(EventEffect),
    /// An action tile.
    Action(ActionStats),
}

/// One work tile design.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WorkTileData {
    /// The design.
    pub tile: WorkTile,
    /// Printed name.
    pub name: &'static str,
    /// Copies in the game.
    pub copies: u8,
    /// What it does.
    pub effect: WorkEffect,
}

/// One of the 60 work tile designs (72 tiles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum WorkTile {
    GreatHall,
    EarthTemple,
    GreatForge,
    Workshops,
    Brewery,
    GuildHall,
    Treasury,
    Citadel,
    MachineShops,
    ThroneRoom,
    AncestralShrine,
    HeroesTombs,
    Barracks,
    FeastingHall,
    Cistern,
    TradingPost,
    StoreRooms,
    Armory,
    HallOfRecords,
    TrophyRoom,
    CouncilHall,
    GreatHoard,
    GreatGate,
    SecretPassage,
    Sabotage,
    RaidTreasury,
    ForgeGreatRelic,
    UnearthBigDiamond,
    Greybeards,
    RuneStones,
    ClanInformers,
    TurfDispute,
    GreatOratory,
    Intrigue,
    ArcaneLaws,
    DwarfMiners,
    PicksAndShovels,
    TunnelsAndShafts,
    PowderKeg,
    Hammers,
    BigDrill,
    MajorExcavation,
    BigDig,
    Champion,
    RuneMaster,
    BattleMage,
    EarthPriest,
    Clansmen,
    GiantSlayer,
    FlameThrower,
    Warriors,
    Berserkers,
    ShieldBearers,
    Sentries,
    Gunners,
    Crossbows,
    SwordAndAxes,
    TunnelFighters,
    PikesAndHalberds,
    DemolitionTeam,
}

const fn room(tile: WorkTile, name: &'static str, value: u8, effect: RoomEffect) -> WorkTileData {
    WorkTileData {
        tile,
        name,
        copies: 1,
        effect: WorkEffect::Room { value, effect },
    }
}

const fn event(tile: WorkTile, name: &'static str, effect: EventEffect) -> WorkTileData {
    WorkTileData {
        tile,
        name,
        copies: 1,
        effect: WorkEffect::Event(effect),
    }
}

const fn action(
    tile: WorkTile,
    name: &'static str,
    copies: u8,
    dig: u8,
    fight: u8,
    bonus_vs: &'static [BoardTile],
    bonus: u8,
) -> WorkTileData {
    WorkTileData {
        tile,
        name,
        copies,
        effect: WorkEffect::Action(ActionStats {
            dig,
            fight,
            bonus_vs,
            bonus,
        }),
    }
}

/// The work tile set list, in the rulebook's order (index = `WorkTile as usize`).
pub const WORK_TILES: [WorkTileData; 60] = {
    use BoardTile as L;
    use EventEffect as E;
    use Leader as Ld;
    use RoomEffect as R;
    use WorkTile as W;
    [
        room(
            W::GreatHall,
            "Great Hall",
            10,
            R::VtOnPick(Ld::DwarfJudge, 1),
        ),
        room(W::EarthTemple, "Earth Temple", 9, R::NoActionTileVt(2)),
        room(
            W::GreatForge,
            "Great Forge",
            10,
            R::VtOnPick(Ld::MasterEngineer, 1),
        ),
        room(W::Workshops, "Workshops", 7, R::DigBonus),
        room(W::Brewery, "Brewery", 6, R::ExtraDig),
        room(
            W::GuildHall,
            "Guild Hall",
            8,
            R::VtOnPick(Ld::MasterBuilder, 1),
        ),
        room(
            W::Treasury,
            "Treasury",
            7,
            R::VtOnPick(Ld::MasterCraftsman, 1),
        ),
        room(W::Citadel, "Citadel", 9, R::VtOnPick(Ld::DwarfGeneral, 1)),
        room(W::MachineShops, "Machine Shops", 6, R::ExtraBuild),
        room(
            W::ThroneRoom,
            "Throne Room",
            10,
            R::VtOnPick(Ld::DwarfLord, 1),
        ),
        room(
            W::AncestralShrine,
            "Ancestral Shrine",
            8,
            R::VtOnPick(Ld::ClanChieftain, 1),
        ),
        room(W::HeroesTombs, "Heroes Tombs", 6, R::VtDiscount(1)),
        room(W::Barracks, "Barracks", 5, R::ExtraFight),
        room(W::FeastingHall, "Feasting Hall", 8, R::DrawDiscount(1)),
        room(W::Cistern, "Cistern", 3, R::DigBuildDiscount(1)),
        room(W::TradingPost, "Trading Post", 5, R::TradingPost(2)),
        room(W::StoreRooms, "Store Rooms", 5, R::HandSize(2)),
        room(W::Armory, "Armory", 7, R::FightBonus),
        room(
            W::HallOfRecords,
            "Hall of Records",
            3,
            R::HoldMarkersOnce(4),
        ),
        room(W::TrophyRoom, "Trophy Room", 4, R::TrophyVt(2)),
        room(
            W::CouncilHall,
            "Council Hall",
            3,
            R::VtOnPick(Ld::ClanElder, 1),
        ),
        room(W::GreatHoard, "Great Hoard", 4, R::MineVt(2)),
        room(W::GreatGate, "Great Gate", 9, R::IgnoresLairs),
        room(W::SecretPassage, "Secret Passage", 4, R::LookAtHand),
        event(W::Sabotage, "Sabotage", E::Sabotage(SABOTAGE_DISCARDS)),
        event(W::RaidTreasury, "Raid Treasury", E::Raid(RAID_GOLD as u8)),
        event(
            W::ForgeGreatRelic,
            "Forge Great Relic",
            E::GainVt(RELIC_VT as u8),
        ),
        event(
            W::UnearthBigDiamond,
            "Unearth Big Diamond",
            E::GainGold(DIAMOND_GOLD as u8),
        ),
        event(W::Greybeards, "Greybeards", E::Draw(GREYBEARDS_DRAW)),
        event(
            W::RuneStones,
            "Rune Stones",
            E::DrawKeepOne(RUNE_STONES_DRAW),
        ),
        event(W::ClanInformers, "Clan Informers", E::StealTile),
        event(W::TurfDispute, "Turf Dispute", E::TurfDispute),
        event(
            W::GreatOratory,
            "Great Oratory",
            E::HoldMarkers(ORATORY_MARKERS),
        ),
        event(W::Intrigue, "Intrigue", E::Intrigue),
        event(
            W::ArcaneLaws,
            "Arcane Laws",
            E::ArcaneLaws(ARCANE_MARKERS as u8),
        ),
        action(W::DwarfMiners, "Dwarf Miners", 2, 1, 1, &[], 0),
        action(W::PicksAndShovels, "Picks & Shovels", 6, 2, 0, &[], 0),
        action(W::TunnelsAndShafts, "Tunnels & Shafts", 6, 3, 0, &[], 0),
        action(W::PowderKeg, "Powder Keg", 1, 3, 3, &[], 0),
        action(W::Hammers, "Hammers", 1, 2, 2, &[], 0),
        action(W::BigDrill, "Big Drill", 2, 4, 0, &[], 0),
        action(W::MajorExcavation, "Major Excavation", 1, 5, 0, &[], 0),
        action(W::BigDig, "Big Dig", 1, 6, 0, &[], 0),
        action(W::Champion, "Champion", 1, 0, 5, &[L::Dragon], 10),
        action(W::RuneMaster, "Rune Master", 1, 0, 5, &[L::Beholder], 8),
        action(W::BattleMage, "Battle Mage", 1, 0, 5, &[L::DemonHorde], 8),
        action(W::EarthPriest, "Earth Priest", 1, 0, 4, &[L::PitFiend], 10),
        action(W::Clansmen, "Clansmen", 1, 2, 3, &[L::OrcArmy], 4),
        action(
            W::GiantSlayer,
            "Giant Slayer",
            1,
            0,
            4,
            &[L::StoneGiants, L::EarthGiants],
            8,
        ),
        action(
            W::FlameThrower,
            "Flame Thrower",
            1,
            0,
            4,
            &[L::CaveTrolls],
            7,
        ),
        action(W::Warriors, "Warriors", 1, 0, 4, &[L::Gythanki], 5),
        action(W::Berserkers, "Berserkers", 1, 0, 5, &[L::MindFlayers], 6),
        action(W::ShieldBearers, "Shield Bearers", 1, 0, 3, &[L::Drow], 6),
        action(W::Sentries, "Sentries", 1, 0, 2, &[L::Kobolds], 4),
        action(W::Gunners, "Gunners", 1, 0, 5, &[L::ChaosDwarves], 3),
        action(W::Crossbows, "Crossbows", 1, 0, 2, &[L::GiantSpiders], 5),
        action(
            W::SwordAndAxes,
            "Sword & Axes",
            1,
            0,
            4,
            &[L::GoblinTribes],
            2,
        ),
        action(
            W::TunnelFighters,
            "Tunnel Fighters",
            1,
            0,
            3,
            &[L::Troglodytes],
            4,
        ),
        action(
            W::PikesAndHalberds,
            "Pikes & Halberds",
            1,
            0,
            3,
            &[L::Ogres],
            7,
        ),
        action(W::DemolitionTeam, "Demolition Team", 1, 4, 3, &[L::Xorn], 7),
    ]
};

impl WorkTile {
    /// Every design, in index order.
    pub const ALL: [WorkTile; 60] = {
        let mut out = [WorkTile::GreatHall; 60];
        let mut i = 0;
        while i < 60 {
            out[i] = WORK_TILES[i].tile;
            i += 1;
        }
        out
    };

    /// This design's data.
    pub fn data(self) -> &'static WorkTileData {
        &WORK_TILES[self as usize]
    }

    /// Printed name.
    pub fn name(self) -> &'static str {
        self.data().name
    }

    /// Room, event or action.
    pub fn kind(self) -> WorkKind {
        match self.data().effect {
            WorkEffect::Room { .. } => WorkKind::Room,
            WorkEffect::Event(_) => WorkKind::Event,
            WorkEffect::Action(_) => WorkKind::Action,
        }
    }

    /// The room's printed value and effect, if this is a room.
    pub fn room(self) -> Option<(u8, RoomEffect)> {
        match self.data().effect {
            WorkEffect::Room { value, effect } => Some((value, effect)),
            _ => None,
        }
    }

    /// The event's effect, if this is an event.
    pub fn event(self) -> Option<EventEffect> {
        match self.data().effect {
            WorkEffect::Event(e) => Some(e),
            _ => None,
        }
    }

    /// The action tile's points, if this is an action tile.
    pub fn action(self) -> Option<ActionStats> {
        match self.data().effect {
            WorkEffect::Action(a) => Some(a),
            _ => None,
        }
    }
}

/// Total work tiles in the game.
pub fn work_tile_total() -> usize {
    WORK_TILES.iter().map(|w| w.copies as usize).sum()
}

/// Total board tiles (not counting the hold).
pub fn board_tile_total() -> usize {
    BOARD_TILES.iter().map(|b| b.copies as usize).sum()
}

#[derive(Serialize)]
struct Canonical {
    label: &'static str,
    numbers: [u32; 29],
    board: &'static [BoardTileData],
    work: &'static [WorkTileData],
    leaders: [&'static str; 8],
}

/// blake3 over the canonical encoding of all data in this module (computed once; every state
/// hash includes it).
pub fn data_digest() -> [u8; 32] {
    static DIGEST: std::sync::OnceLock<[u8; 32]> = std::sync::OnceLock::new();
    *DIGEST.get_or_init(compute_digest)
}

fn compute_digest() -> [u8; 32] {
    let c = Canonical {
        label: "dwarfs hold data v1",
        numbers: [
            BOARD_SIDE as u32,
            HOLD_LOW as u32,
            HOLD_HIGH as u32,
            GOLD_PER_TURN,
            CRAFTSMAN_GOLD,
            CRAFTSMAN_VT,
            STARTING_HAND as u32,
            EXTRA_DRAW_COST,
            VT_BASE_PRICE,
            GOLD_PER_TILE_PLAYED,
            FAR_SURCHARGE,
            TAKEOVER_GOLD,
            FORMER_LAIR_SURCHARGE,
            HAND_LIMIT as u32,
            WILD_DIG as u32,
            AWARD_HOLD,
            AWARD_TROPHIES,
            AWARD_ROOMS,
            AWARD_MINES,
            GOLD_PER_FINAL_VT,
            VT_END_THRESHOLD,
            RAID_GOLD,
            RELIC_VT,
            DIAMOND_GOLD,
            GREYBEARDS_DRAW as u32,
            RUNE_STONES_DRAW as u32,
            SABOTAGE_DISCARDS as u32,
            ORATORY_MARKERS as u32,
            ARCANE_MARKERS as u32,
        ],
        board: &BOARD_TILES,
        work: &WORK_TILES,
        leaders: LEADER_NAMES,
    };
    *blake3::hash(&dwarfs_engine::codec::encode_plain(&c)).as_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_in_index_order() {
        for (i, t) in BOARD_TILES.iter().enumerate() {
            assert_eq!(t.tile as usize, i, "{}", t.name);
        }
        for (i, t) in WORK_TILES.iter().enumerate() {
            assert_eq!(t.tile as usize, i, "{}", t.name);
        }
    }

    #[test]
    fn component_counts_match_the_rulebook() {
        assert_eq!(board_tile_total(), 60);
        let count = |k: BoardKind| {
            BOARD_TILES
                .iter()
                .filter(|t| t.kind == k)
                .map(|t| t.copies as usize)
                .sum::<usize>()
        };
        assert_eq!(count(Earth), 18);
        assert_eq!(count(Lair), 18);
        assert_eq!(count(Vein), 18);
        assert_eq!(count(Impassable), 6);
        let rooms = WorkTile::ALL
            .iter()
            .filter(|w| w.kind() == WorkKind::Room)
            .count();
        let events = WorkTile::ALL
            .iter()
            .filter(|w| w.kind() == WorkKind::Event)
            .count();
        assert_eq!(rooms, 24);
        assert_eq!(events, 11);
        assert_eq!(work_tile_total(), 72);
        // Values are in the ranges the rulebook states.
        for t in BOARD_TILES.iter() {
            match t.kind {
                Earth => assert!((1..=3).contains(&t.value)),
                Vein => assert!((4..=12).contains(&t.value)),
                Lair => assert!((6..=15).contains(&t.value)),
                Impassable => assert_eq!(t.value, 0),
            }
        }
    }

    #[test]
    fn digest_is_stable_within_a_build_and_nonzero() {
        assert_eq!(data_digest(), data_digest());
        assert_ne!(data_digest(), [0; 32]);
    }
}
