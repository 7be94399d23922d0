//! Transposition table: a fixed-size array of entries indexed by the
//! Zobrist hash, each holding a bound on the score and the best move found.

use crate::board::NONE;
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

/// The table.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^log2` entries.
    pub fn new(log2: u32) -> Table {
        let empty = Entry {
            key: 0,
            score: 0,
            best: NONE,
            depth: -1,
            bound: Bound::Upper,
        };
        Table {
            entries: vec![empty; 1 << log2],
            mask: (1 << log2) - 1,
        }
    }

    /// The entry for `key`, if stored. `ply` converts mate scores back.
    pub fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let e = &self.entries[key as usize & self.mask];
        (e.key == key && e.depth >= 0).then(|| Hit {
            score: from_table(e.score, ply),
            depth: i32::from(e.depth),
            bound: e.bound,
            best: e.best,
        })
    }

    /// Stores a result (depth-preferred, but always replacing other positions).
    pub fn store(&mut self, key: u64, ply: i32, depth: i32, score: i64, bound: Bound, best: u32) {
        let e = &mut self.entries[key as usize & self.mask];
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
}
