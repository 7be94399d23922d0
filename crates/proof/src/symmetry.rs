//! The symmetry group of a board, and canonical forms of positions under it.
//!
//! Candidate maps act on coordinates: output axis a takes the value
//! `t_a(c[π(a)])` where π permutes axes of equal size, `t_a` is the identity
//! or the flip `v -> n-1-v`, and, when every axis has the same size n, each
//! `t_a` is also composed with one permutation σ of `0..n` (the same on
//! every axis) with σ(n-1-v) = n-1-σ(v) (Qubic: swapping the values 1 and 2).
//! A candidate is kept when it sends the set of lines onto itself (checked
//! against the rules core's line table) and, with gravity, leaves the
//! gravity-axis coordinate of every cell unchanged. The kept maps form the
//! group: 8 for 3x3, 192 for Qubic, 1536 for 4^4 (2^4 * 4! * 4), 2 for
//! Connect Four.
//!
//! Limits: with more than [`MAX_CANDIDATES`] candidate maps, or a group of
//! more than [`MAX_GROUP`] maps, or a board without a line table, only the
//! identity is used (sound, just without sharing symmetric positions).
//!
//! The canonical form of a position is its image, over the group, whose
//! cells (X's in increasing order, then O's) come first in lexicographic
//! order ([`Symmetries::canonical`]).

use crate::board::Lines;
use crate::keys::KeyHasher;
use hypertac_core::{Cell, Rules};
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

/// Largest group used; larger groups fall back to the identity alone.
pub const MAX_GROUP: usize = 16_384;
/// Most candidate maps tested; more fall back to the identity alone.
pub const MAX_CANDIDATES: u64 = 20_000;
/// Most candidate maps times cells (the work and the memory of building
/// the group); more fall back to the identity alone.
pub const MAX_CANDIDATE_CELLS: u64 = 1 << 24;

/// The symmetries of a board as cell permutations (the identity first).
#[derive(Clone, Debug)]
pub struct Symmetries {
    cells: usize,
    words: usize,
    /// Map s sends cell c to `maps[s * cells + c]`.
    maps: Vec<u16>,
    /// Map s sends `inverse[s * cells + c]` to c.
    inverse: Vec<u16>,
    /// The smallest cell of each cell's orbit.
    orbit_min: Vec<u16>,
    /// The maps that send cell c to `orbit_min[c]` are
    /// `to_min[to_min_start[c]..to_min_start[c + 1]]`.
    to_min: Vec<u32>,
    to_min_start: Vec<u32>,
}

impl Symmetries {
    /// The symmetry group of a board of these rules (see the module docs).
    pub fn new(rules: &Rules) -> Symmetries {
        match Lines::new(rules) {
            Ok(lines) => Symmetries::with_lines(rules, &lines),
            Err(_) => Symmetries::identity(rules.shape().cell_count().min(65535) as usize),
        }
    }

    /// The group containing only the identity.
    pub fn identity(cells: usize) -> Symmetries {
        let maps: Vec<u16> = (0..cells).map(|c| c as u16).collect();
        Symmetries::of_maps(cells, maps)
    }

    /// The group of these maps (map s sends cell c to `maps[s * cells + c]`).
    fn of_maps(cells: usize, maps: Vec<u16>) -> Symmetries {
        let count = maps.len() / cells.max(1);
        let mut inverse = vec![0u16; maps.len()];
        for (s, map) in maps.chunks_exact(cells).enumerate() {
            for (c, &m) in map.iter().enumerate() {
                inverse[s * cells + m as usize] = c as u16;
            }
        }
        let mut orbit_min: Vec<u16> = (0..cells as u16).collect();
        for map in maps.chunks_exact(cells) {
            for (min, &m) in orbit_min.iter_mut().zip(map) {
                *min = (*min).min(m);
            }
        }
        let mut to_min = Vec::new();
        let mut to_min_start = Vec::with_capacity(cells + 1);
        for c in 0..cells {
            to_min_start.push(to_min.len() as u32);
            to_min.extend(
                (0..count as u32).filter(|&s| maps[s as usize * cells + c] == orbit_min[c]),
            );
        }
        to_min_start.push(to_min.len() as u32);
        Symmetries {
            cells,
            words: cells.div_ceil(64),
            maps,
            inverse,
            orbit_min,
            to_min,
            to_min_start,
        }
    }

