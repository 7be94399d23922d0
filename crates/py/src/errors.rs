//! Errors as Python exceptions: `ValueError` with the core's words, and
//! `ProofRejected` (a `ValueError`) for a certificate the checker refuses.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;
use std::fmt::Display;

create_exception!(
    hypertac,
    ProofRejected,
    PyValueError,
    "A proof certificate that the independent checker does not accept."
);

/// A `ValueError` whose message is `message` (an error of the core, the
/// solver or the prover, as their `Display` says it).
pub fn value_error(message: impl Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// `value` as a `u64`, or a `ValueError` naming the argument.
pub fn non_negative(name: &str, value: i128) -> Result<u64, PyErr> {
    u64::try_from(value).map_err(|_| {
        value_error(format!(
            "{name} is a whole number from 0 to 2^64-1, not {value}"
        ))
    })
}

/// A duration in seconds as a `Duration`, or a `ValueError` naming the argument.
pub fn seconds(name: &str, value: f64) -> Result<std::time::Duration, PyErr> {
    std::time::Duration::try_from_secs_f64(value)
        .ok()
        .filter(|_| value > 0.0)
        .ok_or_else(|| {
            value_error(format!(
                "{name} is a positive number of seconds, not {value}"
            ))
        })
}
