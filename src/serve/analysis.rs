//! Connect Four analysis: the exact score of every column from the perfect
//! solver (`hypertac_connect4`), as the public solver's web site shows it.
//!
//! Scores follow the solver's convention (from the side to move: positive
//! wins, the sooner the higher; 0 draws; negative loses). Each score is
//! also turned into words: "win in 3" counts the mover's own stones up to
//! and including the winning one, "loss in 3" the opponent's.
//!
//! What can be answered without searching is answered at once, on the
//! request's own task, whatever the solver is doing: cached analyses, the
//! opening book (every position of the first moves) and moves that win or
//! lose at once. The rest goes to one solver thread that works through a
//! short queue, newest position first, column by column; every finished
//! column is kept. A request waits at most [`WAIT`] for its columns; if
//! some are still being searched then, it gets the columns known so far
//! and the list of the others (`pending`), never an error, and asks again
//! later (the page polls). The solver never runs on the async runtime's
//! threads and a busy solver never delays an answer it is not needed for.

use super::error::{ApiError, ApiResult};
use hypertac_connect4::{Book, Position, Solver};
use serde::Serialize;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a request waits for columns the solver is still searching.
const WAIT: Duration = Duration::from_secs(3);
/// log2 of the solver's transposition table entries (8 bytes each: 32 MiB).
const TABLE_LOG2: u32 = 22;
/// Positions waiting for the solver; when more arrive, the oldest waiting
/// one is dropped (its finished columns are kept; asking again requeues it).
const MAX_QUEUE: usize = 8;
/// Positions (analysed in full or in part) kept before the cache is cleared.
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
    /// One entry per column, `null` for a full column or a column in
    /// `pending`.
    pub columns: Vec<Option<ColumnScore>>,
    /// The columns with the best score (empty while some are pending).
    pub best: Vec<u32>,
    /// Columns whose score the solver is still searching (1-based); ask
    /// again for them. Empty when the analysis is complete.
    pub pending: Vec<u32>,
}

/// What is known of one column: `None` not yet, `Some(None)` a full
/// column, `Some(Some(score))`.
type Known = Option<Option<i32>>;

/// A shared solver thread with a cache of analysed columns.
pub struct Analyzer {
    book: Arc<Book>,
    shared: Arc<Shared>,
    wait: Duration,
}

/// State shared by the requests and the solver thread.
struct Shared {
    state: Mutex<State>,
    /// Wakes the solver thread (new work, shutdown, resume).
    work: Condvar,
    /// Bumped whenever a column is found, so waiting requests look again.
    found: tokio::sync::watch::Sender<u64>,
}

#[derive(Default)]
struct State {
    /// What is known of each position asked for.
    known: HashMap<String, Vec<Known>>,
    /// Positions waiting for the solver, newest first.
    queue: VecDeque<(String, Position)>,
    /// The solver thread runs (started on first need).
    started: bool,
    /// The solver thread must not take work (tests).
    paused: bool,
    /// The analyser is gone: the solver thread ends.
    closed: bool,
}

impl Analyzer {
    /// An analyser; the solver thread and its table start on first need.
    pub fn new() -> Analyzer {
        Analyzer::with_wait(WAIT)
    }

    /// An analyser whose requests wait at most `wait` for the solver.
    fn with_wait(wait: Duration) -> Analyzer {
        let (found, _) = tokio::sync::watch::channel(0);
        Analyzer {
            book: Arc::new(Book::standard()),
            shared: Arc::new(Shared {
                state: Mutex::new(State::default()),
                work: Condvar::new(),
                found,
            }),
            wait,
        }
    }

    /// Analyses a column string (`4453`; empty is the empty board): the
    /// columns known at once or within [`WAIT`], the others `pending`.
    ///
    /// # Errors
    /// 400 for a malformed or impossible position (including a finished
    /// game). Never an error because the solver is busy.
    pub async fn analyze(&self, moves: &str) -> ApiResult<Analysis> {
        let moves = moves.trim().to_string();
        if moves.len() > 42 {
            return Err(ApiError::bad_request(format!(
                "position {moves:?} has more than 42 moves"
            )));
        }
        let pos = Position::from_moves(&moves)
            .map_err(|e| ApiError::bad_request(format!("position {moves:?}: {e}")))?;
        let mut seen = self.shared.found.subscribe();
        let deadline = Instant::now() + self.wait;
        let mut known = self.known_now(&moves, &pos);
        while known.iter().any(Option::is_none) {
            // Subscribed before looking, so no column found in between is missed.
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || tokio::time::timeout(left, seen.changed()).await.is_err() {
                break;
            }
            known = self.known_now(&moves, &pos);
        }
        Ok(describe(moves, &pos, &known))
    }

