//! What the computer players answer: a move and why.

use hypertac_core::Cell;

/// A chosen move with what the engine knows about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub cell: Cell,
    /// A short reason for people, e.g. "wins now", "blocks O's line", "wins in 5".
    pub reason: String,
    /// How deep the alpha-beta search looked (its last finished iteration)
    /// when it chose the move; `None` when a rule (win, block, threats), a
    /// solver or a proof chose it.
    pub depth: Option<u32>,
}

impl Choice {
    /// A move chosen without the alpha-beta search.
    pub(crate) fn new(cell: Cell, reason: impl Into<String>) -> Choice {
        Choice {
            cell,
            reason: reason.into(),
            depth: None,
        }
    }
}
