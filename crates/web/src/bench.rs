//! The page's benchmark (`?bench=playouts`): random playouts of a game, as `dwarfs bench engine`
//! runs them natively, so that a script compares the two in one run
//! (`crates/web/browser-test/run.mjs --bench`). The clock comes from the caller: the page has
//! the browser's, the tests none.

use dwarfs_engine::Game;
use dwarfs_engine::playout::random_playout;
use serde::Serialize;

/// What a run of random playouts did, with the field names the script reads.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Playouts {
    /// The game's engine name.
    pub game: String,
    /// Seats per game.
    pub players: u8,
    /// Games played to their end.
    pub games: u64,
    /// Decisions of seats, all games together.
    pub moves: u64,
    /// Decisions and chance points.
    pub steps: u64,
    /// Milliseconds they took, by the caller's clock.
    pub ms: u64,
}

/// Plays random games of `G` (seeds 0, 1, ...) while `more()` says so, asked before each game,
/// with `G`'s default options and `players` seats. An error names the seed whose game failed.
pub fn playouts<G: Game>(players: u8, mut more: impl FnMut() -> bool) -> Result<Playouts, String> {
    let options = G::Options::default();
    G::new(&options, players).map_err(|e| e.to_string())?;
    let mut p = Playouts {
        game: G::NAME.to_string(),
        players,
        ..Playouts::default()
    };
    while more() {
        let game = random_playout::<G>(&options, players, p.games, false)
            .map_err(|e| format!("seed {}: {e}", p.games))?;
        p.moves += game.decisions as u64;
        p.steps += (game.decisions + game.chance_points) as u64;
        p.games += 1;
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dwarfs_engine::toy::Pig;

    #[test]
    fn playouts_count_whole_games_and_their_moves() {
        let mut left = 3;
        let p = playouts::<Pig>(2, || {
            left -= 1;
            left >= 0
        })
        .unwrap();
        assert_eq!((p.game.as_str(), p.players, p.games), ("pig", 2, 3));
        let one = random_playout::<Pig>(&Default::default(), 2, 0, false).unwrap();
        assert!(p.moves >= one.decisions as u64 && p.steps > p.moves);
        assert!(playouts::<Pig>(0, || false).is_err(), "a game needs seats");
    }
}
