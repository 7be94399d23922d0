//! The prover and the certificate checker, as `hypertac prove` and
//! `hypertac verify`: the exact value of a position within a time or
//! position budget, optionally written as a certificate, and the
//! independent check of a certificate file. The GIL is released while
//! they work; Ctrl-C is noticed between slices of the search.

use crate::errors::{non_negative, seconds, value_error, ProofRejected};
use crate::game::root;
use hypertac_ai::prove::{Prover, Verdict};
use hypertac_ai::Budget;
use hypertac_core::Player;
use hypertac_proof::{Certificate, Value};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Longest stretch without the GIL, so that Ctrl-C is noticed.
const SLICE: Duration = Duration::from_millis(200);

/// The value of a position: `"X wins"`, `"O wins"`, `"draw"`, or
/// `"unknown"` when the budget runs out first. A position a shipped proof
/// settles (the empty board of tic-tac-toe, Qubic, 4^4, 4^5, ...) is
/// answered at once from it, unless `proof` asks for a certificate.
///
/// `game`: a preset name (`"tictactoe"`) or a `Game` (its current
/// position). `seconds`: time budget; `positions`: budget of proof-number
/// positions (deterministic); neither: until solved. `memory_mb`: table
/// size (`hypertac prove --memory`, default 256). `proof`: a file to write
/// the certificate to once the value is known (as `hypertac prove --proof`).
/// Raises ValueError for a position the prover does not take (the game is
/// over, a board over 8192 cells, a win rule other than first).
#[pyfunction]
#[pyo3(signature = (game, *, seconds=None, positions=None, memory_mb=256, proof=None))]
pub fn prove(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    seconds: Option<f64>,
    positions: Option<i128>,
    memory_mb: i128,
    proof: Option<PathBuf>,
) -> PyResult<String> {
    let pos = root(game)?;
    let time = seconds.map(|s| self::seconds("seconds", s)).transpose()?;
    let positions = positions
        .map(|p| non_negative("positions", p))
        .transpose()?;
    let memory = non_negative("memory_mb", memory_mb)?;
    if !(1..=1 << 20).contains(&memory) {
        return Err(value_error(format!(
            "memory_mb: expected 1 to 1048576 MiB, not {memory}"
        )));
    }
    // A shipped proof answers at once (the CLI's `hypertac verify
    // proofs/qubic.proof` checks it), unless a certificate is asked for.
    if proof.is_none() {
        if let Some(v) = py.detach(|| hypertac_ai::shipped::proved_value(&pos)) {
            return Ok(value_text(v).to_string());
        }
    }
    let mut prover = Prover::new(&pos, (memory as usize) << 20).map_err(value_error)?;
    let start = Instant::now();
    let deadline = time.map(|t| start + t);
    if let Some(n) = positions {
        prover.set_node_limit(n);
    }
    let limit = positions;
    let verdict = loop {
        let slice_end = Instant::now() + SLICE;
        let budget = Budget {
            deadline: Some(deadline.map_or(slice_end, |d| d.min(slice_end))),
            stop: None,
        };
        let (p, verdict) = py.detach(move || {
            let v = prover.run(&budget);
            (prover, v)
        });
        prover = p;
        py.check_signals()?;
        let out_of_time = deadline.is_some_and(|d| Instant::now() >= d);
        let out_of_positions = limit.is_some_and(|l| prover.positions().0 >= l);
        if verdict != Verdict::Unknown || out_of_time || out_of_positions {
            break verdict;
        }
    };
    if let (Some(path), Some(_)) = (proof, value_of(verdict)) {
        let cert = py.detach(|| certificate(&mut prover, start.elapsed()))?;
        cert.save(&path)
            .map_err(|e| value_error(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(match value_of(verdict) {
        Some(v) => value_text(v).to_string(),
        None => "unknown".to_string(),
    })
}

/// Checks a certificate file with the independent checker (as `hypertac
/// verify`); returns the value it proves (`"X wins"`, `"O wins"`, `"draw"`).
/// Raises `ProofRejected` (a ValueError) naming the first failing position,
/// ValueError for a file that is not a certificate, OSError if it cannot be read.
#[pyfunction]
pub fn verify(py: Python<'_>, path: PathBuf) -> PyResult<String> {
    if let Err(e) = std::fs::metadata(&path) {
        return Err(PyErr::from(e));
    }
    let cert =
        Certificate::load(&path).map_err(|e| value_error(format!("{}: {e}", path.display())))?;
    let report = py
        .detach(|| hypertac_proof::verify(&cert, &mut |_| {}))
        .map_err(|e| ProofRejected::new_err(format!("proof rejected: {e}")))?;
    Ok(value_text(report.value).to_string())
}

fn value_of(verdict: Verdict) -> Option<Value> {
    match verdict {
        Verdict::Win(p) => Some(Value::Win(p)),
        Verdict::Draw => Some(Value::Draw),
        Verdict::Unknown => None,
    }
}

fn value_text(value: Value) -> &'static str {
    match value {
        Value::Win(Player::X) => "X wins",
        Value::Win(Player::O) => "O wins",
        Value::Draw => "draw",
    }
}

/// The certificate of a solved position, as `hypertac prove --proof` writes it.
fn certificate(prover: &mut Prover, elapsed: Duration) -> PyResult<Certificate> {
    prover
        .proof_file(
            concat!("hypertac-py ", env!("CARGO_PKG_VERSION")),
            elapsed.as_secs_f64(),
        )
        .map_err(value_error)
}
