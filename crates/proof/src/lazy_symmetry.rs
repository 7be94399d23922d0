//! The symmetry group of [`crate::symmetry`] (the same maps, in the same
//! order) kept as small per-axis tables instead of one permutation of the
//! cells per map, so that a player reading a proof for a few positions
//! does not build the whole group: 4^5's 15,360 maps of 1,024 cells are
//! 31 MB as [`crate::Symmetries`] (and most of a second to build), 600 KB
//! here (a few milliseconds).
//!
//! Every map of the group sends the cell with coordinates `c` to
//! `c'[a] = t_a(c[π(a)])` (module docs of `symmetry.rs`), so the image of a
//! cell is a sum over the input axes b of one table entry,
//! `stride(a) * t_a(c[b])` with `π(a) = b`: map s sends c to
//! `Σ_b tables[s][b][c[b]]`. Two candidates are the same permutation of
//! the cells exactly when their tables are equal, so the group keeps the
//! first of each, as `symmetry.rs` does comparing whole maps.
//!
//! [`LazySymmetries::canonical`] gives the canonical form and canonical
//! map of [`crate::Symmetries::canonical`], finding each anchor's orbit
//! minimum by a pass over the maps instead of a table of every cell's.

use crate::board::Lines;
use crate::symmetry::{axis_permutations, candidate_sigmas, collect_vec, Candidates, MAX_GROUP};
use hypertac_core::{Cell, Rules};
use std::collections::HashSet;

/// The symmetries of a board as per-axis tables (the identity first).
#[derive(Clone, Debug)]
pub(crate) struct LazySymmetries {
    cells: usize,
    words: usize,
    dims: usize,
    /// Largest axis size: each table holds `width` entries per axis.
    width: usize,
    /// Each cell's coordinates, `dims` per cell.
    coords: Vec<u8>,
    /// Map s sends the cell of coordinates c to the sum over axes b of
    /// `tables[(s * dims + b) * width + c[b]]`.
    tables: Vec<u16>,
}

impl LazySymmetries {
    /// The group of `Symmetries::with_lines(rules, lines)`, map for map.
    pub(crate) fn new(rules: &Rules, lines: &Lines) -> LazySymmetries {
        let cells = lines.cells();
        let sizes: Vec<usize> = rules.shape().sizes().iter().map(|&n| n as usize).collect();
        let dims = sizes.len();
        let width = sizes.iter().copied().max().unwrap_or(1);
        let strides: Vec<usize> = rules
            .shape()
            .strides()
            .iter()
            .map(|&s| s as usize)
            .collect();
        let mut coords = Vec::with_capacity(cells * dims);
        for c in 0..cells {
            coords.extend(sizes.iter().zip(&strides).map(|(&n, &s)| (c / s % n) as u8));
        }
        let mut group = LazySymmetries {
            cells,
            words: cells.div_ceil(64),
            dims,
            width,
            coords,
            tables: Vec::new(),
        };
        let identity_perm: Vec<usize> = (0..dims).collect();
        let identity_sigma: Vec<usize> = (0..width).collect();
        let table = |perm: &[usize], flips: u64, sigma: &[usize]| {
            axis_tables(&sizes, &strides, perm, flips, sigma)
        };
        let identity = table(&identity_perm, 0, &[]);
        group.tables.extend_from_slice(&identity);
        // The bounds and the order of `Symmetries::with_lines`.
        let cube = sizes.iter().all(|&n| n == width);
        if cells > usize::from(u16::MAX) {
            return group;
        }
        let Some(sigmas) = candidate_sigmas(&sizes, cells) else {
            return group;
        };
        let mut test = Candidates::new(rules, lines, &sizes, cube);
        let sigma_valid = test.sigmas_valid(&sigmas);
        let mut kept: HashSet<Vec<u16>> = HashSet::from([identity]);
        for perm in axis_permutations(&sizes) {
            for flips in 0..(1u64 << dims) {
                let h_valid = rules.gravity().is_none() || {
                    let h = test.build(&perm, flips, &identity_sigma);
                    test.valid(&h)
                };
                for (sigma, &sigma_ok) in sigmas.iter().zip(&sigma_valid) {
                    let t = table(&perm, flips, if cube { sigma } else { &[] });
                    if kept.contains(&t) {
                        continue;
                    }
                    let preserves = match h_valid {
                        true => sigma_ok,
                        false => {
                            let map = test.build(&perm, flips, sigma);
                            test.valid(&map)
                        }
                    };
                    if preserves {
                        group.tables.extend_from_slice(&t);
                        kept.insert(t);
                        if group.len() > MAX_GROUP {
                            group.tables.truncate(dims * width);
                            return group;
                        }
                    }
                }
            }
        }
        group
    }

