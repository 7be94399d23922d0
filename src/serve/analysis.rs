//! Connect Four analysis: the exact score of every column from the perfect
//! solver (`hypertac_connect4`), as the public solver's web site shows it.
//!
//! Scores follow the solver's convention (from the side to move: positive
//! wins, the sooner the higher; 0 draws; negative loses). Each score is
//! also turned into words: "win in 3" counts the mover's own stones up to
//! and including the winning one, "loss in 3" the opponent's.
//!
//! The solver cannot be interrupted, so one search runs at a time, its
//! results are cached, and a request waits at most [`WAIT`]; a search still
//! running then finishes in the background and fills the cache. At most
//! [`MAX_PENDING`] searches wait for the solver; more requests get 503 at
//! once instead of tying up threads. The solver uses the opening book, so
//! the first moves (the empty board included) answer at once.

use super::error::{ApiError, ApiResult};
use axum::http::StatusCode;
use hypertac_connect4::{Position, Solver};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long a request waits for the solver.
const WAIT: Duration = Duration::from_secs(20);
/// log2 of the solver's transposition table entries (8 bytes each: 32 MiB).
const TABLE_LOG2: u32 = 22;
/// Searches that may be running or waiting for the solver at once.
const MAX_PENDING: usize = 4;
/// Cached analyses kept before the cache is cleared.
const CACHE_LIMIT: usize = 10_000;

/// The score of one column.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ColumnScore {
    /// The column, 1 to 7.
    pub column: u32,
    /// The solver's score for the side to move after dropping here.
    pub score: i32,
    /// The score in words: `win in N`, `draw`, `loss in N`.
    pub text: String,
}

/// The analysis of a position.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// Always `connect4`.
    pub game: &'static str,
    /// The position as a column string.
    pub pos: String,
    /// `X` (first player) or `O`.
    pub to_move: char,
    /// One entry per column, `null` for a full column.
    pub columns: Vec<Option<ColumnScore>>,
    /// The columns with the best score.
    pub best: Vec<u32>,
}

/// A shared solver with a cache of analysed positions.
pub struct Analyzer {
    solver: Arc<Mutex<Option<Solver>>>,
    cache: Arc<Mutex<HashMap<String, Vec<Option<i32>>>>>,
    pending: Arc<AtomicUsize>,
}

/// Counts a search as pending while it lives.
struct Pending(Arc<AtomicUsize>);

impl Drop for Pending {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Analyzer {
    /// An analyser; the solver's table is allocated on first use.
    pub fn new() -> Analyzer {
        Analyzer {
            solver: Arc::new(Mutex::new(None)),
            cache: Arc::new(Mutex::new(HashMap::new())),
            pending: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Analyses a column string (`4453`; empty is the empty board).
    ///
    /// # Errors
    /// 400 for a malformed or impossible position (including a finished
    /// game), 503 when the solver needs longer than [`WAIT`].
    pub async fn analyze(&self, moves: &str) -> ApiResult<Analysis> {
        let moves = moves.trim().to_string();
        if moves.len() > 42 {
            return Err(ApiError::bad_request(format!(
                "position {moves:?} has more than 42 moves"
            )));
        }
        let pos = Position::from_moves(&moves)
            .map_err(|e| ApiError::bad_request(format!("position {moves:?}: {e}")))?;
        let cached = self.cache_get(&moves);
        let scores = match cached {
            Some(s) => s,
            None => self.solve(&moves, pos).await?,
        };
        Ok(describe(moves, &pos, &scores))
    }

    fn cache_get(&self, moves: &str) -> Option<Vec<Option<i32>>> {
        lock(&self.cache).get(moves).cloned()
    }

    async fn solve(&self, moves: &str, pos: Position) -> ApiResult<Vec<Option<i32>>> {
        let solver = self.solver.clone();
        let cache = self.cache.clone();
        let key = moves.to_string();
        if self.pending.fetch_add(1, Ordering::SeqCst) >= MAX_PENDING {
            self.pending.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the solver is busy with other positions; ask again later",
            ));
        }
        let pending = Pending(self.pending.clone());
        let task = tokio::task::spawn_blocking(move || {
            let _pending = pending;
            let mut guard = lock(&solver);
            if let Some(done) = lock(&cache).get(&key) {
                return done.clone();
            }
            let solver = guard.get_or_insert_with(|| {
                let mut s = Solver::with_standard_book(TABLE_LOG2);
                // A helper thread works on the long solves (early positions).
                s.set_threads(std::thread::available_parallelism().map_or(1, |n| n.get().min(2)));
                s
            });
            let scores = solver.analyze(&pos, false);
            let mut cache = lock(&cache);
            if cache.len() >= CACHE_LIMIT {
                cache.clear();
            }
            cache.insert(key, scores.clone());
            scores
        });
        match tokio::time::timeout(WAIT, task).await {
            Ok(Ok(scores)) => Ok(scores),
            Ok(Err(e)) => Err(ApiError::internal(format!("the solver failed: {e}"))),
            Err(_) => Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the solver needs more time for this position; it keeps working, ask again later",
            )),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Builds the answer from the solver's scores.
fn describe(moves: String, pos: &Position, scores: &[Option<i32>]) -> Analysis {
    let played = pos.nb_moves() as i32;
    // A player wins with stone number `half - score` of their own.
    let half = (pos.geometry().size() as i32 + 2) / 2;
    let mover_stones = played / 2;
    let other_stones = played - mover_stones;
    let columns: Vec<Option<ColumnScore>> = scores
        .iter()
        .enumerate()
        .map(|(c, s)| {
            s.map(|score| ColumnScore {
                column: c as u32 + 1,
                score,
                text: match score.cmp(&0) {
                    std::cmp::Ordering::Greater => {
                        format!("win in {}", half - score - mover_stones)
                    }
                    std::cmp::Ordering::Equal => "draw".to_string(),
                    std::cmp::Ordering::Less => {
                        format!("loss in {}", half + score - other_stones)
                    }
                },
            })
        })
        .collect();
    let top = scores.iter().flatten().max().copied();
    let best = columns
        .iter()
        .flatten()
        .filter(|c| Some(c.score) == top)
        .map(|c| c.column)
        .collect();
    Analysis {
        game: "connect4",
        pos: moves,
        to_move: if played % 2 == 0 { 'X' } else { 'O' },
        columns,
        best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_count_the_players_own_stones() {
        // Column 4 wins at once for X: X has 3 stones and wins with its 4th.
        let pos = Position::from_moves("41424").unwrap();
        let scores = vec![None, None, Some(18), None, None, None, None];
        let a = describe("41424".into(), &pos, &scores);
        // O to move (5 played): O wins with its 4th stone: 22 - 4 = 18.
        assert_eq!(a.to_move, 'O');
        assert_eq!(a.columns[2].as_ref().unwrap().text, "win in 2");
        let scores = vec![Some(-18), Some(0), None, None, None, None, None];
        let a = describe("41424".into(), &pos, &scores);
        // X (3 stones) wins with its 4th: loss in 1 for O.
        assert_eq!(a.columns[0].as_ref().unwrap().text, "loss in 1");
        assert_eq!(a.columns[1].as_ref().unwrap().text, "draw");
        assert_eq!(a.best, vec![2]);
    }
}
