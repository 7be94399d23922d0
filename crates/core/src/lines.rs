//! Lines: k consecutive cells along one of the (3^d - 1)/2 directions.
//!
//! A direction is a vector in {-1, 0, 1}^d whose first non-zero component is
//! +1, so each line is found once, from its start cell stepping forward.

use crate::{Cell, Rules, Shape};

/// A line of k cells, listed from its start cell stepping along its direction.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Line {
    cells: Vec<Cell>,
}

impl Line {
    /// A line through these cells (in order along the line).
    pub fn new(cells: Vec<Cell>) -> Line {
        Line { cells }
    }

    /// The cells of the line, in order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}

/// All (3^d - 1)/2 canonical directions of a d-axis board, in a fixed order.
///
/// # Examples
/// ```
/// assert_eq!(hypertac_core::lines::directions(2).len(), 4);
/// assert_eq!(hypertac_core::lines::directions(4).len(), 40);
/// ```
pub fn directions(d: usize) -> Vec<Vec<i8>> {
    let total = 3usize.pow(d as u32);
    let mut out = Vec::with_capacity(total / 2);
    for code in 0..total {
        let mut v = Vec::with_capacity(d);
        let mut rest = code;
        for _ in 0..d {
            v.push((rest % 3) as i8 - 1);
            rest /= 3;
        }
        if v.iter().find(|&&c| c != 0) == Some(&1) {
            out.push(v);
        }
    }
    out
}

/// Calls `f(i, direction)` for each direction of [`directions`], in the same
/// order, without building the list: a d-cube has (3^d-1)/2 of them (21.5
/// million at d = 16), too many to keep in memory for every board.
pub fn for_each_direction(d: usize, mut f: impl FnMut(usize, &[i8])) {
    // A base-3 counter over {-1, 0, 1}^d, least significant axis first.
    let mut v = vec![-1i8; d];
    let mut i = 0;
    loop {
        if v.iter().find(|&&c| c != 0) == Some(&1) {
            f(i, &v);
            i += 1;
        }
        let mut axis = 0;
        loop {
            if axis == d {
                return;
            }
            if v[axis] < 1 {
                v[axis] += 1;
                break;
            }
            v[axis] = -1;
            axis += 1;
        }
    }
}

/// Steps along one direction from one cell: the index delta of a step and
/// how many steps fit forwards and backwards before leaving the board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub delta: i64,
    pub forward: u64,
    pub backward: u64,
}

/// The ray through the cell with coordinates `coords` along `dir` (no wrap).
pub(crate) fn ray(shape: &Shape, coords: &[u32], dir: &[i8]) -> Ray {
    let mut delta = 0i64;
    let mut forward = u64::MAX;
    let mut backward = u64::MAX;
    for (axis, &step) in dir.iter().enumerate() {
        let n = u64::from(shape.size(axis));
        let c = u64::from(coords[axis]);
        let (ahead, behind) = match step {
            1 => (n - 1 - c, c),
            -1 => (c, n - 1 - c),
            _ => continue,
        };
        delta += i64::from(step) * shape.strides()[axis] as i64;
        forward = forward.min(ahead);
        backward = backward.min(behind);
    }
    Ray {
        delta,
        forward,
        backward,
    }
}

/// Length of the cycle a wrapped step along `dir` walks before coming back.
pub(crate) fn cycle_length(shape: &Shape, dir: &[i8]) -> u64 {
    dir.iter()
        .enumerate()
        .filter(|(_, &s)| s != 0)
        .fold(1u64, |acc, (axis, _)| lcm(acc, u64::from(shape.size(axis))))
}

fn lcm(a: u64, b: u64) -> u64 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// Moves `coords` one step along `dir` (times `sign`) on a torus; returns the new cell.
pub(crate) fn wrap_step(shape: &Shape, coords: &mut [u32], dir: &[i8], sign: i8) -> Cell {
    let mut index = 0;
    for (axis, c) in coords.iter_mut().enumerate() {
        let n = shape.size(axis);
        match dir[axis] * sign {
            1 => *c = if *c + 1 == n { 0 } else { *c + 1 },
            -1 => *c = if *c == 0 { n - 1 } else { *c - 1 },
            _ => {}
        }
        index += u64::from(*c) * shape.strides()[axis];
    }
    Cell(index)
}

