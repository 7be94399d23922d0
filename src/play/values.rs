//! Every move's value in the terminal (the `v` key, and plain mode's
//! `analyze`): `hypertac_ai::analyze` on a worker thread, so the screen
//! and the keys stay responsive; a new position stops the work on the old.

use hypertac_ai::analyze::{move_reasons, position_reason, Analysis, Analyzer, MoveReason, Value};
use hypertac_ai::Budget;
use hypertac_core::{Cell, Player, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Time of one round of the prover; the worker goes on for [`ROUNDS`]
/// rounds while some value is unknown, sending what it has after each.
/// The first round is short, so that what the certificates, the book and
/// the quick proofs know shows at once.
const FIRST_ROUND: Duration = Duration::from_secs(1);
const ROUND: Duration = Duration::from_secs(10);
const ROUNDS: u32 = 7;

/// Why one move wins or loses, as the front ends show it.
#[derive(Clone, Debug)]
pub struct MoveWhy {
    /// The move.
    pub cell: Cell,
    /// Why, in words.
    pub words: String,
    /// The line of play it names, from the move itself on.
    pub line: Vec<Cell>,
    /// For a draw by pairs: the side that answers by them and the pairs
    /// of the position after the move (at most 26, one letter each).
    pub pairs: Option<(Player, Vec<[Cell; 2]>)>,
}

/// The values shown for a position.
#[derive(Clone, Debug)]
pub struct ShownValues {
    /// The moves of the position they are for.
    pub moves: Vec<Cell>,
    /// Its analysis, `None` while the first round works.
    pub analysis: Option<Analysis>,
    /// Whether the worker is still at it.
    pub working: bool,
    /// Why a move wins or loses where threats or the prover's reply show
    /// it (`hypertac_ai::analyze::move_reasons`), by move: in words, and
    /// the line of play it names from the move itself on.
    pub reasons: Vec<MoveWhy>,
    /// Why the side to move wins, from a best move's reason
    /// (`hypertac_ai::analyze::winning_reason`).
    pub why: Option<String>,
}

impl ShownValues {
    /// Values for no position yet (the next update asks for the real one).
    pub fn asked() -> ShownValues {
        ShownValues {
            moves: vec![Cell(u64::MAX)],
            analysis: None,
            working: true,
            reasons: Vec::new(),
            why: None,
        }
    }

    /// The letter and kind of a cell's value for the side to move:
    /// `W` win, `D` draw, `L` loss, `?` unknown (or not answered yet while
    /// the worker is at it), and where only one side's question is
    /// answered `+` win or draw, `-` draw or loss; `None` for no legal
    /// move of `pos`.
    pub fn mark(&self, pos: &Position, cell: Cell) -> Option<(char, Value)> {
        let Some(a) = self.analysis.as_ref() else {
            return (self.working && pos.is_legal(cell)).then_some(('?', Value::Unknown));
        };
        let m = a.moves.iter().find(|m| m.cell == cell)?;
        let mark = match m.known.value.rank_for(a.to_move) {
            Some(2) => 'W',
            Some(1) => 'D',
            Some(_) => 'L',
            None => match m.known.cannot_win {
                Some(p) if p == a.to_move => '-',
                Some(_) => '+',
                None => '?',
            },
        };
        Some((mark, m.known.value))
    }

    /// One line: the position's value and how many moves are settled.
    /// Why the move on `cell` wins or loses, if threats show it.
    pub fn why_at(&self, cell: Cell) -> Option<&str> {
        self.reasons
            .iter()
            .find(|w| w.cell == cell)
            .map(|w| w.words.as_str())
    }

    /// The line of play the reason of the move on `cell` names, from the
    /// move itself on (the sides in turn, the mover first).
    pub fn line_at(&self, cell: Cell) -> Option<&[Cell]> {
        self.reasons
            .iter()
            .find(|w| w.cell == cell)
            .map(|w| w.line.as_slice())
    }

    /// The pairs that hold the lines after the move on `cell`, where its
    /// reason is a draw by pairs, with the side that answers by them.
    pub fn pairs_at(&self, cell: Cell) -> Option<(Player, &[[Cell; 2]])> {
        self.reasons
            .iter()
            .find(|w| w.cell == cell)
            .and_then(|w| w.pairs.as_ref())
            .map(|(by, pairs)| (*by, pairs.as_slice()))
    }

    pub fn summary(&self) -> String {
        let Some(a) = &self.analysis else {
            return "values: working out each move's value…".into();
        };
        let me = a.to_move;
        let bounded = a
            .moves
            .iter()
            .filter(|m| !m.proved() && m.known.cannot_win.is_some())
            .count();
        let unknown = a.moves.iter().filter(|m| !m.proved()).count() - bounded;
        let value = a.value();
        let mut text = format!(
            "values of {me}'s moves (W {me} wins, D draw, L {} wins{}{}): {}",
            me.other(),
            if bounded > 0 {
                ", + win or draw, - draw or loss"
            } else {
                ""
            },
            if unknown > 0 { ", ? unknown" } else { "" },
            match (value, a.bound()) {
                (Value::Unknown, Some(bound)) => format!("unknown, {bound} (proved)"),
                (Value::Unknown, None) => value.text(),
                _ => format!("{} (proved)", value.text()),
            }
        );
        if bounded > 0 {
            text.push_str(&format!("; {bounded} known in part"));
        }
        if unknown > 0 {
            text.push_str(&format!("; {unknown} unknown"));
        }
        if unknown + bounded > 0 && self.working {
            text.push_str(", working");
        }
        text
    }
}

/// An analyser on its own thread: ask with [`ValueWorker::request`], collect
/// with [`ValueWorker::poll`].
pub struct ValueWorker {
    requests: Sender<(Position, Arc<AtomicBool>)>,
    answers: Receiver<(Vec<Cell>, Analysis, bool)>,
    current: Option<Arc<AtomicBool>>,
}

impl ValueWorker {
    /// Starts the thread (the prover's table is allocated on first need).
    pub fn start() -> ValueWorker {
        let (requests, inbox) = mpsc::channel::<(Position, Arc<AtomicBool>)>();
        let (outbox, answers) = mpsc::channel();
        std::thread::spawn(move || {
            let analyzer = Analyzer::default();
            while let Ok(mut job) = inbox.recv() {
                loop {
                    match inbox.try_recv() {
                        Ok(newer) => job = newer,
                        Err(TryRecvError::Empty) => break,
                        Err(TryRecvError::Disconnected) => return,
                    }
                }
                let (pos, stop) = job;
                for round in 1..=ROUNDS {
                    let budget = Budget {
                        deadline: Some(
                            Instant::now() + if round == 1 { FIRST_ROUND } else { ROUND },
                        ),
                        stop: Some(stop.clone()),
                    };
                    let Ok(analysis) = analyzer.analyze(&pos, &budget) else {
                        break;
                    };
                    let done = analysis.complete() || round == ROUNDS;
                    let stopped = stop.load(Ordering::Relaxed);
                    if outbox
                        .send((pos.moves().to_vec(), analysis, !done && !stopped))
                        .is_err()
                    {
                        return;
                    }
                    if done || stopped {
                        break;
                    }
                }
            }
        });
        ValueWorker {
            requests,
            answers,
            current: None,
        }
    }

    /// Asks for the values of `pos`, stopping the work on the last position.
    pub fn request(&mut self, pos: &Position) {
        let stop = Arc::new(AtomicBool::new(false));
        if let Some(old) = self.current.replace(stop.clone()) {
            old.store(true, Ordering::Relaxed);
        }
        let _ = self.requests.send((pos.clone(), stop));
    }

    /// Stops the work in progress.
    pub fn stop(&mut self) {
        if let Some(old) = self.current.take() {
            old.store(true, Ordering::Relaxed);
        }
    }

    /// An answer, if any: the position's moves, its analysis, and whether
    /// more rounds follow.
    pub fn poll(&self) -> Option<(Vec<Cell>, Analysis, bool)> {
        self.answers.try_recv().ok()
    }
}

impl Drop for ValueWorker {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Why each move of `analysis` (of `pos`) wins or loses, where threats or
/// the prover's reply show it: in words, and the line of play from the
/// move itself on; and why the side to move wins, from a best move's.
pub fn reasons(pos: &Position, analysis: &Analysis) -> (Vec<MoveWhy>, Option<String>) {
    let all = move_reasons(pos, analysis);
    let why = position_reason(pos, analysis, &all);
    let each = all
        .into_iter()
        .zip(&analysis.moves)
        .filter_map(|(r, m)| {
            let r = r?;
            let mut line = r.moves();
            if line.first() != Some(&m.cell) {
                line.insert(0, m.cell);
            }
            let pairs = match &r {
                MoveReason::Pairs(held) => held
                    .shown(pos.to_move())
                    .map(|(by, pairs)| (by, pairs.to_vec())),
                _ => None,
            };
            Some(MoveWhy {
                cell: m.cell,
                words: r.words(pos.rules()),
                line,
                pairs,
            })
        })
        .collect();
    (each, why)
}

/// The analysis of `pos` as plain text lines (plain mode's `analyze`).
pub fn plain_lines(pos: &Position, time: Duration) -> Result<Vec<String>, String> {
    let analyzer = Analyzer::default();
    let budget = Budget {
        deadline: Some(Instant::now() + time),
        stop: None,
    };
    let analysis = analyzer.analyze(pos, &budget).map_err(|e| e.to_string())?;
    let mut lines = vec![ShownValues {
        moves: pos.moves().to_vec(),
        analysis: Some(analysis.clone()),
        working: false,
        reasons: Vec::new(),
        why: None,
    }
    .summary()];
    let why = analysis
        .reason
        .as_ref()
        .map(|r| r.words(pos.rules()))
        .or_else(|| {
            let reasons = move_reasons(pos, &analysis);
            position_reason(pos, &analysis, &reasons)
        });
    if let Some(why) = why {
        lines.push(format!("why: {why}"));
    }
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for m in &analysis.moves {
        let text = m.known.text();
        let cell = hypertac_core::notation::format_move(pos.rules(), m.cell);
        match groups.iter_mut().find(|(v, _)| *v == text) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((text, vec![cell])),
        }
    }
    for (value, cells) in groups {
        lines.push(format!("{value}: {}", cells.join(" ")));
    }
    // Moves with the same reason (most often the other side's same
    // sequence) share one line.
    let mut whys: Vec<(String, Vec<String>)> = Vec::new();
    for MoveWhy {
        cell, words: why, ..
    } in reasons(pos, &analysis).0
    {
        let cell = hypertac_core::notation::format_move(pos.rules(), cell);
        match whys.iter_mut().find(|(w, _)| *w == why) {
            Some((_, cells)) => cells.push(cell),
            None => whys.push((why, vec![cell])),
        }
    }
    for (why, cells) in whys {
        lines.push(format!("why {}: {why}", cells.join(" ")));
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::Rules;

    #[test]
    fn cells_show_pending_until_the_first_answer() {
        let rules = Rules::preset("tictactoe").unwrap();
        let mut pos = Position::new(rules);
        pos.play(Cell(4));
        let mut shown = ShownValues {
            moves: pos.moves().to_vec(),
            analysis: None,
            working: true,
            reasons: Vec::new(),
            why: None,
        };
        let pending: Vec<u64> = (0..9)
            .filter(|&c| shown.mark(&pos, Cell(c)).is_some_and(|m| m.0 == '?'))
            .collect();
        assert_eq!(
            pending,
            vec![0, 1, 2, 3, 5, 6, 7, 8],
            "every empty cell, not the stone"
        );
        shown.working = false;
        assert!((0..9).all(|c| shown.mark(&pos, Cell(c)).is_none()));
        let budget = Budget::default();
        shown.analysis = Some(Analyzer::default().analyze(&pos, &budget).unwrap());
        assert_eq!(shown.mark(&pos, Cell(0)), Some(('D', Value::Draw)));
        assert_eq!(shown.mark(&pos, Cell(4)), None);
    }
}
