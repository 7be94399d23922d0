//! [`FullLines`]: the directions of a sparse cube board whose lines span
//! every axis (k = n, no wrap), walked without a vector per direction.

use hypertac_core::{Cell, Rules};

/// The directions of a sparse cube board whose lines span every axis (k = n,
/// no wrap), kept compactly: direction `i` moves along `steps[ends[i-1]..ends[i]]`
/// as (axis, step) pairs.
#[derive(Clone, Debug)]
pub(super) struct FullLines {
    n: u32,
    strides: Vec<u64>,
    ends: Vec<u32>,
    steps: Vec<(u8, i8)>,
}

impl FullLines {
    pub(super) fn new(rules: &Rules) -> FullLines {
        let shape = rules.shape();
        let mut full = FullLines {
            n: shape.size(0),
            strides: shape.strides().to_vec(),
            ends: Vec::new(),
            steps: Vec::new(),
        };
        // As `lines::directions`, without a vector per direction.
        let d = shape.dims();
        for code in 0..3usize.pow(d as u32) {
            let from = full.steps.len();
            let mut rest = code;
            for axis in 0..d {
                let step = (rest % 3) as i8 - 1;
                rest /= 3;
                if step != 0 {
                    full.steps.push((axis as u8, step));
                }
            }
            if full.steps.get(from).is_some_and(|s| s.1 == 1) {
                full.ends.push(full.steps.len() as u32);
            } else {
                full.steps.truncate(from);
            }
        }
        full
    }

    /// The coordinates of a cell.
    pub(super) fn coords_into(&self, cell: u64, out: &mut [u32]) {
        for (o, &stride) in out.iter_mut().zip(&self.strides) {
            *o = ((cell / stride) % u64::from(self.n)) as u32;
        }
    }

    /// Number of directions.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The moving axes of direction `i`.
    pub(super) fn steps(&self, i: usize) -> &[(u8, i8)] {
        let from = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.steps[from..self.ends[i] as usize]
    }

    /// The line through `cell` (at `coords`) along `dir`, as its first cell
    /// and step, if there is one: the cell lies on it iff its step count from
    /// the line's start agrees on every moving axis.
    pub(super) fn line(&self, cell: Cell, coords: &[u32], dir: &[(u8, i8)]) -> Option<(u64, i64)> {
        let mut at = None;
        for &(axis, step) in dir {
            let c = coords[usize::from(axis)];
            let i = if step > 0 { c } else { self.n - 1 - c };
            match at {
                None => at = Some(i),
                Some(j) if j != i => return None,
                _ => {}
            }
        }
        let i = at?;
        let delta: i64 = dir
            .iter()
            .map(|&(axis, step)| i64::from(step) * self.strides[usize::from(axis)] as i64)
            .sum();
        Some(((cell.0 as i64 - i64::from(i) * delta) as u64, delta))
    }

    /// The cells of the line from `start` by `delta`, into `out`.
    pub(super) fn cells(&self, start: u64, delta: i64, out: &mut Vec<Cell>) {
        out.clear();
        out.extend((0..i64::from(self.n)).map(|t| Cell((start as i64 + t * delta) as u64)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::Position;

    #[test]
    fn full_line_directions_come_in_the_rules_order() {
        for d in 1..=5 {
            let full = FullLines::new(&Rules::cube(3, d).unwrap());
            let dirs = hypertac_core::lines::directions(d);
            assert_eq!(full.len(), dirs.len());
            for (i, dir) in dirs.iter().enumerate() {
                let steps: Vec<(u8, i8)> = (0..d)
                    .filter(|&a| dir[a] != 0)
                    .map(|a| (a as u8, dir[a]))
                    .collect();
                assert_eq!(full.steps(i), &steps[..], "d = {d}, direction {i}");
            }
        }
    }

    #[test]
    fn full_lines_match_the_rules_walk() {
        let rules = Rules::cube(4, 3).unwrap();
        let pos = Position::new(rules.clone());
        let full = FullLines::new(&rules);
        for c in 0..64 {
            let coords = rules.shape().coords(Cell(c));
            let mut fast: Vec<Vec<Cell>> = (0..full.len())
                .filter_map(|i| full.line(Cell(c), &coords, full.steps(i)))
                .map(|(start, delta)| {
                    let mut line = Vec::new();
                    full.cells(start, delta, &mut line);
                    line
                })
                .collect();
            let mut slow: Vec<Vec<Cell>> = pos
                .lines_through(Cell(c))
                .iter()
                .map(|l| l.cells().to_vec())
                .collect();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "cell {c}");
        }
    }
}
