//! The checker's hashing: a fast hasher for keys of whole bitsets, and the
//! maps and sets keyed by them. A leaf: the symmetry group, the derivations
//! and the check all use it.

use std::collections::HashMap;
#[cfg(test)]
use std::collections::HashSet;
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
#[cfg(test)]
pub(crate) type KeySet = HashSet<Box<[u64]>, BuildHasherDefault<KeyHasher>>;

/// A set of positions (bitsets of 2W words: X's stones, then O's) kept
/// compactly and exactly: each position is its stone count on each side
/// and its cells as `u16` (X's, then O's, increasing) in one arena, found
/// through a 64-bit hash of its bitset and compared in full on a match.
/// A position of s stones takes 2s + 4 bytes of arena and about 17 bytes
/// of table, against 16W bytes plus an allocation as a boxed bitset
/// (4^5: about 60 bytes instead of about 290 for 20 stones).
#[derive(Default)]
pub(crate) struct StoneSet {
    /// `[nx, no, x cells..., o cells...]` per position.
    arena: Vec<u16>,
    /// The arena offset of the first position with each hash.
    first: HashMap<u64, u64, BuildHasherDefault<KeyHasher>>,
    /// Further offsets of positions whose hash is taken (rare).
    more: HashMap<u64, Vec<u64>, BuildHasherDefault<KeyHasher>>,
    len: usize,
}

impl StoneSet {
    fn hash(stones: &[u64]) -> u64 {
        let mut h = KeyHasher::default();
        for &w in stones {
            h.write_u64(w);
        }
        // Mix the high bits down: the map's buckets use the low ones.
        let v = h.finish();
        v ^ (v >> 29) ^ (v >> 47)
    }

    /// Whether the position at arena offset `at` is `stones`.
    fn same(&self, at: u64, stones: &[u64]) -> bool {
        let w = stones.len() / 2;
        let at = at as usize;
        let (nx, no) = (self.arena[at] as usize, self.arena[at + 1] as usize);
        let count = |words: &[u64]| words.iter().map(|x| x.count_ones() as usize).sum::<usize>();
        if count(&stones[..w]) != nx || count(&stones[w..]) != no {
            return false;
        }
        let cells = &self.arena[at + 2..at + 2 + nx + no];
        let has = |side: usize, c: u16| stones[side * w + c as usize / 64] >> (c % 64) & 1 == 1;
        cells[..nx].iter().all(|&c| has(0, c)) && cells[nx..].iter().all(|&c| has(1, c))
    }

    pub(crate) fn contains(&self, stones: &[u64]) -> bool {
        let h = Self::hash(stones);
        match self.first.get(&h) {
            None => false,
            Some(&at) => {
                self.same(at, stones)
                    || self
                        .more
                        .get(&h)
                        .is_some_and(|v| v.iter().any(|&at| self.same(at, stones)))
            }
        }
    }

    /// Adds `stones` (cells below 65,536); gives whether it was new.
    pub(crate) fn insert(&mut self, stones: &[u64]) -> bool {
        if self.contains(stones) {
            return false;
        }
        let h = Self::hash(stones);
        let at = self.arena.len() as u64;
        let w = stones.len() / 2;
        self.arena.extend([0, 0]);
        for side in 0..2 {
            let mut n = 0u16;
            for (i, &word) in stones[side * w..(side + 1) * w].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    self.arena
                        .push((i * 64 + bits.trailing_zeros() as usize) as u16);
                    bits &= bits - 1;
                    n += 1;
                }
            }
            self.arena[at as usize + side] = n;
        }
        match self.first.entry(h) {
            std::collections::hash_map::Entry::Vacant(v) => {
                v.insert(at);
            }
            std::collections::hash_map::Entry::Occupied(_) => {
                self.more.entry(h).or_default().push(at);
            }
        }
        self.len += 1;
        true
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Empties the set, keeping its space.
    pub(crate) fn clear(&mut self) {
        self.arena.clear();
        self.first.clear();
        self.more.clear();
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::{KeySet, StoneSet};
    use proptest::prelude::*;

    proptest! {
        /// A [`StoneSet`] answers as a set of whole bitsets does.
        #[test]
        fn stone_set_is_a_set(ops in proptest::collection::vec(
            (proptest::collection::vec(0u64..6, 4), any::<bool>()), 1..200)) {
            let mut set = StoneSet::default();
            let mut reference = KeySet::default();
            for (words, insert) in ops {
                // Small words so that positions repeat; X and O may share
                // a cell here, which the set need not care about.
                let stones: Box<[u64]> = words.into_iter().map(|w| w * 0x8001_0000_0001).collect();
                if insert {
                    prop_assert_eq!(set.insert(&stones), reference.insert(stones.clone()));
                }
                prop_assert_eq!(set.contains(&stones), reference.contains(&stones));
                prop_assert_eq!(set.len(), reference.len());
            }
        }
    }
}
