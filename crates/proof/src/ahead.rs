//! Threat searches worked out ahead, on every thread of a check
//! (`verify --threads N`).
//!
//! Most of a win's check is spent in the threat-sequence search
//! ([`crate::derive::threat_sequence`]) of the positions after the other
//! side's replies, and that search is a function of the position alone:
//! it keeps nothing from one call to the next. So where the walk of a
//! section reaches a position of the other side to move with several
//! replies to check, the threads of the pool search the positions after
//! those replies at once, each on a board of its own, before the walk goes
//! through the replies in order as it always does and takes the answers
//! found instead of searching again. The walk, its memory, its order and
//! so its verdict, counts and first error are those of the check on one
//! thread; only the time differs (`tests/threads.rs`).
//!
//! A reply is searched ahead only where the walk would, as it stands
//! before the first reply is checked, search it: the other side completes
//! no line by it, P then has no winning cell, the board is not full, the
//! position is not remembered, nothing is forced, and its fingerprint is
//! none of an entry or of a remembered position. Where the walk finds it
//! differently later (a position remembered meanwhile), the answer is not
//! used: work lost, never a different result.

use crate::board::Board;
use crate::derive::{forced, Forced, Sequence};
use crate::fingerprint::fingerprint_of;
use crate::format::SequenceLimits;
use crate::keys::{KeyHasher, StoneSet};
use hypertac_core::Player;
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::sync::Mutex;

/// The threat search's answer in the position after a reply, worked out
/// ahead: the first move of a threat sequence, or `None` where it finds
/// none; and the position's fingerprint.
pub(crate) type Answer = (Option<usize>, u64);

/// What the walk knows at the position whose replies are searched ahead,
/// read and not changed while they are.
pub(crate) struct Known<'k> {
    /// The positions remembered by their stones.
    pub(crate) seen: &'k StoneSet,
    /// The fingerprints of the entries and of the remembered positions.
    pub(crate) prints: &'k HashSet<u64, BuildHasherDefault<KeyHasher>>,
}

/// A board for each thread of the pool the check runs in.
pub(crate) struct Ahead {
    boards: Vec<Mutex<(Board, Sequence)>>,
    limits: SequenceLimits,
}

impl Ahead {
    /// Boards for the current rayon pool's threads, copies of `empty` (a
    /// board without stones).
    pub(crate) fn new(empty: &Board, limits: SequenceLimits) -> Ahead {
        let threads = rayon::current_num_threads().max(1);
        Ahead {
            boards: (0..threads)
                .map(|_| Mutex::new((empty.clone(), Sequence::default())))
                .collect(),
            limits,
        }
    }

    /// For each of `replies` (cells where the other side of `p` may play,
    /// the position being `stones`), in order: the answer of the threat
    /// search for `p` after it, or `None` where the walk would not search
    /// there (see the module docs).
    pub(crate) fn replies(
        &self,
        stones: &[u64],
        p: Player,
        replies: &[usize],
        known: &Known,
    ) -> Vec<Option<Answer>> {
        replies
            .par_iter()
            .map(|&r| {
                let i = rayon::current_thread_index().unwrap_or(0) % self.boards.len();
                let mut guard = self.boards[i]
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let (board, search) = &mut *guard;
                sync(board, stones);
                self.after(board, search, r, p, known)
            })
            .collect()
    }

    /// The answer after the other side's reply `r` on `board`, if the walk
    /// would search there; the board as it was after.
    fn after(
        &self,
        board: &mut Board,
        search: &mut Sequence,
        r: usize,
        p: Player,
        known: &Known,
    ) -> Option<Answer> {
        let q = p.other();
        let completes = board.play(r, q);
        let print = (!completes
            && board.winning_cell(p).is_none()
            && !board.is_full()
            && !known.seen.contains(board.stones())
            && forced(board, p) == Forced::Free)
            .then(|| fingerprint_of(board))
            .filter(|print| !known.prints.contains(print));
        let answer = print.map(|print| (search.search(board, p, self.limits), print));
        board.undo(r, q);
        answer
    }
}

/// Brings `board` to the position `stones` (X's words, then O's), taking
/// back and playing only the stones that differ.
fn sync(board: &mut Board, stones: &[u64]) {
    let w = board.words();
    for undo in [true, false] {
        for (side, player) in [Player::X, Player::O].into_iter().enumerate() {
            for i in 0..w {
                let (have, want) = (board.stones()[side * w + i], stones[side * w + i]);
                let mut bits = if undo { have & !want } else { want & !have };
                while bits != 0 {
                    let c = i * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if undo {
                        board.undo(c, player);
                    } else {
                        board.play(c, player);
                    }
                }
            }
        }
    }
}