/// Number of lines of the game, computed per direction without listing them.
///
/// For n^d with k = n this is ((n+2)^d - n^d)/2.
///
/// # Examples
/// ```
/// let r = hypertac_core::Rules::preset("qubic").unwrap();
/// assert_eq!(hypertac_core::lines::line_count(&r), 76);
/// ```
pub fn line_count(rules: &Rules) -> u64 {
    let shape = rules.shape();
    let k = u64::from(rules.k());
    let mut total = 0u64;
    for_each_direction(shape.dims(), |_, dir| {
        let lines = if rules.wrap() {
            let cycle = cycle_length(shape, dir);
            match k.cmp(&cycle) {
                std::cmp::Ordering::Less => shape.cell_count(),
                std::cmp::Ordering::Equal => shape.cell_count() / cycle,
                std::cmp::Ordering::Greater => 0,
            }
        } else {
            dir.iter().enumerate().fold(1u64, |acc, (axis, &s)| {
                let n = u64::from(shape.size(axis));
                let starts = if s == 0 { n } else { (n + 1).saturating_sub(k) };
                acc.saturating_mul(starts)
            })
        };
        total = total.saturating_add(lines);
    });
    total
}

/// Lines of k cells through `cell` along every direction, each listed once.
///
/// Walks the board (no table); cost O(directions × k × d).
pub(crate) fn lines_through(rules: &Rules, cell: Cell) -> Vec<Line> {
    lines_through_up_to(rules, cell, usize::MAX)
}

/// The first `limit` lines of k cells through `cell` (in direction order),
/// for callers that show lines to people: a cell of a big board can lie on
/// millions of lines, and this never lists more than `limit` of them.
///
/// # Examples
/// ```
/// use hypertac_core::{lines, Rules};
/// let r = Rules::preset("tictactoe").unwrap();
/// let centre = r.shape().cell(&[1, 1]).unwrap();
/// assert_eq!(lines::lines_through_up_to(&r, centre, 10).len(), 4);
/// assert_eq!(lines::lines_through_up_to(&r, centre, 2).len(), 2);
/// ```
pub fn lines_through_up_to(rules: &Rules, cell: Cell, limit: usize) -> Vec<Line> {
    let shape = rules.shape();
    let k = u64::from(rules.k());
    let mut coords = shape.coords(cell);
    let mut out = Vec::new();
    for_each_direction(shape.dims(), |_, dir| {
        if out.len() >= limit {
            return;
        }
        if rules.wrap() {
            let cycle = cycle_length(shape, dir);
            if k > cycle {
                return;
            }
            let starts = if k == cycle { 1 } else { k };
            let mut start_coords = coords.clone();
            for _ in 0..starts {
                if out.len() >= limit {
                    break;
                }
                let mut c = start_coords.clone();
                let start = shape.cell(&c).expect("on board");
                let mut cells = vec![start];
                for _ in 1..k {
                    cells.push(wrap_step(shape, &mut c, dir, 1));
                }
                out.push(normalize_cycle(cells, k == cycle));
                wrap_step(shape, &mut start_coords, dir, -1);
            }
        } else {
            let r = ray(shape, &coords, dir);
            let lo = r.backward.min(k - 1);
            for back in 0..=lo {
                if back + r.forward < k - 1 || out.len() >= limit {
                    continue;
                }
                let start = cell.0 as i64 - back as i64 * r.delta;
                let cells = (0..k as i64)
                    .map(|i| Cell((start + i * r.delta) as u64))
                    .collect();
                out.push(Line::new(cells));
            }
        }
    });
    shape.coords_into(cell, &mut coords);
    out
}

