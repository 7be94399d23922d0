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

/// For commands that print as they go (`prove`, `bench`): a closed
/// standard output (`hypertac prove ... | head`) ends the process quietly,
/// as it does other Unix tools, instead of a panic in the next `println!`
/// (Rust ignores SIGPIPE by default). Not for commands that write to
/// sockets or to other programs' pipes (`serve`, `referee`, `bot`), where
/// a closed pipe is an error to handle.
pub fn end_on_closed_stdout() {
    // SAFETY: setting a signal's disposition to the default is
    // async-signal-safe and touches no Rust state.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
