//! The children of a position in df-pn's order (strongest move first, by
//! `Search::move_score`), sorted only as far as the search reads them.
//!
//! A position of 4^5 has up to 1,000 moves, and most positions are
//! expanded once: their numbers come from the first few children read
//! (`Tuning::probe_batch`), and sorting all of them and computing all their
//! keys was two fifths of the search's time. Deep in the tree, where a
//! position's key is its own hash (`canon.rs`) and so no two children
//! share one, the moves are kept unsorted and the strongest are picked
//! out (a selection, linear) only when read. Near the root, where keys are
//! symmetric, children that are images of each other share a key and the
//! later ones are dropped: all are sorted and keyed at once, as the count
//! of distinct children must be known.
//!
//! Either way the children read and their order are the same: the order
//! is total (score, then cell), so a selection gives what a sort gives.

use super::canon::Canon;
use hypertac_core::Player;

/// A child of a position: its move, key and the numbers it starts with
/// when the table does not know it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    pub cell: u32,
    pub key: u64,
    pub init: (u32, u32),
}

/// How children start: a child of rank `index` in the static order (a
/// helper thread, `seed` nonzero, moves it one place down or not, by its
/// key: on 4^4 after two moves, 0.8 times the time of moving it 0 to 3
/// places) starts with delta 1 + rank times `step`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Start {
    pub seed: u64,
    pub step: u32,
    /// XORed into every key (the question's salt).
    pub salt: u64,
    pub mover: Player,
    /// Whether the first child is a hint of the threat-space search
    /// (`tss/`): the others then start [`LEAD_GAP`] ranks behind it.
    pub lead: bool,
}

/// Ranks the children after a hinted first child start behind it.
pub(crate) const LEAD_GAP: u32 = 64;

impl Start {
    fn child(&self, index: usize, cell: u32, key: u64) -> Child {
        let jitter = if self.seed == 0 {
            0
        } else {
            ((key ^ self.seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63) as u32
        };
        let gap = if self.lead && index > 0 { LEAD_GAP } else { 0 };
        let rank = index as u32 + jitter + gap;
        Child {
            cell,
            key,
            init: (1, 1 + rank * self.step),
        }
    }
}

/// A move and its score as one word whose ascending order is the search's.
fn packed(score: u32, cell: u32) -> u64 {
    (u64::from(u32::MAX - score) << 32) | u64::from(cell)
}

/// The children of one position (see the module docs).
pub(crate) struct Children {
    /// The children made so far, in order.
    made: Vec<Child>,
    /// The moves not made yet, packed (see [`packed`]), in no order; all
    /// after every child made.
    rest: Vec<u64>,
    start: Start,
    cells: Vec<u32>,
    keys: Vec<u64>,
}

impl Children {
    /// The children of the moves `scored` as (score, cell) of the
    /// position `canon` keys.
    pub fn new(scored: impl Iterator<Item = (u32, u32)>, canon: &Canon, start: Start) -> Children {
        let mut rest: Vec<u64> = scored.map(|(s, c)| packed(s, c)).collect();
        let mut out = Children {
            // Room for the children of most positions at once (a list
            // grown child by child was reallocated four or five times).
            made: Vec::with_capacity(rest.len().min(64)),
            rest: Vec::new(),
            start,
            cells: Vec::new(),
            keys: Vec::new(),
        };
        if canon.keys_are_own() {
            out.rest = rest;
        } else {
            rest.sort_unstable();
            out.make(&rest, canon, true);
        }
        out
    }

    /// How many children there are.
    pub fn len(&self) -> usize {
        self.made.len() + self.rest.len()
    }

    /// The children made so far.
    pub fn made(&self) -> &[Child] {
        &self.made
    }

    /// Makes the first `n` children (all if fewer), choosing the next
    /// ones out of the rest a batch at a time (at least as many as made).
    pub fn make_first(&mut self, n: usize, canon: &Canon) {
        if n <= self.made.len() || self.rest.is_empty() {
            return;
        }
        let take = (n - self.made.len())
            .max(self.made.len())
            .max(16)
            .min(self.rest.len());
        if take < self.rest.len() {
            self.rest.select_nth_unstable(take - 1);
        }
        let mut next: Vec<u64> = self.rest.drain(..take).collect();
        next.sort_unstable();
        self.make(&next, canon, false);
    }

