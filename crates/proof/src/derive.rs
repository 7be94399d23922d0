//! What the checker works out on its own (format version 2), so a
//! certificate need not list it: a line completed now, the forced block,
//! a double threat, and a short threat sequence.
//!
//! All of it is forcing play, sound by the rules alone (first to complete
//! k in a row wins; a *winning cell* of a side is an empty, playable cell
//! completing a line that holds k - 1 of its stones and none of the other
//! side's):
//! - **Win now.** P to move with a winning cell wins by playing it.
//! - **Forced block.** P to move without one, while the other side Q has
//!   exactly one winning cell: every other move of P loses at once, so P
//!   plays that cell. With two or more, P loses (Q completes one of them).
//! - **Double threat.** Q to move with no winning cell, while P has two or
//!   more: Q can take at most one, P completes another. With exactly one,
//!   every reply of Q but that cell lets P complete it at once, so only that
//!   reply needs checking.
//! - **Threat sequence** ([`threat_sequence`]): P wins by moves each making a
//!   winning cell, each answered by Q's only move, the block, until P has
//!   two. The search is small, bounded and deterministic, so a writer can
//!   know what the checker will find; `docs/proof-format.md` specifies it to
//!   the last detail.

use crate::board::{Board, Lines};
use crate::fingerprint::{fingerprint, mix};
use crate::format::SequenceLimits;
use crate::keys::KeySet;
use crate::symmetry::Symmetries;
use hypertac_core::{Player, Rules};
use std::sync::Arc;

/// What the rules alone decide in a position with `p` to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forced {
    /// `p` completes a line on this cell.
    Win(usize),
    /// The other side has one winning cell: `p` must take it.
    Block(usize),
    /// The other side has two winning cells and `p` none: `p` loses.
    Lost,
    /// Nothing is forced.
    Free,
}

/// The [`Forced`] move of `p` (to move) on `board`.
pub(crate) fn forced(board: &Board, p: Player) -> Forced {
    if let Some(c) = board.winning_cell(p) {
        return Forced::Win(c);
    }
    match board.winning_cells(p.other()) {
        (0, _) => Forced::Free,
        (1, [c, _]) => Forced::Block(c),
        _ => Forced::Lost,
    }
}

/// With the other side of `p` to move (and no winning cell of its own):
/// `None` when `p` has two winning cells (no reply needs checking: the
/// other side takes at most one), `Some(Some(c))` when it has one (only the
/// block `c` does: any other reply lets `p` complete it), `Some(None)`
/// otherwise (every reply).
pub(crate) fn replies_needed(board: &Board, p: Player) -> Option<Option<usize>> {
    match board.winning_cells(p) {
        (0, _) => Some(None),
        (1, [c, _]) => Some(Some(c)),
        _ => None,
    }
}

/// The first move of a threat sequence winning for `p` (to move, without a
/// winning cell of its own), if the bounded search finds one.
///
/// The search, exactly (the format document repeats it). A *level* is a
/// position with `p` to move:
/// 1. If the other side Q has two or more winning cells, the level fails;
///    if one, the only candidate is that cell; otherwise the candidates are
///    the playable cells on a line holding k - 2 stones of `p` and none of
///    Q, in increasing cell index. A level whose stones equal those of a
///    level that already failed in this search fails at once.
/// 2. Every candidate tried costs one node; once `limits.nodes` nodes have
///    been spent, the whole search fails.
/// 3. First pass: each candidate in order is played; if Q then has no
///    winning cell and `p` has two or more, the level wins by it.
/// 4. Second pass, only when the level is at most `limits.depth - 1` moves
///    of `p` deep (the first level is depth 0): each candidate in order is
///    played; if Q then has no winning cell and `p` has exactly one, Q
///    plays that cell (the block); if `p` then has a winning cell, or the
///    next level (one deeper) wins, the level wins by the candidate.
/// 5. Otherwise the level fails (and is remembered as failed).
pub(crate) fn threat_sequence(
    board: &mut Board,
    p: Player,
    limits: SequenceLimits,
) -> Option<usize> {
    search(board, p, limits, false).0
}

