//! The generic suite, once per registered game: every game in the registry gets these tests
//! (`cargo test -p dwarfs-games -- Fall::` runs one game's), with the amounts its entry plans.

macro_rules! suite_tests {
    ($($variant:ident => $entry:path),+) => {
        $(
            #[allow(non_snake_case)]
            mod $variant {
                use dwarfs_games::suite;
                type E = $entry;

                #[test]
                fn conformance() {
                    suite::conformance::<E>();
                }

                #[test]
                fn termination_with_deterministic_players() {
                    suite::termination::<E>();
                }

                #[test]
                fn determinization_and_non_interference() {
                    suite::hidden_information::<E>();
                }

                #[test]
                fn golden_vectors() {
                    suite::golden::<E>();
                }

                #[test]
                fn takeover_bot_pins() {
                    suite::takeover::<E>();
                }

                #[test]
                fn options_round_trip() {
                    suite::options::<E>();
                }
            }
        )+
    };
}

dwarfs_games::for_each_game!(suite_tests);
