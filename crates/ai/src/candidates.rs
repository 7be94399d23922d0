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
    ranked.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let keep = if b.has_gravity() {
        ranked.len()
    } else {
        width.max(1) * 4
    };
    ranked.truncate(keep);
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
