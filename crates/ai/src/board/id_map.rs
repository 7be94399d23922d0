//! Hash maps keyed by small integers (cell ids, line ids, table slots).
//!
//! Kept apart from core's cell hasher, which folds each written word into a
//! fresh state (`write_u64` replaces it): that suits its one-`u64` keys, but
//! the board's line keys are pairs of cells, which would then hash by their
//! second cell only; this hasher chains the words.

use hypertac_core::zobrist;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-xorshift hasher for integer keys.
#[derive(Default, Clone, Copy)]
pub(crate) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = zobrist::splitmix64(self.0 ^ x);
    }
}

/// A hash map keyed by integers.
pub(crate) type IdMap<K, V> = HashMap<K, V, BuildHasherDefault<IdHasher>>;
