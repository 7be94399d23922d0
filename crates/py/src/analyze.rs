//! Every move's value, as `hypertac analyze --json`: for each legal move of
//! the side to move, who wins after it with perfect play, proved (from the
//! shipped certificates, Connect Four's solver or the prover), for
//! labelling positions. The GIL is released while it works; Ctrl-C is
//! noticed between slices.

use crate::errors::{seconds, value_error};
use crate::game::root;
use crate::moves::extract_cell;
use hypertac_ai::analyze::{move_reasons, position_reason, Analysis, Analyzer, MoveReason};
use hypertac_ai::Budget;
use hypertac_core::{notation, Position};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// Longest stretch without the GIL, so that Ctrl-C is noticed.
const SLICE: Duration = Duration::from_millis(200);

/// One analyser per process: values and the prover's table are kept from
/// one call to the next (of the same rules).
fn analyzer() -> &'static Analyzer {
    static ONE: OnceLock<Analyzer> = OnceLock::new();
    ONE.get_or_init(Analyzer::default)
}

/// The value of every legal move: a dict with `to_move`, `value` (of the
/// position), `complete`, `reason` (the shipped certificate's reason for
/// its move, or None) and `moves`, a list of dicts with `move` (as the CLI
/// writes it), `cell` (index), `value` (`"X wins"`, `"O wins"`, `"draw"`,
/// `"unknown"`), `proved`, `bound` (with the value unknown, what is
/// proved of it: `"X wins or draw"` where O is proved unable to win,
/// `"O wins or draw"` where X is, else None), `distance` (moves after this
/// one to the end, where exact, else None), `source`, `best`, `why` (why
/// the move wins or loses where threats or the prover's reply show it, or
/// why it draws where pairs hold the lines after it, in words, else None),
/// `why_moves` (the cells it names, in play order), `why_pairs` and
/// `why_pairs_by` (for a move that draws by at most 26 pairs, the pairs a
/// player follows after it, and the side that answers by them),
/// as `hypertac analyze --json`; the position's `bound` likewise.
///
/// `game`: a preset name or a `Game` (its position); `moves`: moves played
/// first (text `"1,1,1;2,2,2"` or a list of moves). `seconds`: the
/// prover's time (default 30). Raises ValueError for bad moves, a finished
/// game or a board of more than 4096 legal moves.
#[pyfunction]
#[pyo3(signature = (game, moves=None, *, seconds=30.0))]
pub fn analyze<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    moves: Option<&Bound<'py, PyAny>>,
    seconds: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let pos = played(game, moves)?;
    let time = self::seconds("seconds", seconds)?;
    let deadline = Instant::now() + time;
    let analysis = loop {
        let end = (Instant::now() + SLICE).min(deadline);
        let budget = Budget {
            deadline: Some(end),
            stop: None,
        };
        let p = pos.clone();
        let a = py
            .detach(move || analyzer().analyze(&p, &budget))
            .map_err(value_error)?;
        py.check_signals()?;
        if a.complete() || Instant::now() >= deadline {
            break a;
        }
    };
    to_dict(py, &pos, &analysis)
}

/// The game move by move, as `hypertac analyze --review --json`: a list
/// of dicts with `ply` (from 1), `player`, `move`, `before` and `after`
/// (the values of the positions before and after it, or their bounds),
/// `threw_away` (`"win"` or `"draw"` where the move threw one away, else
/// None), `why` (for such a move that lost: why it loses, where threats
/// show it), `why_moves` (the cells of the line of play `why` names, from
/// the position after the move) and `missed` (for a move that threw away a win: the threat
/// sequence its player had instead, where a short search finds one).
///
/// `game`: a preset name or a `Game` (its moves are reviewed); `moves`:
/// moves played first. `seconds`: the prover's time for each position
/// (default 2). Raises ValueError for bad moves.
#[pyfunction]
#[pyo3(signature = (game, moves=None, *, seconds=2.0))]
pub fn review<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    moves: Option<&Bound<'py, PyAny>>,
    seconds: f64,
) -> PyResult<Bound<'py, PyList>> {
    let pos = played(game, moves)?;
    let each = self::seconds("seconds", seconds)?;
    let p = pos.clone();
    let review = py.detach(move || analyzer().review(&p, each, &Budget::default()));
    let rules = pos.rules();
    let list = PyList::empty(py);
    for (i, s) in review.steps.iter().enumerate() {
        let d = PyDict::new(py);
        d.set_item("ply", i + 1)?;
        d.set_item("player", s.player.to_string())?;
        d.set_item("move", notation::format_move(rules, s.cell))?;
        d.set_item("before", s.before.text())?;
        d.set_item("after", s.after.text())?;
        d.set_item("threw_away", s.threw_away_text())?;
        d.set_item("why", s.loses_to.as_ref().map(|r| r.words(rules)))?;
        d.set_item(
            "why_moves",
            s.loses_to
                .as_ref()
                .and_then(|r| r.cells_text(rules.shape())),
        )?;
        d.set_item("missed", s.missed.as_ref().map(|r| r.words(rules)))?;
        list.append(d)?;
    }
    Ok(list)
}

