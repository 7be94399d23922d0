//! Proved wins on small boards: where no win, block or threat sequence
//! decides the move (the levels find and name those themselves), `hard` and
//! `perfect` ask the prover (`prove/`) for a few thousand positions whether
//! the side to move can force a win, and if so play the proved move. Each
//! move asks again, so a proved win is played to the end. Bounded by
//! positions, not time, so the move stays deterministic.

use crate::board::Board;
use crate::budget::Budget;
use crate::choice::Choice;
use crate::prove::{Prover, Vcf, Verdict};
use hypertac_core::{Position, WinRule};

/// Largest board (cells) on which the prover is asked.
const MAX_CELLS: u64 = 64;
/// Positions the prover may search for one move.
const NODES: u64 = 3_000;
/// Its table.
const TABLE_BYTES: usize = 4 << 20;

/// A move proved to win for the side to move, if the prover finds one.
pub(crate) fn winning_move(pos: &Position, budget: &Budget) -> Option<Choice> {
    let rules = pos.rules();
    if rules.win() != WinRule::FirstToK
        || rules.shape().cell_count() > MAX_CELLS
        || pos.line_view().is_none()
    {
        return None;
    }
    let me = pos.to_move();
    let mut board = Board::new(pos);
    if !board.threat_cells(me).is_empty()
        || !board.threat_cells(me.other()).is_empty()
        || Vcf::new(board.cell_count())
            .find(&mut board, 32, 10_000)
            .is_some()
    {
        return None;
    }
    let mut prover = Prover::new(pos, TABLE_BYTES).ok()?;
    prover.set_node_limit(NODES);
    // Only the first question: can the side to move win?
    match prover.run_first(budget) {
        Verdict::Win(w) if w == me => {
            let cell = prover.best_move()?;
            Some(Choice::new(cell, format!("{me} wins (proved)")))
        }
        _ => None,
    }
}
