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
use crate::fingerprint::{fingerprint_of, mix};
use crate::format::SequenceLimits;
use crate::keys::StoneSet;
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
    Sequence::default().search(board, p, limits)
}

/// The threat search ([`threat_sequence`]), whose scratch space is kept
/// from one search to the next (a check runs millions).
pub(crate) struct Sequence {
    p: Player,
    nodes: u32,
    depth: u32,
    scratch: Vec<usize>,
    /// Per candidate of the levels being searched (without gravity,
    /// beside `scratch`): what it makes ([`made_code`]).
    made: Vec<usize>,
    /// The empty cells of P's lines one stone short of a threat, both
    /// ways round ([`Sequence::candidates_flat`]).
    pairs: Vec<(usize, usize)>,
    /// Room for the stones of a level looked up before it is played.
    key: Vec<u64>,
    /// Whether the board has no gravity ([`Sequence::passes_flat`]).
    flat: bool,
    /// Levels that failed, by their stones (`keys.rs`).
    failed: StoneSet,
}

impl Default for Sequence {
    fn default() -> Sequence {
        Sequence {
            p: Player::X,
            nodes: 0,
            depth: 0,
            scratch: Vec::new(),
            made: Vec::new(),
            pairs: Vec::new(),
            key: Vec::new(),
            flat: true,
            failed: StoneSet::default(),
        }
    }
}

