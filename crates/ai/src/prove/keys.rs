//! The walk's hashing of keys that are hashes already (`walk.rs`,
//! `settling.rs`).

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// The walk's set of positions seen. Its keys are hashes already, so the
/// set mixes them with one multiplication rather than a keyed hash.
pub(super) type Seen = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// See [`Seen`].
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}
