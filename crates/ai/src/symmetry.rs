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

#[cfg(test)]
mod tests {
    use super::*;
    use hypertac_core::Rules;

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
    fn stones_break_symmetry() {
        let rules = Rules::preset("tictactoe").unwrap();
        let pos = Position::from_moves(rules, &[Cell(0)]).unwrap();
        // X in a corner: only the diagonal mirror remains.
        assert_eq!(dedupe(&pos, pos.legal_moves().collect()).len(), 5);
    }
}