/// [`threat_sequence`], the same answer by the same steps (the same nodes
/// spent, the same levels remembered as failed), faster on boards without
/// gravity: there a candidate's move is judged without being played.
/// After `p`'s candidate the other side Q never has a winning cell (Q had
/// none, or one, which is the only candidate), and `p`'s winning cells
/// are [`Board::wins_after`]'s; after Q's block of the only one, `p` has
/// none (they were all that cell). So only a candidate of the second
/// pass making exactly one winning cell is played, with its block, to
/// search the next level. The walk asks this one ([`Oracle`]), the
/// checker the plain one; the tests below compare them.
pub(crate) fn threat_sequence_fast(
    board: &mut Board,
    p: Player,
    limits: SequenceLimits,
) -> Option<usize> {
    let fast = !board.has_gravity();
    search(board, p, limits, fast).0
}

/// The threat search, its candidates judged unplayed with `fast`: its
/// answer, the nodes left and how many levels failed.
fn search(
    board: &mut Board,
    p: Player,
    limits: SequenceLimits,
    fast: bool,
) -> (Option<usize>, u32, usize) {
    let mut search = Sequence {
        p,
        nodes: limits.nodes,
        depth: limits.depth,
        scratch: Vec::new(),
        failed: KeySet::default(),
        fast,
        key: Vec::new(),
    };
    let found = search.level(board, 0);
    (found, search.nodes, search.failed.len())
}

struct Sequence {
    p: Player,
    nodes: u32,
    depth: u32,
    scratch: Vec<usize>,
    /// Levels that failed, by their stones (hashed as the check does, `keys.rs`).
    failed: KeySet,
    /// Judge candidates without playing them ([`threat_sequence_fast`]).
    fast: bool,
    /// Room for a level's stones looked up before it is played.
    key: Vec<u64>,
}

impl Sequence {
    /// Spends a node; false when none is left.
    fn spend(&mut self) -> bool {
        if self.nodes == 0 {
            return false;
        }
        self.nodes -= 1;
        true
    }

    fn level(&mut self, board: &mut Board, depth: u32) -> Option<usize> {
        let (p, q) = (self.p, self.p.other());
        if self.failed.contains(board.stones()) {
            return None;
        }
        let start = self.scratch.len();
        match board.winning_cells(q) {
            (0, _) => board.threat_moves(p, &mut self.scratch),
            (1, [c, _]) => self.scratch.push(c),
            _ => return None,
        }
        let found = match self.fast {
            true => self.passes_unplayed(board, depth, start),
            false => self.passes(board, depth, start),
        };
        self.scratch.truncate(start);
        if found.is_none() && self.nodes > 0 {
            self.failed.insert(board.stones().into());
        }
        found
    }

    fn passes(&mut self, board: &mut Board, depth: u32, start: usize) -> Option<usize> {
        let (p, q) = (self.p, self.p.other());
        let end = self.scratch.len();
        for i in start..end {
            let c = self.scratch[i];
            if !self.spend() {
                return None;
            }
            board.play(c, p);
            let wins = board.winning_cell(q).is_none() && board.winning_cells(p).0 >= 2;
            board.undo(c, p);
            if wins {
                return Some(c);
            }
        }
        if depth + 1 >= self.depth {
            return None;
        }
        for i in start..end {
            let c = self.scratch[i];
            if !self.spend() {
                return None;
            }
            board.play(c, p);
            let mut wins = false;
            if board.winning_cell(q).is_none() {
                if let (1, [w, _]) = board.winning_cells(p) {
                    board.play(w, q);
                    wins =
                        board.winning_cell(p).is_some() || self.level(board, depth + 1).is_some();
                    board.undo(w, q);
                }
            }
            board.undo(c, p);
            if wins {
                return Some(c);
            }
        }
        None
    }
}