/// A full wrapped cycle has no natural start: start it at its smallest cell.
pub(crate) fn normalize_cycle(mut cells: Vec<Cell>, full_cycle: bool) -> Line {
    if full_cycle {
        let min_at = cells
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| **c)
            .map_or(0, |(i, _)| i);
        cells.rotate_left(min_at);
    }
    Line::new(cells)
}

/// Calls `f` with the cells of every line of the game, found by brute force
/// from every start cell, without keeping them (a dense board's table is
/// built from this, so building never holds one allocation per line).
pub(crate) fn for_each_line(rules: &Rules, mut f: impl FnMut(&[Cell])) {
    let shape = rules.shape();
    let k = rules.k();
    let dirs = directions(shape.dims());
    if !rules.wrap() {
        for_each_flat_line(shape, k, &dirs, f);
        return;
    }
    let mut seen = std::collections::HashSet::new();
    let mut coords = vec![0u32; shape.dims()];
    let mut cells = Vec::with_capacity(k as usize);
    for index in 0..shape.cell_count() {
        shape.coords_into(Cell(index), &mut coords);
        for dir in &dirs {
            let cycle = cycle_length(shape, dir);
            if u64::from(k) > cycle {
                continue;
            }
            cells.clear();
            let mut c = coords.clone();
            cells.push(Cell(index));
            for _ in 1..k {
                cells.push(wrap_step(shape, &mut c, dir, 1));
            }
            if u64::from(k) < cycle {
                f(&cells);
            } else {
                let line = normalize_cycle(cells.clone(), true);
                if seen.insert(line.clone()) {
                    f(line.cells());
                }
            }
        }
    }
}

/// [`for_each_line`] without wrap: per direction, the axes it steps forwards
/// and backwards (bit masks) and the index delta of a step. A line starts at
/// a cell when every axis stepped forwards has room for k-1 more cells ahead
/// and every axis stepped backwards k-1 behind: two mask tests per cell and
/// direction instead of a ray (same lines, same order).
fn for_each_flat_line(shape: &Shape, k: u32, dirs: &[Vec<i8>], mut f: impl FnMut(&[Cell])) {
    let dims = shape.dims();
    if dims > 64 {
        // Never dense (2^65 cells): walk rays the slow way for completeness.
        return for_each_flat_line_by_ray(shape, k, dirs, f);
    }
    let masks: Vec<(u64, u64, i64)> = dirs
        .iter()
        .map(|dir| {
            dir.iter()
                .enumerate()
                .fold((0, 0, 0), |(plus, minus, delta), (axis, &step)| {
                    let stride = shape.strides()[axis] as i64;
                    match step {
                        1 => (plus | 1 << axis, minus, delta + stride),
                        -1 => (plus, minus | 1 << axis, delta - stride),
                        _ => (plus, minus, delta),
                    }
                })
        })
        .collect();
    let reach = u64::from(k) - 1;
    let mut coords = vec![0u32; dims];
    let mut cells = Vec::with_capacity(k as usize);
    // The index deltas of the lines starting at a cell depend only on its
    // two masks, which few cells of a board do not share (3^d pairs on an
    // n^d board with k = n): each pair's list is worked out once.
    let mut starts: std::collections::HashMap<(u64, u64), Vec<i64>> = Default::default();
    for index in 0..shape.cell_count() {
        shape.coords_into(Cell(index), &mut coords);
        let (mut ahead, mut behind) = (0u64, 0u64);
        for (axis, &c) in coords.iter().enumerate() {
            if u64::from(c) + reach < u64::from(shape.size(axis)) {
                ahead |= 1 << axis;
            }
            if u64::from(c) >= reach {
                behind |= 1 << axis;
            }
        }
        if ahead == 0 {
            // A direction steps forwards on its first axis it moves along.
            continue;
        }
        let deltas = starts.entry((ahead, behind)).or_insert_with(|| {
            masks
                .iter()
                .filter(|&&(plus, minus, _)| plus & !ahead == 0 && minus & !behind == 0)
                .map(|&(_, _, delta)| delta)
                .collect()
        });
        for &delta in deltas.iter() {
            cells.clear();
            cells.extend((0..i64::from(k)).map(|i| Cell((index as i64 + i * delta) as u64)));
            f(&cells);
        }
    }
}

