//! Who may play a move, decided in one place: [`Session::admit`] takes a
//! move as a person gives it (typed text, or a cell picked on the board)
//! and either names the cell to play or says, as a typed [`MoveError`], why
//! not: the game is over, it is the computer's turn, the text names no cell
//! of this board, the column is full, the cell is taken. The terminal
//! front ends and the web API render that error each in their own way.

use super::{Session, SessionError};
use hypertac_ai::Level;
use hypertac_core::notation::{parse_player_move, NotationError};
use hypertac_core::{Cell, PlayError};

/// A move as a person gives it.
#[derive(Clone, Copy, Debug)]
pub enum MoveInput<'a> {
    /// Typed text: `x,y,..`, or a column on gravity boards (`4` in Connect
    /// Four; see [`hypertac_core::notation::parse_player_move`]).
    Text(&'a str),
    /// A cell picked on the board (a cursor, a click); on gravity boards
    /// the stone drops to the lowest empty cell of its column.
    Pick(Cell),
}

/// Why a person's move was not played. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The side to move is played by the computer.
    #[error("it is the computer's turn ({})", .0.name())]
    ComputersTurn(Level),
    /// Text that names no cell of this board (malformed, off the board), or
    /// a gravity column with no room left.
    #[error("{0}")]
    Notation(NotationError),
    /// A cell the rules refuse (taken, or not where a stone would land).
    #[error("{0}")]
    Illegal(PlayError),
}

impl MoveError {
    /// Whether the move was understood but the game refuses it now (over,
    /// the computer's turn, a taken cell, a full column), as opposed to text
    /// that names no move of this board. The web API answers the first with
    /// 409 Conflict, the second with 400 Bad Request.
    pub fn is_conflict(&self) -> bool {
        match self {
            MoveError::Notation(e) => matches!(e.kind(), NotationError::ColumnFull { .. }),
            MoveError::GameOver | MoveError::ComputersTurn(_) | MoveError::Illegal(_) => true,
        }
    }
}

impl Session {
    /// Decides whether a person may play `input` now; the cell to play if so.
    ///
    /// # Errors
    /// [`MoveError`]: the game is over, it is the computer's turn, the text
    /// names no cell of the board or a full column, or the cell is illegal.
    pub fn admit(&self, input: MoveInput<'_>) -> Result<Cell, MoveError> {
        let pos = &self.pos;
        if pos.is_over() {
            return Err(MoveError::GameOver);
        }
        if let Some(level) = self.computer_to_move() {
            return Err(MoveError::ComputersTurn(level));
        }
        let cell = match input {
            MoveInput::Text(text) => parse_player_move(pos, text).map_err(MoveError::Notation)?,
            MoveInput::Pick(cell) => pos.landing(cell).unwrap_or(cell),
        };
        pos.check(cell).map_err(MoveError::Illegal)?;
        Ok(cell)
    }

    /// Plays a person's move once [`Session::admit`] lets it; returns the
    /// cell played.
    ///
    /// # Errors
    /// [`SessionError::BadMove`] with the [`MoveError`], or a store failure
    /// (the move is taken back).
    pub fn play_move(&mut self, input: MoveInput<'_>) -> Result<Cell, SessionError> {
        let cell = self.admit(input)?;
        self.play(cell)?;
        Ok(cell)
    }
}
