//! Computer players for hypertac.
//!
//! One entry point, [`choose`], picks a move for the side to move at a
//! [`Level`], within a [`Budget`] (deadline and/or stop flag owned by the
//! caller). Deterministic: the same position, level and seed give the same move.
//!
//! How a searching level decides, in order (first-to-k games):
//! 0. perfect play where it is known: the Connect Four solver (`perfect.rs`)
//!    and the shipped proofs (`shipped.rs`), at `hard` and `perfect`;
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
//! the budget only cuts in as a safety stop. Files: `board.rs` (lines,
//! counters, threats, make/unmake; dense and sparse), `eval.rs`, `threats.rs`,
//! `candidates.rs`, `symmetry.rs` (merging symmetric root moves on cubes),
//! `search.rs`, `tt.rs`, `levels.rs`, `seed.rs` and `random.rs` (baselines),
//! `perfect.rs` (Connect Four solver).
#![deny(missing_docs)]

pub use hypertac_connect4 as connect4;

mod board;
mod candidates;
mod eval;
mod levels;
mod perfect;
pub mod pns;
pub mod prove;
mod proved;
mod random;
mod search;
mod seed;
pub mod shipped;
mod symmetry;
mod threats;
mod tt;

use hypertac_core::{zobrist, Cell, Position};
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
    /// Wins, blocks, and a two-ply search.
    Easy,
    /// Adds double threats, short threat sequences and a four-ply search.
    Medium,
    /// Everything, with the largest work budget; perfect where hypertac
    /// knows perfect play: Connect Four (the solver) and the boards of the
    /// shipped proofs ([`shipped`]) where the side to move wins.
    Hard,
    /// As `Hard` (the name kept for the levels people already use).
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
///
/// Deterministic: searches are bounded by node counts, not by the clock, so
/// the same position, level and seed give the same move; the `budget` is a
/// safety stop (when it runs out, the best move found so far is played and
/// determinism is lost). Works on every board: huge sparse boards only look
/// at cells on lines through stones (or the centre of an empty board).
///
/// # Examples
/// ```
/// use hypertac_ai::{choose, Budget, Level};
/// use hypertac_core::{Position, Rules};
/// let pos = Position::new(Rules::preset("tictactoe").unwrap());
/// let choice = choose(&pos, Level::Hard, 1, &Budget::millis(5_000)).unwrap();
/// assert!(pos.is_legal(choice.cell));
/// ```
pub fn choose(pos: &Position, level: Level, seed: u64, budget: &Budget) -> Option<Choice> {
    choose_with_work(pos, level, seed, budget, None)
}

/// The work budget of a searching level per move, or `None` for `random` and
/// `seed`. Work counts line counters updated by the search's moves (and lines
/// walked on sparse boards), so a budget costs about the same time on every
/// board; about 10-20 million per second on one core.
pub fn work_budget(level: Level) -> Option<u64> {
    levels::limits(level).map(|l| l.work)
}

/// As [`choose`], with the searching levels' work budget (see
/// [`work_budget`]) replaced by `work`; threat-sequence searches keep theirs.
/// `None` keeps the level's own.
pub fn choose_with_work(
    pos: &Position,
    level: Level,
    seed: u64,
    budget: &Budget,
    work: Option<u64>,
) -> Option<Choice> {
    if pos.is_over() {
        return None;
    }
    let mut rng =
        random::Rng::new(seed ^ zobrist::splitmix64(pos.hash() ^ pos.moves().len() as u64));
    match level {
        Level::Random => random::random_move(pos, &mut rng).map(|cell| Choice {
            cell,
            reason: "random move".into(),
        }),
        Level::Seed => seed::seed_move(pos, &mut rng),
        _ => {
            if matches!(level, Level::Hard | Level::Perfect) && pos.rules().is_connect4() {
                if let Some(c) = perfect::connect4_move(pos) {
                    return Some(c);
                }
            }
            if matches!(level, Level::Hard | Level::Perfect) {
                if let Some(c) = shipped::proved_move(pos) {
                    return Some(c);
                }
                if let Some(c) = proved::winning_move(pos, budget) {
                    return Some(c);
                }
            }
            let mut limits = levels::limits(level).expect("searching level");
            if let Some(w) = work {
                limits.work = w.max(1);
            }
            levels::search_move(pos, &limits, seed, budget)
        }
    }
}