    /// Number of maps (at least 1: the identity).
    pub(crate) fn len(&self) -> usize {
        self.tables.len() / (self.dims * self.width).max(1)
    }

    /// The image of cell `c` under map `s`.
    fn image(&self, s: usize, c: usize) -> u16 {
        let d = self.dims;
        let table = &self.tables[s * d * self.width..(s + 1) * d * self.width];
        let coords = &self.coords[c * d..(c + 1) * d];
        coords
            .iter()
            .enumerate()
            .map(|(b, &v)| table[b * self.width + usize::from(v)])
            .sum()
    }

    /// The image of `cell` under map `s`.
    pub(crate) fn map(&self, s: usize, cell: Cell) -> Cell {
        Cell(u64::from(self.image(s, cell.0 as usize)))
    }

    /// The cell that map `s` sends to `cell` (a pass over the cells).
    pub(crate) fn unmap(&self, s: usize, cell: Cell) -> Cell {
        let c = (0..self.cells)
            .find(|&c| u64::from(self.image(s, c)) == cell.0)
            .unwrap_or(cell.0 as usize);
        Cell(c as u64)
    }

    /// As [`crate::Symmetries::canonical`]: writes into `out` (2W words, X
    /// then O) the canonical form of `stones` and returns its canonical map
    /// (the least pair of anchor and map index among the maps that give
    /// it). Each anchor's orbit minimum is found by a pass over the maps.
    pub(crate) fn canonical(&self, stones: &[u64], out: &mut [u64]) -> usize {
        let w = self.words;
        out.copy_from_slice(stones);
        let count = self.len();
        if count == 1 {
            return 0;
        }
        let xs = collect_vec(&stones[..w]);
        let os = collect_vec(&stones[w..]);
        let anchors = if xs.is_empty() { &os } else { &xs };
        let least: Vec<u16> = anchors
            .iter()
            .map(|&a| {
                (0..count)
                    .map(|s| self.image(s, usize::from(a)))
                    .min()
                    .unwrap_or(a)
            })
            .collect();
        let Some(&first) = least.iter().min() else {
            return 0;
        };
        let (mut best, mut best_map) = (Vec::new(), 0);
        let mut image = Vec::with_capacity(xs.len() + os.len());
        for (&a, &m) in anchors.iter().zip(&least) {
            if m != first {
                continue;
            }
            for s in (0..count).filter(|&s| self.image(s, usize::from(a)) == first) {
                image.clear();
                image.extend(xs.iter().map(|&c| self.image(s, usize::from(c))));
                image.sort_unstable();
                image.extend(os.iter().map(|&c| self.image(s, usize::from(c))));
                image[xs.len()..].sort_unstable();
                if best.is_empty() || image < best {
                    std::mem::swap(&mut best, &mut image);
                    best_map = s;
                }
            }
        }
        out.fill(0);
        for (i, &c) in best.iter().enumerate() {
            let side = usize::from(i >= xs.len());
            out[side * w + c as usize / 64] |= 1 << (c % 64);
        }
        best_map
    }
}

