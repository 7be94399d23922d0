//! The rules of k-in-a-row games on boards of any number of dimensions.
//!
//! A [`Rules`] value fixes the board [`Shape`] (per-axis sizes), k, optional
//! gravity along one axis, the [`WinRule`] and wrap-around. A [`Position`]
//! plays and undoes moves on it, detecting wins incrementally from the last
//! move: dense boards keep a precomputed line table with per-line counters,
//! huge boards ([`Mode::Sparse`]) store only their stones and walk the
//! (3^d-1)/2 directions through the played cell.
//!
//! The core prints nothing, reads no files or clock and starts no threads.
#![deny(missing_docs)]

mod dense;
pub mod gravity;
pub mod lines;
pub mod notation;
mod player;
pub mod playout;
mod position;
#[cfg(feature = "record")]
pub mod record;
pub mod reference;
mod rules;
mod rules_error;
pub mod rules_request;
mod shape;
mod sparse;
mod text;
pub mod zobrist;

pub use lines::Line;
pub use player::Player;
pub use position::{
    DrawReason, LegalMoves, LineView, Mode, Outcome, PlayError, Position, DENSE_MAX_CELLS,
    DENSE_MAX_CELL_DIRECTIONS, DENSE_MAX_LINE_CELLS,
};
pub use rules::{Rules, WinRule, MAX_K, PRESETS};
pub use rules_error::RulesError;
pub use shape::{Cell, Shape, MAX_CELLS, MAX_DIMS, MAX_SIDE};
