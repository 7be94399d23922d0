//! Candidate moves: on boards without gravity, the cells that can matter are
//! the empty cells of lines holding stones (plus a central cell on an empty
//! board); they are ranked by what a stone there is worth to the side to
//! move. With gravity, the playable cell of every column.

use crate::board::Board;
use crate::symmetry;
use hypertac_core::{zobrist, Cell, Player, Position, WinRule};

/// Ranking value of a cell for `p` (misère games rank the other way round).
#[inline]
pub(crate) fn order_value(b: &Board, id: u32, p: Player) -> i64 {
    let g = b.gain(id, p);
    if b.win() == WinRule::Anti {
        -g
    } else {
        g
    }
}

/// Keeps the first `keep` items of `items` in the order of `cmp` (a total
/// order), sorted: the same as sorting all and truncating, without sorting
/// the tail (the root ranks every empty cell of the board).
pub(crate) fn best_first<T>(
    items: &mut Vec<T>,
    keep: usize,
    mut cmp: impl FnMut(&T, &T) -> std::cmp::Ordering,
) {
    if keep == 0 {
        items.clear();
        return;
    }
    if keep < items.len() {
        items.select_nth_unstable_by(keep - 1, &mut cmp);
        items.truncate(keep);
    }
    items.sort_unstable_by(cmp);
}

/// The central cell of the board.
pub(crate) fn centre(pos: &Position) -> Cell {
    let shape = pos.rules().shape();
    let coords: Vec<u32> = shape.sizes().iter().map(|&n| (n - 1) / 2).collect();
    let cell = shape.cell(&coords).expect("centre is on the board");
    pos.landing(cell).unwrap_or(cell)
}

/// The root's candidate moves, best first, at most `width` of them (all of
/// them with gravity), and the wider pool (`width` cells before symmetric
/// duplicates are merged) that inner nodes draw from. Symmetric duplicates
/// are merged near the start; ties are broken by a hash of `seed` and the
/// cell, so seeds vary the play.
pub(crate) fn root_moves(
    b: &mut Board,
    pos: &Position,
    width: usize,
    seed: u64,
) -> (Vec<u32>, Vec<u32>) {
    let me = b.to_move();
    let mut ids: Vec<u32> = if b.has_gravity() {
        b.column_moves()
    } else {
        (0..b.cell_count() as u32)
            .filter(|&id| b.stone(id) == 0)
            .collect()
    };
    if b.is_sparse() && !b.has_gravity() {
        let c = centre(pos);
        if pos.get(c).is_none() {
            let id = b.id_of(c);
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    let shape = pos.rules().shape();
    let mut coords = vec![0; shape.dims()];
    let mut ranked: Vec<(i64, u64, u64, u32)> = ids
        .into_iter()
        .filter(|&id| b.playable(id))
        .map(|id| {
            let cell = b.cell(id);
            shape.coords_into(cell, &mut coords);
            // Doubled distance from the centre: nearer wins ties of value.
            let off: u64 = coords
                .iter()
                .zip(shape.sizes())
                .map(|(&c, &n)| u64::from((2 * c + 1).abs_diff(n)))
                .sum();
            let tie = zobrist::splitmix64(seed ^ cell.0.wrapping_mul(0x9E37_79B9));
            (order_value(b, id, me), off, tie, id)
        })
        .collect();
    let keep = if b.has_gravity() {
        ranked.len()
    } else {
        width.max(1) * 4
    };
    best_first(&mut ranked, keep, |a, b| {
        b.0.cmp(&a.0)
            .then(a.1.cmp(&b.1))
            .then(a.2.cmp(&b.2))
            .then(a.3.cmp(&b.3))
    });
    let pool: Vec<u32> = ranked.iter().take(width.max(1)).map(|r| r.3).collect();
    let cells: Vec<Cell> = ranked.iter().map(|r| b.cell(r.3)).collect();
    let mut out: Vec<u32> = symmetry::dedupe(pos, cells)
        .into_iter()
        .filter_map(|c| b.find(c))
        .collect();
    if !b.has_gravity() {
        out.truncate(width.max(1));
    }
    (out, pool)
}

#[cfg(test)]
mod tests {
    use super::best_first;

    #[test]
    fn best_first_is_sort_then_truncate() {
        let mut x = 7u64;
        for len in 0..60 {
            let items: Vec<(i64, u32)> = (0..len)
                .map(|i| {
                    x = hypertac_core::zobrist::splitmix64(x);
                    ((x % 7) as i64 - 3, i)
                })
                .collect();
            for keep in [0, 1, 5, 12, 59, 80] {
                let cmp = |a: &(i64, u32), b: &(i64, u32)| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
                let mut sorted = items.clone();
                sorted.sort_unstable_by(cmp);
                sorted.truncate(keep);
                let mut fast = items.clone();
                best_first(&mut fast, keep, cmp);
                assert_eq!(fast, sorted, "len {len} keep {keep}");
            }
        }
    }
}
