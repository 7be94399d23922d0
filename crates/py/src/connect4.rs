//! Perfect Connect Four scores, as `hypertac solve connect4` prints them:
//! from the side to move, positive = win (`22 -` the winner's stones on
//! 7x6), 0 = draw, negative = loss; `analyze` gives one score per column
//! (None for a full column). One solver (table and, on 7x6, the opening
//! book) serves every call of the process; the GIL is released meanwhile.

use crate::errors::value_error;
use crate::game::Game;
use hypertac_connect4::{Book, Position, Solver};
use hypertac_core::notation;
use pyo3::prelude::*;
use std::sync::Mutex;

/// log2 of the shared solver's table entries (8 MiB), as the CLI's default.
const TT_LOG2: u32 = 20;

/// The solver shared by the calls, created on first use.
static SOLVER: Mutex<Option<Solver>> = Mutex::new(None);

/// The position to solve: a column string (`"4453"`, columns from 1) or a
/// `Game` on a 2-axis gravity board.
fn position(moves: &Bound<'_, PyAny>, width: u32, height: u32) -> PyResult<(Position, bool)> {
    let text = if let Ok(game) = moves.cast::<Game>() {
        let game = game.borrow();
        let rules = game.pos.rules();
        let size = rules.shape().sizes();
        if rules.k() != 4 || rules.wrap() || rules.win() != hypertac_core::WinRule::FirstToK {
            return Err(value_error(format!(
                "the Connect Four solver plays 4 in a row, first to win, no wrap; this game is {rules}"
            )));
        }
        if rules.gravity() != Some(1) || size.len() != 2 || size[0] != width || size[1] != height {
            return Err(value_error(format!(
                "the Connect Four solver was asked for a {width}x{height} board with gravity 1; this game is {rules}"
            )));
        }
        notation::format_columns(&game.pos).map_err(value_error)?
    } else {
        moves
            .extract::<String>()
            .map_err(|_| value_error("expected a column string like \"4453\" or a hypertac.Game"))?
    };
    let mut pos = Position::with_size(width, height).map_err(value_error)?;
    let text = text.split_whitespace().next().unwrap_or("");
    pos.play_moves(text)
        .map_err(|e| value_error(format!("invalid position {text:?}: {e}")))?;
    Ok((pos, width == 7 && height == 6))
}

fn with_solver<T>(book: bool, f: impl FnOnce(&mut Solver) -> T) -> T {
    let mut guard = SOLVER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let solver = guard.get_or_insert_with(|| Solver::new(TT_LOG2));
    if book != solver.book().is_some() {
        solver.set_book(book.then(Book::standard));
    }
    f(solver)
}

/// The score of every move, column by column (None for a full column), as
/// `hypertac solve connect4 --analyze`. `weak`: only 1, 0, -1.
///
/// Raises ValueError for a bad string (the solver's words) or a position
/// where the game is already over.
#[pyfunction]
#[pyo3(signature = (moves, *, weak=false, width=7, height=6))]
pub fn connect4_scores(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    weak: bool,
    width: u32,
    height: u32,
) -> PyResult<Vec<Option<i32>>> {
    let (pos, book) = position(moves, width, height)?;
    Ok(py.detach(move || with_solver(book, |s| s.analyze(&pos, weak))))
}

/// The score of the position for the side to move, as `hypertac solve connect4`.
#[pyfunction]
#[pyo3(signature = (moves, *, weak=false, width=7, height=6))]
pub fn connect4_score(
    py: Python<'_>,
    moves: &Bound<'_, PyAny>,
    weak: bool,
    width: u32,
    height: u32,
) -> PyResult<i32> {
    let (pos, book) = position(moves, width, height)?;
    Ok(py.detach(move || with_solver(book, |s| s.solve(&pos, weak))))
}
