//! What the prover says of a position, and why it may refuse one.

use hypertac_core::Player;

/// The value of a position as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This player can force a win.
    Win(Player),
    /// Neither side can force a win.
    Draw,
    /// The budget ran out first.
    Unknown,
}

/// Why a position cannot be proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProveError(pub String);

impl std::fmt::Display for ProveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProveError {}
