//! Stepping through a reviewed game on the board (the TUI's `:review`,
//! then ← or →): the position after each move, the move under the cursor,
//! and the review's lines of that move (its values before and after, what
//! it threw away, why it loses, what its player had instead) in the
//! message line. The game itself is not touched: the board shown is a
//! session of its own, kept nowhere.

use super::review::ReviewShown;
use crate::session::{now_ms, Session};
use hypertac_core::{Cell, Position};

/// A reviewed game shown on the board at one of its moves.
pub struct Replay {
    /// Moves played on the board shown (0: the empty board).
    pub ply: usize,
    /// The board shown: the game after `ply` moves.
    pub session: Session,
    /// The review it came from, shown again when the replay closes.
    pub review: ReviewShown,
    /// The whole game.
    game: Position,
}

impl Replay {
    /// The game that led to `game` (the session's position), reviewed in
    /// `review`, shown after `ply` of its moves (at most all of them).
    ///
    /// # Errors
    /// The board could not be set up (see [`Replay::go`]).
    pub fn new(
        game: &Position,
        session: &Session,
        review: ReviewShown,
        ply: usize,
    ) -> Result<Replay, String> {
        let ply = ply.min(game.moves().len());
        Ok(Replay {
            ply,
            session: board(game, session, ply)?,
            review,
            game: game.clone(),
        })
    }

    /// The game's moves (a replay whose game changed is dropped).
    pub fn moves(&self) -> &[Cell] {
        self.game.moves()
    }

    /// Moves of the game.
    pub fn plies(&self) -> usize {
        self.moves().len()
    }

    /// Shows the game after `ply` of its moves (at most all of them).
    ///
    /// # Errors
    /// The board's session refused to start (a session without a store
    /// saves nothing, so it does not).
    pub fn go(&mut self, ply: usize, session: &Session) -> Result<(), String> {
        let ply = ply.min(self.plies());
        self.session = board(&self.game, session, ply)?;
        self.ply = ply;
        Ok(())
    }

    /// The move last played on the board shown, if any.
    pub fn last_move(&self) -> Option<Cell> {
        self.ply.checked_sub(1).map(|i| self.moves()[i])
    }

    /// Why the move last played on the board shown loses, as a line of
    /// play from the board shown (the side to move first), where the
    /// review has one.
    pub fn line_of_play(&self) -> Option<Vec<Cell>> {
        let i = self.ply.checked_sub(1)?;
        self.review.lines_of_play.get(i).cloned().flatten()
    }

    /// The message line: the review's lines of the move last played on the
    /// board shown, joined; at the start, what the keys do.
    pub fn message(&self) -> String {
        match self.ply.checked_sub(1) {
            None => format!(
                "the start of the game, before move 1 of {}: → steps forward",
                self.plies()
            ),
            Some(i) => self.review.steps.get(i).map_or_else(
                || format!("move {} (not reviewed)", i + 1),
                |lines| {
                    lines
                        .iter()
                        .map(|l| l.trim())
                        .collect::<Vec<_>>()
                        .join("; ")
                },
            ),
        }
    }
}

/// A session of no store showing `game` after `ply` of its moves, with
/// the players of `session`.
fn board(game: &Position, session: &Session, ply: usize) -> Result<Session, String> {
    let mut pos = game.clone();
    for _ in ply..game.moves().len() {
        pos.undo();
    }
    Session::start(pos, session.sides(), now_ms(), None).map_err(|e| e.to_string())
}