    /// The symmetry group of a board of these rules with this line table
    /// (see the module docs).
    pub(crate) fn with_lines(rules: &Rules, lines: &Lines) -> Symmetries {
        let cells = lines.cells();
        let sizes: Vec<usize> = rules.shape().sizes().iter().map(|&n| n as usize).collect();
        let d = sizes.len();
        let cube = sizes.iter().all(|&n| n == sizes[0]);
        let Some(sigmas) = candidate_sigmas(&sizes, cells) else {
            return Symmetries::identity(cells);
        };
        let mut test = Candidates::new(rules, lines, &sizes, cube);
        let mut group = Kept::new(cells);
        // The candidate (perm, flips, σ) is h∘Σ: h the candidate (perm,
        // flips, identity), Σ the candidate (identity, no flips, σ) (σ acts
        // on every coordinate alike, so it commutes with both). Symmetries
        // form a group, so where h is one, h∘Σ is one exactly when Σ is:
        // each Σ and each h is checked once, not every product.
        let identity_sigma: Vec<usize> = (0..sizes[0]).collect();
        let sigma_valid = test.sigmas_valid(&sigmas);
        for perm in axis_permutations(&sizes) {
            for flips in 0..(1u64 << d) {
                let h = test.build(&perm, flips, &identity_sigma);
                // Without gravity a permutation of equal axes with flips
                // is an isometry of the box (and of the torus with wrap):
                // it sends every line to a line, no need to test it
                // (group_sizes in tests/symmetry.rs holds the sizes).
                let h_valid = rules.gravity().is_none() || test.valid(&h);
                for (sigma, &sigma_ok) in sigmas.iter().zip(&sigma_valid) {
                    let map = test.build(&perm, flips, sigma);
                    if group.contains(&map) {
                        continue;
                    }
                    let preserves = if h_valid { sigma_ok } else { test.valid(&map) };
                    if preserves && group.push(&map) > MAX_GROUP {
                        return Symmetries::identity(cells);
                    }
                }
            }
        }
        Symmetries::of_maps(cells, group.into_maps())
    }

    /// Number of maps (at least 1: the identity).
    pub fn len(&self) -> usize {
        self.maps.len() / self.cells.max(1)
    }

    /// Always false: the identity is in every group.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The image of `cell` under map `s`.
    pub fn map(&self, s: usize, cell: Cell) -> Cell {
        Cell(u64::from(self.maps[s * self.cells + cell.0 as usize]))
    }

    /// The cell that map `s` sends to `cell`.
    pub fn unmap(&self, s: usize, cell: Cell) -> Cell {
        Cell(u64::from(self.inverse[s * self.cells + cell.0 as usize]))
    }

