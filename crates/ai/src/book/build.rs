//! Building a book: the positions it must hold, and the proof of each,
//! certified and checked.

use super::Book;
use crate::prove::{Prover, SharedTable, Verdict};
use crate::Budget;
use hypertac_core::{Position, Rules};
use hypertac_proof::Value;
use std::collections::HashSet;

/// Every position of 1 to `stones` stones on an empty board of `rules`
/// that is not over, one of each class of symmetric positions (in the
/// book's smallest form), by stone count.
pub fn classes(rules: &Rules, stones: usize) -> Vec<Position> {
    classes_listed(rules, stones, usize::MAX).0
}

/// How many positions [`classes_listed`] looks at, at most, to list a
/// level: Qubic's fourth (757 classes of 3 stones times 61 moves) and
/// 4^4's third (99 times 254) are listed, not Qubic's fifth (some 19,900
/// times 60) or 4^4's fourth, whose classes a book holds only along lines.
pub const LISTED: usize = 200_000;

/// As [`classes`], but only the levels whose listing looks at no more
/// than `most` positions (the classes of the level before times their
/// moves); with the most stones of the positions listed.
pub fn classes_listed(rules: &Rules, stones: usize, most: usize) -> (Vec<Position>, usize) {
    let book = Book::new(rules, stones);
    let mut out = Vec::new();
    let mut level = vec![Position::new(rules.clone())];
    for listed in 0..stones {
        let looks: usize = level.iter().map(|p| p.legal_moves().count()).sum();
        if looks > most {
            return (out, listed);
        }
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for pos in &level {
            for cell in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(cell);
                if child.is_over() {
                    continue;
                }
                let key = book.key(&child);
                if seen.insert(key.clone()) {
                    let mut smallest = Position::new(rules.clone());
                    for c in super::moves_of(&key) {
                        smallest.play_unchecked(c);
                    }
                    next.push(smallest);
                }
            }
        }
        out.extend(next.iter().cloned());
        level = next;
    }
    (out, stones)
}

/// A position settled for a book: its value and what its certificate cost.
#[derive(Clone, Debug)]
pub struct Settled {
    /// The proved value.
    pub value: Value,
    /// Positions of the proof-number search.
    pub positions: u64,
    /// Bytes of the certificate.
    pub certificate_bytes: usize,
    /// Positions the checker visited.
    pub checked_positions: u64,
}

/// Why a position was not settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettleError {
    /// The budget ran out before the value was proved.
    TimeRanOut,
    /// Anything else: the prover refused the position, or the
    /// certificate was not written, read back or accepted.
    Failed(String),
}

impl std::fmt::Display for SettleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SettleError::TimeRanOut => f.write_str("the time ran out"),
            SettleError::Failed(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for SettleError {}

/// Proves `pos` over `table` on `threads` threads within `budget`, writes
/// its certificate and has the checker (`hypertac_proof::verify`) accept
/// it. The two questions ("does the side to move win?", "does the
/// other?") are asked in turns of growing size ([`Prover::run_in_turns`]):
/// asked one after the other, the wrong one first cost ten times the
/// positions on Qubic's positions of three stones (RESULTS.md).
///
/// # Errors
/// The budget ran out (`Ok` never holds an unknown value), the prover
/// refused the position, or the checker refused the certificate or found
/// another value (a bug: the book must not get the line).
pub fn settle(
    pos: &Position,
    table: &SharedTable,
    threads: usize,
    budget: &Budget,
) -> Result<Settled, SettleError> {
    let failed = SettleError::Failed;
    let mut prover = Prover::with_table(pos, table).map_err(|e| failed(e.to_string()))?;
    prover.set_threads(threads);
    let value = match prover.run_in_turns(crate::prove::FIRST_TURN, budget) {
        Verdict::Win(p) => Value::Win(p),
        Verdict::Draw => Value::Draw,
        Verdict::Unknown => return Err(SettleError::TimeRanOut),
    };
    let (positions, _) = prover.positions();
    // The certificate is checked here and not kept: a quick walk.
    prover.set_small_certificate(false);
    let cert = prover
        .proof_file("hypertac book", 0.0)
        .map_err(|e| failed(format!("no certificate: {e}")))?;
    let mut bytes = Vec::new();
    cert.write_to(&mut bytes)
        .map_err(|e| failed(format!("cannot write the certificate: {e}")))?;
    // The checker reads the certificate back as `hypertac verify` would.
    let read = hypertac_proof::Certificate::read_from(&mut &bytes[..])
        .map_err(|e| failed(format!("the certificate does not read back: {e}")))?;
    let report = hypertac_proof::verify(&read, &mut |_| {})
        .map_err(|e| failed(format!("the checker refused the certificate: {e}")))?;
    if read.value != value {
        return Err(failed(format!(
            "the certificate proves {}, the prover said {value}",
            read.value
        )));
    }
    Ok(Settled {
        value,
        positions,
        certificate_bytes: bytes.len(),
        checked_positions: report.positions(),
    })
}
