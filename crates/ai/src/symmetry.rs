//! Board symmetry: on a cube board (all axes the same size, no gravity) every
//! permutation of the axes combined with flips of some axes maps lines to
//! lines. Near the start of a game many candidate moves are images of each
//! other under the symmetries that fix the stones; only one of each group
//! needs searching.

use hypertac_core::{Cell, Position, Shape};

/// Most stones for which symmetric candidates are merged.
const MAX_STONES: usize = 4;
/// Most axes for which the d! * 2^d symmetries are listed.
const MAX_DIMS: usize = 6;

/// One symmetry: output axis `a` takes input axis `perm[a]`, flipped when
/// bit `a` of `flips` is set.
#[derive(Clone, Debug)]
struct Symmetry {
    perm: Vec<usize>,
    flips: u32,
}

impl Symmetry {
    fn apply(&self, shape: &Shape, coords: &[u32], out: &mut [u32]) -> Cell {
        let n = shape.size(0);
        let mut index = 0;
        for (a, o) in out.iter_mut().enumerate() {
            let c = coords[self.perm[a]];
            *o = if self.flips >> a & 1 == 1 {
                n - 1 - c
            } else {
                c
            };
            index += u64::from(*o) * shape.strides()[a];
        }
        Cell(index)
    }
}

fn permutations(d: usize) -> Vec<Vec<usize>> {
    if d == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(d - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, d - 1);
            out.push(q);
        }
    }
    out
}

/// The symmetries of the board that map every stone to a stone of the same
/// side, or `None` when the board is not a small cube or has too many stones.
fn stabilizer(pos: &Position) -> Option<Vec<Symmetry>> {
    let rules = pos.rules();
    let shape = rules.shape();
    let d = shape.dims();
    if rules.gravity().is_some()
        || d > MAX_DIMS
        || pos.moves().len() > MAX_STONES
        || shape.min_side() != shape.max_side()
    {
        return None;
    }
    let stones: Vec<(Vec<u32>, _)> = pos.stones().map(|(c, p)| (shape.coords(c), p)).collect();
    let mut out = Vec::new();
    let mut buf = vec![0; d];
    for perm in permutations(d) {
        for flips in 0..1u32 << d {
            let s = Symmetry {
                perm: perm.clone(),
                flips,
            };
            if stones
                .iter()
                .all(|(c, p)| pos.get(s.apply(shape, c, &mut buf)) == Some(*p))
            {
                out.push(s);
            }
        }
    }
    Some(out)
}

/// Keeps the first candidate of each group of cells that are images of each
/// other under a symmetry fixing the stones; order is kept.
pub(crate) fn dedupe(pos: &Position, candidates: Vec<Cell>) -> Vec<Cell> {
    let Some(syms) = stabilizer(pos) else {
        return candidates;
    };
    if syms.len() <= 1 {
        return candidates;
    }
    let shape = pos.rules().shape();
    let mut seen = std::collections::HashSet::new();
    let mut buf = vec![0; shape.dims()];
    candidates
        .into_iter()
        .filter(|&c| {
            let coords = shape.coords(c);
            let canon = syms
                .iter()
                .map(|s| s.apply(shape, &coords, &mut buf))
                .min()
                .unwrap_or(c);
            seen.insert(canon)
        })
        .collect()
}

/// Most maps tried when listing a board's whole symmetry group.
const MAX_GROUP_CANDIDATES: usize = 1 << 16;

/// The permutations `s` of `0..n` with `s(n-1-v) = n-1-s(v)`: applied to
/// every axis at once they map the lines of an n^d board with k = n onto
/// lines (such as swapping 1 and 2 on Qubic).
fn value_maps(n: u32) -> Vec<Vec<u32>> {
    let half = n / 2;
    let mut out = Vec::new();
    // Pick, for each of the `half` outer pairs {v, n-1-v}, a target pair and
    // an orientation; the middle value (odd n) stays.
    for order in permutations(half as usize) {
        for flips in 0..1u32 << half {
            let mut s = vec![0; n as usize];
            for (v, &t) in order.iter().enumerate() {
                let t = t as u32;
                let (a, b) = if flips >> v & 1 == 1 {
                    (n - 1 - t, t)
                } else {
                    (t, n - 1 - t)
                };
                s[v] = a;
                s[(n - 1) as usize - v] = b;
            }
            if n % 2 == 1 {
                s[half as usize] = half;
            }
            out.push(s);
        }
    }
    out
}

