//! The computer's moves and hints: a search detached from the session, so
//! it can run on another thread under a caller-owned [`Budget`] while the
//! front end keeps drawing.

use super::{Session, SessionError};
use hypertac_ai::{Budget, Choice, Level};
use hypertac_core::Position;

/// A computer move to be searched, detached from the session (so it can run
/// on another thread while the front end keeps drawing).
#[derive(Clone, Debug)]
pub struct Search {
    /// The position to move in.
    pub position: Position,
    /// How strong to play.
    pub level: Level,
    /// Seed for the engine's choices (deterministic per position).
    pub seed: u64,
}

impl Search {
    /// Runs the search; `None` if the game is over.
    pub fn run(&self, budget: &Budget) -> Option<Choice> {
        hypertac_ai::choose(&self.position, self.level, self.seed, budget)
    }
}

impl Session {
    /// The level of the computer if it is to move in an unfinished game.
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.pos.is_over() {
            return None;
        }
        self.side(self.pos.to_move()).level()
    }

    /// The computer's search for the side to move, or `None` if a human is to
    /// move or the game is over.
    pub fn search(&self) -> Option<Search> {
        let level = self.computer_to_move()?;
        Some(self.search_at(level))
    }

    fn search_at(&self, level: Level) -> Search {
        Search {
            position: self.pos.clone(),
            level,
            seed: self.pos.hash() ^ (self.created_ms as u64),
        }
    }

    /// Lets the computer move (on this thread) if it is its turn; returns its choice.
    ///
    /// # Errors
    /// A store failure (the move is taken back).
    pub fn computer_move(&mut self, budget: &Budget) -> Result<Option<Choice>, SessionError> {
        let Some(search) = self.search() else {
            return Ok(None);
        };
        let Some(choice) = search.run(budget) else {
            return Ok(None);
        };
        self.play(choice.cell)?;
        Ok(Some(choice))
    }

    /// The strongest level's suggestion for the side to move (perfect play in
    /// Connect Four), with its reason; `None` when the game is over.
    pub fn hint(&self, budget: &Budget) -> Option<Choice> {
        if self.pos.is_over() {
            return None;
        }
        self.hint_search().run(budget)
    }

    /// The search behind [`Session::hint`], to run on another thread.
    pub fn hint_search(&self) -> Search {
        let level = if self.rules().is_connect4() {
            Level::Perfect
        } else {
            Level::Hard
        };
        self.search_at(level)
    }
}
