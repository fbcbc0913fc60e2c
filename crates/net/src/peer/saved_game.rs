//! A game kept in the peer's store instead of files (a browser page: [`PeerStore::saved_games`]),
//! so that a page closed or reloaded in the middle of a game comes back to its seat as
//! `dwarfs resume` does from a replay file: the game's secret and the address book are kept
//! before the seed commit is sent, the signing journal as it grows, and the replay at every
//! change. A resumed game's replay is written over only once the rebuilt one holds every move
//! the kept one held (or the game is over), as a resumed file is. When the game is over its
//! whole replay stays, to download later (a tab closed before its end screen's download loses
//! nothing), until the player forgets it or [`FINISHED_KEPT`] newer games pushed it out; a store
//! that refuses a write stops the keeping (the game goes on, and the player is told it cannot be
//! resumed), never the game.
//!
//! [`PeerStore::saved_games`]: crate::store::PeerStore::saved_games

use super::game::moves_in;
use super::{Driver, PeerError};
use crate::lobby::AddressBook;
use crate::spec::Role;
use crate::store::FINISHED_KEPT;
use crate::ticket::Ticket;
use dwarfs_engine::Game;
use dwarfs_protocol::{GameConfig, GameSecret, Phase};

/// The game being kept in the store.
pub(crate) struct Saved {
    /// The game's id (the store's key for it).
    game_id: [u8; 32],
    /// The signing journal so far (the store keeps it whole).
    pub(super) journal: Vec<u8>,
    /// How long the journal was at the last write.
    journal_kept: usize,
    /// How long the replay was at the last write.
    replay_kept: usize,
    /// A resumed game's moves in the kept replay: it is not written over before the rebuilt
    /// replay holds as many.
    hold_until: u32,
    /// The game is over and kept as such.
    over: bool,
}

impl<G: Game> Driver<G> {
    /// Starts keeping a new game whose replay is in memory, if the store keeps games: the
    /// secret, ticket and address book, before anything of the game is sent.
    pub(super) fn keep_saved_start(&mut self, config: &GameConfig, secret: &GameSecret) {
        let Role::Join { ticket } = &self.spec.role else {
            return;
        };
        let store = self.store.clone();
        let Some(games) = store.saved_games() else {
            return;
        };
        // The oldest finished games beyond the newest few make room.
        let finished: Vec<[u8; 32]> = games
            .list()
            .into_iter()
            .filter(|g| g.over)
            .map(|g| g.game_id)
            .collect();
        for id in finished.iter().rev().skip(FINISHED_KEPT) {
            games.forget(id);
        }
        let book = self.address_book().map(|b| b.encode());
        match games.begin(
            &config.game_id,
            G::NAME,
            ticket,
            &secret.to_bytes(),
            book.as_deref(),
        ) {
            Ok(()) => {
                self.recording.saved = Some(Saved {
                    game_id: config.game_id,
                    journal: Vec::new(),
                    journal_kept: 0,
                    replay_kept: 0,
                    hold_until: 0,
                    over: false,
                });
            }
            Err(e) => self.say(format!(
                "This game cannot be resumed if the page is closed: the browser did not keep it \
                 ({e})."
            )),
        }
    }

    /// Writes what changed of the kept game (the journal first), after the session's replay
    /// frames and signing records were taken into memory; once the game is over, its whole
    /// replay (again if frames still come after the end).
    pub(super) fn keep_saved(&mut self) {
        let store = self.store.clone();
        let (Some(k), Some(games)) = (self.recording.saved.as_mut(), store.saved_games()) else {
            return;
        };
        let replay = self.recording.memory.as_deref().unwrap_or_default();
        let (over, moves) = self
            .session
            .as_ref()
            .map_or((false, 0), |s| (s.phase() == &Phase::Over, s.final_seq()));
        if over {
            if !k.over || replay.len() != k.replay_kept {
                k.over = true;
                k.replay_kept = replay.len();
                if let Err(e) = games.finish(&k.game_id, replay) {
                    self.recording.saved = None;
                    self.say(format!(
                        "The browser did not keep this game's replay ({e}): download it now."
                    ));
                }
            }
            return;
        }
        let mut result = Ok(());
        if k.journal.len() != k.journal_kept {
            result = games.save_journal(&k.game_id, &k.journal);
            k.journal_kept = k.journal.len();
        }
        if result.is_ok() && replay.len() != k.replay_kept && moves >= k.hold_until {
            result = games.save_replay(&k.game_id, replay);
            k.replay_kept = replay.len();
        }
        if let Err(e) = result {
            // A journal that could not be kept makes a resume unsafe (it could sign twice):
            // nothing of the game is kept from here on.
            games.forget(&k.game_id);
            self.recording.saved = None;
            self.say(format!(
                "This game can no longer be resumed if the page is closed: the browser's storage \
                 refused it ({e}). The game goes on."
            ));
        }
    }

    /// Comes back to the game the store kept under `game_id`: the session rebuilt from its
    /// replay, signing journal and secret, the other players found from its address book and
    /// ticket.
    pub(super) fn setup_reopen(&mut self, game_id: &[u8; 32]) -> Result<(), PeerError> {
        let store = self.store.clone();
        let bad = |why: &str| PeerError::Saved(why.to_string());
        let games = store
            .saved_games()
            .ok_or_else(|| bad("this peer keeps no games"))?;
        let kept = games
            .load(game_id)
            .ok_or_else(|| bad("it is no longer kept (it ended, or the storage was cleared)"))?;
        if kept.over {
            return Err(bad(
                "it is over: its replay can be downloaded from the menu",
            ));
        }
        if kept.game != G::NAME {
            return Err(bad(&format!(
                "it is a game of {}, not {}",
                kept.game,
                G::NAME
            )));
        }
        let ticket = Ticket::decode(&kept.ticket)?;
        let book = kept.book.as_deref().and_then(AddressBook::decode);
        let config = self
            .find_players(&kept.replay, book, Some(ticket), "nobody to ask")
            .map_err(|e: String| bad(&e))?;
        if config.game_id != *game_id {
            return Err(bad("its replay is of another game"));
        }
        let (session, keep) = self
            .rebuild_session(
                &kept.replay,
                &kept.journal,
                GameSecret::from_bytes(kept.secret),
                kept.down_ms,
            )
            .map_err(|e| bad(&e))?;
        let moves = moves_in(&kept.replay);
        if keep < kept.replay.len() {
            self.say(format!(
                "Resuming from move {} of {moves}: the rest comes again from the other players.",
                session.final_seq()
            ));
        }
        self.recording.memory = Some(kept.replay[..keep].to_vec());
        self.recording.saved = Some(Saved {
            game_id: *game_id,
            journal_kept: kept.journal.len(),
            journal: kept.journal,
            replay_kept: keep,
            hold_until: moves,
            over: false,
        });
        self.begin_session(session);
        self.announce_resumed();
        Ok(())
    }
}