impl Sequence {
    /// Whether the level after `p`'s `c` and the other side's `w` failed
    /// already (as [`Sequence::level`] looks it up).
    fn failed_after(&mut self, board: &Board, c: usize, w: usize) -> bool {
        let words = board.words();
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        key.extend_from_slice(board.stones());
        key[self.p.index() * words + c / 64] |= 1 << (c % 64);
        key[self.p.other().index() * words + w / 64] |= 1 << (w % 64);
        let failed = self.failed.contains(&key[..]);
        self.key = key;
        failed
    }

    /// [`Sequence::passes`] without gravity, each candidate judged by
    /// [`Board::wins_after`] (see [`threat_sequence_fast`]).
    fn passes_unplayed(&mut self, board: &mut Board, depth: u32, start: usize) -> Option<usize> {
        let (p, q) = (self.p, self.p.other());
        let end = self.scratch.len();
        for i in start..end {
            let c = self.scratch[i];
            if !self.spend() {
                return None;
            }
            if board.wins_after(p, c).0 >= 2 {
                return Some(c);
            }
        }
        if depth + 1 >= self.depth {
            return None;
        }
        for i in start..end {
            let c = self.scratch[i];
            if !self.spend() {
                return None;
            }
            let (1, [w, _]) = board.wins_after(p, c) else {
                continue;
            };
            // The next level fails at once if its stones failed before:
            // looked up without playing.
            if !self.failed.is_empty() && self.failed_after(board, c, w) {
                continue;
            }
            board.play(c, p);
            board.play(w, q);
            let wins = self.level(board, depth + 1).is_some();
            board.undo(w, q);
            board.undo(c, p);
            if wins {
                return Some(c);
            }
        }
        None
    }
}

/// The checker's derivations on a board of its own, for the programs that
/// write certificates (to leave out what the checker derives) and play
/// from them (to play what it derives).
pub struct Oracle {
    board: Board,
    limits: SequenceLimits,
    /// The checker's symmetry group, built on the first
    /// [`Oracle::canonical_key`] (1 to 2 s on 4^5).
    symmetries: Option<Symmetries>,
    rules: Rules,
}

impl Oracle {
    /// The empty board of `rules`, with these threat-sequence limits.
    ///
    /// # Errors
    /// Boards the checker does not take (over 65535 cells, no line table).
    pub fn new(rules: &Rules, limits: SequenceLimits) -> Result<Oracle, String> {
        let lines = Arc::new(Lines::new(rules)?);
        Ok(Oracle {
            board: Board::new(rules, lines),
            limits,
            symmetries: None,
            rules: rules.clone(),
        })
    }

    /// The checker's fingerprint of the position (`fingerprint.rs`): the
    /// same for two positions the checker takes as symmetric, and, as a
    /// rule, different for others.
    pub fn fingerprint(&self) -> u64 {
        fingerprint(self.board.lines(), self.board.stones())
    }

    /// A 64-bit hash of the position's canonical form in the checker's
    /// symmetry group: the checker remembers a position it proved by that
    /// form, so a writer that walks in the checker's order can pass over a
    /// copy it knows the checker passes over. Call it where
    /// [`Oracle::fingerprint`] matched: it costs a pass over some of the
    /// group's maps ([`Symmetries::canonical`]).
    pub fn canonical_key(&mut self) -> u64 {
        let (rules, lines) = (&self.rules, self.board.lines());
        let group = self
            .symmetries
            .get_or_insert_with(|| Symmetries::with_lines(rules, lines));
        let mut canon = vec![0u64; self.board.stones().len()];
        group.canonical(self.board.stones(), &mut canon);
        canon
            .iter()
            .fold(canon.len() as u64, |h, &w| mix(h.rotate_left(23) ^ w))
    }

    /// Puts a stone of `p` on the empty cell `c`; whether it completes a line.
    pub fn play(&mut self, c: usize, p: Player) -> bool {
        self.board.play(c, p)
    }

    /// Takes back the stone of `p` on `c`.
    pub fn undo(&mut self, c: usize, p: Player) {
        self.board.undo(c, p)
    }

