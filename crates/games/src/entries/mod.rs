//! The registry entries, one file per game: what each game brings besides its rules.

mod fall;
mod hold;
mod pig;
mod spring;
mod winter;

pub use fall::FallEntry;
pub use hold::HoldEntry;
pub use pig::PigEntry;
pub use spring::SpringEntry;
pub use winter::WinterEntry;