    /// Writes into `out` (2W words: X then O) the canonical form of
    /// `stones` (same layout) and returns the map that gives it.
    ///
    /// The canonical form is the image whose cells, X's in increasing
    /// order and then O's, come first in lexicographic order. Its first
    /// cell is the smallest cell any map sends an *anchor* to (X's stones,
    /// or O's when X has none), so only the maps sending an anchor there
    /// are tried: a corner of 4^5 goes to cell 0 under 480 of the 15,360
    /// maps. `out` is written from the image under the map returned.
    pub fn canonical(&self, stones: &[u64], out: &mut [u64]) -> usize {
        let w = self.words;
        out.copy_from_slice(stones);
        if self.len() == 1 {
            return 0;
        }
        let xs = collect_vec(&stones[..w]);
        let os = collect_vec(&stones[w..]);
        let anchors = if xs.is_empty() { &os } else { &xs };
        let Some(first) = anchors.iter().map(|&c| self.orbit_min[c as usize]).min() else {
            return 0;
        };
        let (mut best, mut best_map) = (Vec::new(), 0);
        let mut image = Vec::with_capacity(xs.len() + os.len());
        for &a in anchors {
            if self.orbit_min[a as usize] != first {
                continue;
            }
            let (from, to) = (
                self.to_min_start[a as usize],
                self.to_min_start[a as usize + 1],
            );
            for &s in &self.to_min[from as usize..to as usize] {
                let map = &self.maps[s as usize * self.cells..(s as usize + 1) * self.cells];
                image.clear();
                image.extend(xs.iter().map(|&c| map[c as usize]));
                image.sort_unstable();
                image.extend(os.iter().map(|&c| map[c as usize]));
                image[xs.len()..].sort_unstable();
                if best.is_empty() || image < best {
                    std::mem::swap(&mut best, &mut image);
                    best_map = s as usize;
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

/// The σs the candidates of a board of these axis sizes range over (the
/// reflection-commuting permutations of the coordinates on a cube, the
/// identity alone otherwise), or `None` when the candidates (axis
/// permutations x flips x σs) are too many to try: counted before anything
/// is built, so a header naming a large board cannot make the checker
/// allocate much (each candidate costs a map of `cells` entries and a pass
/// over the lines).
pub(crate) fn candidate_sigmas(sizes: &[usize], cells: usize) -> Option<Vec<Vec<usize>>> {
    let width = sizes.iter().copied().max().unwrap_or(1);
    let cube = sizes.iter().all(|&n| n == width);
    let sigma_count = if cube {
        reflection_commuting_count(width)
    } else {
        1
    };
    let candidates = axis_permutation_count(sizes)
        .saturating_mul(1u64 << sizes.len().min(63))
        .saturating_mul(sigma_count);
    if candidates > MAX_CANDIDATES || candidates.saturating_mul(cells as u64) > MAX_CANDIDATE_CELLS
    {
        return None;
    }
    Some(if cube {
        reflection_commuting(width)
    } else {
        vec![(0..width).collect()]
    })
}

/// Candidate maps of a board, built from their (axis permutation, flips,
/// σ) and tested against its line table.
pub(crate) struct Candidates<'a> {
    rules: &'a Rules,
    lines: &'a Lines,
    sizes: &'a [usize],
    cube: bool,
    strides: Vec<usize>,
    /// Each cell's coordinates.
    coords: Vec<Vec<usize>>,
    /// Every line's cells, sorted.
    line_set: HashSet<Vec<u16>, BuildHasherDefault<KeyHasher>>,
    /// Scratch: a line's image.
    line: Vec<u16>,
}

impl<'a> Candidates<'a> {
    pub(crate) fn new(rules: &'a Rules, lines: &'a Lines, sizes: &'a [usize], cube: bool) -> Self {
        let shape = rules.shape();
        let line_set = (0..lines.len())
            .map(|l| {
                let mut v = lines.cells_of(l).to_vec();
                v.sort_unstable();
                v
            })
            .collect();
        let coords = (0..lines.cells())
            .map(|c| {
                shape
                    .coords(Cell(c as u64))
                    .into_iter()
                    .map(|v| v as usize)
                    .collect()
            })
            .collect();
        Candidates {
            rules,
            lines,
            sizes,
            cube,
            strides: shape.strides().iter().map(|&s| s as usize).collect(),
            coords,
            line_set,
            line: Vec::new(),
        }
    }

    /// Map of the candidate (axis permutation, flips, σ): coordinate a
    /// of the image is coordinate perm[a], σ applied, then flipped.
    pub(crate) fn build(&self, perm: &[usize], flips: u64, sigma: &[usize]) -> Vec<u16> {
        self.coords
            .iter()
            .map(|c| {
                let mut index = 0;
                for a in 0..self.sizes.len() {
                    let n = self.sizes[a];
                    let mut v = c[perm[a]];
                    if self.cube {
                        v = sigma[v];
                    }
                    if flips >> a & 1 == 1 {
                        v = n - 1 - v;
                    }
                    index += v * self.strides[a];
                }
                index as u16
            })
            .collect()
    }

    /// For each of `sigmas`, whether the candidate (identity permutation,
    /// no flips, σ) is a symmetry.
    pub(crate) fn sigmas_valid(&mut self, sigmas: &[Vec<usize>]) -> Vec<bool> {
        let identity_perm: Vec<usize> = (0..self.sizes.len()).collect();
        sigmas
            .iter()
            .map(|sigma| {
                let map = self.build(&identity_perm, 0, sigma);
                self.valid(&map)
            })
            .collect()
    }

    /// A symmetry keeps the gravity axis's coordinate and sends lines to lines.
    pub(crate) fn valid(&mut self, map: &[u16]) -> bool {
        let cells = self.coords.len();
        if let Some(g) = self.rules.gravity() {
            if !(0..cells).all(|c| self.coords[map[c] as usize][g] == self.coords[c][g]) {
                return false;
            }
        }
        (0..self.lines.len()).all(|l| {
            self.line.clear();
            self.line
                .extend(self.lines.cells_of(l).iter().map(|&c| map[c as usize]));
            self.line.sort_unstable();
            self.line_set.contains(&self.line)
        })
    }
}

/// The kept maps, one after another, and an index of them by hash
/// (compared in full on a hash match), so that building the group holds
/// each kept map once. The identity is kept first.
struct Kept {
    cells: usize,
    flat: Vec<u16>,
    by_hash: HashMap<u64, Vec<u32>>,
}

impl Kept {
    fn new(cells: usize) -> Kept {
        let flat: Vec<u16> = (0..cells).map(|c| c as u16).collect();
        let mut by_hash: HashMap<u64, Vec<u32>> = HashMap::new();
        by_hash.insert(map_hash(&flat), vec![0]);
        Kept {
            cells,
            flat,
            by_hash,
        }
    }

    fn contains(&self, map: &[u16]) -> bool {
        let cells = self.cells;
        self.by_hash.get(&map_hash(map)).is_some_and(|ids| {
            ids.iter()
                .any(|&i| &self.flat[i as usize * cells..(i as usize + 1) * cells] == map)
        })
    }

    /// Keeps `map`; gives the number of maps kept.
    fn push(&mut self, map: &[u16]) -> usize {
        let id = (self.flat.len() / self.cells) as u32;
        self.by_hash.entry(map_hash(map)).or_default().push(id);
        self.flat.extend_from_slice(map);
        id as usize + 1
    }

    fn into_maps(self) -> Vec<u16> {
        self.flat
    }
}

/// The cells whose bits are set in `words`, in increasing order.
pub(crate) fn collect_vec(words: &[u64]) -> Vec<u16> {
    let mut out = Vec::new();
    for (i, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            out.push((i * 64 + bits.trailing_zeros() as usize) as u16);
            bits &= bits - 1;
        }
    }
    out
}

/// Number of permutations of the axes that keep every axis' size.
pub(crate) fn axis_permutation_count(sizes: &[usize]) -> u64 {
    let mut sorted = sizes.to_vec();
    sorted.sort_unstable();
    let mut total = 1u64;
    let mut run = 0u64;
    for i in 0..sorted.len() {
        run = if i > 0 && sorted[i] == sorted[i - 1] {
            run + 1
        } else {
            1
        };
        total = total.saturating_mul(run);
    }
    total
}

/// Every permutation π of the axes with `sizes[π(a)] == sizes[a]`.
pub(crate) fn axis_permutations(sizes: &[usize]) -> Vec<Vec<usize>> {
    let d = sizes.len();
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(d);
    let mut used = vec![false; d];
    fn rec(
        sizes: &[usize],
        current: &mut Vec<usize>,
        used: &mut [bool],
        out: &mut Vec<Vec<usize>>,
    ) {
        let a = current.len();
        if a == sizes.len() {
            out.push(current.clone());
            return;
        }
        for b in 0..sizes.len() {
            if !used[b] && sizes[b] == sizes[a] {
                used[b] = true;
                current.push(b);
                rec(sizes, current, used, out);
                current.pop();
                used[b] = false;
            }
        }
    }
    rec(sizes, &mut current, &mut used, &mut out);
    out
}

/// How many permutations [`reflection_commuting`] gives: (n/2)! * 2^(n/2).
pub(crate) fn reflection_commuting_count(n: usize) -> u64 {
    let pairs = (n / 2) as u64;
    // Half of them: σ and v -> n-1-σ(v) give the same maps with the flips
    // of every axis toggled, so only σ(0) < n/2 is a candidate.
    (1..=pairs)
        .fold(1u64, |f, i| f.saturating_mul(i))
        .saturating_mul(
            1u64.checked_shl(pairs.saturating_sub(1) as u32)
                .unwrap_or(u64::MAX),
        )
}

/// A hash of a map (FxHash's mixing), to index the kept maps.
fn map_hash(map: &[u16]) -> u64 {
    map.iter().fold(0u64, |h, &c| {
        (h.rotate_left(5) ^ u64::from(c)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
    })
}

/// Every permutation σ of `0..n` with σ(n-1-v) = n-1-σ(v) and σ(0) < n/2
/// (see [`reflection_commuting_count`]).
pub(crate) fn reflection_commuting(n: usize) -> Vec<Vec<usize>> {
    // σ permutes the pairs {v, n-1-v} (v < n/2), possibly swapping each,
    // and fixes the middle value of odd n.
    let pairs = n / 2;
    let mut out = Vec::new();
    for order in axis_permutations(&vec![0; pairs]) {
        for swaps in 0..(1u64 << pairs) {
            let mut sigma: Vec<usize> = (0..n).collect();
            for (i, &j) in order.iter().enumerate() {
                let swap = swaps >> i & 1 == 1;
                let (lo, hi) = (j, n - 1 - j);
                sigma[i] = if swap { hi } else { lo };
                sigma[n - 1 - i] = if swap { lo } else { hi };
            }
            if n < 2 || sigma[0] < n / 2 {
                out.push(sigma);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::Shape;

    /// The canonical form by its definition: the least, over every map,
    /// of the image's cells (X's sorted, then O's sorted).
    fn by_every_map(g: &Symmetries, xs: &[u16], os: &[u16]) -> Vec<u16> {
        (0..g.len())
            .map(|s| {
                let map = |c: &u16| g.map(s, Cell(u64::from(*c))).0 as u16;
                let mut x: Vec<u16> = xs.iter().map(map).collect();
                let mut o: Vec<u16> = os.iter().map(map).collect();
                x.sort_unstable();
                o.sort_unstable();
                x.extend(o);
                x
            })
            .min()
            .expect("the identity")
    }

    /// The group found by checking each axis map and each σ once is the
    /// group of every candidate checked one by one: boards where every
    /// candidate is a symmetry, where some σ are not (k < n), gravity
    /// (some axis maps are not), a torus and a box.
    #[test]
    fn checking_the_factors_finds_every_symmetry() {
        use std::collections::HashSet;
        let boards = [
            Rules::preset("qubic").unwrap(),
            Rules::preset("4d").unwrap(),
            Rules::preset("connect4").unwrap(),
            Rules::preset("connect4-3d").unwrap(),
            Rules::new(Shape::new(&[5, 5, 5]).unwrap(), 4).unwrap(),
            Rules::new(Shape::new(&[6, 6]).unwrap(), 6).unwrap(),
            Rules::new(Shape::new(&[4, 4]).unwrap(), 3)
                .unwrap()
                .with_wrap(true)
                .unwrap(),
            Rules::new(Shape::new(&[4, 3, 4]).unwrap(), 3).unwrap(),
            Rules::new(Shape::new(&[5, 5, 5]).unwrap(), 5)
                .unwrap()
                .with_gravity(Some(2))
                .unwrap(),
        ];
        for rules in boards {
            let lines = Lines::new(&rules).unwrap();
            let g = Symmetries::with_lines(&rules, &lines);
            let found: HashSet<Vec<u16>> = (0..g.len())
                .map(|s| g.maps[s * g.cells..(s + 1) * g.cells].to_vec())
                .collect();
            // Every candidate, checked on its own.
            let shape = rules.shape();
            let sizes: Vec<usize> = shape.sizes().iter().map(|&n| n as usize).collect();
            let d = sizes.len();
            let cube = sizes.iter().all(|&n| n == sizes[0]);
            let sigmas = if cube {
                reflection_commuting(sizes[0])
            } else {
                vec![(0..sizes[0]).collect()]
            };
            let line_set: HashSet<Vec<u16>> = (0..lines.len())
                .map(|l| {
                    let mut v = lines.cells_of(l).to_vec();
                    v.sort_unstable();
                    v
                })
                .collect();
            let mut want = HashSet::new();
            for perm in axis_permutations(&sizes) {
                for flips in 0..(1u64 << d) {
                    for sigma in &sigmas {
                        let map: Vec<u16> = (0..lines.cells())
                            .map(|c| {
                                let at = shape.coords(Cell(c as u64));
                                let image: Vec<u32> = (0..d)
                                    .map(|a| {
                                        let mut v = at[perm[a]] as usize;
                                        if cube {
                                            v = sigma[v];
                                        }
                                        if flips >> a & 1 == 1 {
                                            v = sizes[a] - 1 - v;
                                        }
                                        v as u32
                                    })
                                    .collect();
                                shape.cell(&image).unwrap().0 as u16
                            })
                            .collect();
                        let keeps = rules.gravity().is_none_or(|axis| {
                            (0..lines.cells()).all(|c| {
                                shape.coords(Cell(u64::from(map[c])))[axis]
                                    == shape.coords(Cell(c as u64))[axis]
                            })
                        });
                        let preserves = (0..lines.len()).all(|l| {
                            let mut v: Vec<u16> =
                                lines.cells_of(l).iter().map(|&c| map[c as usize]).collect();
                            v.sort_unstable();
                            line_set.contains(&v)
                        });
                        if keeps && preserves {
                            want.insert(map);
                        }
                    }
                }
            }
            assert_eq!(found, want, "{rules:?}");
            assert_eq!(g.len(), want.len(), "{rules:?}");
        }
    }

    /// The anchors' maps give the canonical form of its definition, and
    /// the map returned gives it; positions of few stones among the first
    /// cells (often symmetric to one another), on Qubic and 4^4.
    #[test]
    fn the_anchors_maps_give_the_least_image() {
        let mut checked = 0;
        for preset in ["qubic", "4d"] {
            let g = Symmetries::new(&Rules::preset(preset).unwrap());
            let words = g.words;
            let mut state = 0x9E37_79B9_7F4A_7C15u64;
            for round in 0..400 {
                let stones = round % 7;
                let mut xs: Vec<u16> = Vec::new();
                let mut os: Vec<u16> = Vec::new();
                while xs.len() + os.len() < stones {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let c = (state % 40) as u16;
                    if !xs.contains(&c) && !os.contains(&c) {
                        match xs.len() == os.len() {
                            true => xs.push(c),
                            false => os.push(c),
                        }
                    }
                }
                let mut pos = vec![0u64; 2 * words];
                for (side, list) in [(0, &xs), (1, &os)] {
                    for &c in list.iter() {
                        pos[side * words + c as usize / 64] |= 1 << (c % 64);
                    }
                }
                let mut out = vec![0u64; 2 * words];
                let s = g.canonical(&pos, &mut out);
                let mut want = vec![0u64; 2 * words];
                let least = by_every_map(&g, &xs, &os);
                for (i, &c) in least.iter().enumerate() {
                    want[usize::from(i >= xs.len()) * words + c as usize / 64] |= 1 << (c % 64);
                }
                assert_eq!(out, want, "{preset} {xs:?} {os:?}");
                let mut image = vec![0u64; 2 * words];
                for (side, list) in [(0, &xs), (1, &os)] {
                    for &c in list.iter() {
                        let m = g.map(s, Cell(u64::from(c))).0 as usize;
                        image[side * words + m / 64] |= 1 << (m % 64);
                    }
                }
                assert_eq!(image, out);
                checked += 1;
            }
        }
        assert_eq!(checked, 800);
    }

    #[test]
    fn sigma_counts() {
        assert_eq!(reflection_commuting(4).len(), 4);
        for n in 1..9 {
            assert_eq!(
                reflection_commuting(n).len() as u64,
                reflection_commuting_count(n)
            );
        }
        assert_eq!(reflection_commuting_count(24), 479_001_600 * 2048);
        assert_eq!(reflection_commuting(3).len(), 1);
        assert_eq!(reflection_commuting(2).len(), 1);
        for s in reflection_commuting(6) {
            for v in 0..6 {
                assert_eq!(s[5 - v], 5 - s[v]);
            }
        }
        assert_eq!(axis_permutation_count(&[4, 4, 3, 4]), 6);
        assert_eq!(axis_permutations(&[4, 4, 3, 4]).len(), 6);
    }
}
