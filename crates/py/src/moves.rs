//! Moves from Python, and the fixed action numbering of the environments.
//!
//! A move is a cell index (`int`, axis 0 fastest: `x + n*y + ...`), a
//! sequence of coordinates (`(x, y, ...)`) or text as the CLI reads it
//! (`"1,2,0"`; on a gravity board also a column, `"4"` in Connect Four).
//!
//! Actions number what a player can choose: the cells, or on a gravity
//! board the columns (the cells at coordinate 0 of the gravity axis, in
//! index order: Connect Four's actions are its columns 0..7).

use crate::errors::value_error;
use hypertac_core::{notation, Cell, PlayError, Position, Rules};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// The cell a Python move names (not yet checked for legality, but on the board).
///
/// # Errors
/// A cell off the board, malformed text, a full column, or a value of another type.
pub fn extract_cell(pos: &Position, value: &Bound<'_, PyAny>) -> PyResult<Cell> {
    let shape = pos.rules().shape();
    if value.is_instance_of::<PyString>() {
        let text: String = value.extract()?;
        return notation::parse_player_move(pos, &text).map_err(value_error);
    }
    if let Ok(index) = value.extract::<i128>() {
        return u64::try_from(index)
            .ok()
            .map(Cell)
            .filter(|&c| shape.contains(c))
            .ok_or_else(|| {
                value_error(format!(
                    "cell index {index} is not on the board (0 to {})",
                    shape.cell_count() - 1
                ))
            });
    }
    let coords: Vec<i128> = value.extract().map_err(|_| {
        value_error("a move is a cell index, a sequence of coordinates or text like \"1,2\"")
    })?;
    let text = coords
        .iter()
        .map(i128::to_string)
        .collect::<Vec<_>>()
        .join(",");
    notation::parse_cell(shape, &text).map_err(value_error)
}

/// Plays `cell`, with the core's words for an illegal move.
pub fn play(pos: &mut Position, cell: Cell) -> PyResult<()> {
    pos.try_play(cell)
        .map(|_| ())
        .map_err(|e: PlayError| value_error(e))
}

/// The action numbering of one set of rules.
pub struct Actions<'a> {
    rules: &'a Rules,
}

impl<'a> Actions<'a> {
    /// The numbering for `rules`.
    pub fn new(rules: &'a Rules) -> Actions<'a> {
        Actions { rules }
    }

    /// How many actions there are: the cells, or the columns with gravity.
    pub fn count(&self) -> u64 {
        let shape = self.rules.shape();
        match self.rules.gravity() {
            None => shape.cell_count(),
            Some(axis) => shape.cell_count() / u64::from(shape.size(axis)),
        }
    }

    /// The action of a cell (its column's with gravity).
    pub fn of_cell(&self, cell: Cell) -> u64 {
        let shape = self.rules.shape();
        match self.rules.gravity() {
            None => cell.0,
            Some(axis) => {
                let stride = shape.strides()[axis];
                let size = u64::from(shape.size(axis));
                // Digits below the axis stay, digits above shift down one place.
                let low = cell.0 % stride;
                let high = cell.0 / (stride * size);
                low + high * stride
            }
        }
    }

    /// The bottom cell of an action's column (the cell itself without gravity).
    ///
    /// # Errors
    /// An action outside `0..count()`.
    pub fn base_cell(&self, action: i128) -> PyResult<Cell> {
        let count = self.count();
        let a = u64::try_from(action)
            .ok()
            .filter(|&a| a < count)
            .ok_or_else(|| {
                value_error(format!(
                    "action {action} does not exist: actions are 0 to {}",
                    count - 1
                ))
            })?;
        let shape = self.rules.shape();
        Ok(match self.rules.gravity() {
            None => Cell(a),
            Some(axis) => {
                let stride = shape.strides()[axis];
                let size = u64::from(shape.size(axis));
                Cell(a % stride + (a / stride) * stride * size)
            }
        })
    }

    /// The cell an action plays in `pos` (where the stone lands).
    ///
    /// # Errors
    /// An action that does not exist, or a full column.
    pub fn cell(&self, pos: &Position, action: i128) -> PyResult<Cell> {
        let base = self.base_cell(action)?;
        if self.rules.gravity().is_none() {
            return Ok(base);
        }
        pos.landing(base).ok_or_else(|| {
            value_error(format!(
                "action {action}: the column of cell {} is full",
                notation::format_cell(self.rules.shape(), base)
            ))
        })
    }
}
