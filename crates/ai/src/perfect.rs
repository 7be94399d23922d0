//! Perfect Connect Four through the bitboard solver crate.

use crate::choice::Choice;
use hypertac_connect4::{Position as C4, Solver};
use hypertac_core::{notation, Cell, Position};

/// Threads the solver uses for one move (its helpers test other scores).
const THREADS: usize = 2;

/// The solver's best move for a Connect Four position at any number of
/// stones (the opening book answers the first six at once; later positions
/// take the solver well under a second, see `solve connect4 --analyze`),
/// or `None` if the position cannot be handed to it.
pub(crate) fn connect4_move(pos: &Position) -> Option<Choice> {
    if pos.is_over() {
        return None;
    }
    let columns = notation::format_columns(pos).ok()?;
    let c4 = C4::from_moves(&columns).ok()?;
    let mut solver = Solver::with_standard_book(22);
    solver.set_threads(THREADS);
    let scores = solver.analyze(&c4, false);
    let width = scores.len() as i64;
    let centre = (width - 1) / 2;
    let (col, score) = scores
        .iter()
        .enumerate()
        .filter_map(|(c, s)| s.map(|s| (c, s)))
        .max_by_key(|&(c, s)| (s, -(c as i64 - centre).abs()))?;
    let shape = pos.rules().shape();
    let base = shape.cell(&[col as u32, 0])?;
    let cell = pos.landing(base)?;
    let reason = match score {
        s if s > 0 => format!("perfect play: wins (score {s})"),
        0 => "perfect play: draws".to_string(),
        s => format!("perfect play: loses at best (score {s})"),
    };
    Some(Choice::new(cell, reason))
}

/// The solver's score of every playable column of a Connect Four position
/// (from the side to move: positive wins, the sooner the higher; 0 draws;
/// negative loses), with the cell a stone lands on, or `None` if the
/// position cannot be handed to the solver.
pub(crate) fn connect4_scores(pos: &Position) -> Option<Vec<(Cell, i32)>> {
    if pos.is_over() {
        return None;
    }
    let columns = notation::format_columns(pos).ok()?;
    let c4 = C4::from_moves(&columns).ok()?;
    let mut solver = Solver::with_standard_book(22);
    solver.set_threads(THREADS);
    let shape = pos.rules().shape();
    let scores = solver.analyze(&c4, false);
    Some(
        scores
            .iter()
            .enumerate()
            .filter_map(|(col, s)| {
                let base = shape.cell(&[col as u32, 0])?;
                Some((pos.landing(base)?, (*s)?))
            })
            .collect(),
    )
}
