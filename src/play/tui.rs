//! The full-screen terminal UI.

use super::Settings;
use crate::session::Session;

/// Runs the terminal UI; returns the exit code.
pub fn run(session: Session, notice: String, settings: Settings) -> i32 {
    super::plain::run(session, notice, settings)
}
