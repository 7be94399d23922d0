//! The error of a rules or shape description that cannot be used.

use std::fmt;

/// A rules or shape description that cannot be used, with a message that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    message: String,
}

impl RulesError {
    pub(crate) fn new(message: impl Into<String>) -> RulesError {
        RulesError {
            message: message.into(),
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RulesError {}