fn to_dict<'py>(py: Python<'py>, pos: &Position, a: &Analysis) -> PyResult<Bound<'py, PyDict>> {
    let rules = pos.rules();
    let out = PyDict::new(py);
    out.set_item("rules", rules.to_string())?;
    out.set_item("to_move", a.to_move.to_string())?;
    out.set_item("value", a.value().text())?;
    out.set_item("bound", a.bound())?;
    out.set_item("complete", a.complete())?;
    out.set_item("reason", a.reason.as_ref().map(|r| r.words(rules)))?;
    let reasons = move_reasons(pos, a);
    out.set_item("why", position_reason(pos, a, &reasons))?;
    let list = PyList::empty(py);
    for (m, why) in a.moves.iter().zip(reasons.iter().cloned()) {
        let d = PyDict::new(py);
        d.set_item("move", notation::format_move(rules, m.cell))?;
        d.set_item("cell", m.cell.0)?;
        d.set_item("value", m.known.value.text())?;
        d.set_item("proved", m.proved())?;
        d.set_item("bound", m.known.bound())?;
        d.set_item("distance", m.known.distance)?;
        d.set_item("source", m.known.source.name())?;
        d.set_item("best", a.is_best(m))?;
        d.set_item(
            "why_moves",
            why.as_ref().and_then(|r| r.cells_text(rules.shape())),
        )?;
        let pairs = match &why {
            Some(MoveReason::Pairs(held)) => held.shown(pos.to_move()),
            _ => None,
        };
        let cell = |c| notation::format_cell(rules.shape(), c);
        d.set_item(
            "why_pairs",
            pairs.map(|(_, ps)| {
                ps.iter()
                    .map(|&[a, b]| vec![cell(a), cell(b)])
                    .collect::<Vec<_>>()
            }),
        )?;
        d.set_item("why_pairs_by", pairs.map(|(by, _)| by.to_string()))?;
        d.set_item("why", why.map(|r| r.words(rules)))?;
        list.append(d)?;
    }
    out.set_item("moves", list)?;
    Ok(out)
}

/// The position `game` names with `moves` played on it.
fn played(game: &Bound<'_, PyAny>, moves: Option<&Bound<'_, PyAny>>) -> PyResult<Position> {
    let mut pos = root(game)?;
    if let Some(moves) = moves {
        play(&mut pos, moves)?;
    }
    Ok(pos)
}

/// Plays `moves` (text `a;b;c` or a list of moves) on `pos`.
fn play(pos: &mut Position, moves: &Bound<'_, PyAny>) -> PyResult<()> {
    let items: Vec<Bound<'_, PyAny>> = if moves.is_instance_of::<PyString>() {
        let text: String = moves.extract()?;
        if text.trim().is_empty() {
            return Ok(());
        }
        let py = moves.py();
        text.split(';')
            .map(|t| PyString::new(py, t.trim()).into_any())
            .collect()
    } else {
        moves
            .try_iter()
            .map_err(|_| value_error("moves: expected text like \"1,1;2,2\" or a list of moves"))?
            .collect::<PyResult<_>>()?
    };
    for (i, item) in items.iter().enumerate() {
        let cell =
            extract_cell(pos, item).map_err(|e| value_error(format!("move {}: {e}", i + 1)))?;
        if pos.is_over() {
            return Err(value_error(format!(
                "move {}: the game is already over",
                i + 1
            )));
        }
        pos.try_play(cell)
            .map_err(|e| value_error(format!("move {}: {e}", i + 1)))?;
    }
    Ok(())
}
