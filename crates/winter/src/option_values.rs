//! Winter's options as players set them: `--nightmare`, `--bloodlust` and `--legendary`, each a
//! switch of its own. Solitaire is a 1-player game, not an option.

use crate::WinterOptions;
use dwarfs_engine::SetupError;
use dwarfs_engine::options::{
    GameOptions, OptionKind, OptionSpec, OptionValues, check_values, flag, values,
};

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "nightmare",
        label: "Nightmare",
        help: "On weeks 3, 5 and 7 reveal 2 disasters instead of 1",
        kind: OptionKind::Flag,
    },
    OptionSpec {
        key: "bloodlust",
        label: "Bloodlust",
        help: "+1 VP at the end for each different type of monster you defeated",
        kind: OptionKind::Flag,
    },
    OptionSpec {
        key: "legendary",
        label: "Legendary!",
        help: "The expansion: the sage and legendary dwarfs, 8 monsters, 12 disasters and the snowball effect",
        kind: OptionKind::Flag,
    },
];

impl GameOptions for WinterOptions {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn from_values(v: &OptionValues) -> Result<Self, SetupError> {
        check_values("Dwar7s Winter", SPECS, v)?;
        Ok(WinterOptions {
            nightmare: flag(v, "nightmare"),
            bloodlust: flag(v, "bloodlust"),
            legendary: flag(v, "legendary"),
        })
    }

    fn to_values(&self) -> OptionValues {
        let on = |b: bool| if b { vec!["true".to_string()] } else { vec![] };
        values([
            ("nightmare", on(self.nightmare)),
            ("bloodlust", on(self.bloodlust)),
            ("legendary", on(self.legendary)),
        ])
    }
}
