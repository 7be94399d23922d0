//! Computer players for hypertac.
//!
//! One entry point, [`choose`], picks a move for the side to move at a
//! [`Level`], within a [`Budget`] (deadline and/or stop flag owned by the
//! caller). Deterministic: the same position, level and seed give the same move.
#![deny(missing_docs)]

pub use hypertac_connect4 as connect4;

pub mod pns;

use hypertac_core::{Cell, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal move (seeded).
    Random,
    /// The seed app's heuristic: complete own k-1, block, then k-2 lines.
    Seed,
    /// Shallow search.
    Easy,
    /// Deeper search.
    Medium,
    /// Full search under the time budget.
    Hard,
    /// Perfect play where a solver exists (Connect Four); else as `Hard`.
    Perfect,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Seed,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Perfect,
    ];

    /// The level's name: `random`, `seed`, `easy`, `medium`, `hard`, `perfect`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Seed => "seed",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Perfect => "perfect",
        }
    }

    /// Parses a level name.
    ///
    /// # Errors
    /// A message listing the valid names.
    pub fn parse(text: &str) -> Result<Level, String> {
        let t = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == t)
            .ok_or_else(|| {
                format!(
                    "unknown level {text:?}: expected random, seed, easy, medium, hard or perfect"
                )
            })
    }
}

/// When to stop thinking: a deadline, a stop flag, both or neither.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Stop when this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop when this flag becomes true (set by the caller, e.g. a UI's stop button).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget of `ms` milliseconds from now.
    pub fn millis(ms: u64) -> Budget {
        Budget {
            deadline: Some(Instant::now() + std::time::Duration::from_millis(ms)),
            stop: None,
        }
    }

    /// Whether time is up or a stop was asked for.
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// A chosen move with what the engine knows about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub cell: Cell,
    /// A short reason for people, e.g. "wins now", "blocks O's line", "wins in 5".
    pub reason: String,
}

/// Picks a move for the side to move, or `None` when the game is over.
pub fn choose(pos: &Position, level: Level, seed: u64, budget: &Budget) -> Option<Choice> {
    let _ = (level, seed, budget);
    pos.legal_moves().next().map(|cell| Choice {
        cell,
        reason: String::new(),
    })
}
