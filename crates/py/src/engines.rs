//! The computer players: `choose` and `computer_move`, as `hypertac bot`
//! and the play front ends call `hypertac_ai::choose`. Searches are bounded
//! by work (about nodes), so the same game, level and seed give the same
//! move; the time limit is only a safety stop. The GIL is released while
//! the engine thinks.

use crate::errors::{non_negative, seconds, value_error};
use crate::game::Game;
use hypertac_ai::{choose_with_work, Budget, Level};
use pyo3::prelude::*;
use std::time::Instant;

/// The computer's move for the side to move and why: `(cell, reason)`.
///
/// `level`: random, seed, easy, medium, hard or perfect. `seed`: tie-breaks
/// and random moves (`hypertac bot --seed`, default 1 as there). `work`:
/// the search's node budget (line counters touched; None keeps the
/// level's). `seconds`: safety stop (20 as `hypertac bot --time-ms`).
/// Raises ValueError for an unknown level or a game that is over.
#[pyfunction]
#[pyo3(signature = (game, level="hard", *, seed=1, work=None, seconds=20.0))]
pub fn choose(
    py: Python<'_>,
    game: &Game,
    level: &str,
    seed: i128,
    work: Option<i128>,
    seconds: f64,
) -> PyResult<(u64, String)> {
    let level = Level::parse(level).map_err(value_error)?;
    let seed = non_negative("seed", seed)?;
    let work = work.map(|w| non_negative("work", w)).transpose()?;
    let limit = self::seconds("seconds", seconds)?;
    if game.pos.is_over() {
        return Err(value_error("the game is over: no move to choose"));
    }
    let pos = game.pos.clone();
    let choice = py.detach(move || {
        let budget = Budget {
            deadline: Some(Instant::now() + limit),
            stop: None,
        };
        choose_with_work(&pos, level, seed, &budget, work)
    });
    choice
        .map(|c| (c.cell.0, c.reason))
        .ok_or_else(|| value_error("no move is possible"))
}

/// The computer's move (a cell index); as `choose` without the reason.
#[pyfunction]
#[pyo3(signature = (game, level="hard", *, seed=1, work=None, seconds=20.0))]
pub fn computer_move(
    py: Python<'_>,
    game: &Game,
    level: &str,
    seed: i128,
    work: Option<i128>,
    seconds: f64,
) -> PyResult<u64> {
    choose(py, game, level, seed, work, seconds).map(|(cell, _)| cell)
}
