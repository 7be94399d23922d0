//! The search's progress while it runs: a spinner line on a terminal, a
//! plain line every ten seconds otherwise (on stderr).

use hypertac_ai::prove::Counters;
use hypertac_core::Player;
use std::io::IsTerminal;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Shows the search's progress: a spinner line on a terminal, a plain line
/// every ten seconds otherwise (on stderr).
pub struct Watcher {
    /// Dropped (or sent to) to stop the thread at once, not at its next tick.
    done: mpsc::Sender<()>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watcher {
    /// Starts showing `counters`.
    pub fn start(counters: Arc<Counters>, start: Instant) -> Watcher {
        Watcher::show(move || status(&counters, start))
    }

    /// Starts showing the lines `line` makes.
    pub fn show(line: impl Fn() -> String + Send + 'static) -> Watcher {
        let (done, stop) = mpsc::channel::<()>();
        let terminal = std::io::stderr().is_terminal();
        let thread = std::thread::spawn(move || {
            let bar = terminal.then(|| {
                let bar = indicatif::ProgressBar::new_spinner();
                bar.enable_steady_tick(Duration::from_millis(200));
                bar
            });
            let mut last_line = Instant::now();
            while let Err(RecvTimeoutError::Timeout) = stop.recv_timeout(Duration::from_millis(250))
            {
                let line = line();
                match &bar {
                    Some(bar) => bar.set_message(line),
                    None if last_line.elapsed() >= Duration::from_secs(10) => {
                        eprintln!("{line}");
                        last_line = Instant::now();
                    }
                    None => {}
                }
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        Watcher {
            done,
            thread: Some(thread),
        }
    }

    /// Stops showing.
    pub fn finish(mut self) {
        let _ = self.done.send(());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn status(c: &Counters, start: Instant) -> String {
    let secs = start.elapsed().as_secs_f64().max(1e-3);
    let nodes = c.nodes.load(Ordering::Relaxed) + c.helper_nodes.load(Ordering::Relaxed);
    let threat_nodes =
        c.threat_nodes.load(Ordering::Relaxed) + c.helper_threat_nodes.load(Ordering::Relaxed);
    let attacker = if c.attacker.load(Ordering::Relaxed) == 0 {
        Player::X
    } else {
        Player::O
    };
    let number = |n: u64| {
        if n >= u64::from(1u32 << 30) {
            "inf".to_string()
        } else {
            n.to_string()
        }
    };
    format!(
        "{attacker} wins? root pn {} dn {}  {nodes} positions ({:.0}/s), {} threat positions, table {} entries, {:.0} s",
        number(c.root_pn.load(Ordering::Relaxed)),
        number(c.root_dn.load(Ordering::Relaxed)),
        nodes as f64 / secs,
        threat_nodes,
        c.table_used.load(Ordering::Relaxed),
        secs
    )
}
