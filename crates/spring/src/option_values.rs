//! Spring's options as players set them: none yet.

use crate::SpringOptions;
use dwarfs_engine::SetupError;
use dwarfs_engine::options::{GameOptions, OptionSpec, OptionValues, check_values};

impl GameOptions for SpringOptions {
    fn specs() -> &'static [OptionSpec] {
        &[]
    }

    fn from_values(values: &OptionValues) -> Result<Self, SetupError> {
        check_values("Dwar7s Spring", &[], values)?;
        Ok(SpringOptions::default())
    }

    fn to_values(&self) -> OptionValues {
        OptionValues::new()
    }
}
