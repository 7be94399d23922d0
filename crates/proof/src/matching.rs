//! The checker's own search for a pairing, for matched pairing entries
//! (format version 4): entries that claim a pairing strategy exists after
//! the move without listing its pairs.
//!
//! A pairing against A exists exactly when each line open to A (no stone
//! of the other side) can be given two of its empty cells, no cell given
//! twice: the two cells of a line are then its pair, the pairs are
//! disjoint, and every open line holds its own (`pairing.rs` says why that
//! is a strategy). That is a bipartite matching between the lines' slots
//! (two a line) and the empty cells, with every slot matched. Hopcroft and
//! Karp's algorithm finds a maximum matching in O(E sqrt(V)) for E slot-cell
//! edges (k per slot) and V slots and cells, so the work of one entry is
//! bounded by the board's lines, whatever the certificate says.

use crate::board::Board;
use hypertac_core::Player;
use std::collections::VecDeque;

const FREE: u32 = u32::MAX;

/// A pairing against `attacker` on `board` (cells two by two, each open
/// line holding one pair), if one exists.
pub(crate) fn pairing(board: &Board, attacker: Player) -> Option<Vec<u16>> {
    let lines = board.lines();
    let defender = attacker.other();
    let open: Vec<usize> = (0..lines.len())
        .filter(|&l| board.count(l, defender) == 0)
        .collect();
    let empty = (0..lines.cells()).filter(|&c| board.is_empty(c)).count();
    if 2 * open.len() > empty {
        return None;
    }
    // Slot s belongs to line open[s / 2]; its edges are the line's empty cells.
    let edges: Vec<Vec<u32>> = open
        .iter()
        .map(|&l| {
            lines
                .cells_of(l)
                .iter()
                .map(|&c| u32::from(c))
                .filter(|&c| board.is_empty(c as usize))
                .collect()
        })
        .collect();
    let slot_edges = |s: usize| edges[s / 2].as_slice();
    let mut m = Matching {
        slot_cell: vec![FREE; 2 * open.len()],
        cell_slot: vec![FREE; lines.cells()],
        layer: vec![0; 2 * open.len()],
    };
    m.maximum(&slot_edges);
    if m.slot_cell.contains(&FREE) {
        return None;
    }
    Some(m.slot_cell.iter().map(|&c| c as u16).collect())
}

/// A matching of slots to cells, grown by Hopcroft and Karp's phases.
struct Matching {
    slot_cell: Vec<u32>,
    cell_slot: Vec<u32>,
    /// Each slot's layer in the current phase (`FREE`: none).
    layer: Vec<u32>,
}

impl Matching {
    fn maximum<'a>(&mut self, edges: &dyn Fn(usize) -> &'a [u32]) {
        while self.layers(edges) {
            for s in 0..self.slot_cell.len() {
                if self.slot_cell[s] == FREE {
                    self.augment(s, edges);
                }
            }
        }
    }

    /// Layers by breadth-first search from the free slots; whether a free
    /// cell can be reached (an augmenting path exists).
    fn layers<'a>(&mut self, edges: &dyn Fn(usize) -> &'a [u32]) -> bool {
        let mut queue = VecDeque::new();
        for (s, &c) in self.slot_cell.iter().enumerate() {
            self.layer[s] = if c == FREE { 0 } else { FREE };
            if c == FREE {
                queue.push_back(s);
            }
        }
        let mut reached = false;
        while let Some(s) = queue.pop_front() {
            for &c in edges(s) {
                let t = self.cell_slot[c as usize];
                if t == FREE {
                    reached = true;
                } else if self.layer[t as usize] == FREE {
                    self.layer[t as usize] = self.layer[s] + 1;
                    queue.push_back(t as usize);
                }
            }
        }
        reached
    }

    /// An augmenting path from slot `s` along the layers; whether found.
    /// Depth first with a stack of its own (slot, next edge), so a long
    /// path cannot overflow the call stack.
    fn augment<'a>(&mut self, s: usize, edges: &dyn Fn(usize) -> &'a [u32]) {
        let mut path: Vec<(usize, usize)> = vec![(s, 0)];
        while let Some(&mut (slot, ref mut next)) = path.last_mut() {
            let Some(&c) = edges(slot).get(*next) else {
                // A dead end for this phase.
                self.layer[slot] = FREE;
                path.pop();
                continue;
            };
            *next += 1;
            let t = self.cell_slot[c as usize];
            if t == FREE {
                // Flip the path: each slot takes the cell it went through.
                for &(slot, next) in path.iter().rev() {
                    let cell = edges(slot)[next - 1];
                    self.slot_cell[slot] = cell;
                    self.cell_slot[cell as usize] = slot as u32;
                }
                return;
            }
            if self.layer[t as usize] == self.layer[slot] + 1 {
                path.push((t as usize, 0));
            }
        }
    }
}
