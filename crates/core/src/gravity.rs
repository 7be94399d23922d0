//! Column heights for boards with gravity: stones fall along one axis
//! towards coordinate 0, so each column's only legal cell is its lowest empty one.

use crate::sparse::CellMap;
use crate::{Cell, Shape};

/// Columns with more entries than this keep their heights in a map.
const DENSE_COLUMNS: u64 = 1 << 22;

/// The heights of the columns of a board with gravity, kept up to date by
/// [`Columns::push`] and [`Columns::pop`]. Columns are numbered by the
/// cell's coordinates without the gravity axis (in cell order).
#[derive(Clone, Debug)]
pub struct Columns {
    stride: u64,
    size: u32,
    count: u64,
    full: u64,
    heights: Heights,
}

#[derive(Clone, Debug)]
enum Heights {
    Dense(Vec<u32>),
    Sparse(CellMap<u32>),
}

impl Columns {
    /// The empty columns of `shape` when stones fall along `axis`.
    pub fn new(shape: &Shape, axis: usize) -> Columns {
        let size = shape.size(axis);
        let count = shape.cell_count() / u64::from(size);
        let heights = if count <= DENSE_COLUMNS {
            Heights::Dense(vec![0; count as usize])
        } else {
            Heights::Sparse(CellMap::default())
        };
        Columns {
            stride: shape.strides()[axis],
            size,
            count,
            full: 0,
            heights,
        }
    }

    /// Number of columns.
    #[inline]
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The column a cell belongs to.
    #[inline]
    pub fn column_of(&self, cell: Cell) -> u64 {
        let low = cell.0 % self.stride;
        let high = cell.0 / (self.stride * u64::from(self.size));
        low + high * self.stride
    }

    /// The cell at `height` in `column`.
    #[inline]
    pub fn cell_at(&self, column: u64, height: u32) -> Cell {
        let low = column % self.stride;
        let high = column / self.stride;
        Cell(low + u64::from(height) * self.stride + high * self.stride * u64::from(self.size))
    }

    /// Stones in a column.
    #[inline]
    pub fn height(&self, column: u64) -> u32 {
        match &self.heights {
            Heights::Dense(v) => v[column as usize],
            Heights::Sparse(m) => m.get(&column).copied().unwrap_or(0),
        }
    }

    /// The cell a stone dropped in `column` lands on, or `None` when the column is full.
    #[inline]
    pub fn landing(&self, column: u64) -> Option<Cell> {
        let h = self.height(column);
        (h < self.size).then(|| self.cell_at(column, h))
    }

    /// A stone was dropped in `column` (which must not be full).
    #[inline]
    pub fn push(&mut self, column: u64) {
        let h = match &mut self.heights {
            Heights::Dense(v) => &mut v[column as usize],
            Heights::Sparse(m) => m.entry(column).or_insert(0),
        };
        *h += 1;
        if *h == self.size {
            self.full += 1;
        }
    }

    /// The top stone of `column` was taken back.
    #[inline]
    pub fn pop(&mut self, column: u64) {
        if self.height(column) == self.size {
            self.full -= 1;
        }
        match &mut self.heights {
            Heights::Dense(v) => v[column as usize] -= 1,
            Heights::Sparse(m) => {
                if let Some(h) = m.get_mut(&column) {
                    *h -= 1;
                    if *h == 0 {
                        m.remove(&column);
                    }
                }
            }
        }
    }

    /// Number of columns that are not full.
    pub fn open_count(&self) -> u64 {
        self.count - self.full
    }
}
