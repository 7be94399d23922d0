//! Board shapes: per-axis sizes, cells and their coordinates.
//!
//! Cells are numbered in mixed radix with axis 0 (x, left-right) varying
//! fastest: on a `4x3` board the cell at `x,y` has index `x + 4*y`.
//!
//! ```text
//!   y=2 |  8  9 10 11
//!   y=1 |  4  5  6  7
//!   y=0 |  0  1  2  3
//!        ------------
//!         x=0 1  2  3
//! ```

use crate::text::quote;
use crate::RulesError;
use std::fmt;

/// Most axes a board may have: a cell lies on lines along (3^d - 1)/2
/// directions, 265,720 at d = 12, and some work walks them all.
pub const MAX_DIMS: usize = 12;
/// Most cells a board may have (a bound that keeps every index arithmetic in `u64`).
pub const MAX_CELLS: u64 = 1 << 62;
/// Largest size of one axis.
pub const MAX_SIDE: u32 = 1 << 20;

/// One cell of a board, by its index (see the module docs for the numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u64);

impl Cell {
    /// The cell's index in `0..shape.cell_count()`.
    pub const fn index(self) -> u64 {
        self.0
    }
}

/// The sizes of a board's axes, e.g. `[4, 4, 4, 4]` or `[7, 6]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    sizes: Vec<u32>,
    strides: Vec<u64>,
    cells: u64,
}

impl Shape {
    /// A shape with these axis sizes.
    ///
    /// # Errors
    /// No axes, more than [`MAX_DIMS`], an axis of size 0 or over [`MAX_SIDE`],
    /// or more than [`MAX_CELLS`] cells.
    ///
    /// # Examples
    /// ```
    /// let s = hypertac_core::Shape::new(&[4, 4, 4]).unwrap();
    /// assert_eq!(s.cell_count(), 64);
    /// assert_eq!(s.to_string(), "4x4x4");
    /// ```
    pub fn new(sizes: &[u32]) -> Result<Shape, RulesError> {
        if sizes.is_empty() || sizes.len() > MAX_DIMS {
            return Err(RulesError::new(format!(
                "a board has 1 to {MAX_DIMS} axes, not {}",
                sizes.len()
            )));
        }
        let mut strides = Vec::with_capacity(sizes.len());
        let mut cells: u64 = 1;
        for &n in sizes {
            if n == 0 || n > MAX_SIDE {
                return Err(RulesError::new(format!(
                    "an axis has 1 to {MAX_SIDE} cells, not {n}"
                )));
            }
            strides.push(cells);
            cells = cells
                .checked_mul(u64::from(n))
                .filter(|&c| c <= MAX_CELLS)
                .ok_or_else(|| {
                    RulesError::new(format!(
                        "a board has at most 2^62 cells; {sizes:?} has more"
                    ))
                })?;
        }
        Ok(Shape {
            sizes: sizes.to_vec(),
            strides,
            cells,
        })
    }

    /// The n^d cube.
    ///
    /// # Errors
    /// As [`Shape::new`].
    pub fn cube(n: u32, d: usize) -> Result<Shape, RulesError> {
        if d == 0 || d > MAX_DIMS {
            return Err(RulesError::new(format!(
                "a board has 1 to {MAX_DIMS} axes, not {d}"
            )));
        }
        Shape::new(&vec![n; d])
    }

    /// Parses `4x4x4` (also `4X4`, `4*4`).
    ///
    /// # Errors
    /// A token that is not a whole number, or sizes refused by [`Shape::new`].
    pub fn parse(text: &str) -> Result<Shape, RulesError> {
        let text = text.trim();
        let mut sizes = Vec::new();
        for token in text.split(['x', 'X', '*']) {
            let token = token.trim();
            let n: u32 = token.parse().map_err(|_| {
                RulesError::new(format!(
                    "bad shape {}: {} is not an axis size (expected sizes like 4x4x4)",
                    quote(text),
                    quote(token)
                ))
            })?;
            sizes.push(n);
        }
        Shape::new(&sizes)
    }

    /// Number of axes.
    pub fn dims(&self) -> usize {
        self.sizes.len()
    }

    /// The size of each axis.
    pub fn sizes(&self) -> &[u32] {
        &self.sizes
    }

    /// The size of one axis.
    pub fn size(&self, axis: usize) -> u32 {
        self.sizes[axis]
    }

    /// The index distance between neighbours along each axis.
    pub fn strides(&self) -> &[u64] {
        &self.strides
    }

    /// Total number of cells (the product of the sizes).
    pub fn cell_count(&self) -> u64 {
        self.cells
    }

    /// The smallest axis size.
    pub fn min_side(&self) -> u32 {
        self.sizes.iter().copied().min().unwrap_or(0)
    }

    /// The largest axis size.
    pub fn max_side(&self) -> u32 {
        self.sizes.iter().copied().max().unwrap_or(0)
    }

    /// The cell at these coordinates, or `None` when the arity or a value is out of range.
    pub fn cell(&self, coords: &[u32]) -> Option<Cell> {
        if coords.len() != self.sizes.len() {
            return None;
        }
        let mut index = 0;
        for ((&c, &n), &s) in coords.iter().zip(&self.sizes).zip(&self.strides) {
            if c >= n {
                return None;
            }
            index += u64::from(c) * s;
        }
        Some(Cell(index))
    }

    /// Whether `cell` lies on this board.
    pub fn contains(&self, cell: Cell) -> bool {
        cell.0 < self.cells
    }

    /// The coordinates of a cell, axis 0 first.
    pub fn coords(&self, cell: Cell) -> Vec<u32> {
        let mut out = vec![0; self.sizes.len()];
        self.coords_into(cell, &mut out);
        out
    }

    /// Writes the coordinates of `cell` into `out` (of length `dims()`).
    pub fn coords_into(&self, cell: Cell, out: &mut [u32]) {
        let mut rest = cell.0;
        for (o, &n) in out.iter_mut().zip(&self.sizes) {
            *o = (rest % u64::from(n)) as u32;
            rest /= u64::from(n);
        }
    }

    /// One coordinate of a cell.
    pub fn coord(&self, cell: Cell, axis: usize) -> u32 {
        ((cell.0 / self.strides[axis]) % u64::from(self.sizes[axis])) as u32
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.sizes.iter().enumerate() {
            if i > 0 {
                f.write_str("x")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coords_round_trip() {
        let s = Shape::new(&[4, 3, 2]).unwrap();
        for i in 0..s.cell_count() {
            let c = s.coords(Cell(i));
            assert_eq!(s.cell(&c), Some(Cell(i)));
            for (axis, &v) in c.iter().enumerate() {
                assert_eq!(s.coord(Cell(i), axis), v);
            }
        }
        assert_eq!(s.cell(&[1, 2, 1]), Some(Cell(1 + 4 * 2 + 12)));
        assert_eq!(s.cell(&[4, 0, 0]), None);
        assert_eq!(s.cell(&[0, 0]), None);
    }

    #[test]
    fn refuses_bad_shapes() {
        assert!(Shape::new(&[]).is_err());
        assert!(Shape::new(&[3, 0]).is_err());
        assert!(Shape::cube(1000, 10).is_err());
        assert!(Shape::cube(10, 10).is_ok());
        assert!(Shape::parse("4x").is_err());
        assert_eq!(Shape::parse(" 7x6 ").unwrap().sizes(), &[7, 6]);
    }
}
