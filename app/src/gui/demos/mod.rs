//! Demo tables: positions of each game built for screenshots (`DWARFS_GUI_SCREEN`) and for the
//! GUI tests. Like tests, they build positions of a game, so they name its types; the board views
//! themselves live in `dwarfs-gui`.

mod fall_third;
mod hold;
mod spring;
mod winter;

pub use fall_third::third_demo_table;
pub use hold::{hold_demo_table, hold_end_demo_table, hold_trade_demo_table};
pub use spring::spring_demo_table;
pub use winter::{
    winter_demo_table, winter_end_demo_table, winter_music_demo_table, winter_prepare_demo_table,
};
