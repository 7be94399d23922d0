//! Standard output for commands whose output is their result (tables,
//! records, a bot's move): written and flushed at once, the error (a closed
//! pipe, a full disk) handed back for the command to report.

use std::io::Write;

/// Writes `text` to standard output and flushes it; the error (a closed
/// pipe, a full disk) is for the caller to report instead of a panic.
pub fn write_stdout(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}
