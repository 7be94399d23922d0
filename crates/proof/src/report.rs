//! What a check says: the report of an accepted proof, per section, and
//! the error naming the first position where a rejected one fails.

use crate::format::{Goal, Value};
use hypertac_core::Player;
use std::fmt;

/// A rejected proof: what failed and at which position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    message: String,
}

impl VerifyError {
    pub(crate) fn new(message: impl Into<String>) -> VerifyError {
        VerifyError {
            message: message.into(),
        }
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for VerifyError {}

/// What one section's check covered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionReport {
    /// The proving side.
    pub player: Player,
    /// Its goal.
    pub goal: Goal,
    /// Positions visited (either side to move).
    pub positions: u64,
    /// Distinct positions (up to symmetry) proved with a move: an entry's
    /// or a forced block's.
    pub proved: u64,
    /// Entries looked up at least once.
    pub entries_used: u64,
    /// Entries of the section.
    pub entries: u64,
    /// For each entry, whether it was looked up (what
    /// [`crate::keep_used`] keeps).
    pub used: Vec<bool>,
}

/// What an accepted proof established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The value proved.
    pub value: Value,
    /// The rules, as `4x4x4 k4`.
    pub rules: String,
    /// The root moves, `x,y;x,y` (empty for the empty board).
    pub root: String,
    /// Maps in the symmetry group used.
    pub symmetries: usize,
    /// One report per section, in the certificate's order.
    pub sections: Vec<SectionReport>,
}

impl Report {
    /// Positions visited over all sections.
    pub fn positions(&self) -> u64 {
        self.sections.iter().map(|s| s.positions).sum()
    }

    /// Entries used over all sections.
    pub fn entries_used(&self) -> u64 {
        self.sections.iter().map(|s| s.entries_used).sum()
    }

    /// Entries over all sections.
    pub fn entries(&self) -> u64 {
        self.sections.iter().map(|s| s.entries).sum()
    }
}
