//! Move ordering: a tiny list of moves kept sorted by decreasing score.

use crate::tt::Slot;
use std::mem::MaybeUninit;

/// A candidate move: the bit of the new stone, its column and its score.
#[derive(Clone, Copy, Default)]
pub(crate) struct Move {
    pub bit: u64,
    pub col: u32,
    /// Cells of the mirror column (see `Node::child`).
    pub mirror_mask: u64,
    pub score: i32,
    /// Table slot of the canonical key of the resulting position.
    pub slot: Slot,
    /// Canonical key of the resulting position.
    pub key: u64,
    /// Cells where the mover could complete four after the move.
    pub threats: u64,
    /// An upper bound of the move's score known from the table
    /// (`i32::MAX` if none).
    pub cap: i32,
}

/// At most 9 moves (the widest board), sorted best first. Moves with equal
/// scores keep their insertion order.
///
/// The entries past `len` are left uninitialised: the list is built at
/// every node of the search, and zeroing its 9 entries took 8% of the
/// search time.
pub(crate) struct MoveList {
    /// `items[..len]` are initialised.
    items: [MaybeUninit<Move>; 9],
    len: usize,
}

impl MoveList {
    #[inline]
    pub fn new() -> Self {
        MoveList {
            // SAFETY: an array of `MaybeUninit` needs no initialisation.
            items: unsafe { MaybeUninit::<[MaybeUninit<Move>; 9]>::uninit().assume_init() },
            len: 0,
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Inserts `mv` after the moves scored at least as high. Panics if the
    /// list already holds 9 moves.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        let mut i = self.len;
        debug_assert!(i < self.items.len(), "at most 9 moves");
        self.len += 1;
        // SAFETY: `i - 1 < len` before the increment, so it is initialised.
        while i > 0 && unsafe { self.items[i - 1].assume_init_ref() }.score < mv.score {
            self.items[i] = self.items[i - 1];
            i -= 1;
        }
        self.items[i] = MaybeUninit::new(mv);
    }

    /// Moves the move in column `col` (if any) to the front.
    #[inline]
    pub fn move_to_front(&mut self, col: u32) {
        if let Some(i) = self.as_slice().iter().position(|m| m.col == col) {
            self.items[..=i].rotate_right(1);
        }
    }

    /// Rotates the list left by `k` (modulo its length).
    #[inline]
    pub fn rotate(&mut self, k: usize) {
        if self.len > 1 {
            self.items[..self.len].rotate_left(k % self.len);
        }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast::<Move>(), self.len) }
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` items are initialised, and
        // `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.items.as_ptr().cast::<Move>(), self.len) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_and_stable() {
        let mut l = MoveList::new();
        for (col, score) in [(3, 1), (2, 5), (4, 1), (1, 7), (5, 5)] {
            l.push(Move {
                bit: 0,
                col,
                mirror_mask: 0,
                score,
                slot: Slot::default(),
                key: 0,
                threats: 0,
                cap: i32::MAX,
            });
        }
        let cols: Vec<u32> = l.as_slice().iter().map(|m| m.col).collect();
        assert_eq!(cols, vec![1, 2, 5, 3, 4]);
        l.move_to_front(3);
        let cols: Vec<u32> = l.as_slice().iter().map(|m| m.col).collect();
        assert_eq!(cols, vec![3, 1, 2, 5, 4]);
    }
}
