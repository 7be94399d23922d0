//! The order a search tries the columns in (from the centre out) and the
//! cells of each column and of its mirror column, computed once per board.

use crate::position::{Dims, Geometry};
use std::sync::OnceLock;

/// The column order of a board and, per entry, the cells of that column
/// and of its mirror column (see [`Searcher::order`] and
/// [`Searcher::col_masks`]).
///
/// [`Searcher::order`]: crate::search::Searcher::order
/// [`Searcher::col_masks`]: crate::search::Searcher::col_masks
pub(crate) type Layout = ([u32; 9], [(u64, u64); 9]);

/// [`center_order`] and [`col_masks`] of `geo`, computed once for the
/// standard board (a search of a position near the end visits a dozen
/// nodes, and computing them took an eighth of its instructions).
pub(crate) fn layout(geo: &Geometry) -> Layout {
    static STANDARD: OnceLock<Layout> = OnceLock::new();
    if *geo == Geometry::standard() {
        *STANDARD.get_or_init(|| (center_order(geo.width()), col_masks(geo)))
    } else {
        (center_order(geo.width()), col_masks(geo))
    }
}

fn col_masks(geo: &Geometry) -> [(u64, u64); 9] {
    let w = geo.width();
    let mut masks = [(0, 0); 9];
    for (m, &c) in masks.iter_mut().zip(&center_order(w)[..w as usize]) {
        *m = (geo.column_mask(c), geo.column_mask(w - 1 - c));
    }
    masks
}

/// Columns from the center outwards (left first on ties), in the first
/// `width` entries.
fn center_order(width: u32) -> [u32; 9] {
    // Insertion sort on a fixed array: this runs once per search.
    let key = |c: u32| ((2 * c as i32 + 1 - width as i32).abs(), c);
    let mut order = [0; 9];
    for c in 0..width.min(9) {
        let mut i = c as usize;
        while i > 0 && key(order[i - 1]) > key(c) {
            order[i] = order[i - 1];
            i -= 1;
        }
        order[i] = c;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order() {
        assert_eq!(center_order(7)[..7], [3, 2, 4, 1, 5, 0, 6]);
        assert_eq!(center_order(4)[..4], [1, 2, 0, 3]);
    }
}
