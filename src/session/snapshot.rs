//! A serialisable picture of the game, for renderers and the JSON API.

use super::Session;
use hypertac_core::notation;
use hypertac_core::record;
use hypertac_core::{Outcome, Position};
use serde::Serialize;

/// A serialisable picture of the game for renderers and the web API.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Snapshot {
    /// The rules as text, e.g. `7x6 k4 gravity 1`.
    pub rules: String,
    /// Axis sizes, x first.
    pub shape: Vec<u32>,
    /// Cells in a row.
    pub k: u32,
    /// Gravity axis, if any.
    pub gravity: Option<usize>,
    /// `first`, `most-lines` or `anti`.
    pub rule: &'static str,
    /// Lines wrap around.
    pub wrap: bool,
    /// Who plays X and O (`human`, `cpu:hard`).
    pub players: [String; 2],
    /// `X` or `O`.
    pub to_move: char,
    /// The moves so far as `x,y,..`.
    pub moves: Vec<String>,
    /// `ongoing`, `X wins`, `O wins`, `draw`.
    pub result: String,
    /// Why a drawn game was drawn: `the board is full` or `no line can be
    /// completed`; `None` otherwise.
    pub draw_reason: Option<String>,
    /// The deciding lines of a won game, as cell lists.
    pub win_lines: Vec<Vec<String>>,
    /// Completed lines of X and O.
    pub line_counts: [u64; 2],
    /// Whether undo / redo would do something.
    pub can_undo: bool,
    /// See `can_undo`.
    pub can_redo: bool,
    /// Whether the computer is to move now.
    pub computer_to_move: bool,
}

impl Session {
    /// A serialisable picture of the state.
    pub fn snapshot(&self) -> Snapshot {
        let rules = self.rules();
        let shape = rules.shape();
        let win_lines = win_lines_text(&self.pos);
        Snapshot {
            rules: rules.to_string(),
            shape: shape.sizes().to_vec(),
            k: rules.k(),
            gravity: rules.gravity(),
            rule: rules.win().name(),
            wrap: rules.wrap(),
            players: [self.sides[0].to_string(), self.sides[1].to_string()],
            to_move: self.pos.to_move().symbol(),
            moves: self
                .pos
                .moves()
                .iter()
                .map(|&c| notation::format_cell(shape, c))
                .collect(),
            result: record::result_text(self.pos.outcome()),
            draw_reason: self.pos.draw_reason().map(|r| r.to_string()),
            win_lines,
            line_counts: self.pos.line_counts(),
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            computer_to_move: self.computer_to_move().is_some(),
        }
    }
}

/// A line as cell texts (`x,y,..`).
pub fn line_text(shape: &hypertac_core::Shape, line: &hypertac_core::Line) -> Vec<String> {
    line.cells()
        .iter()
        .map(|&c| notation::format_cell(shape, c))
        .collect()
}

/// The deciding lines of a finished game as cell texts (`x,y,..`), empty when nobody won.
pub fn win_lines_text(pos: &Position) -> Vec<Vec<String>> {
    let shape = pos.rules().shape();
    match pos.outcome() {
        Outcome::Win { lines, .. } => lines.iter().map(|l| line_text(shape, l)).collect(),
        _ => Vec::new(),
    }
}
