//! Boards with gravity: which cells are playable, and the playable cell
//! of every column.

use super::{Board, IdMap};
use hypertac_core::Cell;

/// Stacks of stones along the gravity axis.
#[derive(Clone, Debug)]
pub(super) struct Gravity {
    pub(super) stride: u64,
    pub(super) size: u32,
    pub(super) heights: IdMap<u64, u32>,
}

impl Gravity {
    pub(super) fn base(&self, cell: u64) -> u64 {
        let coord = (cell / self.stride) % u64::from(self.size);
        cell - coord * self.stride
    }

    pub(super) fn landing(&self, cell: u64) -> Option<u64> {
        let base = self.base(cell);
        let h = self.heights.get(&base).copied().unwrap_or(0);
        (h < self.size).then(|| base + u64::from(h) * self.stride)
    }
}

impl Board {
    /// Whether a stone may be placed on the local cell now.
    #[inline]
    pub fn playable(&self, id: u32) -> bool {
        if self.stone[id as usize] != 0 {
            return false;
        }
        match &self.gravity {
            None => true,
            Some(g) => {
                let c = self.cells[id as usize];
                g.landing(c) == Some(c)
            }
        }
    }

    /// The column of a local cell on a gravity board (the cell at height 0
    /// below it); the cell itself without gravity.
    pub fn column_of(&self, id: u32) -> u64 {
        let c = self.cells[id as usize];
        self.gravity.as_ref().map_or(c, |g| g.base(c))
    }

    /// Whether stones fall.
    pub fn has_gravity(&self) -> bool {
        self.gravity.is_some()
    }

    /// The playable cells of every column (gravity boards; dense: every column).
    pub fn column_moves(&mut self) -> Vec<u32> {
        let Some(g) = &self.gravity else {
            return Vec::new();
        };
        let shape = self.rules.shape();
        let mut out = Vec::new();
        if !self.sparse {
            let columns = shape.cell_count() / u64::from(g.size);
            let (stride, size) = (g.stride, u64::from(g.size));
            for col in 0..columns {
                let base = (col % stride) + (col / stride) * stride * size;
                if let Some(c) = g.landing(base) {
                    out.push(c as u32);
                }
            }
        } else {
            let mut bases: Vec<u64> = self.cells.iter().map(|&c| g.base(c)).collect();
            bases.sort_unstable();
            bases.dedup();
            let landings: Vec<u64> = bases.iter().filter_map(|&b| g.landing(b)).collect();
            for c in landings {
                out.push(self.id_of(Cell(c)));
            }
        }
        out
    }
}
