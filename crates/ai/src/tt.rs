//! Transposition table: a fixed-size array of entries indexed by the
//! Zobrist hash, each holding a bound on the score and the best move found.

use crate::board::{IdMap, NONE};
use crate::eval::PROVEN;

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a cut-off).
    Lower,
    /// At most this score (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    score: i64,
    best: u32,
    depth: i16,
    bound: Bound,
}

/// A probe's answer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    /// Score (mate scores relative to the probing node).
    pub score: i64,
    /// Depth the score was searched to.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
    /// Best move (local cell id) or [`NONE`].
    pub best: u32,
}

/// The slots of the table: an array, or for a search that stores far fewer
/// positions than the table has slots, only the slots written, by index
/// (the same slots and replacements, without touching megabytes of memory
/// that a short search never uses: on 6^5 a quiet move's table of 2^20
/// entries cost more page faults than the search itself).
enum Slots {
    Dense(Vec<Entry>),
    Sparse(IdMap<usize, Entry>),
}

/// The table.
pub(crate) struct Table {
    slots: Slots,
    mask: usize,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    best: NONE,
    depth: -1,
    bound: Bound::Upper,
};

impl Table {
    /// A table of `2^log2` entries.
    pub fn new(log2: u32) -> Table {
        Table {
            slots: Slots::Dense(vec![EMPTY; 1 << log2]),
            mask: (1 << log2) - 1,
        }
    }

    /// A table of `2^log2` entries for a search that stores at most about
    /// `stores` positions: the same table as [`Table::new`], kept as a map
    /// of the slots written when they are few.
    pub fn for_stores(log2: u32, stores: u64) -> Table {
        let len = 1u64 << log2;
        if stores.saturating_mul(SPARSE_RATIO) > len {
            return Table::new(log2);
        }
        Table {
            slots: Slots::Sparse(IdMap::default()),
            mask: (1 << log2) - 1,
        }
    }

    fn slot(&self, key: u64) -> &Entry {
        let at = key as usize & self.mask;
        match &self.slots {
            Slots::Dense(v) => &v[at],
            Slots::Sparse(m) => m.get(&at).unwrap_or(&EMPTY),
        }
    }

    fn slot_mut(&mut self, key: u64) -> &mut Entry {
        let at = key as usize & self.mask;
        match &mut self.slots {
            Slots::Dense(v) => &mut v[at],
            Slots::Sparse(m) => m.entry(at).or_insert(EMPTY),
        }
    }

    /// The entry for `key`, if stored. `ply` converts mate scores back.
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let e = self.slot(key);
        (e.key == key && e.depth >= 0).then(|| Hit {
            score: from_table(e.score, ply),
            depth: i32::from(e.depth),
            bound: e.bound,
            best: e.best,
        })
    }

    /// Stores a result (depth-preferred, but always replacing other positions).
    pub fn store(&mut self, key: u64, ply: i32, depth: i32, score: i64, bound: Bound, best: u32) {
        let e = self.slot_mut(key);
        if e.key == key && i32::from(e.depth) > depth && e.bound == Bound::Exact {
            return;
        }
        *e = Entry {
            key,
            score: to_table(score, ply),
            best,
            depth: depth.clamp(0, i32::from(i16::MAX)) as i16,
            bound,
        };
    }
}

/// A table is kept as a map of its written slots when it has at least this
/// many slots per position the search may store.
const SPARSE_RATIO: u64 = 2;

/// Mate scores are stored relative to the node, not the root.
fn to_table(score: i64, ply: i32) -> i64 {
    if score >= PROVEN {
        score + i64::from(ply)
    } else if score <= -PROVEN {
        score - i64::from(ply)
    } else {
        score
    }
}

fn from_table(score: i64, ply: i32) -> i64 {
    if score >= PROVEN {
        score - i64::from(ply)
    } else if score <= -PROVEN {
        score + i64::from(ply)
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::WIN;

    #[test]
    fn stores_and_adjusts_mate_scores() {
        let mut t = Table::new(4);
        t.store(99, 3, 2, WIN - 5, Bound::Exact, 7);
        let hit = t.probe(99, 1).unwrap();
        assert_eq!(hit.score, WIN - 3);
        assert_eq!(hit.best, 7);
        assert!(t.probe(98, 1).is_none());
    }

    #[test]
    fn sparse_slots_behave_as_the_array() {
        let mut dense = Table::new(6);
        let mut sparse = Table::for_stores(6, 3);
        assert!(matches!(sparse.slots, Slots::Sparse(_)));
        assert!(matches!(Table::for_stores(6, 33).slots, Slots::Dense(_)));
        let mut x = 12345u64;
        for i in 0..500 {
            x = hypertac_core::zobrist::splitmix64(x);
            let key = x % 200;
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][i % 3];
            let depth = (x >> 20) as i32 % 5;
            for t in [&mut dense, &mut sparse] {
                t.store(key, 1, depth, (x >> 30) as i64 % 1000, bound, i as u32);
            }
            let probe = key ^ ((x >> 40) % 2);
            let (a, b) = (dense.probe(probe, 2), sparse.probe(probe, 2));
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
    }
}
