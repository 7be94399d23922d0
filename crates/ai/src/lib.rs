//! Computer players for hypertac.
//!
//! One entry point, [`choose`], picks a move for the side to move at a
//! [`Level`], within a [`Budget`] (deadline and/or stop flag owned by the
//! caller). Deterministic: the same position, level and seed give the same move.
//!
//! How a searching level decides, in order (first-to-k games):
//! 0. perfect play where it is known: the Connect Four solver (`perfect.rs`),
//!    the shipped proofs (`shipped.rs`) and the shipped opening books (a
//!    move after which the book holds a win, `book/`), at `hard` and
//!    `perfect`;
//! 1. win now (a playable line of k-1), 2. block the opponent's,
//! 3. make a double threat (two lines of k-1 on different cells at once),
//! 4. a threat sequence (threats the opponent must answer, ending in a
//!    double threat), on small boards at `hard` and `perfect` a win the
//!    prover finds within a few thousand positions (played to the end,
//!    reason "X wins (proved)"), 5. alpha-beta search with a transposition table and
//!    iterative deepening over a line-based evaluation, whose nodes apply the
//!    same threat rules; the chosen move is finally checked not to allow the
//!    opponent a threat sequence.
//!
//! Searches are bounded by *work* (line counters touched, see
//! [`work_budget`]) rather than by the clock, which keeps them deterministic;
//! the budget only cuts in as a safety stop. Files: `choose.rs` (the entry
//! point), its vocabulary `level.rs`, `budget.rs`, `choice.rs`; `board/`
//! (lines, counters, threats, make/unmake; dense and sparse), `eval.rs`,
//! `threats.rs`, `candidates.rs`, `symmetry.rs` (merging symmetric root
//! moves on cubes), `search.rs`, `tt.rs`, `levels.rs`, `seed.rs` and
//! `random.rs` (baselines), `perfect.rs` (Connect Four solver), `proved.rs`
//! and `shipped.rs` (wins the prover finds or the shipped proofs hold),
//! `prove/` (the prover), `analyze/` (every move's value, proved).
#![deny(missing_docs)]

pub mod analyze;
mod board;
pub mod book;
mod budget;
mod candidates;
mod choice;
mod choose;
mod eval;
mod level;
mod levels;
mod perfect;
pub mod prove;
mod proved;
mod random;
mod search;
mod seed;
pub mod shipped;
mod symmetry;
#[cfg(test)]
mod test_rng;
mod threats;
mod tt;

pub use budget::Budget;
pub use choice::Choice;
pub use choose::{choose, choose_with_work, work_budget};
pub use level::Level;
