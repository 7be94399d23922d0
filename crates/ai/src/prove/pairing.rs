//! Pairing strategies found by matching: a side that need only not lose
//! may settle a position at once when two empty cells of every line the
//! other side could still complete can be set aside as a pair, the pairs
//! disjoint (the checker's `pairing` module says why that suffices).
//!
//! Finding one is a bipartite matching: each live line of the attacker
//! (no defender stone on it) asks for two of its empty cells, each empty
//! cell serves one line. Hopcroft and Karp's algorithm finds a maximum
//! matching in O(E sqrt(V)); a pairing exists iff it gives every line its
//! two cells. Before matching, two counts rule most positions out: a live
//! line with fewer than two empty cells, or more than half as many live
//! lines as empty cells.

use crate::board::Board;
use hypertac_core::Player;
use std::collections::VecDeque;

pub(crate) const NONE: u32 = u32::MAX;

/// The pairs (cells, two by two) of a pairing against `attacker` on
/// `board`, if one exists; never on gravity boards.
pub(crate) fn find(board: &Board, attacker: Player) -> Option<Vec<u32>> {
    if board.has_gravity() {
        return None;
    }
    let defender = attacker.other();
    let k = u32::from(board.k());
    let empties = board.empties();
    // Each defender stone kills at most the lines through one cell: with
    // too few of them, too many lines are live (4^5: 3,376 lines, 1,024
    // cells) and no line need be read.
    let stones = board.cell_count() as u64 - empties;
    let killed = (stones / 2 + 1).saturating_mul(u64::from(board.most_lines_through()));
    if 2 * (board.line_total() as u64).saturating_sub(killed) > empties {
        return None;
    }
    let mut live = Vec::new();
    for l in 0..board.line_total() as u32 {
        let counts = board.counts(l);
        if counts[defender.index()] > 0 {
            continue;
        }
        live.push(l);
        if u32::from(counts[attacker.index()]) + 2 > k || 2 * live.len() as u64 > empties {
            return None;
        }
    }
    // Left side: two slots per live line; right side: cells.
    let slots = Slots::new(board, &live);
    let matched = slots.matching(board);
    if matched.contains(&NONE) {
        return None;
    }
    Some(matched)
}

/// Most moves [`find_after_move`] tries a matching for.
const MOVES_TRIED: usize = 24;

/// For the defender to move: a move after which a pairing against
/// `attacker` exists, with its pairs. Only moves that close enough of the
/// attacker's open lines for the count (two empty cells a line) can give
/// one; of those, up to [`MOVES_TRIED`], the ones closing the most lines
/// first, are matched.
pub(crate) fn find_after_move(board: &mut Board, attacker: Player) -> Option<(u32, Vec<u32>)> {
    if board.has_gravity() || board.to_move() == attacker {
        return None;
    }
    let defender = attacker.other();
    let empties = board.empties();
    if empties < 2 {
        return None;
    }
    // As in `find`: with few stones of the defender, too many lines are
    // open for any move to close enough of them.
    let stones = board.cell_count() as u64 - empties;
    let most = u64::from(board.most_lines_through());
    let killed = (stones / 2 + 2).saturating_mul(most);
    if 2 * (board.line_total() as u64).saturating_sub(killed) > empties {
        return None;
    }
    let live = (0..board.line_total() as u32)
        .filter(|&l| board.counts(l)[defender.index()] == 0)
        .count() as u64;
    if 2 * live.saturating_sub(most) > empties - 1 {
        return None;
    }
    let mut candidates: Vec<(u64, u32)> = (0..board.cell_count() as u32)
        .filter(|&c| board.stone(c) == 0)
        .filter_map(|c| {
            let closed = board
                .lines_of(c)
                .iter()
                .filter(|&&l| board.counts(l)[defender.index()] == 0)
                .count() as u64;
            (2 * (live - closed) < empties).then_some((closed, c))
        })
        .collect();
    candidates.sort_unstable_by_key(|&(closed, c)| (std::cmp::Reverse(closed), c));
    for &(_, c) in candidates.iter().take(MOVES_TRIED) {
        board.make(c);
        let found = match board.result() {
            None => find(board, attacker),
            Some(_) => None,
        };
        board.unmake();
        if let Some(pairs) = found {
            return Some((c, pairs));
        }
    }
    None
}

