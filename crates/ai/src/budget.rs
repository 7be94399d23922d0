//! How long a search may think: a deadline and/or a stop flag the caller
//! owns (the bot's clock, the TUI's stop key, the web server's cancel).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// When to stop thinking: a deadline, a stop flag, both or neither.
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Stop when this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop when this flag becomes true (set by the caller, e.g. a UI's stop button).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget of `ms` milliseconds from now.
    pub fn millis(ms: u64) -> Budget {
        Budget {
            deadline: Some(Instant::now() + std::time::Duration::from_millis(ms)),
            stop: None,
        }
    }

    /// Whether time is up or a stop was asked for.
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}