/// Every symmetry of a dense board as a map of cell indices (`map[c]` is
/// the image of cell `c`), the identity first: axis permutations among axes
/// of one size, flips, and on cubes the value maps of [`value_maps`], kept
/// when they send the set of lines onto itself and, with gravity, keep each
/// cell's height. `None` for sparse boards or too many candidates.
pub(crate) fn group(pos: &Position) -> Option<Vec<Vec<u32>>> {
    let rules = pos.rules();
    let shape = rules.shape();
    let view = pos.line_view()?;
    let d = shape.dims();
    let cells = shape.cell_count() as usize;
    let cube = shape.min_side() == shape.max_side();
    let perms: Vec<Vec<usize>> = permutations(d)
        .into_iter()
        .filter(|p| (0..d).all(|a| shape.size(p[a]) == shape.size(a)))
        .collect();
    let candidates = |values: usize| perms.len().saturating_mul(values) << d;
    // Value maps keep lines only when lines span the whole cube (k = n).
    let mut values: Vec<Vec<u32>> = vec![(0..shape.max_side()).collect()];
    if cube && rules.gravity().is_none() && rules.k() == shape.size(0) && shape.size(0) <= 8 {
        let all = value_maps(shape.size(0));
        if candidates(all.len()) <= MAX_GROUP_CANDIDATES {
            values = all;
        }
    }
    if candidates(values.len()) > MAX_GROUP_CANDIDATES {
        return None;
    }
    let mut lines: Vec<Vec<u32>> = (0..view.len() as u32)
        .map(|l| {
            let mut c = view.cells(l).to_vec();
            c.sort_unstable();
            c
        })
        .collect();
    lines.sort_unstable();
    let coords: Vec<Vec<u32>> = (0..cells as u64).map(|c| shape.coords(Cell(c))).collect();
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut image = vec![0u32; d];
    for perm in &perms {
        for flips in 0..1u32 << d {
            for value in &values {
                let map: Vec<u32> = coords
                    .iter()
                    .map(|c| {
                        for (a, o) in image.iter_mut().enumerate() {
                            let v = c[perm[a]];
                            let v = if flips >> a & 1 == 1 {
                                shape.size(a) - 1 - v
                            } else {
                                v
                            };
                            *o = if cube { value[v as usize] } else { v };
                        }
                        shape.cell(&image).map_or(u32::MAX, |c| c.0 as u32)
                    })
                    .collect();
                if !seen.contains(&map) && is_automorphism(rules, &coords, &lines, &map) {
                    seen.insert(map.clone());
                    out.push(map);
                }
            }
        }
    }
    out.sort_by_key(|m| m.iter().enumerate().any(|(i, &c)| c != i as u32));
    Some(out)
}

fn is_automorphism(
    rules: &hypertac_core::Rules,
    coords: &[Vec<u32>],
    lines: &[Vec<u32>],
    map: &[u32],
) -> bool {
    if map.contains(&u32::MAX) {
        return false;
    }
    if let Some(g) = rules.gravity() {
        if (0..map.len()).any(|c| coords[c][g] != coords[map[c] as usize][g]) {
            return false;
        }
    }
    let mut image = Vec::new();
    lines.iter().all(|line| {
        image.clear();
        image.extend(line.iter().map(|&c| map[c as usize]));
        image.sort_unstable();
        lines.binary_search(&image).is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::{Rules, Shape};

    #[test]
    fn empty_tictactoe_has_three_kinds_of_cells() {
        let pos = Position::new(Rules::preset("tictactoe").unwrap());
        let all: Vec<Cell> = pos.legal_moves().collect();
        assert_eq!(dedupe(&pos, all).len(), 3);
        let qubic = Position::new(Rules::preset("qubic").unwrap());
        // Corners, edge cells, face centres and inner cells.
        assert_eq!(dedupe(&qubic, qubic.legal_moves().collect()).len(), 4);
        assert_eq!(permutations(4).len(), 24);
    }

    #[test]
    fn groups_have_the_known_sizes() {
        let size = |rules: Rules| group(&Position::new(rules)).unwrap().len();
        assert_eq!(size(Rules::preset("tictactoe").unwrap()), 8);
        assert_eq!(size(Rules::preset("qubic").unwrap()), 192);
        assert_eq!(size(Rules::preset("4d").unwrap()), 1536);
        assert_eq!(size(Rules::preset("connect4").unwrap()), 2);
        assert_eq!(size(Rules::preset("connect4-3d").unwrap()), 8);
        let k3 = Rules::new(Shape::new(&[4, 4]).unwrap(), 3).unwrap();
        assert_eq!(size(k3), 8);
        let g = group(&Position::new(Rules::preset("qubic").unwrap())).unwrap();
        assert!(g[0].iter().enumerate().all(|(i, &c)| c == i as u32));
    }

    #[test]
    fn stones_break_symmetry() {
        let rules = Rules::preset("tictactoe").unwrap();
        let pos = Position::from_moves(rules, &[Cell(0)]).unwrap();
        // X in a corner: only the diagonal mirror remains.
        assert_eq!(dedupe(&pos, pos.legal_moves().collect()).len(), 5);
    }
}
