//! Connect Four scores in the terminal (the `s` key): the perfect solver's
//! score of every column, as the web page shows them, computed on a worker
//! thread so the screen and the keys stay responsive while it searches.
//!
//! Scores follow the solver's convention (from the side to move: positive
//! wins, the sooner the higher; 0 draws; negative loses) and are shown in
//! words as on the page (`serve`'s analysis): "win in 3" counts the mover's
//! own stones up to and including the winning one, "loss in 3" the
//! opponent's.

use hypertac_connect4::{Position, Solver};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

/// log2 of the solver's transposition table entries (8 bytes each: 32 MiB).
const TABLE_LOG2: u32 = 22;

/// The scores of one position: one entry per column, `None` when full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnScores {
    /// The position as a column string (`4453`).
    pub pos: String,
    /// The solver's scores, `None` while it searches.
    pub scores: Option<Vec<Option<i32>>>,
}

impl ColumnScores {
    /// Each column's score in words (`win in 3`, `draw`, `loss in 2`),
    /// `None` for a full column; empty while the solver searches.
    pub fn words(&self) -> Vec<Option<String>> {
        let played = self.pos.len() as i32;
        self.scores
            .iter()
            .flatten()
            .map(|s| s.map(|score| words(played, score)))
            .collect()
    }

    /// The best score, if known.
    pub fn best(&self) -> Option<i32> {
        self.scores.iter().flatten().flatten().max().copied()
    }
}

/// A score in words for the side to move after `played` stones on 7x6.
pub fn words(played: i32, score: i32) -> String {
    // A player wins with stone number `half - score` of their own.
    let half = (7 * 6 + 2) / 2;
    let mover_stones = played / 2;
    let other_stones = played - mover_stones;
    match score.cmp(&0) {
        std::cmp::Ordering::Greater => format!("win in {}", half - score - mover_stones),
        std::cmp::Ordering::Equal => "draw".to_string(),
        std::cmp::Ordering::Less => format!("loss in {}", half + score - other_stones),
    }
}

/// A solver on its own thread: ask with [`ScoreWorker::request`], collect
/// with [`ScoreWorker::poll`]. The thread ends when the worker is dropped
/// (after the search it is in, which cannot be interrupted).
pub struct ScoreWorker {
    requests: Sender<String>,
    answers: Receiver<(String, Vec<Option<i32>>)>,
}

impl ScoreWorker {
    /// Starts the thread; the solver's table is allocated on the first request.
    pub fn start() -> ScoreWorker {
        let (requests, inbox) = mpsc::channel::<String>();
        let (outbox, answers) = mpsc::channel();
        std::thread::spawn(move || {
            let mut solver: Option<Solver> = None;
            while let Ok(mut moves) = inbox.recv() {
                // Only the newest position matters.
                loop {
                    match inbox.try_recv() {
                        Ok(newer) => moves = newer,
                        Err(TryRecvError::Empty) => break,
                        Err(TryRecvError::Disconnected) => return,
                    }
                }
                let Ok(pos) = Position::from_moves(&moves) else {
                    continue;
                };
                let solver = solver.get_or_insert_with(|| Solver::with_standard_book(TABLE_LOG2));
                let scores = solver.analyze(&pos, false);
                if outbox.send((moves, scores)).is_err() {
                    return;
                }
            }
        });
        ScoreWorker { requests, answers }
    }

    /// Asks for the scores of a column string.
    pub fn request(&self, moves: &str) {
        let _ = self.requests.send(moves.to_string());
    }

    /// A finished analysis, if any: the column string and its scores.
    pub fn poll(&self) -> Option<(String, Vec<Option<i32>>)> {
        self.answers.try_recv().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_count_the_players_own_stones() {
        // As serve's analysis: after 41424 (O to move) O wins with its 4th
        // stone (score 18): "win in 2"; X would win with its 4th: "loss in 1".
        assert_eq!(words(5, 18), "win in 2");
        assert_eq!(words(5, -18), "loss in 1");
        assert_eq!(words(5, 0), "draw");
    }

    #[test]
    fn the_worker_solves_a_position() {
        let worker = ScoreWorker::start();
        worker.request("4453");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            if let Some((pos, scores)) = worker.poll() {
                assert_eq!(pos, "4453");
                assert_eq!(scores.len(), 7);
                break;
            }
            assert!(std::time::Instant::now() < deadline, "no answer in 60 s");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}