    /// What is known of `pos` now, without waiting for the solver: the cache,
    /// full columns, immediate wins and the book. Queues the position for
    /// the solver if some column is still unknown.
    fn known_now(&self, moves: &str, pos: &Position) -> Vec<Known> {
        let mut state = lock(&self.shared.state);
        if let Some(k) = state.known.get(moves) {
            if k.iter().all(Option::is_some) {
                return k.clone();
            }
        }
        let mut known = state
            .known
            .get(moves)
            .cloned()
            .unwrap_or_else(|| vec![None; pos.width() as usize]);
        for (c, k) in known.iter_mut().enumerate() {
            if k.is_none() {
                *k = without_search(pos, c as u32, &self.book);
            }
        }
        if state.known.len() >= CACHE_LIMIT {
            state.known.clear();
        }
        state.known.insert(moves.to_string(), known.clone());
        if known.iter().any(Option::is_none) {
            self.enqueue(&mut state, moves, pos);
        }
        known
    }

    /// Puts `pos` at the front of the solver's queue (and starts the solver
    /// thread if needed).
    fn enqueue(&self, state: &mut State, moves: &str, pos: &Position) {
        state.queue.retain(|(m, _)| m != moves);
        state.queue.push_front((moves.to_string(), *pos));
        state.queue.truncate(MAX_QUEUE);
        if !state.started {
            let shared = Arc::clone(&self.shared);
            let book = (*self.book).clone();
            let spawned = std::thread::Builder::new()
                .name("c4-analysis".into())
                .spawn(move || solver_thread(&shared, book));
            state.started = spawned.is_ok();
        }
        self.shared.work.notify_one();
    }

    /// Stops or resumes the solver thread (tests: a busy solver).
    #[cfg(test)]
    fn pause(&self, paused: bool) {
        lock(&self.shared.state).paused = paused;
        self.shared.work.notify_one();
    }
}

impl Drop for Analyzer {
    fn drop(&mut self) {
        lock(&self.shared.state).closed = true;
        self.shared.work.notify_one();
    }
}

/// The score of column `c` of `pos` if it needs no search: a full column,
/// a move that wins at once, or a position of the book.
fn without_search(pos: &Position, c: u32, book: &Book) -> Known {
    if !pos.can_play(c) {
        return Some(None);
    }
    let size = pos.geometry().size() as i32;
    let n = pos.nb_moves() as i32;
    if pos.is_winning_move(c) {
        return Some(Some((size + 1 - n) / 2));
    }
    let mut child = *pos;
    child.play(c);
    if child.is_full() {
        return Some(Some(0));
    }
    if child.can_win_next() {
        return Some(Some(-(size - n) / 2));
    }
    book.get(&child).map(|s| Some(-s))
}

/// The solver thread: takes the newest queued position and searches its
/// unknown columns one by one, publishing each; a newer position put in
/// the queue meanwhile goes first after the current column.
fn solver_thread(shared: &Shared, book: Book) {
    let mut solver: Option<Solver> = None;
    loop {
        let (moves, pos, col) = {
            let mut state = lock(&shared.state);
            loop {
                if state.closed {
                    return;
                }
                if !state.paused {
                    if let Some(job) = next_column(&mut state) {
                        break job;
                    }
                }
                state = shared.work.wait(state).unwrap_or_else(|p| p.into_inner());
            }
        };
        let solver = solver.get_or_insert_with(|| {
            let mut s = Solver::new(TABLE_LOG2);
            s.set_book(Some(book.clone()));
            // A helper thread works on the long solves (early positions).
            s.set_threads(std::thread::available_parallelism().map_or(1, |n| n.get().min(2)));
            s
        });
        let mut child = pos;
        child.play(col);
        let score = -solver.solve(&child, false);
        let mut state = lock(&shared.state);
        if let Some(k) = state.known.get_mut(&moves) {
            k[col as usize] = Some(Some(score));
        }
        drop(state);
        shared.found.send_modify(|n| *n += 1);
    }
}

