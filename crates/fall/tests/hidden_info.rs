//! Events that carry hidden information reach only the seats allowed to see it.

use dwarfs_engine::{Game, Seat, Viewer};
use dwarfs_fall::{Fall, FallEvent, FallOptions, Gem, OgreKind};

#[test]
fn drawn_ogres_and_stolen_gems_are_redacted_for_other_viewers() {
    let g = Fall::new(&FallOptions::default(), 3).unwrap();
    let drawn = FallEvent::OgreDrawn {
        seat: Seat(1),
        ogre: OgreKind::Thief,
    };
    assert_eq!(
        g.redact_event(&drawn, Viewer::Seat(Seat(1))),
        Some(drawn.clone())
    );
    assert_eq!(g.redact_event(&drawn, Viewer::Seat(Seat(0))), None);
    assert_eq!(g.redact_event(&drawn, Viewer::Spectator), None);

    let stolen = FallEvent::GemStolen {
        by: Seat(0),
        from: Seat(2),
        gem: Gem::Ruby,
    };
    for (viewer, sees) in [
        (Viewer::Seat(Seat(0)), true),
        (Viewer::Seat(Seat(2)), true),
        (Viewer::Seat(Seat(1)), false),
        (Viewer::Spectator, false),
    ] {
        assert_eq!(
            g.redact_event(&stolen, viewer).is_some(),
            sees,
            "{viewer:?}"
        );
    }
    // Public events pass unchanged.
    let public = FallEvent::ActionsEnded(Seat(1));
    assert_eq!(
        g.redact_event(&public, Viewer::Spectator),
        Some(public.clone())
    );
}
