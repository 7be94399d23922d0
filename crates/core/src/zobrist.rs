//! Zobrist keys: one pseudo-random 64-bit key per (cell, player), computed
//! on demand (no table, so huge boards cost nothing). A position's hash is the
//! XOR of the keys of its stones, the same in dense and sparse mode.

use crate::{Cell, Player};

/// The key of `player`'s stone on `cell`.
///
/// # Examples
/// ```
/// use hypertac_core::{zobrist, Cell, Player};
/// assert_ne!(zobrist::key(Cell(0), Player::X), zobrist::key(Cell(0), Player::O));
/// ```
#[inline]
pub fn key(cell: Cell, player: Player) -> u64 {
    splitmix64(cell.0.wrapping_mul(2).wrapping_add(player.index() as u64) ^ 0x6A09_E667_F3BC_C909)
}

/// The splitmix64 finaliser: a fast, well-mixed bijection on `u64`.
#[inline]
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
