//! Running one bot move: the bot's command in a fresh `sh -c` child with its
//! own process group, the position on stdin, at most [`STDOUT_CAP`] bytes of
//! stdout read back, and the whole group killed when the move ends, so no
//! process the bot started outlives its move.

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// The most stdout bytes read from a bot for one move; more is a fault.
pub const STDOUT_CAP: usize = 64 * 1024;

/// The most stderr bytes kept from a bot for one move (the rest is drained).
const STDERR_CAP: usize = 4 * 1024;

/// What happened when a bot was asked for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The bot exited with status 0; its stdout.
    Answered(String),
    /// No exit within the time limit.
    TimedOut,
    /// Killed by a signal (directly, or as the shell reports it: 128 + n).
    Signalled(i32),
    /// A non-zero exit status.
    Failed(i32),
    /// More than [`STDOUT_CAP`] bytes on stdout.
    TooMuchOutput,
    /// The command could not be started.
    NotStarted(String),
    /// The referee is stopping (Ctrl-C); the bot was killed.
    Stopped,
}

/// The result of one bot run: how it ended, its wall time and the tail of its stderr.
#[derive(Clone, Debug)]
pub struct Run {
    /// How the run ended.
    pub exit: Exit,
    /// Wall time from spawn to exit (or kill), milliseconds.
    pub ms: u64,
    /// The last line of stderr, if any (for fault details).
    pub stderr_tail: String,
}

/// Runs `command` through `sh -c` with `input` on stdin; waits at most
/// `timeout` (polling `stop`), then kills the bot's whole process group.
pub fn run_bot(command: &str, input: &str, timeout: Duration, stop: &AtomicBool) -> Run {
    let started = Instant::now();
    let mut child = match Command::new("sh")
        .arg("-c")
        .arg(command)
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => {
            return Run {
                exit: Exit::NotStarted(format!("cannot run sh -c {command:?}: {e}")),
                ms: 0,
                stderr_tail: String::new(),
            }
        }
    };
    let pgid = child.id() as libc::pid_t;
    let writer = feed(&mut child, input.to_owned());
    let overflow = Arc::new(AtomicBool::new(false));
    let stdout = child
        .stdout
        .take()
        .map(|s| collect(s, STDOUT_CAP, Some(Arc::clone(&overflow))));
    let stderr = child.stderr.take().map(|s| collect(s, STDERR_CAP, None));

    let waited = wait(&child, started + timeout, stop, &overflow);
    // The child is a zombie (or still running) here, so its pid, which is the
    // group id, cannot have been reused: killing the group is safe.
    // SAFETY: killpg only sends a signal; a stale group is reported as ESRCH.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
    let status = child.wait();
    let ms = started.elapsed().as_millis() as u64;
    if let Some(w) = writer {
        let _ = w.join();
    }
    let out = stdout.and_then(|h| h.join().ok()).unwrap_or_default();
    let err = stderr.and_then(|h| h.join().ok()).unwrap_or_default();
    let exit = match waited {
        // The reader stops at the cap, so the bot may die of SIGPIPE first.
        Waited::Exited if overflow.load(Ordering::Relaxed) => Exit::TooMuchOutput,
        Waited::Exited => match status {
            Ok(status) => classify(status, out),
            Err(e) => Exit::NotStarted(format!("cannot wait for the bot: {e}")),
        },
        Waited::TimedOut => Exit::TimedOut,
        Waited::Overflow => Exit::TooMuchOutput,
        Waited::Stopped => Exit::Stopped,
    };
    Run {
        exit,
        ms,
        stderr_tail: last_line(&err),
    }
}

enum Waited {
    Exited,
    TimedOut,
    Overflow,
    Stopped,
}

/// Polls until the child exits (without reaping it), the deadline passes,
/// stdout overflows or `stop` is raised.
fn wait(child: &Child, deadline: Instant, stop: &AtomicBool, overflow: &AtomicBool) -> Waited {
    let mut pause = Duration::from_millis(1);
    loop {
        if exited(child.id()) {
            return Waited::Exited;
        }
        if overflow.load(Ordering::Relaxed) {
            return Waited::Overflow;
        }
        if stop.load(Ordering::Relaxed) {
            return Waited::Stopped;
        }
        let now = Instant::now();
        if now >= deadline {
            return Waited::TimedOut;
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(20));
    }
}

/// Whether the child has exited, leaving it unreaped (`WNOWAIT`).
fn exited(pid: u32) -> bool {
    // SAFETY: waitid writes only into the zeroed siginfo we own.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        );
        r == 0 && info.si_pid() != 0
    }
}

fn classify(status: ExitStatus, out: Vec<u8>) -> Exit {
    if let Some(signal) = status.signal() {
        return Exit::Signalled(signal);
    }
    match status.code() {
        Some(0) => Exit::Answered(String::from_utf8_lossy(&out).into_owned()),
        // sh reports a child killed by signal n as exit status 128 + n.
        Some(code) if (129..=128 + 64).contains(&code) => Exit::Signalled(code - 128),
        Some(code) => Exit::Failed(code),
        None => Exit::Failed(-1),
    }
}

fn feed(child: &mut Child, input: String) -> Option<JoinHandle<()>> {
    let mut stdin = child.stdin.take()?;
    Some(thread::spawn(move || {
        // A bot that exits without reading its input is fine: ignore EPIPE.
        let _ = stdin.write_all(input.as_bytes());
    }))
}

/// Reads a pipe to its end, keeping at most `cap` bytes; with `overflow`,
/// raises it and stops reading once more than `cap` bytes arrive.
fn collect(
    mut pipe: impl Read + Send + 'static,
    cap: usize,
    overflow: Option<Arc<AtomicBool>>,
) -> JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 8192];
        loop {
            let n = match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let room = cap.saturating_sub(kept.len());
            kept.extend_from_slice(&buf[..n.min(room)]);
            if n > room {
                if let Some(flag) = &overflow {
                    flag.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
        kept
    })
}

fn last_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let line = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    line.trim().chars().take(200).collect()
}

/// The conventional name of a signal, for messages (`SIGSEGV`).
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        _ => return format!("signal {signal}"),
    };
    name.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(command: &str, timeout_ms: u64) -> Run {
        let stop = AtomicBool::new(false);
        run_bot(command, "3,2\n\n", Duration::from_millis(timeout_ms), &stop)
    }

    #[test]
    fn answers_with_stdout() {
        let r = run("read a; read b; echo \"$a\"", 10_000);
        assert_eq!(r.exit, Exit::Answered("3,2\n".into()));
    }

    #[test]
    fn non_zero_exit_and_signals() {
        assert_eq!(run("exit 3", 10_000).exit, Exit::Failed(3));
        assert_eq!(run("kill -SEGV $$", 10_000).exit, Exit::Signalled(11));
    }

    #[test]
    fn timeout_kills() {
        assert_eq!(run("sleep 30", 200).exit, Exit::TimedOut);
    }

    #[test]
    fn stdout_is_capped() {
        let r = run("yes 1,1", 10_000);
        assert_eq!(r.exit, Exit::TooMuchOutput);
    }

    #[test]
    fn stderr_tail_kept() {
        let r = run("echo first >&2; echo 'boom here' >&2; exit 1", 10_000);
        assert_eq!(r.stderr_tail, "boom here");
        assert_eq!(r.exit, Exit::Failed(1));
    }
}