    /// Appends the children of `packed` moves (in order), dropping those
    /// whose key an earlier child has when `dedup`.
    fn make(&mut self, packed: &[u64], canon: &Canon, dedup: bool) {
        self.cells.clear();
        self.cells.extend(packed.iter().map(|&p| p as u32));
        canon.keys_with(&self.cells, self.start.mover, &mut self.keys);
        if !dedup {
            for (&cell, &key) in self.cells.iter().zip(&self.keys) {
                let child = self
                    .start
                    .child(self.made.len(), cell, key ^ self.start.salt);
                self.made.push(child);
            }
            return;
        }
        // Keys seen, in an open-addressing set twice the moves' size (so
        // symmetric images are dropped without comparing every pair).
        let size = (packed.len() * 2).next_power_of_two();
        let mut seen = vec![0u64; size];
        for (&cell, &key) in self.cells.iter().zip(&self.keys) {
            let key = key ^ self.start.salt;
            // 0 marks an empty slot; a key of 0 is looked for among the
            // children instead.
            let mut at = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (size - 1);
            let fresh = loop {
                match seen[at] {
                    0 if key != 0 => {
                        seen[at] = key;
                        break true;
                    }
                    k if k == key => break false,
                    _ if key == 0 => break !self.made.iter().any(|c| c.key == 0),
                    _ => at = (at + 1) & (size - 1),
                }
            };
            if fresh {
                let child = self.start.child(self.made.len(), cell, key);
                self.made.push(child);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prove::canon::proof_group;
    use hypertac_core::{Position, Rules};

    fn scored(n: u32) -> Vec<(u32, u32)> {
        // Scores with ties, in no order.
        (0..n).map(|c| ((c * 7919) % 13, c)).collect()
    }

    /// Made a batch at a time, the children come in the order of a full
    /// sort, by (score descending, cell ascending).
    #[test]
    fn batches_give_the_sorted_order() {
        let pos = Position::new(Rules::preset("4d").unwrap());
        let mut canon = Canon::new(proof_group(&pos), 0);
        // Deep enough that keys are the position's own.
        for (i, c) in [0u32, 255, 85, 170, 17, 34].into_iter().enumerate() {
            canon.toggle(c, Player::to_move_at(i));
        }
        assert!(canon.keys_are_own());
        let start = Start {
            seed: 0,
            step: 8,
            salt: 0,
            mover: Player::X,
            lead: false,
        };
        let moves = scored(200);
        let mut want = moves.clone();
        want.sort_by_key(|&(s, c)| (std::cmp::Reverse(s), c));
        let mut children = Children::new(moves.into_iter(), &canon, start);
        assert_eq!(children.len(), 200);
        let mut checked = 0;
        for n in [1, 5, 16, 17, 40, 100, 200, 300] {
            children.make_first(n, &canon);
            assert!(children.made().len() >= n.min(200));
            for (i, ch) in children.made().iter().enumerate() {
                assert_eq!(ch.cell, want[i].1);
                assert_eq!(ch.key, canon.key_with(ch.cell, Player::X));
                assert_eq!(ch.init, (1, 1 + i as u32 * 8));
                checked += 1;
            }
        }
        assert_eq!(children.made().len(), 200);
        assert!(checked > 200, "{checked}");
    }

    /// Near the root, symmetric children are dropped: X's first moves on
    /// Qubic, 64 cells, are as many children as distinct keys.
    #[test]
    fn symmetric_children_are_dropped_near_the_root() {
        let pos = Position::new(Rules::preset("qubic").unwrap());
        let canon = Canon::new(proof_group(&pos), 0);
        assert!(!canon.keys_are_own());
        let start = Start {
            seed: 0,
            step: 8,
            salt: 0,
            mover: Player::X,
            lead: false,
        };
        let children = Children::new((0..64).map(|c| (0, c)), &canon, start);
        let keys: std::collections::HashSet<u64> =
            (0..64).map(|c| canon.key_with(c, Player::X)).collect();
        assert_eq!(children.len(), keys.len());
        assert!(children.len() < 64);
        assert_eq!(children.made().len(), children.len());
    }
}
