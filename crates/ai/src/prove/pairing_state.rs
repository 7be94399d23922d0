//! A pairing's matching kept from move to move, for plans
//! (`pairing_plan.rs`): the slots (two a line) of the attacker's lines
//! open at the plan's first position, and a maximum matching of them to
//! empty cells. A move changes little of it: a defender's stone closes
//! the lines through its cell (their slots leave) and takes the cell, an
//! attacker's stone takes its cell, so the slot that held the cell is
//! free again. A maximum matching of the position after the move is the
//! old one less those edges, grown by augmenting paths from the free
//! slots (Berge: a matching with no augmenting path is maximum); the
//! planner copies the state (two short arrays) instead of matching the
//! whole graph again, as `pairing::find` does, at every position.

use super::pairing::{Slots, NONE};
use crate::board::Board;
use hypertac_core::Player;

/// For the defender to move: the matching's shortfall (slots of the attacker's open lines left
/// without a cell) and, per cell, by how much a defender's stone there
/// shrinks the König set of a maximum matching (the slots reachable from
/// the unmatched ones by alternating paths, which have `shortfall` more
/// slots than cells between them): two for each of the set's lines
/// through the cell, less one for the cell itself when the set uses it.
/// A move gaining less than the shortfall leaves no pairing. A shortfall
/// of 0 (a pairing exists) comes with no gains (every cell 0).
pub(crate) fn hall_gains(board: &Board, attacker: Player) -> Option<(u32, Vec<i32>)> {
    if board.has_gravity() {
        return None;
    }
    let graph = PairingGraph::new(board, attacker);
    let state = graph.state(board);
    Some((state.shortfall(), state.gains()))
}

/// The slots of the attacker's open lines and a maximum matching of them.
#[derive(Clone)]
pub(crate) struct PairingState<'a> {
    slots: &'a Slots,
    /// Per line of the board, its index among the slots' lines (`NONE`:
    /// closed at the start).
    line_index: &'a [u32],
    /// Per slots' line, whether a defender's stone has closed it since.
    closed: Vec<bool>,
    slot_cell: Vec<u32>,
    cell_slot: Vec<u32>,
    /// Per cell, whether a stone was played there since the start (the
    /// slots hold only the cells empty then).
    taken: Vec<bool>,
}

/// What a [`PairingState`] borrows: the graph at the plan's first position.
pub(crate) struct PairingGraph {
    slots: Slots,
    line_index: Vec<u32>,
}

impl PairingGraph {
    /// The open lines of `attacker` (no stone of the other side) on `board`.
    pub(crate) fn new(board: &Board, attacker: Player) -> PairingGraph {
        let defender = attacker.other();
        let mut line_index = vec![NONE; board.line_total()];
        let mut live = Vec::new();
        for l in 0..board.line_total() as u32 {
            if board.counts(l)[defender.index()] == 0 {
                line_index[l as usize] = live.len() as u32;
                live.push(l);
            }
        }
        PairingGraph {
            slots: Slots::new(board, &live),
            line_index,
        }
    }

    /// A maximum matching on `board` (the position the graph was made at).
    pub(crate) fn state(&self, board: &Board) -> PairingState<'_> {
        let matched = self.slots.matching(board);
        let mut cell_slot = vec![NONE; board.cell_count()];
        for (s, &c) in matched.iter().enumerate() {
            if c != NONE {
                cell_slot[c as usize] = s as u32;
            }
        }
        PairingState {
            slots: &self.slots,
            line_index: &self.line_index,
            closed: vec![false; self.slots.len() / 2],
            slot_cell: matched,
            cell_slot,
            taken: vec![false; board.cell_count()],
        }
    }
}

