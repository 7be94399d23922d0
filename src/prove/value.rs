//! A position's value in the two forms the prover meets, converted here
//! only: the search's [`Verdict`] (with `Unknown`; what the split's minimax
//! over units takes) and the proof format's [`Value`] (what is printed and
//! written into certificates). A search's verdict becomes a `Value` once,
//! when it ends ([`super::solve::Solved::value`]); a unit's proof gives its
//! `Value` back as a `Verdict` only to feed the split.

use hypertac_ai::prove::Verdict;
use hypertac_proof::Value;

/// The value of a verdict in the proof format (`None` when unknown).
pub fn value_of(verdict: Verdict) -> Option<Value> {
    match verdict {
        Verdict::Win(p) => Some(Value::Win(p)),
        Verdict::Draw => Some(Value::Draw),
        Verdict::Unknown => None,
    }
}

/// The verdict of a value as far as known, for the split.
pub fn verdict_of(value: Option<Value>) -> Verdict {
    match value {
        Some(Value::Win(p)) => Verdict::Win(p),
        Some(Value::Draw) => Verdict::Draw,
        None => Verdict::Unknown,
    }
}

/// `X wins`, `draw`, or `unknown`.
pub fn text(value: Option<Value>) -> String {
    value.map_or_else(|| "unknown".into(), |v| v.to_string())
}
