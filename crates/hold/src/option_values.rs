//! Hold's options as players set them: none yet (the limits in [`HoldOptions`] are ours and fixed
//! for every game, see the rules doc).

use crate::HoldOptions;
use dwarfs_engine::SetupError;
use dwarfs_engine::options::{GameOptions, OptionSpec, OptionValues, check_values};

impl GameOptions for HoldOptions {
    fn specs() -> &'static [OptionSpec] {
        &[]
    }

    fn from_values(values: &OptionValues) -> Result<Self, SetupError> {
        check_values("Dwarf Hold", &[], values)?;
        Ok(HoldOptions::default())
    }

    fn to_values(&self) -> OptionValues {
        OptionValues::new()
    }
}