impl PairingState<'_> {
    /// Slots left without a cell (0: a pairing).
    pub(crate) fn shortfall(&self) -> u32 {
        self.slot_cell
            .iter()
            .enumerate()
            .filter(|&(s, &c)| c == NONE && !self.closed[s / 2])
            .count() as u32
    }

    /// The two slots of the board's line `l`, if it is one of the slots'
    /// lines and no defender's stone has closed it since.
    fn open_slots(&self, l: u32) -> Option<[usize; 2]> {
        let i = self.line_index[l as usize];
        (i != NONE && !self.closed[i as usize]).then(|| [2 * i as usize, 2 * i as usize + 1])
    }

    /// Removes `cell` (a stone is on it): the slot that held it is free.
    /// Returns that slot.
    fn take(&mut self, cell: u32) -> u32 {
        self.taken[cell as usize] = true;
        let s = std::mem::replace(&mut self.cell_slot[cell as usize], NONE);
        if s != NONE {
            self.slot_cell[s as usize] = NONE;
        }
        s
    }

    /// After an attacker's stone on `cell` (empty at the start and since),
    /// `keeps` being what [`Self::replies_keeping`] said of it before: the
    /// cell gone and the matching grown back to a maximum one; returns
    /// whether every open slot is matched. Only the slot that held the
    /// cell is newly free (an augmenting path from another one was one
    /// before), and its search succeeds exactly when `keeps` says so: a
    /// search known to fail (a walk over all it reaches) is not made.
    pub(crate) fn play_attacker(&mut self, cell: u32, keeps: bool) -> bool {
        let s = self.take(cell);
        if s != NONE && keeps {
            let mut seen = vec![false; self.slot_cell.len()];
            let grew = self.augment(s as usize, &mut seen);
            debug_assert!(grew, "replies_keeping said the matching regrows");
        }
        self.shortfall() == 0
    }

    /// After a defender's stone on `cell` (empty at the start and since):
    /// the lines through it closed, their slots and the cell gone, then the
    /// matching grown back to a maximum one; returns whether every open
    /// slot is matched (a pairing). `board` gives only the lines through
    /// `cell`: the stone need not be on it.
    ///
    /// Why the targeted searches below leave a maximum matching: removing
    /// vertices from a graph whose matching is maximum, an augmenting path
    /// must end at a vertex the removals left free (any other one was an
    /// augmenting path before). The stone removes the slots of the lines
    /// through its cell (the cell's own slot among them) and the cell: only
    /// the cells those slots held are newly free, and searching from each
    /// of them in turn is Kuhn's algorithm over the free cells (a free
    /// vertex without an augmenting path never gains one when the matching
    /// grows along another path, so the cells free before need no search).
    /// Or, when fewer slots than freed cells are free, the free slots'
    /// searches ([`Self::grow`]).
    pub(crate) fn play_defender(&mut self, board: &Board, cell: u32) -> bool {
        self.take(cell);
        let mut freed = Vec::new();
        for &l in board.lines_of(cell) {
            let Some(slots) = self.open_slots(l) else {
                continue;
            };
            self.closed[slots[0] / 2] = true;
            for s in slots {
                let c = std::mem::replace(&mut self.slot_cell[s], NONE);
                if c != NONE {
                    self.cell_slot[c as usize] = NONE;
                    freed.push(c);
                }
            }
        }
        // From whichever side has fewer free vertices: the free slots'
        // searches walk the part of the graph they reach, the freed
        // cells' the part that reaches them (few free slots: a small part).
        if self.shortfall() as usize <= freed.len() {
            return self.grow();
        }
        // The seen marks of a failed search stay valid until the matching
        // changes (what it reached leads to no free slot).
        let mut seen = vec![false; self.slot_cell.len()];
        for c in freed {
            if self.augment_to(board, c, &mut seen) {
                seen.fill(false);
            }
        }
        self.shortfall() == 0
    }

    /// Kuhn's search from the free cell `c` (empty, and a cell of every
    /// open slot of the lines through it): an alternating path to a free
    /// slot, along which the matching grows.
    fn augment_to(&mut self, board: &Board, c: u32, seen: &mut [bool]) -> bool {
        // A free slot next to the cell first: the walk below goes deep
        // before it goes wide.
        for &l in board.lines_of(c) {
            let Some(slots) = self.open_slots(l) else {
                continue;
            };
            for t in slots {
                if self.slot_cell[t] == NONE {
                    self.slot_cell[t] = c;
                    self.cell_slot[c as usize] = t as u32;
                    return true;
                }
            }
        }
        for &l in board.lines_of(c) {
            let Some(slots) = self.open_slots(l) else {
                continue;
            };
            for t in slots {
                if seen[t] {
                    continue;
                }
                seen[t] = true;
                let held = self.slot_cell[t];
                if held == NONE || self.augment_to(board, held, seen) {
                    self.slot_cell[t] = c;
                    self.cell_slot[c as usize] = t as u32;
                    return true;
                }
            }
        }
        false
    }

    /// Augments from the free open slots in passes, each with fresh seen
    /// marks kept through the pass (a slot seen in the pass is not entered
    /// again, so a pass costs one walk over the graph at most), until a
    /// pass grows nothing: then no augmenting path is left (Berge) and the
    /// matching is maximum. Returns whether every open slot is matched.
    fn grow(&mut self) -> bool {
        let mut seen = vec![false; self.slot_cell.len()];
        loop {
            let mut grew = false;
            let mut all = true;
            for s in 0..self.slot_cell.len() {
                if self.slot_cell[s] != NONE || self.closed[s / 2] {
                    continue;
                }
                if self.augment(s, &mut seen) {
                    grew = true;
                } else {
                    all = false;
                }
            }
            if !grew {
                return all;
            }
            if all {
                return true;
            }
            seen.fill(false);
        }
    }

    /// Kuhn's search from the free slot `s`: an alternating path to a
    /// free cell (one next to the slot first), along which the matching
    /// grows.
    fn augment(&mut self, s: usize, seen: &mut [bool]) -> bool {
        seen[s] = true;
        let free = self
            .slots
            .cells(s)
            .iter()
            .copied()
            .find(|&c| !self.taken[c as usize] && self.cell_slot[c as usize] == NONE);
        if let Some(c) = free {
            self.slot_cell[s] = c;
            self.cell_slot[c as usize] = s as u32;
            return true;
        }
        for i in 0..self.slots.cells(s).len() {
            let c = self.slots.cells(s)[i];
            if self.taken[c as usize] {
                continue;
            }
            let t = self.cell_slot[c as usize];
            if t == NONE || (!seen[t as usize] && self.augment(t as usize, seen)) {
                self.slot_cell[s] = c;
                self.cell_slot[c as usize] = s as u32;
                return true;
            }
        }
        false
    }

    /// Per empty cell, whether an attacker's stone there leaves the
    /// matching's size (for a pairing: leaves a pairing). A stone on a cell no slot
    /// holds changes nothing; one on slot `t`'s cell frees `t`, and the
    /// matching grows back iff an alternating path leads from `t` to a
    /// free cell without that cell: iff `t` is reached by the search
    /// backwards from the free cells (free cell, a slot of a line through
    /// it, that slot's cell, ...), whose paths to `t` end in `t` and so
    /// never pass through `t`'s cell. One walk over the graph answers every
    /// reply.
    pub(crate) fn replies_keeping(&self, board: &Board) -> Vec<bool> {
        let mut keeps: Vec<bool> = self.cell_slot.iter().map(|&s| s == NONE).collect();
        let mut queue: Vec<u32> = (0..self.taken.len() as u32)
            .filter(|&c| !self.taken[c as usize] && board.stone(c) == 0)
            .filter(|&c| self.cell_slot[c as usize] == NONE)
            .collect();
        let mut reached = vec![false; self.slot_cell.len()];
        while let Some(c) = queue.pop() {
            for &l in board.lines_of(c) {
                let Some(slots) = self.open_slots(l) else {
                    continue;
                };
                for t in slots {
                    let held = self.slot_cell[t];
                    if reached[t] || held == c || held == NONE {
                        continue;
                    }
                    reached[t] = true;
                    keeps[held as usize] = true;
                    queue.push(held);
                }
            }
        }
        keeps
    }

    /// Per cell, by how much a defender's stone there shrinks the König
    /// set of the matching (as [`hall_gains`] says: two for each of the
    /// set's lines through the cell, less one for the cell itself when the
    /// set uses it).
    pub(crate) fn gains(&self) -> Vec<i32> {
        let slots = self.slot_cell.len();
        let mut seen_slot = vec![false; slots];
        let mut seen_cell = vec![false; self.taken.len()];
        let mut stack: Vec<usize> = (0..slots)
            .filter(|&s| self.slot_cell[s] == NONE && !self.closed[s / 2])
            .collect();
        for &s in &stack {
            seen_slot[s] = true;
        }
        while let Some(s) = stack.pop() {
            for &c in self.slots.cells(s) {
                if self.taken[c as usize] {
                    continue;
                }
                seen_cell[c as usize] = true;
                let t = self.cell_slot[c as usize];
                if t != NONE && !seen_slot[t as usize] {
                    seen_slot[t as usize] = true;
                    stack.push(t as usize);
                }
            }
        }
        let mut gains = vec![0i32; self.taken.len()];
        for line in 0..slots / 2 {
            if seen_slot[2 * line] || seen_slot[2 * line + 1] {
                for &c in self.slots.cells(2 * line) {
                    if !self.taken[c as usize] {
                        gains[c as usize] += 2;
                    }
                }
            }
        }
        for (c, g) in gains.iter_mut().enumerate() {
            if seen_cell[c] {
                *g -= 1;
            }
        }
        gains
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prove::pairing;
    use hypertac_core::{Cell, Position, Rules, Shape};

    /// Along random games on small boards, the kept matching's shortfall
    /// and gains are those of a matching made afresh at each position
    /// ([`hall_gains`]), `play` answers as `pairing::find`, and
    /// so does `replies_keeping` for every reply to a pairing.
    #[test]
    fn the_kept_matching_agrees_with_a_fresh_one() {
        let mut rng = crate::test_rng::XorShift(0x2545_F491_4F6C_DD1D);
        let mut next = move || rng.next();
        let (mut compared, mut replies) = (0, 0);
        for (sizes, k) in [
            (&[4u32, 4][..], 3u32),
            (&[5, 5][..], 4),
            (&[4, 4, 4][..], 4),
        ] {
            let rules = Rules::new(Shape::new(sizes).unwrap(), k).unwrap();
            let cells = rules.shape().cell_count();
            for _ in 0..40 {
                let mut pos = Position::new(rules.clone());
                let start = next() % 6;
                while (pos.moves().len() as u64) < start && !pos.is_over() {
                    let c = Cell(next() % cells);
                    if pos.check(c).is_ok() {
                        pos.play(c);
                    }
                }
                if pos.is_over() {
                    continue;
                }
                let mut board = Board::new(&pos);
                let attacker = board.to_move().other();
                let graph = PairingGraph::new(&board, attacker);
                let mut kept = graph.state(&board);
                loop {
                    let fresh = hall_gains(&board, attacker).unwrap();
                    assert_eq!(kept.shortfall(), fresh.0);
                    if fresh.0 > 0 {
                        assert_eq!(kept.gains(), fresh.1);
                    }
                    compared += 1;
                    if fresh.0 == 0 && board.to_move() == attacker {
                        let keeps = kept.replies_keeping(&board);
                        for r in 0..board.cell_count() as u32 {
                            if board.stone(r) != 0 {
                                continue;
                            }
                            board.make(r);
                            let paired = pairing::find(&board, attacker).is_some();
                            board.unmake();
                            assert_eq!(keeps[r as usize], paired);
                            replies += 1;
                        }
                    }
                    let empty: Vec<u32> = (0..board.cell_count() as u32)
                        .filter(|&c| board.stone(c) == 0)
                        .collect();
                    if empty.is_empty() || board.result().is_some() {
                        break;
                    }
                    let c = empty[(next() % empty.len() as u64) as usize];
                    let paired = if board.to_move() == attacker {
                        let keeps = kept.replies_keeping(&board)[c as usize];
                        board.make(c);
                        kept.play_attacker(c, keeps)
                    } else {
                        board.make(c);
                        kept.play_defender(&board, c)
                    };
                    assert_eq!(paired, pairing::find(&board, attacker).is_some());
                }
            }
        }
        assert!(compared > 500 && replies > 100, "{compared} {replies}");
    }
}
