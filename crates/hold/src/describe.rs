//! Plain-language move-log text for actions.

use crate::state::{Hold, Stage};
use crate::types::{HoldAction as A, MarkerRef};
use dwarfs_engine::{Game, Seat};

/// A clan by its colour, as the board and the lobby name it.
fn name(seat: Seat) -> &'static str {
    Hold::seat_colour(seat).unwrap_or("a clan")
}

fn marker(h: &Hold, m: MarkerRef) -> String {
    match m {
        MarkerRef::Hold(s) => format!("a marker of {} on the hold", name(s)),
        MarkerRef::Space(p) => match h.owner(p) {
            Some(o) => format!("{}'s marker on {p}", name(o)),
            None => format!("the marker on {p}"),
        },
    }
}

impl Hold {
    /// A sentence for the move log. Never names hidden tiles of other players except those the
    /// acting player plays face up.
    pub fn describe_action(&self, action: &A) -> String {
        let who = self.current_seat().map_or("nobody", name);
        match action {
            A::Pass => match self.stage {
                Stage::Arcane { .. } => format!("{who} stops picking up markers"),
                _ => format!("{who} passes"),
            },
            A::PickLeader(l) => format!("{who} picks the {}", l.name()),
            A::PlayIntrigue(t) => format!("{who} plays Intrigue to swap leaders with {}", name(*t)),
            A::BuyDraw => format!("{who} pays gold to draw another work tile"),
            A::Discard(t) => format!("{who} discards {}", t.name()),
            A::StartOffer(t) => format!("{who} starts an offer to {}", name(*t)),
            A::OfferGive(i) => format!("{who} offers {i}"),
            A::OfferAsk(i) => format!("{who} asks for {i}"),
            A::Propose => format!("{who} puts the offer"),
            A::Withdraw => format!("{who} withdraws the offer"),
            A::Accept => format!("{who} accepts the offer"),
            A::Decline => format!("{who} declines the offer"),
            A::BuyVt => format!(
                "{who} buys a VT for {} gold",
                self.current_seat().map_or(0, |s| self.vt_price(s))
            ),
            A::PlayEvent(t) => format!("{who} plays {}", t.name()),
            A::PlayEventOn(t, s) => format!("{who} plays {} on {}", t.name(), name(*s)),
            A::TurfDispute(m) => format!("{who} plays Turf Dispute on {}", marker(self, *m)),
            A::Keep(_) => format!("{who} keeps one of the tiles Rune Stones drew"),
            A::UseJudge => format!("{who} uses the Dwarf Judge to switch two markers"),
            A::PickMarker(m) => format!("{who} picks {}", marker(self, *m)),
            A::PlaceMarker(s) => format!("{who} puts a marker back for {}", name(*s)),
            A::LookAtHand(s) => format!(
                "{who} looks at {}'s hand through the Secret Passage",
                name(*s)
            ),
            A::Target(p) => {
                let what = self.tile_view(*p).map_or("a tile".to_string(), |v| {
                    format!("the {} (value {})", v.face.name(), v.value)
                });
                format!("{who} goes for {what} at {p}")
            }
            A::AddTile(t) => format!("{who} plays {}", t.name()),
            A::Commit => format!("{who} pays and claims the target"),
            A::Abandon => format!("{who} gives up"),
            A::Build(r, p) => format!("{who} builds the {} on {p}", r.name()),
        }
    }
}
