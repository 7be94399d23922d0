//! Boards with gravity: which cells are playable, and the playable cell
//! of every column. The column heights are core's
//! [`Columns`](hypertac_core::gravity::Columns), as in a `Position`.

use super::Board;
use hypertac_core::Cell;

impl Board {
    /// Whether a stone may be placed on the local cell now.
    #[inline]
    pub fn playable(&self, id: u32) -> bool {
        if self.stone[id as usize] != 0 {
            return false;
        }
        match &self.columns {
            None => true,
            Some(g) => {
                let c = Cell(self.cells[id as usize]);
                g.landing(g.column_of(c)) == Some(c)
            }
        }
    }

    /// The column of a local cell on a gravity board (its number, see
    /// [`Columns`](hypertac_core::gravity::Columns)); the cell itself
    /// without gravity.
    pub fn column_of(&self, id: u32) -> u64 {
        let c = self.cells[id as usize];
        self.columns.as_ref().map_or(c, |g| g.column_of(Cell(c)))
    }

    /// Whether stones fall.
    pub fn has_gravity(&self) -> bool {
        self.columns.is_some()
    }

    /// The playable cells of every column in column order (gravity boards;
    /// dense: every column; sparse: the columns of the known cells).
    pub fn column_moves(&mut self) -> Vec<u32> {
        let Some(g) = &self.columns else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if !self.sparse {
            for col in 0..g.count() {
                if let Some(c) = g.landing(col) {
                    out.push(c.0 as u32);
                }
            }
        } else {
            let mut columns: Vec<u64> = self.cells.iter().map(|&c| g.column_of(Cell(c))).collect();
            columns.sort_unstable();
            columns.dedup();
            let landings: Vec<Cell> = columns.iter().filter_map(|&col| g.landing(col)).collect();
            for c in landings {
                out.push(self.id_of(c));
            }
        }
        out
    }
}
