//! The game state as the API sends it: the session's [`Snapshot`] plus
//! what the page needs to draw and play (legal moves, last move, board
//! mode, the Connect Four column string).

use crate::session::{Session, Snapshot};
use hypertac_core::notation;
use hypertac_core::{Mode, Position};
use serde::Serialize;

/// Boards with more empty cells than this send `"any empty cell"` instead
/// of the list of legal moves.
pub const LEGAL_LIST_LIMIT: u64 = 4096;

/// The legal moves: a list of cells, or a rule for big boards.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Legal {
    /// Every legal cell (on gravity boards the landing cells).
    Cells(Vec<String>),
    /// `"any empty cell"` on boards too big to list.
    Rule(&'static str),
}

/// The game state JSON.
#[derive(Serialize)]
pub struct GameView {
    /// The session's picture of the game.
    #[serde(flatten)]
    pub snapshot: Snapshot,
    /// Number of cells on the board.
    pub cell_count: u64,
    /// `dense` or `sparse`.
    pub mode: &'static str,
    /// The last move, `x,y,..`.
    pub last_move: Option<String>,
    /// The legal moves.
    pub legal: Legal,
    /// Number of legal moves.
    pub legal_count: u64,
    /// A 2-axis gravity board's moves as a column string (`4453`), for
    /// share links and analysis.
    pub columns: Option<String>,
    /// Whether this is Connect Four (7x6, k 4, gravity on y).
    pub connect4: bool,
    /// Whether the computer is searching now.
    pub thinking: bool,
    /// Identifies the game (its start time), so the page can tell a new game.
    pub id: i64,
    /// The game's name as players say it ("Connect Four", "4D four-in-a-row").
    pub name: String,
    /// Set only by a new game or load: the name the previous game in
    /// progress was kept under.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept: Option<String>,
}

/// The view of the session's game.
pub fn game_view(session: &Session, thinking: bool) -> GameView {
    let pos = session.position();
    GameView {
        snapshot: session.snapshot(),
        cell_count: pos.rules().shape().cell_count(),
        mode: match pos.mode() {
            Mode::Dense => "dense",
            Mode::Sparse => "sparse",
        },
        last_move: pos
            .last_move()
            .map(|c| notation::format_cell(pos.rules().shape(), c)),
        legal: legal(pos),
        legal_count: if pos.is_over() {
            0
        } else {
            pos.legal_move_count()
        },
        columns: notation::format_columns(pos).ok(),
        connect4: pos.rules().is_connect4(),
        thinking,
        id: session.record().created_ms,
        name: crate::words::game_name(pos.rules()),
        kept: None,
    }
}

fn legal(pos: &Position) -> Legal {
    if pos.is_over() {
        return Legal::Cells(Vec::new());
    }
    if pos.mode() == Mode::Sparse || pos.legal_move_count() > LEGAL_LIST_LIMIT {
        return Legal::Rule("any empty cell");
    }
    let shape = pos.rules().shape();
    Legal::Cells(
        pos.legal_moves()
            .map(|c| notation::format_cell(shape, c))
            .collect(),
    )
}