/// The two sides of a pairing's matching: two slots for each of the
/// attacker's live lines (left), each joined to the line's empty cells
/// (right).
pub(crate) struct Slots {
    edges: Vec<u32>,
    /// Per line, where its cells start and end in `edges`.
    start: Vec<u32>,
}

impl Slots {
    pub(crate) fn new(board: &Board, live: &[u32]) -> Slots {
        let mut edges: Vec<u32> = Vec::with_capacity(2 * live.len() * usize::from(board.k()));
        let mut start: Vec<u32> = Vec::with_capacity(2 * live.len());
        for &l in live {
            start.push(edges.len() as u32);
            edges.extend(
                board
                    .line(l)
                    .iter()
                    .copied()
                    .filter(|&c| board.stone(c) == 0),
            );
            start.push(edges.len() as u32);
        }
        Slots { edges, start }
    }

    /// Number of slots (two a line).
    pub(crate) fn len(&self) -> usize {
        self.start.len()
    }

    /// The cells slot `slot` may take: its line's empty cells.
    pub(crate) fn cells(&self, slot: usize) -> &[u32] {
        let line = slot / 2;
        &self.edges[self.start[2 * line] as usize..self.start[2 * line + 1] as usize]
    }

    /// A maximum matching: each slot's cell (`NONE` if unmatched).
    pub(crate) fn matching(&self, board: &Board) -> Vec<u32> {
        Matching::new(self.len(), board.cell_count()).run(&|slot| self.cells(slot))
    }
}

/// Hopcroft-Karp over slots (left) and cells (right).
struct Matching {
    slot_cell: Vec<u32>,
    cell_slot: Vec<u32>,
    dist: Vec<u32>,
}

impl Matching {
    fn new(slots: usize, cells: usize) -> Matching {
        Matching {
            slot_cell: vec![NONE; slots],
            cell_slot: vec![NONE; cells],
            dist: vec![0; slots],
        }
    }

