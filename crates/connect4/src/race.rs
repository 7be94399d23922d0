//! What the threads of one null-window search share besides the table:
//! the stop flag and the list of positions being searched (ABDADA). It
//! lives beside the search, which reads it at every node; the score driver
//! (`windows.rs`) hands races out and the helper threads (`threads.rs`)
//! run searches on them.

use std::sync::atomic::{AtomicBool, AtomicU64};

/// Entries of the table of positions being searched (a power of two).
const BUSY_ENTRIES: usize = 4096;

/// What the threads of one null-window search share besides the table.
pub(crate) struct Race {
    /// Set when the search is over or useless (its own cache line: every
    /// node reads it).
    pub(crate) stop: Padded<AtomicBool>,
    /// Keys of positions some thread is searching (by key modulo size).
    pub(crate) busy: Box<[AtomicU64]>,
}

impl Default for Race {
    fn default() -> Self {
        Race {
            stop: Padded::default(),
            busy: (0..BUSY_ENTRIES).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

/// A value alone in its cache lines (128 bytes: adjacent-line prefetch),
/// so that writes next to it do not disturb the threads reading it.
#[derive(Default)]
#[repr(align(128))]
pub(crate) struct Padded<T>(pub(crate) T);

/// Index of `key` in [`Race::busy`].
#[inline(always)]
pub(crate) fn busy_index(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize & (BUSY_ENTRIES - 1)
}
