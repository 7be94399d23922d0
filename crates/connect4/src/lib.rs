//! A perfect Connect Four solver on bitboards.
//!
//! ```
//! use hypertac_connect4::{Position, Solver};
//!
//! let pos = Position::from_moves("4453").unwrap();
//! let mut solver = Solver::new(20);
//! let score = solver.solve(&pos, false);
//! assert_eq!(solver.solve(&pos, true), score.signum());
//! ```
//!
//! * [`Position`]: the bitboard (see its module documentation for the bit
//!   layout) and move-string parsing with typed [`ParseError`]s.
//! * [`Solver`]: negamax with alpha-beta pruning, null-window
//!   (binary-search) iterations on the score, a two-bound transposition
//!   table shared between mirror images (a small cache-resident level in
//!   front of a large one), threat-based move ordering, Allis' claimeven
//!   rule with baseinverse pairs and the follower's threat decided by
//!   zugzwang as static bounds, and optional helper threads
//!   ([`Solver::set_threads`]) testing several scores at once and sharing
//!   the table.
//!
//! Score convention (the one of the public benchmark sets): from the side
//! to move, positive = win, `22 - stones played by the winner` on 7x6
//! (generally: 1 for a win with the player's last possible stone, 2 with
//! the stone before, ...), 0 = draw, negative = loss.
#![deny(missing_docs)]

mod book;
mod layout;
mod moves;
mod node;
mod notation;
mod position;
mod race;
mod rules;
mod search;
mod solver;
mod threads;
mod tt;
mod tuning;
mod windows;

pub use book::{Book, BookError};
pub use notation::{ParseError, SizeError};
pub use position::{Geometry, Position};
pub use solver::Solver;
pub use tuning::Tuning;