/// The per-axis tables of the candidate (axis permutation, flips, σ; an
/// empty σ: the identity): input axis b, value v at `b * width + v`.
fn axis_tables(
    sizes: &[usize],
    strides: &[usize],
    perm: &[usize],
    flips: u64,
    sigma: &[usize],
) -> Vec<u16> {
    let width = sizes.iter().copied().max().unwrap_or(1);
    let mut t = vec![0u16; sizes.len() * width];
    for (a, &b) in perm.iter().enumerate() {
        for v in 0..sizes[b] {
            let mut w = if sigma.len() == sizes[b] { sigma[v] } else { v };
            if flips >> a & 1 == 1 {
                w = sizes[a] - 1 - w;
            }
            t[b * width + v] = (w * strides[a]) as u16;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fingerprint::mix;
    use crate::symmetry::Symmetries;
    use hypertac_core::Shape;

    /// Map for map, the tables give the permutations of `Symmetries`, on
    /// boards with every σ, some σ, gravity, wrap and unequal axes.
    #[test]
    fn the_same_maps_in_the_same_order() {
        let boards = [
            Rules::preset("tictactoe").unwrap(),
            Rules::preset("qubic").unwrap(),
            Rules::preset("4d").unwrap(),
            Rules::preset("connect4").unwrap(),
            Rules::preset("connect4-3d").unwrap(),
            Rules::new(Shape::new(&[5, 5, 5]).unwrap(), 4).unwrap(),
            Rules::new(Shape::new(&[4, 4]).unwrap(), 3)
                .unwrap()
                .with_wrap(true)
                .unwrap(),
            Rules::new(Shape::new(&[4, 3, 4]).unwrap(), 3).unwrap(),
            Rules::new(Shape::new(&[1, 3, 3]).unwrap(), 3).unwrap(),
        ];
        for rules in boards {
            let lines = Lines::new(&rules).unwrap();
            let full = Symmetries::with_lines(&rules, &lines);
            let lazy = LazySymmetries::new(&rules, &lines);
            assert_eq!(full.len(), lazy.len(), "{rules:?}");
            for s in 0..full.len() {
                for c in 0..lines.cells() {
                    let cell = Cell(c as u64);
                    assert_eq!(full.map(s, cell), lazy.map(s, cell), "{rules:?} map {s}");
                    assert_eq!(
                        full.unmap(s, cell),
                        lazy.unmap(s, cell),
                        "{rules:?} map {s}"
                    );
                }
            }
        }
    }

    /// The same canonical form and canonical map as `Symmetries` on
    /// random positions (few stones among the first cells, often
    /// symmetric, and spread ones) of Qubic and 4^4.
    #[test]
    fn the_same_canonical_form_and_map() {
        let mut checked = 0;
        for preset in ["qubic", "4d"] {
            let rules = Rules::preset(preset).unwrap();
            let lines = Lines::new(&rules).unwrap();
            let full = Symmetries::with_lines(&rules, &lines);
            let lazy = LazySymmetries::new(&rules, &lines);
            let (cells, words) = (lines.cells() as u64, lines.cells().div_ceil(64));
            let mut state = 7u64;
            for round in 0..300 {
                let (stones, within) = (round % 9, if round % 2 == 0 { 30 } else { cells });
                let mut pos = vec![0u64; 2 * words];
                let mut placed = 0;
                while placed < stones {
                    state = mix(state);
                    let c = (state % within) as usize;
                    if (pos[c / 64] | pos[words + c / 64]) >> (c % 64) & 1 == 0 {
                        pos[(placed % 2) * words + c / 64] |= 1 << (c % 64);
                        placed += 1;
                    }
                }
                let (mut a, mut b) = (vec![0u64; 2 * words], vec![0u64; 2 * words]);
                let s = full.canonical(&pos, &mut a);
                let t = lazy.canonical(&pos, &mut b);
                assert_eq!((a, s), (b, t), "{preset} {pos:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 600);
    }
}