/// The next column to search: the first unknown one of the newest queued
/// position (positions with nothing left to search leave the queue).
fn next_column(state: &mut State) -> Option<(String, Position, u32)> {
    while let Some((moves, pos)) = state.queue.front() {
        let col = state
            .known
            .get(moves)
            .and_then(|k| k.iter().position(Option::is_none));
        match col {
            Some(c) => return Some((moves.clone(), *pos, c as u32)),
            None => {
                state.queue.pop_front();
            }
        }
    }
    None
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Builds the answer from what is known of each column.
fn describe(moves: String, pos: &Position, known: &[Known]) -> Analysis {
    let played = pos.nb_moves() as i32;
    // A player wins with stone number `half - score` of their own.
    let half = (pos.geometry().size() as i32 + 2) / 2;
    let mover_stones = played / 2;
    let other_stones = played - mover_stones;
    let columns: Vec<Option<ColumnScore>> = known
        .iter()
        .enumerate()
        .map(|(c, s)| {
            s.flatten().map(|score| ColumnScore {
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
    let pending: Vec<u32> = (1..=known.len() as u32)
        .filter(|&c| known[c as usize - 1].is_none())
        .collect();
    let top = known.iter().flatten().flatten().max().copied();
    let best = if pending.is_empty() {
        columns
            .iter()
            .flatten()
            .filter(|c| Some(c.score) == top)
            .map(|c| c.column)
            .collect()
    } else {
        Vec::new()
    };
    Analysis {
        game: "connect4",
        pos: moves,
        to_move: if played % 2 == 0 { 'X' } else { 'O' },
        columns,
        best,
        pending,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_count_the_players_own_stones() {
        // Column 4 wins at once for X: X has 3 stones and wins with its 4th.
        let pos = Position::from_moves("41424").unwrap();
        let known = vec![None, None, Some(Some(18)), Some(None), None, None, None];
        let a = describe("41424".into(), &pos, &known);
        // O to move (5 played): O wins with its 4th stone: 22 - 4 = 18.
        assert_eq!(a.to_move, 'O');
        assert_eq!(a.columns[2].as_ref().unwrap().text, "win in 2");
        assert_eq!(a.pending, vec![1, 2, 5, 6, 7]);
        assert!(a.best.is_empty());
        let known = vec![Some(Some(-18)), Some(Some(0)), Some(None)];
        let a = describe("41424".into(), &pos, &known);
        // X (3 stones) wins with its 4th: loss in 1 for O.
        assert_eq!(a.columns[0].as_ref().unwrap().text, "loss in 1");
        assert_eq!(a.columns[1].as_ref().unwrap().text, "draw");
        assert_eq!(a.best, vec![2]);
        assert!(a.pending.is_empty());
    }

    #[tokio::test]
    async fn book_answers_never_wait_for_a_busy_solver() {
        let an = Analyzer::with_wait(Duration::from_millis(50));
        // The solver is busy (paused): book positions still answer in full.
        an.pause(true);
        // Every position whose children the book holds (the first stones).
        let depth = Book::standard().depth() as usize;
        for moves in ["", "4", "44", "17", "123", "4453"]
            .into_iter()
            .filter(|m| m.len() < depth)
        {
            let a = an.analyze(moves).await.unwrap();
            assert!(a.pending.is_empty(), "{moves}: {:?}", a.pending);
            assert_eq!(a.columns.iter().flatten().count(), 7);
        }
        assert_eq!(
            an.analyze("")
                .await
                .unwrap()
                .columns
                .iter()
                .map(|c| c.as_ref().unwrap().score)
                .collect::<Vec<_>>(),
            [-2, -1, 0, 1, 0, -1, -2]
        );
        // A position that needs the solver: no error, the known columns
        // (here the full one) and the rest pending.
        let deep = "3216462533333";
        let a = an.analyze(deep).await.unwrap();
        assert!(!a.pending.is_empty() && !a.pending.contains(&3), "{a:?}");
        assert!(a.columns[2].is_none() && a.best.is_empty());
        // Once the solver runs, the same request completes (the test set
        // "32164625" scores 11 with column 3, checked by the API tests).
        an.pause(false);
        let mut a = an.analyze(deep).await.unwrap();
        for _ in 0..200 {
            if a.pending.is_empty() {
                break;
            }
            a = an.analyze(deep).await.unwrap();
        }
        assert!(a.pending.is_empty(), "{:?}", a.pending);
        let mut solver = Solver::new(16);
        let want = solver.analyze(&Position::from_moves(deep).unwrap(), false);
        let got: Vec<Option<i32>> = a
            .columns
            .iter()
            .map(|c| c.as_ref().map(|c| c.score))
            .collect();
        assert_eq!(got, want);
    }
}
