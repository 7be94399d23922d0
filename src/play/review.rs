//! The review of a game in the terminal (plain mode's `review`, the TUI's
//! `:review`): each move with the value before and after it, what it threw
//! away, why it loses and what its player had instead. A review proves
//! every position of the game (up to [`TOTAL`]), so the TUI runs it on a
//! worker thread and keeps its keys; Esc or a new move stops it.

use hypertac_ai::analyze::Analyzer;
use hypertac_ai::Budget;
use hypertac_core::{Cell, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Time a review gives the value of each position.
pub const PER_POSITION: Duration = Duration::from_millis(2_000);
/// Time a whole review takes at most (positions past it keep what was
/// known at once).
pub const TOTAL: Duration = Duration::from_millis(120_000);

/// A review in text: each move's lines (`ply player move: before ->
/// after`, with what it threw away, then why it loses and what its player
/// had instead, indented), and a last line counting the moves that threw
/// away a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewText {
    /// The lines of each move, in the game's order.
    pub steps: Vec<Vec<String>>,
    /// For each move that lost: the line of play of why it loses, from
    /// the position after it (the winner's move first, then the sides in
    /// turn), where threats show it.
    pub lines_of_play: Vec<Option<Vec<Cell>>>,
    /// The count of the moves that threw away a win or a draw.
    pub summary: String,
}

impl ReviewText {
    /// All its lines, the moves' then the summary.
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self.steps.iter().flatten().cloned().collect();
        out.push(self.summary.clone());
        out
    }
}

/// The review of the game that led to `pos` (see [`ReviewText`]). `stop`
/// ends it early (the positions left keep what was known at once).
pub fn review_text(
    pos: &Position,
    per_position: Duration,
    total: Duration,
    stop: Option<Arc<AtomicBool>>,
) -> Result<ReviewText, String> {
    if pos.moves().is_empty() {
        return Err("no move to review yet".into());
    }
    let budget = Budget {
        deadline: Some(Instant::now() + total),
        stop,
    };
    let review = Analyzer::default().review(pos, per_position, &budget);
    let mut steps = Vec::new();
    let mut lines_of_play = Vec::new();
    for (i, s) in review.steps.iter().enumerate() {
        let mut line = format!(
            "{} {} {}: {} -> {}",
            i + 1,
            s.player,
            hypertac_core::notation::format_move(pos.rules(), s.cell),
            s.before.text(),
            s.after.text()
        );
        if let Some(what) = s.threw_away_text() {
            line.push_str(&format!(" (threw away a {what})"));
        }
        let mut lines = vec![line];
        if let Some(r) = &s.loses_to {
            lines.push(format!("  why it loses: {}", r.words(pos.rules())));
        }
        lines_of_play.push(
            s.loses_to
                .as_ref()
                .map(|r| r.moves())
                .filter(|m| !m.is_empty()),
        );
        if let Some(r) = &s.missed {
            lines.push(format!(
                "  {} had instead: {}",
                s.player,
                r.words(pos.rules())
            ));
        }
        steps.push(lines);
    }
    let thrown = review
        .steps
        .iter()
        .filter(|s| s.threw_away().is_some())
        .count();
    let summary = match thrown {
        0 => "review: no move threw away a win or a draw (as far as the values are known)".into(),
        n => format!("review: {n} move(s) threw away a win or a draw"),
    };
    Ok(ReviewText {
        steps,
        lines_of_play,
        summary,
    })
}

/// The review of the game that led to `pos` as plain text lines (plain
/// mode's `review`): [`review_text`]'s lines.
pub fn review_lines(
    pos: &Position,
    per_position: Duration,
    total: Duration,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Vec<String>, String> {
    review_text(pos, per_position, total, stop).map(|r| r.lines())
}

/// A review on its own thread: started with [`ReviewWorker::start`],
/// collected with [`ReviewWorker::poll`], stopped when dropped.
pub struct ReviewWorker {
    /// The moves of the game under review.
    pub moves: Vec<Cell>,
    stop: Arc<AtomicBool>,
    answer: Receiver<Result<ReviewText, String>>,
}

impl ReviewWorker {
    /// Starts the review of the game that led to `pos`.
    pub fn start(pos: &Position) -> ReviewWorker {
        let stop = Arc::new(AtomicBool::new(false));
        let (outbox, answer) = mpsc::channel();
        let game = pos.clone();
        let flag = stop.clone();
        std::thread::spawn(move || {
            let text = review_text(&game, PER_POSITION, TOTAL, Some(flag));
            let _ = outbox.send(text);
        });
        ReviewWorker {
            moves: pos.moves().to_vec(),
            stop,
            answer,
        }
    }

    /// The review (or why there is none), once it is done.
    pub fn poll(&self) -> Option<Result<ReviewText, String>> {
        self.answer.try_recv().ok()
    }

    /// Asks the review to end with what it knows.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for ReviewWorker {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A finished review shown as a pager (`pager.rs`); ← → step through the
/// game on the board from it (`replay.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewShown {
    /// Its lines, as [`review_lines`] wrote them.
    pub lines: Vec<String>,
    /// The lines of each move.
    pub steps: Vec<Vec<String>>,
    /// Each move's line of play of why it loses, if any (see [`ReviewText`]).
    pub lines_of_play: Vec<Option<Vec<Cell>>>,
    /// How many moves it reviews.
    pub moves: usize,
    /// Lines scrolled past (of the lines wrapped to the screen's width).
    pub scroll: usize,
}

impl ReviewShown {
    /// The pager's title.
    pub fn title(&self) -> String {
        format!("review of the game ({} moves)", self.moves)
    }
}
