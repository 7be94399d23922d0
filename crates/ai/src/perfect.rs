//! Perfect Connect Four through the bitboard solver crate.

use crate::connect4::{Position as C4, Solver};
use crate::Choice;
use hypertac_core::{notation, Position};

/// Stones below which the solver is not asked: opening positions take it
/// seconds to minutes and it cannot be interrupted, so the searching player
/// plays those moves instead (from 14 stones on, solving takes milliseconds).
pub(crate) const FROM_STONES: usize = 14;

/// Stones up to which every move leads to a position of the solver's
/// opening book (depth 2), so the opening moves are perfect too.
pub(crate) const BOOK_STONES: usize = 1;

/// The solver's best move for a Connect Four position, or `None` if the
/// position cannot be handed to it.
pub(crate) fn connect4_move(pos: &Position) -> Option<Choice> {
    let stones = pos.moves().len();
    if pos.is_over() || (stones > BOOK_STONES && stones < FROM_STONES) {
        return None;
    }
    let columns = notation::format_columns(pos).ok()?;
    let c4 = C4::from_moves(&columns).ok()?;
    let mut solver = Solver::with_standard_book(22);
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
    Some(Choice { cell, reason })
}
