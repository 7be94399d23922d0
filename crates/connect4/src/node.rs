//! The position a search works on: the bitboards of a
//! [`Position`](crate::Position) and of its mirror image, without the
//! geometry (which the search passes as [`Dims`]).

use crate::position::Dims;

/// A position inside the search: the bitboards of [`Position`](crate::Position) without its
/// geometry (which the search passes as [`Dims`]).
#[derive(Clone, Copy)]
pub(crate) struct Node {
    /// Stones of the side to move.
    pub(crate) cur: u64,
    /// All stones.
    pub(crate) mask: u64,
    /// `cur` of the mirror image.
    pub(crate) cur_m: u64,
    /// `mask` of the mirror image.
    pub(crate) mask_m: u64,
    /// Number of stones.
    pub(crate) n: i32,
    /// The empty cells that would complete four for the opponent (the
    /// parent computes them to order its moves, the child needs them
    /// first thing).
    pub(crate) opp_threats: u64,
}

impl Node {
    /// The position after the move whose new stone is `bit`, in the column
    /// whose mirror column has the cells `mirror_mask`; `threats` are the
    /// cells where the mover could then complete four.
    #[inline(always)]
    pub(crate) fn child(&self, bit: u64, mirror_mask: u64, threats: u64) -> Node {
        let free_m = mirror_mask & !self.mask_m;
        Node {
            cur: self.cur ^ self.mask,
            mask: self.mask | bit,
            cur_m: self.cur_m ^ self.mask_m,
            mask_m: self.mask_m | (free_m & free_m.wrapping_neg()),
            n: self.n + 1,
            opp_threats: threats,
        }
    }

    /// See [`Position::canonical_key`].
    #[inline(always)]
    pub(crate) fn canonical_key<D: Dims>(&self, d: D) -> (u64, bool) {
        let k = self.cur + self.mask + d.bottom();
        let km = self.cur_m + self.mask_m + d.bottom();
        if km < k {
            (km, true)
        } else {
            (k, false)
        }
    }
}