/// [`for_each_flat_line`] by a ray per cell and direction (boards of more
/// than 64 axes, which are never dense).
fn for_each_flat_line_by_ray(shape: &Shape, k: u32, dirs: &[Vec<i8>], mut f: impl FnMut(&[Cell])) {
    let mut coords = vec![0u32; shape.dims()];
    let mut cells = Vec::with_capacity(k as usize);
    for index in 0..shape.cell_count() {
        shape.coords_into(Cell(index), &mut coords);
        for dir in dirs {
            let r = ray(shape, &coords, dir);
            if r.forward >= u64::from(k) - 1 {
                cells.clear();
                cells.extend((0..i64::from(k)).map(|i| Cell((index as i64 + i * r.delta) as u64)));
                f(&cells);
            }
        }
    }
}

/// A dense board's precomputed lines: the cells of each line and the lines through each cell.
#[derive(Debug)]
pub(crate) struct LineTable {
    k: usize,
    line_cells: Vec<u32>,
    cell_start: Vec<u32>,
    cell_lines: Vec<u32>,
}

impl LineTable {
    pub fn build(rules: &Rules) -> LineTable {
        let k = rules.k() as usize;
        let cells = rules.shape().cell_count() as usize;
        let mut line_cells = Vec::with_capacity(line_count(rules) as usize * k);
        let mut degree = vec![0u32; cells + 1];
        for_each_line(rules, |line| {
            for c in line {
                line_cells.push(c.0 as u32);
                degree[c.0 as usize + 1] += 1;
            }
        });
        for i in 1..=cells {
            degree[i] += degree[i - 1];
        }
        let cell_start = degree;
        let mut fill = cell_start.clone();
        let mut cell_lines = vec![0u32; line_cells.len()];
        for (id, chunk) in line_cells.chunks(k).enumerate() {
            for &c in chunk {
                cell_lines[fill[c as usize] as usize] = id as u32;
                fill[c as usize] += 1;
            }
        }
        LineTable {
            k,
            line_cells,
            cell_start,
            cell_lines,
        }
    }

    pub fn len(&self) -> usize {
        self.line_cells.len() / self.k
    }

    /// Ids of the lines through a cell.
    #[inline]
    pub fn through(&self, cell: usize) -> &[u32] {
        &self.cell_lines[self.cell_start[cell] as usize..self.cell_start[cell + 1] as usize]
    }

    /// Cell indices of a line.
    #[inline]
    pub fn cells(&self, line: u32) -> &[u32] {
        let at = line as usize * self.k;
        &self.line_cells[at..at + self.k]
    }

    pub fn line(&self, line: u32) -> Line {
        Line::new(
            self.cells(line)
                .iter()
                .map(|&c| Cell(u64::from(c)))
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(f: impl FnOnce(&mut dyn FnMut(&[Cell]))) -> Vec<Vec<Cell>> {
        let mut out = Vec::new();
        f(&mut |line: &[Cell]| out.push(line.to_vec()));
        out
    }

    #[test]
    fn axis_masks_find_the_same_lines_in_the_same_order_as_rays() {
        let boards: [(&[u32], u32); 7] = [
            (&[3, 3], 3),
            (&[4, 4, 4], 4),
            (&[6, 6, 6], 6),
            (&[5, 5, 5, 5], 3),
            (&[7, 6], 4),
            (&[2, 5, 3], 2),
            (&[4, 1, 4], 2),
        ];
        for (sizes, k) in boards {
            let rules = Rules::new(Shape::new(sizes).unwrap(), k).unwrap();
            let shape = rules.shape();
            let dirs = directions(shape.dims());
            let masks = collect(|f| for_each_flat_line(shape, k, &dirs, f));
            let rays = collect(|f| for_each_flat_line_by_ray(shape, k, &dirs, f));
            assert_eq!(masks, rays, "{sizes:?} k={k}");
            assert_eq!(masks.len() as u64, line_count(&rules), "{sizes:?} k={k}");
        }
    }
}
