//! Plain mode: line commands on stdin, plain text on stdout, for scripts,
//! screen readers and tests. Every line printed is complete; errors are one
//! line starting with `error:` and the game goes on. End of input quits (the
//! game stays saved as `@current`).

use super::command::{self, Command};
use super::{render, Settings};
use crate::session::{Session, SessionError};
use hypertac_ai::Budget;
use hypertac_store::StoreError;
use std::io::{BufRead, Write};
use std::time::Duration;

/// Runs plain mode on the process's stdin and stdout; returns the exit code.
pub fn run(session: Session, notice: String, settings: Settings) -> i32 {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match drive(session, &notice, settings, stdin.lock(), stdout.lock()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("hypertac: {e}");
            1
        }
    }
}

fn drive(
    mut session: Session,
    notice: &str,
    settings: Settings,
    input: impl BufRead,
    mut out: impl Write,
) -> std::io::Result<()> {
    writeln!(out, "hypertac: {notice}")?;
    writeln!(out, "{}", command::status_line(&session))?;
    writeln!(
        out,
        "type a move ({}), or help",
        command::move_example(session.rules())
    )?;
    for line in render::outcome_lines(session.position()) {
        writeln!(out, "{line}")?;
    }
    computer_turns(&mut session, settings, &mut out)?;
    let mut input = input;
    let mut bytes = Vec::new();
    while let Some(length) = read_line(&mut input, &mut bytes)? {
        let line = match check_line(&bytes, length) {
            Ok(line) => line,
            Err(e) => {
                writeln!(out, "error: {e}")?;
                out.flush()?;
                continue;
            }
        };
        let cmd = match command::parse(line) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => continue,
            Err(e) => {
                writeln!(out, "error: {}", command::shorten_quotes(&e))?;
                out.flush()?;
                continue;
            }
        };
        match cmd {
            Command::Quit => break,
            Command::Help => writeln!(out, "{}", command::help_text(session.rules()))?,
            Command::Board => {
                write!(out, "{}", render::board_text(session.position()))?;
                writeln!(out, "{}", command::status_line(&session))?;
            }
            cmd => match command::apply(&mut session, &cmd, settings.time_ms) {
                Ok(lines) => {
                    for l in lines {
                        writeln!(out, "{l}")?;
                    }
                    if !matches!(cmd, Command::Undo) {
                        computer_turns(&mut session, settings, &mut out)?;
                    }
                }
                Err(e) => writeln!(out, "error: {}", command::shorten_quotes(&e))?,
            },
        }
        out.flush()?;
    }
    out.flush()
}

/// The longest line read as a command; the rest of a longer line is skipped.
pub const MAX_LINE: usize = 4096;

/// Reads one line into `buf` (without its line end), keeping at most
/// [`MAX_LINE`] bytes of it; returns the line's full length in bytes, or
/// `None` at the end of input. Never holds more than `MAX_LINE` bytes,
/// however long the line.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Option<usize>> {
    buf.clear();
    let mut length = 0usize;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        buf.extend_from_slice(&part[..part.len().min(room)]);
        length = length.saturating_add(part.len());
        input.consume(used);
        if done {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if buf.last() == Some(&b'\r') && length <= MAX_LINE {
        buf.pop();
        length -= 1;
    }
    Ok(Some(length))
}

/// The line as text, or why it cannot be a command: longer than
/// [`MAX_LINE`] bytes, or not UTF-8. Errors quote the start of the line.
fn check_line(bytes: &[u8], length: usize) -> Result<&str, String> {
    if length > MAX_LINE {
        return Err(format!(
            "line of {length} bytes skipped: a command is at most {MAX_LINE} bytes (it began {})",
            command::quote(&String::from_utf8_lossy(bytes))
        ));
    }
    std::str::from_utf8(bytes).map_err(|_| {
        format!(
            "line skipped: it is not UTF-8 text ({})",
            command::quote(&String::from_utf8_lossy(bytes))
        )
    })
}

/// Lets the computer move while it is its turn, printing each move; pauses
/// between moves when it plays both sides.
fn computer_turns(
    session: &mut Session,
    settings: Settings,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let both = session.sides().iter().all(|s| s.level().is_some());
    while session.computer_to_move().is_some() {
        if both && !session.position().moves().is_empty() && settings.delay_ms > 0 {
            std::thread::sleep(Duration::from_millis(settings.delay_ms));
        }
        let player = session.position().to_move();
        match session.computer_move(&Budget::millis(settings.time_ms)) {
            Ok(Some(choice)) => {
                writeln!(out, "{}", command::move_line(session, player, choice.cell))?;
                for line in render::outcome_lines(session.position()) {
                    writeln!(out, "{line}")?;
                }
            }
            Ok(None) => break,
            Err(e) => {
                writeln!(out, "error: {e}")?;
                if matches!(e, SessionError::Store(StoreError::Changed)) {
                    // Another process moved: continue from the stored game.
                    if session.sync_with_store().is_ok() {
                        writeln!(out, "{}", command::status_line(session))?;
                    }
                }
                break;
            }
        }
        out.flush()?;
    }
    Ok(())
}
