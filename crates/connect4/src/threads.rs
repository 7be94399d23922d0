//! Helper threads of a solve: they run null-window searches of the same
//! position as the calling thread (see [`crate::windows`]), share its
//! transposition table, and threads searching the same window tell each
//! other which positions they are searching (ABDADA).

use crate::book::Book;
use crate::node::Node;
use crate::position::Geometry;
use crate::tt::Table;
use crate::tuning::Tuning;
use crate::windows::{Windows, Worker};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// A helper thread and its two channels.
pub(crate) struct Helper {
    pub(crate) jobs: Option<Sender<Job>>,
    pub(crate) done: Receiver<u64>,
    pub(crate) handle: Option<JoinHandle<()>>,
    /// Jobs sent whose end the thread has not reported (on `done`) yet.
    pub(crate) owed: usize,
}

/// A solve for a helper to join.
pub(crate) struct Job {
    pub(crate) tt: Arc<Table>,
    pub(crate) geo: Geometry,
    pub(crate) book: Option<Arc<Book>>,
    pub(crate) tuning: Tuning,
    pub(crate) root: Node,
    pub(crate) windows: Arc<Windows>,
    pub(crate) id: u32,
}

/// How long an idle helper polls for the next job before it sleeps (the
/// next null-window search of a solve usually comes within this time, and
/// waking a sleeping thread takes tens of microseconds).
const HELPER_SPIN: std::time::Duration = std::time::Duration::from_micros(100);

/// The next message of `rx`, polling for up to `spin` (and yielding the
/// core to any other thread that wants it) before blocking; `None` once
/// the sender is gone.
pub(crate) fn receive<T>(rx: &Receiver<T>, spin: std::time::Duration) -> Option<T> {
    use std::sync::mpsc::TryRecvError;
    let start = std::time::Instant::now();
    loop {
        match rx.try_recv() {
            Ok(m) => return Some(m),
            Err(TryRecvError::Disconnected) => return None,
            Err(TryRecvError::Empty) => std::thread::yield_now(),
        }
        if start.elapsed() >= spin {
            return rx.recv().ok();
        }
    }
}

impl Helper {
    pub(crate) fn spawn() -> Helper {
        let (job_tx, job_rx) = channel::<Job>();
        let (done_tx, done_rx) = channel::<u64>();
        let handle = std::thread::Builder::new()
            .name("c4-helper".into())
            .spawn(move || {
                while let Some(job) = receive(&job_rx, HELPER_SPIN) {
                    let nodes = {
                        let mut w = Worker {
                            tt: &job.tt,
                            geo: job.geo,
                            book: job.book.as_deref(),
                            tuning: job.tuning,
                            id: job.id,
                            nodes: 0,
                            grow_at: u64::MAX,
                        };
                        w.work(&job.windows, &job.root);
                        w.nodes
                    };
                    drop(job);
                    if done_tx.send(nodes).is_err() {
                        break;
                    }
                }
            })
            .ok();
        Helper {
            jobs: Some(job_tx),
            done: done_rx,
            handle,
            owed: 0,
        }
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        // Closing the job channel ends the thread's loop.
        self.jobs = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}
