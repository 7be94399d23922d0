//! The checker's hashing: a fast hasher for keys of whole bitsets, and the
//! maps and sets keyed by them. A leaf: the symmetry group, the derivations
//! and the check all use it.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for keys of whole bitsets (FxHash's mixing).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

pub(crate) type KeyMap<V> = HashMap<Box<[u64]>, V, BuildHasherDefault<KeyHasher>>;
pub(crate) type KeySet = HashSet<Box<[u64]>, BuildHasherDefault<KeyHasher>>;
