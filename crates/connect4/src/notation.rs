//! Errors of the move-string notation (`"4453"`: one digit per move, the
//! column, `1..=width`, counted from the left).

use std::fmt;

/// Why a move string is not a valid, unfinished position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// A character that is not a digit.
    InvalidCharacter {
        /// The character.
        ch: char,
        /// 1-based move number.
        index: usize,
    },
    /// A digit outside `1..=width`.
    ColumnOutOfRange {
        /// The column as written.
        column: u32,
        /// Board width.
        width: u32,
        /// 1-based move number.
        index: usize,
    },
    /// A move into a full column.
    ColumnFull {
        /// The column as written (1-based).
        column: u32,
        /// 1-based move number.
        index: usize,
    },
    /// A move that completes four in a row: the game would be over, which a
    /// position to solve must not be.
    GameOver {
        /// The column as written (1-based).
        column: u32,
        /// 1-based move number.
        index: usize,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ParseError::InvalidCharacter { ch, index } => {
                write!(f, "invalid character {ch:?} at move {index}")
            }
            ParseError::ColumnOutOfRange {
                column,
                width,
                index,
            } => write!(f, "column {column} is outside 1-{width} at move {index}"),
            ParseError::ColumnFull { column, index } => {
                write!(f, "column {column} is full at move {index}")
            }
            ParseError::GameOver { column, index } => write!(
                f,
                "move {index} (column {column}) completes four in a row, the game is over"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

/// An unsupported board size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError {
    /// Requested width.
    pub width: u32,
    /// Requested height.
    pub height: u32,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unsupported board size {}x{}: need width 1-9, height 1-19 and width * (height + 1) <= 64",
            self.width, self.height
        )
    }
}

impl std::error::Error for SizeError {}