    /// The maximum matching: each slot's cell (`NONE` if unmatched).
    fn run<'a>(mut self, adj: &dyn Fn(usize) -> &'a [u32]) -> Vec<u32> {
        // Greedy start.
        for s in 0..self.slot_cell.len() {
            if let Some(&c) = adj(s).iter().find(|&&c| self.cell_slot[c as usize] == NONE) {
                self.slot_cell[s] = c;
                self.cell_slot[c as usize] = s as u32;
            }
        }
        while self.layers(adj) {
            for s in 0..self.slot_cell.len() {
                if self.slot_cell[s] == NONE {
                    self.augment(s, adj);
                }
            }
        }
        self.slot_cell
    }

    /// Breadth-first layers from the free slots; whether an augmenting path exists.
    fn layers<'a>(&mut self, adj: &dyn Fn(usize) -> &'a [u32]) -> bool {
        let mut queue = VecDeque::new();
        for s in 0..self.slot_cell.len() {
            if self.slot_cell[s] == NONE {
                self.dist[s] = 0;
                queue.push_back(s);
            } else {
                self.dist[s] = NONE;
            }
        }
        let mut found = false;
        while let Some(s) = queue.pop_front() {
            for &c in adj(s) {
                match self.cell_slot[c as usize] {
                    NONE => found = true,
                    t if self.dist[t as usize] == NONE => {
                        self.dist[t as usize] = self.dist[s] + 1;
                        queue.push_back(t as usize);
                    }
                    _ => {}
                }
            }
        }
        found
    }

    /// Depth-first search for an augmenting path from slot `s` along the layers.
    fn augment<'a>(&mut self, s: usize, adj: &dyn Fn(usize) -> &'a [u32]) -> bool {
        for &c in adj(s) {
            let t = self.cell_slot[c as usize];
            let ok = t == NONE
                || (self.dist[t as usize] == self.dist[s] + 1 && self.augment(t as usize, adj));
            if ok {
                self.slot_cell[s] = c;
                self.cell_slot[c as usize] = s as u32;
                return true;
            }
        }
        self.dist[s] = NONE;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{Cell, Position, Rules, Shape};

    /// Whether each live line of `attacker` can get two of its empty cells,
    /// no cell twice, by trying every choice (the obviously-correct reference).
    fn brute_force(lines: &[Vec<u32>], used: &mut Vec<bool>) -> bool {
        let Some((first, rest)) = lines.split_first() else {
            return true;
        };
        for (i, &a) in first.iter().enumerate() {
            for &b in &first[i + 1..] {
                if used[a as usize] || used[b as usize] {
                    continue;
                }
                used[a as usize] = true;
                used[b as usize] = true;
                let ok = brute_force(rest, used);
                used[a as usize] = false;
                used[b as usize] = false;
                if ok {
                    return true;
                }
            }
        }
        false
    }

    /// Checks a found pairing as the checker would: disjoint empty cells,
    /// both cells of a pair on every live line.
    fn is_pairing(board: &Board, attacker: Player, pairs: &[u32]) -> bool {
        let mut partner = vec![NONE; board.cell_count()];
        for p in pairs.chunks(2) {
            for (c, other) in [(p[0], p[1]), (p[1], p[0])] {
                if board.stone(c) != 0 || partner[c as usize] != NONE {
                    return false;
                }
                partner[c as usize] = other;
            }
        }
        (0..board.line_total() as u32)
            .filter(|&l| board.counts(l)[attacker.other().index()] == 0)
            .all(|l| {
                let cells = board.line(l);
                cells
                    .iter()
                    .any(|&c| partner[c as usize] != NONE && cells.contains(&partner[c as usize]))
            })
    }

    #[test]
    fn matching_agrees_with_trying_every_choice() {
        let (mut found, mut none) = (0, 0);
        let mut rng = crate::test_rng::XorShift(0x2545_F491_4F6C_DD1D);
        for (sizes, k) in [(&[4u32, 4][..], 4u32), (&[5, 5][..], 5), (&[6, 6][..], 6)] {
            let rules = Rules::new(Shape::new(sizes).unwrap(), k).unwrap();
            let cells = rules.shape().cell_count();
            for _ in 0..300 {
                let mut pos = Position::new(rules.clone());
                let stones = rng.below(9);
                for _ in 0..stones {
                    let c = Cell(rng.below(cells));
                    if !pos.is_over() && pos.check(c).is_ok() {
                        pos.play(c);
                    }
                }
                if pos.is_over() {
                    continue;
                }
                let board = Board::new(&pos);
                for attacker in [Player::X, Player::O] {
                    let mut live: Vec<Vec<u32>> = (0..board.line_total() as u32)
                        .filter(|&l| board.counts(l)[attacker.other().index()] == 0)
                        .map(|l| {
                            board
                                .line(l)
                                .iter()
                                .copied()
                                .filter(|&c| board.stone(c) == 0)
                                .collect()
                        })
                        .collect();
                    // Lines with the fewest empty cells first: failures show early.
                    live.sort_by_key(Vec::len);
                    let want = brute_force(&live, &mut vec![false; cells as usize]);
                    match find(&board, attacker) {
                        Some(pairs) => {
                            assert!(
                                want,
                                "{rules} {:?}: a pairing the reference has not",
                                pos.moves()
                            );
                            assert!(is_pairing(&board, attacker, &pairs));
                            found += 1;
                        }
                        None => {
                            assert!(!want, "{rules} {:?}: a pairing missed", pos.moves());
                            none += 1;
                        }
                    }
                }
            }
        }
        assert!(found >= 300 && none >= 100, "{found} found, {none} none");
    }
}
