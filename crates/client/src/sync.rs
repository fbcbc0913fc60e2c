//! Agreement on the state hash, and the last desync or cheat reported.

use dwarfs_engine::Seat;

/// A desync or a cheat, pinned to a move and a peer, with its evidence as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incident {
    /// "Desync" or the kind of cheat.
    pub kind: String,
    /// The move concerned.
    pub seq: u32,
    /// The seat concerned (0-based), when known.
    pub seat: Option<Seat>,
    /// The peer concerned (peer id), when known.
    pub peer: Option<String>,
    /// The evidence, readable, for a report file.
    pub evidence: String,
}

impl Incident {
    /// The report file's text: what, when, who (`who` as the app names the seat or peer), and
    /// the evidence.
    pub fn report_text(&self, who: &str) -> String {
        format!(
            "{} at move {}\npeer: {who}\n\n{}\n",
            self.kind, self.seq, self.evidence
        )
    }

    /// The report file's name.
    pub fn report_file_name(&self) -> String {
        format!("dwarfs-incident-move-{}.txt", self.seq)
    }
}

/// Agreement on the state hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncStatus {
    /// The last move acknowledged.
    pub seq: u32,
    /// Peers that agreed on its hash.
    pub agreed: usize,
    /// Peers in the game.
    pub peers: usize,
    /// True for a game with no network (hotseat).
    pub local: bool,
    /// The last desync or cheat reported, with its evidence. Only a halt stops the game
    /// ([`SyncStatus::halted`]); a report alone (a player's bad signature, say) is shown and
    /// the game goes on.
    pub incident: Option<Incident>,
    /// Why the session stopped for good (a proven cheat by a player, or a desync), once it has:
    /// no move is offered any more.
    pub halted: Option<String>,
}

impl SyncStatus {
    /// A local game with `seats` people at one screen.
    pub fn local(seats: usize) -> Self {
        SyncStatus {
            seq: 0,
            agreed: seats.max(1),
            peers: seats.max(1),
            local: true,
            incident: None,
            halted: None,
        }
    }

    /// A network game with `players` live players.
    pub fn networked(players: usize) -> Self {
        SyncStatus {
            local: false,
            ..SyncStatus::local(players)
        }
    }

    /// A move was applied locally and agreed.
    pub fn agreed(&mut self, seq: u32) {
        self.seq = seq;
        if self.local {
            self.agreed = self.peers;
        }
    }
}
