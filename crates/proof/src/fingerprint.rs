//! A fingerprint of a position that every symmetry of the board keeps, so
//! the checker computes a canonical form (a pass over hundreds of the
//! group's maps: 480 of 4^5's 15,360 for a position with one corner
//! among its anchors) only for the
//! positions whose fingerprint an entry or a remembered position shares.
//!
//! Each stone is described by the stones on the lines through it: for
//! each such line, the counts of X's and O's stones on it. The fingerprint
//! sums, over the stones, a hash of the stone's side and of the (order-free)
//! sum of hashes of its lines' counts. A symmetry of the group sends lines
//! onto lines (`symmetry.rs` keeps only such maps), so it sends a stone
//! to a stone of the same side whose lines carry the same counts: two
//! symmetric positions have the same fingerprint. Two positions with the
//! same fingerprint need not be symmetric; the checker then compares
//! canonical forms, so the fingerprint only saves work and never decides.

use crate::board::{Board, Lines};
use hypertac_core::Player;

/// The fingerprint of the position `stones` (X's words, then O's).
pub(crate) fn fingerprint(lines: &Lines, stones: &[u64]) -> u64 {
    let words = stones.len() / 2;
    let holds = |side: usize, c: usize| stones[side * words + c / 64] >> (c % 64) & 1;
    summed(lines, stones, |l| {
        let (mut x, mut o) = (0, 0);
        for &d in lines.cells_of(l) {
            x += holds(0, d as usize);
            o += holds(1, d as usize);
        }
        (x, o)
    })
}

/// [`fingerprint`] of the position on `board`, reading each line's counts
/// off the board instead of its cells (the same value, the checker's hot
/// path: `tests::the_board_counts_give_the_same_fingerprint`).
pub(crate) fn fingerprint_of(board: &Board) -> u64 {
    summed(board.lines(), board.stones(), |l| {
        (
            u64::from(board.count(l, Player::X)),
            u64::from(board.count(l, Player::O)),
        )
    })
}

/// The sum over the stones of `stones` of a hash of their side and of
/// their lines' counts, `counts(l)` giving line l's X and O stones.
fn summed(lines: &Lines, stones: &[u64], counts: impl Fn(usize) -> (u64, u64)) -> u64 {
    let words = stones.len() / 2;
    let mut sum = 0u64;
    for side in 0..2 {
        for (w, &word) in stones[side * words..(side + 1) * words].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let c = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let mut around = 0u64;
                for &l in lines.through(c) {
                    let (x, o) = counts(l as usize);
                    around = around.wrapping_add(mix(x << 16 | o));
                }
                sum = sum.wrapping_add(mix(around ^ (side as u64 + 1) << 62));
            }
        }
    }
    sum
}

/// A 64-bit mixing function (SplitMix64's finaliser).
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::Symmetries;
    use hypertac_core::{Cell, Rules};

    /// A pseudo-random position of `stones` stones (no game rules: only
    /// the fingerprint's invariance is tested).
    fn position(cells: usize, stones: usize, seed: u64) -> Vec<u64> {
        let words = cells.div_ceil(64);
        let mut out = vec![0u64; 2 * words];
        let mut state = seed;
        let mut placed = 0;
        while placed < stones {
            state = mix(state);
            let c = (state % cells as u64) as usize;
            if (out[c / 64] | out[words + c / 64]) >> (c % 64) & 1 == 0 {
                out[(placed % 2) * words + c / 64] |= 1 << (c % 64);
                placed += 1;
            }
        }
        out
    }

    #[test]
    fn symmetric_positions_share_a_fingerprint_and_others_mostly_do_not() {
        let mut checked = 0;
        let mut differ = 0;
        let mut pairs = 0;
        for preset in ["tictactoe", "qubic", "4d"] {
            let rules = Rules::preset(preset).unwrap();
            let lines = Lines::new(&rules).unwrap();
            let group = Symmetries::new(&rules);
            let cells = lines.cells();
            let words = cells.div_ceil(64);
            for seed in 0..40u64 {
                let stones = 2 + seed as usize % (cells - 2).min(12);
                let pos = position(cells, stones, seed);
                let f = fingerprint(&lines, &pos);
                for s in (0..group.len()).step_by(group.len().div_ceil(25)) {
                    let mut image = vec![0u64; 2 * words];
                    for side in 0..2 {
                        for c in 0..cells {
                            if pos[side * words + c / 64] >> (c % 64) & 1 == 1 {
                                let m = group.map(s, Cell(c as u64)).0 as usize;
                                image[side * words + m / 64] |= 1 << (m % 64);
                            }
                        }
                    }
                    assert_eq!(
                        fingerprint(&lines, &image),
                        f,
                        "{preset} seed {seed} map {s}"
                    );
                    checked += 1;
                }
                // Another position of as many stones: not symmetric, as a
                // rule, and then its fingerprint differs.
                let other = position(cells, stones, seed + 1000);
                let (mut a, mut b) = (pos.clone(), other.clone());
                group.canonical(&pos, &mut a);
                group.canonical(&other, &mut b);
                if a != b {
                    pairs += 1;
                    differ += usize::from(fingerprint(&lines, &other) != f);
                }
            }
        }
        assert!(checked >= 1500, "{checked} images checked");
        assert!(
            pairs >= 100 && differ * 10 >= pairs * 9,
            "{differ} of {pairs} differ"
        );
    }

    /// The fingerprint from the board's counts is the fingerprint from
    /// the stones, on random games of several boards.
    #[test]
    fn the_board_counts_give_the_same_fingerprint() {
        let mut checked = 0;
        for preset in ["tictactoe", "qubic", "4d", "connect4"] {
            let rules = Rules::preset(preset).unwrap();
            let lines = std::sync::Arc::new(Lines::new(&rules).unwrap());
            let mut board = Board::new(&rules, lines.clone());
            let mut state = 7u64;
            let mut turn = 0;
            while !board.is_full() && turn < 40 {
                state = mix(state);
                let c = (state % lines.cells() as u64) as usize;
                if !board.is_playable(c) {
                    continue;
                }
                board.play(c, Player::to_move_at(turn));
                turn += 1;
                assert_eq!(
                    fingerprint_of(&board),
                    fingerprint(&lines, board.stones()),
                    "{preset} after {turn} stones"
                );
                checked += 1;
            }
        }
        assert!(checked >= 100, "{checked}");
    }
}