impl Sequence {
    /// [`threat_sequence`], reusing this search's space.
    pub(crate) fn search(
        &mut self,
        board: &mut Board,
        p: Player,
        limits: SequenceLimits,
    ) -> Option<usize> {
        self.p = p;
        self.nodes = limits.nodes;
        self.depth = limits.depth;
        self.flat = !board.has_gravity();
        self.scratch.clear();
        self.made.clear();
        self.failed.clear();
        self.level(board, 0)
    }

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
            (0, _) if self.flat => self.candidates_flat(board),
            (0, _) => board.threat_moves(p, &mut self.scratch),
            (1, [c, _]) => {
                self.scratch.push(c);
                if self.flat {
                    let (made, w) = board.threats_made(c, p);
                    self.made.push(made_code(made, w));
                }
            }
            _ => return None,
        }
        let found = self.passes(board, depth, start);
        self.scratch.truncate(start);
        self.made.truncate(start);
        if found.is_none() && self.nodes > 0 {
            self.failed.insert(board.stones());
        }
        found
    }

    fn passes(&mut self, board: &mut Board, depth: u32, start: usize) -> Option<usize> {
        if self.flat {
            return self.passes_flat(board, depth, start);
        }
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

    /// [`Sequence::passes`] on a board without gravity, where every empty
    /// cell is playable, so the answers need no move played: at a level
    /// `p` has no winning cell (the caller returned before) and each
    /// candidate leaves Q none (Q had none, or one: the candidate itself),
    /// so a candidate wins in the first pass when it makes two winning
    /// cells (as noted in `made` by [`Sequence::candidates_flat`], or by
    /// [`Board::threats_made`] for the block); in the second, a candidate making
    /// exactly one is blocked there, after which `p` has no winning cell
    /// (the block is on every line the candidate made), and the next level
    /// decides. The same candidates, nodes and answer as the general passes
    /// (`tests::flat_passes_answer_as_played_ones`).
    fn passes_flat(&mut self, board: &mut Board, depth: u32, start: usize) -> Option<usize> {
        let (p, q) = (self.p, self.p.other());
        let end = self.scratch.len();
        for i in start..end {
            if !self.spend() {
                return None;
            }
            if self.made[i] == TWO {
                return Some(self.scratch[i]);
            }
        }
        if depth + 1 >= self.depth {
            return None;
        }
        for i in start..end {
            if !self.spend() {
                return None;
            }
            let (c, w) = (self.scratch[i], self.made[i]);
            if w == NONE {
                continue;
            }
            // A next level that failed already fails at once: looked up
            // without playing its two stones.
            if self.failed.len() > 0 && self.failed_after(board, c, w) {
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

    /// Whether the level after P's `c` and Q's `w` on `board` failed
    /// already (as [`Sequence::level`] looks it up first).
    fn failed_after(&mut self, board: &Board, c: usize, w: usize) -> bool {
        let words = board.words();
        self.key.clear();
        self.key.extend_from_slice(board.stones());
        self.key[self.p.index() * words + c / 64] |= 1 << (c % 64);
        self.key[self.p.other().index() * words + w / 64] |= 1 << (w % 64);
        self.failed.contains(&self.key)
    }

    /// The candidates of a level where Q has no winning cell, on a board
    /// without gravity, with what each makes: the cells of the lines
    /// holding k - 2 stones of P and none of Q (each has two empty cells,
    /// each the other's winning cell once P takes it), in increasing
    /// order, onto `scratch`, and for each onto `made` ([`made_code`]).
    /// What [`Board::threat_moves`] and [`Board::threats_made`] answer,
    /// with one pass over those lines.
    fn candidates_flat(&mut self, board: &Board) {
        let lines = board.lines();
        self.pairs.clear();
        for &l in board.half_lines(self.p) {
            let mut empty = lines
                .cells_of(l as usize)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| board.is_empty(c));
            if let (Some(a), Some(b)) = (empty.next(), empty.next()) {
                self.pairs.push((a, b));
                self.pairs.push((b, a));
            }
        }
        self.pairs.sort_unstable();
        let mut i = 0;
        while i < self.pairs.len() {
            let (c, first) = self.pairs[i];
            let mut made = 1;
            while i < self.pairs.len() && self.pairs[i].0 == c {
                if self.pairs[i].1 != first {
                    made = 2;
                }
                i += 1;
            }
            self.scratch.push(c);
            self.made.push(made_code(made, first));
        }
    }
}

/// In [`Sequence::made`]: a candidate that makes no winning cell.
const NONE: usize = usize::MAX;
/// In [`Sequence::made`]: a candidate that makes two or more.
const TWO: usize = usize::MAX - 1;

/// What a candidate making `made` distinct winning cells, the first `w`,
/// is noted as: [`NONE`], `w` itself (exactly one), or [`TWO`].
fn made_code(made: usize, w: usize) -> usize {
    match made {
        0 => NONE,
        1 => w,
        _ => TWO,
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
    /// The threat search's space.
    search: Sequence,
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
            search: Sequence::default(),
        })
    }

    /// The checker's fingerprint of the position (`fingerprint.rs`): the
    /// same for two positions the checker takes as symmetric, and, as a
    /// rule, different for others.
    pub fn fingerprint(&self) -> u64 {
        fingerprint_of(&self.board)
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
        self.search.search(&mut self.board, p, self.limits)
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

    /// On random positions of boards without gravity, the search without
    /// playing candidates ([`Sequence::passes_flat`]) gives the same move
    /// and spends the same nodes as the search that plays them, with
    /// small and large node limits and depths.
    #[test]
    fn flat_passes_answer_as_played_ones() {
        let boards = [
            Rules::new(Shape::new(&[4, 4, 4, 4]).unwrap(), 4).unwrap(),
            Rules::new(Shape::new(&[4, 4, 4]).unwrap(), 4).unwrap(),
            Rules::new(Shape::new(&[5, 5, 5]).unwrap(), 4).unwrap(),
            Rules::new(Shape::new(&[7, 7]).unwrap(), 5).unwrap(),
            Rules::new(Shape::new(&[5, 5]).unwrap(), 3).unwrap(),
        ];
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let (mut searched, mut found, mut exhausted, mut failed) = (0, 0, 0, 0);
        for rules in boards {
            let lines = Arc::new(Lines::new(&rules).unwrap());
            let cells = lines.cells();
            for game in 0..60 {
                let mut board = Board::new(&rules, lines.clone());
                let stones = 4 + game % 12;
                let mut turn = 0;
                while turn < stones && !board.is_full() {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let c = (rng >> 11) as usize % cells;
                    if !board.is_empty(c) {
                        continue;
                    }
                    let p = Player::to_move_at(turn);
                    if board.play(c, p) {
                        board.undo(c, p);
                        continue;
                    }
                    turn += 1;
                }
                let p = Player::to_move_at(turn);
                if !matches!(forced(&board, p), Forced::Free | Forced::Block(_))
                    || board.winning_cell(p).is_some()
                {
                    continue;
                }
                for (nodes, depth) in [(16_384, 64), (40, 64), (16_384, 2), (7, 3)] {
                    let run = |flat: bool, board: &mut Board| {
                        let mut search = Sequence {
                            p,
                            nodes,
                            depth,
                            flat,
                            ..Sequence::default()
                        };
                        let answer = search.level(board, 0);
                        (answer, search.nodes, search.failed.len())
                    };
                    let before = board.stones().to_vec();
                    let played = run(false, &mut board);
                    let flat = run(true, &mut board);
                    assert_eq!(board.stones(), &before[..]);
                    assert_eq!(played, flat, "{rules} nodes {nodes} depth {depth}");
                    searched += 1;
                    found += usize::from(played.0.is_some());
                    exhausted += usize::from(played.1 == 0);
                    failed += played.2;
                }
            }
        }
        assert!(searched >= 800, "{searched} searches");
        assert!(found >= 50, "{found} of {searched} found a sequence");
        assert!(exhausted >= 5, "{exhausted} of {searched} ran out of nodes");
        assert!(failed >= 100, "{failed} failed levels in all");
    }
}
