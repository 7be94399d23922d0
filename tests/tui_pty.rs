//! The terminal UI run as a user runs it: in a pseudo-terminal, keys written
//! to it as a terminal sends them.

mod common;

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// The binary's terminal UI in a pseudo-terminal of `cols` x `rows`.
struct Screen {
    master: File,
    child: Child,
    /// Everything the program wrote, escapes and all.
    output: Vec<u8>,
}

impl Screen {
    fn start(home: &std::path::Path, args: &[&str], cols: u16, rows: u16) -> Screen {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize {
            ws_row: rows,
            ws_col: cols,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty writes two descriptors into the two integers.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        assert_eq!(rc, 0, "openpty");
        // SAFETY: both descriptors were just opened and are owned here.
        let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut cmd = common::hypertac(home);
        cmd.args(args)
            .env("TERM", "xterm-256color")
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        // SAFETY: setsid and ioctl are async-signal-safe; the child makes
        // the pseudo-terminal its controlling terminal, as a shell does.
        unsafe {
            cmd.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("binary starts");
        Screen {
            master,
            child,
            output: Vec::new(),
        }
    }

    /// Reads what the program writes until `text` has appeared after byte
    /// `from` of the output; false when `limit` passes first.
    fn wait_for(&mut self, from: usize, text: &str, limit: Duration) -> bool {
        let end = Instant::now() + limit;
        loop {
            if String::from_utf8_lossy(&self.output[from.min(self.output.len())..]).contains(text) {
                return true;
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            let mut fds = libc::pollfd {
                fd: self.master.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd.
            let ready = unsafe { libc::poll(&mut fds, 1, left.as_millis().min(100) as i32) };
            if ready > 0 {
                let mut buf = [0u8; 65536];
                match self.master.read(&mut buf) {
                    Ok(n) if n > 0 => self.output.extend_from_slice(&buf[..n]),
                    _ => return false,
                }
            }
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.master.write_all(bytes).unwrap();
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A 4^5 move list of 4,090 characters, typed (not a bracketed paste) into
/// the `:` prompt, then Enter: the command runs at once. The terminal's
/// input used to be read 1 KB per new key, so it hung until more keys came.
#[test]
fn a_long_typed_line_runs_at_once() {
    let home = tempfile::tempdir().unwrap();
    let args = [
        "play", "--game", "nd 4 5", "--x", "human", "--o", "human", "--new",
    ];
    let mut screen = Screen::start(home.path(), &args, 160, 48);
    assert!(
        screen.wait_for(0, "X to move", Duration::from_secs(20)),
        "no first screen: {}",
        String::from_utf8_lossy(&screen.output)
    );
    let mut line = String::new();
    'cells: for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    for e in 0..4 {
                        line.push_str(&format!("{a},{b},{c},{d},{e} "));
                        if line.len() >= 4090 {
                            break 'cells;
                        }
                    }
                }
            }
        }
    }
    line.truncate(4090);
    let from = screen.output.len();
    screen.send(b":");
    screen.send(line.as_bytes());
    let start = Instant::now();
    screen.send(b"\r");
    assert!(
        screen.wait_for(from, "error:", Duration::from_secs(3)),
        "no answer {:?} after Enter",
        start.elapsed()
    );
    // The next key is a key, not swallowed: q quits.
    screen.send(b"q");
    let end = Instant::now() + Duration::from_secs(10);
    while screen.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < end, "q did not quit");
        screen.wait_for(0, "\u{0}", Duration::from_millis(50));
    }
}