    /// The checker's [`Forced`] move of `p`, to move.
    pub fn forced(&self, p: Player) -> Forced {
        forced(&self.board, p)
    }

    /// The first move of the threat sequence the checker finds for `p`
    /// (to move, nothing forced), if any.
    pub fn threat_sequence(&mut self, p: Player) -> Option<usize> {
        threat_sequence_fast(&mut self.board, p, self.limits)
    }

    /// With the other side of `p` to move: `None` when `p` has two winning
    /// cells (no reply needs checking), `Some(Some(c))` when it has one
    /// (only the block `c` does), `Some(None)` otherwise.
    pub fn replies_needed(&self, p: Player) -> Option<Option<usize>> {
        replies_needed(&self.board, p)
    }

    /// How many lines through cell `c` hold k - 1 or k - 2 stones of one
    /// side and none of the other (the lines the threat search reads): a
    /// writer tries the replies of most such lines first, as the likeliest
    /// to stop a threat sequence.
    pub fn busy_lines(&self, c: usize) -> usize {
        self.board.busy_lines(c)
    }

    /// X's words then O's words (cell i = bit i % 64 of word i / 64).
    pub fn stones(&self) -> &[u64] {
        self.board.stones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::Shape;

    /// On random positions of boards without gravity (k 3 to 5, lines
    /// through every cell), with node limits small enough to run out and
    /// large enough not to, both sides to move: the fast search answers as
    /// the plain one, by the same steps (nodes left, levels failed).
    #[test]
    fn the_fast_threat_search_takes_the_plain_ones_steps() {
        let boards = [
            Rules::new(Shape::new(&[4, 4, 4]).unwrap(), 4).unwrap(),
            Rules::new(Shape::new(&[4, 4, 4, 4]).unwrap(), 4).unwrap(),
            Rules::new(Shape::new(&[7, 7]).unwrap(), 4).unwrap(),
            Rules::new(Shape::new(&[9, 9]).unwrap(), 5).unwrap(),
            Rules::new(Shape::new(&[3, 3, 3]).unwrap(), 3).unwrap(),
        ];
        let limits = [
            SequenceLimits {
                nodes: 16384,
                depth: 64,
            },
            SequenceLimits {
                nodes: 40,
                depth: 64,
            },
            SequenceLimits {
                nodes: 16384,
                depth: 2,
            },
        ];
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let (mut compared, mut found) = (0, 0);
        let (mut ran_out, mut failed_levels) = (0, 0);
        for rules in boards {
            let lines = Arc::new(Lines::new(&rules).unwrap());
            let cells = lines.cells();
            for _ in 0..150 {
                let mut b = Board::new(&rules, lines.clone());
                let stones = (next() % (cells as u64 / 2).max(2)) as usize;
                for i in 0..stones {
                    let free: Vec<usize> = (0..cells).filter(|&c| b.is_empty(c)).collect();
                    let c = free[next() as usize % free.len()];
                    let p = Player::to_move_at(i);
                    if b.play(c, p) {
                        b.undo(c, p);
                    }
                }
                for p in [Player::X, Player::O] {
                    for &l in &limits {
                        let before = b.stones().to_vec();
                        let plain = search(&mut b, p, l, false);
                        let fast = search(&mut b, p, l, true);
                        assert_eq!(plain, fast, "{rules} {p:?} {l:?} {before:?}");
                        assert_eq!(b.stones(), &before[..]);
                        compared += 1;
                        found += usize::from(plain.0.is_some());
                        ran_out += usize::from(plain.1 == 0);
                        failed_levels += plain.2;
                    }
                }
            }
        }
        assert_eq!(compared, 5 * 150 * 2 * 3);
        // Sequences found, searches out of nodes, levels remembered as
        // failed: each part of the search is compared (1,616, 74, 5,296).
        assert!(found > 1000, "only {found} sequences found");
        assert!(ran_out > 20, "only {ran_out} searches ran out of nodes");
        assert!(failed_levels > 1000, "only {failed_levels} failed levels");
    }
}
